package render

import (
	"fmt"
	"image"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
)

// logicalWidth is the width, in the app's units at zoom 1, a frame is laid
// out at: a frame of Size pixels draws everything Size/logicalWidth times
// the app's size, so the pictures keep their proportions at every size.
const logicalWidth = 480

// Layout of a frame, in logical units.
const (
	margin   = 8  // around the frame's content
	headText = 15 // the bold line over the board or the tree
	lineText = 14 // the narration line of a search run
	lineH    = 22 // a line of text
	outline  = 3  // the moved tile's outline
)

// replayFrame is one picture of a solution replay.
type replayFrame struct {
	pic  boardPicture
	move int // moves made (the one sliding counts)
	hold int
}

// SolutionAnimation replays moves from start: each move's tile slides in a
// few in-between frames (about 0.3 s in all), the board then rests (0.2 s),
// with a line above it counting the moves and giving h when a heuristic is
// given (h may be nil). The first frame shows for a second, the last for
// two. Tiles are coloured by groups, disjoint sets of tiles (nil: the app's
// usual groups for the board's size and goal). The frames are square.
func SolutionAnimation(start board.Board, goal board.Goal, groups [][]int, moves []board.Dir, h search.Heuristic, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if !start.IsValid() {
		return nil, fmt.Errorf("no board to replay")
	}
	if _, err := start.Apply(moves); err != nil {
		return nil, fmt.Errorf("the solution does not apply to the board: %w", err)
	}
	g, err := newTileGroups(start.Size(), goal, groups)
	if err != nil {
		return nil, fmt.Errorf("tile groups: %w", err)
	}
	fr := replayFrames(start, moves, opts)
	if len(fr) > anim.MaxFrames {
		return nil, fmt.Errorf("%d moves make %d frames, more than %d: lower the frame rate", len(moves), len(fr), anim.MaxFrames)
	}
	ts, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	w := opts.Size
	k := float64(w) / logicalWidth
	pal := paletteOf(opts.Theme)
	render := func(i int) (image.Image, int, error) {
		f := fr[i]
		p := newPainter(w, w, pal.bg)
		text := fmt.Sprintf("Move %d of %d", f.move, len(moves))
		if f.move == 0 {
			text = fmt.Sprintf("Start: %d %s to the goal", len(moves), plural(len(moves), "move", "moves"))
		}
		if h != nil {
			text += fmt.Sprintf("   ·   h = %d (%s)", h.Estimate(f.pic.b), h.Name())
		}
		ts.text(p.dst, rect{margin * k, margin * k / 2, float64(w) - 2*margin*k, lineH * k}, text, sansBold, headText*k, center, pal.fg)
		drawBoard(p, ts, replayBoardArea(w), g, f.pic, max(1.5, outline*k))
		return p.dst, f.hold, nil
	}
	return &Animation{opts: opts, n: len(fr), render: render}, nil
}

// replayBoardArea is where a replay frame of width w draws the board: under
// the line of text.
func replayBoardArea(w int) rect {
	k := float64(w) / logicalWidth
	top := (margin/2 + lineH + margin/2) * k
	return rect{margin * k, top, float64(w) - 2*margin*k, float64(w) - top - margin*k/2}
}

// replayFrames lists the pictures of a replay and how long each shows.
func replayFrames(start board.Board, moves []board.Dir, opts GIFOptions) []replayFrame {
	slides := opts.frames(0.3)
	fr := []replayFrame{{pic: boardPicture{b: start, mark: -1}, hold: opts.frames(1)}}
	b := start
	for i, d := range moves {
		from, _ := b.Size().Neighbor(b.Blank(), d)
		for s := 1; s < slides; s++ {
			fr = append(fr, replayFrame{pic: boardPicture{b: b, mark: from, from: from, to: b.Blank(), frac: float64(s) / float64(slides)}, move: i + 1, hold: 1})
		}
		to := b.Blank()
		b, _ = b.Move(d)
		fr = append(fr, replayFrame{pic: boardPicture{b: b, mark: to}, move: i + 1, hold: 1 + opts.frames(0.2)})
	}
	fr[len(fr)-1].hold += opts.frames(2)
	return fr
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
