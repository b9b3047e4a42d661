package catalog

import (
	"context"
	"errors"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// HeuristicOption is one entry of the heuristic selector.
type HeuristicOption struct {
	Label string
	// Short names the heuristic in tables and charts ("manhattan", "pdb:663").
	Short string
	// IsDefault marks the option selected when nothing else is.
	IsDefault bool
	// Build makes the heuristic; it fails, for example, while a pattern
	// database is still being built.
	Build func() (search.Heuristic, error)
	// Database, for a heuristic that uses a pattern database, describes
	// that database; nil for the others.
	Database func() PDBState
}

// PDBState describes the pattern database a heuristic uses.
type PDBState struct {
	// Name names the database ("6-6-3").
	Name string
	// Status is the store's word on it (ready, building with its
	// progress, failed).
	Status string
	// Fraction is the share loaded or built (1 when ready).
	Fraction float64
	Ready    bool
}

// ErrPDBNotReady is wrapped by the error of a heuristic whose pattern
// database is still loading or being built: the panel clears the message it
// caused once the database is ready.
var ErrPDBNotReady = errors.New("pattern database not ready")

// RegistryOptions lists the heuristics of core/search's registry that need
// no tables, for boards of size s and goal g, the registry's default
// marked: the first entries of every heuristic selector.
func RegistryOptions(s board.Size, g board.Goal) []HeuristicOption {
	var opts []HeuristicOption
	for _, k := range search.HeuristicKinds() {
		if k.NeedsTables {
			continue
		}
		spec := search.HeuristicSpec{Kind: k}
		opts = append(opts, HeuristicOption{Label: spec.Label(), Short: spec.String(), IsDefault: k.Default,
			Build: func() (search.Heuristic, error) {
				return spec.New(context.Background(), s, g, search.HeuristicOptions{})
			}})
	}
	return opts
}
