package search

import "github.com/slidelab/slidelab/core/board"

// boardIndex maps the boards A*, greedy search and BFS have stored to their
// node numbers. Boards of at most board.SmallCells cells are keyed by their
// one packed word (the 8- and 15-puzzle's fast path); larger boards by their
// two-word board.Key.
type boardIndex struct {
	small map[uint64]int32
	large map[board.Key]int32
}

// newBoardIndex returns an empty index for boards of size s.
func newBoardIndex(s board.Size) boardIndex {
	if s.Cells() > board.SmallCells {
		return boardIndex{large: make(map[board.Key]int32)}
	}
	return boardIndex{small: make(map[uint64]int32)}
}

// get returns the node number of the board whose Key is k and whether it
// is stored.
func (x *boardIndex) get(k board.Key) (int32, bool) {
	if x.large != nil {
		i, ok := x.large[k]
		return i, ok
	}
	i, ok := x.small[k.Lo]
	return i, ok
}

// put records that the board whose Key is k is node i.
func (x *boardIndex) put(k board.Key, i int32) {
	if x.large != nil {
		x.large[k] = i
		return
	}
	x.small[k.Lo] = i
}

// len returns the number of boards stored.
func (x *boardIndex) len() int {
	if x.large != nil {
		return len(x.large)
	}
	return len(x.small)
}

// entryBytes returns the bytes an entry of the index is counted at (see
// memory.go).
func (x *boardIndex) entryBytes() int64 {
	if x.large != nil {
		return largeIndexEntry
	}
	return indexEntry
}
