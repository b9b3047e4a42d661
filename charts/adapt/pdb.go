package adapt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/pdb"
)

// tableName names a table by its tiles: "{1,5,6,9,10,13}".
func tableName(tiles []int) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = strconv.Itoa(t)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// PDBLayers returns the chart of the construction of tables (for example a
// DB's Tables): per cost layer the abstract states and new entries, one
// colour per table. subtitle names the partition (may be empty).
func PDBLayers(tables []*pdb.Table, subtitle string, logY bool) charts.PDBLayers {
	pl := charts.PDBLayers{Subtitle: subtitle, LogY: logY}
	for _, t := range tables {
		tl := charts.TableLayers{Name: tableName(t.Tiles())}
		for _, l := range t.Layers() {
			tl.Layers = append(tl.Layers, charts.Layer{Cost: l.Cost, States: clamp(l.States), New: clamp(l.New)})
		}
		pl.Tables = append(pl.Tables, tl)
	}
	return pl
}

// LayerRecorder collects pdb.LayerStats as they arrive during a build (pass
// its Add as the progress function) so the frontier chart can be drawn while
// the tables grow or after. It is not safe for concurrent use.
type LayerRecorder struct {
	tables []charts.TableLayers
	groups []int
}

// Add records one layer.
func (r *LayerRecorder) Add(st pdb.LayerStats) {
	i := 0
	for i < len(r.groups) && r.groups[i] != st.Group {
		i++
	}
	if i == len(r.groups) {
		r.groups = append(r.groups, st.Group)
		r.tables = append(r.tables, charts.TableLayers{Name: tableName(st.Tiles)})
	}
	r.tables[i].Layers = append(r.tables[i].Layers, charts.Layer{Cost: st.Cost, States: clamp(st.States), New: clamp(st.New)})
}

// Chart returns the layers recorded so far as a frontier chart.
func (r *LayerRecorder) Chart(subtitle string, logY bool) charts.PDBLayers {
	pl := charts.PDBLayers{Subtitle: subtitle, LogY: logY}
	for _, t := range r.tables {
		pl.Tables = append(pl.Tables, charts.TableLayers{Name: t.Name, Layers: append([]charts.Layer(nil), t.Layers...)})
	}
	return pl
}

// Histogram returns the histogram of the tables' values, one colour per table.
func Histogram(tables []*pdb.Table, subtitle string, logY bool) charts.Histogram {
	h := charts.Histogram{Subtitle: subtitle, LogY: logY}
	for _, t := range tables {
		counts := t.Histogram()
		n := len(counts)
		for n > 0 && counts[n-1] == 0 {
			n--
		}
		hs := charts.HistogramSeries{Name: tableName(t.Tiles()), Counts: make([]int64, n)}
		for v := 0; v < n; v++ {
			hs.Counts[v] = clamp(counts[v])
		}
		h.Series = append(h.Series, hs)
	}
	return h
}

// PartitionSubtitle describes a partition for a chart: "4x4, blank-last goal, 3 tables".
func PartitionSubtitle(p pdb.Partition) string {
	return fmt.Sprintf("%s board, %s goal, %d tables", p.Size, p.Goal, len(p.Groups))
}
