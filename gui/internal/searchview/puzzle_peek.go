package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"github.com/slidelab/slidelab/core/board"
)

// A look at the goal: "Show the goal board" draws the goal on the big board
// without making it the board to solve. The board, its title and the
// search stay as they were; pressing the button again (now "Back to the
// board"), a click on the board, an arrow key or any change of the board
// brings back what was drawn before. A search step taken meanwhile is drawn
// when the look ends.

// Labels of the goal button.
const (
	peekLabel = "Show the goal board"
	backLabel = "Back to the board"
)

// goalPeek is what the big board drew before the look at the goal.
type goalPeek struct {
	on      bool
	shown   board.Board
	mark    int
	overlay widgets.BoardOverlay
	title   string
}

// Peeking reports whether the big board shows the goal for a look.
func (p *PuzzleView) Peeking() bool { return p.peek.on }

// TogglePeek shows the goal board for a look, or ends the look.
func (p *PuzzleView) TogglePeek() {
	if p.peek.on {
		p.endPeek(true)
		return
	}
	p.peek = goalPeek{on: true, shown: p.Shown, mark: p.Board.Mark, overlay: p.Board.Overlay(), title: p.Title.Text}
	p.Board.Mark = -1
	p.Board.SetOverlay(widgets.BoardOverlay{})
	p.Board.SetBoard(board.Solved(p.session.Board().Size(), p.session.Goal()))
	p.Title.SetText("The goal (a look: the board to solve is kept)")
	p.SolvedButton.SetText(backLabel)
}

// endPeek ends a look at the goal, drawing again what the board showed
// unless redraw is false (the caller draws the board).
func (p *PuzzleView) endPeek(redraw bool) {
	if !p.peek.on {
		return
	}
	was := p.peek
	p.peek = goalPeek{}
	p.SolvedButton.SetText(peekLabel)
	if !redraw {
		return
	}
	p.Title.SetText(was.title)
	p.Board.SetOverlay(was.overlay)
	p.Show(was.shown, was.mark)
}
