package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Fringe (non-additive) tables in the pattern-database view: a choice of
// kind above the partition, the fringe presets of core/pdb, typed or tapped
// groups (disjoint here, for the colours; the command line also takes
// overlapping ones), a layer-by-layer build by pdb.FringeBuilder with its own
// pseudocode, and the finished tables handed to the store, from which the
// heuristic menus offer them alone and in a maximum with linear conflict.

// Labels of the kind selector.
const (
	KindAdditiveLabel = "Additive"
	KindFringeLabel   = "Fringe"
)

// layerBuilder is what the view's layer jobs drive: a pdb.Builder for an
// additive table or a pdb.FringeBuilder for a fringe one.
type layerBuilder interface {
	Step(context.Context) (pdb.LayerStats, bool, error)
	Layers() []pdb.Layer
	Table() (*pdb.Table, error)
	Frontier(max int) []pdb.State
}

// newLayerBuilder starts the table of group i of p.
func newLayerBuilder(fringe bool, p pdb.Partition, i int) (layerBuilder, error) {
	if fringe {
		return pdb.NewFringeBuilder(p.Size, p.Goal, p.Groups[i])
	}
	return pdb.NewBuilder(p.Size, p.Goal, p.Groups[i])
}

// fringeBlank is 1 when a pattern holds the blank too (fringe), else 0.
func fringeBlank(fringe bool) int {
	if fringe {
		return 1
	}
	return 0
}

// groupEntries is the size of group i's table.
func (v *PDBView) groupEntries(i int) uint64 {
	return catalog.TableEntries(v.Part.Size, len(v.Part.Groups[i])+fringeBlank(v.fringe))
}

// newKindSelect makes the additive / fringe choice.
func (v *PDBView) newKindSelect() {
	v.KindSelect = widget.NewSelect([]string{KindAdditiveLabel, KindFringeLabel}, func(s string) {
		if fringe := s == KindFringeLabel; fringe != v.fringe {
			v.SetFringe(fringe)
		}
	})
	v.KindSelect.Selected = KindAdditiveLabel
}

// SetFringe switches between additive and fringe tables: any build stops
// and the first preset of the kind is shown.
func (v *PDBView) SetFringe(fringe bool) {
	v.Cancel()
	v.fringe = fringe
	want := KindAdditiveLabel
	lines := pdb.BuildPseudocode()
	if fringe {
		want = KindFringeLabel
		lines = pdb.FringePseudocode()
	}
	if v.KindSelect.Selected != want {
		v.KindSelect.SetSelected(want) // calls back, finds the kind set
	}
	if v.States != nil {
		setCodeLines(v.States.Code, lines)
	}
	v.sizeChanged()
	v.syncStates()
}

// Fringe reports whether the view builds fringe tables.
func (v *PDBView) Fringe() bool { return v.fringe }

// setCodeLines replaces the lines of a code view.
func setCodeLines(c *codeView, lines []string) {
	fresh := newCodeView(lines)
	c.grid.SetText(fresh.grid.Text())
	c.N, c.line = fresh.N, 0
	c.Highlight(0, nil)
}

// fringeSizeChanged offers the fringe presets that the view can build for
// the selected size, then the custom entry, and shows the first.
func (v *PDBView) fringeSizeChanged() {
	s, goal := v.selectedSize(), v.session.Goal()
	var labels, names []string
	for _, info := range pdb.FringePresetsFor(s) {
		f, err := pdb.FringePreset(info.Name, s, goal)
		if err != nil || CheckGUISize(pdb.Partition{Size: s, Goal: goal, Groups: f.Groups}, true) != nil {
			continue // the 7-tile fringe is for the command line
		}
		labels = append(labels, fmt.Sprintf("%s: %s", info.Label, f))
		names = append(names, info.Name)
	}
	labels = append(labels, customPartition)
	names = append(names, "")
	v.fringeNames = names
	v.PartitionSelect.Options = labels
	v.PartitionSelect.Selected = labels[0]
	v.PartitionSelect.Refresh()
	if names[0] == "" {
		// No preset fits this size: start with the tiles farthest from the blank.
		p, err := parseFringeGroups(fmt.Sprint(board.Solved(s, goal).At(0)), s, goal)
		if err == nil {
			v.setPartition(p)
		}
		if s.Cells() > board.SmallCells {
			v.showError(fmt.Sprintf("Fringe tables are built for boards of up to %d cells; on the %s choose the Additive kind (6-6-6-6).", board.SmallCells, toolkit.SizeLabel(s)))
		}
		return
	}
	v.fringePresetChosen(0)
}

