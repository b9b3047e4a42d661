package searchview

import (
	"github.com/slidelab/slidelab/internal/treecard"
)

// cardLines are the lines of n's card, as package treecard writes them for
// the app and for the command line's pictures alike: what it is (the
// expansion number, or its status), f = g + h, then the board's rows.
func cardLines(n VisNode, k orderKey) []treecard.Line {
	nn := n.N
	return withChapterLine(treecard.Lines(treecard.Card{Status: treecard.Status(n.Status), Order: n.order, Reopened: nn.reopened,
		F: nn.F, G: nn.g, H: nn.h, Bound: nn.Bound, Board: nn.Board, Weight10: k.w10}, k.alg), nn, k.alg)
}
