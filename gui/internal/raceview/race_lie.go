package raceview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// A lane whose A* or IDA* uses a heuristic that may overestimate (the
// heuristics that lie, for teaching) may find a longer solution than the
// optimum: its status and the verdict say so beside the known optimum, in
// the words of slidelab solve (search.OptimalityNote).

// lie returns the name of lane l's heuristic (without its inadmissible
// mark) when the lane runs A* or IDA* with a heuristic that may
// overestimate, else "".
func (l *RaceLane) lie() string {
	alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
	if alg != search.AStar && alg != search.IDAStar {
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
// that guarantees optimal solutions (breadth-first search, or A* or IDA*
// with an admissible heuristic), else -1.
func (r *RaceView) optimum() int {
	if n := r.session.Optimal(); n >= 0 {
		return n
	}
	best := -1
	for _, l := range r.Shown() {
		alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
		optimal := alg == search.BFS || (alg == search.AStar || alg == search.IDAStar) && l.lie() == ""
		if l.State == laneSolved && optimal && (best < 0 || l.Moves < best) {
			best = l.Moves
		}
	}
	return best
}

// solvedWords says how good lane l's solution of moves moves is, after
// "Solved in N moves": "optimal", "not necessarily optimal" for greedy
// search, or for a heuristic that lies OptimalityNote's words.
func (r *RaceView) solvedWords(l *RaceLane, moves int) string {
	if name := l.lie(); name != "" {
		return strings.TrimSuffix(strings.TrimPrefix(search.OptimalityNote(name, r.optimum(), moves), " ("), ")")
	}
	if catalog.SelectedAlgorithm(l.AlgorithmSelect) == search.Greedy {
		return "not necessarily optimal"
	}
	return "optimal"
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
