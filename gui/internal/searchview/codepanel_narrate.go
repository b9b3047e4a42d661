package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Narration: one sentence in plain words for each event the search panel
// shows, built from the trace events the event stands for (its select,
// expand, generate, duplicate, improve, reopen, prune, iteration or goal
// events), as a teacher would say it: "Expanded node #17 (the 17th
// expansion), f = 38 = 20 + 18, the lowest f in the open list; 3 moves of the
// blank: one leads back to the parent and is skipped, one is new, one was
// already closed with a smaller g."
//
// Nodes are numbered as the tree's cards number them: "#k" is the k-th
// expansion of the search (every IDA* pass counted), the trace's expanded
// count at that event. A node not yet expanded has no number, on a card
// or here; the trace's internal node ids are never shown.

// NoTraceNarration is the narration of an event shown without a trace: the
// end of a full-speed run, which records none.
const NoTraceNarration = "Run to end searched at full speed and recorded no trace, so there is nothing to narrate " +
	"for it; Reset and step, play or jump to follow the search line by line."

// narrate returns the sentence for the event s of a search ordered by k
// (its algorithm, and weighted A*'s weight).
func narrate(k orderKey, s SearchSnap) string {
	alg := k.alg
	if len(s.Trace) == 0 {
		if s.Desc != "" {
			return NoTraceNarration
		}
		return ""
	}
	if text, ok := narrateChapterEvent(alg, s); ok {
		return text
	}
	first := s.Trace[0]
	switch first.Kind {
	case search.TraceIteration:
		return narrateIteration(first, s.Iteration)
	case search.TraceSelect:
		return narrateSelect(k, first)
	case search.TraceGoal:
		return narrateGoal(alg, first, s)
	case search.TraceExpand:
		return narrateExpand(k, s.Trace, int(s.Stats.Expanded))
	}
	return fmt.Sprintf("%s a node.", capitalize(first.Kind.String()))
}

// narrateIteration narrates the start of IDA*'s pass number iteration.
func narrateIteration(e search.TraceEvent, iteration int) string {
	if iteration <= 1 {
		return fmt.Sprintf("Iteration 1: IDA* starts a depth-first pass from the start with bound = h(start) = %d.", e.Bound)
	}
	return fmt.Sprintf("Iteration %d: the last pass did not reach the goal, so IDA* starts again from the start "+
		"with bound %d, the least f that was over the previous bound.", iteration, e.Bound)
}

// narrateSelect narrates the choice of the next node.
func narrateSelect(k orderKey, e search.TraceEvent) string {
	switch k.alg {
	case search.AStar:
		return fmt.Sprintf("Selected the node with f = %s, the lowest f in the open list; it leaves the open list.", fSum(e))
	case search.Greedy:
		return fmt.Sprintf("Selected the node with h = %d (g = %d), the lowest h in the open list; it leaves the open list.", e.H, e.G)
	case search.BFS:
		return fmt.Sprintf("Took the node at the front of the queue, at depth %d.", e.G)
	case search.IDAStar:
		return fmt.Sprintf("Visiting a node at depth %d: f = %s ≤ bound %d, so IDA* goes into it.", e.G, fSum(e), e.Bound)
	}
	if text, ok := narrateChapterSelect(k, e); ok {
		return text
	}
	return "Selected a node."
}

// narrateGoal narrates the end of the search.
func narrateGoal(alg search.Algorithm, e search.TraceEvent, s SearchSnap) string {
	quality := "optimal"
	switch {
	case alg == search.Greedy:
		quality = "not necessarily optimal: greedy search ignores g"
	case alg == search.WAStar:
		quality = "at most w times the optimum, not necessarily optimal"
	case !alg.Info().Optimal:
		quality = "not necessarily optimal: depth-first order finds a path, not the shortest"
	}
	moves := len(s.moves)
	if s.moves == nil {
		moves = e.G
	}
	what := "The node selected is the goal"
	switch {
	case e.Parent < 0:
		what = "The start is the goal"
	case alg == search.BFS:
		what = fmt.Sprintf("A child of #%d, just generated, is the goal (BFS tests children when it generates them)", s.Stats.Expanded)
	}
	return fmt.Sprintf("%s: solved in %d %s (g = %d), %s.", what, moves, toolkit.Plural(moves, "move", "moves"), e.G, quality)
}

// childFate is what the search did with one generated child, for grouping
// the children of an expansion in the sentence.
type childFate struct {
	key  string // the group's words, after the count ("is new")
	many string // the same for more than one child ("are new")
	f    int    // the child's f (pruned children list theirs)
}

