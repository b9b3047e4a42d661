// Package treecard writes the text of a search-tree card, the same in the
// app's tree view (gui/internal/searchview) and in the pictures the command
// line draws (internal/render): the card's head (the expansion number #k,
// or what the node is), f = g + h in the algorithm's terms, and the board.
package treecard

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Status is what a node is at the event shown.
type Status uint8

// The statuses a card shows.
const (
	Open      Status = iota // generated and waiting (A*'s OPEN, IDA*'s stack)
	Current                 // the node of the event shown
	Closed                  // expanded (for IDA*: visited)
	Duplicate               // generated again and dropped
	Pruned                  // IDA*: f over the bound
	Replaced                // A*: a shorter path to it was found
	Goal                    // the goal reached
	Dropped                 // SMA*: forgotten to keep within its node budget
)

// Card is what a card shows of a node.
type Card struct {
	Status   Status
	Order    int  // the k of "#k", the k-th expansion (0: not expanded)
	Reopened bool // A*: expanded, then reached by a shorter path
	F, G, H  int
	Bound    int // IDA*'s bound (the depth limit of DFS, DLS, IDDFS) when the node was pruned
	// Weight10 is weighted A*'s weight in tenths (1.5: 15); with it a
	// weighted A* card shows f = g + w·h, which weighted A* orders by
	// ("25 = 4+3·7"). 0: unknown, the card shows g + h.
	Weight10 int
	Board    board.Board
}

// Line is one line of text on a card; faint lines are drawn dimmed.
type Line struct {
	Text  string
	Faint bool
}

// Lines are the lines of c's card: what it is (the expansion number, or its
// status), f = g + h (for IDA*'s pruned children f > bound; weighted A*
// g + w·h; the uninformed searches show g, greedy h and g), then the
// board's rows.
func Lines(c Card, alg search.Algorithm) []Line {
	lines := []Line{{Text: head(c)}, {Text: values(c, alg)}}
	if c.Board.IsValid() {
		faint := c.Status == Duplicate || c.Status == Replaced || c.Status == Dropped
		for _, row := range BoardRows(c.Board) {
			lines = append(lines, Line{Text: row, Faint: faint})
		}
	}
	return lines
}

// head is a card's first line.
func head(c Card) string {
	h := ""
	switch c.Status {
	case Duplicate:
		h = "duplicate"
	case Pruned:
		h = "pruned"
	case Replaced:
		h = "replaced"
	case Goal:
		h = "GOAL"
	case Dropped:
		h = "dropped"
	case Open:
		h = "open"
	}
	if c.Order > 0 {
		if h == "" || c.Status == Goal {
			h = fmt.Sprintf("#%d", c.Order)
			if c.Status == Goal {
				h += " goal"
			}
		}
	} else if c.Status == Current {
		h = "selected"
	}
	if c.Reopened && c.Status == Open {
		h = "reopened"
	}
	return h
}

// values is a card's second line.
func values(c Card, alg search.Algorithm) string {
	uninformed := !alg.UsesHeuristic() // the depth (uniform-cost: the path cost)
	switch {
	case c.Status == Pruned && uninformed: // cut off by the depth limit
		return fmt.Sprintf("g %d > %d", c.G, c.Bound)
	case c.Status == Pruned:
		return fmt.Sprintf("f %d > %d", c.F, c.Bound)
	case uninformed:
		return fmt.Sprintf("g %d", c.G)
	case alg == search.Greedy:
		return fmt.Sprintf("h %d  g %d", c.H, c.G)
	case alg == search.WAStar && c.Weight10 > 0:
		return fmt.Sprintf("%s = %d+%s·%d", Tenths(10*c.G+c.Weight10*c.H), c.G, Tenths(c.Weight10), c.H)
	}
	return fmt.Sprintf("%d = %d+%d", c.F, c.G, c.H)
}

// Tenths writes a number of tenths (weighted A*'s f and weight, exact in
// tenths): 25 for 250, 14.5 for 145.
func Tenths(v int) string {
	if v%10 == 0 {
		return fmt.Sprint(v / 10)
	}
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// BoardRows writes a board as rows of tiles, the blank as a dot; on boards
// of more than ten cells one-digit tiles are padded so the columns line up.
func BoardRows(b board.Board) []string {
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
			if wide && utf8.RuneCountInString(cell) < 2 { // the blank's dot is one character of two bytes
				cell = " " + cell
			}
			sb.WriteString(cell)
		}
		rows[r] = sb.String()
	}
	return rows
}
