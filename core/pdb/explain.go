package pdb

// The pseudocode of a pattern database's construction, a 0-1 breadth-first
// search over abstract states with one queue for the current cost layer and
// one for the next. StateStepper's steps and the GUI's layer steps name its
// lines by the Line constants, so a panel can highlight the line a step runs.

// Lines of BuildPseudocode, numbered from 1 as the panel and the narrations
// show them.
const (
	// LineBuildProcedure is the procedure's head.
	LineBuildProcedure = iota + 1
	// LineBuildInit sets every table entry to unset and seeds the search.
	LineBuildInit
	// LineBuildQueues puts the goal state in the current layer's queue.
	LineBuildQueues
	// LineBuildWhile is the loop over the current layer's queue.
	LineBuildWhile
	// LineBuildPop takes the next state out of the current layer's queue.
	LineBuildPop
	// LineBuildIfUnset tests whether the state's placement has an entry yet.
	LineBuildIfUnset
	// LineBuildWrite writes the placement's entry: the layer's cost.
	LineBuildWrite
	// LineBuildForMoves is the loop over the blank's moves.
	LineBuildForMoves
	// LineBuildSkip skips a state reached before at no greater cost.
	LineBuildSkip
	// LineBuildIfFree tests whether the blank swaps with a non-pattern tile.
	LineBuildIfFree
	// LineBuildPushCurrent adds a state reached at cost 0 to the current layer.
	LineBuildPushCurrent
	// LineBuildElse is the branch of a swap with a pattern tile.
	LineBuildElse
	// LineBuildPushNext adds a state reached at cost 1 to the next layer.
	LineBuildPushNext
	// LineBuildIfEmpty tests whether the current layer is finished.
	LineBuildIfEmpty
	// LineBuildNextLayer moves on to the next layer: cost + 1, next becomes current.
	LineBuildNextLayer
	// LineBuildReturn returns the finished table.
	LineBuildReturn
)

// BuildPseudocode returns the pseudocode of the pattern-database build, one
// line per entry: line L (a Line constant) is element L-1. Indentation is
// two spaces a level.
func BuildPseudocode() []string {
	return []string{
		"BuildPDB(pattern tiles):",
		"  table[every placement] ← unset",
		"  cost ← 0; current ← [goal]; next ← []",
		"  while current is not empty:",
		"    s ← pop the front of current",
		"    if table[placement(s)] is unset:",
		"      table[placement(s)] ← cost",
		"    for each move of the blank, to t:",
		"      if t seen at no greater cost: skip",
		"      if it swaps with a non-pattern tile:",
		"        add t to current    (cost 0)",
		"      else (with a pattern tile):",
		"        add t to next       (cost 1)",
		"    if current is empty:",
		"      cost ← cost+1; current, next ← next, []",
		"  return table",
	}
}
