package pdbview

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/render"
)

func TestPDBViewExportsGIF(t *testing.T) {
	// The race form (raceForm) builds two 2-tile tables (fewer layers, so
	// fewer frames): it keeps the Run to end job and the GIF encoding job
	// handing its progress and end to the queue.
	partition := "1,2,3,4/5,6,7,8"
	if raceForm() {
		partition = "1,2/3,4"
	}
	q, v := viewOn(t, partition)
	path := filepath.Join(t.TempDir(), "pdb.gif")
	if _, err := v.ExportGIF(path, render.DefaultGIFOptions()); err == nil {
		t.Fatal("a GIF was started before any layer was built")
	}
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	layers := 0
	for _, ls := range v.Layers {
		layers += len(ls)
	}
	done, err := v.ExportGIF(path, render.GIFOptions{FPS: 5, Size: 320})
	if err != nil {
		t.Fatal(err)
	}
	q.Wait(t, done)
	if g := uitest.ReadGIF(t, path); len(g.Image) != layers || g.Config.Width != 320 || g.Config.Height != 180 {
		t.Errorf("%d frames of %dx%d, want one per layer (%d) of 320x180", len(g.Image), g.Config.Width, g.Config.Height, layers)
	}
	if !strings.HasPrefix(v.Status.Text, "Saved "+path) {
		t.Errorf("status %q", v.Status.Text)
	}
}
