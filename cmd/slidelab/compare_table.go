package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/internal/digits"
)

// writeCompareTable prints one row per instance: the solution length (under
// tile costs: the cost) and, per heuristic, the node count and how many
// times fewer nodes than the reference heuristic (Manhattan when present,
// else the first) it needed.
func writeCompareTable(w io.Writer, r *compare.Report, m adapt.Measure) {
	t := compareTable{r: r, m: m, ref: r.Reference(), tile: r.CostModel != ""}
	costs := ""
	if t.tile {
		costs = " · " + r.CostModel + " costs (moving tile t costs t)"
	}
	fmt.Fprintf(w, "%s · %s%s · %s\n", setDescription(r), r.Algorithm, costs, m)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	longer := t.rows(tw)
	t.totals(tw)
	tw.Flush()
	fmt.Fprintf(w, "(Nx): N times fewer nodes than %s", r.Heuristics[t.ref])
	if longer {
		fmt.Fprint(w, "; "+r.LongerNote())
	}
	if !r.Complete() {
		fmt.Fprint(w, "; *: the run stopped at a limit or was cancelled, so the count is a lower bound (no ratio)")
	}
	fmt.Fprintf(w, ". %s s.\n", strconv.FormatFloat(r.Seconds, 'g', 2, 64))
	if r.ShowsReopenings() {
		writeReopenings(w, r)
	}
}

// compareTable is what writeCompareTable's parts share: the report, the
// measure shown, the reference heuristic's column and the cost model.
type compareTable struct {
	r    *compare.Report
	m    adapt.Measure
	ref  int
	tile bool
}

// count is the node count shown for res.
func (t compareTable) count(res *compare.Result) uint64 {
	if t.m == adapt.Generated {
		return res.Generated
	}
	return res.Expanded
}

// cell formats a count of column j, with its ratio to the reference's.
func (t compareTable) cell(v, refV uint64, partial, refPartial bool, j int) string {
	s := digits.Group(v, ",")
	if partial {
		s += "*"
	}
	if j != t.ref && v > 0 && refV > 0 && !partial && !refPartial {
		s += " (" + compare.FormatRatio(float64(refV)/float64(v)) + ")"
	}
	return s
}

// rows writes the header and a row per instance; it reports whether a
// solution longer (costlier) than the one shown was marked.
func (t compareTable) rows(tw io.Writer) (longer bool) {
	r := t.r
	fmt.Fprintf(tw, "%s\t%s\t", compare.ColumnInstance, r.ValueColumn())
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t", r.Marked(h))
	}
	fmt.Fprintln(tw)
	for i, in := range r.Instances {
		lengthText := "-"
		if length := r.Shortest(i); length >= 0 {
			lengthText = strconv.Itoa(length)
		}
		fmt.Fprintf(tw, "%s\t%s\t", in.Name, lengthText)
		refRes := r.At(i, t.ref)
		for j := range r.Heuristics {
			res := r.At(i, j)
			if res.Status == compare.Skipped || res.Status == compare.Failed {
				fmt.Fprintf(tw, "%s\t", res.Status)
				continue
			}
			text := t.cell(t.count(res), t.count(refRes), res.Status.Partial(), refRes.Status.Partial(), j)
			if mark := r.Longer(i, res); mark != "" {
				text += mark
				longer = true
			}
			fmt.Fprintf(tw, "%s\t", text)
		}
		fmt.Fprintln(tw)
	}
	return longer
}

// totals writes the totals row when there is more than one instance.
func (t compareTable) totals(tw io.Writer) {
	if len(t.r.Instances) <= 1 {
		return
	}
	exp, gen, partial := t.r.Totals()
	tot := exp
	if t.m == adapt.Generated {
		tot = gen
	}
	fmt.Fprint(tw, compare.RowTotal+"\t\t")
	for j := range t.r.Heuristics {
		fmt.Fprintf(tw, "%s\t", t.cell(tot[j], tot[t.ref], partial[j], partial[t.ref], j))
	}
	fmt.Fprintln(tw)
}

// writeReopenings prints, for A*, the closed nodes each run reopened: none
// with a consistent heuristic, some with an admissible but inconsistent one
// (additive pattern databases).
func writeReopenings(w io.Writer, r *compare.Report) {
	fmt.Fprintln(w, "\n"+compare.ColumnReopened+" (closed nodes put back on the open list: the heuristic is not consistent):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, compare.ColumnInstance+"\t")
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t", r.Marked(h))
	}
	fmt.Fprintln(tw)
	totals := make([]uint64, len(r.Heuristics))
	for i, in := range r.Instances {
		fmt.Fprintf(tw, "%s\t", in.Name)
		for j := range r.Heuristics {
			res := r.At(i, j)
			totals[j] += res.Reopened
			s := digits.Group(res.Reopened, ",")
			if res.Status.Partial() {
				s += "*"
			}
			fmt.Fprintf(tw, "%s\t", s)
		}
		fmt.Fprintln(tw)
	}
	if len(r.Instances) > 1 {
		fmt.Fprint(tw, compare.RowTotal+"\t")
		for _, v := range totals {
			fmt.Fprintf(tw, "%s\t", digits.Group(v, ","))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
