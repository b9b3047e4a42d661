package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
)

// gifTreeZoom is the search tree's zoom in a search run's frames: small
// enough for a few levels of cards, large enough to read them.
const gifTreeZoom = 0.8

// searchFrame is one step of a search run.
type searchFrame struct {
	ev    search.Event
	trace []search.TraceEvent
}

// SearchAnimation runs st (a fresh stepper for alg) for at most steps
// events and returns one frame per event: two lines of text (the counters;
// what the event did, with g, h and f), the board of the event's node (the
// moved tile outlined) and the search tree as the app draws it, following
// the current node. groups colour the tiles as in SolutionAnimation. It
// runs the search at once; ctx stops it. A search stopped by a limit
// (memory) is animated up to where it stopped. The frames are width x 5/8
// width.
func SearchAnimation(ctx context.Context, st *search.Stepper, alg search.Algorithm, goal board.Goal, groups [][]int, steps int, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if err := checkSteps(steps); err != nil {
		return nil, err
	}
	if st == nil {
		return nil, errors.New("no search to animate")
	}
	fr, err := runSteps(ctx, st, alg, steps)
	if err != nil {
		return nil, err
	}
	start := fr[0].ev.Node.Board
	if !start.IsValid() {
		start = fr[len(fr)-1].ev.Node.Board
	}
	g, err := newTileGroups(start.Size(), goal, groups)
	if err != nil {
		return nil, fmt.Errorf("tile groups: %w", err)
	}
	ts, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	w, h := opts.Size, opts.Size*5/8
	k := float64(w) / logicalWidth
	pal := paletteOf(opts.Theme)
	boardArea, treeArea := searchLayout(w, h)
	rp := &searchReplay{frames: fr, start: start, tree: &treeView{u: gifTreeZoom * k, k: k, view: treeArea}, alg: alg}
	if alg == search.WAStar && opts.Weight > 0 {
		rp.w10 = int(math.Round(opts.Weight * 10))
	}
	finalHold := opts.frames(2)
	render := func(i int) (image.Image, int, error) {
		f := fr[i]
		rp.advance(i)
		p := newPainter(w, h, pal.bg)
		s := f.ev.Stats
		counts := fmt.Sprintf("%s  ·  step %d  ·  expanded %s  ·  generated %s", algName(alg), i+1,
			digits.Group(s.Expanded, ","), digits.Group(s.Generated, ","))
		line := rect{margin * k, margin * k / 2, float64(w) - 2*margin*k, lineH * k}
		ts.text(p.dst, line, counts, sansBold, headText*k, left, pal.fg)
		line.y += lineH * k
		ts.text(p.dst, line, eventText(alg, f.ev), sans, lineText*k, left, pal.fg)
		drawBoard(p, ts, boardArea, g, rp.board(i), max(1.5, outline*k))
		rp.tree.draw(p, ts, pal.panel)
		hold := 1
		if i == len(fr)-1 {
			hold += finalHold
		}
		return p.dst, hold, nil
	}
	return &Animation{opts: opts, n: len(fr), render: render}, nil
}

// searchReplay is the state a search run's frames are drawn from: the tree
// as it stands after frame next-1 (its panning depends on every frame
// before, so frames are replayed in order).
type searchReplay struct {
	frames []searchFrame
	start  board.Board
	alg    search.Algorithm
	w10    int // weighted A*'s weight in tenths, for the cards
	tree   *treeView
	next   int
}

// advance brings the tree to frame i: on from where it is, or again from
// the start when frame i is behind it.
func (r *searchReplay) advance(i int) {
	if r.tree.t == nil || i < r.next {
		r.tree.t, r.next = newSearchTree(r.alg, treeMaxNodes), 0
		r.tree.t.w10 = r.w10
		r.tree.offX, r.tree.offY = 0, 0
	}
	for ; r.next <= i; r.next++ {
		tr := r.frames[r.next].trace
		for _, e := range tr {
			r.tree.t.apply(e)
		}
		if len(tr) > 0 {
			id := tr[0].Node
			if r.frames[r.next].ev.Kind == search.SolutionFound {
				id = tr[len(tr)-1].Node
			}
			r.tree.show(id)
		}
	}
}

// board returns the board frame i shows: the node of its event, else the
// latest one before it, the moved tile outlined.
func (r *searchReplay) board(i int) boardPicture {
	for k := i; k >= 0; k-- {
		if n := r.frames[k].ev.Node; n.Board.IsValid() {
			return boardPicture{b: n.Board, mark: movedCell(n)}
		}
	}
	return boardPicture{b: r.start, mark: -1}
}

// searchLayout returns where a search run's frame of w x h pixels draws
// the board (a square on the left, under two lines of text) and the tree
// (the rest, to its right).
func searchLayout(w, h int) (boardArea, treeArea rect) {
	k := float64(w) / logicalWidth
	top := (margin/2 + 2*lineH + margin) * k
	bodyH := float64(h) - top - margin*k/2
	boardW := min(bodyH, 0.46*float64(w))
	return rect{margin * k, top, boardW, bodyH}, rect{margin*k + boardW + margin*k, top, float64(w) - boardW - 3*margin*k, bodyH}
}

// runSteps runs st for at most steps events, keeping each with its trace.
func runSteps(ctx context.Context, st *search.Stepper, alg search.Algorithm, steps int) ([]searchFrame, error) {
	tr := search.NewTracer(alg)
	var fr []searchFrame
	for len(fr) < steps && !st.Done() {
		ev, err := st.Step(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if len(fr) == 0 {
				return nil, err
			}
			break // a limit: animate what was done
		}
		fr = append(fr, searchFrame{ev: ev, trace: tr.Events(nil, ev)})
	}
	if len(fr) == 0 {
		return nil, errors.New("the search made no step")
	}
	return fr, nil
}

// movedCell returns the cell of the tile that moved to reach n (-1 for the
// start).
func movedCell(n search.Node) int {
	if n.Root || !n.Board.IsValid() {
		return -1
	}
	c, ok := n.Board.Size().Neighbor(n.Board.Blank(), n.Move.Inverse())
	if !ok {
		return -1
	}
	return c
}

// algName names an algorithm as the counters line does.
func algName(a search.Algorithm) string {
	switch a {
	case search.IDAStar:
		return "IDA*"
	case search.AStar:
		return "A*"
	case search.BFS:
		return "Breadth-first search"
	case search.Greedy:
		return "Greedy best-first search"
	}
	return a.String()
}

// eventText says what one event of a search run did, with g, h, f.
func eventText(alg search.Algorithm, ev search.Event) string {
	n := ev.Node
	gh := fmt.Sprintf("g = %d, h = %d, f = %d", n.G, n.H, n.F())
	switch ev.Kind {
	case search.IterationStarted:
		return fmt.Sprintf("New pass: bound %d", ev.Bound)
	case search.NodeSelected:
		return "Selected a node: " + gh
	case search.NodeExpanded:
		s := fmt.Sprintf("Expanded (%s): %d %s", gh, len(ev.Children), plural(len(ev.Children), "child", "children"))
		if alg == search.IDAStar {
			s += fmt.Sprintf(", bound %d", ev.Bound)
		}
		return s
	case search.SolutionFound:
		return fmt.Sprintf("Goal reached: %d moves", len(ev.Moves))
	}
	return ev.Kind.String()
}
