package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

func TestSolveAll(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	lc, _ := NewLinearConflict(s, g)
	boards := randomBoards(t, 61, s, g, 25)
	for _, workers := range []int{0, 1, 3} {
		for _, alg := range []Algorithm{IDAStar, AStar} {
			cfg := Config{Algorithm: alg, Heuristic: lc, Goal: g}
			next := 0
			err := SolveAll(context.Background(), boards, cfg, workers, func(i int, r Result, err error) {
				if i != next {
					t.Fatalf("reported %d, want %d", i, next)
				}
				next++
				if err != nil {
					t.Fatal(err)
				}
				want, _ := Solve(context.Background(), boards[i], cfg)
				sameResult(t, "batch", r, want)
				if r.Start != boards[i] {
					t.Fatalf("result %d is for another board", i)
				}
			})
			if err != nil || next != len(boards) {
				t.Fatalf("workers %d: %v after %d reports", workers, err, next)
			}
		}
	}
}

func TestSolveAllCancel(t *testing.T) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	var boards []board.Board
	for _, inst := range board.Korf100()[:10] {
		boards = append(boards, inst.Board)
	}
	// Manhattan needs seconds for each of these: the deadline comes first.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	reports := 0
	err := SolveAll(ctx, boards, Config{Heuristic: md}, 2, func(i int, r Result, err error) {
		reports++
		if !errors.Is(err, context.DeadlineExceeded) || r.Generated == 0 {
			t.Errorf("board %d: %v after %d nodes", i, err, r.Generated)
		}
	})
	if !errors.Is(err, context.DeadlineExceeded) || reports == 0 || reports > 2 {
		t.Fatalf("err %v after %d reports", err, reports)
	}
	// Empty input reports nothing.
	if err := SolveAll(context.Background(), nil, Config{Heuristic: md}, 2, func(int, Result, error) { t.Fatal("report") }); err != nil {
		t.Fatal(err)
	}
}
