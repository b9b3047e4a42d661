package searchview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// A card's text: what the tree view writes on each node's card.

// cardLine is one line of text on a card.
type cardLine struct {
	text  string
	faint bool
}

// cardLines are the lines of a card: what it is (the expansion number, or
// its status), f = g + h (for IDA*'s pruned children f > bound), then the
// board's rows.
func cardLines(n VisNode, alg search.Algorithm) []cardLine {
	head := ""
	switch n.Status {
	case treeDuplicate:
		head = "duplicate"
	case TreePruned:
		head = "pruned"
	case treeReplaced:
		head = "replaced"
	case TreeGoal:
		head = "GOAL"
	case treeOpen:
		head = "open"
	}
	if n.order > 0 {
		if head == "" || n.Status == TreeGoal {
			head = strings.TrimSpace(fmt.Sprintf("#%d %s", n.order, map[bool]string{true: "goal"}[n.Status == TreeGoal]))
		}
	} else if n.Status == TreeCurrent {
		head = "selected"
	}
	if n.N.reopened && n.Status == treeOpen {
		head = "reopened"
	}
	nn := n.N
	var fgh string
	switch {
	case n.Status == TreePruned:
		fgh = fmt.Sprintf("f %d > %d", nn.F, nn.Bound)
	case alg == search.BFS:
		fgh = fmt.Sprintf("g %d", nn.g)
	case alg == search.Greedy:
		fgh = fmt.Sprintf("h %d  g %d", nn.h, nn.g)
	default:
		fgh = fmt.Sprintf("%d = %d+%d", nn.F, nn.g, nn.h)
	}
	lines := []cardLine{{text: head}, {text: fgh}}
	if nn.Board.IsValid() {
		for _, row := range boardRows(nn.Board) {
			lines = append(lines, cardLine{text: row, faint: n.Status == treeDuplicate || n.Status == treeReplaced})
		}
	}
	return lines
}

// boardRows writes a board as rows of tiles, the blank as a dot.
func boardRows(b board.Board) []string {
	s := b.Size()
	wide := s.Cells() > 10
	rows := make([]string, s.H)
	for r := 0; r < s.H; r++ {
		var sb strings.Builder
		for c := 0; c < s.W; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.At(r*s.W + c)
			cell := fmt.Sprint(t)
			if t == 0 {
				cell = "·"
			}
			if wide && len(cell) < 2 {
				cell = " " + cell
			}
			sb.WriteString(cell)
		}
		rows[r] = sb.String()
	}
	return rows
}
