package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// DefaultGoal is the goal the views start with: tiles in order, blank last.
// The teacher can switch to the blank-first goal (Korf's, and the 8-puzzle's
// in many textbooks) in the header.
const DefaultGoal = board.BlankLast

// ClassroomSet lists Korf's instances (1-based) whose Manhattan IDA* trees
// are the smallest of the 100: the set a class can solve live.
var ClassroomSet = []int{9, 12, 19, 42, 47, 55, 79, 93, 94, 97}

// Board sizes offered by the size selector.
var boardSizes = []board.Size{{W: 3, H: 2}, board.Size3x3, {W: 3, H: 4}, board.Size4x4, board.Size5x5}

// walkLength is the random walk the Moves field starts with for boards of
// size s: 20 moves up to the 15-puzzle, 40 on the 24-puzzle (walks of 30 to
// 60 moves are what IDA* with Manhattan distance solves there live).
func walkLength(s board.Size) int {
	if s.Cells() > board.SmallCells {
		return 40
	}
	return 20
}

// PuzzleView is the board editor of the "Puzzle & search" tab: the board
// drawn large and every way of setting it up. Its widgets are fields so that
// tests drive them.
type PuzzleView struct {
	// Board is the large board; tap a tile next to the blank to slide it.
	Board *widgets.BoardView
	// Title names where the board came from (preset, seed, typed).
	Title *widget.Label
	// Legend lists the tile groups and their colours.
	Legend *fyne.Container

	// Board size, the typed board and its Apply button.
	SizeSelect  *widget.Select
	BoardEntry  *widget.Entry
	ApplyButton *widget.Button
	// Error shows why the typed board was refused (red); empty otherwise.
	Error *widget.Label

	// Random boards (seeded) and random walks from the goal.
	SeedEntry    *widget.Entry
	RandomButton *widget.Button
	WalkEntry    *widget.Entry
	WalkButton   *widget.Button
	SolvedButton *widget.Button

	// Presets: the classroom set and all of Korf's 100; Korf24Select
	// Korf and Felner's 50 instances of the 24-puzzle (korf24.go).
	ClassroomSelect *widget.Select
	KorfSelect      *widget.Select
	Korf24Select    *widget.Select
	// presetRows are the selectors with the label that says what each
	// selects; each shows only on its board size (syncKorfSelects).
	classroomRow, korfRow, korf24Row fyne.CanvasObject

	// session holds the board, its title, optimal length and groups, and
	// the goal; the view draws what it holds.
	session *session.Session
	korf    []board.Instance // for the blank-last goal
	korf24  []board.Instance // the 24-puzzle's, for the blank-last goal
	// Shown is the board drawn (the search's current node, or the
	// session's board): what clicks and arrow keys act on.
	Shown board.Board

	// peek is the look at the goal (puzzle_peek.go).
	peek goalPeek

	// lastSeed is the seed the board lastBoard was made from (Random or
	// Scramble); the Seed box shows it, and the next press takes the next
	// seed unless the teacher typed another.
	lastSeed  uint64
	lastBoard board.Board
	seeded    bool

	// walkFor is the board size whose default walk length the Moves field
	// was last given.
	walkFor board.Size

	// Controls is the settings column; the caller places it.
	Controls fyne.CanvasObject
}

