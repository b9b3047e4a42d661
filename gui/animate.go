package gui

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// Animated GIF export: a solution replayed with its tiles sliding, a search
// run step by step, a pattern database's frontier chart growing layer by
// layer. Every frame is drawn by the app's own widgets (BoardView, the
// search tree, labels) on Fyne's software canvas, or by the charts package,
// and handed to internal/anim, which makes the GIF.

// Defaults and limits of an export.
const (
	DefaultGIFFPS  = 10
	DefaultGIFSize = 480
	// DefaultGIFSteps and MaxGIFSteps bound the steps of a search run.
	DefaultGIFSteps = 150
	MaxGIFSteps     = 2000
)

// GIFOptions are an export's frame rate and frame width in pixels.
type GIFOptions struct {
	FPS  float64
	Size int
}

// DefaultGIFOptions returns 10 frames per second at 480 pixels.
func DefaultGIFOptions() GIFOptions { return GIFOptions{FPS: DefaultGIFFPS, Size: DefaultGIFSize} }

// Check reports a frame rate or size out of range.
func (o GIFOptions) Check() error {
	if math.IsNaN(o.FPS) || o.FPS < anim.MinFPS || o.FPS > anim.MaxFPS {
		return fmt.Errorf("frame rate %g: must be between %g and %g frames per second", o.FPS, float64(anim.MinFPS), float64(anim.MaxFPS))
	}
	return anim.CheckSide(o.Size)
}

// frames returns the number of frames that last about seconds (at least 1).
func (o GIFOptions) frames(seconds float64) int { return max(1, int(math.Round(o.FPS*seconds))) }

// Frames drawn per trip to the Fyne goroutine: at most maxBatch, and no
// more once batchTime has passed.
const (
	maxBatch  = 16
	batchTime = 50 * time.Millisecond
)

// Animation is a sequence of frames to encode as a GIF. Its frames are
// drawn in order, one call of render each, on the Fyne goroutine (render
// keeps the widgets it draws with between calls).
type Animation struct {
	opts   GIFOptions
	n      int
	render func(i int) (img image.Image, hold int, err error)
}

// Len returns the number of frames drawn (before repeats are dropped).
func (a *Animation) Len() int { return a.n }

// GIFStats describes a GIF written.
type GIFStats struct {
	// Frames is the number of frames stored (repeats folded into the one
	// before), Drawn the number drawn; Bytes the file's size; Width and
	// Height a frame's size in pixels; Seconds one loop's duration.
	Frames, Drawn int
	Bytes         int64
	Width, Height int
	Seconds       float64
}

// Encode draws every frame and writes the GIF to w. onUI runs a function on
// the Fyne goroutine and waits for it (nil: calls it directly, as the
// command line and the test driver do); frames are drawn in batches of up to
// 50 ms per call. progress, when not nil, is told the frames done after each
// batch. The encoding runs on the caller's goroutine.
func (a *Animation) Encode(ctx context.Context, w io.Writer, onUI func(func()) error, progress func(done, total int)) (GIFStats, error) {
	if onUI == nil {
		onUI = func(f func()) error { f(); return nil }
	}
	enc, err := anim.New(a.opts.FPS)
	if err != nil {
		return GIFStats{}, err
	}
	type drawn struct {
		img  image.Image
		hold int
	}
	for i := 0; i < a.n; {
		if err := ctx.Err(); err != nil {
			return GIFStats{}, err
		}
		// A batch of frames per trip to the Fyne goroutine: each trip
		// waits for the window's next turn, and a frame takes a few
		// milliseconds.
		var batch []drawn
		var rerr error
		if err := onUI(func() {
			t := time.Now()
			for i+len(batch) < a.n && len(batch) < maxBatch && (len(batch) == 0 || time.Since(t) < batchTime) {
				img, hold, err := a.render(i + len(batch))
				if err != nil {
					rerr = fmt.Errorf("drawing frame %d: %w", i+len(batch)+1, err)
					return
				}
				batch = append(batch, drawn{img, hold})
			}
		}); err != nil {
			return GIFStats{}, err
		}
		if rerr != nil {
			return GIFStats{}, rerr
		}
		for _, d := range batch {
			if err := enc.Add(d.img, d.hold); err != nil {
				return GIFStats{}, err
			}
		}
		i += len(batch)
		if progress != nil {
			progress(i, a.n)
		}
	}
	cw := &countingWriter{w: w}
	if err := enc.Encode(cw); err != nil {
		return GIFStats{}, err
	}
	g := enc.GIF()
	total := 0
	for _, d := range g.Delay {
		total += d
	}
	return GIFStats{Frames: enc.Frames(), Drawn: a.n, Bytes: cw.n, Width: g.Config.Width, Height: g.Config.Height,
		Seconds: float64(total) / 100}, nil
}

