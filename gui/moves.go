package gui

import "github.com/slidelab/slidelab/core/board"

// dirWord names the move of the blank.
func dirWord(d board.Dir) string {
	switch d {
	case board.Up:
		return "up"
	case board.Down:
		return "down"
	case board.Left:
		return "left"
	case board.Right:
		return "right"
	}
	return d.String()
}
