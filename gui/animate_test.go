package gui

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
)

// solvedBoard returns a board, a heuristic and an optimal solution.
func solvedBoard(t *testing.T, text string) (board.Board, search.Heuristic, []board.Dir) {
	t.Helper()
	b, err := board.ParseSolvable(text, board.Size{}, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	h, err := search.NewHeuristic(context.Background(), "manhattan", b.Size(), board.BlankLast, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.IDAStar, Heuristic: h, Goal: board.BlankLast})
	if err != nil || !res.Found {
		t.Fatalf("solving %s: %v", text, err)
	}
	return b, h, res.Moves
}

// decodeGIF encodes a and decodes the result.
func decodeGIF(t *testing.T, a *Animation) (*gif.GIF, GIFStats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := a.Encode(context.Background(), &buf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Bytes != int64(buf.Len()) {
		t.Errorf("stats say %d bytes, wrote %d", st.Bytes, buf.Len())
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return g, st
}

// dumpFrames writes some composed frames as PNG files under
// $SLIDELAB_GIF_DUMP (to look at them), when it is set.
func dumpFrames(t *testing.T, name string, g *gif.GIF, raw []byte) {
	dir := os.Getenv("SLIDELAB_GIF_DUMP")
	if dir == "" {
		return
	}
	frames := anim.Compose(g)
	for _, i := range []int{0, 1, 2, len(frames) / 2, len(frames) - 1} {
		f, err := os.Create(filepath.Join(dir, name+"-"+itoa(i)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, frames[i])
		f.Close()
	}
	if raw != nil {
		os.WriteFile(filepath.Join(dir, name+".gif"), raw, 0o644)
	}
}

// maxChannelDiff returns the largest colour difference between a and b
// over the area where both are, and the share of pixels differing by more
// than tol.
func maxChannelDiff(a, b image.Image, tol int) (worst int, share float64) {
	r := a.Bounds().Intersect(b.Bounds())
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1 := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			c2 := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			d := 0
			for _, v := range []int{int(c1.R) - int(c2.R), int(c1.G) - int(c2.G), int(c1.B) - int(c2.B)} {
				d = max(d, v, -v)
			}
			worst = max(worst, d)
			if d > tol {
				bad++
			}
		}
	}
	return worst, float64(bad) / float64(max(1, r.Dx()*r.Dy()))
}

// renderState draws a board as a replay frame shows it, with widgets made
// here: the app's BoardView under a label, on the software canvas.
func renderState(b board.Board, mark int, text string, side int) image.Image {
	bv := widgets.NewBoardView(b, session.DefaultGroups(b.Size(), board.BlankLast))
	bv.SetMark(mark)
	head := widget.NewLabelWithStyle(text, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	return newOffscreen(container.NewBorder(head, nil, nil, nil, bv), side, side).capture()
}

func TestSolutionGIF(t *testing.T) {
	test.NewTempApp(t)
	tests := []struct {
		board string
		fps   float64
		size  int
		// slides: in-between frames per move
		slides int
	}{
		{"1 2 3 / 4 0 6 / 7 5 8", 10, 160, 2}, // a 0.3 s slide at 10 fps: three frames a move
		{"1 2 3 / 4 0 6 / 7 5 8", 20, 200, 5},
		{"1 2 3 / 4 0 6 / 7 5 8", 2, 128, 0},
		// Four colour groups and large anti-aliased numbers: more than 255
		// colours, so the palette is a median cut.
		{"1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12", 10, 480, 2},
	}
	for _, tc := range tests {
		start, h, moves := solvedBoard(t, tc.board)
		if len(moves) != 2 {
			t.Fatalf("%d moves, the test expects 2", len(moves))
		}
		opts := GIFOptions{FPS: tc.fps, Size: tc.size}
		a, err := SolutionAnimation(start, board.BlankLast, session.Groups{}, moves, h, opts)
		if err != nil {
			t.Fatal(err)
		}
		wantFrames := 1 + len(moves)*(tc.slides+1)
		if a.Len() != wantFrames {
			t.Errorf("fps %g: %d frames drawn, want %d", tc.fps, a.Len(), wantFrames)
		}
		g, st := decodeGIF(t, a)
		if len(g.Image) != wantFrames || st.Frames != wantFrames {
			t.Errorf("fps %g: %d frames stored (stats %d), want %d", tc.fps, len(g.Image), st.Frames, wantFrames)
		}
		if g.Config.Width != tc.size || g.Config.Height != tc.size || g.LoopCount != 0 {
			t.Errorf("fps %g: %dx%d, loop %d; want %dx%d, loop 0", tc.fps, g.Config.Width, g.Config.Height, g.LoopCount, tc.size, tc.size)
		}
		// One loop: 1 s at the start, 0.3 + 0.2 s a move, 2 s at the end,
		// each rounded to whole frames.
		frames := func(s float64) int { return opts.frames(s) }
		ticks := frames(1) + len(moves)*(tc.slides+1+frames(0.2)) + frames(2)
		total := 0
		for _, d := range g.Delay {
			total += d
		}
		if want := int(100*float64(ticks)/tc.fps + 0.5); total != want {
			t.Errorf("fps %g: a loop takes %d hundredths, want %d", tc.fps, total, want)
		}
		// The first frame, the board after the first move and the last
		// frame equal the widgets' own drawing of those states, within
		// quantisation.
		composed := anim.Compose(g)
		b1, _ := start.Move(moves[0])
		b2, _ := b1.Move(moves[1])
		checks := []struct {
			frame int
			b     board.Board
			mark  int
			text  string
		}{
			{0, start, -1, fmt.Sprintf("Start: 2 moves to the goal   ·   h = %d (manhattan)", h.Estimate(start))},
			{1 + tc.slides, b1, start.Blank(), fmt.Sprintf("Move 1 of 2   ·   h = %d (manhattan)", h.Estimate(b1))},
			{len(composed) - 1, b2, b1.Blank(), "Move 2 of 2   ·   h = 0 (manhattan)"},
		}
		for _, c := range checks {
			want := renderState(c.b, c.mark, c.text, tc.size)
			if worst, share := maxChannelDiff(want, composed[c.frame], 24); share > 0.001 || worst > 64 {
				t.Errorf("%s at fps %g: frame %d differs from the app's drawing on %.2f%% of pixels (worst %d)", tc.board, tc.fps, c.frame, 100*share, worst)
			}
		}
		// A mid-slide frame differs from both boards around it.
		if tc.slides > 0 {
			before, after := renderState(start, -1, checks[0].text, tc.size), renderState(b1, start.Blank(), checks[1].text, tc.size)
			if _, s1 := maxChannelDiff(before, composed[1], 24); s1 < 0.01 {
				t.Errorf("fps %g: the in-between frame looks like the start", tc.fps)
			}
			if _, s2 := maxChannelDiff(after, composed[1], 24); s2 < 0.01 {
				t.Errorf("fps %g: the in-between frame looks like the board after the move", tc.fps)
			}
		}
		dumpFrames(t, "solution-"+itoa(tc.size), g, nil)
	}
}

func TestSolutionGIFBadInput(t *testing.T) {
	test.NewTempApp(t)
	start, h, moves := solvedBoard(t, "1 2 3 / 4 0 6 / 7 5 8")
	bad := []GIFOptions{{0, 480}, {-3, 480}, {51, 480}, {10, 0}, {10, 10}, {10, 1 << 40}}
	for _, o := range bad {
		if _, err := SolutionAnimation(start, board.BlankLast, session.Groups{}, moves, h, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	if _, err := SolutionAnimation(start, board.BlankLast, session.Groups{}, []board.Dir{board.Up, board.Up, board.Up}, h, DefaultGIFOptions()); err == nil {
		t.Error("moves off the board accepted")
	}
}

func TestSearchGIF(t *testing.T) {
	test.NewTempApp(t)
	start, h, _ := solvedBoard(t, "4 1 3 / 7 2 6 / 0 5 8")
	for _, tc := range []struct {
		alg   search.Algorithm
		steps int
	}{{search.AStar, 400}, {search.IDAStar, 12}} {
		st, err := search.NewStepper(start, search.Config{Algorithm: tc.alg, Heuristic: h, Goal: board.BlankLast})
		if err != nil {
			t.Fatal(err)
		}
		a, err := SearchAnimation(context.Background(), st, tc.alg, board.BlankLast, session.Groups{}, tc.steps, GIFOptions{FPS: 5, Size: 320})
		if err != nil {
			t.Fatal(err)
		}
		// A* finishes well within 400 events; IDA* is cut at 12.
		if tc.alg == search.IDAStar && a.Len() != tc.steps || tc.alg == search.AStar && (a.Len() >= tc.steps || !st.Done()) {
			t.Errorf("%v: %d frames for a cap of %d (done %v)", tc.alg, a.Len(), tc.steps, st.Done())
		}
		g, _ := decodeGIF(t, a)
		if len(g.Image) != a.Len() || g.Config.Width != 320 || g.Config.Height != 200 {
			t.Errorf("%v: %d frames of %dx%d, want %d of 320x200", tc.alg, len(g.Image), g.Config.Width, g.Config.Height, a.Len())
		}
		dumpFrames(t, "search-"+itoa(int(tc.alg)), g, nil)
	}
}

func TestPDBGIF(t *testing.T) {
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
	a, err := PDBAnimation(p, layers, true, GIFOptions{FPS: 4, Size: 480})
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != n {
		t.Errorf("%d frames, want one per layer: %d", a.Len(), n)
	}
	g, _ := decodeGIF(t, a)
	if g.Config.Width != 480 || g.Config.Height != 270 || len(g.Image) != n {
		t.Errorf("%d frames of %dx%d, want %d of 480x270", len(g.Image), g.Config.Width, g.Config.Height, n)
	}
	dumpFrames(t, "pdb", g, nil)
	if _, err := PDBAnimation(p, nil, false, DefaultGIFOptions()); err == nil {
		t.Error("no layers accepted")
	}
}
