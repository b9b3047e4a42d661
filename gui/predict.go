package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/widgets"

	"fmt"
	"math/rand/v2"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Predict mode, for the classroom: before each expansion the search panel
// asks a question and holds the step until it is answered. For A*, greedy
// search and breadth-first search the question is which open-list node is
// selected next (the open list's best entries are shown as mini boards, in a
// shuffled order, and the student clicks one); for IDA* it is which children
// of the node about to be expanded the bound prunes (the student marks them,
// then checks). The step then happens and the app says right or wrong and
// why, from the trace events of the step, and keeps a score.
//
// The answer is decided from the stepper's state before the step (its open
// list, or the children's f against the bound) and checked against what the
// step then did; the two always agree (predict_test.go drives thousands of
// steps to show it), and the verdict follows the step itself if they ever
// did not.

// predictOptions is the number of options (open-list entries or children)
// a question shows at most; keys 1 to predictOptions pick them.
const predictOptions = frontierSlots

// Predictor is predict mode: the toggle, the question with its options as
// mini boards, the verdict and the score. It follows a SearchPanel.
type Predictor struct {
	// Toggle turns predict mode on and off.
	Toggle *widget.Check
	// Question asks what the next step will do; Verdict says whether the
	// answer was right and why; Score counts the answers.
	Question *widget.Label
	Verdict  *widget.Label
	Score    *widget.Label
	// Options are the buttons under the option boards: pick this node
	// (best-first search), or mark this child pruned or visited (IDA*).
	// Keys 1 to 6 press them.
	Options []*widget.Button
	// CheckButton checks the marks of an IDA* question (Space does too).
	CheckButton *widget.Button
	// Box holds all of the above; the caller places it.
	Box fyne.CanvasObject

	boards   []*widgets.BoardView
	captions []*widget.Label
	cells    []fyne.CanvasObject
	grid     *fyne.Container
	askBox   *fyne.Container // the question, its options and Check

	p *SearchPanel
	// q is the question waiting for an answer, nil when none is.
	q *question
	// answering is set while the step that answers q runs.
	answering bool
	// right, asked, streak and best count the answers since the last
	// reset; mismatches counts steps that did not do what the question
	// expected (never, unless the search and this file disagree).
	right, asked, streak, best int
	mismatches                 int
	rng                        *rand.Rand
	// heuristic is the heuristic of the stepper heuristicOf, for the f of
	// IDA*'s children before they are generated.
	heuristic   search.Heuristic
	heuristicOf *search.Stepper
	// scroll, when set (follow), is the scroll area holding Box: a
	// question asked is scrolled into view.
	scroll *container.Scroll
	// lastVerdict is the verdict on the latest answer.
	lastVerdict string
}

// question is one question of predict mode.
type question struct {
	alg search.Algorithm
	// Best-first search: options are the nodes shown, in the order shown;
	// open is the open list's front in selection order; answer is
	// open[0], the node the search selects next.
	options []search.Node
	open    []search.Node
	answer  search.Node
	// IDA*: parent is the node about to be expanded, children its
	// children in move order with their expected fate, marks the
	// student's (true: pruned), bound the bound.
	parent   search.Node
	children []predictChild
	marks    []bool
	bound    int
}

// predictChild is a child of IDA*'s next expansion, worked out before it.
type predictChild struct {
	node   search.Node
	pruned bool
}

