package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
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

// PredictOptions is the number of options (open-list entries or children)
// a question shows at most; keys 1 to predictOptions pick them.
const PredictOptions = frontierSlots

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

	Boards   []*widgets.BoardView
	Captions []*widget.Label
	Cells    []fyne.CanvasObject
	grid     *fyne.Container
	AskBox   *fyne.Container // the question, its options and Check

	p *SearchPanel
	// Q is the question waiting for an answer, nil when none is.
	Q *Question
	// answering is set while the step that answers q runs.
	answering bool
	// Right, asked, streak and best count the answers since the last
	// reset; mismatches counts steps that did not do what the question
	// expected (never, unless the search and this file disagree).
	Right, Asked, streak, best int
	Mismatches                 int
	rng                        *rand.Rand
	// heuristic is the heuristic of the stepper heuristicOf, for the f of
	// IDA*'s children before they are generated.
	heuristic   search.Heuristic
	heuristicOf *search.Stepper
	// Scroll, when set (follow), is the scroll area holding Box: a
	// question asked is scrolled into view.
	Scroll *container.Scroll
	// lastVerdict is the verdict on the latest answer.
	lastVerdict string
}

// Question is one question of predict mode.
type Question struct {
	Alg search.Algorithm
	// Best-first search: options are the nodes shown, in the order shown;
	// open is the open list's front in selection order; answer is
	// open[0], the node the search selects next.
	Options []search.Node
	open    []search.Node
	Answer  search.Node
	// IDA*: parent is the node about to be expanded, children its
	// children in move order with their expected fate, marks the
	// student's (true: pruned), bound the bound.
	Parent   search.Node
	Children []predictChild
	// Next is the expansion number Parent gets (its card "#Next").
	Next  int
	Marks []bool
	Bound int
}

