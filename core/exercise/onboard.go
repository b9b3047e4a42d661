package exercise

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// boardKinds are the kinds that can be asked about a board given by the
// caller (a lesson's own board) instead of a generated one.
var boardKinds = []struct {
	name string
	ask  func(b board.Board, g board.Goal) (Question, error)
}{
	{"hamming", hammingOn},
	{"manhattan", manhattanOn},
	{"linear-conflict", linearConflictOn},
}

// BoardKinds names the kinds OnBoard takes, in registry order.
func BoardKinds() []string {
	out := make([]string, len(boardKinds))
	for i, k := range boardKinds {
		out[i] = k.name
	}
	return out
}

// OnBoard makes the question of kind about board b solved towards goal g,
// with the answer and explanation the generated question of that kind
// has. Its Level is 1 for boards of at most 9 cells, else 2; its Seed 0.
// Only the kinds BoardKinds lists take a board.
func (g *Generator) OnBoard(kind string, b board.Board, gl board.Goal) (Question, error) {
	k, err := LookupKind(kind)
	if err != nil {
		return Question{}, err
	}
	if !b.IsValid() {
		return Question{}, fmt.Errorf("exercise %s: the board is not valid", kind)
	}
	for _, bk := range boardKinds {
		if bk.name != k.Name {
			continue
		}
		q, err := bk.ask(b, gl)
		if err != nil {
			return Question{}, fmt.Errorf("exercise %s on %s: %w", kind, b, err)
		}
		q.Kind, q.Level = k.Name, 1
		if b.Size().Cells() > 9 {
			q.Level = 2
		}
		return q, nil
	}
	return Question{}, fmt.Errorf("exercise %s: asks about a board it makes itself; a given board is taken by %v", kind, BoardKinds())
}
