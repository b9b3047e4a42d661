//go:build !js

package toolkit

import (
	"github.com/slidelab/slidelab/internal/render"

	"context"

	"fyne.io/fyne/v2"
)

// chooseGIFPath asks for the GIF's file (suggesting name) and calls start
// with its path; start writes it (saveAnimation).
func chooseGIFPath(w fyne.Window, name string, start func(path string)) {
	SaveDialog(w, name, "gif", func(path string) error {
		start(path)
		return nil
	}, func(string) {})
}

// saveAnimation writes a to path atomically (render.Animation.Save).
func saveAnimation(ctx context.Context, a *render.Animation, path string, onUI func(func()) error, progress func(done, total int)) (render.GIFStats, error) {
	return a.Save(ctx, path, onUI, progress)
}
