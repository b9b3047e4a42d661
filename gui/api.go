package gui

import "github.com/slidelab/slidelab/gui/internal/session"

// Groups assigns tiles to disjoint pattern groups, which decide the tiles'
// colours; the zero value colours every tile alike. It is what
// SolutionAnimation, SearchAnimation and PDBAnimation take.
type Groups = session.Groups
