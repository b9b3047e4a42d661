package gui

import (
	"fmt"
	"strconv"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
)

// A file of Korf's boards (as he wrote them for the blank-first goal, and
// converted for the goal when it is blank-last) is recognised: every board
// that is one of his 100 instances gets his number and optimal length, as
// the built-in set has them, and a file of his instances only is numbered
// as his set.

// korfNumber returns which of Korf's 100 instances b is (1-based), in
// either goal's form, or 0.
func korfNumber(b board.Board) int {
	if b.Size() != board.Size4x4 {
		return 0
	}
	for i, in := range board.Korf100() {
		if b == in.Board || b == board.ConvertGoal(in.Board) {
			return i + 1
		}
	}
	return 0
}

// recogniseKorf names the instances of set that are Korf's by his numbers
// and gives them his optimal lengths.
func recogniseKorf(set *compare.Set) {
	korf := board.Korf100()
	all := len(set.Instances) > 0
	for i, in := range set.Instances {
		k := korfNumber(in.Board)
		if k == 0 {
			all = false
			continue
		}
		set.Instances[i].Name = strconv.Itoa(k)
		set.Instances[i].Optimal = korf[k-1].Optimal
	}
	if all {
		set.Numbering = compare.KorfNumbering
	}
}

// korfTitle is the title of Korf's instance k, as the built-in set shows it.
func korfTitle(k int) string {
	return fmt.Sprintf("Korf #%d, optimal %d moves", k, board.Korf100()[k-1].Optimal)
}
