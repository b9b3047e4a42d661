package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/slidelab/slidelab/core/quality"
)

// writeOverestimates prints where the heuristics that overestimate do it:
// per true distance, the states with h > h* and the largest h - h*; then
// each one's worst states. It prints nothing when none overestimates.
func writeOverestimates(w io.Writer, r *quality.Report) {
	var over []quality.Stats
	for _, h := range r.Heuristics {
		if h.Over > 0 {
			over = append(over, h)
		}
	}
	if len(over) == 0 {
		return
	}
	fmt.Fprintln(w, "\nover-estimates by true distance: states with h > h* (largest h - h*):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "h*\tall states\t")
	for _, h := range over {
		fmt.Fprintf(tw, "%s\t", h.Marked())
	}
	fmt.Fprintln(tw)
	for d, n := range r.Distances {
		var cells []string
		any := false
		for _, h := range over {
			cell := "-"
			for _, row := range h.OverByDistance {
				if row.HStar == d {
					cell = fmt.Sprintf("%s (+%d)", group(row.States), row.MaxOver)
					any = true
				}
			}
			cells = append(cells, cell)
		}
		if any {
			fmt.Fprintf(tw, "%d\t%s\t%s\t\n", d, group(n), strings.Join(cells, "\t"))
		}
	}
	tw.Flush()
	for _, h := range over {
		fmt.Fprintf(w, "\n%s overestimates %s states by up to %d; the worst:\n", h.Marked(), group(h.Over), h.MaxOver)
		for _, s := range h.WorstOver {
			fmt.Fprintf(w, "  %s  h %d  h* %d\n", s.Board, s.H, s.HStar)
		}
	}
}
