package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Choosing the pattern-database view's partition: the board size, the presets
// (from core/pdb's table), a typed partition, and the editor board on which a
// click moves a tile between groups.

// selectedSize returns the size in the selector.
func (v *PDBView) selectedSize() board.Size {
	if i := v.SizeSelect.SelectedIndex(); i >= 0 && i < len(PdbSizes) {
		return PdbSizes[i]
	}
	return board.Size4x4
}

// presetLabels returns the selector entries for size s: its presets (from
// core/pdb's preset table, the default first) and the custom entry, with the
// preset behind each entry (the zero PresetInfo for the custom one).
func presetLabels(s board.Size, goal board.Goal) ([]string, []pdb.PresetInfo) {
	var labels []string
	var infos []pdb.PresetInfo
	for _, info := range pdb.PresetsFor(s) {
		if p, err := pdb.Preset(info.Name, s, goal); err == nil {
			labels = append(labels, fmt.Sprintf("%s: %s", info.Label, p))
			infos = append(infos, info)
		}
	}
	return append(labels, customPartition), append(infos, pdb.PresetInfo{})
}

// FirstPartition is the partition the view shows on boards of size s for
// goal once built, or once its size or goal changes (sizeChanged): the
// first preset, else the groups the board is coloured by. A session saved
// before the view was ever built records it.
func FirstPartition(s board.Size, goal board.Goal) pdb.Partition {
	for _, info := range pdb.PresetsFor(s) {
		if p, err := pdb.Preset(info.Name, s, goal); err == nil {
			return p
		}
	}
	return pdb.Partition{Size: s, Goal: goal, Groups: session.DefaultGroups(s, goal).Sets()}
}

// sizeChanged offers the presets for the selected size and goal, and shows
// the first (even when its label equals the one selected before).
func (v *PDBView) sizeChanged() {
	if v.fringe {
		v.fringeSizeChanged()
		return
	}
	labels, infos := presetLabels(v.selectedSize(), v.session.Goal())
	v.presets = infos
	v.PartitionSelect.Options = labels
	v.PartitionSelect.Selected = labels[0]
	v.PartitionSelect.Refresh()
	if infos[0].Name == "" {
		v.setPartition(FirstPartition(v.selectedSize(), v.session.Goal())) // no preset: the board's colour groups
		return
	}
	v.presetChosen(labels[0])
}

func (v *PDBView) presetChosen(label string) {
	i := slices.Index(v.PartitionSelect.Options, label)
	if v.fringe {
		v.fringePresetChosen(i)
		return
	}
	if i < 0 || i >= len(v.presets) || v.presets[i].Name == "" {
		return // the custom entry
	}
	p, err := pdb.Preset(v.presets[i].Name, v.selectedSize(), v.session.Goal())
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.setPartition(p)
}

// Apply reads the typed partition.
func (v *PDBView) Apply() {
	p, err := pdb.ParsePartition(v.PartitionEntry.Text, v.selectedSize(), v.session.Goal())
	if v.fringe {
		p, err = parseFringeGroups(v.PartitionEntry.Text, v.selectedSize(), v.session.Goal())
	}
	if err == nil {
		err = CheckGUISize(p, v.fringe)
	}
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.PartitionSelect.Selected = customPartition
	for _, l := range v.PartitionSelect.Options {
		if strings.HasSuffix(l, ": "+p.String()) {
			v.PartitionSelect.Selected = l
		}
	}
	v.PartitionSelect.Refresh()
	v.setPartition(p)
}

// CheckGUISize refuses tables too large to build inside the GUI.
func CheckGUISize(p pdb.Partition, fringe bool) error {
	n := p.Size.Cells()
	for _, g := range p.Groups {
		e := uint64(1)
		for i := 0; i < len(g)+fringeBlank(fringe); i++ {
			e *= uint64(n - i)
		}
		limit, what := uint64(guiMaxAdditive), "an 8-tile group on the 15-puzzle, 6 tiles on the 24-puzzle"
		if fringe {
			limit, what = guiMaxEntries, "7 tiles and the blank on the 15-puzzle"
		}
		if e > limit {
			return fmt.Errorf("group %s: %d entries is too large to build here (at most %d, %s); use `slidelab pdb build`",
				formatGroup(g), e, limit, what)
		}
	}
	return nil
}

