package board

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed data/korf100.txt
var korf100Text string

// Korf100 returns Korf's 100 random 15-puzzle instances (1985) converted to
// the blank-last goal with ConvertGoal, each with its optimal length. Instance
// i (1-based, as in the literature) is element i-1.
func Korf100() []Instance {
	out, err := ReadInstances(strings.NewReader(korf100Text), Size4x4, BlankFirst)
	if err != nil || len(out) != 100 {
		// The data is embedded and covered by tests; this cannot happen at run time.
		panic(fmt.Sprintf("board: embedded korf100.txt is corrupt: %d instances, %v", len(out), err))
	}
	for i := range out {
		if out[i].Err != nil {
			panic(fmt.Sprintf("board: embedded korf100.txt: %v", out[i].Err))
		}
		out[i].Board = ConvertGoal(out[i].Board)
	}
	return out
}

//go:embed data/korf24.txt
var korf24Text string

// Korf24Count is the number of 24-puzzle instances in Korf24.
const Korf24Count = 50

// Korf24 returns Korf and Felner's 50 random 24-puzzle instances (2002; the
// first ten are Korf and Taylor's of 1996) converted to the blank-last goal
// with ConvertGoal, each with its optimal length. Instance i (1-based, as in
// the literature) is element i-1.
func Korf24() []Instance {
	out, err := ReadInstances(strings.NewReader(korf24Text), Size5x5, BlankFirst)
	if err != nil || len(out) != Korf24Count {
		// The data is embedded and covered by tests; this cannot happen at run time.
		panic(fmt.Sprintf("board: embedded korf24.txt is corrupt: %d instances, %v", len(out), err))
	}
	for i := range out {
		if out[i].Err != nil {
			panic(fmt.Sprintf("board: embedded korf24.txt: %v", out[i].Err))
		}
		out[i].Board = ConvertGoal(out[i].Board)
	}
	return out
}
