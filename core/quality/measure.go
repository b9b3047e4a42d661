package quality

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// Report holds the quality figures of several heuristics on one sample.
type Report struct {
	// Size, Goal, Description and EdgeRule are the sample's.
	Size        string `json:"size"`
	Goal        string `json:"goal"`
	Description string `json:"sample"`
	EdgeRule    string `json:"edge_rule"`
	// States is the number of states with a known h*; Edges the number of
	// edges the consistency check examined.
	States int `json:"states"`
	Edges  int `json:"edges"`
	// Distances[d] is the number of states with h* = d.
	Distances []int64 `json:"distances"`
	// Heuristics holds one entry per heuristic, in the order given.
	Heuristics []Stats `json:"heuristics"`
}

// Stats are one heuristic's figures on a sample.
type Stats struct {
	// Name is the heuristic's canonical name ("manhattan", "pdb:663").
	Name string `json:"name"`
	// MeanH and MeanHStar are the means of h and h* over the states.
	MeanH     float64 `json:"mean_h"`
	MeanHStar float64 `json:"mean_hstar"`
	// Exact counts the states where h = h*, and ExactShare is their share
	// of the states (0 to 1).
	Exact      int64   `json:"exact"`
	ExactShare float64 `json:"exact_share"`
	// Inadmissible marks a heuristic that says it may overestimate
	// (search.Admissible is false): its over-estimates are expected.
	Inadmissible bool `json:"inadmissible,omitempty"`
	// Over counts the states where h > h* (an admissible heuristic has
	// none), and MaxOver is the largest h - h* (0 when Over is 0).
	Over    int64 `json:"over"`
	MaxOver int   `json:"max_over"`
	// OverByDistance says where the over-estimates are: per true distance
	// with any, the states overestimated and by how much at most.
	OverByDistance []OverRow `json:"over_by_distance,omitempty"`
	// WorstOver lists up to MaxOverExamples states overestimated the most
	// (largest h - h*, then smallest h*, then by board).
	WorstOver []OverState `json:"worst_over,omitempty"`
	// InconsistentEdges counts the edges across which h changes by more
	// than 1 (the cost of a move); a consistent heuristic has none.
	// MaxJump is the largest change of h across an edge.
	InconsistentEdges int64 `json:"inconsistent_edges"`
	MaxJump           int   `json:"max_jump"`
	// ByDistance holds, per true distance, the states and their mean h.
	ByDistance []DistanceRow `json:"by_distance"`
	// Gaps is the histogram of h* - h, by increasing gap (negative gaps
	// are the states where h > h*).
	Gaps []GapCount `json:"gap_histogram"`
	// Cells counts the states per (h*, h) pair, by h* then h: the data of
	// the heat map.
	Cells []Cell `json:"cells"`
}

// Marked returns the heuristic's name as tables and charts show it:
// followed by " (inadmissible)" when it may overestimate.
func (st Stats) Marked() string {
	if st.Inadmissible {
		return st.Name + compare.InadmissibleMark
	}
	return st.Name
}

// DistanceRow is the mean estimate of the states at one true distance.
type DistanceRow struct {
	HStar  int     `json:"hstar"`
	States int64   `json:"states"`
	MeanH  float64 `json:"mean_h"`
}

// OverRow counts the over-estimates at one true distance.
type OverRow struct {
	HStar   int   `json:"hstar"`
	States  int64 `json:"states"`
	MaxOver int   `json:"max_over"`
}

// OverState is one state a heuristic overestimates.
type OverState struct {
	// Board lists the tiles row by row, 0 for the blank.
	Board string `json:"board"`
	H     int    `json:"h"`
	HStar int    `json:"hstar"`
}

// MaxOverExamples is the most states Stats.WorstOver lists.
const MaxOverExamples = 10

// GapCount is one bar of the histogram of h* - h.
type GapCount struct {
	Gap    int   `json:"gap"`
	States int64 `json:"states"`
}

// Cell is one cell of the (h*, h) heat map.
type Cell struct {
	HStar  int   `json:"hstar"`
	H      int   `json:"h"`
	States int64 `json:"states"`
}

