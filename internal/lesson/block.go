package lesson

import (
	"strings"
)

// Keys lists the keys of a slidelab block, in the order they apply.
var Keys = []string{"size", "goal", "board", "moves", "algorithm", "weight", "depth-limit", "cycle-check", "memory-nodes", "cost",
	"heuristic", "partition", "view", "overlays", "at", "question", "choices", "answer", "exercise"}

// stateKeys is the number of Keys that set the state (the rest are
// questions and exercises).
const stateKeys = 15

// entry is one "key: value" line of a block.
type entry struct {
	line       int
	key, value string
}

// block reads the ```slidelab block opening at line index i and returns
// the index of its closing fence.
func (p *parser) block(i int) int {
	open := i + 1
	fence, _, _ := fenceOpen(p.lines[i])
	if p.cur == nil {
		p.cur = &Part{Line: open}
	}
	if p.cur.BlockLine != 0 {
		p.fail(errorf(open, "a part has one slidelab block; this part's is at line %d (start a part with a heading or ---)", p.cur.BlockLine))
	}
	p.cur.BlockLine = open
	var entries []entry
	seen := map[string]int{}
	for i++; i < len(p.lines); i++ {
		line, n := p.lines[i], i+1
		if isFenceClose(line, fence) {
			p.apply(entries)
			return i
		}
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(line) > MaxLineBytes {
			p.fail(errorf(n, "line longer than %d bytes", MaxLineBytes))
			continue
		}
		key, value, ok := strings.Cut(t, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok {
			p.fail(errorf(n, "want 'key: value' (keys: %s)", strings.Join(Keys, ", ")))
			continue
		}
		if !contains(Keys, key) {
			p.fail(errorf(n, "%s", unknown("key", key, Keys)))
			continue
		}
		if prev, dup := seen[key]; dup && key != "question" && key != "choices" && key != "answer" && key != "exercise" {
			p.fail(errorf(n, "%s is set twice (first at line %d)", key, prev))
			continue
		}
		seen[key] = n
		entries = append(entries, entry{line: n, key: key, value: strings.TrimSpace(value)})
	}
	p.fail(errorf(open, "the slidelab block is never closed (want a line %s)", fence))
	return len(p.lines)
}

// apply sets the block's keys over the state, in the order of Keys.
func (p *parser) apply(entries []entry) {
	st := p.state
	st.lines = map[string]int{}
	for k, v := range p.state.lines {
		st.lines[k] = v
	}
	st.Overlays = append([]string(nil), p.state.Overlays...)
	ok := true
	set := map[string]int{} // the line of each key this block sets
	for _, key := range Keys[:stateKeys] {
		for _, e := range entries {
			if e.key != key {
				continue
			}
			if err := st.set(e); err != nil {
				p.fail(err)
				ok = false
			}
			st.lines[key], set[key] = e.line, e.line
		}
	}
	if ok {
		if err := st.checkParams(set); err != nil {
			p.fail(err)
			ok = false
		}
	}
	if ok {
		if err := st.check(); err != nil {
			p.fail(err)
			ok = false
		}
	}
	if ok { // a bad block keeps the state before it, so one mistake gives one error
		p.state = st
	}
	p.questions(entries)
	p.exercises(entries)
}

// questions reads the block's question, choices and answer keys: each
// question: starts a question, and its choices: and answer: follow it.
func (p *parser) questions(entries []entry) {
	var q *Question
	for _, e := range entries {
		switch e.key {
		case "question":
			p.finishQuestion(q)
			q = &Question{Line: e.line, Text: e.value, Kind: AskChoice}
			if strings.EqualFold(e.value, "next") {
				q.Kind, q.Text = AskNext, "Which node does the search select next?"
			}
			if q.Text == "" {
				p.fail(errorf(e.line, "question: give the question's text, or next"))
			}
		case "choices", "answer":
			if q == nil {
				p.fail(errorf(e.line, "%s: comes after a question: line", e.key))
				continue
			}
			if err := p.setQuestion(q, e); err != nil {
				p.fail(err)
			}
		}
	}
	p.finishQuestion(q)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
