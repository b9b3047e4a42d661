package tracecheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// expandLine writes a least-form expansion line.
func expandLine(b string, g int, extra string) string {
	return fmt.Sprintf(`{"board":%q,"g":%d%s}`, b, g, extra)
}

// TestRuleViolations checks that each rule's violation is caught, with the
// rule and the sentence naming where and what.
func TestRuleViolations(t *testing.T) {
	const start = "1 2 3 / 4 5 6 / 0 7 8" // h = 2; children: up (f = 4), right (f = 2)
	up, right := "1 2 3 / 0 5 6 / 4 7 8", "1 2 3 / 4 5 6 / 7 0 8"
	goal := "1 2 3 / 4 5 6 / 7 8 0"
	goalLine := `{"event":"goal","board":"` + goal + `","g":2}`
	cases := []struct {
		name   string
		alg    search.Algorithm
		strict bool
		lines  []string
		rule   Rule
		want   string
	}{
		{"passes", search.AStar, true, []string{expandLine(start, 0, ""), expandLine(right, 1, ""), goalLine}, "", ""},
		{"first g not 0", search.AStar, false, []string{expandLine(start, 1, "")}, RuleStart,
			"line 1: a search starts at its start 1 2 3 / 4 5 6 / _ 7 8 with g = 0, but your first expansion is 1 2 3 / 4 5 6 / _ 7 8 with g = 1."},
		{"first not start", search.IDAStar, false, []string{expandLine(up, 0, "")}, RuleStart,
			"but your first expansion is 1 2 3 / _ 5 6 / 4 7 8 with g = 0"},
		{"goal expanded early", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(goal, 1, "")}, RuleReached,
			"the goal (line 2): you stopped at the goal 1 2 3 / 4 5 6 / 7 8 _, but it was not in your open list: no board you expanded before has it as a child (a* tests for the goal when it takes a node from the open list, not when it generates it)."},
		{"not reached", search.AStar, false, []string{expandLine(start, 0, ""), expandLine("1 2 3 / 4 0 6 / 7 5 8", 2, "")}, RuleReached,
			"expansion 2 (line 2): you expanded 1 2 3 / 4 _ 6 / 7 5 8, but it was not in your open list: no board you expanded before has it as a child."},
		{"g too large", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(right, 2, "")}, RuleG,
			"with g = 2, but your search had already reached it with g = 1 and A* keeps the shorter path"},
		{"h wrong", search.AStar, false, []string{expandLine(start, 0, `,"h":3`)}, RuleH,
			"expansion 1 (line 1): you gave h = 3 for 1 2 3 / 4 5 6 / _ 7 8, but manhattan gives 2."},
		{"f wrong", search.AStar, false, []string{expandLine(start, 0, `,"h":2,"f":3`)}, RuleF, "f = g + h = 0 + 2 = 2"},
		{"least f", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(up, 1, "")}, RuleOrder,
			"expansion 2 (line 2): you expanded 1 2 3 / _ 5 6 / 4 7 8 with f = 4, but 1 2 3 / 4 5 6 / 7 _ 8 with f = 2 was in your open list."},
		{"least h", search.Greedy, false, []string{expandLine(start, 0, ""), expandLine(up, 1, "")}, RuleOrder,
			"with h = 3, but 1 2 3 / 4 5 6 / 7 _ 8 with h = 1 was in your open list"},
		{"closed", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(right, 1, ""), expandLine(start, 2, "")}, RuleClosed,
			"you expanded 1 2 3 / 4 5 6 / _ 7 8 again with g = 2, but you had already expanded it with g = 0 (expansion 1)"},
		{"bfs twice", search.BFS, false, []string{expandLine(start, 0, ""), expandLine(up, 1, ""), expandLine(right, 1, ""), expandLine(start, 2, "")}, RuleClosed,
			"a second time (it was expanded at expansion 1); bfs never puts a board it has reached back in the open list"},
		{"bfs depth", search.BFS, false, []string{expandLine(start, 0, ""), expandLine(up, 1, ""), expandLine("0 2 3 / 1 5 6 / 4 7 8", 2, "")}, RuleOrder,
			"with depth g = 2, but 1 2 3 / 4 5 6 / 7 _ 8 with depth g = 1 was in your open list"},
		{"bfs fifo", search.BFS, true, []string{expandLine(start, 0, ""), expandLine(right, 1, "")}, RuleTie,
			"but Slidelab's tie rule takes 1 2 3 / _ 5 6 / 4 7 8 (g = 1) first: first in, first out"},
		{"illegal child", search.AStar, false, []string{expandLine(start, 0, `,"children":["`+goal+`"]`)}, RuleChildren,
			"you listed 1 2 3 / 4 5 6 / 7 8 _ as a child of 1 2 3 / 4 5 6 / _ 7 8, but no move of the blank turns one into the other"},
		{"missing child", search.AStar, false, []string{expandLine(start, 0, `,"children":["`+up+`"]`), goalLine}, RuleChildren,
			"you generated 1 children of 1 2 3 / 4 5 6 / _ 7 8, but it has 2 moves: 1 2 3 / 4 5 6 / 7 _ 8 is missing"},
		{"goal not goal", search.AStar, false, []string{expandLine(start, 0, ""), `{"event":"goal","board":"` + up + `","g":1}`}, RuleGoal,
			"you reported 1 2 3 / _ 5 6 / 4 7 8 as the goal, but the goal (blank-last) is 1 2 3 / 4 5 6 / 7 8 _"},
		{"after goal", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(right, 1, ""), goalLine, expandLine(up, 1, "")}, RuleAfterGoal,
			"line 4: the trace goes on after the goal was reached at line 3"},
		{"no goal", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(right, 1, "")}, RuleNoGoal,
			"the trace ends after 2 expansions without reaching the goal"},
		{"goal early", search.AStar, false, []string{expandLine(start, 0, ""), expandLine(right, 1, ""),
			`{"event":"generate","board":"` + goal + `","g":2}`, goalLine}, RuleEarlyGoal,
			"you generated 1 of the 3 children of 1 2 3 / 4 5 6 / 7 _ 8 and stopped at the goal as soon as you generated it"},
		{"bfs goal at generation", search.BFS, false, []string{expandLine(start, 0, ""), expandLine(up, 1, ""), expandLine(right, 1, ""),
			`{"event":"generate","board":"1 2 3 / 4 0 6 / 7 5 8","g":2}`, `{"event":"generate","board":"` + goal + `","g":2}`, goalLine}, "", ""},
		{"iteration outside ida*", search.AStar, false, []string{`{"event":"iteration","board":"` + start + `","g":0,"bound":2}`}, RuleBound,
			"an iteration event belongs to IDA*, not a*"},
		{"ida* first bound", search.IDAStar, false, []string{`{"event":"iteration","board":"` + start + `","g":0,"bound":3}`}, RuleBound,
			"the first bound is 3, but IDA* starts with bound h(start) = 2"},
		{"ida* prune", search.IDAStar, false, []string{expandLine(start, 0, ""), expandLine(up, 1, "")}, RulePrune,
			"you expanded 1 2 3 / _ 5 6 / 4 7 8 with f = 4, but the bound of this pass is 2, so IDA* prunes it"},
		{"ida* depth", search.IDAStar, false, []string{expandLine(start, 0, ""), expandLine(right, 2, "")}, RuleDepth,
			"with g = 2, but your current path ends at 1 2 3 / 4 5 6 / _ 7 8 with g = 0"},
		{"ida* not a child", search.IDAStar, false, []string{expandLine(start, 0, ""), expandLine("1 2 3 / 4 0 6 / 7 5 8", 1, "")}, RuleDepth,
			"it is not one move from 1 2 3 / 4 5 6 / _ 7 8, the node with g = 0 on your current path"},
		{"ida* skipped", search.IDAStar, false, []string{expandLine(start, 0, ""), `{"event":"iteration","board":"` + start + `","g":0,"bound":4}`}, RuleSkipped,
			"your search went back from 1 2 3 / 4 5 6 / _ 7 8 (g = 0) without visiting its child 1 2 3 / 4 5 6 / 7 _ 8, whose f = 2 is within the bound 2"},
	}
	for _, tc := range cases {
		trace := []byte(strings.Join(tc.lines, "\n") + "\n")
		res, err := checkFrom(t, tc.alg, "manhattan", board.BlankLast, tc.strict, mustParse(t, start), trace)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.rule == "" {
			if !res.Pass() {
				t.Errorf("%s: %s", tc.name, res.Difference.Message)
			}
			continue
		}
		if res.Pass() {
			t.Errorf("%s: passed, want rule %s", tc.name, tc.rule)
			continue
		}
		if d := res.Difference; d.Rule != tc.rule || !strings.Contains(d.Message, tc.want) {
			t.Errorf("%s: rule %s, %q\nwant rule %s, %q", tc.name, d.Rule, d.Message, tc.rule, tc.want)
		}
	}
}

// TestMaxBoards checks the memory bound: a trace naming more distinct
// boards than Options.MaxBoards stops with a LimitError.
func TestMaxBoards(t *testing.T) {
	start := mustParse(t, "8 1 3 / 4 0 2 / 7 6 5")
	trace := minimalJSON(ownEvents(t, search.AStar, "manhattan", start, board.BlankLast))
	rd := Reader{Options: Options{Algorithm: search.AStar, Heuristic: heuristic(t, "manhattan", start.Size(), board.BlankLast), MaxBoards: 20}}
	_, err := rd.Check(context.Background(), bytes.NewReader(trace))
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "more than 20 distinct boards") {
		t.Fatalf("err = %v, want a LimitError", err)
	}
}
