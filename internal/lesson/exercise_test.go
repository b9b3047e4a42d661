package lesson

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/core/search"
)

func TestParseExercise(t *testing.T) {
	tests := []struct {
		keys string
		want []Exercise
	}{
		{"exercise: manhattan", []Exercise{{Line: 4, Kind: "manhattan", Level: 1, Seed: 1, Count: 1}}},
		{"exercise: IDA-Bound level 2 seed 7", []Exercise{{Line: 4, Kind: "ida-bound", Level: 2, Seed: 7, Count: 1}}},
		{"exercise: solvable count 3 seed 5\nexercise: hamming seed 2", []Exercise{
			{Line: 4, Kind: "solvable", Level: 1, Seed: 5, Count: 3},
			{Line: 5, Kind: "hamming", Level: 1, Seed: 2, Count: 1}}},
		{"board: 1 2 3 / 4 0 6 / 7 5 8\nexercise: linear-conflict board", []Exercise{{Line: 5, Kind: "linear-conflict", Level: 1, Seed: 1, Count: 1,
			OnBoard: true, Board: mustBoard(t, "1 2 3 / 4 0 6 / 7 5 8"), Goal: board.BlankLast}}},
	}
	for _, tc := range tests {
		l, err := Parse("t.md", []byte(block(tc.keys)))
		if err != nil {
			t.Fatalf("%q: %v", tc.keys, err)
		}
		if got := l.Parts[0].Exercises; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %+v, want %+v", tc.keys, got, tc.want)
		}
	}
}

func mustBoard(t *testing.T, s string) board.Board {
	t.Helper()
	b, err := board.Parse(s, board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseExerciseErrors(t *testing.T) {
	tests := []struct{ keys, err string }{
		{"exercise: manhatan", "line 4: exercise: unknown exercise kind 'manhatan' (did you mean manhattan?)"},
		{"exercise: ida-bond level 1", "line 4: exercise: unknown exercise kind 'ida-bond' (did you mean ida-bound?)"},
		{"exercise:", "line 4: exercise: want a kind"},
		{"exercise: manhattan levl 2", "line 4: exercise: unknown word 'levl' (did you mean level?)"},
		{"exercise: manhattan level 3", "line 4: exercise: manhattan level 3: levels run from 1 to 2"},
		{"exercise: manhattan level 0", "line 4: exercise: manhattan level 0: levels run from 1 to 2"},
		{"exercise: manhattan level", "line 4: exercise: level needs a number"},
		{"exercise: manhattan seed -1", "line 4: exercise: seed \"-1\" is not a whole number"},
		{"exercise: manhattan seed 99999999999999999999999", "is not a whole number"},
		{"exercise: manhattan seed 9007199254740992", "line 4: exercise: seed 9007199254740992: at most 9007199254740991"},
		{"exercise: manhattan seed 9007199254740991 count 2", "line 4: exercise: seeds 9007199254740991 to 9007199254740992 pass"},
		{"exercise: manhattan count 21", "line 4: exercise: count 21: want 1 to 20"},
		{"exercise: manhattan seed 1 seed 2", "line 4: exercise: seed is given twice"},
		{"exercise: ida-bound board", "line 4: exercise: ida-bound makes its own board; the part's board is taken by hamming, manhattan, linear-conflict"},
		{"exercise: manhattan board seed 3", "line 4: exercise: board asks about the part's board: it takes no level, seed or count"},
		{"exercise: manhattan count 20\nexercise: hamming count 20\nexercise: solvable", "line 6: exercise: a part holds at most 40 exercises"},
	}
	many := strings.Repeat("# P\n```slidelab\nexercise: hamming count 20\n```\n", 21)
	if _, err := Parse("t.md", []byte(many)); err == nil || !strings.Contains(err.Error(), "line 83: exercise: a lesson holds at most 400 exercises") {
		t.Errorf("401 exercises: %v", err)
	}
	for _, tc := range tests {
		_, err := Parse("t.md", []byte(block(tc.keys)))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: got error %v, want one containing %q", tc.keys, err, tc.err)
		}
	}
}

// TestResolveExercisesMatchGenerator: a part's exercises are the
// generator's own questions for the same kind, level and seed.
func TestResolveExercisesMatchGenerator(t *testing.T) {
	g := exercise.NewGenerator()
	r := NewResolver()
	for _, k := range exercise.Kinds() {
		for level := 1; level <= k.Levels; level++ {
			if testing.Short() && level > 1 {
				continue
			}
			s := resolveOne(t, r, block("exercise: "+k.Name+" level "+strconv.Itoa(level)+" seed 40 count 2"))
			if len(s.Exercises) != 2 {
				t.Fatalf("%s: %d exercises, want 2", k.Name, len(s.Exercises))
			}
			for i, got := range s.Exercises {
				want, err := g.Generate(k.Name, level, 40+uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s level %d seed %d: lesson gives %+v, generator %+v", k.Name, level, 40+i, got, want)
				}
			}
		}
	}
}

// TestResolveExerciseOnBoard: an exercise on the part's board answers
// with the heuristic's own value of that board, for either goal.
func TestResolveExerciseOnBoard(t *testing.T) {
	for _, tc := range []struct {
		keys, heur string
		goal       board.Goal
	}{
		{"board: random walk 40 seed 3\nexercise: manhattan board", "manhattan", board.BlankLast},
		{"board: random walk 40 seed 3\nexercise: hamming board", "hamming", board.BlankLast},
		{"goal: blank-first\nboard: korf100:9\nexercise: linear-conflict board", "linear-conflict", board.BlankFirst},
	} {
		l, err := Parse("t.md", []byte(block(tc.keys)))
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewResolver().Resolve(context.Background(), l.Parts[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Exercises) != 1 {
			t.Fatalf("%q: %d exercises", tc.keys, len(s.Exercises))
		}
		q := s.Exercises[0]
		h, err := search.NewHeuristic(context.Background(), tc.heur, s.Settings.Size, tc.goal, search.HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if q.Boards[0].Board != s.Settings.Board || q.Number != float64(h.Estimate(s.Settings.Board)) || q.Goal != tc.goal {
			t.Errorf("%q: question on %v goal %v answers %g; the part's board %v has %s %d", tc.keys, q.Boards[0].Board, q.Goal, q.Number,
				s.Settings.Board, tc.heur, h.Estimate(s.Settings.Board))
		}
	}
}

func TestExercisesCollects(t *testing.T) {
	l, err := Parse("t.md", []byte("# A\n```slidelab\nexercise: hamming count 2\n```\n# B\ntext\n# C\n```slidelab\nexercise: solvable seed 9\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	states, err := NewResolver().ResolveAll(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	qs := Exercises(states)
	if len(qs) != 3 || qs[0].Kind != "hamming" || qs[1].Seed != 2 || qs[2].Kind != "solvable" || qs[2].Seed != 9 {
		t.Errorf("Exercises: %+v", qs)
	}
}