// predictChild is a child of IDA*'s next expansion, worked out before it.
type predictChild struct {
	Node   search.Node
	Pruned bool
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
	start := p.Session.Board()
	for i := 0; i < PredictOptions; i++ {
		i := i
		bv := widgets.NewMiniBoardView(start.Size(), start.Tiles(), p.Session.Groups())
		bv.OnTapped = func(int) { pr.Pick(i) }
		cap := widget.NewLabel("")
		cap.Alignment = fyne.TextAlignCenter
		cap.Wrapping = fyne.TextWrapWord // the options' captions must not widen the column
		b := widget.NewButton(fmt.Sprint(i+1), func() { pr.Pick(i) })
		pr.Boards = append(pr.Boards, bv)
		pr.Captions = append(pr.Captions, cap)
		pr.Options = append(pr.Options, b)
		pr.Cells = append(pr.Cells, container.NewBorder(nil, container.NewVBox(cap, b), nil, nil, bv))
	}
	pr.grid = toolkit.NewColumns(3, pr.Cells...) // fewer columns at a large zoom
	pr.CheckButton = widget.NewButton("Check my marks (Space)", pr.check)
	pr.CheckButton.Importance = widget.HighImportance
	pr.AskBox = container.NewVBox(pr.Question, pr.grid, container.NewHBox(pr.CheckButton))
	pr.AskBox.Hide()
	pr.Verdict.Hide()
	pr.Score.Hide()
	// The caller places Toggle (with the other tools) and Box.
	pr.Box = container.NewVBox(pr.AskBox, pr.Verdict, pr.Score)
	p.beforeStep = pr.beforeStep
	p.OnRender(pr.rendered)
	p.OnReset(pr.reset)
	// A full-speed run drops the question when it starts (it disables
	// Step first).
	p.Watch(func() {
		if pr.Q != nil && (p.Running() || p.StepButton.Disabled()) {
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
func (pr *Predictor) Asking() bool { return pr.Q != nil }

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
	pr.sayHowItWorks()
}

// beforeStep runs before the search panel advances the search by a new
// event: in predict mode, when that event is the one a question is about, it
// asks the question (or, with one asked, reminds of it or checks IDA*'s
// marks) and holds the step by returning true.
func (pr *Predictor) beforeStep() bool {
	if !pr.On() || pr.answering {
		return false
	}
	if pr.Q != nil {
		if pr.Q.Alg == search.IDAStar && !pr.p.Player.Playing() {
			pr.check()
		} else if pr.Q.Alg != search.IDAStar {
			pr.say("Click the board you think is selected next (keys 1–"+fmt.Sprint(len(pr.Q.Options))+").", widget.WarningImportance)
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
func (pr *Predictor) nextQuestion() *Question {
	p := pr.p
	if p.Stepper == nil || p.Stepper.Done() || !p.Timeline.AtEnd() {
		return nil
	}
	last, ok := p.Timeline.Current()
	if !ok {
		return nil
	}
	alg := p.Algorithm()
	if !predictable(alg) {
		return nil
	}
	if alg == search.IDAStar {
		return pr.idaQuestion(last)
	}
	// The next event is a selection after an expansion (BFS ends instead
	// when the expansion generated the goal).
	if last.Kind != search.NodeExpanded {
		return nil
	}
	for _, c := range last.Children {
		if c.Status == search.ChildGoal {
			return nil
		}
	}
	open := p.Stepper.Open(PredictOptions)
	if len(open) < 2 {
		return nil
	}
	q := &Question{Alg: alg, open: open, Answer: open[0], Options: append([]search.Node(nil), open...)}
	pr.rng.Shuffle(len(q.Options), func(i, j int) { q.Options[i], q.Options[j] = q.Options[j], q.Options[i] })
	return q
}

// idaQuestion works out IDA*'s question when the event shown last selected
// a node that is not the goal: its children, each pruned when
// f = g + 1 + h is over the bound.
func (pr *Predictor) idaQuestion(last SearchSnap) *Question {
	p := pr.p
	if last.Kind != search.NodeSelected || last.Node.Board == board.Solved(last.Node.Board.Size(), p.Session.Goal()) {
		return nil
	}
	h := pr.heuristicFor(p.Stepper)
	if h == nil {
		return nil
	}
	n := last.Node
	q := &Question{Alg: search.IDAStar, Parent: n, Bound: p.Stepper.Bound(), Next: int(last.Stats.Expanded) + 1}
	var buf [4]board.Dir
	for _, d := range n.Board.LegalMoves(buf[:0]) {
		if !n.Root && d == n.Move.Inverse() {
			continue
		}
		kid, _ := n.Board.Move(d)
		c := search.Node{Board: kid, G: n.G + 1, H: h.Estimate(kid), Move: d}
		q.Children = append(q.Children, predictChild{Node: c, Pruned: c.F() > q.Bound})
	}
	if len(q.Children) == 0 || len(q.Children) > PredictOptions {
		return nil
	}
	q.Marks = make([]bool, len(q.Children))
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
func (pr *Predictor) ask(q *Question) {
	pr.Q = q
	p := pr.p
	p.FrontierTitle.Hide()
	p.FrontierBox.Hide()
	g := p.Session.Groups()
	n := len(q.Options)
	if q.Alg == search.IDAStar {
		n = len(q.Children)
	}
	for i := range pr.Cells {
		if i >= n {
			pr.Cells[i].Hide()
			pr.Options[i].Disable()
			continue
		}
		var nd search.Node
		if q.Alg == search.IDAStar {
			nd = q.Children[i].Node
			pr.Captions[i].SetText(fmt.Sprintf("g %d + h %d", nd.G, nd.H))
		} else {
			nd = q.Options[i]
			pr.Captions[i].SetText(fmt.Sprintf("option %d\n%s", i+1, predictCaption(q.Alg, nd)))
			pr.Options[i].SetText(fmt.Sprintf("Pick (%d)", i+1))
			pr.Options[i].Importance = widget.MediumImportance
		}
		pr.Boards[i].Groups = g
		pr.Boards[i].SetCells(nd.Board.Size(), nd.Board.Tiles())
		pr.Options[i].Enable()
		pr.Cells[i].Show()
	}
	switch q.Alg {
	case search.IDAStar:
		pr.Question.SetText(fmt.Sprintf("IDA* is about to expand the node drawn as current: it becomes #%d (g %d, bound %d). "+
			"Which of its children (1 to %d, in move order) will the bound prune? Mark them (keys 1–%d), then Check (Space).",
			q.Next, q.Parent.G, q.Bound, n, n))
		pr.refreshMarks()
		pr.CheckButton.Show()
		pr.CheckButton.Enable()
	default:
		pr.Question.SetText(fmt.Sprintf("Which node does %s select next? Click it (keys 1–%d).", algName(q.Alg), n))
		pr.CheckButton.Hide()
	}
	// The verdict on the previous answer stays in view, under the question.
	// A hint (how predict mode works, what to click) has done its job.
	if pr.lastVerdict != "" {
		pr.Verdict.SetText("Previous answer: " + pr.lastVerdict)
	} else {
		pr.Verdict.Hide()
	}
	pr.AskBox.Show()
	pr.Reveal()
	p.Notify()
}

// Follow makes a question asked scroll into view in sc, the scroll area
// that holds Box.
func (pr *Predictor) Follow(sc *container.Scroll) { pr.Scroll = sc }

// Reveal scrolls the question into view: the toggle above it and the
// options, or as much of them as fits from the toggle down.
func (pr *Predictor) Reveal() {
	sc := pr.Scroll
	if sc == nil || sc.Content == nil || sc.Size().Height <= 0 {
		return
	}
	// The content grows by the question before the next frame lays it
	// out: size it now, so that the offset can reach the question. The
	// Box's top does not move (nothing above it changed); its bottom is
	// its top plus its new minimum height.
	c := sc.Content
	c.Resize(c.MinSize().Max(sc.Size()))
	top, ok := OffsetIn(c, pr.Box)
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

// OffsetIn returns the position of target inside root, through the
// containers between them.
func OffsetIn(root, target fyne.CanvasObject) (fyne.Position, bool) {
	if root == target {
		return fyne.Position{}, true
	}
	c, ok := root.(*fyne.Container)
	if !ok {
		return fyne.Position{}, false
	}
	for _, o := range c.Objects {
		if p, ok := OffsetIn(o, target); ok {
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
	for i, m := range pr.Q.Marks {
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
func (pr *Predictor) rendered(SearchSnap) {
	if pr.answering || pr.Q == nil {
		return
	}
	pr.drop()
}

// drop forgets the question asked, if any, and shows the open list again.
func (pr *Predictor) drop() {
	if pr.Q == nil {
		return
	}
	pr.Q = nil
	pr.AskBox.Hide()
	p := pr.p
	p.FrontierBox.Show()
	if s, ok := p.Timeline.Current(); ok {
		p.renderFrontier(s)
	}
	p.Notify()
}

// reset drops the question and zeroes the score (Reset, a new board, another
// algorithm or heuristic).
func (pr *Predictor) reset() {
	pr.drop()
	pr.Right, pr.Asked, pr.streak, pr.best = 0, 0, 0, 0
	pr.lastVerdict = ""
	pr.heuristic, pr.heuristicOf = nil, nil
	pr.refreshScore()
	if pr.On() {
		pr.sayHowItWorks()
	}
}

// algName names an algorithm in a sentence.
func algName(a search.Algorithm) string {
	switch a {
	case search.BFS:
		return "breadth-first search"
	case search.Greedy:
		return "greedy best-first search"
	case search.UCS:
		return "uniform-cost search"
	}
	return catalog.LabelOf(a)
}
