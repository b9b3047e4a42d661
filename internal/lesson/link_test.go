package lesson

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

func TestParseLink(t *testing.T) {
	tests := []struct {
		name, raw string
		check     func(t *testing.T, l Link)
		ignored   []string
	}{
		{"empty", "", func(t *testing.T, l Link) { want(t, l.Board, DefaultLink().Board) }, nil},
		{"full URL", "https://x.example/slidelab/?board=1,2,3/4,0,6/7,5,8&algorithm=a*&heuristic=lc&view=tree&step=12#top",
			func(t *testing.T, l Link) {
				want(t, l.Board.Line(), "1 2 3 / 4 0 6 / 7 5 8")
				want(t, l.Size, board.Size3x3)
				want(t, l.Algorithm, search.AStar)
				want(t, l.HasAlgorithm, true)
				want(t, l.Heuristic, "linear-conflict")
				want(t, l.View, "tree")
				want(t, l.Step, 12)
			}, nil},
		{"escaped", "board=1%202%203%20%2F%204%200%206%20%2F%207%205%208&goal=blank-last", func(t *testing.T, l Link) {
			want(t, l.Board.Line(), "1 2 3 / 4 0 6 / 7 5 8")
		}, nil},
		{"size and goal", "?size=3x3&goal=blank-first", func(t *testing.T, l Link) {
			want(t, l.Board, board.Solved(board.Size3x3, board.BlankFirst))
		}, nil},
		{"lesson", "lesson=astar&part=3", func(t *testing.T, l Link) { want(t, l.Lesson, "astar"); want(t, l.Part, 3) }, nil},
		{"lesson file", "lesson=week3/heuristics.md", func(t *testing.T, l Link) { want(t, l.Lesson, "week3/heuristics.md") }, nil},
		{"bad heuristic", "heuristic=manhatan&view=tree", func(t *testing.T, l Link) {
			want(t, l.Heuristic, "manhattan")
			want(t, l.View, "tree")
		}, []string{"heuristic \"manhatan\": unknown heuristic 'manhatan' (did you mean manhattan?) (ignored)"}},
		{"unsolvable board", "board=1,2,3/4,5,6/8,7,0", func(t *testing.T, l Link) { want(t, l.Board, DefaultLink().Board) },
			[]string{"board \"1,2,3/4,5,6/8,7,0\": unsolvable"}},
		{"unknown parameter", "heuristc=lc", nil, []string{"unknown parameter 'heuristc' (did you mean heuristic?) (ignored)"}},
		{"twice", "view=tree&view=pdb", func(t *testing.T, l Link) { want(t, l.View, "tree") }, []string{"view is given twice"}},
		{"bad escape", "board=%zz", nil, []string{"bad %-escape"}},
		{"step too large", "step=99999999999999999999", func(t *testing.T, l Link) { want(t, l.Step, 0) }, []string{"step"}},
		{"lesson escapes", "lesson=../secret.md", func(t *testing.T, l Link) { want(t, l.Lesson, "") }, []string{"lesson"}},
		{"lesson absolute", "lesson=https://evil.example/x.md", nil, []string{"relative path"}},
		{"lesson unknown", "lesson=astr", nil, []string{"not a built-in lesson"}},
		{"part zero", "part=0", nil, []string{"part"}},
		{"heuristic too big", "size=3x3&heuristic=pdb:663", func(t *testing.T, l Link) { want(t, l.Heuristic, "manhattan") }, []string{"heuristic"}},
		{"bad algorithm", "algorithm=astr", func(t *testing.T, l Link) { want(t, l.HasAlgorithm, false) }, []string{"did you mean astar"}},
		{"too long", "view=tree&" + strings.Repeat("x", MaxLinkBytes), nil, []string{"longer than"}},
		{"too many", strings.Repeat("view=tree&", MaxLinkParams+2), nil, []string{"twice", "more than 32 parameters"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, ignored := ParseLink(tc.raw)
			if tc.check != nil {
				tc.check(t, l)
			}
			all := strings.Join(ignored, "\n")
			if len(tc.ignored) == 0 && len(ignored) > 0 {
				t.Errorf("ignored %q", all)
			}
			for _, w := range tc.ignored {
				if !strings.Contains(all, w) {
					t.Errorf("ignored %q, want it to mention %q", all, w)
				}
			}
		})
	}
}

func TestLinkRoundTrip(t *testing.T) {
	b, _, _ := board.RandomWalk(board.NewRand(4), board.Solved(board.Size4x4, board.BlankFirst), 30)
	links := []Link{
		DefaultLink(),
		{Size: board.Size4x4, Goal: board.BlankFirst, Board: b, Algorithm: search.IDAStar, HasAlgorithm: true, Heuristic: "pdb:663", View: "tree", Step: 40},
		{Size: board.Size3x3, Goal: board.BlankLast, Board: board.Solved(board.Size3x3, board.BlankLast), Heuristic: "max(fringe:cs,linear-conflict)", View: "quality", Lesson: "pdb", Part: 4},
	}
	for _, l := range links {
		u, err := l.URL("https://school.example/slidelab/")
		if err != nil {
			t.Fatal(err)
		}
		got, ignored := ParseLink(u)
		if len(ignored) > 0 || got != l {
			t.Errorf("%s: got %+v (ignored %v), want %+v", u, got, ignored, l)
		}
	}
	for _, base := range []string{"", "ftp://x/", "not a url", "https://"} {
		if _, err := DefaultLink().URL(base); err == nil {
			t.Errorf("base %q: no error", base)
		}
	}
}

func FuzzParseLink(f *testing.F) {
	f.Add("board=1,2,3/4,0,6/7,5,8&algorithm=a*&heuristic=lc&view=tree&step=12")
	f.Add("lesson=astar&part=3&goal=blank-first&size=4x4")
	f.Add("%zz&&&=x&heuristic=max(pdb:663,lc)")
	f.Fuzz(func(t *testing.T, raw string) {
		l, _ := ParseLink(raw)
		if !l.Board.IsValid() || l.Board.Size() != l.Size || !l.Board.Solvable(l.Goal) {
			t.Fatalf("bad board %s for %s %s", l.Board.Line(), l.Size, l.Goal)
		}
		if _, err := parseHeuristic(l.Heuristic); err != nil {
			t.Fatalf("heuristic %q: %v", l.Heuristic, err)
		}
		again, ignored := ParseLink(l.Query())
		if len(ignored) > 0 || again != l {
			t.Fatalf("%q: round trip %+v (ignored %v), want %+v", l.Query(), again, ignored, l)
		}
	})
}
