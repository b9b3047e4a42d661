package lesson

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// algorithmNames are the algorithms' names for did-you-mean.
var algorithmNames = []string{"ida*", "a*", "bfs", "greedy", "astar", "idastar", "dfs", "dls", "iddfs", "ucs", "bibfs", "wa*", "rbfs", "sma*", "none"}

// heuristicNames are the registry's names and aliases for did-you-mean.
func heuristicNames() []string {
	var out []string
	for _, k := range search.HeuristicKinds() {
		out = append(out, k.Name)
		out = append(out, k.Aliases...)
	}
	return out
}

// set applies one key of a block.
func (st *Settings) set(e entry) *Error {
	v := e.value
	switch e.key {
	case "size":
		s, err := board.ParseSize(v)
		if err != nil {
			return errorf(e.line, "size: %v", err)
		}
		if s != st.Size {
			st.Size, st.Board, st.Source = s, board.Solved(s, st.Goal), "goal"
		}
	case "goal":
		g, err := board.ParseGoal(v)
		if err != nil || v == "" {
			return errorf(e.line, "%s", unknown("goal", v, []string{"blank-last", "blank-first"}))
		}
		st.Goal = g
		if st.Source == "goal" {
			st.Board = board.Solved(st.Size, g)
		}
	case "board":
		return st.setBoard(e)
	case "moves":
		moves, err := board.ParseMoves(v)
		if err != nil {
			return errorf(e.line, "%v", err)
		}
		if len(moves) > MaxMoves {
			return errorf(e.line, "moves: %d moves; at most %d", len(moves), MaxMoves)
		}
		b, err := st.Board.Apply(moves)
		if err != nil {
			return errorf(e.line, "moves %s from %s: %v", board.FormatMoves(moves), st.Board.Line(), err)
		}
		st.Board, st.Source = b, st.Source+", then "+board.FormatMoves(moves)
	case "algorithm":
		if strings.EqualFold(v, "none") {
			st.HasAlgorithm, st.At = false, Position{}
			return nil
		}
		a, err := search.ParseAlgorithm(v)
		if err != nil {
			return errorf(e.line, "%s", unknown("algorithm", v, algorithmNames))
		}
		st.Algorithm, st.HasAlgorithm = a, true
	case "weight", "depth-limit", "cycle-check", "memory-nodes", "cost":
		return st.setParam(e)
	case "heuristic":
		spec, err := parseHeuristic(v)
		if err != nil {
			return errorf(e.line, "%s", err.Error())
		}
		st.Heuristic = spec.String()
	case "partition":
		st.Partition = v
		if strings.EqualFold(v, "default") {
			st.Partition = ""
		}
	case "view":
		name := strings.ToLower(v)
		if !contains(Views, name) {
			return errorf(e.line, "%s", unknown("view", v, Views))
		}
		st.View = name
	case "overlays":
		return st.setOverlays(e)
	case "at":
		pos, err := parsePosition(v)
		if err != nil {
			return errorf(e.line, "at: %v", err)
		}
		st.At = pos
	}
	return nil
}

// parseHeuristic reads a heuristic name, with did-you-mean for a typo.
func parseHeuristic(v string) (search.HeuristicSpec, error) {
	spec, err := search.ParseHeuristic(v)
	if err == nil {
		return spec, nil
	}
	if errors.Is(err, search.ErrUnknownHeuristic) && !strings.ContainsAny(v, ":(") {
		return spec, errors.New(unknown("heuristic", v, heuristicNames()))
	}
	return spec, fmt.Errorf("heuristic: %v", err)
}

// setOverlays reads a list of overlays ("none" for none).
func (st *Settings) setOverlays(e entry) *Error {
	st.Overlays = nil
	if strings.EqualFold(e.value, "none") {
		return nil
	}
	for _, f := range strings.FieldsFunc(e.value, func(r rune) bool { return r == ',' || r == ' ' }) {
		name := strings.ToLower(f)
		if !contains(Overlays, name) {
			return errorf(e.line, "%s", unknown("overlay", f, Overlays))
		}
		if !contains(st.Overlays, name) {
			st.Overlays = append(st.Overlays, name)
		}
	}
	return nil
}

// check tests the state a block leaves: the board against size and goal,
// the heuristic against the board, the position against the algorithm.
func (st *Settings) check() *Error {
	line := func(keys ...string) int {
		n := 0
		for _, k := range keys {
			n = max(n, st.lines[k])
		}
		return n
	}
	if st.Board.Size() != st.Size {
		return errorf(line("board", "size"), "the board %s is %s, the size %s", st.Board.Line(), st.Board.Size(), st.Size)
	}
	if st.HasAlgorithm && !st.Board.Solvable(st.Goal) {
		return errorf(line("board", "goal", "moves", "algorithm"), "the board %s cannot reach the %s goal, so no search can solve it (swap two tiles, or algorithm: none)", st.Board.Line(), st.Goal)
	}
	spec, err := search.ParseHeuristic(st.Heuristic)
	if err == nil {
		err = spec.Check(st.Size, st.Goal)
	}
	if err != nil {
		return errorf(line("heuristic", "size", "board"), "%v", err)
	}
	if st.Partition != "" {
		if _, err := pdb.ParsePartition(st.Partition, st.Size, st.Goal); err != nil {
			return errorf(line("partition", "size", "board"), "partition %s: %v", st.Partition, err)
		}
	}
	if st.At.Kind != AtStart && !st.HasAlgorithm {
		return errorf(line("at", "algorithm"), "at: %s needs an algorithm (algorithm: bfs, a*, ida* or another of slidelab help algorithms)", st.At)
	}
	if st.At.Kind == AtIteration && st.Algorithm != search.IDAStar {
		return errorf(line("at", "algorithm"), "at: %s: only IDA* runs in iterations (the algorithm is %s)", st.At, st.Algorithm)
	}
	return nil
}

// parsePosition reads "start", "step N", "iteration N", "f N" (also
// "open f N", "bound N") or "goal".
func parsePosition(v string) (Position, error) {
	f := strings.Fields(strings.ToLower(v))
	if len(f) == 1 {
		switch f[0] {
		case "start":
			return Position{Kind: AtStart}, nil
		case "goal", "end", "solution":
			return Position{Kind: AtGoal}, nil
		}
	}
	if len(f) == 3 && f[0] == "open" && f[1] == "f" {
		f = f[1:]
	}
	if len(f) == 2 {
		kinds := map[string]PositionKind{"step": AtStep, "iteration": AtIteration, "f": AtF, "bound": AtF}
		if k, ok := kinds[f[0]]; ok {
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 0 || n > MaxSteps || (k == AtIteration && n == 0) {
				return Position{}, fmt.Errorf("%s %s: want a number from %d to %d", f[0], f[1], min(1, int(k-1)), MaxSteps)
			}
			return Position{Kind: k, N: n}, nil
		}
		return Position{}, errors.New(unknown("position", f[0], []string{"start", "step", "iteration", "f", "goal"}))
	}
	return Position{}, fmt.Errorf("%q: want start, step N, iteration N, f N (when the open list first holds f = N) or goal", v)
}
