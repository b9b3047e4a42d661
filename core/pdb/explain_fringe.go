package pdb

// The pseudocode of a fringe table's construction: a plain breadth-first
// search over abstract states that include the blank, every move costing 1,
// with one queue for the current layer and one for the next (the shape of
// BuildPseudocode, without cost-0 moves). The GUI's layer steps and the
// fringe StateStepper's steps name its lines by these constants.

// Lines of FringePseudocode, numbered from 1.
const (
	// LineFringeProcedure is the procedure's head.
	LineFringeProcedure = iota + 1
	// LineFringeInit sets every entry to unset.
	LineFringeInit
	// LineFringeQueues puts the goal state in the current layer's queue.
	LineFringeQueues
	// LineFringeWhile is the loop over the current layer's queue.
	LineFringeWhile
	// LineFringePop takes the next state out of the current layer's queue.
	LineFringePop
	// LineFringeWrite writes the state's entry: the layer's cost.
	LineFringeWrite
	// LineFringeForMoves is the loop over the blank's moves.
	LineFringeForMoves
	// LineFringeSkip skips a state reached before.
	LineFringeSkip
	// LineFringePush adds a new state to the next layer (cost 1).
	LineFringePush
	// LineFringeIfEmpty tests whether the current layer is finished.
	LineFringeIfEmpty
	// LineFringeNextLayer moves on: cost + 1, next becomes current.
	LineFringeNextLayer
	// LineFringeReturn returns the finished table.
	LineFringeReturn
)

// FringePseudocode returns the pseudocode of the fringe table's build, one
// line per entry (line L is element L-1), indented by two spaces a level.
func FringePseudocode() []string {
	return []string{
		"BuildFringePDB(pattern tiles + blank):",
		"  table[every placement of tiles + blank] ← unset",
		"  cost ← 0; current ← [goal]; next ← []",
		"  while current is not empty:",
		"    s ← pop the front of current",
		"    table[s] ← cost       (each state once)",
		"    for each move of the blank, to t:",
		"      if t seen before: skip",
		"      add t to next       (every move costs 1)",
		"    if current is empty:",
		"      cost ← cost+1; current, next ← next, []",
		"  return table",
	}
}

// fringeLine maps a line of BuildPseudocode that a step ran to the line of
// FringePseudocode that stands for it (0 for lines fringe builds never run:
// the test for an unset entry and the cost-0 branch).
func fringeLine(l int) int {
	switch l {
	case LineBuildProcedure:
		return LineFringeProcedure
	case LineBuildInit:
		return LineFringeInit
	case LineBuildQueues:
		return LineFringeQueues
	case LineBuildWhile:
		return LineFringeWhile
	case LineBuildPop:
		return LineFringePop
	case LineBuildWrite:
		return LineFringeWrite
	case LineBuildForMoves:
		return LineFringeForMoves
	case LineBuildSkip:
		return LineFringeSkip
	case LineBuildPushNext:
		return LineFringePush
	case LineBuildIfEmpty:
		return LineFringeIfEmpty
	case LineBuildNextLayer:
		return LineFringeNextLayer
	case LineBuildReturn:
		return LineFringeReturn
	}
	return 0
}
