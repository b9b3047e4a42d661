package gui

import (
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// The search chapter's parameters between the search panel and a session
// file: a file keeps only the parameters the algorithm takes.

// searchSnapshot returns the session file's search part for alg with
// heuristic h and the panel's parameters p.
func searchSnapshot(alg search.Algorithm, h search.HeuristicSpec, p searchview.Params) *sessionfile.Search {
	s := &sessionfile.Search{Algorithm: alg, Heuristic: h}
	switch alg {
	case search.WAStar:
		s.Weight = p.Weight
	case search.DFS, search.DLS, search.IDDFS:
		s.DepthLimit, s.CycleCheck = p.DepthLimit, p.CycleCheck
	case search.SMAStar:
		s.MemoryNodes = p.MemoryNodes
	}
	for _, a := range sessionfile.ChapterCostAlgorithms {
		if a == alg {
			s.Cost = p.Cost
		}
	}
	return s
}

// searchParams returns the panel's parameters cur with those a session
// file's search part gives (the ones it leaves out keep cur's value, the
// cost model and the cycle check excepted: they are the file's).
func searchParams(s *sessionfile.Search, cur searchview.Params) searchview.Params {
	p := cur
	if s.Weight != 0 {
		p.Weight = s.Weight
	}
	if s.Algorithm == search.DFS || s.Algorithm == search.IDDFS || s.DepthLimit != 0 {
		p.DepthLimit = s.DepthLimit
	}
	if s.MemoryNodes != 0 {
		p.MemoryNodes = s.MemoryNodes
	}
	p.CycleCheck, p.Cost = s.CycleCheck, s.Cost
	return p
}
