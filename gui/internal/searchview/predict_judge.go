package searchview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// Pick answers the question with option i (0-based): the node selected next
// (best-first search), or for IDA* it switches child i's mark between
// pruned and visited.
func (pr *Predictor) Pick(i int) {
	q := pr.Q
	if q == nil || pr.p.Running() {
		return
	}
	if q.Alg == search.IDAStar {
		if i >= 0 && i < len(q.Marks) {
			q.Marks[i] = !q.Marks[i]
			pr.refreshMarks()
		}
		return
	}
	if i < 0 || i >= len(q.Options) {
		return
	}
	chosen := q.Options[i]
	s, ok := pr.answerStep()
	if !ok {
		return
	}
	actual, ok := selectedIn(s)
	if !ok || actual.ID != q.Answer.ID {
		pr.Mismatches++ // the search did not select what its open list said
		if !ok {
			pr.say("The step did not select a node; the question is dropped.", widget.WarningImportance)
			return
		}
	}
	next := int(s.Stats.Expanded) + 1
	if actual.Board == board.Solved(actual.Board.Size(), pr.p.Session.Goal()) {
		next = 0
	}
	right, why := explainSelection(q.Alg, chosen, actual, q.Options, q.open, next)
	pr.score(right, why)
}

// check answers an IDA* question with the marks made.
func (pr *Predictor) check() {
	q := pr.Q
	if q == nil || q.Alg != search.IDAStar || pr.p.Running() {
		return
	}
	s, ok := pr.answerStep()
	if !ok {
		return
	}
	fates, bound, ok := prunedIn(s)
	if !ok || len(fates) != len(q.Children) {
		pr.Mismatches++
		pr.say("The step did not expand the node; the question is dropped.", widget.WarningImportance)
		return
	}
	wrong := 0
	var lines []string
	for i, f := range fates {
		if f.Pruned != q.Children[i].Pruned || f.Node.F() != q.Children[i].Node.F() {
			pr.Mismatches++
		}
		verdict := ""
		if q.Marks[i] != f.Pruned {
			wrong++
			verdict = "  ✗ you said " + map[bool]string{true: "pruned", false: "visited"}[q.Marks[i]]
		}
		lines = append(lines, fmt.Sprintf("Child %d (blank %s): %s%s", i+1, toolkit.DirWord(f.Node.Move), pruneReason(f, bound), verdict))
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
	n := c.Node
	if c.Pruned {
		return fmt.Sprintf("f = %d = %d + %d > bound %d: pruned", n.F(), n.G, n.H, bound)
	}
	return fmt.Sprintf("f = %d = %d + %d ≤ bound %d: within the bound, visited", n.F(), n.G, n.H, bound)
}

// answerStep steps the search once for the question asked and returns what
// the step showed; false when it could not step (the panel says why).
func (pr *Predictor) answerStep() (SearchSnap, bool) {
	p := pr.p
	before := p.Events
	pr.answering = true
	p.stepOnce()
	pr.answering = false
	pr.Q = nil
	pr.AskBox.Hide()
	p.FrontierBox.Show()
	if p.Events == before {
		pr.say("The search could not take the step; the question is dropped.", widget.WarningImportance)
		return SearchSnap{}, false
	}
	s, ok := p.Timeline.Current()
	return s, ok
}

// selectedIn returns the node a step selected, from its trace (or the
// event when no trace was recorded).
func selectedIn(s SearchSnap) (search.Node, bool) {
	for _, e := range s.Trace {
		if e.Kind == search.TraceSelect {
			return search.Node{Board: e.Board, G: e.G, H: e.H, ID: e.Node, Parent: e.Parent, Move: e.Move}, true
		}
	}
	if len(s.Trace) == 0 && s.Kind == search.NodeSelected {
		return s.Node, true
	}
	return search.Node{}, false
}

// prunedIn returns the children an IDA* expansion generated, in move order,
// with whether each was pruned, and the bound, from the step's trace.
func prunedIn(s SearchSnap) ([]predictChild, int, bool) {
	if s.Kind != search.NodeExpanded {
		return nil, 0, false
	}
	var out []predictChild
	for _, e := range s.Trace {
		switch e.Kind {
		case search.TraceGenerate:
			out = append(out, predictChild{Node: search.Node{Board: e.Board, G: e.G, H: e.H, ID: e.Node, Parent: e.Parent, Move: e.Move}})
		case search.TracePrune:
			if len(out) > 0 && out[len(out)-1].Node.ID == e.Node {
				out[len(out)-1].Pruned = true
			}
		}
	}
	if len(s.Trace) == 0 {
		for _, c := range s.Children {
			out = append(out, predictChild{Node: c.Node, Pruned: c.Status == search.ChildPruned})
		}
	}
	return out, s.Bound, true
}

// selectRule returns the rule by which alg selects the next node, word for
// word as the select line of its pseudocode states it, with the line's
// number: the verdicts cite it, and nothing else decides.
func selectRule(alg search.Algorithm) (int, string) {
	line := search.TraceLine(alg, search.TraceSelect)
	code := search.Pseudocode(alg)
	if line < 1 || line > len(code) {
		return 0, ""
	}
	return line, strings.TrimSpace(code[line-1])
}

// explainSelection says whether chosen is the node the algorithm selected
// (actual) and why. Nodes are named as the screen shows them: by their
// option number (options is the order shown, option 1 first), never by an
// internal id. open is the front of the open list before the step, in
// selection order; next, when positive, is the expansion number the
// selected node gets when it is expanded (its card "#next" and the
// narration's "Expanded node #next"); 0 when it is the goal.
func explainSelection(alg search.Algorithm, chosen, actual search.Node, options, open []search.Node, next int) (bool, string) {
	name := func(n search.Node) string {
		for i, o := range options {
			if o.ID == n.ID {
				return fmt.Sprintf("option %d", i+1)
			}
		}
		return "a node not shown"
	}
	right := chosen.ID == actual.ID
	a, c := actual, chosen
	var why string
	switch alg {
	case search.AStar:
		why = fmt.Sprintf("%s comes next: f = %d = %d + %d, the lowest f in the open list", capitalize(name(a)), a.F(), a.G, a.H)
		if right {
			for _, o := range open {
				if o.ID == a.ID || o.F() != a.F() {
					continue
				}
				if o.G < a.G {
					why += fmt.Sprintf("; %s has f = %d too, but ties go to the larger g (%d > %d)", name(o), o.F(), a.G, o.G)
				} else if o.G == a.G {
					why += fmt.Sprintf("; %s has the same f and g: then the one put in OPEN last goes first, and %s was put in after it", name(o), name(a))
				}
				break
			}
		} else {
			switch {
			case c.F() > a.F():
				why += fmt.Sprintf(". %s has f = %d = %d + %d, higher", capitalize(name(c)), c.F(), c.G, c.H)
			case c.G < a.G:
				why += fmt.Sprintf(". %s has the same f, but ties go to the larger g (%d > %d)", capitalize(name(c)), a.G, c.G)
			default:
				why += fmt.Sprintf(". %s has the same f and g: then the one put in OPEN last goes first (%s, put in after %s)", capitalize(name(c)), name(a), name(c))
			}
		}
	case search.Greedy:
		why = fmt.Sprintf("%s comes next: h = %d, the lowest h in the open list (greedy search ignores g)", capitalize(name(a)), a.H)
		if right {
			for _, o := range open {
				if o.ID != a.ID && o.H == a.H {
					why += fmt.Sprintf("; %s has h = %d too, but ties go to the one put in OPEN last, and %s was put in after it", name(o), o.H, name(a))
					break
				}
			}
		} else if c.H > a.H {
			why += fmt.Sprintf(". %s has h = %d, higher, whatever its g (%d)", capitalize(name(c)), c.H, c.G)
		} else {
			why += fmt.Sprintf(". %s has the same h, but ties go to the one put in OPEN last: %s, put in after %s", capitalize(name(c)), name(a), name(c))
		}
	default: // breadth-first search
		why = fmt.Sprintf("%s comes next: it is at the front of the queue (added first, at depth %d); the queue is first in, first out", capitalize(name(a)), a.G)
		if !right {
			why += fmt.Sprintf(". %s (depth %d) was added after it", capitalize(name(c)), c.G)
		}
	}
	if next > 0 {
		why += fmt.Sprintf(". It is expanded next, as #%d (its card in the tree)", next)
	} else {
		why += ". It is the goal"
	}
	line, rule := selectRule(alg)
	why += fmt.Sprintf(" (pseudocode line %d: %s).", line, rule)
	if right {
		return true, "Right. " + why
	}
	return false, fmt.Sprintf("Wrong: you picked %s. ", name(c)) + why
}

// score counts an answer and shows the verdict.
func (pr *Predictor) score(right bool, why string) {
	why = toolkit.ProportionalText(why)
	pr.lastVerdict = why
	pr.Asked++
	if right {
		pr.Right++
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
	pr.Verdict.SetText(toolkit.ProportionalText(msg))
	pr.Verdict.Show()
	pr.p.Notify()
}

// refreshScore shows the score.
func (pr *Predictor) refreshScore() {
	if pr.Asked == 0 {
		pr.Score.SetText("Score: no answers yet.")
		return
	}
	pr.Score.SetText(fmt.Sprintf("Score: %d of %d right (%d%%) · streak %d · best streak %d",
		pr.Right, pr.Asked, pr.Right*100/pr.Asked, pr.streak, pr.best))
}
