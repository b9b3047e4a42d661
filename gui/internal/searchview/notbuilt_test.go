package searchview

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// TestUnbuiltDatabaseSaysWhy: with a heuristic whose large database is not
// built (the 24-puzzle's 6-6-6-6), Space, Step and Run to end do not start
// the search, and say why right under the selectors: the database line
// turns to a warning, and the status gives the whole reason.
func TestUnbuiltDatabaseSaysWhy(t *testing.T) {
	v := newTestView(t)
	s := v.search
	const why = "not built yet: build it in the Pattern database tab, Run to end"
	orig := s.heuristics
	s.heuristics = func(size board.Size) []catalog.HeuristicOption {
		return append(orig(size), catalog.HeuristicOption{Label: "big pattern database", Short: "pdb:big",
			Build:    func() (search.Heuristic, error) { return nil, catalog.NotReadyError(why) },
			Database: func() catalog.PDBState { return catalog.PDBState{Name: "big", Status: "not built (510 MB): build it"} }})
	}
	s.RefreshHeuristics()
	s.HeuristicSelect.SetSelected("big pattern database")
	for name, press := range map[string]func(){
		"Space": func() { key(v, fyne.KeySpace) }, "Step": s.StepButton.OnTapped, "Run to end": s.RunButton.OnTapped,
	} {
		s.PDBStatus.Importance = widget.MediumImportance
		s.SetStatus("", false)
		press()
		v.q.Drain()
		if s.Stepper != nil || s.Events != 0 {
			t.Fatalf("%s started the search", name)
		}
		if !s.Status.Visible() || !strings.Contains(s.Status.Text, why) {
			t.Errorf("%s: the status reads %q, want why", name, s.Status.Text)
		}
		if s.PDBStatus.Importance != widget.WarningImportance || !strings.Contains(s.PDBStatus.Text, "not built") {
			t.Errorf("%s: the database line %q (importance %v) does not warn", name, s.PDBStatus.Text, s.PDBStatus.Importance)
		}
	}
	s.HeuristicSelect.SetSelected(s.HeuristicSelect.Options[0])
	if s.PDBStatus.Importance == widget.WarningImportance {
		t.Error("another heuristic keeps the warning")
	}
}

// TestStepOffersToBuild: Step, Space or Run to end with the heuristic's
// large database unbuilt offers to build that database (the window's
// OfferBuild gets its partition); a database that is only loading is not
// offered, it comes by itself.
func TestStepOffersToBuild(t *testing.T) {
	v := newTestView(t)
	s := v.search
	p, err := pdb.Preset("6666", board.Size5x5, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	orig := s.heuristics
	s.heuristics = func(size board.Size) []catalog.HeuristicOption {
		return append(orig(size),
			catalog.HeuristicOption{Label: "unbuilt", Short: "pdb:unbuilt",
				Build: func() (search.Heuristic, error) { return nil, catalog.NotBuiltError(p, "6-6-6-6") }},
			catalog.HeuristicOption{Label: "loading", Short: "pdb:loading",
				Build: func() (search.Heuristic, error) { return nil, catalog.NotReadyError("loading") }})
	}
	s.RefreshHeuristics()
	var offered []pdb.Partition
	s.OfferBuild = func(p pdb.Partition) { offered = append(offered, p) }
	for _, c := range []struct {
		heuristic string
		want      int
	}{{"unbuilt", 1}, {"loading", 0}} {
		s.HeuristicSelect.SetSelected(c.heuristic)
		for name, press := range map[string]func(){
			"Space": func() { key(v, fyne.KeySpace) }, "Step": s.StepButton.OnTapped, "Run to end": s.RunButton.OnTapped,
		} {
			offered = nil
			press()
			v.q.Drain()
			if len(offered) != c.want {
				t.Errorf("%s, %s: offered %d builds, want %d", c.heuristic, name, len(offered), c.want)
			}
			if len(offered) == 1 && !reflect.DeepEqual(offered[0], p) {
				t.Errorf("%s: offered to build %v, want %v", name, offered[0], p)
			}
		}
	}
}
