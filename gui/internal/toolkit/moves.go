package toolkit

import "github.com/slidelab/slidelab/core/board"

// DirWord names the move of the blank.
func DirWord(d board.Dir) string {
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
