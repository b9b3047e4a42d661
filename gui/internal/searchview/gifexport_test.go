package searchview

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/render"
)

func TestSearchPanelExportsGIFs(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 2 3 / 4 0 6 / 7 5 8")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opts := render.GIFOptions{FPS: 10, Size: 160}
	if _, err := s.ExportSolutionGIF(filepath.Join(dir, "x.gif"), opts); err == nil {
		t.Fatal("a solution GIF was started before any solution")
	}
	test.Tap(s.StepButton)
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if len(s.SolutionMoves) != 2 {
		t.Fatalf("solution of %d moves, want 2", len(s.SolutionMoves))
	}

	// The solution: 1 + 3 frames a move at 10 frames per second.
	sol := filepath.Join(dir, "solution.gif")
	done, err := s.ExportSolutionGIF(sol, opts)
	if err != nil {
		t.Fatal(err)
	}
	v.q.Wait(t, done)
	if g := uitest.ReadGIF(t, sol); len(g.Image) != 1+2*3 || g.Config.Width != 160 {
		t.Errorf("solution GIF: %d frames of width %d, want 7 of 160", len(g.Image), g.Config.Width)
	}
	if !strings.HasPrefix(s.Status.Text, "Saved "+sol) {
		t.Errorf("status %q, want it to name the file saved", s.Status.Text)
	}

	// The search run, capped at 5 events; it is run again from the start.
	run := filepath.Join(dir, "run.gif")
	done, err = s.ExportSearchGIF(run, 5, opts)
	if err != nil {
		t.Fatal(err)
	}
	v.q.Wait(t, done)
	if g := uitest.ReadGIF(t, run); len(g.Image) != 5 || g.Config.Height != 100 {
		t.Errorf("search GIF: %d frames of height %d, want 5 of 100", len(g.Image), g.Config.Height)
	}
	if got := uitest.DirEntries(t, dir); len(got) != 2 {
		t.Errorf("files left in the folder: %v", got)
	}

	// Bad options and an unwritable path: clear errors, nothing written.
	for _, o := range []render.GIFOptions{{FPS: 0, Size: 160}, {FPS: 10, Size: 1 << 30}} {
		if _, err := s.ExportSearchGIF(filepath.Join(dir, "bad.gif"), 5, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	if _, err := s.ExportSearchGIF(run, 0, opts); err == nil {
		t.Error("0 steps accepted")
	}
	done, err = s.ExportSearchGIF(filepath.Join(dir, "no such folder", "x.gif"), 5, opts)
	if err != nil {
		t.Fatal(err)
	}
	v.q.Wait(t, done)
	if !strings.HasPrefix(s.Status.Text, "GIF export failed") || !strings.Contains(s.Status.Text, "no such folder") {
		t.Errorf("status after an unwritable path: %q", s.Status.Text)
	}
}

// TestGIFExportCancel cancels an export before its first frame: the file
// that was there stays as it was, and no temporary file is left.
func TestGIFExportCancel(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	dir := t.TempDir()
	path := filepath.Join(dir, "run.gif")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	done, err := s.ExportSearchGIF(path, 600, render.GIFOptions{FPS: 10, Size: 480})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Gif.Running() {
		t.Fatal("the export is not running")
	}
	test.Tap(s.Gif.Cancel)
	v.q.Wait(t, done)
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the file holds %q after a cancelled export, want it unchanged", b)
	}
	if got := uitest.DirEntries(t, dir); len(got) != 1 {
		t.Errorf("files left in the folder: %v", got)
	}
	if !strings.Contains(s.Status.Text, "cancelled") {
		t.Errorf("status %q, want it to say the export was cancelled", s.Status.Text)
	}
}

// TestGIFDialogOptions opens the search panel's dialog: it offers the
// search run, and the solution once there is one, with the defaults
// selected.
func TestGIFDialogOptions(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 2 3 / 4 0 6 / 7 5 8")
	test.Tap(s.GIFButton)
	f := s.Gif.Form
	if f == nil || f.What == nil || len(f.What.Options) != 1 || f.What.Selected != GifSearchRun {
		t.Fatalf("before a solution the dialog offers %v", f.What.Options)
	}
	if got := f.Options(); got != render.DefaultGIFOptions() || f.StepCount() != render.DefaultGIFSteps {
		t.Errorf("defaults %+v, %d steps", got, f.StepCount())
	}
	if err := f.Options().Check(); err != nil {
		t.Error(err)
	}
	for _, sel := range []*widget.Select{f.FPS, f.Size} {
		for _, o := range sel.Options {
			sel.SetSelected(o)
			if err := f.Options().Check(); err != nil {
				t.Errorf("choice %s: %v", o, err)
			}
		}
	}
	if s.Gif.Options == nil {
		t.Fatal("no options dialog")
	}
	s.Gif.Options.Hide()
	test.Tap(s.StepButton)
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	test.Tap(s.GIFButton)
	if f := s.Gif.Form; len(f.What.Options) != 2 || f.What.Selected != GifSolution {
		t.Errorf("after a solution the dialog offers %v (selected %q)", f.What.Options, f.What.Selected)
	}
	if s.Gif.Options == nil {
		t.Fatal("no options dialog")
	}
	s.Gif.Options.Hide()
}

// TestGIFExportCancelRemovesEmptyFile: the empty file a save dialog creates
// is removed when the export that was to fill it is cancelled.
func TestGIFExportCancelRemovesEmptyFile(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	path := filepath.Join(t.TempDir(), "made-by-the-dialog.gif")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	done, err := s.ExportSearchGIF(path, 600, render.GIFOptions{FPS: 10, Size: 480})
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(s.Gif.Cancel)
	v.q.Wait(t, done)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the empty file is still there (%v)", err)
	}
}

// TestGIFExportUsesParameters: the search GIF runs the search the view
// steps, with its parameters: depth-limited search with a limit of 2 ends
// after as many events as that search does on its own (the export ran the
// default limit of 20, past the GIF's cap).
func TestGIFExportUsesParameters(t *testing.T) {
	v := newTestView(t)
	s := v.search
	start := v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("Depth-limited")
	s.Params.Set(Params{Weight: DefaultParams.Weight, DepthLimit: 2, MemoryNodes: DefaultParams.MemoryNodes})
	st, err := search.NewStepper(start, search.Config{Algorithm: search.DLS, DepthLimit: 2, Goal: DefaultGoal})
	if err != nil {
		t.Fatal(err)
	}
	events := 0
	for !st.Done() {
		if _, err := st.Step(context.Background()); errors.Is(err, search.ErrCutoff) {
			break // no solution within 2 moves: the search ends here
		} else if err != nil {
			t.Fatal(err)
		}
		events++
	}
	const most = 200
	if events >= most {
		t.Fatalf("the depth-limited search took %d events; the test needs fewer than %d", events, most)
	}
	path := filepath.Join(t.TempDir(), "dls.gif")
	done, err := s.ExportSearchGIF(path, most, render.GIFOptions{FPS: 10, Size: 160})
	if err != nil {
		t.Fatal(err)
	}
	v.q.Wait(t, done)
	if g := uitest.ReadGIF(t, path); len(g.Image) != events {
		t.Errorf("the GIF has %d frames, want one per event of depth-limited search with limit 2 (%d)", len(g.Image), events)
	}
}
