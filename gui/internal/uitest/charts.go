package uitest

import (
	"testing"

	"github.com/slidelab/slidelab/charts"
)

// PDBLayers returns the layers a pattern database frontier chart draws,
// table by table; it fails t when c is another kind of chart.
func PDBLayers(t testing.TB, c charts.Chart) [][]charts.Layer {
	t.Helper()
	l, ok := c.(charts.PDBLayers)
	if !ok {
		t.Fatalf("frontier chart holds %T", c)
	}
	var out [][]charts.Layer
	for _, tl := range l.Tables {
		out = append(out, tl.Layers)
	}
	return out
}