// NewPredictor returns predict mode for the search panel p.
func NewPredictor(p *SearchPanel) *Predictor {
	pr := &Predictor{p: p, rng: rand.New(rand.NewPCG(uint64(0x5eed), 13))}
	pr.Toggle = widget.NewCheck("Predict mode", pr.setOn)
	pr.Question = widget.NewLabel("")
	pr.Question.Wrapping = fyne.TextWrapWord
	pr.Question.TextStyle = fyne.TextStyle{Bold: true}
	pr.Verdict = widget.NewLabel("")
	pr.Verdict.Wrapping = fyne.TextWrapWord
	pr.Score = widget.NewLabel("")
	start := p.session.Board()
	for i := 0; i < predictOptions; i++ {
		i := i
		bv := widgets.NewMiniBoardView(start.Size(), start.Tiles(), p.session.Groups())
		bv.OnTapped = func(int) { pr.Pick(i) }
		cap := widget.NewLabel("")
		cap.Alignment = fyne.TextAlignCenter
		b := widget.NewButton(fmt.Sprint(i+1), func() { pr.Pick(i) })
		pr.boards = append(pr.boards, bv)
		pr.captions = append(pr.captions, cap)
		pr.Options = append(pr.Options, b)
		pr.cells = append(pr.cells, container.NewBorder(nil, container.NewVBox(cap, b), nil, nil, bv))
	}
	pr.grid = container.NewGridWithColumns(3, pr.cells...)
	pr.CheckButton = widget.NewButton("Check my marks (Space)", pr.check)
	pr.CheckButton.Importance = widget.HighImportance
	pr.askBox = container.NewVBox(pr.Question, pr.grid, container.NewHBox(pr.CheckButton))
	pr.askBox.Hide()
	pr.Verdict.Hide()
	pr.Score.Hide()
	// The caller places Toggle (with the other tools) and Box.
	pr.Box = container.NewVBox(pr.askBox, pr.Verdict, pr.Score)
	p.beforeStep = pr.beforeStep
	p.onRender(pr.rendered)
	p.onReset(pr.reset)
	// A full-speed run drops the question when it starts (it disables
	// Step first).
	p.Watch(func() {
		if pr.q != nil && (p.running() || p.StepButton.Disabled()) {
			pr.drop()
		}
	})
	pr.refreshScore()
	return pr
}

// On reports whether predict mode is on.
func (pr *Predictor) On() bool { return pr.Toggle.Checked }

// Asking reports whether a question waits for its answer: views that show
// what the search does next (the open list in selection order) should not
// give the answer away meanwhile.
func (pr *Predictor) Asking() bool { return pr.q != nil }

// setOn turns predict mode on or off; off drops a question asked.
func (pr *Predictor) setOn(on bool) {
	if !on {
		pr.drop()
		pr.Verdict.Hide()
		pr.Score.Hide()
		return
	}
	pr.Score.Show()
	pr.refreshScore()
	pr.say("Press Step (Space): before each expansion you will be asked what the search does next.", widget.MediumImportance)
}

// beforeStep runs before the search panel advances the search by a new
// event: in predict mode, when that event is the one a question is about, it
// asks the question (or, with one asked, reminds of it or checks IDA*'s
// marks) and holds the step by returning true.
func (pr *Predictor) beforeStep() bool {
	if !pr.On() || pr.answering {
		return false
	}
	if pr.q != nil {
		if pr.q.alg == search.IDAStar && !pr.p.player.Playing() {
			pr.check()
		} else if pr.q.alg != search.IDAStar {
			pr.say("Click the board you think is selected next (keys 1–"+fmt.Sprint(len(pr.q.options))+").", widget.WarningImportance)
		}
		return true
	}
	q := pr.nextQuestion()
	if q == nil {
		return false
	}
	pr.ask(q)
	return true
}

// nextQuestion works out the question about the event the next step makes,
// or nil when that event is not one to ask about (not a selection from the
// open list or an IDA* expansion, or an open list with a single entry).
func (pr *Predictor) nextQuestion() *question {
	p := pr.p
	if p.stepper == nil || p.stepper.Done() || !p.timeline.AtEnd() {
		return nil
	}
	last, ok := p.timeline.Current()
	if !ok {
		return nil
	}
	alg := p.algorithm()
	if alg == search.IDAStar {
		return pr.idaQuestion(last)
	}
	// The next event is a selection after an expansion (BFS ends instead
	// when the expansion generated the goal).
	if last.kind != search.NodeExpanded {
		return nil
	}
	for _, c := range last.children {
		if c.Status == search.ChildGoal {
			return nil
		}
	}
	open := p.stepper.Open(predictOptions)
	if len(open) < 2 {
		return nil
	}
	q := &question{alg: alg, open: open, answer: open[0], options: append([]search.Node(nil), open...)}
	pr.rng.Shuffle(len(q.options), func(i, j int) { q.options[i], q.options[j] = q.options[j], q.options[i] })
	return q
}

