package board

import _ "embed"

//go:embed data/hardest80.txt
var hardest80Text string

// Hardest80Count is the number of 15-puzzle positions that need 80 moves.
const Hardest80Count = 17

// Hardest80 returns the 17 positions of the 15-puzzle that need 80 moves,
// the most any position needs (Brüngger, Marzetta, Fukuda and Nievergelt,
// 1999), for the blank-last goal, each with its optimal length 80. Position
// i (1-based, in the order of the published list) is element i-1. For the
// blank-first goal convert them with ConvertGoal, which keeps lengths.
func Hardest80() []Instance {
	return embeddedSet("hardest80.txt", hardest80Text, Size4x4, BlankLast, Hardest80Count)
}