// narrateExpand narrates an expansion from its expand event and the events
// of its children that follow; k is its expansion number (its card "#k").
func narrateExpand(key orderKey, trace []search.TraceEvent, k int) string {
	alg := key.alg
	e := trace[0]
	var b strings.Builder
	fmt.Fprintf(&b, "Expanded node #%d (the %s expansion)", k, ordinal(k))
	switch alg {
	case search.AStar:
		fmt.Fprintf(&b, ", f = %s, the lowest f in the open list", fSum(e))
	case search.Greedy:
		fmt.Fprintf(&b, ", h = %d (g = %d), the lowest h in the open list", e.H, e.G)
	case search.BFS:
		fmt.Fprintf(&b, " at depth %d", e.G)
	case search.IDAStar:
		fmt.Fprintf(&b, " at depth %d, f = %s ≤ bound %d", e.G, fSum(e), e.Bound)
	default:
		b.WriteString(chapterExpandHead(key, e))
	}

	// The fates of the children, grouped in the order they first occur.
	var order []string
	groups := map[string][]childFate{}
	add := func(c childFate) {
		if _, ok := groups[c.key]; !ok {
			order = append(order, c.key)
		}
		groups[c.key] = append(groups[c.key], c)
	}
	children := 0
	for i := 1; i < len(trace); i++ {
		g := trace[i]
		if g.Kind != search.TraceGenerate {
			continue
		}
		children++
		var next *search.TraceEvent
		if i+1 < len(trace) && trace[i+1].Node == g.Node && trace[i+1].Kind != search.TraceGenerate {
			next = &trace[i+1]
		}
		add(fateOf(alg, g, next))
	}

	moves := children
	skipped := 0
	if e.Board.IsValid() {
		moves = len(e.Board.LegalMoves(make([]board.Dir, 0, 4)))
		skipped = moves - children
	}
	fmt.Fprintf(&b, "; %d %s of the blank", moves, toolkit.Plural(moves, "move", "moves"))
	var parts []string
	if skipped > 0 {
		if e.Parent >= 0 && skipped == 1 {
			parts = append(parts, "one leads back to the parent and is skipped")
		} else {
			parts = append(parts, fmt.Sprintf("%s %s skipped", countWord(skipped), toolkit.Plural(skipped, "is", "are")))
		}
	}
	for _, k := range order {
		cs := groups[k]
		words := cs[0].key
		if len(cs) > 1 {
			words = cs[0].many
		}
		part := countWord(len(cs)) + " " + words
		if strings.Contains(k, "pruned") {
			fs := make([]string, len(cs))
			for i, c := range cs {
				fs[i] = fmt.Sprint(c.f)
			}
			part += fmt.Sprintf(" (f = %s > %d)", strings.Join(fs, ", "), e.Bound)
		}
		parts = append(parts, part)
	}
	if len(parts) > 0 {
		b.WriteString(": " + joinParts(parts))
	}
	b.WriteString(".")
	return b.String()
}

// fateOf says what the search did with the child whose generate event is g;
// next is the event about the same child that followed it, if any
// (duplicate, improve, reopen or prune).
func fateOf(alg search.Algorithm, g search.TraceEvent, next *search.TraceEvent) childFate {
	c := childFate{f: g.F}
	if cf, ok := chapterFate(alg, next); ok {
		cf.f = g.F
		return cf
	}
	if next == nil {
		switch alg {
		case search.IDAStar:
			c.key, c.many = "is within the bound", "are within the bound"
		case search.BFS:
			c.key, c.many = "is new and joins the back of the queue", "are new and join the back of the queue"
		default:
			c.key, c.many = "is new", "are new"
		}
		return c
	}
	switch next.Kind {
	case search.TracePrune:
		c.key, c.many = "is pruned", "are pruned"
	case search.TraceDuplicate:
		if alg == search.Greedy || alg == search.BFS {
			c.key, c.many = "was already reached and is dropped", "were already reached and are dropped"
			break
		}
		where := "on the open list"
		if next.EarlierClosed {
			where = "closed"
		}
		than := "a smaller g"
		if next.EarlierG == next.G {
			than = "the same g"
		}
		c.key = fmt.Sprintf("was already %s with %s", where, than)
		c.many = fmt.Sprintf("were already %s with %s", where, than)
	case search.TraceImprove:
		c.key = "was on the open list with a larger g and gets the shorter path"
		c.many = "were on the open list with a larger g and get the shorter paths"
	case search.TraceReopen:
		c.key = "was closed with a larger g and is reopened (h is not consistent)"
		c.many = "were closed with a larger g and are reopened (h is not consistent)"
	default:
		c.key, c.many = "is "+next.Kind.String(), "are "+next.Kind.String()
	}
	return c
}

// fSum writes an event's f as "38 = 20 + 18".
func fSum(e search.TraceEvent) string { return fmt.Sprintf("%d = %d + %d", e.F, e.G, e.H) }

// ordinal writes n as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n, suffix)
}

// countWord spells small counts out ("one", "two") as a sentence does.
func countWord(n int) string {
	words := []string{"none", "one", "two", "three", "four"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// joinParts joins the parts of a list with commas.
func joinParts(parts []string) string { return strings.Join(parts, ", ") }

// capitalize upper-cases the first letter of an ASCII word.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