// fringePresetChosen shows fringe preset i of the selector (nothing for the
// custom entry).
func (v *PDBView) fringePresetChosen(i int) {
	if i < 0 || i >= len(v.fringeNames) || v.fringeNames[i] == "" {
		return
	}
	f, err := pdb.FringePreset(v.fringeNames[i], v.selectedSize(), v.session.Goal())
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.setPartition(pdb.Partition(f))
}

// parseFringeGroups reads typed fringe groups for the view: the syntax of
// pdb.ParseFringe, with disjoint groups (each gets its own colour here).
func parseFringeGroups(text string, s board.Size, g board.Goal) (pdb.Partition, error) {
	f, err := pdb.ParseFringe(text, s, g)
	if err != nil {
		return pdb.Partition{}, err
	}
	p := pdb.Partition{Size: s, Goal: g, Groups: f.Groups}
	if err := p.Validate(); err != nil {
		return pdb.Partition{}, fmt.Errorf("%w (this view colours disjoint groups; slidelab pdb build --fringe takes overlapping ones)", err)
	}
	return p, nil
}

// explainFringeLayer highlights the fringe pseudocode for a layer step and
// narrates it.
func (v *PDBView) explainFringeLayer(u layerUpdate) {
	ps := v.States
	var text string
	switch {
	case u.table != nil:
		ps.Code.Highlight(pdb.LineFringeReturn, []int{pdb.LineFringeWhile, pdb.LineFringeReturn})
		text = fmt.Sprintf("Fringe table %d is complete: the last layer reached no new state (%d layers; every entry is an exact distance of the pattern tiles and the blank).", u.group+1, len(u.layers))
	case u.stats.Cost == 0:
		ps.Code.Highlight(pdb.LineFringeQueues, []int{pdb.LineFringeProcedure, pdb.LineFringeInit, pdb.LineFringeQueues})
		text = "Layer 0: the goal placement of the pattern tiles with the blank in its goal cell; one state, one entry, table[goal] = 0."
	default:
		ps.Code.Highlight(pdb.LineFringeNextLayer, []int{pdb.LineFringeWhile, pdb.LineFringePop, pdb.LineFringeWrite, pdb.LineFringeForMoves,
			pdb.LineFringeSkip, pdb.LineFringePush, pdb.LineFringeIfEmpty, pdb.LineFringeNextLayer})
		text = fmt.Sprintf("Step layer moved the blank once from every state of layer %d (every move costs 1, with a pattern tile or not): layer %d holds %s new states, each its own entry, whose value is %d.",
			u.stats.Cost-1, u.stats.Cost, toolkit.FormatCount(u.stats.States), u.stats.Cost)
	}
	ps.Narration.SetText(text)
	v.addLog(text)
}

// andBlank is " and the blank" for fringe tables, whose entries place the
// blank too.
func (v *PDBView) andBlank() string {
	if v.fringe {
		return " and the blank"
	}
	return ""
}

// partitionWord names the groups in chart subtitles.
func (v *PDBView) partitionWord() string {
	if v.fringe {
		return "fringe patterns"
	}
	return "partition"
}

