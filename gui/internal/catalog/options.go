package catalog

import (
	"context"
	"errors"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
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
	// Inadmissible marks a heuristic that may overestimate under unit
	// costs (the registry's heuristics that lie, for teaching): its label
	// ends in compare.InadmissibleMark, menus list it after the admissible
	// ones, and A* and IDA* with it may return a solution longer than
	// optimal.
	Inadmissible bool
}

// AdmissibleFirst returns opts with the admissible heuristics first and
// those that may overestimate after them, each group in its order, so that
// a view's defaults (the first few options) never pick a heuristic that
// lies and the menus show the lying ones together at the end.
func AdmissibleFirst(opts []HeuristicOption) []HeuristicOption {
	out := make([]HeuristicOption, 0, len(opts))
	for _, o := range opts {
		if !o.Inadmissible {
			out = append(out, o)
		}
	}
	for _, o := range opts {
		if o.Inadmissible {
			out = append(out, o)
		}
	}
	return out
}

// BaseLabel returns o's label without the inadmissible mark, for places
// that mark it themselves (a comparison under tile costs, where the
// tile-weighted Manhattan distance is admissible).
func (o HeuristicOption) BaseLabel() string {
	return strings.TrimSuffix(o.Label, compare.InadmissibleMark)
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
// marked: the first entries of every heuristic selector. The heuristics
// that may overestimate (marked Inadmissible, and "(inadmissible)" in their
// labels) come after the admissible ones (AdmissibleFirst).
func RegistryOptions(s board.Size, g board.Goal) []HeuristicOption {
	var opts []HeuristicOption
	for _, k := range search.HeuristicKinds() {
		if k.NeedsTables {
			continue
		}
		spec := search.HeuristicSpec{Kind: k}
		opts = append(opts, HeuristicOption{Label: spec.Label(), Short: spec.String(), IsDefault: k.Default,
			Inadmissible: !spec.Admissible(),
			Build: func() (search.Heuristic, error) {
				return spec.New(context.Background(), s, g, search.HeuristicOptions{})
			}})
	}
	return AdmissibleFirst(opts)
}
