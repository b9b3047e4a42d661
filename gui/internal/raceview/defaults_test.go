package raceview

import (
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// TestRaceDefaultsFiveByFive: on the 24-puzzle the race's third lane gets
// the preset database only once it is loaded; before, the ladder of
// Hamming, Manhattan and linear conflict. The 15-puzzle races its preset
// whether or not it is loaded yet (it loads in a moment).
func TestRaceDefaultsFiveByFive(t *testing.T) {
	opts := func(ready bool) []catalog.HeuristicOption {
		return []catalog.HeuristicOption{{Short: "hamming"}, {Short: "manhattan"}, {Short: "linear-conflict"},
			{Short: "pdb:x", IsDefault: true, Database: func() catalog.PDBState { return catalog.PDBState{Ready: ready} }}}
	}
	for _, tc := range []struct {
		size  board.Size
		ready bool
		want  []string
	}{
		{board.Size5x5, false, []string{"hamming", "manhattan", "linear-conflict"}},
		{board.Size5x5, true, []string{"manhattan", "linear-conflict", "pdb:x"}},
		{board.Size4x4, false, []string{"manhattan", "linear-conflict", "pdb:x"}},
		{board.Size3x3, true, []string{"hamming", "manhattan", "linear-conflict"}},
	} {
		if got := raceDefaults(tc.size, opts(tc.ready)); !slices.Equal(got, tc.want) {
			t.Errorf("%s, database ready %v: %v, want %v", tc.size, tc.ready, got, tc.want)
		}
	}
}
