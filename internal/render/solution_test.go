package render

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/testfull"
)

func TestSolutionGIF(t *testing.T) {
	tests := []struct {
		board string
		goal  board.Goal
		fps   float64
		size  int
		theme Theme
		// slides: in-between frames per move
		slides int
	}{
		{"1 2 3 / 4 0 6 / 7 5 8", board.BlankLast, 10, 160, Light, 2}, // a 0.3 s slide at 10 fps: three frames a move
		{"1 2 3 / 4 0 6 / 7 5 8", board.BlankLast, 20, 200, Dark, 5},
		{"1 2 3 / 4 0 6 / 7 5 8", board.BlankLast, 2, 128, Light, 0},
		// Four colour groups and large anti-aliased numbers: more than 255
		// colours, so the palette is a median cut.
		{"1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12", board.BlankLast, 10, 480, Light, 2},
		{"1 2 0 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15", board.BlankFirst, 10, 320, Dark, 2},
	}
	if raceEnabled && !testfull.Enabled() {
		// The race form (under -race without SLIDELAB_FULL=1) keeps three
		// cases: slides at 10 fps, no slides, and the 15-puzzle in the dark
		// theme. Every frame is drawn and encoded on the test goroutine;
		// the 480-pixel replay (half the test's time there) and the 20 fps
		// one run without -race and in the full matrix.
		tests = append(tests[:0:0], tests[0], tests[2], tests[4])
	}
	for _, tc := range tests {
		name := fmt.Sprintf("%s/%gfps/%dpx/%s", tc.board, tc.fps, tc.size, tc.theme)
		start, h, moves := solvedBoard(t, tc.board, tc.goal)
		if len(moves) != 2 {
			t.Fatalf("%s: %d moves, the test expects 2", name, len(moves))
		}
		opts := GIFOptions{FPS: tc.fps, Size: tc.size, Theme: tc.theme}
		a, err := SolutionAnimation(start, tc.goal, nil, moves, h, opts)
		if err != nil {
			t.Fatal(err)
		}
		wantFrames := 1 + len(moves)*(tc.slides+1)
		if a.Len() != wantFrames {
			t.Errorf("%s: %d frames drawn, want %d", name, a.Len(), wantFrames)
		}
		g, st := decodeGIF(t, a)
		if len(g.Image) != wantFrames || st.Frames != wantFrames || st.Drawn != wantFrames {
			t.Errorf("%s: %d frames stored (stats %d of %d), want %d", name, len(g.Image), st.Frames, st.Drawn, wantFrames)
		}
		if g.Config.Width != tc.size || g.Config.Height != tc.size || g.LoopCount != 0 || st.Width != tc.size || st.Height != tc.size {
			t.Errorf("%s: %dx%d, loop %d; want %dx%d, loop 0", name, g.Config.Width, g.Config.Height, g.LoopCount, tc.size, tc.size)
		}
		// One loop: 1 s at the start, 0.3 + 0.2 s a move, 2 s at the end,
		// each rounded to whole frames.
		ticks := opts.frames(1) + len(moves)*(tc.slides+1+opts.frames(0.2)) + opts.frames(2)
		total := 0
		for _, d := range g.Delay {
			total += d
		}
		if want := int(100*float64(ticks)/tc.fps + 0.5); total != want || st.Seconds != float64(want)/100 {
			t.Errorf("%s: a loop takes %d hundredths (stats %g s), want %d", name, total, st.Seconds, want)
		}
		checkReplayFrames(t, name, anim.Compose(g), start, moves, tc.goal, tc.slides, tc.size)
		dumpFrames(t, fmt.Sprintf("solution-%d-%s", tc.size, tc.theme), g)
	}
}

