package gui

import (
	"errors"

	"github.com/slidelab/slidelab/core/search"
)

// heuristicOption is one entry of the heuristic selector.
type heuristicOption struct {
	label string
	// short names the heuristic in tables and charts ("manhattan", "pdb:663").
	short string
	// isDefault marks the option selected when nothing else is.
	isDefault bool
	// build makes the heuristic; it fails, for example, while a pattern
	// database is still being built.
	build func() (search.Heuristic, error)
	// database, for a heuristic that uses a pattern database, describes
	// that database; nil for the others.
	database func() pdbState
}

// pdbState describes the pattern database a heuristic uses.
type pdbState struct {
	// name names the database ("6-6-3").
	name string
	// status is the store's word on it (ready, building with its
	// progress, failed).
	status string
	// fraction is the share loaded or built (1 when ready).
	fraction float64
	ready    bool
}

// errPDBNotReady is wrapped by the error of a heuristic whose pattern
// database is still loading or being built: the panel clears the message it
// caused once the database is ready.
var errPDBNotReady = errors.New("pattern database not ready")
