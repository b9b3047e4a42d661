//go:build js

package gui

import (
	"github.com/slidelab/slidelab/gui/internal/checkview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// In a browser the File menu cannot use paths: Open… reads the file the
// browser's own chooser hands over (pickFile), Save and Save As… download
// the session file (exportFile). The desktop versions are in filemenu.go
// and sessionfile.go.

// browserOpenFile asks the browser for a session or instance file and
// opens its contents; it reports true (the browser handled File > Open).
func (u *UI) browserOpenFile() bool {
	toolkit.PickFile(u.Window, nil, func(name string, data []byte) { u.ShowError(u.openData(name, data)) })
	return true
}

// openData opens a session or instance file's contents, as OpenFile opens a
// path; name is the file's name. A session that names an instance file
// cannot read it here (the open fails with the reason).
func (u *UI) openData(name string, data []byte) error {
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	if bytes.IndexByte(data, 0) >= 0 {
		return fmt.Errorf("open %s: a binary file, neither a session file (%s) nor an instance file", name, sessionfile.Ext)
	}
	u.Files.instances = nil
	if isLessonName(name) || bytes.Contains(data[:min(len(data), sniffBytes)], []byte("```slidelab")) {
		return u.openLessonData(openLesson{source: data, name: name, link: name}, "", -1) // lesson.go
	}
	if checkview.IsTrace(text) || strings.EqualFold(filepath.Ext(name), ".jsonl") {
		u.Check.OpenData(name, data) // a search trace: the check view (check_wire.go)
		return u.ShowView(ViewCheck)
	}
	if strings.EqualFold(filepath.Ext(name), sessionfile.Ext) || bytes.HasPrefix(text, []byte("{")) {
		s, err := sessionfile.Decode(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		a, err := u.checkSession(name, s)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		u.applySession(a)
		u.setSessionPath(name)
		return nil
	}
	set, err := readInstanceSet(name, data, u.Session.Goal())
	if err != nil {
		return err
	}
	u.Files.opened++
	u.setSessionPath("")
	u.showInstance(name, set, 0)
	u.Puzzle.ShowError(toolkit.SkippedText(set.Skipped))
	if len(set.Instances) > 1 {
		u.compare().Restore(nil, &set, name) // a session saved now names the file by its name
		if u.Window != nil {
			u.chooseInstance(name, set)
		}
	}
	return nil
}

// readInstanceSet is loadInstanceSet for a file's contents: boards that
// reach only the other goal are converted for g.
func readInstanceSet(name string, data []byte, g board.Goal) (compare.Set, error) {
	set, err := compare.ReadSet(bytes.NewReader(data), name, board.Size{}, g)
	if err == nil {
		return set, nil
	}
	other := board.BlankFirst
	if g == board.BlankFirst {
		other = board.BlankLast
	}
	if alt, aerr := compare.ReadSet(bytes.NewReader(data), name, board.Size{}, other); aerr == nil && errors.Is(err, board.ErrUnsolvable) {
		alt = alt.ForGoal(g)
		alt.Name += fmt.Sprintf(" (converted for the %s goal)", g)
		return alt, nil
	}
	return compare.Set{}, err
}

// browserSaveSession downloads the session file (Save and Save As… alike:
// a page cannot write a file in place); it reports true.
func (u *UI) browserSaveSession() bool {
	s, err := u.SessionSnapshot()
	if err != nil {
		u.ShowError(fmt.Errorf("cannot save the session: %w", err))
		return true
	}
	if c := s.Compare; c != nil && c.File != "" {
		// The page knows the instance file's name only: named relative
		// to the session file, it opens on the desktop when both are
		// downloaded into one folder.
		c.File = filepath.Base(c.File)
	}
	name := "lesson"
	if p := u.Files.path; p != "" {
		name = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	}
	toolkit.ExportFile(u.Window, name, strings.TrimPrefix(sessionfile.Ext, "."),
		func(w io.Writer) error { return sessionfile.Encode(w, s) }, func(string) {})
	return true
}
