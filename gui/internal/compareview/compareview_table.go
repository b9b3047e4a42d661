package compareview

import (
	"strconv"

	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The results table: a row per instance with the known optimum, the
// length (under tile costs: the cost) shown for it, each heuristic's node
// count with its ratio to the reference and, for A*, the nodes each
// heuristic reopened. Column names come from core/compare, as the command
// line's table and CSV name them.

// refresh rebuilds the table and charts from the report.
func (v *CompareView) refresh() {
	r := v.report
	if r == nil {
		return
	}
	m := v.measure()
	labelled := v.labelled(r)
	header := []string{compare.ColumnTitle(compare.ColumnInstance), compare.ColumnTitle(compare.ColumnOptimal), compare.ColumnTitle(r.ValueColumn())}
	names := marked(labelled)
	header = append(header, names...)
	if r.ShowsReopenings() {
		for _, h := range names {
			header = append(header, compare.ColumnTitle(compare.ColumnReopened)+" · "+h)
		}
	}
	v.cells = [][]string{header}
	for i := range r.Instances {
		v.cells = append(v.cells, instanceRow(r, i, m))
	}
	v.cells = append(v.cells, totalRow(r, m))
	v.sizeColumns(len(header))
	v.Table.Refresh()
	v.NodesChart.SetChart(adapt.NodeCounts(labelled, m))
	v.refreshIterations()
	v.refreshContours()
}

// count is the node count of the measure m.
func count(res *compare.Result, m adapt.Measure) uint64 {
	if m == adapt.Expanded {
		return res.Expanded
	}
	return res.Generated
}

// instanceRow is instance i's row: its name, the known optimum ("?":
// unknown), the length (cost) shown for it ("–": none), each heuristic's
// count with its ratio to the reference's, starred when partial and marked
// when its solution is longer than the one shown (a heuristic that
// overestimates), and for A* each heuristic's reopened nodes.
func instanceRow(r *compare.Report, i int, m adapt.Measure) []string {
	in := r.Instances[i]
	row := []string{in.Name, "?", "–"}
	if in.Optimal >= 0 {
		row[1] = strconv.Itoa(in.Optimal)
	}
	if v := r.Shortest(i); v >= 0 {
		row[2] = strconv.Itoa(v)
	}
	ref := r.Reference()
	refRes := r.At(i, ref)
	for j := range r.Heuristics {
		res := r.At(i, j)
		cell := withRatio(toolkit.FormatCount(count(res, m)), count(res, m), count(refRes, m), res.Status.Partial() || refRes.Status.Partial() || j == ref)
		switch {
		case res.Status == compare.Skipped:
			cell = notRun // cancelled before it started: no count at all
		case res.Status.Partial():
			cell += " *"
		default:
			cell += r.Longer(i, res)
		}
		row = append(row, cell)
	}
	if r.ShowsReopenings() {
		for j := range r.Heuristics {
			res := r.At(i, j)
			cell := toolkit.FormatCount(res.Reopened)
			switch {
			case res.Status == compare.Skipped:
				cell = notRun
			case res.Status.Partial():
				cell += " *"
			}
			row = append(row, cell)
		}
	}
	return row
}

// withRatio adds to a count's cell how many times fewer nodes than the
// reference's refV it is, unless skip (the reference itself, or a partial
// count) or a count is zero.
func withRatio(cell string, v, refV uint64, skip bool) string {
	if !skip && v > 0 && refV > 0 {
		cell += " (" + compare.FormatRatio(float64(refV)/float64(v)) + ")"
	}
	return cell
}

// totalRow is the table's last row: each heuristic's total count of the
// measure m, with its ratio to the reference's, starred when partial; for
// A* then each heuristic's reopened nodes in all.
func totalRow(r *compare.Report, m adapt.Measure) []string {
	ref := r.Reference()
	exp, gen, partial := r.Totals()
	total := []string{compare.ColumnTitle(compare.RowTotal), "", ""}
	for j := range r.Heuristics {
		n, refN := gen[j], gen[ref]
		if m == adapt.Expanded {
			n, refN = exp[j], exp[ref]
		}
		cell := withRatio(toolkit.FormatCount(n), n, refN, partial[j] || partial[ref] || j == ref)
		if partial[j] {
			cell += " *"
		}
		total = append(total, cell)
	}
	if r.ShowsReopenings() {
		for j := range r.Heuristics {
			var n uint64
			for i := range r.Instances {
				n += r.At(i, j).Reopened
			}
			cell := toolkit.FormatCount(n)
			if partial[j] {
				cell += " *"
			}
			total = append(total, cell)
		}
	}
	return total
}

// sizeColumns makes each of the n columns wide enough for the longest text
// it holds (labels such as "6-6-3 PDB + reflected lookup" and counts with
// their ratio), so headers never run into each other.
func (v *CompareView) sizeColumns(n int) {
	for c := range n {
		longest := 0
		for _, row := range v.cells {
			longest = max(longest, len([]rune(row[c])))
		}
		w := max(float32(100), float32(longest)*theme.TextSize()*0.62+2*theme.Padding())
		if c >= 3 {
			w = max(w, 170)
		}
		v.Table.SetColumnWidth(c, w)
	}
}

// labelled returns r with its heuristics named as the check boxes name
// them ("Manhattan distance", not "manhattan"), for the charts a teacher
// exports to slides; those that may overestimate under the report's cost
// model stay listed as inadmissible, so that Marked (the table's headers,
// the charts' legends) adds "(inadmissible)" to their names: the
// tile-weighted Manhattan distance only under unit costs. r itself is
// unchanged.
func (v *CompareView) labelled(r *compare.Report) *compare.Report {
	labels := map[string]string{}
	for _, o := range v.heuristics(v.SetSize()) {
		labels[o.Short] = o.BaseLabel()
	}
	name := func(h string) string {
		if l, ok := labels[h]; ok {
			return l
		}
		return h
	}
	c := *r
	c.Heuristics = make([]string, len(r.Heuristics))
	for j, h := range r.Heuristics {
		c.Heuristics[j] = name(h)
	}
	c.Inadmissible = nil
	for _, h := range r.Inadmissible {
		c.Inadmissible = append(c.Inadmissible, name(h))
	}
	return &c
}

// marked returns the heuristics' names of a labelled report as the table
// heads its columns: marked when they may overestimate.
func marked(r *compare.Report) []string {
	out := make([]string, len(r.Heuristics))
	for j, h := range r.Heuristics {
		out[j] = r.Marked(h)
	}
	return out
}

// tableNotes explains the table's marks after a comparison's status: the
// longer solutions of heuristics that overestimate (not optimal), and A*'s
// reopened nodes.
func tableNotes(r *compare.Report) string {
	notes := ""
	longer := false
	for i := range r.Instances {
		for j := range r.Heuristics {
			longer = longer || r.Longer(i, r.At(i, j)) != ""
		}
	}
	if longer {
		notes += " Not optimal: " + r.LongerNote() + "."
	}
	if r.ShowsReopenings() {
		notes += " " + compare.ColumnTitle(compare.ColumnReopened) + ": closed nodes A* put back on the open list because a shorter path reached them; only a heuristic that is not consistent (pattern databases) makes A* reopen nodes."
	}
	return notes
}
