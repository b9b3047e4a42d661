package pdbview

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// Before a large table is built (a 7-tile group on the 15-puzzle: 57.6
// million entries, about 140 MB and 2 s; the 8-tile group of the 7-8
// preset: 518.9 million entries, about 1.2 GB and 20 s on two cores), the
// PDB view says what it costs and asks; small builds start at once.

// buildPlan lists the tables a job of the given kind would build from
// scratch: the selected one unless it is under way, and for Run to end every
// unfinished table after it.
func (v *PDBView) buildPlan(kind pdbJobKind) []int {
	var plan []int
	if v.Builder == nil {
		plan = append(plan, v.Group)
	}
	if kind == jobRun {
		for i := range v.Part.Groups {
			if i != v.Group && v.Built[i] == nil {
				plan = append(plan, i)
			}
		}
	}
	return plan
}

// BuildCost describes what building tables costs, in words for the
// confirmation: entries, memory, a rough time.
func (v *PDBView) BuildCost(tables []int) string {
	var total, largest uint64
	for _, i := range tables {
		e := v.groupEntries(i)
		total += e
		largest = max(largest, e)
	}
	what := fmt.Sprintf("Table %d (tiles %s) has", tables[0]+1, formatGroup(v.Part.Groups[tables[0]]))
	if len(tables) > 1 {
		what = fmt.Sprintf("The %d tables to build have", len(tables))
	}
	mem := v.additiveBuildMemory(tables, total)
	perEntry := catalog.BuildTimePerEntry
	if v.fringe {
		mem, perEntry = fringeBuildMemory(largest, total), fringeTimePerEntry
	}
	took := "under a second"
	if d := time.Duration(total) * perEntry; d >= time.Second {
		took = catalog.RoundDuration(d.Round(time.Second)).String()
	}
	return fmt.Sprintf("%s %s entries.\n\nBuilding needs about %s of memory (%s kept for the table afterwards)\n"+
		"and takes roughly %s: a rough estimate from the number of entries; it depends on the machine.\n"+
		"Once the build has run a few seconds, the progress line gives the time left from the speed measured on this machine.\n\n"+
		"Cancel stops the build at any time.",
		what, toolkit.FormatCount(total), toolkit.FormatBytes(mem), toolkit.FormatBytes(total*catalog.TableBytesPerEntry), took)
}

// additiveBuildMemory is the memory of building the additive tables
// listed, total entries in all: every table, and the largest builder's
// search arrays besides its table (pdb.BuilderMemory).
func (v *PDBView) additiveBuildMemory(tables []int, total uint64) uint64 {
	var scratch uint64
	for _, i := range tables {
		k := len(v.Part.Groups[i])
		scratch = max(scratch, pdb.BuilderMemory(v.Part.Size, k)-catalog.TableEntries(v.Part.Size, k))
	}
	return total*catalog.TableBytesPerEntry + scratch
}

// confirmBuild asks before a job that would build a table of at least
// confirmEntries entries, calling build if the teacher agrees; it reports
// whether it asked (the caller then does nothing more).
func (v *PDBView) confirmBuild(kind pdbJobKind, build func()) bool {
	plan := v.buildPlan(kind)
	large := false
	for _, i := range plan {
		if v.groupEntries(i) >= v.confirmAbove() {
			large = true
		}
	}
	if !large || v.Win == nil || v.Win() == nil {
		return false
	}
	msg := widget.NewLabel(v.BuildCost(plan))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Build a large table?", "Build", "Cancel", msg, func(ok bool) {
		v.confirm = nil
		if ok {
			build()
		} else {
			v.setStatus("Build not started.")
		}
	}, v.Win())
	d.Resize(fyne.NewSize(520, msg.MinSize().Height))
	v.confirm = d
	d.Show()
	return true
}

// DismissConfirm closes the build's confirmation as Cancel does, and
// reports whether one was open (Escape, pressed by the window).
func (v *PDBView) DismissConfirm() bool {
	if v.confirm == nil {
		return false
	}
	v.confirm.Hide() // calls back as Cancel
	return true
}

// confirmAbove returns the table size from which a build asks first.
func (v *PDBView) confirmAbove() uint64 {
	if v.AskAbove > 0 {
		return v.AskAbove
	}
	return catalog.ConfirmEntries
}
