package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/pdb"
)

// The pattern-database view's background work: a build steps a layer
// (Space), plays (P), runs to the end or is cancelled. The work function
// (work) runs off the Fyne goroutine and sees no widgets: it reports each
// layer as a layerUpdate, which the view draws on the Fyne goroutine.

// Step builds one cost layer of the selected table in the background.
func (v *PDBView) Step() { v.start(jobStep) }

// TogglePlay builds layer after layer at the chosen speed, or pauses after
// the current layer.
func (v *PDBView) TogglePlay() {
	if v.Builds.Running() {
		if !v.paused {
			v.paused = true
			close(v.pause)
			v.PlayButton.SetText("Play (P)")
		}
		return
	}
	v.start(jobPlay)
}

// RunToEnd builds the selected table and every unfinished one after it at
// full speed.
func (v *PDBView) RunToEnd() { v.start(jobRun) }

// Cancel stops the build; the unfinished table is discarded.
func (v *PDBView) Cancel() { v.Builds.Cancel() }

// Stop is Cancel; the window calls it when it closes.
func (v *PDBView) Stop() { v.Cancel() }

// setBusy switches the buttons.
func (v *PDBView) setBusy(kind pdbJobKind, on bool) {
	for _, w := range []fyne.Disableable{v.StepButton, v.RunButton, v.SizeSelect, v.PartitionSelect, v.TableSelect, v.ApplyButton, v.KindSelect} {
		toolkit.Enable(w, !on)
	}
	if on && kind == jobPlay {
		v.PlayButton.SetText("Pause (P)")
	} else {
		v.PlayButton.SetText("Play (P)")
	}
	toolkit.Enable(v.PlayButton, !on || kind == jobPlay)
	toolkit.Enable(v.CancelButton, on)
	if on && v.States != nil {
		v.States.Player.Pause()
	}
	v.stateButtons(on)
}

// layerUpdate is what a job hands to the Fyne goroutine after a layer.
type layerUpdate struct {
	group   int
	stats   pdb.LayerStats
	layers  []pdb.Layer
	sample  []pdb.State
	table   *pdb.Table // set when the table is finished
	builder layerBuilder
}

// start begins a build job of the given kind on the job runner. The work
// (buildLayers) gets copies of what it needs and functions that post to the
// Fyne goroutine; it cannot reach the view's widgets.
func (v *PDBView) start(kind pdbJobKind) {
	if v.Builds.Running() || v.Part.Groups == nil {
		return
	}
	if v.confirmBuild(kind, func() { v.startConfirmed(kind) }) {
		return
	}
	v.startConfirmed(kind)
}

// startConfirmed is start once a large build is confirmed (or needs no
// confirmation).
func (v *PDBView) startConfirmed(kind pdbJobKind) {
	if v.Builds.Running() || v.Part.Groups == nil {
		return
	}
	v.pause, v.paused = make(chan struct{}), false
	v.setBusy(kind, true)
	if v.Builder == nil {
		v.Layers[v.Group] = nil
		v.last = nil
	}
	job := pdbBuild{kind: kind, fringe: v.fringe, part: v.Part, group: v.Group, builder: v.Builder, speed: v.speed,
		cacheDir: v.Store.CacheDir, pause: v.pause}
	v.setStatus("Building…")
	v.LastDone = v.Builds.Start(func(ctx context.Context, post func(func())) error {
		return job.buildLayers(ctx, pdbBuildPosts{
			started: func(b layerBuilder, g int) {
				post(func() {
					v.Builder, v.Group = b, g
					v.TableSelect.Selected = v.TableSelect.Options[g]
					v.TableSelect.Refresh()
				})
			},
			show: func(u layerUpdate) <-chan struct{} {
				shown := make(chan struct{})
				post(func() {
					v.layerDone(u)
					close(shown)
				})
				return shown
			},
			built: func(j int) <-chan bool {
				ch := make(chan bool, 1)
				post(func() { ch <- v.Built[j] != nil })
				return ch
			},
		})
	}, v.jobEnded)
}

