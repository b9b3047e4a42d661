package compareview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// The algorithm of a comparison: any of the search chapter's twelve, with
// the parameters it takes (the command line's --weight, --depth-limit,
// --cycle-check, --memory-nodes; the cost model is the Move cost
// selector), and the runs refused before they start because they could
// only wander until a limit stops them.

// algorithmChanged shows the chosen algorithm's description and
// parameters.
func (v *CompareView) algorithmChanged() {
	alg := catalog.SelectedAlgorithm(v.AlgorithmSelect)
	in := alg.Info()
	note := fmt.Sprintf("%s, %s: %s.", catalog.LabelOf(alg), in.Group, summaryWithoutName(in.Summary))
	if !alg.UsesHeuristic() {
		note += " It uses no heuristic: every ticked column runs the same search, as slidelab compare does."
	}
	v.AlgorithmNote.SetText(note)
	v.Params.Follow(alg)
	v.clearRefusal()
	if v.settings != nil {
		v.settings.Refresh()
	}
}

// summaryWithoutName is core/search's one-line summary without the
// algorithm's name it starts with and without the command line's flags
// (the view shows its parameters under the selector).
func summaryWithoutName(summary string) string {
	if _, rest, ok := strings.Cut(summary, ": "); ok {
		summary = rest
	}
	var kept []string
	for _, part := range strings.Split(summary, "; ") {
		if !strings.Contains(part, "--") {
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, "; ")
}

// applyAlgorithm sets the chosen algorithm and its parameters in o (whose
// Cost the Move cost selector set), as the command line's flags set them.
func (v *CompareView) applyAlgorithm(o *compare.Options) {
	cfg := search.Config{Algorithm: catalog.SelectedAlgorithm(v.AlgorithmSelect)}
	p := v.Params.Values()
	p.Cost = o.Cost
	p.Apply(&cfg)
	o.Algorithm, o.Weight, o.DepthLimit, o.CycleCheck, o.MemoryNodes = cfg.Algorithm, cfg.Weight, cfg.DepthLimit, cfg.CycleCheck, cfg.MemoryNodes
}

// refusal says why a comparison with o on boards of size s would only
// wander until a limit stops it, or "" when it may run: depth-first search
// with no depth limit and no closed set (on any board without one it may
// go round in circles, and on the 15-puzzle its path grows until the node
// limit), and the searches that keep no boards and stop only at a depth
// or a solution (DFS, DLS, IDDFS) on boards over 3x3 with neither a node
// limit nor a time limit.
func refusal(o compare.Options, s board.Size) string {
	depthFirst := o.Algorithm == search.DFS || o.Algorithm == search.DLS || o.Algorithm == search.IDDFS
	switch {
	case o.Algorithm == search.DFS && o.DepthLimit == 0 && o.CycleCheck != search.CycleClosed && s.Cells() > 9:
		check := "no cycle check"
		if o.CycleCheck == search.CyclePath {
			check = "only the path checked for cycles"
		}
		return fmt.Sprintf("Depth-first search with no depth limit and %s wanders on the %d-puzzle: "+
			"its path grows for billions of moves before a limit stops it. Choose a depth limit or a closed cycle check, "+
			"or compare iterative deepening.", check, s.Cells()-1)
	case o.Algorithm == search.DFS && o.DepthLimit == 0 && o.CycleCheck == search.CycleNone:
		return "Depth-first search with no depth limit and no cycle check can go round a cycle of boards for ever. " +
			"Choose a depth limit or a cycle check (path or closed)."
	case depthFirst && s.Cells() > 9 && o.NodeLimit == 0 && o.Timeout == 0:
		return fmt.Sprintf("%s keeps no boards and stops only at a solution: on the %d-puzzle it can run for hours. "+
			"Set a node limit or seconds a run.", catalog.LabelOf(o.Algorithm), s.Cells()-1)
	}
	return ""
}

// clearRefusal takes back the message of a refused Run once the algorithm
// or a parameter changes (another message stays).
func (v *CompareView) clearRefusal() {
	if v.refused != "" && v.Error != nil && v.Error.Text == v.refused {
		v.showError("")
	}
	v.refused = ""
}
