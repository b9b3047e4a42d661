package sessionfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// full returns a session with every section filled in, on Korf's instance k
// for goal g.
func full(t *testing.T, k int, g board.Goal) Session {
	t.Helper()
	in := board.Korf100()[k-1]
	b := in.Board
	if g == board.BlankFirst {
		b = board.ConvertGoal(b)
	}
	h, err := search.ParseHeuristic("pdb:663+reflect")
	if err != nil {
		t.Fatal(err)
	}
	lc, _ := search.ParseHeuristic("lc")
	md, _ := search.ParseHeuristic("manhattan")
	p, err := pdb.ParsePartition("1,2,3/4,5", board.Size3x3, g)
	if err != nil {
		t.Fatal(err)
	}
	return Session{Goal: g, Board: b, Title: "Korf #9 for the class", Optimal: in.Optimal, Korf: k,
		Search: &Search{Algorithm: search.AStar, Heuristic: h},
		PDB:    &PDB{Partition: p},
		Compare: &Compare{Set: SetWalks, Count: 7, Seed: 42, Moves: 25, Algorithm: search.Greedy,
			Heuristics: []search.HeuristicSpec{md, lc}, NodeLimit: 1234, Seconds: 2.5},
		Settings: &Settings{Theme: ThemeDark, Zoom: 1.5, Speed: 12}}
}

// flatSession is a Session with its heuristics by name (a HeuristicSpec
// holds a func, which reflect.DeepEqual never finds equal) and its sections
// by value.
type flatSession struct {
	Goal                   board.Goal
	Board                  board.Board
	Title                  string
	Optimal, Korf          int
	Search, PDB            string
	Compare                Compare
	CompareHeuristics      []string
	Settings               Settings
	HasCompare, HasSetting bool
}

func flat(s Session) flatSession {
	f := flatSession{Goal: s.Goal, Board: s.Board, Title: s.Title, Optimal: s.Optimal, Korf: s.Korf}
	if s.Search != nil {
		f.Search = s.Search.Algorithm.String() + " " + s.Search.Heuristic.String()
	}
	if s.PDB != nil {
		f.PDB = s.PDB.Partition.Size.String() + " " + s.PDB.Partition.Goal.String() + " " + s.PDB.Partition.String()
		if s.PDB.Fringe {
			f.PDB += " fringe"
		}
	}
	if s.Compare != nil {
		f.Compare, f.HasCompare = *s.Compare, true
		for _, h := range s.Compare.Heuristics {
			f.CompareHeuristics = append(f.CompareHeuristics, h.String())
		}
		f.Compare.Heuristics = nil
	}
	if s.Settings != nil {
		f.Settings, f.HasSetting = *s.Settings, true
	}
	return f
}

