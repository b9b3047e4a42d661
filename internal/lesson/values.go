package lesson

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
)

// value computes one placeholder for the part's state st.
func (r *Resolver) value(ctx context.Context, ph placeholder, st *Settings) (string, error) {
	switch ph.info.kind {
	case needRun, needSolution:
		return r.runValue(ctx, ph, st)
	case needTables:
		return r.tableValue(ctx, ph, st)
	case needQuality:
		return r.qualityValue(ctx, ph, st)
	}
	return r.boardValue(ctx, ph, st)
}

// num formats a count for students: 1,234,567.
func num[T int | int64 | uint64](n T) string {
	if n < 0 {
		return "-" + digits.Group(uint64(-n), ",")
	}
	return digits.Group(uint64(n), ",")
}

// runValue computes a search counter, at the position or at the goal.
func (r *Resolver) runValue(ctx context.Context, ph placeholder, st *Settings) (string, error) {
	alg, heur := st.Algorithm, st.Heuristic
	if isAlgorithm(ph.arg) {
		alg, _ = search.ParseAlgorithm(ph.arg)
	} else if ph.arg != "" {
		heur = ph.arg
	}
	at := st.At
	if ph.info.kind == needSolution {
		at = Position{Kind: AtGoal}
	}
	run, err := r.run(ctx, st, alg, heur, at)
	if err != nil {
		return "", err
	}
	s := run.Stats
	switch ph.name {
	case "expanded":
		return num(s.Expanded), nil
	case "generated":
		return num(s.Generated), nil
	case "stored":
		return num(s.Stored), nil
	case "reopened":
		return num(s.Reopened), nil
	case "peak-open":
		return num(s.PeakOpen), nil
	case "open":
		return num(run.OpenLen), nil
	case "bound":
		return num(run.Bound), nil
	case "iterations":
		return num(run.Iterations), nil
	case "steps":
		return num(run.Steps), nil
	case "length":
		if !run.Found {
			return "", fmt.Errorf("the search found no solution")
		}
		return num(len(run.Moves)), nil
	case "moves":
		return board.FormatMoves(run.Moves), nil
	}
	n := run.Event.Node
	if !n.Board.IsValid() { // a run to the goal: the goal node
		n = search.Node{Board: board.Solved(st.Size, st.Goal), G: len(run.Moves)}
	}
	switch ph.name {
	case "g":
		return num(n.G), nil
	case "f":
		return num(n.F()), nil
	}
	return shownLine(n.Board), nil
}

// boardValue computes a placeholder of the start board.
func (r *Resolver) boardValue(ctx context.Context, ph placeholder, st *Settings) (string, error) {
	b, s := st.Board, st.Size
	switch ph.name {
	case "h", "misplaced":
		name := st.Heuristic
		if ph.name == "misplaced" {
			name = "hamming"
		} else if ph.arg != "" {
			name = ph.arg
		}
		h, err := r.heuristic(ctx, name, s, st.Goal)
		if err != nil {
			return "", err
		}
		return num(h.Estimate(b)), nil
	case "board":
		return shownLine(b), nil
	case "goal-board":
		return shownLine(board.Solved(s, st.Goal)), nil
	case "size":
		return s.String(), nil
	case "cells":
		return num(s.Cells()), nil
	case "tiles":
		return num(s.Cells() - 1), nil
	case "states", "all-states":
		f := new(big.Int).MulRange(1, int64(s.Cells()))
		if ph.name == "states" {
			f.Rsh(f, 1)
		}
		return groupBig(f.String()), nil
	case "inversions":
		return num(inversions(b)), nil
	case "blank-row":
		return num(s.H - s.Row(b.Blank())), nil
	case "solvable":
		if b.Solvable(st.Goal) {
			return "yes", nil
		}
		return "no", nil
	}
	pairs := conflictPairs(b, st.Goal)
	if ph.name == "lc-pairs" {
		return num(pairs), nil
	}
	md, err := r.heuristic(ctx, "manhattan", s, st.Goal)
	if err != nil {
		return "", err
	}
	return num(md.Estimate(b) + 2*pairs), nil
}

