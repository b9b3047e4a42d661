package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// traceLine is one JSON line of slidelab trace; every field but Bound must
// be present.
type traceLine struct {
	Seq    *uint64 `json:"seq"`
	Event  *string `json:"event"`
	Node   *int64  `json:"node"`
	Parent *int64  `json:"parent"`
	G      *int    `json:"g"`
	H      *int    `json:"h"`
	F      *int    `json:"f"`
	Board  *string `json:"board"`
	Line   *int    `json:"line"`
	Bound  *int    `json:"bound"`
	Backed *int    `json:"backed"`
	// Side, Earlier and EarlierG: bibfs only (Earlier on meet events).
	Side     *string `json:"side"`
	Earlier  *int64  `json:"earlier"`
	EarlierG *int    `json:"earlier_g"`
}

// parseTrace decodes trace output strictly: no unknown fields, no missing
// ones, "bound" exactly on the iteration and prune events of IDA* and the
// depth-first searches, "side" exactly on bibfs's events and "earlier" on
// its meet events.
func parseTrace(t *testing.T, out string, alg search.Algorithm) []traceLine {
	t.Helper()
	var lines []traceLine
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		var tl traceLine
		if err := dec.Decode(&tl); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if tl.Seq == nil || tl.Event == nil || tl.Node == nil || tl.Parent == nil || tl.G == nil || tl.H == nil ||
			tl.F == nil || tl.Board == nil || tl.Line == nil {
			t.Fatalf("line %q lacks a field", l)
		}
		bounded := alg == search.IDAStar || alg == search.DFS || alg == search.DLS || alg == search.IDDFS
		wantBound := bounded && (*tl.Event == "iteration" || *tl.Event == "prune")
		rbfs := alg == search.RBFS
		if rbfs {
			wantBound = *tl.Event == "select" || *tl.Event == "backup"
		}
		wantBacked := rbfs && (*tl.Event == "select" || *tl.Event == "generate" || *tl.Event == "backup")
		if alg == search.SMAStar {
			wantBacked = *tl.Event == "select" || *tl.Event == "generate" || *tl.Event == "drop"
		}
		if (tl.Backed != nil) != wantBacked {
			t.Fatalf("line %q: backed present %v, want %v", l, tl.Backed != nil, wantBacked)
		}
		if (tl.Bound != nil) != wantBound {
			t.Fatalf("line %q: bound present %v, want %v", l, tl.Bound != nil, wantBound)
		}
		sided := alg == search.BiBFS
		meet := *tl.Event == "meet"
		if (tl.Side != nil) != sided || (tl.Earlier != nil) != meet || (tl.EarlierG != nil) != meet {
			t.Fatalf("line %q: side %v (want %v), earlier %v (want %v)", l, tl.Side != nil, sided, tl.Earlier != nil, meet)
		}
		if sided && *tl.Side != "forward" && *tl.Side != "backward" {
			t.Fatalf("line %q: side %q", l, *tl.Side)
		}
		lines = append(lines, tl)
	}
	return lines
}