// fringeSession is a session of the newer kinds of heuristic: the pattern
// database view on fringe tables, a max(...) over a fringe preset in the
// search panel, and fringe and dynamic databases in the comparison.
func fringeSession(t *testing.T) Session {
	t.Helper()
	spec := func(name string) search.HeuristicSpec {
		h, err := search.ParseHeuristic(name)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	p, err := pdb.ParsePartition("1,2,3,4/5,6,7", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	return Session{Goal: board.BlankLast, Board: board.Solved(board.Size3x3, board.BlankLast), Optimal: 0,
		Search: &Search{Algorithm: search.IDAStar, Heuristic: spec("max(fringe:cs,linear-conflict)")},
		PDB:    &PDB{Partition: p, Fringe: true},
		Compare: &Compare{Set: SetRandom8, Count: 5, Seed: 3, Algorithm: search.IDAStar,
			Heuristics: []search.HeuristicSpec{spec("fringe:cs"), spec("dpdb:pairs"), spec("max(fringe:1,2,3/4,5,6,lc)")}}}
}

// fiveByFive is a session on the 24-puzzle: a walk of 40 moves, the PDB
// view on its 6-6-6-6 preset and the Compare view on its walks.
func fiveByFive(t *testing.T) Session {
	t.Helper()
	b, _, err := board.RandomWalk(board.NewRand(3), board.Solved(board.Size5x5, board.BlankLast), 40)
	if err != nil {
		t.Fatal(err)
	}
	p, err := pdb.ParsePartition("1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/13,18,19,20,23,24", board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	spec := func(s string) search.HeuristicSpec {
		h, err := search.ParseHeuristic(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	return Session{Goal: board.BlankLast, Board: b, Title: "Random walk of 40 moves, seed 3", Optimal: -1,
		Search: &Search{Algorithm: search.AStar, Heuristic: spec("linear-conflict")},
		PDB:    &PDB{Partition: p},
		Compare: &Compare{Set: SetWalks24, Count: 10, Seed: 1, Moves: 40, Algorithm: search.IDAStar,
			Heuristics: []search.HeuristicSpec{spec("manhattan"), spec("lc"), spec("pdb:1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/13,18,19,20,23,24")}}}
}

// TestWalks24Size: the 24-puzzle's walks are 5x5 boards, and a heuristic
// of another size is refused for them.
func TestWalks24Size(t *testing.T) {
	if s, ok := SetSize(SetWalks24); !ok || s != board.Size5x5 {
		t.Errorf("SetSize(%q) = %s, %v", SetWalks24, s, ok)
	}
	s := fiveByFive(t)
	s.Compare.Heuristics = append(s.Compare.Heuristics, search.HeuristicSpec{})
	h, err := search.ParseHeuristic("pdb:663")
	if err != nil {
		t.Fatal(err)
	}
	s.Compare.Heuristics[len(s.Compare.Heuristics)-1] = h
	var buf bytes.Buffer
	if err := Encode(&buf, s); err == nil {
		if _, err := Decode(bytes.NewReader(buf.Bytes())); err == nil {
			t.Errorf("pdb:663 accepted for the 24-puzzle's walks:\n%s", buf.String())
		}
	}
}

func TestRoundTrip(t *testing.T) {
	typed, err := board.ParseSolvable("1 2 3 / 4 0 6 / 7 5 8", board.Size{}, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    Session
	}{
		{"every section, blank-last", full(t, 9, board.BlankLast)},
		{"every section, blank-first", full(t, 55, board.BlankFirst)},
		{"board only", Session{Goal: board.BlankLast, Board: typed, Title: "Typed board", Optimal: -1}},
		{"solved", Session{Goal: board.BlankFirst, Board: board.Solved(board.Size{W: 3, H: 2}, board.BlankFirst), Optimal: 0}},
		{"fringe view, fringe, max and dynamic heuristics", fringeSession(t)},
		{"24-puzzle board, its walks and database view", fiveByFive(t)},
		{"file set", Session{Goal: board.BlankLast, Board: typed, Optimal: -1,
			Compare: &Compare{Set: SetFile, File: "/tmp/some file.txt", Count: 3, Algorithm: search.IDAStar}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Encode(&buf, tc.s); err != nil {
				t.Fatal(err)
			}
			got, err := Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("%v\n%s", err, buf.String())
			}
			want := tc.s
			if want.Compare != nil && want.Compare.Heuristics == nil {
				c := *want.Compare
				c.Heuristics = nil
				want.Compare = &c
			}
			if !reflect.DeepEqual(flat(got), flat(want)) {
				t.Errorf("read back\n%+v\nwant\n%+v\nfile:\n%s", flat(got), flat(want), buf.String())
			}
			// Saving again gives the same bytes.
			var again bytes.Buffer
			if err := Encode(&again, got); err != nil {
				t.Fatal(err)
			}
			if again.String() != buf.String() {
				t.Errorf("saved twice:\n%s\nthen\n%s", buf.String(), again.String())
			}
		})
	}
}

func TestSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lesson"+Ext)
	s := full(t, 12, board.BlankLast)
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(flat(got), flat(s)) {
		t.Errorf("loaded %+v, want %+v", flat(got), flat(s))
	}
	if err := Save(filepath.Join(t.TempDir(), "no", "such", "dir", "x.slidelab"), s); err == nil {
		t.Error("saved into a folder that does not exist")
	}
	bad := s
	bad.Settings = &Settings{Theme: "pink", Zoom: 1, Speed: 4}
	if err := Save(path, bad); err == nil {
		t.Error("saved a session with a bad theme")
	}
	if _, err := Load(path); err != nil {
		t.Errorf("the old file was damaged by a refused save: %v", err)
	}
}

// example is a valid file; the bad cases below edit it.
const example = `{
  "format": "slidelab-session",
  "version": 1,
  "goal": "blank-last",
  "board": "1 2 3 / 4 0 6 / 7 5 8",
  "title": "Typed board",
  "search": {"algorithm": "ida*", "heuristic": "manhattan"},
  "pdb": {"size": "3x3", "partition": "1,2,3,4/5,6,7,8"},
  "compare": {"set": "random8", "count": 10, "seed": 1, "moves": 30, "algorithm": "a*",
              "heuristics": ["manhattan", "pdb:1,2,3,4/5,6,7,8"], "node_limit": 0, "seconds": 30},
  "settings": {"theme": "light", "zoom": 1.25, "speed": 4}
}`

func TestExampleDecodes(t *testing.T) {
	s, err := Decode(strings.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	if s.Board.Size() != board.Size3x3 || s.Optimal != -1 || s.Compare.Heuristics[1].Partition != "1,2,3,4/5,6,7,8" {
		t.Errorf("decoded %+v", s)
	}
}

func TestBadFiles(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(example, old) {
			t.Fatalf("the example has no %q", old)
		}
		return strings.Replace(example, old, new, 1)
	}
	for _, tc := range []struct {
		name, text string
		is         error
		says       string
	}{
		{"empty", "", ErrNotSession, "JSON"},
		{"not JSON", "hello, world\n", ErrNotSession, "not valid JSON"},
		{"an instance line", "1 2 3 4 0 6 7 5 8\n", ErrNotSession, ""},
		{"truncated", example[:len(example)/2], ErrNotSession, ""},
		{"a JSON array", "[1, 2]", ErrNotSession, "not an object"},
		{"zeros", string(make([]byte, 4096)), ErrNotSession, ""},
		{"a 10 MB line", `{"format": "slidelab-session", "title": "` + strings.Repeat("x", 10<<20) + `"}`, ErrNotSession, "larger than"},
		{"no format", edit(`"format": "slidelab-session",`, ""), ErrNotSession, "format"},
		{"other format", edit(`"slidelab-session"`, `"slidelab-race"`), ErrNotSession, "format"},
		{"no version", edit(`"version": 1,`, ""), ErrNotSession, "version"},
		{"version a string", edit(`"version": 1`, `"version": "1"`), ErrInvalid, "whole number"},
		{"version 1.5", edit(`"version": 1`, `"version": 1.5`), ErrInvalid, "whole number"},
		{"version 0", edit(`"version": 1`, `"version": 0`), ErrInvalid, "version 0"},
		{"newer version", edit(`"version": 1`, `"version": 7, "lanes": []`), ErrNewerVersion, "update Slidelab"},
		{"unknown field", edit(`"title"`, `"colour": "red", "title"`), ErrInvalid, "colour"},
		{"board a number", edit(`"1 2 3 / 4 0 6 / 7 5 8"`, `123`), ErrInvalid, `"board"`},
		{"board missing", edit(`"board": "1 2 3 / 4 0 6 / 7 5 8",`, ""), ErrInvalid, "board"},
		{"board malformed", edit(`4 0 6`, `4 0 x`), ErrInvalid, "board"},
		{"board repeats a tile", edit(`4 0 6`, `4 4 6`), ErrInvalid, "board"},
		{"board unsolvable", edit(`7 5 8`, `7 8 5`), ErrInvalid, "unsolvable"},
		{"board of no size", edit(`1 2 3 / 4 0 6 / 7 5 8`, `1 2 3 / 4 0 6 / 7 5`), ErrInvalid, "board"},
		{"goal unknown", edit(`"blank-last"`, `"blank-middle"`), ErrInvalid, "goal"},
		{"title two lines", edit(`"Typed board"`, `"a\nb"`), ErrInvalid, "title"},
		{"optimal negative", edit(`"title"`, `"optimal": -5, "title"`), ErrInvalid, "optimal"},
		{"optimal 0 unsolved", edit(`"title"`, `"optimal": 0, "title"`), ErrInvalid, "not solved"},
		{"korf out of range", edit(`"title"`, `"korf": 101, "title"`), ErrInvalid, "korf"},
		{"korf of another board", edit(`"title"`, `"korf": 1, "title"`), ErrInvalid, "korf"},
		{"unknown algorithm", edit(`"ida*"`, `"dijkstra"`), ErrInvalid, "dijkstra"},
		{"unknown heuristic", edit(`"heuristic": "manhattan"`, `"heuristic": "euclid"`), ErrInvalid, "euclid"},
		{"heuristic of another size", edit(`"heuristic": "manhattan"`, `"heuristic": "pdb:663"`), ErrInvalid, "3x3"},
		{"heuristic a list", edit(`"heuristic": "manhattan"`, `"heuristic": ["manhattan"]`), ErrInvalid, "heuristic"},
		{"pdb kind unknown", edit(`"size": "3x3"`, `"size": "3x3", "kind": "hybrid"`), ErrInvalid, "hybrid"},
		{"fringe heuristic of another size", edit(`"heuristic": "manhattan"`, `"heuristic": "fringe:1,2,3,12"`), ErrInvalid, "fringe"},
		{"max with a part of another size", edit(`"heuristic": "manhattan"`, `"heuristic": "max(lc,pdb:663)"`), ErrInvalid, "3x3"},
		{"max of an unknown name", edit(`"heuristic": "manhattan"`, `"heuristic": "max(lc,euclid)"`), ErrInvalid, "euclid"},
		{"partition bad tile", edit(`"1,2,3,4/5,6,7,8"`, `"1,2,3,4/5,6,7,9"`), ErrInvalid, "pdb"},
		{"partition wrong size", edit(`"size": "3x3"`, `"size": "9x9"`), ErrInvalid, "pdb"},
		{"partition twice a tile", edit(`"1,2,3,4/5,6,7,8"`, `"1,2,3,4/4,6,7,8"`), ErrInvalid, "pdb"},
		{"compare set unknown", edit(`"random8"`, `"random99"`), ErrInvalid, "random99"},
		{"compare count 0", edit(`"count": 10`, `"count": 0`), ErrInvalid, "count"},
		{"compare count huge", edit(`"count": 10`, `"count": 1e30`), ErrInvalid, "count"},
		{"compare seed negative", edit(`"seed": 1`, `"seed": -1`), ErrInvalid, "seed"},
		{"compare heuristic unknown", edit(`["manhattan",`, `["nope",`), ErrInvalid, "nope"},
		{"compare heuristic of another size", edit(`"pdb:1,2,3,4/5,6,7,8"`, `"pdb:663"`), ErrInvalid, "compare"},
		{"compare file without set file", edit(`"count": 10`, `"file": "x.txt", "count": 10`), ErrInvalid, "file"},
		{"compare set file without file", edit(`"random8"`, `"file"`), ErrInvalid, "file"},
		{"theme unknown", edit(`"light"`, `"pink"`), ErrInvalid, "pink"},
		{"zoom odd", edit(`"zoom": 1.25`, `"zoom": 3`), ErrInvalid, "zoom"},
		{"speed a string", edit(`"speed": 4`, `"speed": "fast"`), ErrInvalid, "speed"},
		{"speed too fast", edit(`"speed": 4`, `"speed": 1000`), ErrInvalid, "speed"},
		{"two objects", example + example, ErrNotSession, "more data after"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.text))
			if err == nil {
				t.Fatal("read without an error")
			}
			if !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %v", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("error %q does not mention %q", err, tc.says)
			}
			if len(err.Error()) > 600 {
				t.Errorf("error of %d characters", len(err.Error()))
			}
		})
	}
}

