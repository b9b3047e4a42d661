package compare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

func TestClassroom(t *testing.T) {
	s := Classroom()
	all := board.Korf100()
	if len(s.Instances) != 10 || s.Goal != board.BlankLast || s.Name != "classroom" {
		t.Fatalf("classroom: %d instances, goal %v, name %q", len(s.Instances), s.Goal, s.Name)
	}
	for i, in := range s.Instances {
		n := ClassroomNumbers[i]
		if in.Name != strings.TrimSpace(in.Name) || in.Board != all[n-1].Board || in.Optimal != all[n-1].Optimal {
			t.Errorf("instance %d: %+v, want Korf #%d %v", i, in, n, all[n-1])
		}
		if !in.Board.Solvable(board.BlankLast) || in.Optimal < 40 {
			t.Errorf("instance %s: unsolvable or implausible optimal length %d", in.Name, in.Optimal)
		}
	}
	// Korf's instance 1 (blank-first in the paper) starts "14 13 15 7": its
	// blank-last conversion is what board.Korf100 defines; check numbering.
	k := Korf100()
	if len(k.Instances) != 100 || k.Instances[0].Name != "1" || k.Instances[99].Name != "100" || k.Instances[8].Board != s.Instances[0].Board {
		t.Errorf("korf100 numbering is off")
	}
}

