package main

import (
	"context"
	"flag"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// korf24Second is the second partition of bench solve's default heuristic
// for --set korf24, for the blank-last goal: Clausecker's best single
// 6-6-6-6 partition of the 24-puzzle (his catalogue best-single.cat, written
// for the blank-first goal as {1,2,5,6,10,11} {3,4,7,8,9,12}
// {13,14,18,19,23,24} {15,16,17,20,21,22}) turned by 180 degrees, as the
// presets are. Its two blocks are images of 6666's, so two tables are built.
var korf24Second = [][]int{{14, 15, 19, 20, 23, 24}, {13, 16, 17, 18, 21, 22}, {1, 2, 6, 7, 11, 12}, {3, 4, 5, 8, 9, 10}}

// korf24Heuristic returns bench solve's heuristic for --set korf24 when
// --heuristic is not given, for goal g: the larger of Korf and Felner's
// 6-6-6-6 with the reflected lookup and korf24Second (three sums, looked up
// lazily by the max kernel). Measured in docs/performance.md: a third fewer
// nodes than 6-6-6-6 + reflect in about the same time; korf24Second's own
// reflection would save 4 % more nodes for 15-30 % more time.
func korf24Heuristic(g board.Goal) string {
	n := board.Size5x5.Cells()
	groups := make([]string, len(korf24Second))
	for i, grp := range korf24Second {
		tiles := make([]string, len(grp))
		for j, t := range grp {
			if g == board.BlankFirst {
				t = n - t
			}
			tiles[j] = strconv.Itoa(t)
		}
		groups[i] = strings.Join(tiles, ",")
	}
	return "max(pdb:6666+reflect,pdb:" + strings.Join(groups, "/") + ")"
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// solveBench is search.SolveAll, except that boards of more than 16 cells
// solved by IDA* are taken one at a time, each by parallel IDA* on all the
// workers: a 24-puzzle search takes minutes, so the time of each board
// alone is what a reader compares with published figures.
func solveBench(ctx context.Context, boards []board.Board, cfg search.Config, workers int, report func(int, search.Result, error)) error {
	if !oneBoardAtATime(cfg, boards) {
		return search.SolveAll(ctx, boards, cfg, workers, report)
	}
	for i, b := range boards {
		err := search.SolveAll(ctx, []board.Board{b}, cfg, workers, func(_ int, r search.Result, err error) { report(i, r, err) })
		if err != nil {
			return err
		}
	}
	return nil
}

// oneBoardAtATime reports whether solveBench takes the boards one at a time,
// each split over all the workers (so a board's time is wall time on all of
// them, not one core's).
func oneBoardAtATime(cfg search.Config, boards []board.Board) bool {
	return cfg.Algorithm == search.IDAStar && len(boards) > 0 && boards[0].Size().Cells() > board.SmallCells
}
