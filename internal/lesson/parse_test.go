package lesson

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// block wraps keys in a lesson of one part.
func block(keys string) string {
	return "# Part\n\n```slidelab\n" + keys + "\n```\n\ntext\n"
}

func TestParseDirectives(t *testing.T) {
	tests := []struct {
		name, keys string
		check      func(t *testing.T, st Settings, q []Question)
	}{
		{"view", "view: pdb", func(t *testing.T, st Settings, _ []Question) { want(t, st.View, "pdb") }},
		{"size", "size: 4x4", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Size, board.Size4x4)
			want(t, st.Board, board.Solved(board.Size4x4, board.BlankLast))
		}},
		{"size 3x2", "size: 3x2", func(t *testing.T, st Settings, _ []Question) { want(t, st.Size, board.Size{W: 3, H: 2}) }},
		{"goal", "goal: blank-first", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Goal, board.BlankFirst)
			want(t, st.Board, board.Solved(board.Size3x3, board.BlankFirst))
		}},
		{"board numbers", "board: 1 2 3 / 4 0 6 / 7 5 8", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Board.Line(), "1 2 3 / 4 0 6 / 7 5 8")
		}},
		{"board infers size", "board: 1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Size, board.Size4x4)
		}},
		{"board korf100", "board: korf100:9", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Board, board.Korf100()[8].Board)
			want(t, st.Source, "korf100:9")
		}},
		{"board korf100 blank-first", "goal: blank-first\nboard: korf100:9", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Board, board.ConvertGoal(board.Korf100()[8].Board))
		}},
		{"board hardest80", "board: hardest80:3", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Board, board.Hardest80()[2].Board)
		}},
		{"board korf24", "board: korf24:1", func(t *testing.T, st Settings, _ []Question) { want(t, st.Size, board.Size5x5) }},
		{"board random walk", "board: random walk 30 seed 7", func(t *testing.T, st Settings, _ []Question) {
			b, _, _ := board.RandomWalk(board.NewRand(7), board.Solved(board.Size3x3, board.BlankLast), 30)
			want(t, st.Board, b)
		}},
		{"board random", "board: random seed 7", func(t *testing.T, st Settings, _ []Question) {
			b, _ := board.Random(board.NewRand(7), board.Size3x3, board.BlankLast)
			want(t, st.Board, b)
		}},
		{"board goal", "board: 1 2 3 / 4 0 6 / 7 5 8\nmoves: D R", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Board, board.Solved(board.Size3x3, board.BlankLast))
			want(t, st.Moved, st.Board) // the moved overlay outlines the tile R slid
			want(t, st.LastMove, board.Right)
		}},
		{"algorithm", "algorithm: ida", func(t *testing.T, st Settings, _ []Question) {
			want(t, st.Algorithm, search.IDAStar)
			want(t, st.HasAlgorithm, true)
		}},
		{"heuristic alias", "heuristic: lc", func(t *testing.T, st Settings, _ []Question) { want(t, st.Heuristic, "linear-conflict") }},
		{"heuristic pdb", "heuristic: pdb:4-4", func(t *testing.T, st Settings, _ []Question) { want(t, st.Heuristic, "pdb:44") }},
		{"partition", "partition: 1,2,3/4,5,6,7,8", func(t *testing.T, st Settings, _ []Question) { want(t, st.Partition, "1,2,3/4,5,6,7,8") }},
		{"overlays before any are named", "view: puzzle", func(t *testing.T, st Settings, _ []Question) { want(t, strings.Join(st.Overlays, " "), "groups moved") }},
		{"overlays none", "overlays: none", func(t *testing.T, st Settings, _ []Question) { want(t, len(st.Overlays), 0) }},
		{"overlays", "overlays: h, f tree", func(t *testing.T, st Settings, _ []Question) { want(t, strings.Join(st.Overlays, " "), "h f tree") }},
		{"at step", "algorithm: a*\nat: step 12", func(t *testing.T, st Settings, _ []Question) { want(t, st.At, Position{AtStep, 12}) }},
		{"at iteration", "algorithm: ida*\nat: iteration 3", func(t *testing.T, st Settings, _ []Question) { want(t, st.At, Position{AtIteration, 3}) }},
		{"at open f", "algorithm: a*\nat: open f 20", func(t *testing.T, st Settings, _ []Question) { want(t, st.At, Position{AtF, 20}) }},
		{"at goal", "algorithm: bfs\nat: goal", func(t *testing.T, st Settings, _ []Question) { want(t, st.At, Position{AtGoal, 0}) }},
		{"keys in any order", "at: goal\nalgorithm: a*", func(t *testing.T, st Settings, _ []Question) { want(t, st.At.Kind, AtGoal) }},
		{"question next", "algorithm: a*\nat: step 2\nquestion: next", func(t *testing.T, _ Settings, q []Question) {
			want(t, len(q), 1)
			want(t, q[0].Kind, AskNext)
		}},
		{"question choice", "algorithm: a*\nquestion: Which?\nchoices: md | lc\nanswer: most generated", func(t *testing.T, _ Settings, q []Question) {
			want(t, q[0].Kind, AskChoice)
			want(t, strings.Join(q[0].Choices, " "), "manhattan linear-conflict")
			want(t, q[0].Criterion, Criterion{Most: true, Measure: "generated"})
		}},
		{"question algorithms", "algorithm: a*\nquestion: Which?\nchoices: a*, ida*, bfs\nanswer: fewest stored", func(t *testing.T, _ Settings, q []Question) {
			want(t, strings.Join(q[0].Choices, " "), "a* ida* bfs")
		}},
		{"question number", "question: How many?\nanswer: {{inversions}}", func(t *testing.T, _ Settings, q []Question) {
			want(t, q[0].Kind, AskNumber)
		}},
		{"two questions", "question: A?\nanswer: {{cells}}\nquestion: B?\nanswer: {{tiles}}", func(t *testing.T, _ Settings, q []Question) {
			want(t, len(q), 2)
		}},
		{"comment and blank lines", "# a comment\n\nview: tree", func(t *testing.T, st Settings, _ []Question) { want(t, st.View, "tree") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Parse("t.md", []byte(block(tc.keys)))
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, l.Parts[0].Settings, l.Parts[0].Questions)
		})
	}
}

