package pdb

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/slidelab/slidelab/core/board"
)

// MaxSmallGroup is the largest group size BuildAllGroups accepts: the
// dynamically partitioned heuristics use pairs and triples.
const MaxSmallGroup = 3

// AllGroups returns every group of k tiles (k-subsets of 1..N-1, each in
// ascending order, the groups in lexicographic order) for a board of n
// cells: n-1 choose k of them.
func AllGroups(n, k int) [][]int {
	var out [][]int
	cur := make([]int, 0, k)
	var rec func(next int)
	rec = func(next int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for t := next; t < n; t++ {
			cur = append(cur, t)
			rec(t + 1)
			cur = cur[:len(cur)-1]
		}
	}
	if k >= 1 && k < n {
		rec(1)
	}
	return out
}

// BuildAllGroups builds the additive table (the same 0-1 BFS as Build) of
// every group of k tiles, 1 <= k <= MaxSmallGroup, for boards of the given
// size and goal, in the order of AllGroups. The tables are tiny (240 entries for a
// pair and 3,360 for a triple on 4x4), so each is built on one goroutine and
// the groups are spread over GOMAXPROCS workers. progress, if not nil, is
// called (from the workers, serialised) with the number of tables done and
// the total. A cancelled ctx stops the construction and returns its error.
func BuildAllGroups(ctx context.Context, size board.Size, goal board.Goal, k int, progress func(done, total int)) ([]*Table, error) {
	if err := checkGroupSet(size, goal); err != nil {
		return nil, err
	}
	n := size.Cells()
	if k < 1 || k > MaxSmallGroup || k >= n {
		return nil, fmt.Errorf("%w: groups of %d tiles: want 1..%d tiles on a %s board", ErrPartition, k, min(MaxSmallGroup, n-1), size)
	}
	groups := AllGroups(n, k)
	tables := make([]*Table, len(groups))
	jobs := make(chan int)
	var mu sync.Mutex
	done := 0
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				b, err := NewBuilder(size, goal, groups[i])
				var t *Table
				if err == nil {
					b.SetWorkers(1)
					t, err = b.Run(ctx, nil)
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("building table %s: %w", formatTiles(groups[i]), err)
				}
				tables[i] = t
				done++
				if progress != nil && err == nil {
					progress(done, len(groups))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range groups {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return tables, nil
}

// checkGroupSet checks the board and goal of a set of all small groups. The
// sets serve the dynamically partitioned databases, whose search keeps tiles
// in 16-bit masks, so they are for boards of at most 16 cells.
func checkGroupSet(size board.Size, goal board.Goal) error {
	if err := checkBuild(size, goal, []int{1}); err != nil {
		return err
	}
	if size.Cells() > board.SmallCells {
		return fmt.Errorf("%w: board size %s: group sets are for boards of at most %d cells", ErrPartition, size, board.SmallCells)
	}
	return nil
}
