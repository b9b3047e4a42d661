package searchview

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// Korf and Felner's 50 instances of the 24-puzzle in the puzzle view: a
// selector beside Korf's 100 that shows one as the board, with its optimal
// length. The easiest (#40, 82 moves) IDA* solves with 6-6-6-6 and the
// reflected lookup in seconds; most take minutes to hours, so a class looks
// at them, or runs them with a node limit.

// newKorf24Select makes the selector of the 24-puzzle's instances.
func (p *PuzzleView) newKorf24Select() {
	p.korf24 = board.Korf24()
	labels := make([]string, len(p.korf24))
	for i := range p.korf24 {
		labels[i] = p.Korf24Label(i + 1)
	}
	p.Korf24Select = widget.NewSelect(labels, func(s string) {
		// The option's index says which instance: labels are not read back.
		if i := slices.Index(p.Korf24Select.Options, s); i >= 0 {
			p.showKorf24(i + 1)
		}
	})
	p.Korf24Select.PlaceHolder = "Korf's 24-puzzle (50)"
}

// Korf24Label names the 24-puzzle's instance k (1-based).
func (p *PuzzleView) Korf24Label(k int) string {
	return fmt.Sprintf("24-puzzle #%d (%d moves)", k, p.korf24[k-1].Optimal)
}

// showKorf24 shows the 24-puzzle's instance k (1-based, in range).
func (p *PuzzleView) showKorf24(k int) {
	in := p.korf24[k-1]
	p.showInstance(in, fmt.Sprintf("Korf and Felner's 24-puzzle #%d, optimal %d moves", k, in.Optimal))
}

// LoadKorf24 shows Korf and Felner's 24-puzzle instance k (1-based).
func (p *PuzzleView) LoadKorf24(k int) error {
	if k < 1 || k > len(p.korf24) {
		return fmt.Errorf("24-puzzle instance %d: want 1..%d", k, len(p.korf24))
	}
	p.showKorf24(k)
	return nil
}

// korf24Shown returns which of the 24-puzzle's instances (1-based) the
// board is, or 0.
func (p *PuzzleView) korf24Shown() int { return p.instanceShown(p.korf24) }

// syncKorf24Select shows the instance while it is the board, and the
// placeholder otherwise.
func (p *PuzzleView) syncKorf24Select() {
	want := ""
	if k := p.korf24Shown(); k > 0 {
		want = p.Korf24Label(k)
	}
	showSelected(p.Korf24Select, want)
}