// formatGroup writes tiles as "1,2,3".
func formatGroup(g []int) string {
	s := make([]string, len(g))
	for i, t := range g {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ",")
}

func (v *PDBView) showError(msg string) {
	toolkit.SetError(v.Error, msg)
}

// TapEditor moves the tapped tile to the next group (the last group's tiles
// leave the partition; ungrouped tiles join the first group).
func (v *PDBView) TapEditor(cell int) {
	if v.Busy() {
		return
	}
	t := board.Solved(v.Part.Size, v.session.Goal()).At(cell)
	if t == 0 {
		return
	}
	sets := v.Groups.Sets()
	from := v.Groups.Of(t)
	// Ungrouped -> group 1 -> group 2 -> ... -> a new group -> ungrouped.
	to := -1
	switch {
	case from < 0:
		to = 0
	case from < len(sets)-1:
		to = from + 1
	case len(sets[from]) > 1 && len(sets) < len(session.GroupPalette):
		to = len(sets)
	}
	if from >= 0 {
		sets[from] = removeTile(sets[from], t)
	}
	if to == len(sets) {
		sets = append(sets, nil)
	}
	if to >= 0 {
		sets[to] = append(sets[to], t)
	}
	var kept [][]int
	for _, s := range sets {
		if len(s) > 0 {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 {
		v.showError("A partition needs at least one tile.")
		return
	}
	p := pdb.Partition{Size: v.Part.Size, Goal: v.session.Goal(), Groups: kept}
	if err := p.Validate(); err != nil {
		v.showError(err.Error())
		return
	}
	if err := CheckGUISize(p, v.fringe); err != nil {
		v.showError(err.Error())
		return
	}
	v.PartitionSelect.Selected = customPartition
	v.PartitionSelect.Refresh()
	v.setPartition(p)
}

func removeTile(set []int, t int) []int {
	out := set[:0]
	for _, x := range set {
		if x != t {
			out = append(out, x)
		}
	}
	return out
}

// setPartition shows p: nothing is built yet unless the store has it.
func (v *PDBView) setPartition(p pdb.Partition) {
	v.Cancel()
	if v.Part.Groups != nil {
		v.Store.ViewBuildEnded(v.Part) // a table under way is left
	}
	v.showError("")
	v.Part = p
	g, err := session.NewGroups(p.Size, p.Groups)
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.Groups = g
	v.PartitionEntry.SetText(p.String())
	v.Built = make([]*pdb.Table, len(p.Groups))
	v.Layers = make([][]pdb.Layer, len(p.Groups))
	v.Builder, v.last = nil, nil
	if db := v.Store.DB(p); db != nil && !v.fringe {
		for i, t := range db.Tables {
			v.Built[i] = t
			v.Layers[i] = t.Layers()
		}
	}
	if tables := v.Store.Fringe(p); tables != nil && v.fringe {
		for i, t := range tables {
			v.Built[i] = t
			v.Layers[i] = t.Layers()
		}
	}
	solved := board.Solved(p.Size, p.Goal)
	v.Editor.SetGroups(g)
	v.Editor.SetBoard(solved)
	var labels []string
	for i, grp := range p.Groups {
		labels = append(labels, fmt.Sprintf("Table %d: tiles %s", i+1, formatGroup(grp)))
	}
	v.TableSelect.Options = labels
	v.Group = -1
	v.TableSelect.SetSelected(labels[0])
}

// ShowPartition shows partition p (its size and groups), as choosing a
// preset or typing the groups does.
func (v *PDBView) ShowPartition(p pdb.Partition) {
	if v.selectedSize() != p.Size {
		v.SizeSelect.SetSelected(toolkit.SizeLabel(p.Size)) // shows the size's first preset
	}
	v.PartitionEntry.SetText(p.String())
	v.Apply()
}