// NewPuzzleView returns the view of the session's board.
func NewPuzzleView(sess *session.Session) *PuzzleView {
	p := &PuzzleView{session: sess, korf: board.Korf100()}
	start := sess.Board()
	p.Board = widgets.NewBoardView(start, sess.Groups())
	p.Board.OnTapped = p.TapCell
	p.Title = widget.NewLabelWithStyle(sess.Title(), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	p.Title.Wrapping = fyne.TextWrapWord
	p.Legend = toolkit.NewFlowAligned(toolkit.FlowCenter)

	labels := make([]string, len(boardSizes))
	for i, s := range boardSizes {
		labels[i] = toolkit.SizeLabel(s)
	}
	p.SizeSelect = widget.NewSelect(labels, func(string) { p.sizeChanged() })
	p.SizeSelect.SetSelected(toolkit.SizeLabel(start.Size()))

	p.BoardEntry = widget.NewEntry()
	p.BoardEntry.SetPlaceHolder("e.g. 1 2 3 / 4 5 6 / 7 _ 8")
	p.BoardEntry.OnSubmitted = func(string) { p.Apply() }
	p.ApplyButton = widget.NewButton("Apply", p.Apply)
	p.Error = toolkit.NewErrorLabel()

	p.SeedEntry = widget.NewEntry()
	p.SeedEntry.SetText("1")
	p.RandomButton = widget.NewButton("Random", p.Random)
	p.WalkEntry = widget.NewEntry()
	p.WalkEntry.SetText(strconv.Itoa(walkLength(start.Size())))
	p.walkFor = start.Size()
	p.WalkButton = widget.NewButton("Scramble", p.Scramble)
	p.SolvedButton = widget.NewButton(peekLabel, p.TogglePeek) // a look only (puzzle_peek.go)

	var classroom []string
	for _, k := range ClassroomSet {
		classroom = append(classroom, p.KorfLabel(k))
	}
	p.ClassroomSelect = widget.NewSelect(classroom, func(s string) {
		// The option's index says which instance: labels are not read back.
		if i := slices.Index(p.ClassroomSelect.Options, s); i >= 0 {
			p.showKorf(ClassroomSet[i])
		}
	})
	p.ClassroomSelect.PlaceHolder = "Classroom set (Korf)"
	var all []string
	for k := 1; k <= len(p.korf); k++ {
		all = append(all, p.KorfLabel(k))
	}
	p.KorfSelect = widget.NewSelect(all, func(s string) {
		if i := slices.Index(p.KorfSelect.Options, s); i >= 0 {
			p.showKorf(i + 1)
		}
	})
	p.KorfSelect.PlaceHolder = "Korf's 100"
	p.newKorf24Select()
	p.classroomRow = presetRow("Classroom set (10 of Korf's 15-puzzles)", p.ClassroomSelect)
	p.korfRow = presetRow("All of Korf's 100 15-puzzles", p.KorfSelect)
	p.korf24Row = presetRow("Korf and Felner's 50 24-puzzles", p.Korf24Select)

	p.Controls = container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Size"), nil, p.SizeSelect),
		container.NewBorder(nil, nil, nil, p.ApplyButton, p.BoardEntry),
		p.Error,
		p.classroomRow, p.korfRow, p.korf24Row,
		toolkit.NewFlow(
			container.NewBorder(nil, nil, widget.NewLabel("Seed"), p.RandomButton, p.SeedEntry),
			container.NewBorder(nil, nil, widget.NewLabel("Moves"), p.WalkButton, p.WalkEntry)),
		p.SolvedButton,
	)
	p.refresh()
	p.syncKorfSelects()
	sess.Subscribe(p.sessionChanged)
	return p
}

// sessionChanged draws the sess's board, title and groups.
func (p *PuzzleView) sessionChanged(c session.Change) {
	p.endPeek(false) // the new board is drawn below
	p.ShowError("")
	p.Title.SetText(p.session.Title())
	if c.Size {
		p.SizeSelect.SetSelected(toolkit.SizeLabel(p.session.Board().Size())) // calls sizeChanged, which does nothing now
		p.followWalkLength()
	}
	p.refresh()
	p.syncKorfSelects()
}

// followWalkLength gives the Moves field the default walk length of the
// board's new size, unless the teacher typed another length.
func (p *PuzzleView) followWalkLength() {
	s := p.session.Board().Size()
	if s == p.walkFor {
		return
	}
	if strings.TrimSpace(p.WalkEntry.Text) == strconv.Itoa(walkLength(p.walkFor)) {
		p.WalkEntry.SetText(strconv.Itoa(walkLength(s)))
	}
	p.walkFor = s
}

// syncKorfSelects makes the preset selectors show Korf's instance only while
// it is the board: any other board (another size, a random one, a move made
// by hand) puts them back to their placeholders.
func (p *PuzzleView) syncKorfSelects() {
	k := p.KorfShown()
	for _, c := range []struct {
		sel *widget.Select
		ks  []int // the instance behind each option
	}{{p.ClassroomSelect, ClassroomSet}, {p.KorfSelect, nil}} {
		want := ""
		if k > 0 && (c.ks == nil || slices.Contains(c.ks, k)) {
			want = p.KorfLabel(k)
		}
		showSelected(c.sel, want)
	}
	p.syncKorf24Select()
	size := p.session.Board().Size()
	toolkit.ShowIf(p.classroomRow, size == board.Size4x4)
	toolkit.ShowIf(p.korfRow, size == board.Size4x4)
	toolkit.ShowIf(p.korf24Row, size == board.Size5x5)
}

