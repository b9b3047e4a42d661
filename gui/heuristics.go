package gui

import (
	"context"
	"fmt"
	"sort"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// heuristicOptions lists the heuristics offered for boards of size s: those
// of core/search's registry that need no tables, the default preset pattern
// database for the size (with and without the reflected lookup on square
// boards), and any other database built in the pattern database view; all
// for the current goal. The default (see refreshHeuristics) is the preset
// database when the size has one that is small, cached or loaded, else the
// registry's default.
func (u *UI) heuristicOptions(s board.Size) []heuristicOption {
	goal := u.Settings.Goal
	var opts []heuristicOption
	for _, k := range search.HeuristicKinds() {
		if k.NeedsTables {
			continue
		}
		spec := search.HeuristicSpec{Kind: k}
		opts = append(opts, heuristicOption{label: spec.Label(), short: spec.String(), isDefault: k.Default,
			build: func() (search.Heuristic, error) {
				return spec.New(context.Background(), s, goal, search.HeuristicOptions{})
			}})
	}
	var parts []pdb.Partition
	var names []string
	if info, ok := pdb.DefaultPreset(s); ok {
		if p, err := pdb.Preset(info.Name, s, goal); err == nil {
			parts = append(parts, p)
			names = append(names, info.Label)
		}
	}
	for _, db := range u.pdbs.All(s) {
		if db.Partition.Goal != goal || len(parts) > 0 && partitionKey(db.Partition) == partitionKey(parts[0]) {
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
	if _, ok := pdb.DefaultPreset(s); ok && len(parts) > 0 && u.pdbs.loadsQuietly(parts[0]) {
		hasPreset = true
		for i := range opts {
			opts[i].isDefault = false
		}
	}
	for i, p := range parts {
		p, name := p, names[i]
		short := "pdb:" + pdbPartitionName(p)
		state := func() pdbState {
			return pdbState{name: name, status: u.pdbs.statusOf(p), fraction: u.pdbs.Fraction(p), ready: u.pdbs.DB(p) != nil}
		}
		opts = append(opts, heuristicOption{label: name + " pattern database", short: short, isDefault: i == 0 && hasPreset,
			build: func() (search.Heuristic, error) { return u.pdbHeuristic(p, name, false) }, database: state})
		if s.W == s.H {
			opts = append(opts, heuristicOption{label: name + " PDB + reflected lookup", short: short + search.ReflectSuffix, build: func() (search.Heuristic, error) {
				return u.pdbHeuristic(p, name, true)
			}, database: state})
		}
	}
	opts = append(opts, u.dynamicOptions(s)...)
	return append(opts, u.fringeOptions(s)...)
}

// pdbPartitionName names a partition as the command line does: a preset by
// its name ("663"), others by their groups.
func pdbPartitionName(p pdb.Partition) string {
	if info, ok := pdb.PresetOf(p); ok {
		return info.Name
	}
	return p.String()
}

// pdbHeuristic returns the heuristic of partition p once its database is
// ready; until then it starts the load and says how far it is.
func (u *UI) pdbHeuristic(p pdb.Partition, name string, reflect bool) (search.Heuristic, error) {
	db := u.pdbs.DB(p)
	if db == nil {
		if !u.pdbs.loadsQuietly(p) {
			return nil, notBuiltError(p, name) // large.go
		}
		u.pdbs.Ensure(u.ctx, p)
		return nil, notReadyError(fmt.Sprintf("the %s pattern database is not ready yet (%s); try again in a moment or pick another heuristic",
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

// notReadyError says that a pattern database is still loading or being
// built; it matches errPDBNotReady.
type notReadyError string

func (e notReadyError) Error() string { return string(e) }

// Is reports whether target is errPDBNotReady.
func (e notReadyError) Is(target error) bool { return target == errPDBNotReady }

// All returns the loaded databases for boards of size s, in a stable order.
func (s *pdbStore) All(size board.Size) []*pdb.DB {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*pdb.DB
	for _, db := range s.dbs {
		if db.Partition.Size == size {
			out = append(out, db)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Partition.String() < out[j].Partition.String() })
	return out
}
