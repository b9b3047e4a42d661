package gui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// TogglePlay builds layer after layer at the chosen speed, or pauses.
func (v *PDBView) TogglePlay() {
	if v.job != nil {
		if !v.job.paused {
			v.job.paused = true
			close(v.job.pause)
			v.PlayButton.SetText("Play (P)")
		}
		return
	}
	v.start(jobPlay)
}

// RunToEnd builds the selected table and every unfinished one after it at
// full speed.
func (v *PDBView) RunToEnd() { v.start(jobRun) }

// Cancel stops the background work; a table cut off mid-layer is discarded.
func (v *PDBView) Cancel() {
	if v.job == nil {
		return
	}
	v.job.cancel()
}

// Stop is Cancel; the view calls it when it is left or the window closes.
func (v *PDBView) Stop() { v.Cancel() }

// setBusy switches the buttons.
func (v *PDBView) setBusy(kind pdbJobKind, on bool) {
	for _, w := range []fyne.Disableable{v.StepButton, v.RunButton, v.SizeSelect, v.PartitionSelect, v.TableSelect, v.ApplyButton} {
		if on {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	if on && kind == jobPlay {
		v.PlayButton.SetText("Pause (P)")
	} else {
		v.PlayButton.SetText("Play (P)")
	}
	if on && kind != jobPlay {
		v.PlayButton.Disable()
	} else {
		v.PlayButton.Enable()
	}
	if on {
		v.CancelButton.Enable()
	} else {
		v.CancelButton.Disable()
	}
}

// layerUpdate is what a job hands to the Fyne goroutine after a layer.
type layerUpdate struct {
	group   int
	stats   pdb.LayerStats
	layers  []pdb.Layer
	sample  []pdb.State
	table   *pdb.Table // set when the table is finished
	builder *pdb.Builder
}

// start launches a job on the selected table.
func (v *PDBView) start(kind pdbJobKind) {
	if v.job != nil || v.part.Groups == nil {
		return
	}
	ctx, cancel := context.WithCancel(v.ctx)
	job := &pdbJob{cancel: cancel, pause: make(chan struct{}), done: make(chan struct{})}
	v.job = job
	v.lastDone = job.done
	v.setBusy(kind, true)
	if v.builder == nil {
		v.layers[v.group] = nil
		v.last = nil
	}
	part, group, b := v.part, v.group, v.builder
	speed := v.speed
	cacheDir := v.store.cacheDir
	v.setStatus("Building…")
	go func() {
		defer close(job.done)
		defer cancel()
		err := v.work(ctx, job, kind, part, group, b, speed, cacheDir)
		v.do(func() { v.jobEnded(job, err) })
	}()
}

// work runs in the job's goroutine: it owns the builders it uses.
func (v *PDBView) work(ctx context.Context, job *pdbJob, kind pdbJobKind, part pdb.Partition, group int,
	b *pdb.Builder, speed float64, cacheDir string) error {
	lastDraw := time.Time{}
	for {
		if b == nil {
			var err error
			if b, err = pdb.NewBuilder(part.Size, part.Goal, part.Groups[group]); err != nil {
				return err
			}
			bb, g := b, group
			v.do(func() {
				if v.job == job {
					v.builder, v.group = bb, g
					v.TableSelect.Selected = v.TableSelect.Options[g]
					v.TableSelect.Refresh()
				}
			})
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
			saveTable(cacheDir, t)
		} else if kind != jobRun || time.Since(lastDraw) >= refreshEvery {
			u.sample = b.Frontier(sampleMax(part.Size))
		}
		if ok && kind == jobRun && time.Since(lastDraw) < refreshEvery {
			continue
		}
		lastDraw = time.Now()
		shown := make(chan struct{})
		v.do(func() {
			if v.job == job {
				v.layerDone(u)
			}
			close(shown)
		})
		if kind != jobRun {
			// Step and Play wait until the layer is on screen, so Play never
			// outruns the display and a pause takes effect at once.
			select {
			case <-shown:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if !ok {
			if kind != jobRun {
				return nil
			}
			next := -1
			for i := range part.Groups {
				j := (group + 1 + i) % len(part.Groups)
				if j != group && !v.tableBuilt(job, j) {
					next = j
					break
				}
			}
			if next < 0 {
				return nil
			}
			group, b = next, nil
			continue
		}
		switch kind {
		case jobStep:
			return nil
		case jobPlay:
			t := time.NewTimer(time.Duration(float64(time.Second) / speed))
			select {
			case <-job.pause:
				t.Stop()
				return nil
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
	}
}

// tableBuilt asks the Fyne goroutine whether table j is finished.
func (v *PDBView) tableBuilt(job *pdbJob, j int) bool {
	ch := make(chan bool, 1)
	v.do(func() { ch <- v.job == job && v.built[j] != nil })
	select {
	case b := <-ch:
		return b
	case <-job.done:
		return true
	}
}

// saveTable writes a finished table to the cache unless a file is there;
// failures only cost a rebuild next time.
func saveTable(dir string, t *pdb.Table) {
	if dir == "" {
		return
	}
	path := filepath.Join(dir, pdb.FileName(t.Size(), t.Goal(), t.Tiles()))
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
	v.group = u.group
	v.layers[u.group] = u.layers
	if u.table != nil {
		v.built[u.group] = u.table
		v.builder, v.last = nil, nil
		v.Pattern.SetCells(v.part.Size, v.patternCells(u.group))
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
	if v.onLayer != nil && u.table == nil {
		v.onLayer(u.stats.Cost)
	}
}

// allBuilt hands a complete database to the store (the search uses it).
func (v *PDBView) allBuilt() {
	for _, t := range v.built {
		if t == nil {
			return
		}
	}
	db, err := pdb.NewDB(v.part, v.built)
	if err != nil {
		v.setStatus(err.Error())
		return
	}
	v.store.Put(db)
}

// jobEnded restores the controls after a job.
func (v *PDBView) jobEnded(job *pdbJob, err error) {
	if v.job != job {
		return
	}
	v.job = nil
	v.setBusy(jobStep, false)
	switch {
	case err == nil:
		if v.builder != nil {
			v.setStatus("Paused between layers. Step, Play or Run to go on.")
		} else {
			v.setStatus("Done.")
		}
	case errors.Is(err, context.Canceled):
		v.builder, v.last = nil, nil
		v.layers[v.group] = nil
		if v.built[v.group] != nil {
			v.layers[v.group] = v.built[v.group].Layers()
		}
		v.setStatus("Cancelled: the unfinished table was discarded.")
		v.Progress.SetValue(0)
		v.setSamples(nil, 0, 0)
		v.refreshCharts()
	default:
		v.builder, v.last = nil, nil
		v.setStatus("Build failed: " + err.Error())
	}
}
