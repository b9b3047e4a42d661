package checkview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// pickFile asks for a trace file (in a browser, its contents).
func (v *CheckView) pickFile() {
	if v.window == nil || v.window() == nil {
		return
	}
	toolkit.PickFile(v.window(), func(path string) { v.Open(path) }, v.OpenData)
}

// Open opens the trace file at path: it is read up to its first event in
// the background (the start decides the heuristics offered), then checked
// against the algorithm and heuristic selected. What goes wrong is shown
// in the view. It returns the probe's done channel.
func (v *CheckView) Open(path string) chan struct{} {
	return v.openSource(source{name: filepath.Base(path), open: func() (io.ReadCloser, int64, error) {
		f, err := inputfile.Open(path) // a FIFO or a device is refused, not waited on
		if err != nil {
			return nil, 0, err
		}
		size := int64(-1)
		if st, err := f.Stat(); err == nil {
			size = st.Size()
		}
		return f, size, nil
	}})
}

// OpenData opens a trace from its contents (a browser's file picker).
func (v *CheckView) OpenData(name string, data []byte) {
	v.openSource(source{name: name, open: func() (io.ReadCloser, int64, error) {
		return io.NopCloser(bytes.NewReader(data)), int64(len(data)), nil
	}})
}

func (v *CheckView) openSource(src source) chan struct{} {
	v.src, v.out, v.size = &src, nil, board.Size{}
	v.File.SetText("Trace: " + src.name)
	v.showNothing()
	return v.start("Reading "+src.name+"…", func(ctx context.Context, post func(func())) error {
		start, err := probe(ctx, src)
		if err != nil {
			return err
		}
		post(func() {
			v.size = start.Size()
			v.offerHeuristics()
		})
		return nil
	}, v.recheck)
}

// start runs work on the view's job runner with the progress and Cancel
// shown and msg in the verdict's place; then runs done, or shows the error.
func (v *CheckView) start(msg string, work func(ctx context.Context, post func(func())) error, done func()) chan struct{} {
	v.busy(true, msg)
	return v.Runs.Start(work, func(err error) {
		v.busy(false, "")
		if err != nil {
			v.failed(err)
			return
		}
		done()
	})
}

// offerHeuristics lists the heuristics for the trace's size, keeping the
// one selected when it is offered, else Manhattan distance.
func (v *CheckView) offerHeuristics() {
	v.opts = v.heuristics(v.size)
	labels := make([]string, len(v.opts))
	keep, manhattan := -1, 0
	for i, o := range v.opts {
		labels[i] = o.Label
		if o.Label == v.HeuristicSelect.Selected {
			keep = i
		}
		if o.Short == "manhattan" {
			manhattan = i
		}
	}
	if keep < 0 {
		keep = manhattan
	}
	v.HeuristicSelect.Options = labels
	if len(labels) > 0 {
		v.HeuristicSelect.Selected = labels[keep] // no OnChanged: the caller checks
	}
	v.HeuristicSelect.Refresh()
}

// RefreshHeuristics lists the heuristics for the open trace's size again
// (a pattern database became ready); the selection stays.
func (v *CheckView) RefreshHeuristics() {
	if v.size != (board.Size{}) {
		v.offerHeuristics()
	}
}

// algorithm returns the algorithm selected.
func (v *CheckView) algorithm() search.Algorithm {
	if i := v.AlgorithmSelect.SelectedIndex(); i >= 0 {
		return v.algs[i].Alg
	}
	return search.AStar
}

// options makes the checker's options from the selectors: the heuristic
// built now, for the trace's size.
func (v *CheckView) options() (tracecheck.Options, error) {
	o := tracecheck.Options{Algorithm: v.algorithm(), Goal: v.session.Goal(), StrictOrder: v.StrictCheck.Checked, HeuristicName: "none"}
	if o.Algorithm == search.BFS {
		return o, nil
	}
	i := v.HeuristicSelect.SelectedIndex()
	if i < 0 || i >= len(v.opts) {
		return o, errors.New("choose a heuristic")
	}
	h, err := v.opts[i].Build()
	if err != nil {
		return o, fmt.Errorf("%s: %w", v.opts[i].Label, err)
	}
	o.Heuristic, o.HeuristicName = h, v.opts[i].Short
	return o, nil
}

// recheck checks the open trace again (a selector changed), in the
// background, with progress and Cancel.
func (v *CheckView) recheck() {
	toolkit.Enable(v.HeuristicSelect, v.algorithm() != search.BFS)
	if v.src == nil || v.size == (board.Size{}) {
		return
	}
	v.Runs.Drop()
	opts, err := v.options()
	if err != nil {
		v.failed(err)
		return
	}
	src, size := *v.src, v.size
	v.out = nil
	v.showNothing()
	v.start(fmt.Sprintf("Checking %s against %v…", src.name, opts.Algorithm), func(ctx context.Context, post func(func())) error {
		out, err := checkTrace(ctx, src, opts, size, func(f float64) {
			post(func() { v.progress(f) })
		})
		if err == nil {
			post(func() { v.out = out })
		}
		return err
	}, v.showOutcome)
}

// progress shows the share of the trace read, or that the reference runs.
func (v *CheckView) progress(f float64) {
	if f < 0 {
		v.Verdict.SetText("Trace read; running Slidelab's own search of the same board…")
		v.Progress.SetValue(1)
		return
	}
	v.Progress.SetValue(f)
}

// busy shows or hides the progress and Cancel while a job runs.
func (v *CheckView) busy(on bool, msg string) {
	toolkit.ShowIf(v.Progress, on)
	toolkit.ShowIf(v.CancelButton, on)
	if on {
		v.Progress.SetValue(0)
		v.Verdict.SetText(msg)
	}
}

// failed shows why the trace could not be opened or checked.
func (v *CheckView) failed(err error) {
	var fe *tracecheck.FormatError
	var le *tracecheck.LimitError
	switch {
	case errors.Is(err, context.Canceled):
		v.Verdict.SetText("Check cancelled: change a selector to check again.")
	case errors.As(err, &fe):
		v.Verdict.SetText("Not a valid trace: " + err.Error())
	case errors.As(err, &le):
		v.Verdict.SetText("Not checked to the end: " + err.Error())
	default:
		v.Verdict.SetText("Could not check the trace: " + err.Error())
	}
}