// Save writes the GIF to path atomically (see Encode).
func (a *Animation) Save(ctx context.Context, path string, onUI func(func()) error, progress func(done, total int)) (GIFStats, error) {
	var st GIFStats
	err := atomicfile.Write(path, func(w io.Writer) error {
		var err error
		st, err = a.Encode(ctx, w, onUI, progress)
		return err
	})
	return st, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// offscreen draws a widget tree on Fyne's software canvas at a fixed pixel
// size: the layout is made at the app's text size (a frame looks like the
// app at its zoom) and scaled to the pixels asked for.
type offscreen struct {
	c    software.WindowlessCanvas
	w, h int
}

// logicalWidth is the width, in the app's units at zoom 1, a frame is laid
// out at: about the board's width in the app.
const logicalWidth = 480

func newOffscreen(content fyne.CanvasObject, w, h int) *offscreen {
	c := software.NewCanvas()
	lw := logicalWidth * textScale()
	c.SetScale(float32(w) / lw)
	c.SetContent(content)
	c.Resize(fyne.NewSize(lw, lw*float32(h)/float32(w)))
	return &offscreen{c: c, w: w, h: h}
}

// capture draws the content as it is now, exactly w x h pixels.
func (o *offscreen) capture() image.Image {
	img := o.c.Capture()
	if b := img.Bounds(); b.Dx() != o.w || b.Dy() != o.h {
		// Rounding of the scale: crop or pad to the size asked for.
		out := image.NewNRGBA(image.Rect(0, 0, o.w, o.h))
		for y := 0; y < o.h; y++ {
			for x := 0; x < o.w; x++ {
				out.Set(x, y, img.At(b.Min.X+min(x, b.Dx()-1), b.Min.Y+min(y, b.Dy()-1)))
			}
		}
		return out
	}
	return img
}

// replayFrame is one picture of a solution replay.
type replayFrame struct {
	b        board.Board
	from, to int     // the sliding tile's cell and its destination, when frac > 0
	frac     float32 // how far it has slid
	mark     int
	move     int // moves made (the one sliding counts)
	hold     int
}

// SolutionAnimation replays moves from start: each move's tile slides in a
// few in-between frames (about 0.3 s in all), the board then rests (0.2 s), with a
// line above it counting the moves and giving h when a heuristic is given
// (h may be nil). The first frame shows for a second, the last for two.
// Tiles are coloured by groups (the zero value: the usual groups of the
// board's size and goal).
func SolutionAnimation(start board.Board, goal board.Goal, groups session.Groups, moves []board.Dir, h search.Heuristic, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if _, err := start.Apply(moves); err != nil {
		return nil, fmt.Errorf("the solution does not apply to the board: %w", err)
	}
	if len(groups.Sets()) == 0 {
		groups = session.DefaultGroups(start.Size(), goal)
	}
	slides := opts.frames(0.3)
	var fr []replayFrame
	fr = append(fr, replayFrame{b: start, mark: -1, hold: opts.frames(1)})
	b := start
	for i, d := range moves {
		from, _ := b.Size().Neighbor(b.Blank(), d)
		for k := 1; k < slides; k++ {
			fr = append(fr, replayFrame{b: b, from: from, to: b.Blank(), frac: float32(k) / float32(slides), mark: from, move: i + 1, hold: 1})
		}
		to := b.Blank()
		b, _ = b.Move(d)
		fr = append(fr, replayFrame{b: b, mark: to, move: i + 1, hold: 1 + opts.frames(0.2)})
	}
	fr[len(fr)-1].hold += opts.frames(2)
	if len(fr) > anim.MaxFrames {
		return nil, fmt.Errorf("%d moves make %d frames, more than %d: lower the frame rate", len(moves), len(fr), anim.MaxFrames)
	}
	w := opts.Size
	var (
		bv   *widgets.BoardView
		head *widget.Label
		off  *offscreen
	)
	render := func(i int) (image.Image, int, error) {
		f := fr[i]
		if off == nil {
			bv = widgets.NewBoardView(start, groups)
			head = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
			off = newOffscreen(container.NewBorder(head, nil, nil, nil, bv), w, w)
		}
		text := fmt.Sprintf("Move %d of %d", f.move, len(moves))
		if f.move == 0 {
			text = fmt.Sprintf("Start: %d %s to the goal", len(moves), toolkit.Plural(len(moves), "move", "moves"))
		}
		if h != nil {
			text += fmt.Sprintf("   ·   h = %d (%s)", h.Estimate(f.b), h.Name())
		}
		head.SetText(text)
		bv.SetBoard(f.b)
		bv.SetMark(f.mark)
		bv.SetSlide(f.from, f.to, f.frac)
		return off.capture(), f.hold, nil
	}
	return &Animation{opts: opts, n: len(fr), render: render}, nil
}

// gifTreeScale is the search tree's zoom in a search run's frames.
const gifTreeScale = 0.6

// searchFrame is one step of a search run.
type searchFrame struct {
	ev    search.Event
	trace []search.TraceEvent
}

// SearchAnimation runs st (a fresh stepper) for at most steps events and
// returns one frame per event: the board of the event's node (the moved
// tile outlined), the counters, and the search tree as the app draws it,
// following the current node. It runs the search at once (call it off the
// Fyne goroutine); ctx stops it.
func SearchAnimation(ctx context.Context, st *search.Stepper, alg search.Algorithm, goal board.Goal, groups session.Groups, steps int, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if steps < 1 || steps > MaxGIFSteps {
		return nil, fmt.Errorf("steps %d: must be between 1 and %d", steps, MaxGIFSteps)
	}
	tr := search.NewTracer(alg)
	var fr []searchFrame
	var start board.Board
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
		if len(fr) == 0 {
			start = ev.Node.Board
		}
		fr = append(fr, searchFrame{ev: ev, trace: tr.Events(nil, ev)})
	}
	if len(fr) == 0 {
		return nil, errors.New("the search made no step")
	}
	if !start.IsValid() {
		start = fr[len(fr)-1].ev.Node.Board
	}
	if len(groups.Sets()) == 0 {
		groups = session.DefaultGroups(start.Size(), goal)
	}
	w, hgt := opts.Size, opts.Size*5/8
	var (
		bv            *widgets.BoardView
		tree          *searchTree
		tv            *TreeView
		counts, event *widget.Label
		off           *offscreen
	)
	finalHold := opts.frames(2)
	render := func(i int) (image.Image, int, error) {
		f := fr[i]
		if off == nil {
			bv = widgets.NewBoardView(start, groups)
			tree = newSearchTree(treeMaxNodes)
			tree.reset(alg)
			tv = newTreeView(tree)
			// Zoomed out, so that a few levels of cards are in view; the
			// frames pan themselves (below).
			tv.scale, tv.follow = gifTreeScale, false
			counts = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			event = widget.NewLabel("")
			counts.Truncation, event.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis
			clip := container.NewScroll(tv)
			clip.Direction = container.ScrollNone
			top := container.New(layout.NewCustomPaddedVBoxLayout(0), counts, event)
			off = newOffscreen(container.NewBorder(top, nil, nil, nil, container.NewGridWithColumns(2, bv, clip)), w, hgt)
		}
		for _, e := range f.trace {
			tree.apply(e)
		}
		if len(f.trace) > 0 {
			cur := f.trace[0].Node
			if f.ev.Kind == search.SolutionFound {
				cur = f.trace[len(f.trace)-1].Node
			}
			tv.show(f.trace[len(f.trace)-1].Seq+1, cur)
			// Pan only when the current card nears the edge: a view that
			// stays still between steps keeps the frames small.
			if p, ok := tv.screenPos(tv.lay.cur); !ok || !insideMargin(p, tv.Size(), 0.2) {
				tv.centreOn(tv.lay.cur)
				tv.Refresh()
			}
		}
		n := f.ev.Node
		if n.Board.IsValid() {
			bv.SetBoard(n.Board)
			bv.SetMark(movedCell(n))
		}
		s := f.ev.Stats
		counts.SetText(fmt.Sprintf("%s  ·  step %d  ·  expanded %s  ·  generated %s", upperFirst(algName(alg)), i+1,
			toolkit.FormatCount(s.Expanded), toolkit.FormatCount(s.Generated)))
		event.SetText(frameEventText(alg, f.ev))
		hold := 1
		if i == len(fr)-1 {
			hold += finalHold
		}
		return off.capture(), hold, nil
	}
	return &Animation{opts: opts, n: len(fr), render: render}, nil
}

