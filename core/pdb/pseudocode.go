package pdb

// The pseudocode of a pattern database's construction, for teaching: the
// textbook 0-1 breadth-first search over abstract states, from the goal,
// one cost layer at a time. An abstract state is the cells of the pattern
// (group) tiles plus the blank's cell; moving the blank onto a cell held by a
// tile outside the pattern costs 0 (that tile is not counted), onto a pattern
// tile's cell costs 1. A placement's table entry is the cost of the first
// layer that reaches it with the blank anywhere. The Builder does the same
// work in bulk (a whole layer per Step, the blank's free region at once);
// the Line constants name the lines a viewer that steps one state at a time
// highlights.

// Lines of Pseudocode, numbered from 1.
const (
	// LineStart is the function's heading.
	LineStart = 1
	// LineInit: every entry is unset (∞) and no state is reached.
	LineInit = 2
	// LineSeed: cost 0; CURRENT holds the goal state, NEXT is empty.
	LineSeed = 3
	// LineLoop: the loop over the states of the current layer.
	LineLoop = 4
	// LineTake: the first state of CURRENT is taken out.
	LineTake = 5
	// LineSkipReached: a state reached before (at this cost or lower) is skipped.
	LineSkipReached = 6
	// LineMarkReached: the state is marked reached.
	LineMarkReached = 7
	// LineWrite: the placement's entry is written if it is still unset.
	LineWrite = 8
	// LineMoves: the loop over the blank's moves from the state.
	LineMoves = 9
	// LineSuccessor: the state after the move.
	LineSuccessor = 10
	// LineSkipSeen: a successor reached before is not queued.
	LineSkipSeen = 11
	// LineZeroCost: the blank swapped with a tile outside the pattern; the
	// successor joins CURRENT (cost 0, same layer).
	LineZeroCost = 12
	// LineOneCost: the blank swapped with a pattern tile; the successor joins
	// NEXT (cost 1, the next layer).
	LineOneCost = 13
	// LineNextLayer: CURRENT is empty; the cost goes up by one and NEXT
	// becomes CURRENT.
	LineNextLayer = 14
	// LineDone: both queues are empty; the table is complete.
	LineDone = 15
)

var pseudocode = []string{
	"BUILD-PATTERN-DATABASE(pattern tiles)",
	"  table[p] ← ∞ for every placement p of the pattern tiles; REACHED ← ∅",
	"  cost ← 0; CURRENT ← [goal placement with the blank in its goal cell]; NEXT ← []",
	"  while CURRENT is not empty",
	"    s ← the first state of CURRENT; remove it",
	"    if s is in REACHED then skip s",
	"    add s to REACHED",
	"    if table[placement(s)] = ∞ then table[placement(s)] ← cost",
	"    for each move of the blank in s",
	"      t ← the state after the move",
	"      if t is in REACHED then skip t",
	"      if the blank swapped with a tile outside the pattern then append t to CURRENT (cost 0)",
	"      else append t to NEXT (a pattern tile moved: cost 1)",
	"    if CURRENT is empty then cost ← cost + 1; CURRENT ← NEXT; NEXT ← []",
	"  return table",
}

// Pseudocode returns the numbered pseudocode of a table's construction:
// element i is line i+1 (see the Line constants), indented by two spaces a
// level, without its number. The slice is a fresh copy.
func Pseudocode() []string {
	return append([]string(nil), pseudocode...)
}
