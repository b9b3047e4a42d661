package predict

import (
	"fmt"
	"sync"

	"github.com/slidelab/slidelab/core/board"
)

// Nodes is a predicted node count of one IDA* iteration.
type Nodes struct {
	// Expanded is KRE's E(N, d, P): the nodes whose f = g + h is within the
	// bound.
	Expanded float64 `json:"expanded"`
	// Generated is the children of those nodes (core/search's "generated").
	Generated float64 `json:"generated"`
}

// Model predicts IDA*'s iterations for one heuristic, from its distribution
// and the brute-force trees of each start blank cell (counted once, as
// deep as asked). It is safe for concurrent use.
type Model struct {
	dist  *Distribution
	mu    sync.Mutex
	trees map[int]*Tree
}

// NewModel returns the model of the heuristic whose distribution d is.
func NewModel(d *Distribution) *Model {
	return &Model{dist: d, trees: map[int]*Tree{}}
}

// Distribution returns the model's distribution.
func (m *Model) Distribution() *Distribution { return m.dist }

// Iteration predicts the nodes of IDA*'s iteration with cost bound bound
// from start.
func (m *Model) Iteration(start board.Board, bound int) (Nodes, error) {
	d := m.dist
	if !start.IsValid() || start.Size() != d.Size {
		return Nodes{}, fmt.Errorf("prediction: the start is not a %s board", d.Size)
	}
	if bound < 0 || bound > MaxDepth {
		return Nodes{}, fmt.Errorf("prediction: bound %d is not in 0..%d", bound, MaxDepth)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.trees[start.Blank()]
	if !ok {
		var err error
		if t, err = NewTree(d.Size, start.Blank(), bound); err != nil {
			return Nodes{}, fmt.Errorf("prediction: %w", err)
		}
		m.trees[start.Blank()] = t
	}
	t.grow(bound)
	return predictFrom(t, d, bound), nil
}

// predictFrom sums the tree's nodes at each depth i and blank cell c,
// weighted by P_c(bound-i).
func predictFrom(t *Tree, d *Distribution, bound int) Nodes {
	var out Nodes
	for i := 0; i <= bound; i++ {
		for c := 0; c < t.size.Cells(); c++ {
			p := d.AtMost(c, bound-i)
			if p == 0 {
				continue
			}
			out.Expanded += t.NodesAt(i, c) * p
			out.Generated += t.ChildrenAt(i, c) * p
		}
	}
	return out
}
