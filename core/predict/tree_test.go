package predict

import (
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// bruteTree counts the nodes of the brute-force tree from start by depth
// and blank cell, by walking it.
func bruteTree(start board.Board, depth int) [][]float64 {
	cells := start.Size().Cells()
	out := make([][]float64, depth+1)
	for i := range out {
		out[i] = make([]float64, cells)
	}
	var walk func(b board.Board, g int, prev board.Dir, root bool)
	walk = func(b board.Board, g int, prev board.Dir, root bool) {
		out[g][b.Blank()]++
		if g == depth {
			return
		}
		for _, d := range board.Dirs {
			if !root && d == prev.Inverse() {
				continue
			}
			if next, ok := b.Move(d); ok {
				walk(next, g+1, d, false)
			}
		}
	}
	walk(start, 0, 0, true)
	return out
}

// boardWithBlank returns a board of size s with the blank in cell c.
func boardWithBlank(t *testing.T, s board.Size, c int) board.Board {
	t.Helper()
	tiles := make([]int, s.Cells())
	k := 1
	for p := range tiles {
		if p != c {
			tiles[p] = k
			k++
		}
	}
	b, err := board.New(s, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTreeMatchesBruteForce(t *testing.T) {
	tests := []struct {
		size  board.Size
		depth int
	}{
		{board.Size{W: 2, H: 2}, 8},
		{board.Size{W: 3, H: 2}, 12},
		{board.Size3x3, 14},
		{board.Size4x4, 12},
	}
	for _, tt := range tests {
		depth := tt.depth
		if testing.Short() {
			depth = min(depth, 9)
		}
		for c := 0; c < tt.size.Cells(); c++ {
			start := boardWithBlank(t, tt.size, c)
			want := bruteTree(start, depth)
			tr, err := NewTree(tt.size, c, depth)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i <= depth; i++ {
				total := 0.0
				for p := 0; p < tt.size.Cells(); p++ {
					total += want[i][p]
					if got := tr.NodesAt(i, p); got != want[i][p] {
						t.Fatalf("%s blank %d depth %d cell %d: tree %v, brute force %v", tt.size, c, i, p, got, want[i][p])
					}
				}
				if got := tr.Nodes(i); got != total {
					t.Fatalf("%s blank %d depth %d: N_i %v, brute force %v", tt.size, c, i, got, total)
				}
				// The children of depth i are the nodes of depth i+1.
				if i < depth {
					ch := 0.0
					for p := 0; p < tt.size.Cells(); p++ {
						ch += tr.ChildrenAt(i, p)
					}
					if ch != tr.Nodes(i+1) {
						t.Fatalf("%s blank %d depth %d: %v children, %v nodes at the next depth", tt.size, c, i, ch, tr.Nodes(i+1))
					}
				}
			}
		}
	}
}

func TestTreeAsymptotics(t *testing.T) {
	// Korf's asymptotic branching factors with parent pruning: 1.732 for
	// the 8-puzzle (sqrt 3, over two levels), 2.1304 for the 15-puzzle.
	tests := []struct {
		size board.Size
		want float64
	}{
		{board.Size3x3, 1.7321},
		{board.Size4x4, 2.1304},
	}
	for _, tt := range tests {
		tr, err := NewTree(tt.size, 0, 200)
		if err != nil {
			t.Fatal(err)
		}
		b2 := tr.Nodes(200) / tr.Nodes(198)
		if got := b2; got < tt.want*tt.want*0.999 || got > tt.want*tt.want*1.001 {
			t.Errorf("%s: N_200/N_198 = %.5f, want %.5f squared", tt.size, got, tt.want)
		}
		shares := tr.BlankShares(200)
		sum := 0.0
		for _, s := range shares {
			sum += s
		}
		if sum < 0.999999 || sum > 1.000001 {
			t.Errorf("%s: blank shares sum to %v", tt.size, sum)
		}
	}
}

func TestTreeErrors(t *testing.T) {
	tests := []struct {
		name         string
		size         board.Size
		blank, depth int
	}{
		{"bad size", board.Size{W: 1, H: 5}, 0, 3},
		{"blank off the board", board.Size3x3, 9, 3},
		{"negative blank", board.Size3x3, -1, 3},
		{"negative depth", board.Size3x3, 0, -1},
		{"too deep", board.Size4x4, 0, MaxDepth + 1},
	}
	for _, tt := range tests {
		if _, err := NewTree(tt.size, tt.blank, tt.depth); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
