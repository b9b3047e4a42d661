package gui

import (
	"github.com/slidelab/slidelab/gui/internal/checkview"

	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// Session files: the window's state saved to a .slidelab file
// (internal/sessionfile holds the format) and opened again, and instance
// files (Korf's format) opened the same way. Opening is all or nothing:
// the file is read and every field checked against what the window offers
// before anything changes.

// themeNames maps the theme modes to their names in a session file.
var themeNames = map[string]string{
	ThemeSystem: sessionfile.ThemeSystem,
	ThemeLight:  sessionfile.ThemeLight,
	ThemeDark:   sessionfile.ThemeDark,
}

// SessionPath returns the session file the window was last saved to or
// opened from ("" when none).
func (u *UI) SessionPath() string { return u.Files.path }

// SessionSnapshot returns the window's state as a session file holds it.
// It fails when a field of the comparison view does not hold a valid value
// (the message names it).
func (u *UI) SessionSnapshot() (sessionfile.Session, error) {
	// One printable line (a file's name may hold a line break, an escape
	// sequence or a bidirectional override).
	title := sessionfile.PrintableTitle(u.Session.Title())
	s := sessionfile.Session{Goal: u.Session.Goal(), Board: u.Session.Board(), Title: title,
		Optimal: u.Session.Optimal(), Korf: u.Puzzle.KorfShown()}
	if s.Korf > 0 && s.Optimal < 0 {
		s.Korf = 0
	}
	if h, err := u.Search.SelectedSpec(); err == nil {
		s.Search = searchSnapshot(u.Search.Algorithm(), h, u.Search.Params.Values())
		s.Search.Event = uint64(u.Search.Position())
	}
	tab := u.CurrentView()
	if !slices.Contains(sessionfile.Tabs, tab) {
		tab = ViewPuzzle // a view a session file does not name (the check view: a trace is no part of a session)
	}
	s.View = &sessionfile.View{Tab: tab, Tree: u.Tree.Shown, Predict: u.Predict.On()}
	if u.PDB == nil {
		// Not built yet: the partition it would show, without building it.
		s.PDB = &sessionfile.PDB{Partition: pdbview.FirstPartition(board.Size4x4, u.Session.Goal())}
	} else if p := u.PDB.Partition(); len(p.Groups) > 0 {
		s.PDB = &sessionfile.PDB{Partition: p, Fringe: u.PDB.Fringe()}
	}
	c, err := u.compare().Snapshot()
	if err != nil {
		return s, fmt.Errorf("the Compare tab: %w", err)
	}
	s.Compare = c
	s.Settings = &sessionfile.Settings{Theme: themeNames[u.Settings.Theme], Zoom: float64(u.Settings.Zoom), Speed: u.Search.Player.Speed()}
	return s, nil
}

// SaveSessionFile writes the window's state to path (atomically) and
// remembers path for Save.
func (u *UI) SaveSessionFile(path string) error {
	s, err := u.SessionSnapshot()
	if err != nil {
		return fmt.Errorf("cannot save the session: %w", err)
	}
	if c := s.Compare; c != nil && c.File != "" {
		// An instance file beside the session file (or below it) is
		// named relative to it, so that a lesson's folder can move.
		if rel, err := filepath.Rel(filepath.Dir(toolkit.AbsPath(path)), c.File); err == nil && filepath.IsLocal(rel) {
			c.File = rel
		}
	}
	if err := sessionfile.Save(path, s); err != nil {
		return err
	}
	u.setSessionPath(path)
	u.addRecent(path)
	return nil
}

// setSessionPath remembers path and names it in the window's title.
func (u *UI) setSessionPath(path string) {
	u.Files.path = path
	if path != "" {
		u.Files.dir = filepath.Dir(toolkit.AbsPath(path))
	}
	if u.Window != nil {
		title := "Slidelab"
		if path != "" {
			title = filepath.Base(path) + " - Slidelab"
		}
		u.Window.SetTitle(title)
	}
}

// sniffBytes is how much of a file OpenFile looks at to tell a session file
// from an instance file.
const sniffBytes = 512

// OpenFile opens a session file (.slidelab, or any file whose text starts
// with "{"), a lesson (.md, or a ```slidelab block in its first bytes:
// OpenLesson) or an instance file (Korf's format: one board a line, #
// comments, an optional optimal length). A bad file, or a session file of a
// newer version, changes nothing and the error says why.
//
// An instance file's first usable board becomes the board; a file of
// several boards also becomes the comparison view's instance set. Boards
// that reach only the other goal are converted for the goal in use (Korf's
// conversion: the same optimal lengths), as Korf's own instances are.
func (u *UI) OpenFile(path string) error {
	kind, err := sniff(path)
	if err != nil {
		return err
	}
	u.Files.dir = filepath.Dir(toolkit.AbsPath(path))
	u.Files.instances = nil // the boards a chooser offers (openInstanceFile)
	switch kind {
	case kindLesson:
		return u.OpenLesson(path) // lesson.go
	case kindTrace:
		return u.openTrace(path) // check_wire.go
	case kindInstances:
		if err := u.openInstanceFile(path); errors.Is(err, compare.ErrBadInstanceFile) {
			return fmt.Errorf("%s is neither a lesson (.md), a session file (%s) nor an instance file: %w", path, sessionfile.Ext, err)
		} else if err != nil {
			return err
		}
		return nil
	}
	s, err := sessionfile.Load(path)
	if err != nil {
		return err
	}
	a, err := u.checkSession(path, s)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	u.applySession(a)
	u.setSessionPath(path)
	return nil
}

// Kinds of file OpenFile tells apart.
const (
	kindSession = iota
	kindInstances
	kindLesson
	kindTrace // a search trace (a student's): the check view opens it
)

// sniff tells a session file from an instance file by its name and its
// first bytes, and refuses what is no text file.
func sniff(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err // "open PATH: no such file or directory"
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return 0, fmt.Errorf("open %s: it is a folder", path)
	}
	head := make([]byte, sniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return 0, fmt.Errorf("open %s: %w", path, err)
	}
	head = head[:n]
	if bytes.IndexByte(head, 0) >= 0 {
		return 0, fmt.Errorf("open %s: a binary file, neither a session file (%s) nor an instance file", path, sessionfile.Ext)
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\uFEFF")), " \t\r\n")
	if checkview.IsTrace(text) || strings.EqualFold(filepath.Ext(path), ".jsonl") {
		return kindTrace, nil
	}
	if strings.EqualFold(filepath.Ext(path), sessionfile.Ext) || bytes.HasPrefix(text, []byte("{")) {
		return kindSession, nil
	}
	if isLessonName(path) || bytes.Contains(head, []byte("```slidelab")) {
		return kindLesson, nil
	}
	return kindInstances, nil
}

// sessionToApply is a checked session with what it needs from outside the
// file (a comparison's instance file) already read.
type sessionToApply struct {
	s       sessionfile.Session
	fileSet *compare.Set
	file    string // the instance file's path
}

// checkSession checks what the file format cannot: that the window offers
// the pattern database view's size and can build its partition, and that
// the comparison's instance file (a path relative to the session file's
// folder, or absolute) reads and suits its heuristics.
func (u *UI) checkSession(path string, s sessionfile.Session) (sessionToApply, error) {
	a := sessionToApply{s: s}
	if s.Search != nil {
		if err := checkGUIHeuristic(s.Search.Heuristic, s.Board.Size(), s.Goal); err != nil {
			return a, fmt.Errorf("search: %w", err)
		}
	}
	if s.PDB != nil {
		if !slices.Contains(pdbview.PdbSizes, s.PDB.Partition.Size) {
			var names []string
			for _, z := range pdbview.PdbSizes {
				names = append(names, z.String())
			}
			return a, fmt.Errorf("pdb: the pattern database view builds %s boards, not %s", strings.Join(names, ", "), s.PDB.Partition.Size)
		}
		if err := pdbview.CheckGUISize(s.PDB.Partition, s.PDB.Fringe); err != nil {
			return a, fmt.Errorf("pdb: %w", err)
		}
	}
	if c := s.Compare; c != nil {
		size, _ := sessionfile.SetSize(c.Set)
		if c.Set == sessionfile.SetFile {
			file := c.File
			if !filepath.IsAbs(file) {
				file = filepath.Join(filepath.Dir(path), file)
			}
			set, err := loadInstanceSet(file, s.Goal)
			if err != nil {
				return a, fmt.Errorf("compare: %w", err)
			}
			a.fileSet, a.file = &set, file
			size = set.Instances[0].Board.Size()
		}
		for _, h := range c.Heuristics {
			if err := checkGUIHeuristic(h, size, s.Goal); err != nil {
				return a, fmt.Errorf("compare: %w", err)
			}
		}
	}
	return a, nil
}

// checkGUIHeuristic checks that h can be used on boards of size s here: it
// must fit the size (search.HeuristicSpec.Check), and a pattern database or
// fringe table must be small enough to build in the window; every part of a
// max(...) likewise.
func checkGUIHeuristic(h search.HeuristicSpec, s board.Size, g board.Goal) error {
	if err := h.Check(s, g); err != nil {
		return err
	}
	switch {
	case h.IsMax():
		for _, p := range h.Parts {
			if err := checkGUIHeuristic(p, s, g); err != nil {
				return err
			}
		}
	case h.Kind.Name == search.FringeKind:
		f, err := pdb.ParseFringe(h.Partition, s, g)
		if err != nil {
			return err
		}
		for _, group := range f.Groups {
			if err := pdbview.CheckGUISize(pdb.Partition{Size: s, Goal: g, Groups: [][]int{group}}, true); err != nil {
				return fmt.Errorf("heuristic %s: %w", h, err)
			}
		}
	case h.Kind.NeedsTables:
		p, err := h.PartitionFor(s, g)
		if err != nil {
			return nil // tables without a partition (dpdb): Check said they fit
		}
		return pdbview.CheckGUISize(p, false)
	}
	return nil
}

// loadInstanceSet reads an instance file for goal g; when no board of it
// reaches g but they reach the other goal (Korf's file, for the blank-first
// goal), they are converted for g.
func loadInstanceSet(path string, g board.Goal) (compare.Set, error) {
	set, err := compare.LoadSet(path, board.Size{}, g)
	if err == nil {
		return set, nil
	}
	other := board.BlankFirst
	if g == board.BlankFirst {
		other = board.BlankLast
	}
	if alt, aerr := compare.LoadSet(path, board.Size{}, other); aerr == nil && errors.Is(err, board.ErrUnsolvable) {
		alt = alt.ForGoal(g)
		alt.Name += fmt.Sprintf(" (converted for the %s goal)", g)
		return alt, nil
	}
	return compare.Set{}, err
}

// applySession makes the window show a checked session: settings, goal,
// board, search, pattern database view, comparison, in that order (each
// later one depends on the goal and the board).
func (u *UI) applySession(a sessionToApply) {
	s := a.s
	u.Files.opened++
	defer u.Session.Group("session opened")() // one Undo takes it all back
	if st := s.Settings; st != nil {
		for mode, name := range themeNames {
			if name == st.Theme {
				u.ThemeSelect.SetSelected(themeLabels[mode])
			}
		}
		u.ZoomSelect.SetSelected(zoomLabel(float32(st.Zoom)))
		u.Search.SpeedSlider.SetValue(toolkit.SpeedToSlider(st.Speed))
		u.Search.SetSpeed(st.Speed) // exactly, not as the slider rounds it
	}
	u.SetGoal(s.Goal)
	title := s.Title
	if title == "" {
		title = "Board from the session file"
	}
	if s.Korf > 0 {
		u.Session.SetKorfBoard(s.Board, title, s.Optimal)
	} else {
		u.Session.SetBoard(s.Board, title, s.Optimal)
	}
	if sr := s.Search; sr != nil {
		u.Search.Params.Set(searchParams(sr, u.Search.Params.Values()))
		u.Search.AlgorithmSelect.SetSelected(catalog.LabelOf(sr.Algorithm))
		if !u.selectWhenReady(sr.Heuristic, s.Board.Size(), func(label string) {
			u.Search.HeuristicSelect.SetSelected(label) // resets the search, which clears the line below
			u.goTo(int(sr.Event))                       // the position saved
		}) {
			u.Search.SetStatus(fmt.Sprintf("The session's heuristic, %s, is selected once its pattern database is loaded or built.",
				sr.Heuristic.Label()), false)
		}
	}
	if s.PDB != nil {
		v := u.pdb() // built to show the file's partition
		if v.Fringe() != s.PDB.Fringe {
			v.SetFringe(s.PDB.Fringe)
		}
		v.ShowPartition(s.PDB.Partition)
		v.BuildUnbuilt() // not left unbuilt: built with the view's progress
	}
	u.applyView(s.View)
	if c := s.Compare; c != nil {
		u.compare().Restore(c, a.fileSet, a.file)
		size := u.Compare.SetSize()
		for _, h := range c.Heuristics {
			u.selectWhenReady(h, size, u.Compare.Check)
		}
	}
}

// goTo replays the search to event n (in chunks when far: JumpTo); predict
// mode, when on (a session whose heuristic waited for its database), asks
// no question on the way.
func (u *UI) goTo(n int) {
	on := u.Predict.On()
	if on {
		u.Predict.Toggle.SetChecked(false)
	}
	u.Code.JumpTo(n, func() {
		if on {
			u.Predict.Toggle.SetChecked(true)
		}
	})
}

// applyView shows a session's tab, search tree and predict mode (nil: as
// they are).
func (u *UI) applyView(v *sessionfile.View) {
	if v == nil {
		return
	}
	if u.Tree.Shown != v.Tree {
		u.Tree.ToggleShown()
	}
	u.Predict.Toggle.SetChecked(v.Predict)
	if err := u.ShowView(v.Tab); err != nil {
		u.Search.SetStatus(err.Error(), true) // checked when the file was read: not expected
	}
}

// selectWhenReady calls sel with the label of heuristic h among those
// offered for boards of size s: at once when it is offered (it returns
// true), else (a pattern database built in the view, not loaded yet) once
// its database is loaded or built.
func (u *UI) selectWhenReady(h search.HeuristicSpec, s board.Size, sel func(label string)) bool {
	find := func() (string, bool) {
		for _, o := range u.heuristicOptions(s) {
			if o.Short == h.String() {
				return o.Label, true
			}
		}
		return "", false
	}
	if label, ok := find(); ok {
		sel(label)
		return true
	}
	gen := u.Files.opened
	p, err := h.PartitionFor(s, u.Session.Goal())
	if err != nil {
		// A fringe set or a max(...) over one: offered once its tables are
		// built in the pattern database view.
		u.whenDatabasesChange(func() bool {
			if u.Files.opened != gen {
				return true // another file was opened since
			}
			label, ok := find()
			if ok {
				sel(label)
			}
			return ok
		})
		return false
	}
	u.whenPDBReady(p, func() {
		if u.Files.opened != gen {
			return // another file was opened since
		}
		if label, ok := find(); ok {
			sel(label)
		}
	})
	return false
}

// openInstanceFile opens an instance file: its first board becomes the
// board, and a file of several boards the comparison's instance set.
func (u *UI) openInstanceFile(path string) error {
	set, err := loadInstanceSet(path, u.Session.Goal())
	if err != nil {
		return err
	}
	recogniseKorf(&set) // korffile.go
	u.Files.opened++
	u.setSessionPath("") // the window no longer shows the session file: Save asks for a name
	u.showInstance(path, set, 0)
	u.Puzzle.ShowError(toolkit.SkippedText(set.Skipped)) // under the board's set-up
	if len(set.Instances) > 1 {
		u.compare().Restore(nil, &set, path)
		u.Files.instances, u.Files.instancesPath = &set, path
	}
	return nil
}

// showInstance makes instance i of set, read from path, the board. One of
// Korf's instances is named and kept as the built-in set's are.
func (u *UI) showInstance(path string, set compare.Set, i int) {
	in := set.Instances[i]
	of, converted := "", ""
	if n := len(set.Instances); n > 1 {
		of = fmt.Sprintf("%d of %d", i+1, n)
	}
	if strings.Contains(set.Name, "converted") {
		converted = "converted for the goal"
	}
	if k := korfNumber(in.Board); k > 0 {
		where := strings.Join(slices.DeleteFunc([]string{filepath.Base(path), of, converted}, func(s string) bool { return s == "" }), ", ")
		u.Session.SetKorfBoard(in.Board, korfTitle(k)+" ("+where+")", in.Optimal) // korffile.go
		return
	}
	title := fmt.Sprintf("%s, %s", filepath.Base(path), in.Name)
	if of != "" {
		title += " (" + of + ")"
	}
	if in.Optimal >= 0 {
		title += fmt.Sprintf(", optimal %d moves", in.Optimal)
	}
	if converted != "" {
		title += ", " + converted
	}
	u.Session.SetBoard(in.Board, title, in.Optimal)
}
