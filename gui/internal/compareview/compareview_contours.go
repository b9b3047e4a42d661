package compareview

import (
	"context"
	"errors"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
	"github.com/slidelab/slidelab/internal/yield"
)

// The f-contours tab: for one instance and heuristic of the last
// comparison, the nodes the search expanded (or generated) per f value
// (A*, greedy), per iteration (IDA*) or per depth (breadth-first search).
// It sits beside the IDA* iterations tab because it answers the question a
// teacher asks of the table next to it: where did these nodes go? The
// search is traced again in the background, with the comparison's own
// heuristic and options, by the code `slidelab trace --contours` runs
// (search.ContourCounter, adapt.Contours, search.WriteContoursCSV), so the
// bars add up to the table's counts and equal the command line's.

// contoursTabName titles the tab.
const contoursTabName = "f-contours"

// maxContourExpansions is the most expansions a run may have taken for the
// tab to trace it again: the 8-puzzle's searches all fit (at most 181,440
// states), a 15-puzzle's A* with a weak heuristic does not (the command
// line traces any search).
const maxContourExpansions = 2_000_000

// contoursTab is the tab's widgets and the contours shown.
type contoursTab struct {
	// Instance and Heuristic choose the run; Chart shows its contours and
	// Note what they are, or why there are none.
	Instance  *widget.Select
	Heuristic *widget.Select
	Chart     *widgets.ChartView
	Note      *widget.Label
	content   fyne.CanvasObject

	runs *toolkit.JobRunner
	// LastDone is the latest trace's done channel (tests wait on it).
	LastDone chan struct{}
	// key names the run of the chart shown or being traced.
	key string
	// contours are those of the chart shown (nil: none), drawn of the
	// traced run for the measure drawn.
	contours []search.Contour
	traced   tracedRun
	drawn    adapt.Measure
}

// tracedRun names the run whose contours are shown, for the chart.
type tracedRun struct {
	alg  search.Algorithm
	name string // the heuristic, as the table heads its column
	in   compare.Instance
}

// comparedRun is what a finished comparison ran, kept so that the
// contours tab traces a run again exactly as it was made.
type comparedRun struct {
	set compare.Set
	hs  []compare.Heuristic
	opt compare.Options
}

func (v *CompareView) newContoursTab() *contoursTab {
	c := &contoursTab{runs: toolkit.NewJobRunner(v.ctx, v.do)}
	c.Instance = widget.NewSelect(nil, func(string) { v.refreshContours() })
	c.Heuristic = widget.NewSelect(nil, func(string) { v.refreshContours() })
	c.Chart = widgets.NewChartView(nil)
	c.Note = widget.NewLabel("Run a comparison, then choose an instance and a heuristic: the bars are the nodes expanded at each f = g + h " +
		"(IDA*: in each iteration; breadth-first search: at each depth).")
	c.Note.Wrapping = fyne.TextWrapWord
	field := func(name string, w fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(name), nil, w)
	}
	c.content = container.NewBorder(toolkit.NewFlow(field("Instance", controlHelp.WithTip(c.Instance, TipContBoard)),
		field("Heuristic", controlHelp.WithTip(c.Heuristic, TipContH))),
		c.Note, nil, nil, c.Chart)
	return c
}

// contoursChoices offers the instances and heuristics of report r (the
// heuristics named as the table heads them), keeping the choices still
// offered.
func (v *CompareView) contoursChoices(r *compare.Report) {
	c := v.Contours
	var names []string
	for _, in := range r.Instances {
		names = append(names, in.Name)
	}
	keep := func(s *widget.Select, opts []string) {
		s.Options = opts
		found := false
		for _, o := range opts {
			found = found || o == s.Selected
		}
		if !found && len(opts) > 0 {
			s.Selected = opts[0]
		}
		s.Refresh()
	}
	keep(c.Instance, names)
	keep(c.Heuristic, marked(v.labelled(r)))
	c.runs.Drop() // a trace of the report before
	c.key, c.contours = "", nil
	c.Chart.SetChart(nil)
}

// contoursShown reports whether the f-contours tab is the one selected.
func (v *CompareView) contoursShown() bool {
	t := v.Tabs.Selected()
	return t != nil && t.Text == contoursTabName
}