// TestTraceAgreesWithSolve traces boards with every algorithm and checks the
// stream against slidelab solve on the same board: as many generate events
// as generated nodes, the goal's g equal to the length; and the rules of the
// stream: consecutive seq, unique ids, parents seen before their children,
// roots with parent -1, f = g + h, lines within the printed pseudocode.
func TestTraceAgreesWithSolve(t *testing.T) {
	eight := "8 7 _ / 6 5 4 / 3 2 1"
	tests := []struct {
		args  []string
		board string
	}{
		{[]string{"--algorithm", "a*", "--heuristic", "manhattan"}, eight},
		{[]string{"--algorithm", "ida*", "--heuristic", "manhattan"}, eight},
		{[]string{"--algorithm", "greedy", "--heuristic", "manhattan"}, eight},
		{[]string{"--algorithm", "bfs"}, "1 2 3 / 4 0 5 / 7 8 6"},
		{[]string{"--algorithm", "bfs"}, "1 2 3 4 5 6 7 8 0"},
		{nil, "0 2 5 4 / 1 6 3 7"}, // the defaults (ida*, linear conflict); a 4x2 board
		{[]string{"--algorithm", "a*", "--heuristic", "pdb:44", "--cache", t.TempDir()}, eight},
		{[]string{"--algorithm", "a*", "--heuristic", "manhattan", "--goal", "blank-first"}, "1 5 4 3 0 8 6 2 7"},
		{[]string{"--algorithm", "ida*", "--heuristic", "md"}, "6 3 7 4 2 1 12 11 0 14 8 15 9 5 13 10"},
		{[]string{"--algorithm", "a*", "--heuristic", "md"}, "6 3 7 4 2 1 12 11 0 14 8 15 9 5 13 10"},
		{[]string{"--algorithm", "iddfs", "--cycle-check", "path"}, "1 2 3 / 4 0 5 / 7 8 6"},
		{[]string{"--algorithm", "dls", "--depth-limit", "6"}, "1 2 3 / 4 0 5 / 7 8 6"},
		{[]string{"--algorithm", "dfs", "--depth-limit", "8", "--cycle-check", "closed"}, "1 2 3 / 4 0 5 / 7 8 6"},
		{[]string{"--algorithm", "ucs", "--cost", "tile"}, "1 2 3 / 4 0 5 / 7 8 6"},
		{[]string{"--algorithm", "wa*", "--weight", "2.5", "--heuristic", "manhattan"}, eight},
		{[]string{"--algorithm", "ida*", "--cost", "tile", "--heuristic", "tile-manhattan"}, "1 5 4 3 0 8 6 2 7"},
		{[]string{"--algorithm", "bibfs"}, "1 5 4 3 0 8 6 2 7"},
		{[]string{"--algorithm", "rbfs", "--heuristic", "manhattan"}, eight},
		{[]string{"--algorithm", "rbfs", "--heuristic", "tmd", "--cost", "tile"}, "1 5 4 3 0 8 6 2 7"},
		{[]string{"--algorithm", "sma*", "--memory-nodes", "50", "--heuristic", "manhattan"}, eight},
	}
	for _, tc := range tests {
		t.Run(strings.Join(append(tc.args, tc.board), " "), func(t *testing.T) {
			if raceForm() && slices.Contains(tc.args, "tile") && (slices.Contains(tc.args, "ida*") || slices.Contains(tc.args, "rbfs")) {
				t.Skip("race form: the longest traces (tile costs, ida* and rbfs: 4.6 s of the test's 7 under -race; ucs keeps tile costs); make test-short and make test-full run them")
			}
			alg := search.IDAStar
			for i, a := range tc.args {
				if a == "--algorithm" {
					alg, _ = search.ParseAlgorithm(tc.args[i+1])
				}
			}
			code, out, errOut := runCLI(t, "", append(append([]string{"solve", "--json", "--workers", "1"}, tc.args...), tc.board)...)
			if code != 0 {
				t.Fatalf("solve: exit %d, %s", code, errOut)
			}
			solved := parseSolveJSON(t, out)[0]
			code, out, errOut = runCLI(t, "", append(append([]string{"trace"}, tc.args...), tc.board)...)
			if code != 0 || errOut != "" {
				t.Fatalf("trace: exit %d, %s", code, errOut)
			}
			_, pseudo, _ := runCLI(t, "", "trace", "--pseudocode", alg.String())
			nlines := strings.Count(pseudo, "\n")
			goal := board.BlankLast
			if strings.Contains(strings.Join(tc.args, " "), "blank-first") {
				goal = board.BlankFirst
			}
			start, _ := board.ParseSolvable(tc.board, board.Size{}, goal)
			lines := parseTrace(t, out, alg)
			seen := map[int64]bool{}
			var generated, expanded uint64
			for i, l := range lines {
				if *l.Seq != uint64(i) || *l.F != *l.G+*l.H || *l.Line < 1 || *l.Line > nlines {
					t.Fatalf("line %d: seq %d, f %d = %d + %d, line %d of %d", i, *l.Seq, *l.F, *l.G, *l.H, *l.Line, nlines)
				}
				b, err := board.Parse(*l.Board, start.Size())
				if err != nil {
					t.Fatalf("line %d: board %q: %v", i, *l.Board, err)
				}
				introduces := *l.Event == "generate" || *l.Event == "iteration" || i == 0 || (backward(l) && *l.Parent == -1 && !seen[*l.Node])
				switch {
				case introduces && seen[*l.Node]:
					t.Fatalf("line %d: id %d used twice", i, *l.Node)
				case !introduces && !seen[*l.Node]:
					t.Fatalf("line %d: %s of node %d, never generated", i, *l.Event, *l.Node)
				case *l.Parent >= 0 && !seen[*l.Parent]:
					t.Fatalf("line %d: parent %d not seen before its child %d", i, *l.Parent, *l.Node)
				case (*l.Parent == -1) != (*l.G == 0) || (*l.Parent == -1 && b != start && !backward(l)):
					t.Fatalf("line %d: parent %d at g %d", i, *l.Parent, *l.G)
				}
				seen[*l.Node] = true
				switch *l.Event {
				case "generate":
					generated++
				case "expand", "regenerate": // SMA*'s regeneration is an expansion
					expanded++
				}
			}
			last := lines[len(lines)-1]
			cost := *solved.Cost
			if alg == search.BiBFS {
				cost = *last.G // the forward side's part of the path
			}
			if *last.Event != "goal" || *last.G != cost || generated != *solved.Generated || expanded != *solved.Expanded {
				t.Fatalf("trace: goal %s at g %d, %d generated, %d expanded; solve: length %d, %d generated, %d expanded",
					*last.Event, *last.G, generated, expanded, *solved.Length, *solved.Generated, *solved.Expanded)
			}
		})
	}
}

