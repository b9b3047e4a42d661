// Package render draws the frames of Slidelab's animated GIFs off screen,
// straight into images, and hands them to internal/anim, which makes the
// GIF: a solution replayed with its tiles sliding (SolutionAnimation), a
// search run step by step with its search tree (SearchAnimation), and a
// pattern database's frontier chart growing layer by layer (PDBAnimation).
//
// It draws with image/draw, golang.org/x/image/vector and the Liberation
// fonts that gonum/plot (and so the charts package) already links in, and
// imports no Fyne package: the command line (slidelab animate) and the
// app's File > Export GIF use it alike, and it builds for every platform
// the core does, with CGO_ENABLED=0. The pictures follow the app's: the
// same board (tray, rounded tiles, pattern-group colours, the moved tile
// outlined), the same search-tree cards and status colours.
//
// It lives under internal/ because only this module's commands and GUI
// use it; its API is not promised to anyone else.
package render

import (
	"context"
	"fmt"
	"image"
	"io"
	"time"

	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// Frames drawn per call of onUI (see Encode): at most maxBatch, and no more
// once batchTime has passed.
const (
	maxBatch  = 16
	batchTime = 50 * time.Millisecond
)

// Animation is a sequence of frames to encode as a GIF, drawn one call of
// render each (render keeps what it draws with between calls, so an
// Animation is not safe for concurrent use). It may be encoded more than
// once.
type Animation struct {
	opts   GIFOptions
	n      int
	render func(i int) (img image.Image, hold int, err error)
}

// Len returns the number of frames drawn (before repeats are dropped).
func (a *Animation) Len() int { return a.n }

// Frame draws frame i (0 <= i < Len) and returns it with the number of
// frame durations it shows for. Frames may be drawn in any order and more
// than once; a search run's are cheapest in order (its tree grows from one
// frame to the next, so going back replays it from the start).
func (a *Animation) Frame(i int) (image.Image, int, error) {
	if i < 0 || i >= a.n {
		return nil, 0, fmt.Errorf("frame %d: the animation has %d", i, a.n)
	}
	return a.render(i)
}

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

// Encode draws every frame and writes the GIF to w. The frames touch no
// GUI state, so onUI may be nil (the frames are then drawn on the caller's
// goroutine, as they should be); when given, every batch of frames (up to
// 50 ms of drawing) is drawn inside one call of it. progress, when not nil,
// is told the frames done after each batch. ctx stops the work between
// frames.
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

// Save writes the GIF to path atomically: to a temporary file renamed over
// path once complete, so a failure or a cancellation leaves path as it was
// (see Encode).
func (a *Animation) Save(ctx context.Context, path string, onUI func(func()) error, progress func(done, total int)) (GIFStats, error) {
	var st GIFStats
	err := atomicfile.Write(path, func(w io.Writer) error {
		var err error
		st, err = a.Encode(ctx, w, onUI, progress)
		return err
	})
	return st, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