func TestRandomSets(t *testing.T) {
	a, err := RandomBoards(board.Size3x3, board.BlankLast, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RandomBoards(board.Size3x3, board.BlankLast, 5, 7)
	c, _ := RandomBoards(board.Size3x3, board.BlankLast, 5, 8)
	same, differ := true, false
	for i := range a.Instances {
		same = same && a.Instances[i].Board == b.Instances[i].Board
		differ = differ || a.Instances[i].Board != c.Instances[i].Board
		if !a.Instances[i].Board.Solvable(board.BlankLast) || a.Instances[i].Board.Size() != board.Size3x3 {
			t.Errorf("random board %v is not a solvable 3x3 board", a.Instances[i].Board)
		}
	}
	if !same || !differ {
		t.Errorf("seeded random boards: same seed same boards = %v, other seed differs = %v", same, differ)
	}
	w, err := RandomWalks(board.Size4x4, board.BlankFirst, 12, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range w.Instances {
		if !in.Board.Solvable(board.BlankFirst) {
			t.Errorf("walk board %v cannot reach the goal", in.Board)
		}
	}
	w5, err := RandomWalks(board.Size5x5, board.BlankLast, 12, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range w5.Instances {
		if !in.Board.Solvable(board.BlankLast) || in.Board.Size() != board.Size5x5 {
			t.Errorf("5x5 walk board %v is not a solvable 5x5 board", in.Board)
		}
	}
	for _, bad := range []func() error{
		func() error { _, err := RandomBoards(board.Size3x3, board.BlankLast, 0, 1); return err },
		func() error { _, err := RandomWalks(board.Size4x4, board.BlankLast, -1, 3, 1); return err },
		func() error { _, err := RandomWalks(board.Size{W: 6, H: 5}, board.BlankLast, 3, 3, 1); return err },
	} {
		if bad() == nil {
			t.Error("bad random set arguments accepted")
		}
	}
}

func TestParseSet(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("# two 8-puzzles\n1 2 3 4 5 6 7 0 8 1\n1 2 3 4 5 6 0 7 8\n"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("1 2 3 4 5 6 8 7 0\n1 2 3\n"), 0o644)
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	partly := filepath.Join(dir, "partly.txt")
	os.WriteFile(partly, []byte("1 2 3 4 5 6 7 0 8\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 0 7 8\n"), 0o644)
	mixed := filepath.Join(dir, "mixed.txt")
	os.WriteFile(mixed, []byte("1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n"), 0o644)
	tests := []struct {
		spec  string
		n     int
		size  board.Size
		name  string
		error string
		// skipped is the start of the one skipped line's reason, if any.
		skipped string
	}{
		{spec: "classroom", n: 10, size: board.Size4x4, name: "classroom"},
		{spec: "KORF100", n: 100, size: board.Size4x4, name: "korf100"},
		{spec: "hardest80", n: 17, size: board.Size4x4, name: "hardest80"},
		{spec: "random8", n: 10, size: board.Size3x3, name: "random8 (seed 1)"},
		{spec: "random8:3:9", n: 3, size: board.Size3x3, name: "random8 (seed 9)"},
		{spec: "random15:2", n: 2, size: board.Size4x4},
		{spec: "walk:30", n: 10, size: board.Size4x4},
		{spec: "walk:30:4:2", n: 4, size: board.Size4x4},
		{spec: "walk24:30", n: 10, size: board.Size5x5},
		{spec: "WALK24:20:3:2", n: 3, size: board.Size5x5},
		{spec: good, n: 2, size: board.Size3x3, name: good},
		{spec: "classroom:3", error: "takes no arguments"},
		{spec: "random8:0", error: "between 1 and"},
		{spec: "random8:x", error: "not a non-negative number"},
		{spec: "random8:1:2:3", error: "want"},
		{spec: "walk", error: "want"},
		{spec: "walk:99999", error: "more than 10000"},
		{spec: "walk24", error: "want"},
		{spec: "walk24:99999", error: "more than 10000"},
		{spec: "clasroom", error: "no such built-in set"},
		{spec: bad, error: "line 1"},
		{spec: empty, error: "no instances"},
		{spec: mixed, n: 1, size: board.Size3x3, skipped: "line 2: a 4x4 board, but the set's first board is 3x3; a set has one size"},
		{spec: partly, n: 2, size: board.Size3x3, skipped: "line 2: unsolvable"},
	}
	for _, tt := range tests {
		s, err := ParseSet(tt.spec, board.BlankLast)
		if tt.error != "" {
			if err == nil || !strings.Contains(err.Error(), tt.error) {
				t.Errorf("ParseSet(%q): error %v, want one mentioning %q", tt.spec, err, tt.error)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseSet(%q): %v", tt.spec, err)
			continue
		}
		if len(s.Instances) != tt.n || s.Instances[0].Board.Size() != tt.size || (tt.name != "" && s.Name != tt.name) {
			t.Errorf("ParseSet(%q): %d instances of %v named %q", tt.spec, len(s.Instances), s.Instances[0].Board.Size(), s.Name)
		}
		if (tt.skipped == "") != (len(s.Skipped) == 0) || (tt.skipped != "" && (len(s.Skipped) != 1 || !strings.HasPrefix(s.Skipped[0].Error(), tt.skipped))) {
			t.Errorf("ParseSet(%q): skipped %v, want one starting %q", tt.spec, s.Skipped, tt.skipped)
		}
	}
	s, _ := ParseSet(good, board.BlankLast)
	if s.Instances[0].Optimal != 1 || s.Instances[1].Optimal != -1 || s.Instances[0].Name != "line 2" {
		t.Errorf("file instances: %+v", s.Instances)
	}
	if f := Classroom().First(3); len(f.Instances) != 3 || f.Instances[2].Name != "19" || f.Name != "classroom (first 3)" {
		t.Errorf("First(3): %+v", f.Instances)
	}
	if f := Classroom().First(0); len(f.Instances) != 10 {
		t.Errorf("First(0) kept %d", len(f.Instances))
	}
}

func TestForGoal(t *testing.T) {
	last := Korf100().First(5)
	first := last.ForGoal(board.BlankFirst)
	if first.Goal != board.BlankFirst || len(first.Instances) != 5 {
		t.Fatalf("ForGoal: %+v", first)
	}
	// Korf's instance 1 as he wrote it (blank-first, shared/data/korf100.txt).
	want, err := board.Parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", board.Size4x4)
	if err != nil {
		t.Fatal(err)
	}
	if got := first.Instances[0].Board; got != want {
		t.Errorf("Korf #1 for the blank-first goal = %s, want %s", got.Line(), want.Line())
	}
	for i, in := range first.Instances {
		if !in.Board.Solvable(board.BlankFirst) || in.Optimal != last.Instances[i].Optimal || in.Name != last.Instances[i].Name {
			t.Errorf("instance %d: %+v", i, in)
		}
	}
	if back := first.ForGoal(board.BlankLast); back.Instances[3].Board != last.Instances[3].Board {
		t.Error("ForGoal twice does not give the set back")
	}
	if same := last.ForGoal(board.BlankLast); &same.Instances[0] != &last.Instances[0] {
		t.Error("ForGoal to the set's own goal copied the instances")
	}
}
