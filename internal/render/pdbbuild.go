package render

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/anim"
)

// PDBAnimation draws the frontier chart of a pattern database's
// construction (the charts package's PDBLayers) growing one cost layer per
// frame, table after table (the finished tables stay on the chart), on a
// log scale when logY; the last frame shows for two seconds. layers[i] is
// table i's construction record; tables without one are left out. The
// frames are width x 9/16 width, on white in both themes (the chart's own
// colours).
func PDBAnimation(p pdb.Partition, layers [][]pdb.Layer, logY bool, opts GIFOptions) (*Animation, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if opts.Size < MinPDBGIFSize {
		return nil, fmt.Errorf("size %d: a chart animation is at least %d pixels wide (its height is 9/16 of its width, and a chart at least %d pixels high)",
			opts.Size, MinPDBGIFSize, charts.MinSize)
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
		img, err := charts.Render(pdbChart(p, layers, s.table, s.layer, logY), w, h)
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

// MinPDBGIFSize is the narrowest frame PDBAnimation draws: its frames are
// 9/16 as high as wide, and a chart is at least charts.MinSize pixels high.
const MinPDBGIFSize = (charts.MinSize*16 + 8) / 9

// pdbChart is the chart once layer of table has been built: the tables
// before it whole, that one up to the layer.
func pdbChart(p pdb.Partition, layers [][]pdb.Layer, table, layer int, logY bool) charts.PDBLayers {
	fr := charts.PDBLayers{LogY: logY, Subtitle: fmt.Sprintf("%s board, partition %s: table %d, cost layer %d",
		p.Size, p, table+1, layers[table][layer].Cost)}
	for t := 0; t <= table && t < len(layers); t++ {
		if len(layers[t]) == 0 {
			continue
		}
		name := fmt.Sprintf("table %d", t+1)
		if t < len(p.Groups) {
			name += " (" + formatGroup(p.Groups[t]) + ")"
		}
		tl := charts.TableLayers{Name: name}
		upto := len(layers[t])
		if t == table {
			upto = layer + 1
		}
		for _, l := range layers[t][:upto] {
			tl.Layers = append(tl.Layers, charts.Layer{Cost: l.Cost, States: int64(l.States), New: int64(l.New)})
		}
		fr.Tables = append(fr.Tables, tl)
	}
	return fr
}

// formatGroup writes a group of tiles as "1,5,6".
func formatGroup(g []int) string {
	s := make([]string, len(g))
	for i, t := range g {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ",")
}