// pdbBuild is what a build job works on, copied from the view when it
// starts.
type pdbBuild struct {
	kind     pdbJobKind
	fringe   bool // build fringe tables
	part     pdb.Partition
	group    int
	builder  layerBuilder // the table under way, or nil to start group
	speed    float64      // layers a second while playing
	cacheDir string
	pause    <-chan struct{} // closed: stop after the current layer
}

// pdbBuildPosts are how a build job reaches the view: each posts to the Fyne
// goroutine (and does nothing once the job is replaced).
type pdbBuildPosts struct {
	// started shows that the job began building group g with b.
	started func(b layerBuilder, g int)
	// show draws a layer; the channel closes once it is on screen.
	show func(layerUpdate) <-chan struct{}
	// built answers whether table j is built already.
	built func(j int) <-chan bool
}

// buildLayers runs the job in the calling goroutine: one layer (Step),
// layers at a speed until paused (Play), or every table to the end (Run,
// drawing about ten times a second). It reaches the view only through posts.
func (bj pdbBuild) buildLayers(ctx context.Context, posts pdbBuildPosts) error {
	b, group, part := bj.builder, bj.group, bj.part
	lastDraw := time.Time{}
	for {
		if b == nil {
			var err error
			if b, err = newLayerBuilder(bj.fringe, part, group); err != nil {
				return err
			}
			posts.started(b, group)
		}
		ls, ok, err := b.Step(ctx)
		if err != nil {
			return err
		}
		u := layerUpdate{group: group, stats: ls, layers: b.Layers(), builder: b}
		if !ok {
			t, err := b.Table()
			if err != nil {
				return err
			}
			u.table = t
			saveTable(bj.cacheDir, t)
		} else if bj.kind != jobRun || time.Since(lastDraw) >= toolkit.RefreshEvery {
			u.sample = b.Frontier(sampleMax(part.Size))
		}
		if ok && bj.kind == jobRun && time.Since(lastDraw) < toolkit.RefreshEvery {
			continue
		}
		lastDraw = time.Now()
		shown := posts.show(u)
		if bj.kind != jobRun {
			// Step and Play wait until the layer is on screen, so Play never
			// outruns the display and a pause takes effect at once.
			select {
			case <-shown:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if !ok {
			if bj.kind != jobRun {
				return nil
			}
			next, err := nextUnbuilt(ctx, posts, len(part.Groups), group)
			if next < 0 || err != nil {
				return err
			}
			group, b = next, nil
			continue
		}
		if stop, err := bj.betweenLayers(ctx); stop {
			return err
		}
	}
}

// nextUnbuilt returns the first table after group (wrapping round) that is
// not built yet, or -1 when every one of the n tables is.
func nextUnbuilt(ctx context.Context, posts pdbBuildPosts, n, group int) (int, error) {
	for i := range n {
		j := (group + 1 + i) % n
		if j == group {
			continue
		}
		select {
		case done := <-posts.built(j):
			if !done {
				return j, nil
			}
		case <-ctx.Done():
			return -1, ctx.Err()
		}
	}
	return -1, nil
}

// betweenLayers ends a Step, waits a Play's interval (ending on a pause),
// and lets a Run go on; true when the job ends, with its error.
func (bj pdbBuild) betweenLayers(ctx context.Context) (bool, error) {
	switch bj.kind {
	case jobStep:
		return true, nil
	case jobPlay:
		t := time.NewTimer(time.Duration(float64(time.Second) / bj.speed))
		defer t.Stop()
		select {
		case <-bj.pause:
			return true, nil
		case <-ctx.Done():
			return true, ctx.Err()
		case <-t.C:
		}
	}
	return false, nil
}

// saveTable writes a finished table to the cache unless a file is there;
// failures only cost a rebuild next time.
func saveTable(dir string, t *pdb.Table) {
	if dir == "" {
		return
	}
	path := filepath.Join(dir, pdb.FileName(t.Size(), t.Goal(), t.Tiles()))
	if t.Kind() == pdb.KindFringe {
		path = filepath.Join(dir, pdb.FringeFileName(t.Size(), t.Goal(), t.PatternTiles()))
	}
	if _, err := os.Stat(path); err == nil {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	_ = t.Save(path)
}

// layerDone shows a finished layer (on the Fyne goroutine).
func (v *PDBView) layerDone(u layerUpdate) {
	v.Group = u.group
	v.Layers[u.group] = u.layers
	if u.table != nil {
		v.Built[u.group] = u.table
		v.Builder, v.last = nil, nil
		v.Pattern.SetCells(v.Part.Size, v.patternCells(u.group))
		v.Progress.SetValue(1)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d finished: %d cost layers, the last frontier had no successors.", u.group+1, len(u.layers)))
		v.setSamples(nil, 0, 0)
		v.allBuilt()
	} else {
		ls := u.stats
		v.last = &ls
		v.renderLayer(ls)
		if u.sample != nil {
			v.setSamples(u.sample, ls.Cost, ls.States)
		}
	}
	v.refreshCharts()
	v.refreshSummary()
	v.explainLayer(u)
	v.reportBuild(u)
	if v.OnLayer != nil && u.table == nil {
		v.OnLayer(u.stats.Cost)
	}
}

// allBuilt hands a complete database to the store (the search uses it).
func (v *PDBView) allBuilt() {
	for _, t := range v.Built {
		if t == nil {
			return
		}
	}
	if v.fringe {
		v.Store.PutFringe(v.Part, v.Built)
		return
	}
	db, err := pdb.NewDB(v.Part, v.Built)
	if err != nil {
		v.setStatus(err.Error())
		return
	}
	v.Store.Put(db)
	v.Store.ViewBuildEnded(v.Part)
}

// reportBuild tells the store how the build of the partition's tables is
// coming along after update u, so the other views' database lines show it
// (catalog.PDBStore.ViewBuild). Fringe tables are not the searches'
// additive databases: they are not reported.
func (v *PDBView) reportBuild(u layerUpdate) {
	if v.fringe {
		return
	}
	built := make([]bool, len(v.Built))
	all := true
	for i, t := range v.Built {
		built[i] = t != nil
		all = all && built[i]
	}
	if all {
		return // allBuilt put the database in the store
	}
	table, fraction, left := u.group, 0.0, time.Duration(0)
	if u.table == nil && u.stats.Entries > 0 {
		fraction = float64(u.stats.TotalEntries) / float64(u.stats.Entries)
		left, _, _ = v.timeLeft(u.stats)
	} else {
		table = slices.Index(built, false) // the next one to build
	}
	v.Store.ViewBuild(v.Part, catalog.ViewProgress{Built: built, Table: table, Fraction: fraction, Left: left})
}

// jobEnded restores the controls after a job.
func (v *PDBView) jobEnded(err error) {
	v.setBusy(jobStep, false)
	defer func() {
		// The chart and summary show every table again unless one is
		// still under way (paused between layers).
		v.refreshCharts()
		v.refreshSummary()
	}()
	switch {
	case err == nil:
		if v.Builder != nil {
			v.setStatus("Paused between layers. Step, Play or Run to go on.")
		} else {
			v.setStatus("Done.")
		}
	case errors.Is(err, context.Canceled):
		v.Store.ViewBuildEnded(v.Part)
		v.Builder, v.last = nil, nil
		v.Layers[v.Group] = nil
		if v.Built[v.Group] != nil {
			v.Layers[v.Group] = v.Built[v.Group].Layers()
		}
		v.setStatus("Cancelled: the unfinished table was discarded.")
		v.Progress.SetValue(0)
		v.setSamples(nil, 0, 0)
		v.refreshCharts()
	default:
		v.Store.ViewBuildEnded(v.Part)
		v.Builder, v.last = nil, nil
		v.setStatus("Build failed: " + err.Error())
	}
}

// BuildUnbuilt builds, with the view's progress, every table of the
// partition shown that is not built yet (an opened session's custom
// partition), asking first when that is large; it reports whether it
// started. Built tables are kept.
func (v *PDBView) BuildUnbuilt() bool {
	if v.Builds.Running() {
		return false
	}
	for i, t := range v.Built {
		if t == nil && i < len(v.TableSelect.Options) {
			if i != v.Group {
				v.TableSelect.SetSelected(v.TableSelect.Options[i])
			}
			v.RunToEnd()
			return true
		}
	}
	return false
}
