package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"fmt"
	"math/rand/v2"
	"strings"

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
	asking   *fyne.Container // the question, its options and Check

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
	pr.asking = container.NewVBox(pr.Question, pr.grid, container.NewHBox(pr.CheckButton))
	pr.asking.Hide()
	pr.Verdict.Hide()
	pr.Score.Hide()
	// The caller places Toggle (with the other tools) and Box.
	pr.Box = container.NewVBox(pr.asking, pr.Verdict, pr.Score)
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
	pr.asking.Show()
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

// Pick answers the question with option i (0-based): the node selected next
// (best-first search), or for IDA* it switches child i's mark between
// pruned and visited.
func (pr *Predictor) Pick(i int) {
	q := pr.q
	if q == nil || pr.p.running() {
		return
	}
	if q.alg == search.IDAStar {
		if i >= 0 && i < len(q.marks) {
			q.marks[i] = !q.marks[i]
			pr.refreshMarks()
		}
		return
	}
	if i < 0 || i >= len(q.options) {
		return
	}
	chosen := q.options[i]
	s, ok := pr.answerStep()
	if !ok {
		return
	}
	actual, ok := selectedIn(s)
	if !ok || actual.ID != q.answer.ID {
		pr.mismatches++ // the search did not select what its open list said
		if !ok {
			pr.say("The step did not select a node; the question is dropped.", widget.WarningImportance)
			return
		}
	}
	right, why := explainSelection(q.alg, chosen, actual, q.open)
	pr.score(right, why)
}

// check answers an IDA* question with the marks made.
func (pr *Predictor) check() {
	q := pr.q
	if q == nil || q.alg != search.IDAStar || pr.p.running() {
		return
	}
	s, ok := pr.answerStep()
	if !ok {
		return
	}
	fates, bound, ok := prunedIn(s)
	if !ok || len(fates) != len(q.children) {
		pr.mismatches++
		pr.say("The step did not expand the node; the question is dropped.", widget.WarningImportance)
		return
	}
	wrong := 0
	var lines []string
	for i, f := range fates {
		if f.pruned != q.children[i].pruned || f.node.F() != q.children[i].node.F() {
			pr.mismatches++
		}
		verdict := ""
		if q.marks[i] != f.pruned {
			wrong++
			verdict = "  ✗ you said " + map[bool]string{true: "pruned", false: "visited"}[q.marks[i]]
		}
		lines = append(lines, fmt.Sprintf("%d. node %d (blank %s): %s%s", i+1, f.node.ID, dirWord(f.node.Move), pruneReason(f, bound), verdict))
	}
	head := fmt.Sprintf("Right: all %d children marked correctly.", len(fates))
	if wrong > 0 {
		head = fmt.Sprintf("Wrong: %d of %d %s marked wrongly.", wrong, len(fates), toolkit.Plural(len(fates), "child", "children"))
	}
	line := search.TraceLine(search.IDAStar, search.TracePrune)
	pr.score(wrong == 0, head+"\n"+strings.Join(lines, "\n")+
		fmt.Sprintf("\nA child whose f = g + h is over the bound is pruned (pseudocode line %d); the next bound is the least such f.", line))
}

// pruneReason says why a child of IDA* was pruned or kept.
func pruneReason(c predictChild, bound int) string {
	n := c.node
	if c.pruned {
		return fmt.Sprintf("f = %d = %d + %d > bound %d: pruned", n.F(), n.G, n.H, bound)
	}
	return fmt.Sprintf("f = %d = %d + %d ≤ bound %d: within the bound, visited", n.F(), n.G, n.H, bound)
}

// answerStep steps the search once for the question asked and returns what
// the step showed; false when it could not step (the panel says why).
func (pr *Predictor) answerStep() (searchSnap, bool) {
	p := pr.p
	before := p.events
	pr.answering = true
	p.step()
	pr.answering = false
	pr.q = nil
	pr.asking.Hide()
	p.frontierBox.Show()
	if p.events == before {
		pr.say("The search could not take the step; the question is dropped.", widget.WarningImportance)
		return searchSnap{}, false
	}
	s, ok := p.timeline.Current()
	return s, ok
}

// selectedIn returns the node a step selected, from its trace (or the
// event when no trace was recorded).
func selectedIn(s searchSnap) (search.Node, bool) {
	for _, e := range s.trace {
		if e.Kind == search.TraceSelect {
			return search.Node{Board: e.Board, G: e.G, H: e.H, ID: e.Node, Parent: e.Parent, Move: e.Move}, true
		}
	}
	if len(s.trace) == 0 && s.kind == search.NodeSelected {
		return s.node, true
	}
	return search.Node{}, false
}