// Explanations for the figures, shown by the CLI and the GUI.
const (
	// AboutOver explains the admissibility column.
	AboutOver = "h > h*: states where the heuristic overestimates the true distance. " +
		"An admissible heuristic never does, so this must be 0: only then are IDA* and A* guaranteed to return optimal solutions. " +
		"Here it is counted over every state of the sample, not assumed."
	// AboutInconsistent explains the consistency column.
	AboutInconsistent = "Inconsistent edges: moves across which h changes by more than 1. A move costs 1, so a consistent " +
		"heuristic (h(a) <= 1 + h(b) for neighbours a, b) changes by at most 1, and A* never reopens a node. " +
		"Manhattan distance changes by exactly 1 on every move (one tile moves one cell): 0 such edges. " +
		"An additive pattern database counts only the moves of its own pattern's tiles: moving any other tile " +
		"costs 0 in its table. So each table stores, per placement of its tiles, the least cost over all blank " +
		"positions: it forgets where the blank is. After one move of a pattern tile, the new placement's entry may " +
		"assume the blank sits elsewhere (reached for free), and that table's value can fall by 2 or more in a " +
		"single move: admissible (the sum never overestimates), yet not consistent. A* still finds optimal " +
		"solutions with it, but must reopen closed nodes. The maximum of consistent heuristics stays consistent."
)

// Measure evaluates each heuristic on every board of the sample and returns
// the figures. progress, when not nil, receives reports while a heuristic is
// measured. A heuristic made for another size or goal is an error.
func Measure(ctx context.Context, s *Sample, hs []compare.Heuristic, progress func(Progress)) (*Report, error) {
	if s == nil || len(s.HStar) == 0 {
		return nil, fmt.Errorf("quality: empty sample")
	}
	if len(s.HStar) > len(s.Boards) {
		return nil, fmt.Errorf("quality: sample has %d distances for %d boards", len(s.HStar), len(s.Boards))
	}
	r := &Report{
		Size: s.Size.String(), Goal: s.Goal.String(),
		Description: s.Description, EdgeRule: s.EdgeRule,
		States: len(s.HStar), Edges: len(s.Edges),
	}
	for _, d := range s.HStar {
		if d < 0 {
			return nil, fmt.Errorf("quality: negative true distance %d", d)
		}
		for len(r.Distances) <= d {
			r.Distances = append(r.Distances, 0)
		}
		r.Distances[d]++
	}
	h := make([]int, len(s.Boards))
	for _, hh := range hs {
		if d, ok := hh.H.(search.Domain); ok {
			if size, goal := d.Domain(); size != s.Size || goal != s.Goal {
				return nil, fmt.Errorf("quality: heuristic %s is for %s boards with the %s goal, not %s with %s", hh.Name, size, goal, s.Size, s.Goal)
			}
		}
		total := len(s.Boards)
		for i, b := range s.Boards {
			if i%progressEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				report(progress, Progress{Stage: "measuring " + hh.Name, Done: i, Total: total})
			}
			h[i] = hh.H.Estimate(b)
		}
		report(progress, Progress{Stage: "measuring " + hh.Name, Done: total, Total: total})
		st := stats(hh.Name, s, h)
		st.Inadmissible = hh.H != nil && !search.Admissible(hh.H)
		r.Heuristics = append(r.Heuristics, st)
	}
	return r, nil
}

