package board_test

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// Parse reads a board as a person types it; rows separated by "/" fix its
// shape. Moves name the direction the blank travels.
func ExampleParse() {
	b, err := board.Parse("1 2 3 / 4 5 6 / 7 0 8", board.Size{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Size(), b.Solvable(board.BlankLast))
	moves, _ := board.ParseMoves("R")
	end, _ := b.Apply(moves)
	fmt.Println(end.Line(), end.IsGoal(board.BlankLast))

	_, err = board.Parse("1 2 / 3 4 / 0 5", board.Size{W: 3, H: 2})
	fmt.Println(err)
	// Output:
	// 3x3 true
	// 1 2 3 / 4 5 6 / 7 8 0 true
	// bad board size: the rows make a 2x3 board, but the size asked for is 3x2
}

// ConvertGoal turns a board for Korf's blank-first goal into the
// equivalent one for the blank-last goal (and back): half a turn and tile t
// relabelled N-t, which keeps every optimal length.
func ExampleConvertGoal() {
	korf1, _ := board.Parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", board.Size{})
	fmt.Println(board.ConvertGoal(korf1).Line())
	// Output:
	// 13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2
}
