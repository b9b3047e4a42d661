package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// instanceSets are the named instance sets a board may come from.
var instanceSets = map[string]func() []board.Instance{
	"korf100":   board.Korf100,
	"korf24":    board.Korf24,
	"hardest80": board.Hardest80,
}

// setBoard reads the board key: "goal", "korf100:9", "hardest80:3",
// "random seed S", "random walk K seed S", or the board's numbers.
func (st *Settings) setBoard(e entry) *Error {
	v := strings.TrimSpace(e.value)
	lower := strings.ToLower(v)
	switch {
	case lower == "goal" || lower == "solved":
		st.Board, st.Source = board.Solved(st.Size, st.Goal), "goal"
		return nil
	case strings.HasPrefix(lower, "random"):
		return st.randomBoard(e.line, strings.Fields(lower))
	}
	if name, num, ok := strings.Cut(lower, ":"); ok {
		return st.instance(e.line, strings.TrimSpace(name), strings.TrimSpace(num))
	}
	size := board.Size{}
	if st.lines["size"] != 0 {
		size = st.Size
	}
	b, err := board.Parse(v, size)
	if err != nil {
		return errorf(e.line, "board %q: %v", short(v), err)
	}
	st.Board, st.Size, st.Source = b, b.Size(), b.Line()
	return nil
}

// instance sets the board to instance num (1-based) of a named set.
func (st *Settings) instance(line int, name, num string) *Error {
	set, ok := instanceSets[name]
	if !ok {
		return errorf(line, "%s", unknown("instance set", name, []string{"korf100", "korf24", "hardest80"}))
	}
	all := set()
	i, err := strconv.Atoi(num)
	if err != nil || i < 1 || i > len(all) {
		return errorf(line, "%s:%s: want an instance from 1 to %d", name, short(num), len(all))
	}
	b := all[i-1].Board
	if st.Goal == board.BlankFirst {
		b = board.ConvertGoal(b)
	}
	st.Board, st.Size, st.Source = b, b.Size(), fmt.Sprintf("%s:%d", name, i)
	return nil
}

// randomBoard reads "random seed S" (a uniformly drawn solvable board) and
// "random walk K seed S" (K random moves from the goal).
func (st *Settings) randomBoard(line int, f []string) *Error {
	walk := -1
	var seed uint64
	haveSeed := false
	for i := 1; i < len(f); i += 2 {
		if i+1 >= len(f) {
			return errorf(line, "board: %s needs a number", f[i])
		}
		n, err := strconv.ParseUint(f[i+1], 10, 64)
		if err != nil {
			return errorf(line, "board: %s %s: want a number", f[i], short(f[i+1]))
		}
		switch f[i] {
		case "walk":
			if n > MaxWalk {
				return errorf(line, "board: walk %d: at most %d moves", n, MaxWalk)
			}
			walk = int(n)
		case "seed":
			seed, haveSeed = n, true
		default:
			return errorf(line, "board: %s", unknown("random board option", f[i], []string{"walk", "seed"}))
		}
	}
	if !haveSeed {
		return errorf(line, "board: a random board needs a seed (random seed 7, random walk 30 seed 7) so every run shows the same board")
	}
	r := board.NewRand(seed)
	if walk < 0 {
		b, err := board.Random(r, st.Size, st.Goal)
		if err != nil {
			return errorf(line, "board: %v", err)
		}
		st.Board, st.Source = b, fmt.Sprintf("random %s board, seed %d", st.Size, seed)
		return nil
	}
	b, _, err := board.RandomWalk(r, board.Solved(st.Size, st.Goal), walk)
	if err != nil {
		return errorf(line, "board: %v", err)
	}
	st.Board, st.Source = b, fmt.Sprintf("random walk of %d moves from the goal, seed %d", walk, seed)
	return nil
}

// short cuts s for a message.
func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
