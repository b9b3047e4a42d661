package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// The demo mode puts a view in a state worth a screenshot; make screenshots
// drives it through SLIDELAB_VIEW and SLIDELAB_DEMO. It waits on events (a
// database loaded, a layer built, a run finished), never on sleeps.

// Demo shows a view in a state worth a screenshot (make screenshots uses it
// through SLIDELAB_VIEW and SLIDELAB_DEMO): "puzzle", an A* search a few
// dozen steps in; "search", IDA* with the 6-6-3 database and the reflected
// lookup run to the end; "running", IDA* with Manhattan distance on Korf's
// #88 three seconds into a run of a minute or more; "pdb", the 6-6-3
// database's first table paused after layer 12; "pdb8", an 8-puzzle pattern
// with every state of a layer drawn; "pdbstate", the 8-puzzle's {1,2,3,4}
// table built state by state a few dozen steps in, the "Step by state" tab
// shown; "compare", the classroom set compared
// under three heuristics; "present", presentation mode during an IDA*
// search with the 6-6-3 database; "code", the pseudocode panel and its
// narration during IDA* with the 6-6-3 database on Korf's #9; "predict", predict mode on an 8-puzzle
// with A* a few answers in, a question open; "race", Korf's #9 raced live
// to the end by IDA* with Manhattan distance, linear conflict and the 6-6-3
// database; "tree", the search tree beside the board, A* on an 8-puzzle
// board; "tree-ida", the same with IDA* in its second pass or later;
// "dpdb", IDA* with dpdb:triples a few steps in, the h overlay showing the
// chosen cover; "search5x5", the 24-puzzle scrambled by a 40-move walk and
// solved by IDA* with Manhattan distance; "compare5x5", Compare on walks of
// the 24-puzzle with the 6-6-6-6 database (demo5x5.go).
// ready, when not nil, is called on the Fyne
// goroutine once the state is reached.
func (u *UI) Demo(name string, ready func()) error {
	if ready == nil {
		ready = func() {}
	}
	if err := u.ShowView(demoView(name)); err != nil {
		return err
	}
	switch name {
	case ViewPuzzle:
		return u.demoPuzzle(ready)
	case "tree", "tree-ida":
		return u.demoTree(name == "tree-ida", ready)
	case "search":
		return u.demoSearch(ready)
	case "running":
		return u.demoRunning(ready)
	case "present":
		return u.demoPresent(ready)
	case "pdbstate":
		u.demoPDBState(ready)
	case "predict":
		return u.demoPredict(ready)
	case "search5x5":
		return u.demoFiveByFive(ready) // demo5x5.go
	case "compare5x5":
		return u.demoCompareFiveByFive(ready)
	case "dpdb":
		return u.demoDynamic(ready)
	case "code":
		return u.demoCode(ready)
	case ViewPDB, "pdb8":
		u.demoPDB(name == "pdb8", ready)
	case ViewRace:
		return u.demoRace(ready)
	case ViewCompare:
		return u.demoCompare(ready)
	case ViewQuality:
		return u.demoQuality(ready)
	}
	return nil
}

// demoView is the view a demo state is shown in.
func demoView(name string) string {
	switch name {
	case "pdb8", "pdbstate":
		return ViewPDB
	case "compare5x5":
		return ViewCompare
	case "search", "running", "present", "tree", "tree-ida", "predict", "code", "dpdb", "search5x5":
		return ViewPuzzle
	}
	return name
}

// demoPuzzle: an A* search with linear conflict a few dozen steps in.
func (u *UI) demoPuzzle(ready func()) error {
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("linear-conflict"); err != nil {
		return err
	}
	for range 30 {
		u.Search.Step()
	}
	ready()
	return nil
}

// demoTree: the search tree beside the board, A* (or IDA*) with linear
// conflict on an 8-puzzle board, a few dozen steps in.
func (u *UI) demoTree(ida bool, ready func()) error {
	b, err := board.ParseSolvable("5 2 8 / 4 1 7 / 0 3 6", board.Size{}, u.Session.Goal())
	if err != nil {
		return err
	}
	u.Puzzle.SetBoard(b, "An 8-puzzle board", -1)
	alg, steps := "A*", 40
	if ida {
		alg, steps = "IDA*", 150
	}
	u.Search.AlgorithmSelect.SetSelected(alg)
	if err := u.Search.SelectHeuristic("linear-conflict"); err != nil {
		return err
	}
	for range steps {
		u.Search.Step()
	}
	if !u.Tree.Shown {
		u.Tree.ToggleShown()
	}
	u.Tree.ZoomOut.OnTapped() // more of the tree in view
	ready()
	return nil
}

