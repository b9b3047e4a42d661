package raceview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// A lane whose optimal algorithm (A*, IDA*, SMA*, RBFS) uses a heuristic
// that may overestimate (the heuristics that lie, for teaching) may find a
// longer solution than the optimum: its status and the verdict say so
// beside the known optimum, in the words of slidelab solve
// (search.OptimalityNote). A lane whose algorithm does not promise a
// shortest solution (greedy, depth-first, depth-limited, weighted A*) says
// so too, with the optimum when it is known.

// lie returns the name of lane l's heuristic (without its inadmissible
// mark) when the lane runs an algorithm that promises a shortest solution
// with an admissible heuristic (A*, IDA*, SMA*, RBFS) with one that may
// overestimate, else "".
func (l *RaceLane) lie() string {
	alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
	if !alg.UsesHeuristic() || !alg.Info().Optimal {
		return ""
	}
	for _, o := range l.opts {
		if o.Label == l.HeuristicSelect.Selected && o.Inadmissible {
			return o.BaseLabel()
		}
	}
	return ""
}

// optimum returns the board's known optimal length: the session's (Korf's
// instances), else the shortest solution a solved lane found with a search
// that guarantees optimal solutions (breadth-first search and the other
// optimal uninformed ones, or A*, IDA*, SMA* or RBFS with an admissible
// heuristic), else -1.
func (r *RaceView) optimum() int {
	if n := r.session.Optimal(); n >= 0 {
		return n
	}
	best := -1
	for _, l := range r.Shown() {
		optimal := catalog.SelectedAlgorithm(l.AlgorithmSelect).Info().Optimal && l.lie() == ""
		if l.State == laneSolved && optimal && (best < 0 || l.Moves < best) {
			best = l.Moves
		}
	}
	return best
}

// solvedWords says how good lane l's solution of moves moves is, after
// "Solved in N moves": "optimal"; for a heuristic that lies
// OptimalityNote's words; for an algorithm that does not promise a
// shortest solution "not optimal: the optimum is N" or "optimal, though
// greedy best-first does not promise it" when the optimum is known, else
// "not necessarily optimal" (weighted A*: with its bound w·C*).
func (r *RaceView) solvedWords(l *RaceLane, moves int) string {
	if name := l.lie(); name != "" {
		return strings.TrimSuffix(strings.TrimPrefix(search.OptimalityNote(name, r.optimum(), moves), " ("), ")")
	}
	alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
	if alg.Info().Optimal {
		return "optimal"
	}
	opt := r.optimum()
	bound := ""
	if alg == search.WAStar && opt >= 0 {
		w := l.Params.Values().Weight
		bound = fmt.Sprintf("; weighted A* promises at most w·C* = %s × %d = %s", strconv.FormatFloat(w, 'f', -1, 64), opt,
			strconv.FormatFloat(w*float64(opt), 'f', -1, 64))
	}
	switch {
	case opt >= 0 && moves > opt:
		return fmt.Sprintf("not optimal: the optimum is %d%s", opt, bound)
	case opt >= 0:
		return fmt.Sprintf("optimal, though %s does not promise it", l.AlgorithmSelect.Selected)
	}
	return "not necessarily optimal"
}

// lieNote is the verdict's sentence on the solved lanes whose heuristic
// lies: the length each found beside the optimum; "" when none lies.
func (r *RaceView) lieNote(solved []int) string {
	lanes := r.Shown()
	var notes []string
	for _, i := range solved {
		if name := lanes[i].lie(); name != "" {
			notes = append(notes, fmt.Sprintf("%s found %d moves%s", r.laneName(i), lanes[i].Moves, search.OptimalityNote(name, r.optimum(), lanes[i].Moves)))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return " " + strings.Join(notes, "; ") + "."
}
