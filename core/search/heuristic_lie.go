package search

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// Heuristics that lie: three heuristics, for teaching, that may
// overestimate the number of moves left. With them A* and IDA* still find a
// solution, but not always a shortest one; the heuristic-quality lab counts
// the states they overestimate. Each says so through Overestimator, and the
// registry marks them inadmissible.

// Overestimator is implemented by heuristics that know whether they may
// overestimate. A heuristic that does not implement it is admissible (every
// heuristic of this package but those below is).
type Overestimator interface {
	// MayOverestimate reports whether some board's estimate exceeds its
	// true distance to the goal.
	MayOverestimate() bool
}

// Admissible reports whether h never overestimates: false for the
// heuristics that lie (LinearConflictPairs, ManhattanHamming, a
// WeightedManhattan of weight above 1) and for a maximum or a reflection of
// one of them.
func Admissible(h Heuristic) bool {
	o, ok := h.(Overestimator)
	return !ok || !o.MayOverestimate()
}

// MayOverestimate reports whether a part may overestimate.
func (m *Max) MayOverestimate() bool {
	for _, p := range m.parts {
		if !Admissible(p) {
			return true
		}
	}
	return false
}

// MayOverestimate reports whether the inner heuristic may overestimate.
func (r *Reflected) MayOverestimate() bool { return !Admissible(r.inner) }

// LinearConflictPairs is Manhattan distance plus 2 for every pair of
// in-line tiles in conflict (both in their goal row, or column, in the
// reverse of their goal order): linear conflict as many tutorials write it.
//
// Not admissible: three tiles of one line in reverse order form three
// conflicting pairs (+6), yet moving two of them out of the line lets the
// third pass (+4). LinearConflict counts the exact minimum instead.
type LinearConflictPairs struct {
	LinearConflict
}

// NewLinearConflictPairs returns the pair-counting linear conflict for size
// s and goal g.
func NewLinearConflictPairs(s board.Size, g board.Goal) (*LinearConflictPairs, error) {
	lc, err := NewLinearConflict(s, g)
	if err != nil {
		return nil, fmt.Errorf("lc-pairs: %w", err)
	}
	return &LinearConflictPairs{LinearConflict: *lc}, nil
}

// Name returns "lc-pairs".
func (lc *LinearConflictPairs) Name() string { return "lc-pairs" }

// MayOverestimate returns true.
func (lc *LinearConflictPairs) MayOverestimate() bool { return true }

// Estimate returns Manhattan distance plus 2 per conflicting pair.
func (lc *LinearConflictPairs) Estimate(b board.Board) int {
	h := lc.Manhattan.Estimate(b)
	s := lc.size
	var goals [board.MaxCells]int
	for r := 0; r < s.H; r++ {
		k := 0
		for c := 0; c < s.W; c++ {
			if t := b.At(r*s.W + c); t != 0 && lc.goalRow[t] == r {
				goals[k] = lc.goalCol[t]
				k++
			}
		}
		h += 2 * inversions(goals[:k])
	}
	for c := 0; c < s.W; c++ {
		k := 0
		for r := 0; r < s.H; r++ {
			if t := b.At(r*s.W + c); t != 0 && lc.goalCol[t] == c {
				goals[k] = lc.goalRow[t]
				k++
			}
		}
		h += 2 * inversions(goals[:k])
	}
	return h
}

// Update recomputes the estimate (the embedded LinearConflict's Update
// would add its own penalties).
func (lc *LinearConflictPairs) Update(next board.Board, _, _, _, _ int) int {
	return lc.Estimate(next)
}

// inversions counts the pairs i < j with xs[i] > xs[j].
func inversions(xs []int) int {
	n := 0
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			if xs[i] > xs[j] {
				n++
			}
		}
	}
	return n
}

// ManhattanHamming is Manhattan distance plus the number of misplaced tiles.
//
// Not admissible: a tile one move from its goal cell counts 2, so a board one
// move from the goal is estimated at 2.
type ManhattanHamming struct {
	Manhattan
}

// NewManhattanHamming returns Manhattan plus Hamming for size s and goal g.
func NewManhattanHamming(s board.Size, g board.Goal) (*ManhattanHamming, error) {
	m, err := NewManhattan(s, g)
	if err != nil {
		return nil, fmt.Errorf("manhattan+hamming: %w", err)
	}
	return &ManhattanHamming{Manhattan: *m}, nil
}

// Name returns "manhattan+hamming".
func (mh *ManhattanHamming) Name() string { return "manhattan+hamming" }

// MayOverestimate returns true.
func (mh *ManhattanHamming) MayOverestimate() bool { return true }

// Estimate returns the Manhattan distance plus the misplaced tiles.
func (mh *ManhattanHamming) Estimate(b board.Board) int {
	h := 0
	for p := 0; p < mh.n; p++ {
		t := b.At(p)
		if d := int(mh.dist[t][p]); d > 0 {
			h += d + 1
		}
	}
	return h
}

// Update adds the change of the moved tile's distance and misplacement.
func (mh *ManhattanHamming) Update(_ board.Board, h, tile, from, to int) int {
	miss := func(p int) int {
		if mh.dist[tile][p] > 0 {
			return 1
		}
		return 0
	}
	return h + int(mh.dist[tile][to]) - int(mh.dist[tile][from]) + miss(to) - miss(from)
}

