//go:build js

package toolkit

import (
	"github.com/slidelab/slidelab/internal/render"

	"bytes"
	"context"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
)

// chooseGIFPath calls start with the GIF's file name: a page has no save
// dialog, saveAnimation downloads the file under that name.
func chooseGIFPath(w fyne.Window, name string, start func(path string)) { start(name + ".gif") }

// saveAnimation encodes a in memory and downloads it, named as path's last
// element.
func saveAnimation(ctx context.Context, a *render.Animation, path string, onUI func(func()) error, progress func(done, total int)) (render.GIFStats, error) {
	var buf bytes.Buffer
	st, err := a.Encode(ctx, &buf, onUI, progress)
	if err != nil {
		return st, err
	}
	if err := download(filepath.Base(path), buf.Bytes()); err != nil {
		return st, fmt.Errorf("download %s: %w", filepath.Base(path), err)
	}
	return st, nil
}
