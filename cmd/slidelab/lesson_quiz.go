package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/lesson"
	"github.com/slidelab/slidelab/internal/quiz"
)

// runLessonQuiz writes a lesson's exercises as a question bank.
func runLessonQuiz(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson quiz")
	format := fs.String("format", "gift", "gift, moodle-xml, qti (a Canvas zip) or json")
	out := fs.String("out", "-", "file to write (- : standard output)")
	title := fs.String("title", "", "the bank's title (default: the lesson's title)")
	lf := addLessonFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := checkQuizOutput(*format, orDefault(*title, "lesson"), *out); err != nil {
		return err
	}
	l, states, _, err := lf.resolve(ctx, e, rest)
	if err != nil {
		return err
	}
	qs := lesson.Exercises(states)
	if len(qs) == 0 {
		return failError{msg: fmt.Sprintf("%s: the lesson has no exercises (add exercise: lines to its slidelab blocks)", rest[0])}
	}
	t := strings.TrimSpace(*title)
	if t == "" {
		t = bankTitle(orDefault(l.Title, rest[0]), maxQuizTitle)
	}
	return writeBank(ctx, e, *out, *format, quiz.Bank{Title: t, Kinds: bankKinds(qs), Questions: qs})
}

// bankKinds lists the kinds and levels of qs once each, in order of first
// appearance: "manhattan:1,solvable:2".
func bankKinds(qs []exercise.Question) string {
	var out []string
	seen := map[string]bool{}
	for _, q := range qs {
		k := fmt.Sprintf("%s:%d", q.Kind, q.Level)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return strings.Join(out, ",")
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// bankTitle is s on one line, cut to at most n bytes at a rune boundary.
func bankTitle(s string, n int) string {
	s = oneLine(s)
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "")
	}
	return s
}
