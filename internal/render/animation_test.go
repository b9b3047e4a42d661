package render

import (
	"bytes"
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/testfull"
)

// pdbLayers builds the 4-4 database of the 8-puzzle and returns its tables'
// construction records and their number of layers.
func pdbLayers(t *testing.T) (pdb.Partition, [][]pdb.Layer, int) {
	t.Helper()
	p, err := pdb.Preset("44", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	db, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	var layers [][]pdb.Layer
	n := 0
	for _, tb := range db.Tables {
		layers = append(layers, tb.Layers())
		n += len(tb.Layers())
	}
	return p, layers, n
}

func TestPDBGIF(t *testing.T) {
	p, layers, n := pdbLayers(t)
	// Under -race without SLIDELAB_FULL=1, frames two thirds as wide (a
	// chart is at least 160 high): one chart drawn per layer took 49 s
	// there (load 23).
	w, h := 480, 270
	if raceEnabled && !testfull.Enabled() {
		w, h = 320, 180
	}
	a, err := PDBAnimation(p, layers, true, GIFOptions{FPS: 4, Size: w})
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != n {
		t.Errorf("%d frames, want one per layer: %d", a.Len(), n)
	}
	g, _ := decodeGIF(t, a)
	if g.Config.Width != w || g.Config.Height != h || len(g.Image) != n {
		t.Errorf("%d frames of %dx%d, want %d of %dx%d", len(g.Image), g.Config.Width, g.Config.Height, n, w, h)
	}
	// The chart grows: table 1 alone at its first layer, both tables whole
	// at the end.
	first, last := pdbChart(p, layers, 0, 0, true), pdbChart(p, layers, 1, len(layers[1])-1, true)
	if len(first.Tables) != 1 || len(first.Tables[0].Layers) != 1 || len(last.Tables) != 2 || len(last.Tables[1].Layers) != len(layers[1]) {
		t.Errorf("charts: first %+v, last has %d tables", first, len(last.Tables))
	}
	dumpFrames(t, "pdb", g)
	if _, err := PDBAnimation(p, nil, false, DefaultGIFOptions()); err == nil {
		t.Error("no layers accepted")
	}
	if _, err := PDBAnimation(p, layers, false, GIFOptions{FPS: 10, Size: 5000}); err == nil {
		t.Error("a 5000-pixel frame accepted")
	}
	// The narrowest frame whose chart is tall enough, and one pixel less.
	if MinPDBGIFSize*9/16 < charts.MinSize || (MinPDBGIFSize-1)*9/16 >= charts.MinSize {
		t.Errorf("MinPDBGIFSize %d is not the least width with a %d-pixel chart", MinPDBGIFSize, charts.MinSize)
	}
	if a, err := PDBAnimation(p, layers[:1], false, GIFOptions{FPS: 10, Size: MinPDBGIFSize}); err != nil {
		t.Errorf("%d pixels: %v", MinPDBGIFSize, err)
	} else if _, _, err := a.Frame(0); err != nil {
		t.Errorf("%d pixels, first frame: %v", MinPDBGIFSize, err)
	}
	if _, err := PDBAnimation(p, layers, false, GIFOptions{FPS: 10, Size: MinPDBGIFSize - 1}); err == nil || !strings.Contains(err.Error(), "at least") {
		t.Errorf("%d pixels: %v, want a refusal", MinPDBGIFSize-1, err)
	}
}

// replay returns a small replay animation.
func replay(t *testing.T, opts GIFOptions) *Animation {
	t.Helper()
	start, h, moves := solvedBoard(t, "1 2 3 / 4 0 6 / 7 5 8", board.BlankLast)
	a, err := SolutionAnimation(start, board.BlankLast, nil, moves, h, opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestEncodeDeterministic: the same animation made twice, or encoded twice,
// gives the same bytes; a frame drawn out of order is the frame drawn in
// order.
//
// Under -race (unless SLIDELAB_FULL=1) the search animation has 4 steps,
// not 30, and the replay is 96 pixels wide, not 200: encoding runs on one
// goroutine, and the four encodings of 30 frames were this package's
// costliest test there. The race form keeps both animations, both themes
// and every comparison.
func TestEncodeDeterministic(t *testing.T) {
	ctx := context.Background()
	steps, replaySize := 30, 200
	if raceEnabled && !testfull.Enabled() {
		steps, replaySize = 4, 96
	}
	make2 := []func() *Animation{
		func() *Animation { return replay(t, GIFOptions{FPS: 10, Size: replaySize}) },
		func() *Animation {
			st, _ := newStepper(t, "8 6 7 / 2 5 4 / 3 0 1", board.BlankLast, search.AStar)
			a, err := SearchAnimation(ctx, st, search.AStar, board.BlankLast, nil, steps, GIFOptions{FPS: 10, Size: 160, Theme: Dark})
			if err != nil {
				t.Fatal(err)
			}
			return a
		},
	}
	for i, mk := range make2 {
		var a, b bytes.Buffer
		if _, err := mk().Encode(ctx, &a, nil, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := mk().Encode(ctx, &b, nil, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("animation %d: two encodings differ (%d and %d bytes)", i, a.Len(), b.Len())
		}
		an := mk()
		var c bytes.Buffer
		for range 2 {
			c.Reset()
			if _, err := an.Encode(ctx, &c, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), c.Bytes()) {
			t.Errorf("animation %d: encoded a second time, it differs", i)
		}
		last := an.Len() - 1
		inOrder := drawFrame(t, mk(), last)
		if _, _, err := an.Frame(0); err != nil {
			t.Fatal(err)
		}
		again, _, err := an.Frame(last)
		if err != nil {
			t.Fatal(err)
		}
		if d, _ := differingPixels(inOrder, again); d != 0 {
			t.Errorf("animation %d: frame %d drawn after frame 0 differs in %d pixels", i, last, d)
		}
	}
}

// TestEncodeProgressAndOnUI: progress counts up to the total; every frame
// is drawn inside onUI when one is given; its error stops the encoding.
func TestEncodeProgressAndOnUI(t *testing.T) {
	ctx := context.Background()
	a := replay(t, GIFOptions{FPS: 20, Size: 96})
	calls, last := 0, 0
	inside := false
	a2 := *a
	a2.render = func(i int) (image.Image, int, error) {
		if !inside {
			t.Errorf("frame %d drawn outside onUI", i)
		}
		return a.render(i)
	}
	onUI := func(f func()) error { calls++; inside = true; f(); inside = false; return nil }
	_, err := a2.Encode(ctx, &bytes.Buffer{}, onUI, func(done, total int) {
		if done <= last || total != a.Len() || done > total {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
	})
	if err != nil {
		t.Fatal(err)
	}
	if last != a.Len() || calls == 0 {
		t.Errorf("progress ended at %d of %d; onUI called %d times", last, a.Len(), calls)
	}
	refused := errors.New("window closed")
	if _, err := a.Encode(ctx, &bytes.Buffer{}, func(func()) error { return refused }, nil); !errors.Is(err, refused) {
		t.Errorf("onUI failing: %v", err)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestEncodeFailures: a cancelled context, a failing writer and a frame
// that cannot be drawn are errors that say so.
func TestEncodeFailures(t *testing.T) {
	a := replay(t, GIFOptions{FPS: 10, Size: 96})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Encode(cancelled, &bytes.Buffer{}, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := a.Encode(context.Background(), failWriter{}, nil, nil); err == nil {
		t.Error("a failing writer is not an error")
	}
	broken := &Animation{opts: a.opts, n: 3, render: func(i int) (image.Image, int, error) {
		if i == 2 {
			return nil, 0, errors.New("no ink")
		}
		return a.render(i)
	}}
	if _, err := broken.Encode(context.Background(), &bytes.Buffer{}, nil, nil); err == nil || err.Error() != "drawing frame 3: no ink" {
		t.Errorf("a frame failing: %v", err)
	}
	if _, _, err := a.Frame(a.Len()); err == nil {
		t.Error("a frame past the end drawn")
	}
}

// TestSaveAtomic: Save replaces a file whole; a cancelled or failed save
// leaves the file as it was and no temporary file behind.
func TestSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.gif")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	a := replay(t, GIFOptions{FPS: 10, Size: 96})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Save(cancelled, path, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled save: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a cancelled save the file holds %q", b)
	}
	if _, err := a.Save(context.Background(), filepath.Join(dir, "no", "such", "x.gif"), nil, nil); err == nil {
		t.Error("a save into a missing folder succeeded")
	}
	st, err := replay(t, GIFOptions{FPS: 10, Size: 96}).Save(context.Background(), path, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != st.Bytes || fi.Mode().Perm() != 0o600 {
		t.Errorf("saved %d bytes, file %v (%v)", st.Bytes, fi, err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files in the folder, want 1", len(es))
	}
}
