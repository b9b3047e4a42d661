package pdb

import (
	"strings"
	"testing"
)

// TestPseudocodeLines checks that every line constant points at the line
// that does what its name says, and that the lines are numbered 1..LineDone.
func TestPseudocodeLines(t *testing.T) {
	code := Pseudocode()
	if len(code) != LineDone {
		t.Fatalf("%d lines, LineDone is %d", len(code), LineDone)
	}
	tests := []struct {
		line int
		want string
	}{
		{LineStart, "BUILD-PATTERN-DATABASE"},
		{LineInit, "table[p] ← ∞"},
		{LineSeed, "cost ← 0"},
		{LineLoop, "while CURRENT is not empty"},
		{LineTake, "the first state of CURRENT"},
		{LineSkipReached, "if s is in REACHED"},
		{LineMarkReached, "add s to REACHED"},
		{LineWrite, "table[placement(s)] ← cost"},
		{LineMoves, "for each move of the blank"},
		{LineSuccessor, "t ← the state after the move"},
		{LineSkipSeen, "if t is in REACHED"},
		{LineZeroCost, "append t to CURRENT (cost 0)"},
		{LineOneCost, "append t to NEXT (a pattern tile moved: cost 1)"},
		{LineNextLayer, "cost ← cost + 1"},
		{LineDone, "return table"},
	}
	seen := map[int]bool{}
	for _, tc := range tests {
		if seen[tc.line] || tc.line < 1 || tc.line > len(code) || !strings.Contains(code[tc.line-1], tc.want) {
			t.Errorf("line %d: %q, want %q", tc.line, code[min(max(tc.line, 1), len(code))-1], tc.want)
		}
		seen[tc.line] = true
	}
	code[0] = "changed"
	if Pseudocode()[0] == "changed" {
		t.Error("Pseudocode returns shared storage")
	}
}
