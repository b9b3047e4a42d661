package board

import (
	"fmt"
	"math/rand/v2"
)

// Random returns a board of size s drawn uniformly from those that can reach
// goal g. The same *rand.Rand state gives the same board.
//
// It shuffles all cells and, when the result is unsolvable, swaps the first two
// tiles that are not the blank. That swap is a bijection between the unsolvable
// and the solvable boards, so every solvable board is equally likely.
func Random(r *rand.Rand, s Size, g Goal) (Board, error) {
	if err := s.Validate(); err != nil {
		return Board{}, err
	}
	n := s.Cells()
	tiles := make([]int, n)
	for i := range tiles {
		tiles[i] = i
	}
	r.Shuffle(n, func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	b, err := New(s, tiles)
	if err != nil {
		return Board{}, err
	}
	if !b.Solvable(g) {
		i, j := 0, 1
		if tiles[i] == 0 {
			i, j = 1, 2
		} else if tiles[j] == 0 {
			j = 2
		}
		tiles[i], tiles[j] = tiles[j], tiles[i]
		if b, err = New(s, tiles); err != nil {
			return Board{}, err
		}
	}
	return b, nil
}

// RandomWalk plays k random legal moves from start, never undoing the previous
// move, and returns the board reached and the moves played. The board is at
// most k moves from start (often fewer, since walks can loop).
func RandomWalk(r *rand.Rand, start Board, k int) (Board, []Dir, error) {
	if !start.IsValid() {
		return Board{}, nil, fmt.Errorf("random walk: invalid start board")
	}
	if k < 0 {
		return Board{}, nil, fmt.Errorf("random walk: length %d is negative", k)
	}
	b := start
	moves := make([]Dir, 0, min(k, 1<<12)) // grows as it goes: k comes from users
	var buf [4]Dir
	for i := 0; i < k; i++ {
		legal := b.LegalMoves(buf[:0])
		if len(moves) > 0 {
			back := moves[len(moves)-1].Inverse()
			for j, d := range legal {
				if d == back {
					legal = append(legal[:j], legal[j+1:]...)
					break
				}
			}
		}
		d := legal[r.IntN(len(legal))]
		b, _ = b.Move(d)
		moves = append(moves, d)
	}
	return b, moves, nil
}

// NewRand returns a reproducible generator for seed.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed51d31ab))
}