// checkReplayFrames reads the boards off the frames a viewer sees: the
// start, the board after each move, and in between the sliding tile on
// its way (its cell shows neither the tile nor the tray).
func checkReplayFrames(t *testing.T, name string, frames []*image.RGBA, start board.Board, moves []board.Dir, goal board.Goal, slides, size int) {
	t.Helper()
	gr, err := newTileGroups(start.Size(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	area := replayBoardArea(size)
	boardShown(t, frames[0], area, start, gr, name+" frame 0")
	b, i := start, 1
	for m, d := range moves {
		from, _ := b.Size().Neighbor(b.Blank(), d)
		tile := gr.fill(b.At(from))
		// Each in-between frame shows the tile frac of the way to the
		// blank, and the board around it unchanged.
		for k := 1; k <= slides; k++ {
			frac := float64(k) / float64(slides+1)
			tray, side := boardGeometry(area, b.Size())
			c, to := cellRect(tray, side, b.Size(), from), cellRect(tray, side, b.Size(), b.Blank())
			x, y := c.x+c.w/2+frac*(to.x-c.x), c.y+0.15*c.h+frac*(to.y-c.y)
			if got := color.NRGBAModel.Convert(frames[i+k-1].At(int(x), int(y))).(color.NRGBA); !near(got, tile, 8) {
				t.Errorf("%s: move %d, frame %d of the slide: %v where the tile should be, want %v", name, m+1, k, got, tile)
			}
		}
		i += slides
		b, _ = b.Move(d)
		boardShown(t, frames[i], area, b, gr, fmt.Sprintf("%s after move %d", name, m+1))
		i++
	}
	if i != len(frames) {
		t.Errorf("%s: %d frames, read %d", name, len(frames), i)
	}
}

func TestSolutionGIFBadInput(t *testing.T) {
	start, h, moves := solvedBoard(t, "1 2 3 / 4 0 6 / 7 5 8", board.BlankLast)
	bad := []GIFOptions{{FPS: 0, Size: 480}, {FPS: -3, Size: 480}, {FPS: 51, Size: 480}, {FPS: 10}, {FPS: 10, Size: 10},
		{FPS: 10, Size: 1 << 40}, {FPS: 10, Size: 480, Theme: 7}}
	for _, o := range bad {
		if _, err := SolutionAnimation(start, board.BlankLast, nil, moves, h, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	opts := DefaultGIFOptions()
	if _, err := SolutionAnimation(start, board.BlankLast, nil, []board.Dir{board.Up, board.Up, board.Up}, h, opts); err == nil {
		t.Error("moves off the board accepted")
	}
	if _, err := SolutionAnimation(board.Board{}, board.BlankLast, nil, nil, h, opts); err == nil {
		t.Error("no board accepted")
	}
	for _, g := range [][][]int{{{1, 2}, {2, 3}}, {{1, 9}}, {{0, 1}}, {{}}} {
		if _, err := SolutionAnimation(start, board.BlankLast, g, moves, h, opts); err == nil {
			t.Errorf("groups %v accepted", g)
		}
	}
	// Many moves at a high rate: more frames than the encoder holds.
	long := make([]board.Dir, 0, 3000)
	for len(long) < 3000 {
		long = append(long, board.Left, board.Right)
	}
	b, _ := board.ParseSolvable("1 2 3 / 4 5 6 / 7 0 8", board.Size{}, board.BlankLast)
	if _, err := SolutionAnimation(b, board.BlankLast, nil, long, nil, GIFOptions{FPS: 50, Size: 64}); err == nil {
		t.Error("an animation of more than anim.MaxFrames frames accepted")
	}
}

// TestSolutionGIFGroups: the groups given colour the tiles; a solved board
// is one still frame.
func TestSolutionGIFGroups(t *testing.T) {
	b, _ := board.ParseSolvable("1 2 3 / 4 5 6 / 7 8 0", board.Size{}, board.BlankLast)
	sets := [][]int{{1, 2, 3, 4}, {8}}
	a, err := SolutionAnimation(b, board.BlankLast, sets, nil, nil, GIFOptions{FPS: 10, Size: 200})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := decodeGIF(t, a)
	if len(g.Image) != 1 {
		t.Fatalf("%d frames for a solved board, want 1", len(g.Image))
	}
	gr, _ := newTileGroups(b.Size(), board.BlankLast, sets)
	boardShown(t, anim.Compose(g)[0], replayBoardArea(200), b, gr, "solved")
	if gr.fill(5) != ungroupedTile || gr.fill(8) != groupPalette[1] || gr.fill(4) != groupPalette[0] {
		t.Errorf("colours: tile 5 %v, 8 %v, 4 %v", gr.fill(5), gr.fill(8), gr.fill(4))
	}
}
