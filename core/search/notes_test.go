package search

import (
	"errors"
	"strings"
	"testing"
)

func TestOptimalityNote(t *testing.T) {
	for _, tc := range []struct {
		optimal, length int
		want            string
	}{
		{14, 16, " (not optimal: the optimum is 14; lc-pairs is inadmissible)"},
		{14, 14, " (optimal, though lc-pairs is inadmissible)"},
		{-1, 16, " (maybe not optimal: lc-pairs is inadmissible)"},
	} {
		if got := OptimalityNote("lc-pairs", tc.optimal, tc.length); got != tc.want {
			t.Errorf("OptimalityNote(%d, %d) = %q, want %q", tc.optimal, tc.length, got, tc.want)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteContoursCSV(t *testing.T) {
	var b strings.Builder
	if err := WriteContoursCSV(&b, []Contour{{F: 21, Expanded: 3, Generated: 5}, {F: 23, Expanded: 39, Generated: 59}}); err != nil {
		t.Fatal(err)
	}
	if want := "f,expanded,generated\n21,3,5\n23,39,59\n"; b.String() != want {
		t.Errorf("csv %q, want %q", b.String(), want)
	}
	if err := WriteContoursCSV(failingWriter{}, nil); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("a failed write: %v", err)
	}
}