// groupBig puts commas into a decimal string.
func groupBig(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// inversions counts pairs of tiles (not the blank) in reading order whose
// numbers are in the wrong order.
func inversions(b board.Board) int {
	var tiles []int
	for _, t := range b.Tiles() {
		if t != 0 {
			tiles = append(tiles, t)
		}
	}
	n := 0
	for i := range tiles {
		for j := i + 1; j < len(tiles); j++ {
			if tiles[i] > tiles[j] {
				n++
			}
		}
	}
	return n
}

// conflictPairs counts pairs of tiles in linear conflict: in their goal
// row (or column), both, and in the wrong order along it.
func conflictPairs(b board.Board, g board.Goal) int {
	s := b.Size()
	n := 0
	for p := 0; p < s.Cells(); p++ {
		for q := p + 1; q < s.Cells(); q++ {
			tp, tq := b.At(p), b.At(q)
			if tp == 0 || tq == 0 {
				continue
			}
			gp, gq := g.GoalCell(s, tp), g.GoalCell(s, tq)
			if s.Row(p) == s.Row(q) && s.Row(gp) == s.Row(p) && s.Row(gq) == s.Row(q) && s.Col(gp) > s.Col(gq) {
				n++
			}
			if s.Col(p) == s.Col(q) && s.Col(gp) == s.Col(p) && s.Col(gq) == s.Col(q) && s.Row(gp) > s.Row(gq) {
				n++
			}
		}
	}
	return n
}

// tableValue computes a placeholder of the part's partition.
func (r *Resolver) tableValue(ctx context.Context, ph placeholder, st *Settings) (string, error) {
	p, err := partitionOf(st)
	if err != nil {
		return "", err
	}
	if ph.group > len(p.Groups) {
		return "", fmt.Errorf("the partition has %d groups", len(p.Groups))
	}
	switch ph.name {
	case "partition":
		var g []string
		for _, grp := range p.Groups {
			g = append(g, tilesText(grp))
		}
		return strings.Join(g, ", "), nil
	case "groups":
		return num(len(p.Groups)), nil
	case "group":
		return tilesText(p.Groups[ph.group-1]), nil
	case "entries":
		var total uint64
		for i, grp := range p.Groups {
			if ph.group == 0 || ph.group == i+1 {
				total += entries(st.Size.Cells(), len(grp))
			}
		}
		return num(total), nil
	}
	if ph.name == "pdb-h" && ph.group == 0 {
		sum := 0
		for i := range p.Groups {
			t, err := r.table(ctx, p, i)
			if err != nil {
				return "", err
			}
			sum += t.Lookup(st.Board)
		}
		return num(sum), nil
	}
	t, err := r.table(ctx, p, ph.group-1)
	if err != nil {
		return "", err
	}
	switch ph.name {
	case "pdb-h":
		return num(t.Lookup(st.Board)), nil
	case "pdb-max":
		return num(t.Stats().Max), nil
	case "pdb-mean":
		return strconv.FormatFloat(t.Stats().Mean, 'f', 2, 64), nil
	case "pdb-layers":
		return num(len(t.Layers())), nil
	}
	var states uint64
	for _, l := range t.Layers() {
		states += l.States
	}
	return num(states), nil
}

// tilesText writes a group as {1,5,6}.
func tilesText(g []int) string {
	s := make([]string, len(g))
	for i, t := range g {
		s[i] = strconv.Itoa(t)
	}
	return "{" + strings.Join(s, ",") + "}"
}

// entries is n!/(n-k)!: the placements of k tiles on n cells.
func entries(n, k int) uint64 {
	e := uint64(1)
	for i := 0; i < k; i++ {
		e *= uint64(n - i)
	}
	return e
}

// table builds (or loads) group i of p, within the table memory limit.
func (r *Resolver) table(ctx context.Context, p pdb.Partition, i int) (*pdb.Table, error) {
	k := heurKey{name: tilesText(p.Groups[i]), size: p.Size, goal: p.Goal}
	if ts, ok := r.tables[k]; ok {
		return ts[0], nil
	}
	limit := r.TableMemory
	if limit == 0 {
		limit = DefaultTableMemory
	}
	if need := pdb.BuilderMemory(p.Size, len(p.Groups[i])); need > limit {
		return nil, fmt.Errorf("building the table of %s takes about %d MiB, more than a lesson may use (%d MiB)", tilesText(p.Groups[i]), need>>20, limit>>20)
	}
	if err := r.make(); err != nil {
		return nil, err
	}
	var t *pdb.Table
	var err error
	if r.CacheDir != "" {
		t, _, _, err = pdb.LoadOrBuildTable(ctx, p, i, r.CacheDir, nil)
	} else {
		var b *pdb.Builder
		if b, err = pdb.NewBuilder(p.Size, p.Goal, p.Groups[i]); err == nil {
			t, err = b.Run(ctx, nil)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", tilesText(p.Groups[i]), err)
	}
	r.tables[k] = []*pdb.Table{t}
	return t, nil
}

// qualityValue measures a heuristic over every state of the board's size.
func (r *Resolver) qualityValue(ctx context.Context, ph placeholder, st *Settings) (string, error) {
	name := st.Heuristic
	if ph.arg != "" {
		name = ph.arg
	}
	q, err := r.measure(ctx, name, st)
	if err != nil {
		return "", err
	}
	switch ph.name {
	case "mean-h":
		return strconv.FormatFloat(q.MeanH, 'f', 2, 64), nil
	case "mean-hstar":
		return strconv.FormatFloat(q.MeanHStar, 'f', 2, 64), nil
	case "exact":
		return strconv.FormatFloat(100*q.ExactShare, 'f', 1, 64), nil
	case "over":
		return num(q.Over), nil
	case "inconsistent":
		return num(q.InconsistentEdges), nil
	case "max-jump":
		return num(q.MaxJump), nil
	}
	maxD := 0
	for _, d := range q.ByDistance {
		maxD = max(maxD, d.HStar)
	}
	return num(maxD), nil
}

// measure returns the quality lab's figures of one heuristic (cached).
func (r *Resolver) measure(ctx context.Context, name string, st *Settings) (*quality.Stats, error) {
	k := heurKey{name, st.Size, st.Goal}
	if q, ok := r.reports[k]; ok {
		return q, nil
	}
	h, err := r.heuristic(ctx, name, st.Size, st.Goal)
	if err != nil {
		return nil, err
	}
	sk := heurKey{"", st.Size, st.Goal}
	sample, ok := r.samples[sk]
	if !ok {
		if sample, err = quality.Exhaustive(ctx, st.Size, st.Goal, nil); err != nil {
			return nil, err
		}
		r.samples[sk] = sample
	}
	if err := r.make(); err != nil {
		return nil, err
	}
	rep, err := quality.Measure(ctx, sample, []compare.Heuristic{{Name: name, H: h}}, nil)
	if err != nil {
		return nil, err
	}
	r.reports[k] = &rep.Heuristics[0]
	return r.reports[k], nil
}

// shownLine is a board on one line as the app shows it to students, "_" for
// the blank ("3 1 4 / 8 7 2 / 5 6 _"); board.Parse reads it back.
func shownLine(b board.Board) string {
	f := strings.Fields(b.Line())
	for i, t := range f {
		if t == "0" {
			f[i] = "_"
		}
	}
	return strings.Join(f, " ")
}
