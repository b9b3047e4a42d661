package pdbview

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/pdb"
)

// TestBuildProgressReachesTheStore: while the view builds a partition's
// tables, the store's line for it (the one the search tab shows under its
// heuristic selector) says so with the progress; when the last table is
// built the database is ready there, and a cancelled build is forgotten.
func TestBuildProgressReachesTheStore(t *testing.T) {
	q, v := viewOn(t, "1,2,3,4/5,6,7,8")
	p := v.Part
	if got := v.Store.StatusOf(p); strings.Contains(got, "building") {
		t.Fatalf("before any step the store says %q", got)
	}
	for range 3 {
		test.Tap(v.StepButton)
		q.Until(t, func() bool { return !v.Busy() })
	}
	got, f := v.Store.StatusOf(p), v.Store.Fraction(p)
	if !strings.Contains(got, "building in the Pattern database tab: table 1 of 2") || f <= 0 || f >= 0.5 {
		t.Errorf("after three layers the store says %q, fraction %v", got, f)
	}
	test.Tap(v.RunButton)
	q.Until(t, func() bool { return !v.Busy() && v.Built[0] != nil && v.Built[1] != nil })
	if got := v.Store.StatusOf(p); !strings.HasPrefix(got, "ready") || v.Store.Fraction(p) != 1 || v.Store.DB(p) == nil {
		t.Errorf("built, the store says %q", got)
	}

	// A build cancelled halfway is not shown as under way.
	q, v = viewOn(t, "1,2,3/4,5,6,7,8")
	p = v.Part
	test.Tap(v.StepButton)
	q.Until(t, func() bool { return !v.Busy() })
	if got := v.Store.StatusOf(v.Part); !strings.Contains(got, "building") {
		t.Fatalf("after a layer the store says %q", got)
	}
	v.PartitionEntry.SetText("1,2/3,4")
	test.Tap(v.ApplyButton)
	if got := v.Store.StatusOf(p); strings.Contains(got, "building") {
		t.Errorf("another partition chosen, the store still says %q", got)
	}
}

// TestTimeLeftFromMeasuredSpeed: the time left is the entries still to set
// (this table's and the unbuilt tables') at the rate this build measured;
// before minMeasure there is no estimate.
func TestTimeLeftFromMeasuredSpeed(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: arithmetic on the test
		// goroutine, the view built only to hold the partition.
		t.Skip("race form: the estimate's arithmetic on one goroutine; make test-short and make test-full run it")
	}
	_, v := viewOn(t, "1,2,3,4/5,6,7,8")
	v.Group = 0
	other := v.groupEntries(1)
	ls := pdb.LayerStats{TotalEntries: 1000, Entries: 3000, Elapsed: 4 * time.Second}
	left, rate, ok := v.timeLeft(ls)
	want := time.Duration(float64(2000+other) / 250 * float64(time.Second))
	if !ok || rate != 250 || left != want {
		t.Errorf("time left %v at %v entries/s (%v), want %v at 250", left, rate, ok, want)
	}
	v.Built[1] = v.Built[0] // only this table left (any non-nil table)
	if v.Built[1] == nil {
		v.Built[1] = &pdb.Table{}
	}
	if left, _, _ := v.timeLeft(ls); left != 8*time.Second {
		t.Errorf("one table left: %v, want 8s", left)
	}
	ls.Elapsed = minMeasure / 2
	if _, _, ok := v.timeLeft(ls); ok {
		t.Error("an estimate before minMeasure")
	}
}
