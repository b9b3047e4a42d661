package main

import (
	"context"
	"fmt"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

func randomCommand() command {
	return command{
		name:    "random",
		usage:   "[--size WxH] [--seed N] [--walk K] [--goal blank-last|blank-first] [--count N]",
		summary: "Print solvable random boards, one per line (uniform, or a random walk of K moves from the goal); boards that are not square are printed with \"/\" between rows.",
		run:     runRandom,
	}
}

// maxWalk is the longest random walk "random --walk" takes. A walk of a few
// hundred moves already mixes a 15-puzzle well; a million keeps every run
// short and its memory small.
const maxWalk = 1_000_000

func runRandom(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "random")
	sizeText := fs.String("size", "4x4", "board size WxH (at most 25 cells: up to 5x5, the 24-puzzle)")
	seed := fs.Uint64("seed", 0, "random seed (0: from the clock); the same seed prints the same boards")
	walk := fs.Int("walk", 0, "if > 0, scramble the goal by a random walk of this many moves (no immediate backtracking) instead of a uniform draw")
	goalText := fs.String("goal", "blank-last", "goal: blank-last or blank-first")
	count := fs.Int("count", 1, "number of boards")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	size, err := board.ParseSize(*sizeText)
	if err != nil {
		return usagef("--size: %v", err)
	}
	goal, err := board.ParseGoal(*goalText)
	if err != nil {
		return usagef("--goal: %v", err)
	}
	if *walk < 0 || *walk > maxWalk {
		return usagef("--walk %d: must be between 0 and %d (longer walks are no more random)", *walk, maxWalk)
	}
	if *count < 1 {
		return usagef("--count %d: must be at least 1", *count)
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	r := board.NewRand(*seed)
	for i := 0; i < *count; i++ {
		if err := ctx.Err(); err != nil {
			return err // a signal stops the output between two whole lines
		}
		var b board.Board
		if *walk > 0 {
			b, _, err = board.RandomWalk(r, board.Solved(size, goal), *walk)
		} else {
			b, err = board.Random(r, size, goal)
		}
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(e.stdout, formatRandom(b)); err != nil {
			return err
		}
	}
	return nil
}

// formatRandom prints a board so that "slidelab solve" reads it back as the
// same board: square boards as one row of numbers (the instance-file format),
// other shapes with "/" between rows, since their size cannot be inferred
// from the count of numbers alone.
func formatRandom(b board.Board) string {
	if s := b.Size(); s.W != s.H {
		return b.Line()
	}
	return b.Flat()
}
