package gui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// defaultGoal is the goal the views start with: tiles in order, blank last.
// The teacher can switch to the blank-first goal (Korf's, and the 8-puzzle's
// in many textbooks) in the header.
const defaultGoal = board.BlankLast

// classroomSet lists Korf's instances (1-based) whose Manhattan IDA* trees
// are the smallest of the 100: the set a class can solve live.
var classroomSet = []int{9, 12, 19, 42, 47, 55, 79, 93, 94, 97}

// Board sizes offered by the size selector.
var boardSizes = []board.Size{{W: 3, H: 2}, board.Size3x3, {W: 3, H: 4}, board.Size4x4}

// sizeLabel names a size in the selector.
func sizeLabel(s board.Size) string {
	switch s {
	case board.Size3x3:
		return "3x3 (8-puzzle)"
	case board.Size4x4:
		return "4x4 (15-puzzle)"
	}
	return fmt.Sprintf("%s (%d-puzzle)", s, s.Cells()-1)
}

// PuzzleView is the board editor of the "Puzzle & search" tab: the board
// drawn large and every way of setting it up. Its widgets are fields so that
// tests drive them.
type PuzzleView struct {
	// Board is the large board; tap a tile next to the blank to slide it.
	Board *BoardView
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

	// Presets: the classroom set and all of Korf's 100.
	ClassroomSelect *widget.Select
	KorfSelect      *widget.Select

	// OnChange is called after the board changes.
	OnChange func(b board.Board)

	board   board.Board
	optimal int // known optimal length, or -1
	groups  Groups
	korf    []board.Instance // for the blank-last goal
	// korfShown reports that the board is one of Korf's instances (as he
	// wrote it for the blank-first goal, or converted for blank-last).
	korfShown bool
	goal      board.Goal

	// Controls is the settings column; the caller places it.
	Controls fyne.CanvasObject
}

