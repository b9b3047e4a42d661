package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// TestBenchKorf24Set checks the korf24 set: 50 solvable 5x5 boards for both
// goals, instance numbers checked, and a search stopped by its node limit
// reported as a failure rather than a crash (the 6666 tables are not built
// here: a small partition stands in).
func TestBenchKorf24Set(t *testing.T) {
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		insts, err := benchInstances("korf24", g)
		if err != nil {
			t.Fatal(err)
		}
		if len(insts) != board.Korf24Count {
			t.Fatalf("%d instances", len(insts))
		}
		for i, in := range insts {
			if in.Board.Size() != board.Size5x5 || !in.Board.Solvable(g) || in.Optimal < 1 {
				t.Fatalf("instance %d for %s: %s, optimal %d", i+1, g, in.Board.Size(), in.Optimal)
			}
		}
	}
	code, _, errOut := runCLI(t, "", "bench", "solve", "--set", "korf24", "--only", "51")
	if code != 2 || !strings.Contains(errOut, "1..50") {
		t.Errorf("--only 51: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "bench", "solve", "--set", "korf24", "--only", "40",
		"--heuristic", "pdb:1,2,3/4,5,10/6,7,8/9,14,15/11,12,13/16,17,21/18,19,20/22,23,24",
		"--cache", t.TempDir(), "--node-limit", "10000")
	if code == 0 || !strings.Contains(errOut, "instance 40") || !strings.Contains(errOut, "node limit") {
		t.Errorf("node limit: exit %d, %q", code, errOut)
	}
}

// TestKorf24Heuristic checks the default heuristic of --set korf24: the
// maximum of 6666 with the reflected lookup and a second partition, each of
// the 24 tiles once, and the
// blank-first partition the blank-last one turned by 180 degrees (the same
// goal cells, turned).
func TestKorf24Heuristic(t *testing.T) {
	s := board.Size5x5
	cells := map[board.Goal][]map[int]bool{}
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		spec, err := search.ParseHeuristic(korf24Heuristic(g))
		if err != nil {
			t.Fatal(err)
		}
		if !spec.IsMax() || len(spec.Parts) != 2 {
			t.Fatalf("%s: not a maximum of two", spec)
		}
		if !spec.Parts[0].Reflect || spec.Parts[0].Partition != "6666" || spec.Parts[1].Reflect {
			t.Fatalf("%s: %s, want 6666+reflect and a partition without it", g, spec)
		}
		for _, part := range spec.Parts {
			p, err := pdb.ParsePartition(part.Partition, s, g)
			if err != nil {
				t.Fatalf("%s: %v", g, err)
			}
			seen := map[int]bool{}
			var groupCells []map[int]bool
			for _, grp := range p.Groups {
				gc := map[int]bool{}
				for _, tile := range grp {
					seen[tile] = true
					c := g.GoalCell(s, tile)
					if g == board.BlankFirst {
						c = s.Cells() - 1 - c
					}
					gc[c] = true
				}
				groupCells = append(groupCells, gc)
			}
			if len(seen) != s.Cells()-1 {
				t.Fatalf("%s: %s covers %d tiles", g, part, len(seen))
			}
			if part.Partition != "6666" {
				cells[g] = groupCells
			}
		}
	}
	if fmt.Sprint(cells[board.BlankLast]) != fmt.Sprint(cells[board.BlankFirst]) {
		t.Fatalf("the second partition's goal cells differ between the goals:\n%v\n%v", cells[board.BlankLast], cells[board.BlankFirst])
	}
}