// TestDecodeBounded reads an endless stream (as /dev/zero is) and stops
// after MaxBytes+1 bytes.
func TestDecodeBounded(t *testing.T) {
	r := &countingZeros{}
	_, err := Decode(r)
	if !errors.Is(err, ErrNotSession) {
		t.Errorf("error %v, want ErrNotSession", err)
	}
	if r.n > MaxBytes+1+64<<10 {
		t.Errorf("read %d bytes of an endless stream", r.n)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := Load("/dev/zero"); !errors.Is(err, ErrNotSession) {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}

type countingZeros struct{ n int }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

// TestDocumentedExample opens the example of the package comment and the
// README (testdata/lesson.slidelab).
func TestDocumentedExample(t *testing.T) {
	s, err := Load(filepath.Join("testdata", "lesson.slidelab"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Korf != 9 || s.Optimal != 46 || s.Search.Heuristic.String() != "pdb:663" || s.Settings.Zoom != 1.5 {
		t.Errorf("decoded %+v", s)
	}
}

// FuzzDecode feeds Decode arbitrary bytes: it never panics, and whatever
// it accepts encodes and decodes again to the same file.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte(`{"format": "slidelab-session", "version": 1, "goal": "blank-first", "board": "0 1 2 / 3 4 5 / 6 7 8"}`))
	f.Add([]byte(`{"format": "slidelab-session", "version": 2}`))
	f.Add([]byte("1 2 3 4 0 6 7 5 8\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		var once, twice bytes.Buffer
		if err := Encode(&once, s); err != nil {
			t.Fatalf("decoded but cannot encode: %v", err)
		}
		back, err := Decode(bytes.NewReader(once.Bytes()))
		if err != nil {
			t.Fatalf("cannot decode what was encoded: %v\n%s", err, once.String())
		}
		if err := Encode(&twice, back); err != nil || twice.String() != once.String() {
			t.Fatalf("encoded differently the second time (%v):\n%s\n%s", err, once.String(), twice.String())
		}
	})
}
