package lesson

import (
	"strings"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// measures are what a multiple-choice question compares, with the words
// that pick the smallest and the largest.
var measures = map[string][2]string{
	"expanded":  {"fewest", "most"},
	"generated": {"fewest", "most"},
	"stored":    {"fewest", "most"},
	"length":    {"smallest", "largest"},
	"h":         {"smallest", "largest"},
}

// setQuestion reads a question's choices: or answer: line.
func (p *parser) setQuestion(q *Question, e entry) *Error {
	if q.Kind == AskNext {
		return errorf(e.line, "%s: a next question's answer is the node the search selects; it takes no %s", e.key, e.key)
	}
	if e.key == "choices" {
		return setChoices(q, e)
	}
	v := strings.TrimSpace(e.value)
	if strings.HasPrefix(v, "{{") && strings.HasSuffix(v, "}}") {
		ph, err := parsePlaceholder(e.line, v[2:len(v)-2])
		if err != nil {
			return err
		}
		q.Kind, q.answer = AskNumber, &ph
		return nil
	}
	f := strings.Fields(strings.ToLower(v))
	if len(f) != 2 {
		return errorf(e.line, "answer: want a rule such as fewest expanded or largest h, or a placeholder such as {{length}}")
	}
	words, ok := measures[f[1]]
	if !ok {
		return errorf(e.line, "answer: %s", unknown("measure", f[1], []string{"expanded", "generated", "stored", "length", "h"}))
	}
	switch f[0] {
	case words[0]:
	case words[1]:
		q.Criterion.Most = true
	default:
		return errorf(e.line, "answer: %s %s: want %s %s or %s %s", f[0], f[1], words[0], f[1], words[1], f[1])
	}
	q.Kind, q.Criterion.Measure = AskChoice, f[1]
	return nil
}

// setChoices reads a list of heuristics (or of algorithms) separated by
// "|" or commas.
func setChoices(q *Question, e entry) *Error {
	var names []string
	if strings.Contains(e.value, "|") {
		names = strings.Split(e.value, "|")
	} else {
		names = search.SplitHeuristics(e.value)
	}
	if len(names) < 2 || len(names) > MaxChoices {
		return errorf(e.line, "choices: want 2 to %d choices, separated by | or commas", MaxChoices)
	}
	algs := 0
	for _, n := range names {
		n = strings.TrimSpace(n)
		if isAlgorithm(n) {
			a, _ := search.ParseAlgorithm(n)
			q.Choices = append(q.Choices, a.String())
			algs++
			continue
		}
		spec, err := parseHeuristic(n)
		if err != nil {
			return errorf(e.line, "choices: %v", err)
		}
		q.Choices = append(q.Choices, spec.String())
	}
	if algs != 0 && algs != len(names) {
		return errorf(e.line, "choices: all heuristics or all algorithms, not both")
	}
	return nil
}

// finishQuestion checks a question once its lines are read and adds it to
// the part.
func (p *parser) finishQuestion(q *Question) {
	if q == nil {
		return
	}
	st := &p.state
	qp := &parser{cur: &Part{}}
	qp.scanPlaceholders(q.Line, q.Text)
	for _, e := range qp.errs {
		p.fail(e)
	}
	for _, ph := range qp.cur.placeholders {
		if err := checkPlaceholder(ph, st); err != nil {
			p.fail(err)
		}
	}
	if len(qp.errs) > 0 {
		return
	}
	switch {
	case q.Kind == AskNext:
		if !st.HasAlgorithm {
			p.fail(errorf(q.Line, "question: next needs a search (algorithm:)"))
			return
		}
	case q.Kind == AskNumber:
		if len(q.Choices) > 0 {
			p.fail(errorf(q.Line, "question: a number answer ({{...}}) takes no choices"))
			return
		}
		if err := checkPlaceholder(*q.answer, st); err != nil {
			p.fail(err)
			return
		}
	case len(q.Choices) == 0 || q.Criterion.Measure == "":
		p.fail(errorf(q.Line, "question: give choices: and an answer: rule (fewest expanded), or answer: {{placeholder}}, or write question: next"))
		return
	case q.Criterion.Measure != "h" && !st.HasAlgorithm && !isAlgorithm(q.Choices[0]):
		p.fail(errorf(q.Line, "question: comparing %s needs a search (algorithm:)", q.Criterion.Measure))
		return
	case q.Criterion.Measure == "h" && isAlgorithm(q.Choices[0]):
		p.fail(errorf(q.Line, "question: h compares heuristics, not algorithms"))
		return
	}
	p.cur.Questions = append(p.cur.Questions, *q)
}

// hasDefaultPartition reports a preset partition for the board's size.
func hasDefaultPartition(st *Settings) bool {
	_, ok := pdb.DefaultPreset(st.Size)
	return ok
}

// partitionOf returns the partition the part's tables use.
func partitionOf(st *Settings) (pdb.Partition, error) {
	name := st.Partition
	if name == "" {
		if p, ok := pdb.DefaultPreset(st.Size); ok {
			name = p.Name
		}
	}
	return pdb.ParsePartition(name, st.Size, st.Goal)
}