// idaQuestion works out IDA*'s question when the event shown last selected
// a node that is not the goal: its children, each pruned when
// f = g + 1 + h is over the bound.
func (pr *Predictor) idaQuestion(last searchSnap) *question {
	p := pr.p
	if last.kind != search.NodeSelected || last.node.Board == board.Solved(last.node.Board.Size(), p.session.Goal()) {
		return nil
	}
	h := pr.heuristicFor(p.stepper)
	if h == nil {
		return nil
	}
	n := last.node
	q := &question{alg: search.IDAStar, parent: n, bound: p.stepper.Bound()}
	var buf [4]board.Dir
	for _, d := range n.Board.LegalMoves(buf[:0]) {
		if !n.Root && d == n.Move.Inverse() {
			continue
		}
		kid, _ := n.Board.Move(d)
		c := search.Node{Board: kid, G: n.G + 1, H: h.Estimate(kid), Move: d}
		q.children = append(q.children, predictChild{node: c, pruned: c.F() > q.bound})
	}
	if len(q.children) == 0 || len(q.children) > predictOptions {
		return nil
	}
	q.marks = make([]bool, len(q.children))
	return q
}

// heuristicFor returns the heuristic st searches with (built again from the
// selected option, once per search), or nil when it cannot be built.
func (pr *Predictor) heuristicFor(st *search.Stepper) search.Heuristic {
	if pr.heuristicOf == st && pr.heuristic != nil {
		return pr.heuristic
	}
	o := pr.p.selectedOption()
	if o == nil {
		return nil
	}
	h, err := o.Build()
	if err != nil {
		return nil
	}
	pr.heuristic, pr.heuristicOf = h, st
	return h
}

// ask shows q and waits for the answer. The panel's open list is hidden
// meanwhile: it is drawn in selection order, which would give the answer
// away.
func (pr *Predictor) ask(q *question) {
	pr.q = q
	p := pr.p
	p.FrontierTitle.Hide()
	p.frontierBox.Hide()
	g := p.session.Groups()
	n := len(q.options)
	if q.alg == search.IDAStar {
		n = len(q.children)
	}
	for i := range pr.cells {
		if i >= n {
			pr.cells[i].Hide()
			pr.Options[i].Disable()
			continue
		}
		var nd search.Node
		if q.alg == search.IDAStar {
			nd = q.children[i].node
			pr.captions[i].SetText(fmt.Sprintf("g %d + h %d", nd.G, nd.H))
		} else {
			nd = q.options[i]
			pr.captions[i].SetText(fmt.Sprintf("node %d\n%s", nd.ID, predictCaption(q.alg, nd)))
			pr.Options[i].SetText(fmt.Sprintf("Pick (%d)", i+1))
			pr.Options[i].Importance = widget.MediumImportance
		}
		pr.boards[i].Groups = g
		pr.boards[i].SetCells(nd.Board.Size(), nd.Board.Tiles())
		pr.Options[i].Enable()
		pr.cells[i].Show()
	}
	switch q.alg {
	case search.IDAStar:
		pr.Question.SetText(fmt.Sprintf("IDA* is about to expand node %d (g %d, bound %d). Which of its children will the bound prune? "+
			"Mark them (keys 1–%d), then Check (Space).", q.parent.ID, q.parent.G, q.bound, n))
		pr.refreshMarks()
		pr.CheckButton.Show()
		pr.CheckButton.Enable()
	default:
		pr.Question.SetText(fmt.Sprintf("Which node does %s select next? Click it (keys 1–%d).", algName(q.alg), n))
		pr.CheckButton.Hide()
	}
	// The verdict on the previous answer stays in view, under the question.
	// A hint (how predict mode works, what to click) has done its job.
	if pr.lastVerdict != "" {
		pr.Verdict.SetText("Previous answer: " + pr.lastVerdict)
	} else {
		pr.Verdict.Hide()
	}
	pr.askBox.Show()
	pr.reveal()
	p.notify()
}

