package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// defaultChartSize is the size of saved charts: 16:9, large enough for slides.
const defaultChartSize = "1200x675"

// parseChartSize parses "WxH" in pixels.
func parseChartSize(text string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(text)), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT in pixels, such as %s", text, defaultChartSize)
	}
	if w < charts.MinSize || h < charts.MinSize || w > charts.MaxSize || h > charts.MaxSize {
		return 0, 0, fmt.Errorf("%q: width and height must be between %d and %d", text, charts.MinSize, charts.MaxSize)
	}
	return w, h, nil
}

// pdbChartFlags are the chart flags of "slidelab pdb build".
type pdbChartFlags struct {
	frontier, histogram, size *string
	linear                    *bool
	w, h                      int
}

func addPDBChartFlags(fs *flag.FlagSet) *pdbChartFlags {
	return &pdbChartFlags{
		frontier:  fs.String("png", "", "write the chart of the BFS frontier (abstract states and new entries per cost layer) to this .png (or .svg, .pdf) file"),
		histogram: fs.String("histogram", "", "write the histogram of the table values to this .png, .svg or .pdf file"),
		size:      fs.String("chart-size", defaultChartSize, "chart size in pixels, WxH"),
		linear:    fs.Bool("linear", false, "draw the counts of the charts on a linear scale instead of a log scale"),
	}
}

// check validates the flags before any work is done.
func (f *pdbChartFlags) check() error {
	for _, c := range []struct{ flag, path string }{{"png", *f.frontier}, {"histogram", *f.histogram}} {
		if c.path == "" {
			continue
		}
		switch strings.ToLower(filepath.Ext(c.path)) {
		case ".png", ".svg", ".pdf":
		default:
			return usagef("--%s %s: the file name must end in .png, .svg or .pdf", c.flag, c.path)
		}
		if err := atomicfile.CheckWritable(c.path); err != nil {
			return failError{msg: fmt.Sprintf("--%s %s: %v", c.flag, c.path, err)}
		}
	}
	var err error
	if f.w, f.h, err = parseChartSize(*f.size); err != nil {
		return usagef("--chart-size: %v", err)
	}
	return nil
}

// save writes the charts asked for.
func (f *pdbChartFlags) save(p pdb.Partition, tables []*pdb.Table) error {
	sub := adapt.PartitionSubtitle(p)
	if *f.frontier != "" {
		if err := charts.Save(adapt.PDBLayers(tables, sub, !*f.linear), *f.frontier, f.w, f.h); err != nil {
			return err
		}
	}
	if *f.histogram != "" {
		if err := charts.Save(adapt.Histogram(tables, sub, !*f.linear), *f.histogram, f.w, f.h); err != nil {
			return err
		}
	}
	return nil
}