// presetRow is a preset selector under the label that says what it
// selects. Above rather than beside it: a label beside the selector made
// the right column wider than 1024x768 at 200 % allows.
func presetRow(what string, sel *widget.Select) fyne.CanvasObject {
	l := widget.NewLabel(what)
	l.Wrapping = fyne.TextWrapWord
	return container.NewVBox(l, sel)
}

// KorfShown returns which of Korf's instances (1-based) the board is, or 0.
func (p *PuzzleView) KorfShown() int { return p.instanceShown(p.korf) }

// Current returns the board shown and its known optimal length (-1: unknown).
func (p *PuzzleView) Current() (board.Board, int) { return p.session.Board(), p.session.Optimal() }

// Groups returns the tile groups the board is coloured by.
func (p *PuzzleView) Groups() session.Groups { return p.session.Groups() }

// KorfLabel names Korf's instance k (1-based).
func (p *PuzzleView) KorfLabel(k int) string {
	return fmt.Sprintf("Korf #%d (%d moves)", k, p.korf[k-1].Optimal)
}

// showKorf shows Korf's instance k (1-based, in range).
func (p *PuzzleView) showKorf(k int) {
	in := p.korf[k-1]
	p.showInstance(in, fmt.Sprintf("Korf #%d, optimal %d moves", k, in.Optimal))
}

// showInstance shows a built-in instance (stored for the blank-last goal; as
// its authors wrote it under Korf's blank-first goal) with its title and
// optimal length.
func (p *PuzzleView) showInstance(in board.Instance, title string) {
	b := in.Board
	if p.session.Goal() == board.BlankFirst {
		b = board.ConvertGoal(b)
	}
	p.session.SetKorfBoard(b, title, in.Optimal)
}

// instanceShown returns which of the built-in instances insts (1-based) the
// board is, in either goal's form, or 0.
func (p *PuzzleView) instanceShown(insts []board.Instance) int {
	if !p.session.IsKorf() {
		return 0
	}
	b := p.session.Board()
	for i, in := range insts {
		if b == in.Board || b == board.ConvertGoal(in.Board) {
			return i + 1
		}
	}
	return 0
}

// showSelected makes sel show want (its placeholder for "") without
// loading that option again, as SetSelected would.
func showSelected(sel *widget.Select, want string) {
	if sel.Selected != want {
		sel.Selected = want
		sel.Refresh()
	}
}

// LoadKorf shows Korf's instance k (1-based).
func (p *PuzzleView) LoadKorf(k int) error {
	if k < 1 || k > len(p.korf) {
		return fmt.Errorf("korf instance %d: want 1..%d", k, len(p.korf))
	}
	p.showKorf(k)
	return nil
}

// selectedSize returns the size the selector shows.
func (p *PuzzleView) selectedSize() board.Size {
	if i := p.SizeSelect.SelectedIndex(); i >= 0 && i < len(boardSizes) {
		return boardSizes[i]
	}
	return p.session.Board().Size()
}

func (p *PuzzleView) sizeChanged() {
	if p.session.Board().IsValid() && p.selectedSize() != p.session.Board().Size() {
		s := p.selectedSize()
		p.SetBoard(board.Solved(s, p.session.Goal()), "Solved "+toolkit.SizeLabel(s), 0)
	}
}

// ShowError shows msg in red under the entry (empty msg hides it).
func (p *PuzzleView) ShowError(msg string) {
	toolkit.SetError(p.Error, msg)
}

// Apply reads the board typed in the entry; errors are shown, not raised.
func (p *PuzzleView) Apply() {
	text := strings.TrimSpace(p.BoardEntry.Text)
	if text == "" {
		p.ShowError("Type a board first, e.g. 1 2 3 / 4 5 6 / 7 _ 8")
		return
	}
	b, err := board.ParseSolvable(text, board.Size{}, p.session.Goal())
	if err != nil {
		p.ShowError(err.Error())
		return
	}
	p.SetBoard(b, "Typed board", -1)
}

// seed reads the seed entry.
func (p *PuzzleView) seed() (uint64, bool) {
	v, err := strconv.ParseUint(strings.TrimSpace(p.SeedEntry.Text), 10, 64)
	if err != nil {
		p.ShowError(fmt.Sprintf("seed %q: want a whole number >= 0", p.SeedEntry.Text))
		return 0, false
	}
	if p.seeded && v == p.lastSeed && p.session.Board() == p.lastBoard && v < math.MaxUint64 {
		v++ // the board shown is this seed's: a press asks for a new one
	}
	return v, true
}

