package searchview

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// TestAlgorithmDescriptions: the line under the selector names each
// algorithm once and speaks of its parameters as the app shows them, not
// as command-line flags.
func TestAlgorithmDescriptions(t *testing.T) {
	for _, in := range search.AlgorithmInfos() {
		label := catalog.LabelOf(in.Algorithm)
		d := describeAlgorithm(label, in.Group.String(), in.Summary)
		if strings.Contains(d, "--") {
			t.Errorf("%s: a flag in %q", label, d)
		}
		if !strings.HasPrefix(d, label+", ") || strings.Contains(d, label+":") {
			t.Errorf("%s: %q does not start with the label once", label, d)
		}
	}
	if got, want := describeAlgorithm("IDA*", "memory-bounded", "IDA*: depth-first passes; memory only the path"), "IDA*, memory-bounded: depth-first passes; memory only the path."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