// frameEventText says what one event of a search run did, with g, h, f.
func frameEventText(alg search.Algorithm, ev search.Event) string {
	n := ev.Node
	gh := fmt.Sprintf("g = %d, h = %d, f = %d", n.G, n.H, n.F())
	switch ev.Kind {
	case search.IterationStarted:
		return fmt.Sprintf("New pass: bound %d", ev.Bound)
	case search.NodeSelected:
		return "Selected a node: " + gh
	case search.NodeExpanded:
		s := fmt.Sprintf("Expanded (%s): %d %s", gh, len(ev.Children), toolkit.Plural(len(ev.Children), "child", "children"))
		if alg == search.IDAStar {
			s += fmt.Sprintf(", bound %d", ev.Bound)
		}
		return s
	case search.SolutionFound:
		return fmt.Sprintf("Goal reached: %d moves", len(ev.Moves))
	}
	return ev.Kind.String()
}

// PDBAnimation draws the frontier chart of a pattern database's
// construction growing one cost layer per frame, table after table (the
// finished tables stay on the chart), on a log scale when logY; the last
// frame shows for two seconds. layers[i] is table i's construction record; tables
// without one are left out. The frames are width x 9/16 width.
func PDBAnimation(p pdb.Partition, layers [][]pdb.Layer, logY bool, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	type step struct{ table, layer int }
	var steps []step
	for i, ls := range layers {
		for k := range ls {
			steps = append(steps, step{i, k})
		}
	}
	if len(steps) == 0 {
		return nil, errors.New("no layers to animate: build a table first")
	}
	if len(steps) > anim.MaxFrames {
		return nil, fmt.Errorf("%d layers, more than %d frames", len(steps), anim.MaxFrames)
	}
	w, h := opts.Size, opts.Size*9/16
	final := opts.frames(2)
	render := func(i int) (image.Image, int, error) {
		s := steps[i]
		fr := charts.PDBLayers{LogY: logY, Subtitle: fmt.Sprintf("%s board, partition %s: table %d, cost layer %d",
			p.Size, p, s.table+1, layers[s.table][s.layer].Cost)}
		for t := 0; t <= s.table && t < len(layers); t++ {
			if len(layers[t]) == 0 {
				continue
			}
			name := fmt.Sprintf("table %d", t+1)
			if t < len(p.Groups) {
				name += " (" + formatGroup(p.Groups[t]) + ")"
			}
			tl := charts.TableLayers{Name: name}
			upto := len(layers[t])
			if t == s.table {
				upto = s.layer + 1
			}
			for _, l := range layers[t][:upto] {
				tl.Layers = append(tl.Layers, charts.Layer{Cost: l.Cost, States: int64(l.States), New: int64(l.New)})
			}
			fr.Tables = append(fr.Tables, tl)
		}
		img, err := charts.Render(fr, w, h)
		if err != nil {
			return nil, 0, err
		}
		hold := 1
		if i == len(steps)-1 {
			hold += final
		}
		return img, hold, nil
	}
	return &Animation{opts: opts, n: len(steps), render: render}, nil
}

// insideMargin reports whether p lies in size with a margin of the given
// share of each side.
func insideMargin(p fyne.Position, size fyne.Size, share float32) bool {
	mx, my := size.Width*share, size.Height*share
	return p.X >= mx && p.X <= size.Width-mx && p.Y >= my && p.Y <= size.Height-my
}

// upperFirst capitalises the first letter of s (ASCII).
func upperFirst(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// ExportTheme returns the theme frames drawn outside the app (by the
// command line) use: the app's light theme at zoom 1.
func ExportTheme() fyne.Theme { return newClassroomTheme(ThemeLight, 1, nil) }
