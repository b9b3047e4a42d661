package pdb

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// refRun is what the reference builder gives for one group: the table, the
// statistics of every layer and the first refFrontierSample states of each
// layer's frontier, recorded after each Step.
type refRun struct {
	table     *Table
	stats     []LayerStats
	frontiers [][]State
}

// refFrontierSample is how many frontier states refRun keeps per layer.
const refFrontierSample = 40

// refRuns memoises reference builds per test binary: several tests compare
// the Builder with the same groups, and the reference build is the slow
// half (tens of seconds under the race detector for 5 tiles of the
// 15-puzzle). Tests only read the tables.
var refRuns struct {
	sync.Mutex
	m map[string]*refRun
}

// referenceRun returns the reference builder's run for a group, built on
// first use.
func referenceRun(t *testing.T, size board.Size, goal board.Goal, tiles []int) *refRun {
	t.Helper()
	key := fmt.Sprint(size, goal, tiles)
	refRuns.Lock()
	defer refRuns.Unlock()
	if r, ok := refRuns.m[key]; ok {
		return r
	}
	rb, err := newRefBuilder(size, goal, tiles)
	if err != nil {
		t.Fatal(err)
	}
	r := &refRun{}
	for {
		st, ok, err := rb.Step(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		r.stats = append(r.stats, st)
		r.frontiers = append(r.frontiers, rb.Frontier(refFrontierSample))
	}
	if r.table, err = rb.Table(); err != nil {
		t.Fatal(err)
	}
	if refRuns.m == nil {
		refRuns.m = map[string]*refRun{}
	}
	refRuns.m[key] = r
	return r
}