// prunedIn returns the children an IDA* expansion generated, in move order,
// with whether each was pruned, and the bound, from the step's trace.
func prunedIn(s searchSnap) ([]predictChild, int, bool) {
	if s.kind != search.NodeExpanded {
		return nil, 0, false
	}
	var out []predictChild
	for _, e := range s.trace {
		switch e.Kind {
		case search.TraceGenerate:
			out = append(out, predictChild{node: search.Node{Board: e.Board, G: e.G, H: e.H, ID: e.Node, Parent: e.Parent, Move: e.Move}})
		case search.TracePrune:
			if len(out) > 0 && out[len(out)-1].node.ID == e.Node {
				out[len(out)-1].pruned = true
			}
		}
	}
	if len(s.trace) == 0 {
		for _, c := range s.children {
			out = append(out, predictChild{node: c.Node, pruned: c.Status == search.ChildPruned})
		}
	}
	return out, s.bound, true
}

// explainSelection says whether chosen is the node the algorithm selected
// (actual) and why; open is the front of the open list before the step, in
// selection order.
func explainSelection(alg search.Algorithm, chosen, actual search.Node, open []search.Node) (bool, string) {
	right := chosen.ID == actual.ID
	a := actual
	var why string
	switch alg {
	case search.AStar:
		why = fmt.Sprintf("Node %d comes next: f = %d = %d + %d, the lowest f in the open list", a.ID, a.F(), a.G, a.H)
		if right {
			for _, o := range open {
				if o.ID == a.ID || o.F() != a.F() {
					continue
				}
				if o.G < a.G {
					why += fmt.Sprintf("; node %d has f = %d too, but ties go to the larger g (%d > %d)", o.ID, o.F(), a.G, o.G)
				} else if o.G == a.G {
					why += fmt.Sprintf("; node %d has the same f and g: then the node put on the open list last (the larger id) goes first", o.ID)
				}
				break
			}
		} else {
			c := chosen
			switch {
			case c.F() > a.F():
				why += fmt.Sprintf(". Node %d has f = %d = %d + %d, higher", c.ID, c.F(), c.G, c.H)
			case c.G < a.G:
				why += fmt.Sprintf(". Node %d has the same f, but ties go to the larger g (%d > %d)", c.ID, a.G, c.G)
			default:
				why += fmt.Sprintf(". Node %d has the same f and g: then the node put on the open list last goes first (node %d, after node %d)", c.ID, a.ID, c.ID)
			}
		}
	case search.Greedy:
		why = fmt.Sprintf("Node %d comes next: h = %d, the lowest h in the open list (greedy search ignores g)", a.ID, a.H)
		if right {
			for _, o := range open {
				if o.ID != a.ID && o.H == a.H {
					why += fmt.Sprintf("; node %d has h = %d too, but ties go to the node added last (the larger id)", o.ID, o.H)
					break
				}
			}
		} else if c := chosen; c.H > a.H {
			why += fmt.Sprintf(". Node %d has h = %d, higher, whatever its g (%d)", c.ID, c.H, c.G)
		} else {
			why += fmt.Sprintf(". Node %d has the same h, but ties go to the node added last: node %d, after node %d", c.ID, a.ID, c.ID)
		}
	default: // breadth-first search
		why = fmt.Sprintf("Node %d comes next: it is at the front of the queue (added first, at depth %d); the queue is first in, first out", a.ID, a.G)
		if !right {
			why += fmt.Sprintf(". Node %d (depth %d) was added after it", chosen.ID, chosen.G)
		}
	}
	why += fmt.Sprintf(" (pseudocode line %d).", search.TraceLine(alg, search.TraceSelect))
	if right {
		return true, "Right. " + why
	}
	return false, fmt.Sprintf("Wrong: you picked node %d. ", chosen.ID) + why
}

// score counts an answer and shows the verdict.
func (pr *Predictor) score(right bool, why string) {
	pr.lastVerdict = why
	pr.asked++
	if right {
		pr.right++
		pr.streak++
		pr.best = max(pr.best, pr.streak)
		pr.say(why, widget.SuccessImportance)
	} else {
		pr.streak = 0
		pr.say(why, widget.DangerImportance)
	}
	pr.refreshScore()
}

// say shows a verdict or a hint.
func (pr *Predictor) say(msg string, imp widget.Importance) {
	if imp != widget.SuccessImportance && imp != widget.DangerImportance {
		pr.lastVerdict = "" // a hint
	}
	pr.Verdict.Importance = imp
	pr.Verdict.SetText(msg)
	pr.Verdict.Show()
	pr.p.notify()
}

// refreshScore shows the score.
func (pr *Predictor) refreshScore() {
	if pr.asked == 0 {
		pr.Score.SetText("Score: no answers yet.")
		return
	}
	pr.Score.SetText(fmt.Sprintf("Score: %d of %d right (%d%%) · streak %d · best streak %d",
		pr.right, pr.asked, pr.right*100/pr.asked, pr.streak, pr.best))
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
	pr.asking.Hide()
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

// dirWord names the move of the blank.
func dirWord(d board.Dir) string {
	switch d {
	case board.Up:
		return "up"
	case board.Down:
		return "down"
	case board.Left:
		return "left"
	case board.Right:
		return "right"
	}
	return d.String()
}