// demoSearch runs once the 6-6-3 database is ready; ready when the run ends.
func (u *UI) demoSearch(ready func()) error {
	return u.idaWith663("pdb:663+reflect", func() {
		s := u.Search
		s.RunToEnd()
		done := s.RunDone
		go func() {
			<-done
			u.do(ready)
		}()
	})
}

// demoRunning: Korf's #88 takes a minute or more with Manhattan distance
// (billions of nodes): the counters run; ready three seconds in.
func (u *UI) demoRunning(ready func()) error {
	if err := u.Puzzle.LoadKorf(88); err != nil {
		return err
	}
	s := u.Search
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		return err
	}
	s.OnLive = func(elapsed time.Duration) {
		if elapsed >= 3*time.Second {
			s.OnLive = nil
			ready()
		}
	}
	s.RunToEnd()
	return nil
}

// demoPresent: presentation mode, IDA* with the 6-6-3 database a few dozen
// events in, at an expansion.
func (u *UI) demoPresent(ready func()) error {
	return u.idaWith663("pdb:663", func() {
		s := u.Search
		for i := 0; i < 200 && (i < 24 || s.Timeline.Len() == 0 || s.LastKind() != search.NodeExpanded); i++ {
			s.Step()
		}
		u.EnterPresentation()
		ready()
	})
}

// demoPDBState: the 8-puzzle's {1,2,3,4} table built state by state.
func (u *UI) demoPDBState(ready func()) {
	v := u.pdb()
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	v.PartitionEntry.SetText("1,2,3,4/5,6,7,8")
	v.Apply()
	v.ChartTabs.SelectIndex(pdbview.PdbStepTab)
	// A few dozen steps, stopping at one that fills the next layer's
	// queue (each step takes microseconds).
	for i := 0; i < 80 && (i < 36 || v.States.Code.Current() != pdb.LineBuildPushNext); i++ {
		v.StepState()
	}
	ready()
}

// demoCode: the pseudocode panel, IDA* with the 6-6-3 database on Korf's #9
// a few dozen events in, at an expansion that pruned a child.
func (u *UI) demoCode(ready func()) error {
	return u.idaWith663("pdb:663", func() {
		for i := 0; i < 400 && (i < 36 || !prunedSome(u.Search)); i++ {
			u.Search.Step()
		}
		// The board's set-up folded away and the panel scrolled
		// into view.
		if u.Puzzle.Controls.Visible() {
			u.BoardSetup.OnTapped()
		}
		searchview.ScrollToShow(u.Window.Content(), u.Code.Box)
		ready()
	})
}

// demoPDB plays the 6-6-3 database's first table (or, for pdb8, an
// 8-puzzle pattern) and pauses after a layer.
func (u *UI) demoPDB(eight bool, ready func()) {
	v := u.pdb()
	stop := 12
	if eight {
		v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
		v.PartitionEntry.SetText("1,2/3,4,5,6,7,8")
		v.Apply()
		stop = 5
	}
	v.OnLayer = func(cost int) {
		if cost == stop {
			v.OnLayer = nil
			v.TogglePlay() // pause after this layer
			ready()
		}
	}
	v.SpeedSlider.SetValue(toolkit.SpeedToSlider(8))
	v.TogglePlay()
}

// demoRace races Korf's first classroom instance once the 6-6-3 database is
// ready; ready when the race ends.
func (u *UI) demoRace(ready func()) error {
	if err := u.Puzzle.LoadKorf(searchview.ClassroomSet[0]); err != nil {
		return err
	}
	p, err := defaultPreset(board.Size4x4, u.Settings.Goal)
	if err != nil {
		return err
	}
	r := u.race()
	u.whenPDBReady(p, func() {
		r.RefreshHeuristics()
		r.Configure("IDA*", "Manhattan distance")
		r.OnFinished = ready
		r.FullSpeed()
		r.RunLive()
	})
	return nil
}

