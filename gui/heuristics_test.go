package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// TestHeuristicMenuFromRegistry checks that the heuristic menu is built from
// core's registry and preset table: every table-free heuristic under its
// registry label and canonical name, the size's default preset database
// (plain and reflected), the default chosen by value, and selection by any
// spelling the command line accepts.
func TestHeuristicMenuFromRegistry(t *testing.T) {
	u := newTestUI(t)
	for _, s := range []board.Size{board.Size3x3, board.Size4x4, {W: 3, H: 2}, {W: 4, H: 3}} {
		opts := u.heuristicOptions(s)
		byShort := map[string]catalog.HeuristicOption{}
		defaults := 0
		for _, o := range opts {
			byShort[o.Short] = o
			if o.IsDefault {
				defaults++
			}
		}
		for _, k := range search.HeuristicKinds() {
			if k.NeedsTables {
				continue
			}
			if o, ok := byShort[k.Name]; !ok || o.Label != k.Label {
				t.Errorf("%s: %s offered as %+v, want label %q", s, k.Name, o, k.Label)
			}
		}
		want := "manhattan"
		if info, ok := pdb.DefaultPreset(s); ok {
			want = "pdb:" + info.Name
			if _, ok := byShort[want+search.ReflectSuffix]; !ok && s.W == s.H {
				t.Errorf("%s: no reflected %s", s, want)
			}
		}
		if o, ok := byShort[want]; !ok || !o.IsDefault || defaults != 1 {
			t.Errorf("%s: default %q offered %v as default %v, %d defaults", s, want, ok, o.IsDefault, defaults)
		}
	}

	// The search panel selects by name, in any spelling, and its default
	// is the one the options mark.
	s := u.Search
	for _, tc := range []struct{ name, label string }{
		{"lc", "Linear conflict"},
		{"MD", "Manhattan distance"},
		{"misplaced", "Hamming (misplaced tiles)"},
		{"pdb:6-6-3+reflect", "6-6-3 PDB + reflected lookup"},
	} {
		if err := s.SelectHeuristic(tc.name); err != nil || s.HeuristicSelect.Selected != tc.label {
			t.Errorf("SelectHeuristic(%q): %v, selected %q, want %q", tc.name, err, s.HeuristicSelect.Selected, tc.label)
		}
	}
	if err := s.SelectHeuristic("euclid"); err == nil {
		t.Error("SelectHeuristic accepted an unknown name")
	}
}

// TestHeuristicMenuListsLiesLast: the heuristics that lie, for teaching,
// come after every admissible heuristic of the menus (the preset
// databases too), marked in flag and label, so no view's defaults pick
// one.
//
// The race form (raceForm) skips it: it is the menu's order and labels,
// text on the test's goroutine.
func TestHeuristicMenuListsLiesLast(t *testing.T) {
	skipInRaceForm(t, "the order and labels of the heuristic menu")
	u := newTestUI(t)
	opts := u.heuristicOptions(board.Size3x3)
	lies := 0
	for i, o := range opts {
		if o.Inadmissible {
			lies++
			if !strings.HasSuffix(o.Label, " (inadmissible)") {
				t.Errorf("%s: label %q", o.Short, o.Label)
			}
			continue
		}
		if lies > 0 {
			t.Errorf("%s (option %d) is admissible and listed after a heuristic that lies", o.Short, i)
		}
	}
	if lies < 3 {
		t.Errorf("%d heuristics that lie offered, want lc-pairs, wmanhattan, manhattan+hamming (and tile-manhattan)", lies)
	}
}