// backward reports a bibfs event on the goal's side (whose root is the goal).
func backward(l traceLine) bool { return l.Side != nil && *l.Side == "backward" }

// TestTraceLimit checks --limit: exactly N events, exit 0 and one line on
// stderr when the search had more to say; nothing on stderr when the trace
// ends within the limit.
func TestTraceLimit(t *testing.T) {
	args := []string{"trace", "--heuristic", "md", "1 2 3 / 4 0 6 / 7 5 8"}
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	all := strings.Count(out, "\n")
	for _, limit := range []int{1, 5, all - 1, all, all + 1} {
		code, out, errOut := runCLI(t, "", append(args, "--limit", fmt.Sprint(limit))...)
		want := min(limit, all)
		if code != 0 || strings.Count(out, "\n") != want {
			t.Fatalf("--limit %d: exit %d, %d lines (want %d), %q", limit, code, strings.Count(out, "\n"), want, errOut)
		}
		if got := strings.Join(strings.SplitAfter(out, "\n")[:want], ""); !strings.HasPrefix(got, out[:len(got)]) {
			t.Fatalf("--limit %d: output differs", limit)
		}
		stopped := strings.Contains(errOut, "stopped after") && strings.Count(errOut, "\n") == 1
		if stopped != (limit < all) {
			t.Fatalf("--limit %d of %d: stderr %q", limit, all, errOut)
		}
	}
}

// TestTraceBadInput checks the usage errors (status 2) and failures (status
// 1) of trace: one line on stderr each, nothing on stdout.
func TestTraceBadInput(t *testing.T) {
	eight := "1 2 3 4 5 6 7 0 8"
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{}, 2, "no board"},
		{[]string{"--pseudocode", "a*", eight}, 2, "not both"},
		{[]string{"--pseudocode", "dijkstra2"}, 2, `algorithm "dijkstra2"`},
		{[]string{"--algorithm", "dijkstra2", eight}, 2, `algorithm "dijkstra2"`},
		{[]string{"--heuristic", "euclid", eight}, 2, `unknown heuristic "euclid"`},
		{[]string{"--goal", "sideways", eight}, 2, "--goal"},
		{[]string{"--limit", "0", eight}, 2, "--limit 0: must be between 1 and 1000000000"},
		{[]string{"--limit", "-5", eight}, 2, "must be between 1 and 1000000000"},
		{[]string{"--limit", "9223372036854775807", eight}, 2, "must be between 1 and 1000000000"},
		{[]string{"--limit", "99999999999999999999", eight}, 2, "value out of range"},
		{[]string{"--memory", "0", eight}, 2, "--memory 0"},
		{[]string{"--workers", "2", eight}, 2, "flag provided but not defined: -workers"},
		{[]string{"--size", "9x9", eight}, 2, "--size"},
		{[]string{"1 2 3 4 5 6 8 7 0"}, 1, "unsolvable"},
		{[]string{"1 2 3 4 5 6 7 7 0"}, 1, "duplicate tile: 7"},
		{[]string{"1 2 x 4 5 6 7 8 0"}, 1, "not a number"},
		{[]string{"--algorithm", "a*", "--heuristic", "md", "--node-limit", "10", "8 7 _ / 6 5 4 / 3 2 1"}, 1, "node limit reached"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"trace"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 ||
				!strings.HasPrefix(errOut, "slidelab trace: ") {
				t.Fatalf("exit %d (want %d), stderr %q (want one line with %q)", code, tc.code, errOut, tc.want)
			}
			// A node limit stops a search part-way: what was traced is printed.
			if out != "" && !strings.Contains(strings.Join(tc.args, " "), "node-limit") {
				t.Fatalf("stdout %q", out)
			}
		})
	}
}

// TestTracePseudocode checks that --pseudocode prints each algorithm's and
// the pattern-database build's numbered pseudocode, and that help documents
// the command.
func TestTracePseudocode(t *testing.T) {
	for _, name := range []string{"ida*", "a*", "astar", "bfs", "greedy", "pdb", "PDB"} {
		code, out, errOut := runCLI(t, "", "trace", "--pseudocode", name)
		var want []string
		if strings.EqualFold(name, "pdb") {
			want = pdb.BuildPseudocode()
		} else {
			alg, _ := search.ParseAlgorithm(name)
			want = search.Pseudocode(alg)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || errOut != "" || len(lines) != len(want) {
			t.Fatalf("%s: exit %d, %d lines (want %d), %q", name, code, len(lines), len(want), errOut)
		}
		for i, l := range lines {
			if l != fmt.Sprintf("%2d  %s", i+1, want[i]) {
				t.Fatalf("%s line %d: %q", name, i+1, l)
			}
		}
	}
	code, out, _ := runCLI(t, "", "help", "trace")
	for _, want := range []string{"usage: slidelab trace", "--pseudocode", "-limit", "-algorithm", "-heuristic"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help trace lacks %q: %s", want, out)
		}
	}
}