func want[T comparable](t *testing.T, got, w T) {
	t.Helper()
	if got != w {
		t.Errorf("got %v, want %v", got, w)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text, err string
	}{
		{"unknown heuristic", block("heuristic: manhatan"), "line 4: unknown heuristic 'manhatan' (did you mean manhattan?)"},
		{"unknown algorithm", block("algorithm: idastr"), "line 4: unknown algorithm 'idastr' (did you mean idastar?)"},
		{"unknown key", block("heuristc: md"), "line 4: unknown key 'heuristc' (did you mean heuristic?)"},
		{"unknown view", block("view: serch"), "line 4: unknown view 'serch' (did you mean search?)"},
		{"unknown overlay", block("overlays: h, gruops"), "line 4: unknown overlay 'gruops' (did you mean groups?)"},
		{"unknown goal", block("goal: middle"), "line 4: unknown goal 'middle'"},
		{"unknown instance set", block("board: korf10:3"), "line 4: unknown instance set 'korf10' (did you mean korf100?)"},
		{"instance range", block("board: korf100:101"), "line 4: korf100:101: want an instance from 1 to 100"},
		{"random without seed", block("board: random walk 20"), "line 4: board: a random board needs a seed"},
		{"random walk too long", block("board: random walk 5000 seed 1"), "line 4: board: walk 5000: at most 1000 moves"},
		{"bad board", block("board: 1 2 3 / 4 5"), "line 4: board"},
		{"board size mismatch", block("size: 4x4\nboard: 1 2 3 / 4 5 6 / 7 8 0"), "line 5: board"},
		{"unsolvable with search", block("board: 1 2 3 / 4 5 6 / 8 7 0\nalgorithm: a*"), "cannot reach the blank-last goal"},
		{"bad moves", block("moves: UX"), "line 4: moves: unexpected 'X'"},
		{"illegal move", block("moves: D"), "line 4: moves D"},
		{"bad size", block("size: 9x9"), "line 4: size"},
		{"heuristic too big for board", block("heuristic: pdb:663"), "line 4:"},
		{"bad partition", block("partition: 1,2/2,3"), "line 4: partition"},
		{"at without algorithm", block("at: goal"), "line 4: at: goal needs an algorithm"},
		{"iteration needs ida", block("algorithm: a*\nat: iteration 2"), "only IDA* runs in iterations"},
		{"bad position", block("algorithm: a*\nat: stpe 3"), "line 5: at: unknown position 'stpe' (did you mean step?)"},
		{"step too large", block("algorithm: a*\nat: step 999999999"), "line 5: at: step 999999999: want a number"},
		{"duplicate key", block("view: pdb\nview: tree"), "line 5: view is set twice (first at line 4)"},
		{"not key value", block("just words"), "line 4: want 'key: value'"},
		{"unclosed block", "# A\n```slidelab\nview: pdb\n", "line 2: the slidelab block is never closed"},
		{"unclosed fence", "# A\n```go\ncode\n", "line 2: code fence ``` is never closed"},
		{"two blocks", "# A\n```slidelab\nview: pdb\n```\n```slidelab\nview: tree\n```\n", "line 5: a part has one slidelab block; this part's is at line 2"},
		{"unknown placeholder", "# A\n\n{{expandd}}\n", "line 3: unknown placeholder '{{expandd}}' (did you mean {{expanded}}?)"},
		{"placeholder needs search", "# A\n\n{{expanded}}\n", "line 3: {{expanded}} needs a search"},
		{"unclosed placeholder", "# A\n\n{{expanded\n", "line 3: a placeholder {{ is not closed"},
		{"placeholder arg", "# A\n\n{{cells 3}}\n", "line 3: {{cells}} takes no argument"},
		{"placeholder bad heuristic", "# A\n\n{{h manhatan}}\n", "line 3: {{h manhatan}}: unknown heuristic 'manhatan' (did you mean manhattan?)"},
		{"placeholder group", "# A\n\n{{group}}\n", "line 3: {{group}} needs a group number"},
		{"placeholder list", "# A\n\n{{cells}}. Cells\n", "reads as a numbered list item"},
		{"question without answer", block("question: Why?"), "line 4: question: give choices: and an answer: rule"},
		{"choices before question", block("choices: md | lc"), "line 4: choices: comes after a question: line"},
		{"next with choices", block("algorithm: a*\nquestion: next\nchoices: md | lc"), "line 6: choices: a next question's answer"},
		{"next without search", block("question: next"), "line 4: question: next needs a search"},
		{"one choice", block("question: Q?\nchoices: md\nanswer: fewest expanded"), "line 5: choices: want 2 to 8 choices"},
		{"mixed choices", block("algorithm: a*\nquestion: Q?\nchoices: md | bfs\nanswer: fewest expanded"), "all heuristics or all algorithms"},
		{"bad criterion", block("algorithm: a*\nquestion: Q?\nchoices: md | lc\nanswer: fewest nodes"), "line 7: answer: unknown measure 'nodes'"},
		{"criterion word", block("algorithm: a*\nquestion: Q?\nchoices: md | lc\nanswer: largest expanded"), "want fewest expanded or most expanded"},
		{"deep nesting", "# A\n\n" + strings.Repeat(">", 40) + " deep\n", "line 3: nested 40 deep"},
		{"long line", "# A\n\n" + strings.Repeat("x", MaxLineBytes+1) + "\n", "line 3: line longer than"},
		{"empty", "  \n\n", "the file is empty"},
		{"binary", "# A\x00\x01", "a NUL byte"},
		{"not utf8", "# A\xff\xfe", "not UTF-8"},
		{"too many lines", strings.Repeat("\n", MaxLines+1), "more than 20000 lines"},
		{"too large", strings.Repeat("a", MaxBytes+1), "larger than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("t.md", []byte(tc.text))
			if err == nil {
				t.Fatalf("no error, want %q", tc.err)
			}
			if !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %q, want it to contain %q", err, tc.err)
			}
		})
	}
}