// costLabel is the frontier chart's x axis: fringe tables count every move.
func (v *PDBView) costLabel() string {
	if v.fringe {
		return "cost (moves of the blank: every move)"
	}
	return ""
}

// FringePresetLabel returns the display name of fringe preset name for size s.
func FringePresetLabel(name string, s board.Size) string {
	for _, info := range pdb.FringePresetsFor(s) {
		if info.Name == name {
			return info.Label
		}
	}
	return "fringe " + name
}

// newStateStepper starts the state-by-state build of group i of p: the
// 0-1 BFS of an additive table or the plain BFS of a fringe one.
func newStateStepper(fringe bool, p pdb.Partition, i int) (*pdb.StateStepper, error) {
	if fringe {
		return pdb.NewFringeStateStepper(p.Size, p.Goal, p.Groups[i])
	}
	return pdb.NewStateStepper(p.Size, p.Goal, p.Groups[i])
}

// fringeStatesLimit is statesLimit for fringe tables.
func (v *PDBView) fringeStatesLimit() string {
	g := v.Part.Groups[v.Group]
	if n := pdb.FringeStates(v.Part.Size, len(g)); n > pdb.MaxStepStates {
		return fmt.Sprintf("Step state is for small patterns: tiles %s and the blank have %s abstract states (at most %s: fringe patterns of up to 6 tiles on the 8-puzzle, 3 on the 15-puzzle). This table is built layer by layer.",
			formatGroup(g), toolkit.FormatCount(n), toolkit.FormatCount(pdb.MaxStepStates))
	}
	return ""
}

// blankAt is ", blank at C" for a fringe state (whose entry places the blank
// too), else "".
func blankAt(fringe bool, st pdb.State) string {
	if fringe {
		return fmt.Sprintf(", blank at %d", st.Blank)
	}
	return ""
}

// narrateFringeState says what a step of the fringe BFS did, in one sentence.
func narrateFringeState(tiles []int, st pdb.StateStep) string {
	switch st.Kind {
	case pdb.StepLayer:
		return fmt.Sprintf("Step %d: the current layer's queue is empty, so layer %d is done; the cost becomes %d and the next layer's %s states are the current queue now.",
			st.Seq, st.Cost-1, st.Cost, toolkit.FormatCount(uint64(st.Current)))
	case pdb.StepDone:
		return fmt.Sprintf("Step %d: both queues are empty, so the fringe table is complete: every reachable state of the pattern tiles and the blank holds its distance (at most %d).", st.Seq, st.Cost)
	}
	next, seen := 0, 0
	for _, m := range st.Moves {
		if m.Outcome == pdb.OutcomeSeen {
			seen++
		} else {
			next++
		}
	}
	s := fmt.Sprintf("Step %d: took the state [%s, blank at %d] from the current layer's queue and wrote its entry, %d (each state is its own entry, taken once)",
		st.Seq, placement(tiles, st.State), st.State.Blank, st.Cost)
	var parts []string
	if next > 0 {
		parts = append(parts, fmt.Sprintf("%d move%s to new states (cost 1, with a pattern tile or not) into the next layer", next, toolkit.Plural(next, "", "s")))
	}
	if seen > 0 {
		parts = append(parts, fmt.Sprintf("%d move%s to states seen before, skipped", seen, toolkit.Plural(seen, "", "s")))
	}
	return s + "; it tried " + strings.Join(parts, " and ") + "."
}

// fringeTimePerEntry is the rough build time of a fringe table per entry,
// measured with the 6-tile fringe on the 15-puzzle (57.7 million entries in
// 5.5 s on one busy core of the classroom machine).
const fringeTimePerEntry = 100 * time.Nanosecond

// fringeBuildMemory is the memory of a fringe build: three bit sets (3/8 of a
// byte an entry) for the largest table under way, and every table's byte an
// entry.
func fringeBuildMemory(largest, total uint64) uint64 {
	return largest*3/8 + total*catalog.TableBytesPerEntry
}