// follow makes a question asked scroll into view in sc, the scroll area
// that holds Box.
func (pr *Predictor) follow(sc *container.Scroll) { pr.scroll = sc }

// reveal scrolls the question into view: the toggle above it and the
// options, or as much of them as fits from the toggle down.
func (pr *Predictor) reveal() {
	sc := pr.scroll
	if sc == nil || sc.Content == nil || sc.Size().Height <= 0 {
		return
	}
	// The content grows by the question before the next frame lays it
	// out: size it now, so that the offset can reach the question. The
	// Box's top does not move (nothing above it changed); its bottom is
	// its top plus its new minimum height.
	c := sc.Content
	c.Resize(c.MinSize().Max(sc.Size()))
	top, ok := offsetIn(c, pr.Box)
	if !ok {
		return
	}
	bottom := top.Y + pr.Box.MinSize().Height
	view := sc.Size().Height
	y := sc.Offset.Y
	if bottom > y+view {
		y = bottom - view
	}
	if top.Y < y {
		y = top.Y
	}
	y = max(0, min(y, c.Size().Height-view))
	sc.ScrollToOffset(fyne.NewPos(sc.Offset.X, y))
}

// offsetIn returns the position of target inside root, through the
// containers between them.
func offsetIn(root, target fyne.CanvasObject) (fyne.Position, bool) {
	if root == target {
		return fyne.Position{}, true
	}
	c, ok := root.(*fyne.Container)
	if !ok {
		return fyne.Position{}, false
	}
	for _, o := range c.Objects {
		if p, ok := offsetIn(o, target); ok {
			return o.Position().Add(p), true
		}
	}
	return fyne.Position{}, false
}

// predictCaption captions an option with the numbers the algorithm orders
// by, leaving the sums to the student.
func predictCaption(a search.Algorithm, n search.Node) string {
	switch a {
	case search.Greedy:
		return fmt.Sprintf("h %d (g %d)", n.H, n.G)
	case search.BFS:
		return fmt.Sprintf("depth %d", n.G)
	}
	return fmt.Sprintf("g %d + h %d", n.G, n.H)
}

// refreshMarks writes the students' marks on the buttons of an IDA* question.
func (pr *Predictor) refreshMarks() {
	for i, m := range pr.q.marks {
		word, imp := "visited", widget.MediumImportance
		if m {
			word, imp = "pruned", widget.DangerImportance
		}
		pr.Options[i].SetText(fmt.Sprintf("%d: %s", i+1, word))
		pr.Options[i].Importance = imp
		pr.Options[i].Refresh()
	}
}

// rendered follows the panel: an event shown by anything but the answer
// (Back, a run's end) drops the question, which was about the latest state.
func (pr *Predictor) rendered(searchSnap) {
	if pr.answering || pr.q == nil {
		return
	}
	pr.drop()
}

// drop forgets the question asked, if any, and shows the open list again.
func (pr *Predictor) drop() {
	if pr.q == nil {
		return
	}
	pr.q = nil
	pr.askBox.Hide()
	p := pr.p
	p.frontierBox.Show()
	if s, ok := p.timeline.Current(); ok {
		p.renderFrontier(s)
	}
	p.notify()
}

// reset drops the question and zeroes the score (Reset, a new board, another
// algorithm or heuristic).
func (pr *Predictor) reset() {
	pr.drop()
	pr.right, pr.asked, pr.streak, pr.best = 0, 0, 0, 0
	pr.lastVerdict = ""
	pr.heuristic, pr.heuristicOf = nil, nil
	pr.refreshScore()
	if pr.On() {
		pr.say("Press Step (Space): before each expansion you will be asked what the search does next.", widget.MediumImportance)
	}
}

// algName names an algorithm in a sentence.
func algName(a search.Algorithm) string {
	for _, l := range catalog.AlgorithmLabels {
		if l.Alg == a {
			if a == search.BFS {
				return "breadth-first search"
			}
			if a == search.Greedy {
				return "greedy best-first search"
			}
			return l.Label
		}
	}
	return a.String()
}
