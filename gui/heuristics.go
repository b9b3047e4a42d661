package gui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// heuristicOptions lists the heuristics offered for boards of size s: the
// three classic ones, the preset pattern database for the size (with and
// without the reflected lookup on square boards), and any other database
// built in the pattern database view; all for the current goal.
func (u *UI) heuristicOptions(s board.Size) []heuristicOption {
	goal := u.Settings.Goal
	opts := []heuristicOption{
		{label: "Hamming (misplaced tiles)", short: "hamming", build: func() (search.Heuristic, error) { return search.NewHamming(s, goal) }},
		{label: "Manhattan distance", short: "manhattan", build: func() (search.Heuristic, error) { return search.NewManhattan(s, goal) }},
		{label: "Linear conflict", short: "linear-conflict", build: func() (search.Heuristic, error) { return search.NewLinearConflict(s, goal) }},
	}
	var parts []pdb.Partition
	var names, shorts []string
	if name, label := presetFor(s); name != "" {
		if p, err := pdb.Preset(name, s, goal); err == nil {
			parts = append(parts, p)
			names = append(names, label)
			shorts = append(shorts, "pdb:"+name)
		}
	}
	for _, db := range u.pdbs.All(s) {
		if db.Partition.Goal != goal || len(parts) > 0 && partitionKey(db.Partition) == partitionKey(parts[0]) {
			continue
		}
		h, err := search.NewPDB(db)
		if err != nil {
			continue
		}
		// search names a preset by its digits ("pdb:555"), others by groups.
		short := h.Name()
		name := db.Partition.String()
		if digits := strings.TrimPrefix(short, "pdb:"); isDigits(digits) {
			name = strings.Join(strings.Split(digits, ""), "-")
		}
		parts = append(parts, db.Partition)
		names = append(names, name)
		shorts = append(shorts, short)
	}
	for i, p := range parts {
		p, name, short := p, names[i], shorts[i]
		opts = append(opts, heuristicOption{label: name + " pattern database", short: short, build: func() (search.Heuristic, error) {
			return u.pdbHeuristic(p, name, false)
		}})
		if s.W == s.H {
			opts = append(opts, heuristicOption{label: name + " PDB + reflected lookup", short: short + "+reflect", build: func() (search.Heuristic, error) {
				return u.pdbHeuristic(p, name, true)
			}})
		}
	}
	return opts
}

// isDigits reports whether s is a non-empty string of decimal digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// pdbHeuristic returns the heuristic of partition p once its database is
// ready; until then it starts the load and says how far it is.
func (u *UI) pdbHeuristic(p pdb.Partition, name string, reflect bool) (search.Heuristic, error) {
	db := u.pdbs.DB(p)
	if db == nil {
		u.pdbs.Ensure(u.ctx, p)
		return nil, fmt.Errorf("the %s pattern database is not ready yet (%s); try again in a moment or pick another heuristic",
			name, u.pdbs.Status(p))
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
