package lesson

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/search"
)

// answerChoice runs every choice of a multiple-choice question and picks
// the answer by the question's criterion. Ties give an error: a question
// must have one right answer.
func (r *Resolver) answerChoice(ctx context.Context, a Answer, st *Settings) (Answer, error) {
	vals := make([]int64, len(a.Choices))
	for i, c := range a.Choices {
		v, err := r.measureChoice(ctx, c, a.Criterion.Measure, st)
		if err != nil {
			return a, fmt.Errorf("choice %s: %w", c, err)
		}
		vals[i] = v
		a.Options = append(a.Options, c)
		a.Values = append(a.Values, fmt.Sprintf("%s %s", num(v), a.Criterion.Measure))
	}
	best := 0
	for i, v := range vals {
		if (a.Criterion.Most && v > vals[best]) || (!a.Criterion.Most && v < vals[best]) {
			best = i
		}
	}
	for i, v := range vals {
		if i != best && v == vals[best] {
			return a, fmt.Errorf("question: %s and %s tie at %s %s: the question needs one right answer", a.Choices[best], a.Choices[i], num(v), a.Criterion.Measure)
		}
	}
	a.Correct, a.Answer = best, a.Choices[best]
	return a, nil
}

// measureChoice computes one choice's measure.
func (r *Resolver) measureChoice(ctx context.Context, choice, measure string, st *Settings) (int64, error) {
	if measure == "h" {
		h, err := r.heuristic(ctx, choice, st.Size, st.Goal)
		if err != nil {
			return 0, err
		}
		return int64(h.Estimate(st.Board)), nil
	}
	alg, heur := st.Algorithm, st.Heuristic
	if isAlgorithm(choice) {
		alg, _ = search.ParseAlgorithm(choice)
	} else {
		heur = choice
	}
	at := st.At
	if measure == "length" {
		at = Position{Kind: AtGoal}
	}
	run, err := r.run(ctx, st, alg, heur, at)
	if err != nil {
		return 0, err
	}
	switch measure {
	case "expanded":
		return int64(run.Stats.Expanded), nil
	case "generated":
		return int64(run.Stats.Generated), nil
	case "stored":
		return int64(run.Stats.Stored), nil
	}
	if !run.Found {
		return 0, fmt.Errorf("no solution found")
	}
	return int64(len(run.Moves)), nil
}
