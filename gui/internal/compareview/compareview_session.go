package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// snapshot returns the view's set up as a session file holds it.
func (v *CompareView) Snapshot() (*sessionfile.Compare, error) {
	c := &sessionfile.Compare{Set: compareSetNames[v.SetSelect.Selected], Algorithm: catalog.SelectedAlgorithm(v.AlgorithmSelect)}
	var o compare.Options
	if v.CostSelect.Selected == costTile {
		o.Cost = search.TileCost
	}
	v.applyAlgorithm(&o) // only the parameters the algorithm takes, as slidelab compare's flags
	c.Params = sessionfile.CompareParams{Weight: o.Weight, DepthLimit: o.DepthLimit, CycleCheck: o.CycleCheck, MemoryNodes: o.MemoryNodes, Cost: o.Cost}
	if c.Set == "" {
		return nil, errors.New("no instance set chosen")
	}
	if c.Set == sessionfile.SetFile {
		if v.FilePath == "" {
			c.Set = sessionfile.SetClassroom // no file loaded: nothing to save of it
		} else {
			c.File = toolkit.AbsPath(v.FilePath)
		}
	}
	var err error
	whole := func(name, text string, max int) int {
		n, e := strconv.Atoi(strings.TrimSpace(text))
		if e != nil || n < 0 || n > max {
			err = errors.Join(err, fmt.Errorf("%s %q: want a whole number from 0 to %d", name, text, max))
		}
		return n
	}
	c.Count = whole("count", v.CountEntry.Text, sessionfile.MaxCount)
	c.Moves = whole("moves", v.WalkEntry.Text, sessionfile.MaxMoves)
	if n, e := strconv.ParseUint(strings.TrimSpace(v.SeedEntry.Text), 10, 64); e != nil {
		err = errors.Join(err, fmt.Errorf("seed %q: want a whole number >= 0", v.SeedEntry.Text))
	} else {
		c.Seed = n
	}
	if n, e := strconv.ParseUint(strings.TrimSpace(v.NodeLimitEntry.Text), 10, 64); e != nil {
		err = errors.Join(err, fmt.Errorf("node limit %q: want a whole number (0: none)", v.NodeLimitEntry.Text))
	} else {
		c.NodeLimit = n
	}
	if f, e := strconv.ParseFloat(strings.TrimSpace(v.TimeoutEntry.Text), 64); e != nil || f < 0 || math.IsInf(f, 0) {
		err = errors.Join(err, fmt.Errorf("seconds a run %q: want a number (0: none)", v.TimeoutEntry.Text))
	} else {
		c.Seconds = f
	}
	if err != nil {
		return nil, err
	}
	for _, o := range v.heuristics(v.SetSize()) {
		if slices.Contains(v.Heuristics.Selected, o.Label) {
			h, err := search.ParseHeuristic(o.Short)
			if err != nil {
				return nil, fmt.Errorf("heuristic %s: %w", o.Label, err)
			}
			c.Heuristics = append(c.Heuristics, h)
		}
	}
	return c, nil
}

// restore shows a set up read from a session file (c nil: only the
// instance file): set is the instance file's boards, already read, for
// the file set.
func (v *CompareView) Restore(c *sessionfile.Compare, set *compare.Set, path string) {
	v.Stop() // a comparison under way was set up for what the window showed before
	if set != nil {
		converted := strings.Contains(set.Name, "converted")
		own := *set // the caller's set keeps its name
		set = &own
		set.Name = filepath.Base(path)
		v.FileSet, v.FilePath = set, path
		label := fmt.Sprintf("%s: %d instances, %s", set.Name, len(set.Instances), set.Instances[0].Board.Size())
		if converted {
			label += fmt.Sprintf(", converted for the %s goal", set.Goal)
		}
		if k := len(set.Skipped); k > 0 {
			label += fmt.Sprintf("; %d bad %s skipped", k, toolkit.Plural(k, "line", "lines"))
		}
		v.FileLabel.SetText(label)
		v.showError(toolkit.SkippedText(set.Skipped))
	}
	want := SetFile
	if c != nil {
		for label, name := range compareSetNames {
			if name == c.Set {
				want = label
			}
		}
	}
	if v.SetSelect.Selected != want {
		v.SetSelect.SetSelected(want) // calls setChanged
	} else {
		v.setChanged()
	}
	if c == nil {
		return
	}
	v.CountEntry.SetText(strconv.Itoa(c.Count))
	v.SeedEntry.SetText(strconv.FormatUint(c.Seed, 10))
	v.WalkEntry.SetText(strconv.Itoa(c.Moves))
	v.NodeLimitEntry.SetText(strconv.FormatUint(c.NodeLimit, 10))
	v.TimeoutEntry.SetText(strconv.FormatFloat(c.Seconds, 'f', -1, 64))
	p := catalog.DefaultAlgorithmParams // what the file leaves out
	if c.Params.Weight != 0 {
		p.Weight = c.Params.Weight
	}
	if c.Params.MemoryNodes != 0 {
		p.MemoryNodes = c.Params.MemoryNodes
	}
	p.DepthLimit, p.CycleCheck = c.Params.DepthLimit, c.Params.CycleCheck
	v.Params.Set(p)
	v.CostSelect.SetSelected(costUnit)
	if c.Params.Cost == search.TileCost {
		v.CostSelect.SetSelected(costTile)
	}
	v.AlgorithmSelect.SetSelected(catalog.LabelOf(c.Algorithm))
	v.Params.Follow(c.Algorithm)
	v.Heuristics.SetSelected(nil) // the file's heuristics only (check adds them)
}

// check checks the heuristic labelled label.
func (v *CompareView) Check(label string) {
	if !slices.Contains(v.Heuristics.Selected, label) {
		v.Heuristics.SetSelected(append(slices.Clone(v.Heuristics.Selected), label))
	}
}

// compareSetNames maps the comparison view's sets to their names in a
// session file.
var compareSetNames = map[string]string{
	SetClassroom: sessionfile.SetClassroom,
	SetKorf:      sessionfile.SetKorf,
	SetRandom8:   sessionfile.SetRandom8,
	SetWalks:     sessionfile.SetWalks,
	SetWalks24:   sessionfile.SetWalks24,
	SetFile:      sessionfile.SetFile,
}
