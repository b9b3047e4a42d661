package main

import (
	"context"
	"flag"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// korf24Heuristic is bench solve's heuristic for --set korf24 when
// --heuristic is not given: Korf and Felner's 6-6-6-6 partition with the
// reflected lookup.
const korf24Heuristic = "pdb:6666+reflect"

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