// Weights of WeightedManhattan, in hundredths: from 0.01 to 10, with at most
// two decimals.
const (
	// MaxHeuristicWeight is the largest weight, in hundredths (10).
	MaxHeuristicWeight = 1000
	// DefaultWeight is the weight of "wmanhattan" without one (2).
	DefaultWeight = 200
)

// WeightedManhattan is w x Manhattan distance, rounded up, for a weight w
// written in hundredths.
//
// A weight of at most 1 keeps it admissible and consistent (rounded up,
// w x MD stays at most MD, and it changes by at most 1 a move); above 1 it
// overestimates every board one move from the goal (w x 1 rounds up to 2).
type WeightedManhattan struct {
	Manhattan
	// weight is w x 100.
	weight int
}

// NewWeightedManhattan returns w x Manhattan distance for size s and goal g,
// the weight given in hundredths (150 is 1.5), from 1 to MaxHeuristicWeight.
func NewWeightedManhattan(s board.Size, g board.Goal, hundredths int) (*WeightedManhattan, error) {
	if hundredths < 1 || hundredths > MaxHeuristicWeight {
		return nil, fmt.Errorf("wmanhattan: weight %s: want 0.01 to %s", FormatWeight(hundredths), FormatWeight(MaxHeuristicWeight))
	}
	m, err := NewManhattan(s, g)
	if err != nil {
		return nil, fmt.Errorf("wmanhattan: %w", err)
	}
	return &WeightedManhattan{Manhattan: *m, weight: hundredths}, nil
}

// Name returns "wmanhattan:W", such as "wmanhattan:1.5".
func (w *WeightedManhattan) Name() string { return WeightedKind + ":" + FormatWeight(w.weight) }

// Weight returns the weight in hundredths.
func (w *WeightedManhattan) Weight() int { return w.weight }

// MayOverestimate reports a weight above 1.
func (w *WeightedManhattan) MayOverestimate() bool { return w.weight > 100 }

// Estimate returns w x Manhattan distance rounded up.
func (w *WeightedManhattan) Estimate(b board.Board) int {
	return (w.Manhattan.Estimate(b)*w.weight + 99) / 100
}

// Update recomputes the estimate: the Manhattan distance is not kept.
func (w *WeightedManhattan) Update(next board.Board, _, _, _, _ int) int {
	return w.Estimate(next)
}

// WeightedKind is the registry name of WeightedManhattan ("wmanhattan:W").
const WeightedKind = "wmanhattan"

// FormatWeight writes a weight given in hundredths as a decimal: "1.5", "2",
// "0.75".
func FormatWeight(hundredths int) string {
	return strconv.FormatFloat(float64(hundredths)/100, 'f', -1, 64)
}

// ParseHeuristicWeight reads a weight of WeightedManhattan: a decimal from 0.01 to 10
// with at most two decimals ("1.5", "2", "0.75"), in hundredths.
func ParseHeuristicWeight(text string) (int, error) {
	t := strings.TrimSpace(text)
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" && frac == "" || len(whole) > 2 || len(frac) > 2 || !allDigits(whole) || !allDigits(frac) {
		return 0, fmt.Errorf("weight %q: want a decimal from 0.01 to 10 with at most two decimals, such as 1.5", text)
	}
	v := 0
	for _, c := range whole {
		v = 10*v + int(c-'0')
	}
	frac += "00"[len(frac):]
	v = 100*v + int(frac[0]-'0')*10 + int(frac[1]-'0')
	if v < 1 || v > MaxHeuristicWeight {
		return 0, fmt.Errorf("weight %q: want a decimal from 0.01 to 10", text)
	}
	return v, nil
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// AdmissibleUnder reports whether h never overestimates the cheapest cost to
// the goal under the cost model c. Under TileCost every move costs at least
// 1, so a heuristic admissible for unit costs stays admissible, and the
// tile-weighted Manhattan distance (TileManhattan) is admissible too.
func AdmissibleUnder(h Heuristic, c CostModel) bool {
	if c == TileCost {
		if _, ok := h.(*TileManhattan); ok {
			return true
		}
	}
	return Admissible(h)
}

// OptimalityNote is what is said beside the length of a solution found by
// A* or IDA* with a heuristic that may overestimate, named heuristic:
// " (not optimal: the optimum is 14; lc-pairs is inadmissible)" when the
// optimal length is known (optimal >= 0) and shorter, " (optimal, though
// lc-pairs is inadmissible)" when it is the same, " (maybe not optimal:
// lc-pairs is inadmissible)" when it is unknown. slidelab solve and the
// app's race say it alike.
func OptimalityNote(heuristic string, optimal, length int) string {
	switch {
	case optimal < 0:
		return fmt.Sprintf(" (maybe not optimal: %s is inadmissible)", heuristic)
	case length > optimal:
		return fmt.Sprintf(" (not optimal: the optimum is %d; %s is inadmissible)", optimal, heuristic)
	}
	return fmt.Sprintf(" (optimal, though %s is inadmissible)", heuristic)
}
