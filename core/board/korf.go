package board

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed data/korf100.txt
var korf100Text string

//go:embed data/korf24.txt
var korf24Text string

// Korf24Count is the number of 24-puzzle instances in Korf24.
const Korf24Count = 50

// Korf100 returns Korf's 100 random 15-puzzle instances (1985) converted to
// the blank-last goal with ConvertGoal, each with its optimal length. Instance
// i (1-based, as in the literature) is element i-1.
func Korf100() []Instance {
	return embeddedSet("korf100.txt", korf100Text, Size4x4, BlankFirst, 100)
}

// Korf24 returns Korf and Felner's 50 random 24-puzzle instances (2002; the
// first ten are Korf and Taylor's of 1996) converted to the blank-last goal
// with ConvertGoal, each with its optimal length. Instance i (1-based, as in
// the literature) is element i-1.
func Korf24() []Instance {
	return embeddedSet("korf24.txt", korf24Text, Size5x5, BlankFirst, Korf24Count)
}

// embeddedSet reads one of the instance files built into the package, written
// for goal g, and returns its count instances for the blank-last goal.
func embeddedSet(name, text string, s Size, g Goal, count int) []Instance {
	out, err := ReadInstances(strings.NewReader(text), s, g)
	if err != nil || len(out) != count {
		// The data is embedded and covered by tests; this cannot happen at run time.
		panic(fmt.Sprintf("board: embedded %s is corrupt: %d instances, %v", name, len(out), err))
	}
	for i := range out {
		if out[i].Err != nil {
			panic(fmt.Sprintf("board: embedded %s: %v", name, out[i].Err))
		}
		if g != BlankLast {
			out[i].Board = ConvertGoal(out[i].Board)
		}
	}
	return out
}