// TestParseOneErrorPerMistake checks that a bad block keeps the state
// before it, so later parts do not repeat the error, and that every error
// of a file is reported, each on its own line.
func TestParseOneErrorPerMistake(t *testing.T) {
	text := "# A\n```slidelab\nheuristic: manhatan\n```\n# B\ntext\n# C\n```slidelab\nview: serch\n```\n"
	_, err := Parse("t.md", []byte(text))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("got %v, want two errors", err)
	}
	if list[0].Line != 3 || list[1].Line != 9 {
		t.Errorf("lines %d and %d, want 3 and 9", list[0].Line, list[1].Line)
	}
	if n := strings.Count(err.Error(), "\n"); n != 1 {
		t.Errorf("%d line breaks in %q, want one error a line", n, err)
	}
}

func TestParseParts(t *testing.T) {
	text := "Intro text.\n\n# Title\n\nOne.\n\n```slidelab\nalgorithm: a*\nat: step 3\n```\n\n---\n\nTwo, after a break.\n\n" +
		"```go\n# not a heading inside code\n```\n\n## Three\n\n```slidelab\nheuristic: lc\n```\n"
	l, err := Parse("t.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Parts) != 4 {
		t.Fatalf("%d parts, want 4: %+v", len(l.Parts), l.Parts)
	}
	want(t, l.Title, "Title")
	want(t, l.Parts[1].Title, "Title")
	want(t, l.Parts[1].BlockLine, 7)
	want(t, l.Parts[2].BlockLine, 0)
	want(t, l.Parts[2].Settings.At, Position{AtStep, 3}) // kept from the part before
	want(t, l.Parts[3].Title, "Three")
	want(t, l.Parts[3].Settings.Heuristic, "linear-conflict")
	want(t, l.Parts[3].Settings.Algorithm, search.AStar) // inherited
	if strings.Contains(l.Parts[1].Text, "slidelab") {
		t.Errorf("the block stayed in the text: %q", l.Parts[1].Text)
	}
	if !strings.Contains(l.Parts[2].Text, "# not a heading inside code") {
		t.Errorf("a # line inside a code fence split the part: %q", l.Parts[2].Text)
	}
}