// NewPuzzleView returns the view showing start.
func NewPuzzleView(start board.Board, title string, optimal int) *PuzzleView {
	p := &PuzzleView{board: start, optimal: optimal, groups: defaultGroups(start.Size(), defaultGoal), korf: board.Korf100(), goal: defaultGoal}
	p.Board = NewBoardView(start, p.groups)
	p.Board.OnTapped = p.tapCell
	p.Title = widget.NewLabelWithStyle(title, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	p.Title.Wrapping = fyne.TextWrapWord
	p.Legend = container.NewHBox()

	labels := make([]string, len(boardSizes))
	for i, s := range boardSizes {
		labels[i] = sizeLabel(s)
	}
	p.SizeSelect = widget.NewSelect(labels, func(string) { p.sizeChanged() })
	p.SizeSelect.SetSelected(sizeLabel(start.Size()))

	p.BoardEntry = widget.NewEntry()
	p.BoardEntry.SetPlaceHolder("e.g. 1 2 3 / 4 5 6 / 7 _ 8")
	p.BoardEntry.OnSubmitted = func(string) { p.Apply() }
	p.ApplyButton = widget.NewButton("Apply", p.Apply)
	p.Error = newErrorLabel()

	p.SeedEntry = widget.NewEntry()
	p.SeedEntry.SetText("1")
	p.RandomButton = widget.NewButton("Random", p.Random)
	p.WalkEntry = widget.NewEntry()
	p.WalkEntry.SetText("20")
	p.WalkButton = widget.NewButton("Scramble", p.Scramble)
	p.SolvedButton = widget.NewButton("Solved", func() {
		p.SetBoard(board.Solved(p.board.Size(), p.goal), "Solved board", 0)
	})

	var classroom []string
	for _, k := range classroomSet {
		classroom = append(classroom, p.korfLabel(k))
	}
	p.ClassroomSelect = widget.NewSelect(classroom, func(s string) {
		// The option's index says which instance: labels are not read back.
		if i := slices.Index(p.ClassroomSelect.Options, s); i >= 0 {
			p.showKorf(classroomSet[i])
		}
	})
	p.ClassroomSelect.PlaceHolder = "Classroom set (Korf)"
	var all []string
	for k := 1; k <= len(p.korf); k++ {
		all = append(all, p.korfLabel(k))
	}
	p.KorfSelect = widget.NewSelect(all, func(s string) {
		if i := slices.Index(p.KorfSelect.Options, s); i >= 0 {
			p.showKorf(i + 1)
		}
	})
	p.KorfSelect.PlaceHolder = "Korf's 100"

	p.Controls = container.NewVBox(
		widget.NewLabelWithStyle("Board", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, widget.NewLabel("Size"), nil, p.SizeSelect),
		container.NewBorder(nil, nil, nil, p.ApplyButton, p.BoardEntry),
		p.Error,
		container.NewGridWithColumns(2, p.ClassroomSelect, p.KorfSelect),
		container.NewGridWithColumns(4,
			container.NewBorder(nil, nil, widget.NewLabel("Seed"), nil, p.SeedEntry), p.RandomButton,
			container.NewBorder(nil, nil, widget.NewLabel("Moves"), nil, p.WalkEntry), p.WalkButton),
		p.SolvedButton,
	)
	p.refresh()
	return p
}

// Current returns the board shown and its known optimal length (-1: unknown).
func (p *PuzzleView) Current() (board.Board, int) { return p.board, p.optimal }

// Groups returns the tile groups the board is coloured by.
func (p *PuzzleView) Groups() Groups { return p.groups }

// korfLabel names Korf's instance k (1-based).
func (p *PuzzleView) korfLabel(k int) string {
	return fmt.Sprintf("Korf #%d (%d moves)", k, p.korf[k-1].Optimal)
}

// showKorf shows Korf's instance k (1-based, in range).
func (p *PuzzleView) showKorf(k int) {
	in := p.korf[k-1]
	b := in.Board
	if p.goal == board.BlankFirst {
		b = board.ConvertGoal(b) // Korf's own board
	}
	p.SetBoard(b, fmt.Sprintf("Korf #%d, optimal %d moves", k, in.Optimal), in.Optimal)
	p.korfShown = true
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
	for _, s := range boardSizes {
		if sizeLabel(s) == p.SizeSelect.Selected {
			return s
		}
	}
	return p.board.Size()
}

func (p *PuzzleView) sizeChanged() {
	if p.board.IsValid() && p.selectedSize() != p.board.Size() {
		s := p.selectedSize()
		p.SetBoard(board.Solved(s, p.goal), "Solved "+sizeLabel(s), 0)
	}
}

// showError shows msg in red under the entry (empty msg hides it).
func (p *PuzzleView) showError(msg string) {
	setError(p.Error, msg)
}

// Apply reads the board typed in the entry; errors are shown, not raised.
func (p *PuzzleView) Apply() {
	text := strings.TrimSpace(p.BoardEntry.Text)
	if text == "" {
		p.showError("Type a board first, e.g. 1 2 3 / 4 5 6 / 7 _ 8")
		return
	}
	b, err := board.ParseSolvable(text, board.Size{}, p.goal)
	if err != nil {
		p.showError(err.Error())
		return
	}
	p.SetBoard(b, "Typed board", -1)
}

// seed reads the seed entry.
func (p *PuzzleView) seed() (uint64, bool) {
	v, err := strconv.ParseUint(strings.TrimSpace(p.SeedEntry.Text), 10, 64)
	if err != nil {
		p.showError(fmt.Sprintf("seed %q: want a whole number >= 0", p.SeedEntry.Text))
		return 0, false
	}
	return v, true
}

// Random shows a uniformly random solvable board of the selected size from
// the seed, then advances the seed so the next press gives a new board.
func (p *PuzzleView) Random() {
	seed, ok := p.seed()
	if !ok {
		return
	}
	s := p.selectedSize()
	b, err := board.Random(board.NewRand(seed), s, p.goal)
	if err != nil {
		p.showError(err.Error())
		return
	}
	p.SeedEntry.SetText(strconv.FormatUint(seed+1, 10))
	p.SetBoard(b, fmt.Sprintf("Random %s, seed %d", s, seed), -1)
}

// Scramble shows a random walk of the chosen length from the solved board.
func (p *PuzzleView) Scramble() {
	seed, ok := p.seed()
	if !ok {
		return
	}
	k, err := strconv.Atoi(strings.TrimSpace(p.WalkEntry.Text))
	if err != nil || k < 0 || k > 10000 {
		p.showError(fmt.Sprintf("walk length %q: want a whole number from 0 to 10000", p.WalkEntry.Text))
		return
	}
	s := p.selectedSize()
	b, _, err := board.RandomWalk(board.NewRand(seed), board.Solved(s, p.goal), k)
	if err != nil {
		p.showError(err.Error())
		return
	}
	p.SeedEntry.SetText(strconv.FormatUint(seed+1, 10))
	opt := -1
	if k == 0 {
		opt = 0
	}
	p.SetBoard(b, fmt.Sprintf("Random walk of %d moves, seed %d", k, seed), opt)
}

// SetBoard shows b with a title and its optimal length (-1: unknown).
func (p *PuzzleView) SetBoard(b board.Board, title string, optimal int) {
	sizeChanged := b.Size() != p.board.Size()
	p.board, p.optimal = b, optimal
	p.korfShown = false
	p.showError("")
	p.Title.SetText(title)
	if sizeChanged {
		p.groups = defaultGroups(b.Size(), p.goal)
		p.SizeSelect.SetSelected(sizeLabel(b.Size()))
	}
	p.refresh()
	if p.OnChange != nil {
		p.OnChange(b)
	}
}

// Goal returns the goal boards are solved towards.
func (p *PuzzleView) Goal() board.Goal { return p.goal }

// SetGoal makes g the goal. The board stays when it can reach g (any
// 8-puzzle can reach both goals); otherwise it is replaced by its
// counterpart for g (rotated half a turn, tile t relabelled N-t; Korf's
// conversion), which needs the same number of moves. Korf's instances are
// shown as Korf wrote them for the blank-first goal.
func (p *PuzzleView) SetGoal(g board.Goal) {
	if g == p.goal {
		return
	}
	p.goal = g
	p.groups = defaultGroups(p.board.Size(), g)
	title, optimal := p.Title.Text, -1 // a board kept as it is needs other moves
	b := p.board
	korf := p.korfShown
	switch {
	case b.IsGoal(board.BlankLast) || b.IsGoal(board.BlankFirst):
		b, title, optimal = board.Solved(b.Size(), g), "Solved "+sizeLabel(b.Size()), 0
	case !b.Solvable(g):
		b, optimal = board.ConvertGoal(b), p.optimal
		if !korf {
			title += " (converted for the new goal)"
		}
	}
	p.SetBoard(b, title, optimal)
	p.korfShown = korf && optimal >= 0
}

// Show draws b on the big board without making it the board to solve (the
// search shows its current node this way), outlining cell mark (-1: none).
func (p *PuzzleView) Show(b board.Board, mark int) {
	p.Board.mark = mark
	p.Board.SetBoard(b)
}

// SetGroups recolours the board.
func (p *PuzzleView) SetGroups(g Groups) {
	p.groups = g
	p.refresh()
}

// refresh redraws the board and legend.
func (p *PuzzleView) refresh() {
	p.Board.SetGroups(p.groups)
	p.Board.SetBoard(p.board)
	p.Legend.Objects = legendItems(p.groups)
	p.Legend.Refresh()
}

// tapCell slides the tapped tile into the blank when they are neighbours.
func (p *PuzzleView) tapCell(cell int) {
	s := p.board.Size()
	for _, d := range []board.Dir{board.Up, board.Down, board.Left, board.Right} {
		if n, ok := s.Neighbor(p.board.Blank(), d); ok && n == cell {
			p.moveBlank(d)
			return
		}
	}
}

// SlideTile slides the tile next to the blank in direction d (the way the
// tile moves, as an arrow key says), if there is one.
func (p *PuzzleView) SlideTile(d board.Dir) bool {
	return p.moveBlank(d.Inverse())
}

func (p *PuzzleView) moveBlank(d board.Dir) bool {
	nb, ok := p.board.Move(d)
	if !ok {
		return false
	}
	title := p.Title.Text
	if !strings.HasSuffix(title, "(edited)") {
		title += " (edited)"
	}
	p.SetBoard(nb, title, -1)
	return true
}
