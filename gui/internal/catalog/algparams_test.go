package catalog

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// TestParamsApply: each algorithm gets only the parameters it takes, as the
// command line sets them (depth-limited search a limit even when none is
// chosen), and the configuration passes search's own checks.
func TestParamsApply(t *testing.T) {
	p := AlgorithmParams{Weight: 1.5, DepthLimit: 0, CycleCheck: search.CyclePath, MemoryNodes: 100, Cost: search.TileCost}
	for _, in := range search.AlgorithmInfos() {
		cfg := search.Config{Algorithm: in.Algorithm}
		p.Apply(&cfg)
		want := search.Config{Algorithm: in.Algorithm}
		switch in.Algorithm {
		case search.WAStar:
			want.Weight = 1.5
		case search.DFS, search.IDDFS:
			want.CycleCheck = search.CyclePath
		case search.DLS:
			want.DepthLimit, want.CycleCheck = DLSDefaultLimit, search.CyclePath
		case search.SMAStar:
			want.MemoryNodes = 100
		}
		if HonoursCost(in.Algorithm) {
			want.Cost = search.TileCost
		}
		if cfg.Weight != want.Weight || cfg.DepthLimit != want.DepthLimit || cfg.CycleCheck != want.CycleCheck ||
			cfg.MemoryNodes != want.MemoryNodes || cfg.Cost != want.Cost {
			t.Errorf("%v: got %+v, want %+v", in.Algorithm, cfg, want)
		}
	}
	if got := p.Describe(search.DLS); got != "depth limit 20, path cycle check" {
		t.Errorf("Describe(dls) = %q", got)
	}
	if got := p.Describe(search.BFS); got != "" {
		t.Errorf("Describe(bfs) = %q, want nothing", got)
	}
}

// TestParamsFormFollow: the form shows only the rows the algorithm takes,
// reads the selectors, and Set does not call changed.
func TestParamsFormFollow(t *testing.T) {
	test.NewTempApp(t)
	calls := 0
	f := NewParamsForm(true, func(_ string, s *widget.Select) fyne.CanvasObject { return s },
		func(rows ...fyne.CanvasObject) *fyne.Container { return container.NewVBox(rows...) }, func() { calls++ })
	shown := func() (n int) {
		for _, o := range f.Box.Objects {
			if o.Visible() {
				n++
			}
		}
		return n
	}
	for alg, want := range map[search.Algorithm]int{search.BFS: 0, search.AStar: 1, search.WAStar: 2, search.DFS: 2, search.SMAStar: 2, search.IDDFS: 2} {
		f.Follow(alg)
		if got := shown(); got != want {
			t.Errorf("%v: %d rows shown, want %d", alg, got, want)
		}
	}
	f.Follow(search.DLS)
	if f.Values().DepthLimit != DLSDefaultLimit || f.DepthLimit.Selected != "20" {
		t.Errorf("dls: limit %d, selector %q", f.Values().DepthLimit, f.DepthLimit.Selected)
	}
	f.Weight.SetSelected("1.5")
	f.CycleCheck.SetSelected("closed")
	f.MemoryNodes.SetSelected("50")
	f.Cost.SetSelected(CostChoices[1])
	got := f.Values()
	if got.Weight != 1.5 || got.CycleCheck != search.CycleClosed || got.MemoryNodes != 50 || got.Cost != search.TileCost || calls != 4 {
		t.Errorf("values %+v after %d changes", got, calls)
	}
	f.Set(AlgorithmParams{Weight: 3.5, MemoryNodes: 7})
	if calls != 4 || f.Weight.Selected != "3.5" || f.MemoryNodes.Selected != "7" || f.DepthLimit.Selected != "none" {
		t.Errorf("Set: %d calls, weight %q, budget %q, depth %q", calls, f.Weight.Selected, f.MemoryNodes.Selected, f.DepthLimit.Selected)
	}
}