func TestReadFileHostile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.md")
	if err := os.WriteFile(big, make([]byte, MaxBytes+10), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{big, dir, "/dev/zero", filepath.Join(dir, "missing.md")} {
		if _, err := os.Stat(path); err != nil && path == "/dev/zero" {
			continue
		}
		if _, err := ReadFile(path); err == nil {
			t.Errorf("%s: no error", path)
		}
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct{ word, want string }{
		{"manhatan", "manhattan"}, {"Manhattan", "manhattan"}, {"hamign", "hamming"}, {"xyz", ""}, {strings.Repeat("a", 100), ""},
	}
	for _, tc := range tests {
		want(t, suggest(tc.word, heuristicNames()), tc.want)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(block("board: korf100:9\nalgorithm: ida*\nat: iteration 2\nquestion: next")))
	f.Add([]byte("# A\n{{expanded a*}} {{h lc}}\n```slidelab\nalgorithm: bfs\n```\n---\n~~~\ncode\n~~~\n"))
	f.Add([]byte("> > > - - x\n```slidelab\nquestion: Q?\nchoices: md|lc\nanswer: {{h}}\n"))
	for _, b := range builtinSources() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("fuzz.md", data)
		if err != nil {
			var list ErrorList
			if errors.As(err, &list) {
				if len(list) == 0 || len(list) > MaxErrors {
					t.Fatalf("%d errors", len(list))
				}
				lines := strings.Count(string(data), "\n") + 1
				for _, e := range list {
					if e.Line < 0 || e.Line > lines {
						t.Fatalf("error at line %d of %d: %v", e.Line, lines, e)
					}
				}
			} else if !errors.Is(err, ErrNotLesson) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if len(l.Parts) == 0 || len(l.Parts) > MaxParts {
			t.Fatalf("%d parts", len(l.Parts))
		}
		for _, p := range l.Parts {
			if p.Settings.Board.Size() != p.Settings.Size {
				t.Fatalf("part %d: board %s, size %s", p.Index, p.Settings.Board.Line(), p.Settings.Size)
			}
			if p.Settings.HasAlgorithm && !p.Settings.Board.Solvable(p.Settings.Goal) {
				t.Fatalf("part %d: an unsolvable board with a search", p.Index)
			}
		}
	})
}

// builtinSources returns the Markdown of every built-in lesson.
func builtinSources() [][]byte {
	var out [][]byte
	for _, b := range Builtins() {
		src, _ := BuiltinSource(b.Name)
		out = append(out, src)
	}
	return out
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"", "ab", 2}, {"step", "stpe", 1}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"abc", "abc", 0}}
	for _, tc := range tests {
		if d := editDistance(tc.a, tc.b); d != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
		if d := editDistance(tc.b, tc.a); d != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.b, tc.a, d, tc.d)
		}
	}
}

func TestQuestionPlaceholdersChecked(t *testing.T) {
	_, err := Parse("t.md", []byte(block("question: Is it {{expandd}}?\nanswer: {{cells}}")))
	if err == nil || !strings.Contains(err.Error(), "line 4: unknown placeholder '{{expandd}}'") {
		t.Errorf("got %v", err)
	}
	_, err = Parse("t.md", []byte(block("question: After {{expanded}}?\nanswer: {{cells}}")))
	if err == nil || !strings.Contains(err.Error(), "line 4: {{expanded}} needs a search") {
		t.Errorf("got %v", err)
	}
	l, err := Parse("t.md", []byte("# A\n\n"+strings.Repeat(" ", 120)+"indented art\n"))
	if err != nil || len(l.Parts) != 1 {
		t.Errorf("deep indentation before plain text: %v", err)
	}
}
