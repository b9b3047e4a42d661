package pdb

// The pseudocode of a fringe table's construction: a plain breadth-first
// search over abstract states that include the blank, every move costing 1,
// one queue per layer. The GUI highlights its lines by these constants.

// Lines of FringePseudocode, numbered from 1.
const (
	// LineFringeProcedure is the procedure's head.
	LineFringeProcedure = iota + 1
	// LineFringeInit sets every entry to unset.
	LineFringeInit
	// LineFringeSeed writes the goal's entry and puts it in the first layer.
	LineFringeSeed
	// LineFringeWhile is the loop over layers.
	LineFringeWhile
	// LineFringeForState is the loop over the current layer's states.
	LineFringeForState
	// LineFringeForMoves is the loop over the blank's moves.
	LineFringeForMoves
	// LineFringeMove computes the successor: the blank swaps with whatever is there.
	LineFringeMove
	// LineFringeIfUnset tests whether the successor has an entry yet.
	LineFringeIfUnset
	// LineFringeWrite writes the successor's entry: cost + 1.
	LineFringeWrite
	// LineFringePush adds the successor to the next layer.
	LineFringePush
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
		"  table[goal] ← 0; cost ← 0; current ← [goal]",
		"  while current is not empty:",
		"    next ← []; for each state s in current:",
		"      for each move of the blank (each costs 1):",
		"        t ← s after the move (any tile)",
		"        if table[t] is unset:",
		"          table[t] ← cost+1",
		"          add t to next",
		"    cost ← cost+1; current ← next",
		"  return table",
	}
}
