package gui

import (
	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"fmt"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// heuristicOptions lists the heuristics offered for boards of size s: those
// of core/search's registry that need no tables, the default preset pattern
// database for the size (with and without the reflected lookup on square
// boards), and any other database built in the pattern database view; all
// for the current goal; the heuristics that may overestimate come last,
// marked "(inadmissible)". The default (see refreshHeuristics) is the preset
// database when the size has one that is small, cached or loaded, else the
// registry's default.
func (u *UI) heuristicOptions(s board.Size) []catalog.HeuristicOption {
	goal := u.Settings.Goal
	opts := catalog.RegistryOptions(s, goal)
	var parts []pdb.Partition
	var names []string
	if info, ok := pdb.DefaultPreset(s); ok {
		if p, err := pdb.Preset(info.Name, s, goal); err == nil {
			parts = append(parts, p)
			names = append(names, info.Label)
		}
	}
	for _, db := range u.pdbs.All(s) {
		if db.Partition.Goal != goal || len(parts) > 0 && catalog.PartitionKey(db.Partition) == catalog.PartitionKey(parts[0]) {
			continue
		}
		name := db.Partition.String()
		if info, ok := pdb.PresetOf(db.Partition); ok {
			name = info.Label
		}
		parts = append(parts, db.Partition)
		names = append(names, name)
	}
	// The preset is the default unless it is a large database not yet
	// built (the 24-puzzle's 6-6-6-6, large.go): Manhattan distance then.
	hasPreset := false
	if _, ok := pdb.DefaultPreset(s); ok && len(parts) > 0 && u.pdbs.LoadsQuietly(parts[0]) {
		hasPreset = true
		for i := range opts {
			opts[i].IsDefault = false
		}
	}
	for i, p := range parts {
		p, name := p, names[i]
		short := "pdb:" + catalog.PDBPartitionName(p)
		state := func() catalog.PDBState {
			return catalog.PDBState{Name: name, Status: u.pdbs.StatusOf(p), Fraction: u.pdbs.Fraction(p), Ready: u.pdbs.DB(p) != nil}
		}
		opts = append(opts, catalog.HeuristicOption{Label: name + " pattern database", Short: short, IsDefault: i == 0 && hasPreset,
			Build: func() (search.Heuristic, error) { return u.pdbHeuristic(p, name, false) }, Database: state})
		if s.W == s.H {
			opts = append(opts, catalog.HeuristicOption{Label: name + " PDB + reflected lookup", Short: short + search.ReflectSuffix, Build: func() (search.Heuristic, error) {
				return u.pdbHeuristic(p, name, true)
			}, Database: state})
		}
	}
	opts = append(opts, u.dynamicOptions(s)...)
	// The heuristics that lie, for teaching, come last (catalog.AdmissibleFirst).
	return catalog.AdmissibleFirst(append(opts, u.fringeOptions(s)...))
}

// pdbHeuristic returns the heuristic of partition p once its database is
// ready; until then it starts the load and says how far it is.
func (u *UI) pdbHeuristic(p pdb.Partition, name string, reflect bool) (search.Heuristic, error) {
	db := u.pdbs.DB(p)
	if db == nil {
		if !u.pdbs.LoadsQuietly(p) {
			return nil, catalog.NotBuiltError(p, name) // large.go
		}
		u.pdbs.Ensure(u.ctx, p)
		return nil, catalog.NotReadyError(fmt.Sprintf("the %s pattern database is not ready yet (%s); try again in a moment or pick another heuristic",
			name, u.pdbs.Status(p)))
	}
	// search's own PDB heuristic, so that IDA* runs its specialised kernels
	// and the counts equal those of slidelab solve.
	var h search.Heuristic
	h, err := search.NewPDB(db)
	if err != nil {
		return nil, fmt.Errorf("the %s pattern database: %w", name, err)
	}
	if reflect {
		return search.NewReflected(h, p.Size, p.Goal)
	}
	return h, nil
}

// dynamicOptions lists dpdb:pairs and dpdb:triples for the 8- and
// 15-puzzle (the boards they are meant for; the tables exist for any size
// up to 4x4). Choosing one starts its build; until it is ready the option
// says how far the build is, as a pattern database's does. The reflected
// lookup is not offered: all pairs (triples) of a board and of its mirror
// image are the same groups, so it never changes the value.
func (u *UI) dynamicOptions(s board.Size) []catalog.HeuristicOption {
	if s != board.Size3x3 && s != board.Size4x4 {
		return nil
	}
	goal := u.Settings.Goal
	var opts []catalog.HeuristicOption
	for _, triples := range []bool{false, true} {
		spec, err := search.ParseHeuristic(search.DynamicKind + ":" + catalog.DynSetName(triples))
		if err != nil {
			continue
		}
		triples := triples
		opts = append(opts, catalog.HeuristicOption{Label: spec.Label(), Short: spec.String(),
			Build: func() (search.Heuristic, error) {
				if h := u.dyns.Heuristic(s, goal, triples); h != nil {
					return h, nil
				}
				u.dyns.Ensure(u.ctx, s, goal, triples)
				st := u.dyns.State(s, goal, triples)
				return nil, catalog.NotReadyError(fmt.Sprintf("the tables of %s are not ready yet (%s); try again in a moment or pick another heuristic",
					st.Name, st.Status))
			},
			Database: func() catalog.PDBState { return u.dyns.State(s, goal, triples) }})
	}
	return opts
}

// demoDynamic shows IDA* with dpdb:triples on the puzzle view a dozen steps
// in, with the h overlay showing the cover (Demo's "dpdb"), once the tables
// are built.
func (u *UI) demoDynamic(ready func()) error {
	s, g := board.Size4x4, u.Settings.Goal
	if u.Session.Board().Size() != s {
		return fmt.Errorf("the dpdb demo needs a 15-puzzle board")
	}
	u.Search.AlgorithmSelect.SetSelected("IDA*")
	u.dyns.Ensure(u.ctx, s, g, true)
	go func() {
		for u.dyns.Heuristic(s, g, true) == nil {
			select {
			case <-u.ctx.Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
		u.do(func() {
			if err := u.Search.SelectHeuristic(search.DynamicKind + ":" + search.DynamicTriples); err != nil {
				return
			}
			u.Search.ShowH.SetChecked(true)
			for range 12 {
				u.Search.Step()
			}
			ready()
		})
	}()
	return nil
}

// fringeSmall is the largest fringe preset the heuristic menus build on
// demand (in milliseconds, or read from the cache); larger fringe tables
// appear once the pattern database view has built them.
const fringeSmall = 1_000_000

// fringeOptions lists the fringe heuristics for boards of size s: the small
// presets, built on demand, and the sets built in the pattern database view,
// each alone and in a maximum with linear conflict.
func (u *UI) fringeOptions(s board.Size) []catalog.HeuristicOption {
	goal := u.Settings.Goal
	var opts []catalog.HeuristicOption
	seen := map[string]bool{}
	add := func(name, label string, make func() (search.Heuristic, error)) {
		if seen[name] {
			return
		}
		seen[name] = true
		opts = append(opts, catalog.HeuristicOption{Label: label + " PDB", Short: "fringe:" + name, Build: make})
		opts = append(opts, catalog.HeuristicOption{Label: "max(" + label + ", linear conflict)", Short: "max(fringe:" + name + ",linear-conflict)",
			Build: func() (search.Heuristic, error) {
				h, err := make()
				if err != nil {
					return nil, err
				}
				lc, err := search.NewLinearConflict(s, goal)
				if err != nil {
					return nil, err
				}
				return search.NewMax(h, lc)
			}})
	}
	for _, fs := range u.pdbs.AllFringe(s, goal) {
		fs := fs
		name, label := fs.Set.String(), "fringe "+fs.Set.String()
		if preset, ok := fs.Set.PresetName(); ok {
			name, label = preset, pdbview.FringePresetLabel(preset, s)
		}
		add(name, label, func() (search.Heuristic, error) { return search.NewFringe(fs.Set, fs.Tables) })
	}
	for _, info := range pdb.FringePresetsFor(s) {
		f, err := pdb.FringePreset(info.Name, s, goal)
		if err != nil || len(f.Groups) != 1 || pdb.FringeEntries(s.Cells(), len(f.Groups[0])) > fringeSmall {
			continue
		}
		name := info.Name
		cache := u.pdbs.CacheDir
		add(name, info.Label, func() (search.Heuristic, error) {
			return search.NewHeuristic(u.ctx, "fringe:"+name, s, goal, search.HeuristicOptions{CacheDir: cache})
		})
	}
	return opts
}

// offerBuild offers to build the pattern database of p that the search
// waits for (Step, Space or Run to end with its tables unbuilt): the
// pattern database view shows p and asks, with the build's cost, over the
// puzzle tab, which then shows the build's progress. Nothing while a
// dialog is open (a second Space) or the view builds.
func (u *UI) offerBuild(p pdb.Partition) {
	if u.Window == nil || u.Window.Canvas().Overlays().Top() != nil || (u.PDB != nil && u.PDB.Busy()) {
		return
	}
	v := u.pdb()
	v.ShowPartition(p)
	v.BuildUnbuilt()
}
