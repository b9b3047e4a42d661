package lesson

import (
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestParamErrors: the parameter keys' bad values, keys for an algorithm
// that does not take them, dls without a limit and a pattern database
// under tile costs are errors naming the line.
func TestParamErrors(t *testing.T) {
	for _, tt := range []struct{ name, text, err string }{
		{"bad weight", block("algorithm: wa*\nweight: 1.25"), "line 5: weight 1.25: at most one decimal"},
		{"weight too big", block("algorithm: wa*\nweight: 11"), "line 5: weight 11: want a number from 1 (A*) to 10"},
		{"weight for a*", block("algorithm: a*\nweight: 1.5"), "line 5: weight is for algorithm wa*, not a*"},
		{"depth for bfs", block("algorithm: bfs\ndepth-limit: 5"), "line 5: depth-limit is for algorithm dfs, dls or iddfs, not bfs"},
		{"bad depth", block("algorithm: dfs\ndepth-limit: -3"), "line 5: depth-limit '-3': want a whole number from 1 to 1000000, or none"},
		{"dls without limit", block("algorithm: dls"), "line 4: dls needs a depth limit"},
		{"cycle typo", block("algorithm: dfs\ncycle-check: closd"), "line 5: unknown cycle-check 'closd' (did you mean closed?)"},
		{"budget", block("algorithm: sma*\nmemory-nodes: 1"), "line 5: memory-nodes '1': want a whole number from 2 to 100000"},
		{"budget for ida*", block("algorithm: ida*\nmemory-nodes: 50"), "line 5: memory-nodes is for algorithm sma*, not ida*"},
		{"cost typo", block("algorithm: ucs\ncost: tiles"), "line 5: unknown cost 'tiles' (did you mean tile?)"},
		{"pdb under tile costs", block("algorithm: a*\ncost: tile\nheuristic: pdb:44"), "line 6: heuristic pdb:44 is a pattern database"},
		{"weight without algorithm", block("weight: 3"), "line 4: weight: needs an algorithm that takes it (algorithm: wa*)"},
		{"unknown algorithm", block("algorithm: idfs"), "did you mean"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.md", []byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}

// TestParamsRunAsSolve: a part with each parameter runs the search
// search.Solve runs with the same configuration (the command line's), the
// parameters carry over to the next part, and parts differing only in a
// parameter are not served one cached run.
func TestParamsRunAsSolve(t *testing.T) {
	b, err := board.Parse("1 7 2 / 4 3 6 / 8 5 0", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver()
	for _, c := range []struct {
		keys string
		cfg  search.Config
	}{
		{"algorithm: dfs\ndepth-limit: 20\ncycle-check: path", search.Config{Algorithm: search.DFS, DepthLimit: 20, CycleCheck: search.CyclePath}},
		{"algorithm: dfs\ndepth-limit: 25\ncycle-check: path", search.Config{Algorithm: search.DFS, DepthLimit: 25, CycleCheck: search.CyclePath}},
		{"algorithm: dls\ndepth-limit: 16", search.Config{Algorithm: search.DLS, DepthLimit: 16}},
		{"algorithm: iddfs\ncycle-check: closed", search.Config{Algorithm: search.IDDFS, CycleCheck: search.CycleClosed}},
		{"algorithm: ucs\ncost: tile", search.Config{Algorithm: search.UCS, Cost: search.TileCost}},
		{"algorithm: wa*", search.Config{Algorithm: search.WAStar, Weight: 2}},
		{"algorithm: wa*\nweight: 3.5", search.Config{Algorithm: search.WAStar, Weight: 3.5}},
		{"algorithm: sma*", search.Config{Algorithm: search.SMAStar, MemoryNodes: 1000}},
		{"algorithm: sma*\nmemory-nodes: 40", search.Config{Algorithm: search.SMAStar, MemoryNodes: 40}},
		{"algorithm: rbfs\ncost: tile\nheuristic: tile-manhattan", search.Config{Algorithm: search.RBFS, Cost: search.TileCost}},
		{"algorithm: bibfs", search.Config{Algorithm: search.BiBFS}},
	} {
		heur := "manhattan"
		if strings.Contains(c.keys, "tile-manhattan") {
			heur = "tile-manhattan"
		}
		s := resolveOne(t, r, block("board: "+b.Line()+"\n"+c.keys+"\nat: goal")+"\n{{expanded}} {{generated}} {{length}}\n")
		res := solveWith(t, b, c.cfg, heur)
		if w := fmt.Sprintf("%s %s %d", num(res.Expanded), num(res.Generated), res.Length()); !strings.Contains(s.Text, w) {
			t.Errorf("%q: text %q, want %q", c.keys, s.Text, w)
		}
	}
	// The parameters carry over: the second part's dls keeps the limit.
	l, err := Parse("t.md", []byte(block("board: "+b.Line()+"\nalgorithm: dfs\ndepth-limit: 18")+"\n# Two\n"+block("algorithm: dls")))
	if err != nil {
		t.Fatal(err)
	}
	if p := l.Parts[len(l.Parts)-1].Settings.Params; p.DepthLimit != 18 || p.Weight != 2 || p.MemoryNodes != 1000 {
		t.Errorf("second part's parameters %+v", p)
	}
}
