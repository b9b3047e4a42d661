package lesson

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/core/search"
)

// State is a part resolved: the state the views show and the filled text.
type State struct {
	// Part is the part resolved.
	Part *Part
	// Settings are the part's settings.
	Settings Settings
	// Board is the board to show: the node of the position's event when a
	// search ran, else the start board.
	Board board.Board
	// Run is the part's search at its position; nil when the part has no
	// algorithm.
	Run *Run
	// Text is the part's Markdown with every placeholder filled.
	Text string
	// Answers are the part's questions with their computed answers.
	Answers []Answer
	// Exercises are the questions of the part's exercise: lines, made by
	// core/exercise with their answers and explanations.
	Exercises []exercise.Question
}

// Answer is a question with its answer computed.
type Answer struct {
	Question
	// Text is the question's text, filled.
	Text string
	// Options are what students choose from: the choices, or for a next
	// question the boards at the front of the open list (in board order,
	// so the order does not give the answer away); empty for a number.
	Options []string
	// Values are each option's measure ("412 expanded"), when computed.
	Values []string
	// Correct is the index of the right option (-1 for a number question).
	Correct int
	// Answer is the answer in words: the number, the chosen name, or the
	// next node with its g, h and f.
	Answer string
}

// Resolve runs part (of a lesson from Parse) to its position and fills its
// text and answers. Errors name the line of what failed and are *Error
// values. ctx stops a long search.
func (r *Resolver) Resolve(ctx context.Context, part *Part) (*State, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.init()
	st := part.Settings
	out := &State{Part: part, Settings: st, Board: st.Board}
	if st.HasAlgorithm {
		run, err := r.run(ctx, &st, st.Algorithm, st.Heuristic, st.At)
		if err != nil {
			return nil, r.lineError(ctx, max(part.BlockLine, part.Line), st.KeyLine("at"), err)
		}
		out.Run = run
		if run.Event.Node.Board.IsValid() {
			out.Board = run.Event.Node.Board
		}
	}
	text, err := r.fill(ctx, part.Text, part.placeholders, &st)
	if err != nil {
		return nil, err
	}
	out.Text = text
	for _, q := range part.Questions {
		a, err := r.answer(ctx, q, &st)
		if err != nil {
			return nil, r.lineError(ctx, q.Line, 0, err)
		}
		out.Answers = append(out.Answers, a)
	}
	exs, err := r.exerciseQuestions(ctx, part.Exercises)
	if err != nil {
		return nil, err
	}
	out.Exercises = exs
	return out, nil
}

// ResolveAll resolves every part of l and returns the states, or every
// part's error as an ErrorList (the context's error alone when ctx ends).
func (r *Resolver) ResolveAll(ctx context.Context, l *Lesson) ([]*State, error) {
	var out []*State
	var errs ErrorList
	seen := map[Error]bool{}
	for _, p := range l.Parts {
		s, err := r.Resolve(ctx, p)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				e = errorf(p.Line, "%v", err)
			}
			if !seen[*e] { // parts that share a failed run report it once
				seen[*e] = true
				errs = append(errs, e)
			}
			continue
		}
		out = append(out, s)
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// lineError wraps err with a line: the first non-zero of lines. The
// context's error passes unchanged.
func (r *Resolver) lineError(ctx context.Context, line, other int, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if e, ok := err.(*Error); ok {
		return e
	}
	if other != 0 {
		line = other
	}
	return &Error{Line: line, Msg: err.Error()}
}

// fill replaces the placeholders of text with their values.
func (r *Resolver) fill(ctx context.Context, text string, phs []placeholder, st *Settings) (string, error) {
	var sb strings.Builder
	rest := text
	for _, ph := range phs {
		tok := "{{" + ph.raw + "}}"
		i := indexUnescaped(rest, tok)
		if i < 0 {
			continue // cannot happen: phs were read from text
		}
		v, err := r.value(ctx, ph, st)
		if err != nil {
			return "", r.lineError(ctx, ph.line, 0, fmt.Errorf("%s: %w", ph, err))
		}
		sb.WriteString(unescape(rest[:i]))
		sb.WriteString(v)
		rest = rest[i+len(tok):]
	}
	sb.WriteString(unescape(rest))
	return sb.String(), nil
}

// indexUnescaped finds tok in s where it is not preceded by a backslash.
func indexUnescaped(s, tok string) int {
	off := 0
	for {
		i := strings.Index(s[off:], tok)
		if i < 0 {
			return -1
		}
		if off+i == 0 || s[off+i-1] != '\\' {
			return off + i
		}
		off += i + 2
	}
}

// unescape turns \{{ into {{.
func unescape(s string) string { return strings.ReplaceAll(s, "\\{{", "{{") }

// answer computes a question's answer.
func (r *Resolver) answer(ctx context.Context, q Question, st *Settings) (Answer, error) {
	a := Answer{Question: q, Correct: -1}
	text, err := r.fill(ctx, q.Text, questionPlaceholders(q), st)
	if err != nil {
		return a, err
	}
	a.Text = text
	switch q.Kind {
	case AskNumber:
		v, err := r.value(ctx, *q.answer, st)
		if err != nil {
			return a, err
		}
		a.Answer = v
	case AskNext:
		return r.answerNext(ctx, a, st)
	case AskChoice:
		return r.answerChoice(ctx, a, st)
	}
	return a, nil
}

// questionPlaceholders reads the placeholders of a question's text.
func questionPlaceholders(q Question) []placeholder {
	p := &parser{cur: &Part{}}
	p.scanPlaceholders(q.Line, q.Text)
	return p.cur.placeholders
}

// answerNext finds the node the search selects after the part's position.
func (r *Resolver) answerNext(ctx context.Context, a Answer, st *Settings) (Answer, error) {
	cfg, err := r.config(ctx, st.Algorithm, st.Heuristic, st)
	if err != nil {
		return a, err
	}
	stp, err := search.NewStepper(st.Board, cfg)
	if err != nil {
		return a, err
	}
	run := &Run{Algorithm: st.Algorithm}
	if err := advance(ctx, stp, run, st.At); err != nil {
		return a, err
	}
	for {
		// The options are the open list just before the selection: the
		// node chosen is its first entry.
		var opts []string
		for _, n := range stp.Open(4) {
			opts = append(opts, n.Board.Line())
		}
		ev, err := stp.Step(ctx)
		if err != nil {
			return a, fmt.Errorf("question: next: the search has ended (%v); ask it before the goal", err)
		}
		if ev.Kind != search.NodeSelected {
			continue
		}
		sort.Strings(opts)
		a.Options = opts
		n := ev.Node
		a.Answer = fmt.Sprintf("%s (g = %d, h = %d, f = %d)", n.Board.Line(), n.G, n.H, n.F())
		for i, o := range a.Options {
			if o == n.Board.Line() {
				a.Correct = i
			}
		}
		return a, nil
	}
}
