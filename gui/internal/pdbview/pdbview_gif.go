package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/internal/render"

	"context"
	"errors"

	"github.com/slidelab/slidelab/core/pdb"
)

// exportGIFDialog asks for the frame rate, the size and a file, then
// animates the frontier chart of the tables built so far.
func (v *PDBView) exportGIFDialog() {
	v.gif.Ask("slidelab-pdb-build", nil, false, func(f *toolkit.GIFOptionsForm, path string) {
		if _, err := v.ExportGIF(path, f.Options()); err != nil {
			v.setStatus(err.Error())
		}
	})
}

// ExportGIF writes the frontier chart growing one layer per frame, for
// every table with a construction record (built here, or loaded with one),
// to path in the background, on the scale the view's chart has.
func (v *PDBView) ExportGIF(path string, opts render.GIFOptions) (chan struct{}, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	layers := make([][]pdb.Layer, len(v.Part.Groups))
	n := 0
	for i := range layers {
		switch {
		case i < len(v.Layers) && len(v.Layers[i]) > 0:
			layers[i] = append([]pdb.Layer(nil), v.Layers[i]...)
		case i < len(v.Built) && v.Built[i] != nil:
			layers[i] = v.Built[i].Layers()
		}
		n += len(layers[i])
	}
	if n == 0 {
		//lint:ignore ST1005 the message is shown to the user as a sentence in a dialog
		return nil, errors.New("Nothing to animate yet: build a layer first (Step).")
	}
	part, logY := v.Part, v.LogScale.Checked
	return v.gif.Start(path, func(context.Context) (*render.Animation, error) {
		return render.PDBAnimation(part, layers, logY, opts)
	}), nil
}