// demoCompare compares the classroom set under three heuristics once the
// 6-6-3 database is ready.
func (u *UI) demoCompare(ready func()) error {
	p, err := defaultPreset(board.Size4x4, u.Settings.Goal)
	if err != nil {
		return err
	}
	v := u.compare()
	u.whenPDBReady(p, func() {
		v.RefreshHeuristics()
		v.Heuristics.SetSelected([]string{"Manhattan distance", "Linear conflict", "6-6-3 pattern database"})
		v.OnFinished = ready
		v.Run()
		v.Tabs.SelectIndex(1)
	})
	return nil
}

// demoQuality: every 8-puzzle state, once the 4-4 database is ready: the
// table and the explanations.
func (u *UI) demoQuality(ready func()) error {
	p, err := defaultPreset(board.Size3x3, u.Settings.Goal)
	if err != nil {
		return err
	}
	v := u.quality()
	u.whenPDBReady(p, func() {
		v.RefreshHeuristics()
		v.OnFinished = ready
		v.Run()
	})
	return nil
}

// prunedSome reports whether the event the search panel shows is an
// expansion that pruned a child.
func prunedSome(p *searchview.SearchPanel) bool {
	s, ok := p.Timeline.Current()
	if !ok || s.Kind != search.NodeExpanded {
		return false
	}
	for _, e := range s.Trace {
		if e.Kind == search.TracePrune {
			return true
		}
	}
	return false
}

// idaWith663 selects IDA* and, once the 15-puzzle's 6-6-3 database is
// loaded, the heuristic named (a spelling of the registry), then runs then.
func (u *UI) idaWith663(heuristic string, then func()) error {
	p, err := defaultPreset(board.Size4x4, u.Settings.Goal)
	if err != nil {
		return err
	}
	u.Search.AlgorithmSelect.SetSelected("IDA*")
	u.whenPDBReady(p, func() {
		if err := u.Search.SelectHeuristic(heuristic); err == nil {
			then()
		}
	})
	return nil
}

// whenPDBReady runs f on the Fyne goroutine once the database of p is
// loaded (at once when it is), starting its load. Waiters are checked each
// time the store reports a change (pdbChanged); closing the window drops them.
func (u *UI) whenPDBReady(p pdb.Partition, f func()) {
	if u.pdbs.DB(p) != nil {
		f()
		return
	}
	u.whenDatabasesChange(func() bool {
		if u.pdbs.DB(p) == nil {
			return false
		}
		f()
		return true
	})
	u.pdbs.Ensure(u.ctx, p)
}

// whenDatabasesChange calls done each time the pattern databases change
// (pdbChanged) until it returns true; closing the window drops it.
func (u *UI) whenDatabasesChange(done func() bool) {
	u.waiters = append(u.waiters, done)
}

// runWaiters calls the waiters, keeping those not yet done. A waiter may
// add waiters; they are first called at the next change.
func (u *UI) runWaiters() {
	if u.ctx.Err() != nil {
		u.waiters = nil
		return
	}
	waiting := u.waiters
	u.waiters = nil
	var left []func() bool
	for _, w := range waiting {
		if !w() {
			left = append(left, w)
		}
	}
	u.waiters = append(left, u.waiters...)
}

// demoPredict shows predict mode: A* with Manhattan distance on a random
// 8-puzzle, eight questions answered (one wrongly), the ninth open with six
// boards to pick from.
func (u *UI) demoPredict(ready func()) error {
	b, err := board.Random(board.NewRand(7), board.Size3x3, u.Settings.Goal)
	if err != nil {
		return err
	}
	u.Puzzle.SetBoard(b, "Random 3x3, seed 7", -1)
	if u.Puzzle.Controls.Visible() {
		u.BoardSetup.OnTapped() // folds the board's set-up: more room for the question
	}
	s, pr := u.Search, u.Predict
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		return err
	}
	pr.Toggle.SetChecked(true)
	answered := 0
	for i := 0; i < 2000 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
		s.Step()
		q := pr.Q
		if q == nil {
			continue
		}
		if answered >= 8 && len(q.Options) == searchview.PredictOptions {
			break
		}
		pick := 0
		for j, o := range q.Options {
			if o.ID == q.Answer.ID {
				pick = j
			}
		}
		if answered == 5 {
			pick = (pick + 1) % len(q.Options) // a wrong answer
		}
		pr.Pick(pick)
		answered++
	}
	ready()
	return nil
}
