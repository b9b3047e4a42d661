package searchview

import (
	"fmt"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// Predict mode and the search chapter's further algorithms: the quiz asks
// about the four classic ones, whose rules the verdicts explain (the open
// list's order, IDA*'s bound). For the others it says why it is off.

// predictable reports whether predict mode asks about alg.
func predictable(alg search.Algorithm) bool {
	switch alg {
	case search.IDAStar, search.AStar, search.BFS, search.Greedy:
		return true
	}
	return false
}

// predictOffReason says why predict mode asks nothing for alg.
func predictOffReason(alg search.Algorithm) string {
	switch alg {
	case search.DFS, search.DLS, search.IDDFS:
		return "depth-first order leaves nothing to guess: the next node is always the first untried child, in move order"
	case search.BiBFS:
		return "each side takes its layer in order, as breadth-first search does; ask it with Breadth-first"
	case search.RBFS:
		return "after an expansion RBFS may back up instead of selecting, so \"which node next\" has no single answer"
	case search.SMAStar:
		return "after an expansion SMA* may drop leaves first, and its choice depends on what was forgotten"
	case search.UCS, search.WAStar:
		return "its open list orders as A*'s does (by g, or by g + w·h); ask the question with A*"
	}
	return "it has no question to ask"
}

// sayHowItWorks tells how predict mode goes for the selected algorithm.
func (pr *Predictor) sayHowItWorks() {
	alg := pr.p.Algorithm()
	if !predictable(alg) {
		pr.say(fmt.Sprintf("Predict mode asks about IDA*, A*, breadth-first and greedy search; for %s it asks nothing: %s.",
			algName(alg), predictOffReason(alg)), widget.MediumImportance)
		return
	}
	pr.say("Press Step (Space): before each expansion you will be asked what the search does next.", widget.MediumImportance)
}