// stats computes one heuristic's figures from its values h on s.Boards.
func stats(name string, s *Sample, h []int) Stats {
	st := Stats{Name: name}
	n := len(s.HStar)
	var sumH, sumHStar int64
	type acc struct{ states, sumH int64 }
	byD := map[int]*acc{}
	gaps := map[int]int64{}
	cells := map[[2]int]int64{}
	for i, hs := range s.HStar {
		v := h[i]
		sumH += int64(v)
		sumHStar += int64(hs)
		switch {
		case v == hs:
			st.Exact++
		case v > hs:
			st.Over++
			st.MaxOver = max(st.MaxOver, v-hs)
		}
		a := byD[hs]
		if a == nil {
			a = &acc{}
			byD[hs] = a
		}
		a.states++
		a.sumH += int64(v)
		gaps[hs-v]++
		cells[[2]int{hs, v}]++
	}
	st.MeanH = float64(sumH) / float64(n)
	st.MeanHStar = float64(sumHStar) / float64(n)
	st.ExactShare = float64(st.Exact) / float64(n)
	for _, e := range s.Edges {
		j := h[e[0]] - h[e[1]]
		if j < 0 {
			j = -j
		}
		if j > 1 {
			st.InconsistentEdges++
		}
		st.MaxJump = max(st.MaxJump, j)
	}
	st.OverByDistance, st.WorstOver = overestimates(s, h)
	for d, a := range byD {
		st.ByDistance = append(st.ByDistance, DistanceRow{HStar: d, States: a.states, MeanH: float64(a.sumH) / float64(a.states)})
	}
	sort.Slice(st.ByDistance, func(i, j int) bool { return st.ByDistance[i].HStar < st.ByDistance[j].HStar })
	for g, c := range gaps {
		st.Gaps = append(st.Gaps, GapCount{Gap: g, States: c})
	}
	sort.Slice(st.Gaps, func(i, j int) bool { return st.Gaps[i].Gap < st.Gaps[j].Gap })
	for k, c := range cells {
		st.Cells = append(st.Cells, Cell{HStar: k[0], H: k[1], States: c})
	}
	sort.Slice(st.Cells, func(i, j int) bool {
		a, b := st.Cells[i], st.Cells[j]
		if a.HStar != b.HStar {
			return a.HStar < b.HStar
		}
		return a.H < b.H
	})
	return st
}

// overestimates returns where h exceeds h* on s: per true distance, and the
// states overestimated the most.
func overestimates(s *Sample, h []int) ([]OverRow, []OverState) {
	byD := map[int]*OverRow{}
	var worst []int                // indices into s.HStar
	worse := func(i, j int) bool { // state i before state j in WorstOver
		oi, oj := h[i]-s.HStar[i], h[j]-s.HStar[j]
		if oi != oj {
			return oi > oj
		}
		if s.HStar[i] != s.HStar[j] {
			return s.HStar[i] < s.HStar[j]
		}
		return s.Boards[i].Line() < s.Boards[j].Line()
	}
	for i, hs := range s.HStar {
		over := h[i] - hs
		if over <= 0 {
			continue
		}
		row := byD[hs]
		if row == nil {
			row = &OverRow{HStar: hs}
			byD[hs] = row
		}
		row.States++
		row.MaxOver = max(row.MaxOver, over)
		// Keep the MaxOverExamples worst, sorted (insertion: the list is short).
		if len(worst) == MaxOverExamples && !worse(i, worst[len(worst)-1]) {
			continue
		}
		k := sort.Search(len(worst), func(k int) bool { return worse(i, worst[k]) })
		worst = append(worst, 0)
		copy(worst[k+1:], worst[k:])
		worst[k] = i
		if len(worst) > MaxOverExamples {
			worst = worst[:MaxOverExamples]
		}
	}
	var rows []OverRow
	for _, row := range byD {
		rows = append(rows, *row)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].HStar < rows[j].HStar })
	var states []OverState
	for _, i := range worst {
		states = append(states, OverState{Board: s.Boards[i].Flat(), H: h[i], HStar: s.HStar[i]})
	}
	return rows, states
}

// Admissible reports whether no heuristic overestimated any state.
func (r *Report) Admissible() bool {
	for _, h := range r.Heuristics {
		if h.Over > 0 {
			return false
		}
	}
	return true
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("writing json: %w", err)
	}
	return nil
}

// FormatShare formats a share (0 to 1) as a percentage: one decimal, two
// below 1% so that a small share does not read as none ("0.04%").
func FormatShare(f float64) string {
	p := 100 * f
	if p > 0 && p < 1 {
		return strconv.FormatFloat(p, 'f', 2, 64) + "%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}
