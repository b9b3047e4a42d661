package compareview

import (
	"slices"
	"testing"
)

// TestSetChangeKeepsTheTicks: switching between sets of the same board size
// (the classroom set, Korf's 100, walks on the 15-puzzle) keeps the
// heuristics the teacher ticked; another size offers other heuristics and
// ticks its defaults.
func TestSetChangeKeepsTheTicks(t *testing.T) {
	_, v := newTestView(t)
	if len(v.Heuristics.Options) < 3 {
		t.Fatalf("options %v", v.Heuristics.Options)
	}
	var mine []string // every other option: not the defaults
	for i, o := range v.Heuristics.Options {
		if i%2 == 1 {
			mine = append(mine, o)
		}
	}
	if slices.Equal(mine, v.Heuristics.Selected) {
		t.Fatal("the test's ticks are the defaults")
	}
	v.Heuristics.SetSelected(mine)
	for _, set := range []string{SetKorf, SetWalks, SetClassroom} {
		v.SetSelect.SetSelected(set)
		if !slices.Equal(v.Heuristics.Selected, mine) {
			t.Errorf("%s: ticked %v, want the teacher's %v", set, v.Heuristics.Selected, mine)
		}
	}
	v.SetSelect.SetSelected(SetRandom8)
	if len(v.Heuristics.Selected) == 0 {
		t.Error("the 8-puzzle's set ticks nothing")
	}
}
