package charts

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSamples writes sample charts to $SLIDELAB_CHART_DIR for looking at; it
// is skipped when the variable is not set.
func TestSamples(t *testing.T) {
	dir := os.Getenv("SLIDELAB_CHART_DIR")
	if dir == "" {
		t.Skip("set SLIDELAB_CHART_DIR to write sample charts")
	}
	for name, c := range sampleCharts() {
		for _, size := range [][2]int{{1200, 675}, {800, 500}, {640, 400}} {
			path := filepath.Join(dir, name+"-"+itoa(size[0])+".png")
			if err := Save(c, path, size[0], size[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