// usedSeed shows in the Seed box the seed the board was made from, as the
// title names it.
func (p *PuzzleView) usedSeed(seed uint64) {
	p.SeedEntry.SetText(strconv.FormatUint(seed, 10))
	p.lastSeed, p.lastBoard, p.seeded = seed, p.session.Board(), true
}

// Random shows a uniformly random solvable board of the selected size from
// the seed in the Seed box, which then shows the seed used (the title's);
// pressing again while that board is shown takes the next seed.
func (p *PuzzleView) Random() {
	seed, ok := p.seed()
	if !ok {
		return
	}
	s := p.selectedSize()
	b, err := board.Random(board.NewRand(seed), s, p.session.Goal())
	if err != nil {
		p.ShowError(err.Error())
		return
	}
	p.SetBoard(b, fmt.Sprintf("Random %s, seed %d", s, seed), -1)
	p.usedSeed(seed)
}

// Scramble shows a random walk of the chosen length from the solved board.
func (p *PuzzleView) Scramble() {
	seed, ok := p.seed()
	if !ok {
		return
	}
	k, err := strconv.Atoi(strings.TrimSpace(p.WalkEntry.Text))
	if err != nil || k < 0 || k > 10000 {
		p.ShowError(fmt.Sprintf("walk length %q: want a whole number from 0 to 10000", p.WalkEntry.Text))
		return
	}
	s := p.selectedSize()
	b, _, err := board.RandomWalk(board.NewRand(seed), board.Solved(s, p.session.Goal()), k)
	if err != nil {
		p.ShowError(err.Error())
		return
	}
	opt := -1
	if k == 0 {
		opt = 0
	}
	p.SetBoard(b, fmt.Sprintf("Random walk of %d moves, seed %d", k, seed), opt)
	p.usedSeed(seed)
}

// SetBoard makes b the session's board, with a title and its optimal length
// (-1: unknown).
func (p *PuzzleView) SetBoard(b board.Board, title string, optimal int) {
	p.session.SetBoard(b, title, optimal)
}

// Show draws b on the big board without making it the board to solve (the
// search shows its current node this way), outlining cell mark (-1: none).
func (p *PuzzleView) Show(b board.Board, mark int) {
	if p.peek.on { // drawn when the look at the goal ends
		p.peek.shown, p.peek.mark, p.Shown = b, mark, b
		return
	}
	p.Board.Mark = mark
	p.Board.SetBoard(b)
	p.Shown = b
}

// refresh redraws the board and legend.
func (p *PuzzleView) refresh() {
	p.Board.SetGroups(p.session.Groups())
	p.Board.SetBoard(p.session.Board())
	p.Shown = p.session.Board()
	p.Legend.Objects = LegendItems(p.session.Groups())
	p.Legend.Refresh()
}

// TapCell slides the tapped tile into the blank when they are neighbours.
func (p *PuzzleView) TapCell(cell int) {
	if p.peek.on { // a click ends the look at the goal, moving nothing
		p.endPeek(true)
		return
	}
	b := p.actedOn()
	for _, d := range []board.Dir{board.Up, board.Down, board.Left, board.Right} {
		if n, ok := b.Size().Neighbor(b.Blank(), d); ok && n == cell {
			p.moveBlank(d)
			return
		}
	}
}

// SlideTile slides the tile next to the blank in direction d (the way the
// tile moves, as an arrow key says), if there is one.
func (p *PuzzleView) SlideTile(d board.Dir) bool {
	if p.peek.on {
		p.endPeek(true)
		return false
	}
	return p.moveBlank(d.Inverse())
}

// actedOn returns the board clicks and arrow keys act on: the one shown.
func (p *PuzzleView) actedOn() board.Board {
	if b := p.Shown; b.IsValid() && b.Size() == p.session.Board().Size() {
		return b
	}
	return p.session.Board()
}

// The board a click or an arrow key acts on is the one shown: after a
// search showed another node (the goal, say), a move starts a new puzzle
// from that board rather than changing the hidden start.
func (p *PuzzleView) moveBlank(d board.Dir) bool {
	base := p.actedOn()
	nb, ok := base.Move(d)
	if !ok {
		return false
	}
	if base != p.session.Board() {
		p.session.SetBoard(nb, "Moved from the board shown", -1)
		return true
	}
	p.session.EditBoard(nb)
	return true
}
