package lesson

import (
	"context"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
)

// Limits of exercise: lines.
const (
	// MaxExerciseCount is the largest count of one exercise: line.
	MaxExerciseCount = 20
	// MaxPartExercises is the most exercises one part holds.
	MaxPartExercises = 40
	// MaxLessonExercises is the most exercises one lesson holds.
	MaxLessonExercises = 400
)

// Exercise is an exercise: line of a part: questions made by
// core/exercise's generator, either Count of them from Seed, Seed+1, ...
// at Level, or one about the part's start board (OnBoard).
type Exercise struct {
	// Line is the line of the exercise: key.
	Line int
	// Kind names the exercise kind (slidelab quiz --list).
	Kind string
	// Level, Seed and Count say which generated questions: Count of them,
	// made from seeds Seed to Seed+Count-1.
	Level int
	Seed  uint64
	Count int
	// OnBoard asks about Board (the part's start board, towards Goal)
	// instead of a generated board.
	OnBoard bool
	Board   board.Board
	Goal    board.Goal
}

// kindNames returns the exercise kinds' names for did-you-mean.
func kindNames() []string {
	var out []string
	for _, k := range exercise.Kinds() {
		out = append(out, k.Name)
	}
	return out
}

// exercises reads the block's exercise: lines, once the block's settings
// apply.
func (p *parser) exercises(entries []entry) {
	for _, e := range entries {
		if e.key != "exercise" {
			continue
		}
		ex, err := parseExercise(e, &p.state)
		if err != nil {
			p.fail(err)
			continue
		}
		n := 0
		for _, x := range p.cur.Exercises {
			n += x.Count
		}
		if n+ex.Count > MaxPartExercises {
			p.fail(errorf(e.line, "exercise: a part holds at most %d exercises", MaxPartExercises))
			continue
		}
		if p.exercisesSeen+ex.Count > MaxLessonExercises {
			p.fail(errorf(e.line, "exercise: a lesson holds at most %d exercises", MaxLessonExercises))
			continue
		}
		p.exercisesSeen += ex.Count
		p.cur.Exercises = append(p.cur.Exercises, ex)
	}
}

// parseExercise reads "KIND [level N] [seed S] [count C]" or "KIND board".
func parseExercise(e entry, st *Settings) (Exercise, *Error) {
	f := strings.Fields(strings.ToLower(e.value))
	if len(f) == 0 {
		return Exercise{}, errorf(e.line, "exercise: want a kind, such as manhattan level 1 seed 7 (slidelab quiz --list names the kinds)")
	}
	k, err := exercise.LookupKind(f[0])
	if err != nil {
		return Exercise{}, errorf(e.line, "exercise: %s", unknown("exercise kind", f[0], kindNames()))
	}
	ex := Exercise{Line: e.line, Kind: k.Name, Level: 1, Seed: 1, Count: 1}
	seen := map[string]bool{}
	for i := 1; i < len(f); i++ {
		w := f[i]
		if seen[w] {
			return Exercise{}, errorf(e.line, "exercise: %s is given twice", w)
		}
		seen[w] = true
		if w == "board" {
			ex.OnBoard = true
			continue
		}
		if w != "level" && w != "seed" && w != "count" {
			return Exercise{}, errorf(e.line, "exercise: %s", unknown("word", w, []string{"level", "seed", "count", "board"}))
		}
		if i+1 >= len(f) {
			return Exercise{}, errorf(e.line, "exercise: %s needs a number", w)
		}
		i++
		v, perr := strconv.ParseUint(f[i], 10, 64)
		if perr != nil {
			return Exercise{}, errorf(e.line, "exercise: %s %q is not a whole number", w, f[i])
		}
		switch w {
		case "level":
			if v < 1 || v > uint64(k.Levels) {
				return Exercise{}, errorf(e.line, "exercise: %s level %d: levels run from 1 to %d", k.Name, v, k.Levels)
			}
			ex.Level = int(v)
		case "seed":
			if v > exercise.MaxSeed {
				return Exercise{}, errorf(e.line, "exercise: seed %d: at most %d", v, uint64(exercise.MaxSeed))
			}
			ex.Seed = v
		case "count":
			if v < 1 || v > MaxExerciseCount {
				return Exercise{}, errorf(e.line, "exercise: count %d: want 1 to %d", v, MaxExerciseCount)
			}
			ex.Count = int(v)
		}
	}
	if ex.Seed > exercise.MaxSeed-uint64(ex.Count-1) {
		return Exercise{}, errorf(e.line, "exercise: seeds %d to %d pass %d", ex.Seed, ex.Seed+uint64(ex.Count-1), uint64(exercise.MaxSeed))
	}
	if ex.OnBoard {
		if seen["level"] || seen["seed"] || seen["count"] {
			return Exercise{}, errorf(e.line, "exercise: board asks about the part's board: it takes no level, seed or count")
		}
		if !contains(exercise.BoardKinds(), k.Name) {
			return Exercise{}, errorf(e.line, "exercise: %s makes its own board; the part's board is taken by %s", k.Name, strings.Join(exercise.BoardKinds(), ", "))
		}
		ex.Board, ex.Goal = st.Board, st.Goal
	}
	return ex, nil
}

// exerciseQuestions makes a part's exercises with the resolver's generator.
func (r *Resolver) exerciseQuestions(ctx context.Context, exs []Exercise) ([]exercise.Question, error) {
	if r.gen == nil {
		r.gen = exercise.NewGenerator()
	}
	var out []exercise.Question
	for _, ex := range exs {
		if ex.OnBoard {
			q, err := r.gen.OnBoard(ex.Kind, ex.Board, ex.Goal)
			if err != nil {
				return nil, r.lineError(ctx, ex.Line, 0, err)
			}
			out = append(out, q)
			continue
		}
		for i := 0; i < ex.Count; i++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			q, err := r.gen.Generate(ex.Kind, ex.Level, ex.Seed+uint64(i))
			if err != nil {
				return nil, r.lineError(ctx, ex.Line, 0, err)
			}
			out = append(out, q)
		}
	}
	return out, nil
}

// Exercises returns the exercises of resolved parts, in order: a lesson's
// question bank (slidelab lesson quiz).
func Exercises(states []*State) []exercise.Question {
	var out []exercise.Question
	for _, s := range states {
		out = append(out, s.Exercises...)
	}
	return out
}