// refreshContours draws the contours of the chosen run when the tab is
// shown, tracing the run again in the background unless it is the one
// drawn already.
func (v *CompareView) refreshContours() {
	r, c := v.report, v.Contours
	if r == nil || c == nil || !v.contoursShown() {
		return
	}
	i, j := c.Instance.SelectedIndex(), c.Heuristic.SelectedIndex()
	if i < 0 || j < 0 || i >= len(r.Instances) || j >= len(r.Heuristics) || v.ran == nil {
		return
	}
	m := v.measure()
	key := fmt.Sprintf("%p/%d/%d", r, i, j)
	if key == c.key {
		if c.contours != nil && c.drawn != m {
			c.draw(m) // another measure: the trace is known
		}
		return
	}
	c.key, c.contours = key, nil
	c.Chart.SetChart(nil)
	res := r.At(i, j)
	switch {
	case res.Status != compare.Solved:
		c.runs.Drop()
		c.Note.SetText(fmt.Sprintf("This run did not finish (%s): no contours to draw.", res.Status))
		return
	case res.Expanded > maxContourExpansions:
		c.runs.Drop()
		c.Note.SetText(fmt.Sprintf("This run expanded %s nodes, more than the app traces again (%s): draw its contours with "+
			"slidelab trace --contours FILE.png --algorithm %s --heuristic %s and the board.",
			toolkit.FormatCount(res.Expanded), toolkit.FormatCount(maxContourExpansions), r.Algorithm, r.Heuristics[j]))
		return
	}
	in, name := v.ran.set.Instances[i], c.Heuristic.Selected
	cfg := search.Config{Algorithm: v.ran.opt.Algorithm, Heuristic: v.ran.hs[j].H, Goal: v.ran.set.Goal, Cost: v.ran.opt.Cost,
		MemoryLimit: catalog.SearchMemoryLimit}
	c.Note.SetText("Tracing the search again…")
	var cs []search.Contour
	c.LastDone = c.runs.Start(func(ctx context.Context, _ func(func())) error {
		var err error
		cs, err = traceContours(ctx, in.Board, cfg)
		return err
	}, func(err error) { v.showContours(cs, tracedRun{alg: cfg.Algorithm, name: name, in: in}, err) })
}

// traceContours steps the search of start with cfg to its end and returns
// its contours, counted from the trace as the command line counts them
// (search.ContourCounter); in a browser it hands the page a turn now and
// then, so the page repaints during a long trace.
func traceContours(ctx context.Context, start board.Board, cfg search.Config) ([]search.Contour, error) {
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		return nil, err
	}
	counter := search.NewContourCounter(cfg.Algorithm)
	var y yield.Yielder
	events := 0
	err = search.Trace(ctx, st, func(e search.TraceEvent) error {
		if events++; events%1024 == 0 {
			y.Maybe()
		}
		counter.Add(e)
		return nil
	})
	return counter.Contours(), err
}

// showContours draws a finished trace's contours.
func (v *CompareView) showContours(cs []search.Contour, run tracedRun, err error) {
	c := v.Contours
	switch {
	case errors.Is(err, context.Canceled):
		c.key = ""
		c.Note.SetText("Cancelled: choose the run again to trace it.")
		return
	case err != nil:
		c.key = ""
		c.Note.SetText("The trace failed: " + err.Error())
		return
	}
	c.contours, c.traced = cs, run
	c.draw(v.measure())
	c.Note.SetText(contoursNote(run.alg, cs))
}

// draw draws the contours traced, counting the nodes of measure m.
func (c *contoursTab) draw(m adapt.Measure) {
	run := c.traced
	sub := fmt.Sprintf("%s · %s · %s · %s", run.in.Name, run.alg, run.name, run.in.Board.Line())
	c.Chart.SetChart(adapt.Contours(c.contours, run.alg, run.name, sub, m))
	c.drawn = m
}

// contoursNote says in one line (it sits under the chart) what the bars
// are and adds them up; the user guide says more.
func contoursNote(alg search.Algorithm, cs []search.Contour) string {
	var exp, gen uint64
	for _, k := range cs {
		exp += k.Expanded
		gen += k.Generated
	}
	what := "Each bar: the nodes at one f = g + h."
	switch alg {
	case search.IDAStar:
		what = "Each bar: one IDA* iteration, by its bound on f."
	case search.BFS:
		what = "Each bar: one depth (breadth-first search has h = 0)."
	}
	return fmt.Sprintf("%s In all %s expanded, %s generated, as in the table.", what, toolkit.FormatCount(exp), toolkit.FormatCount(gen))
}

// exportContours writes the contours shown as CSV (the columns of
// `slidelab trace --contours FILE.csv`).
func (v *CompareView) exportContours(w io.Writer) error {
	if v.Contours.contours == nil {
		return errors.New("no contours drawn yet: choose an instance and a heuristic in the f-contours tab")
	}
	return search.WriteContoursCSV(w, v.Contours.contours)
}
