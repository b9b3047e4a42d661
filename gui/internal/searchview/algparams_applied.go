package searchview

import "github.com/slidelab/slidelab/core/search"

// Applied returns cfg with the parameters p set as the search view sets
// them when it steps cfg.Algorithm (only those the view takes for it), so
// that a caller can tell whether the view would search as a lesson or a
// link asks, before it changes anything.
func Applied(p Params, cfg search.Config) search.Config {
	a := &AlgParams{v: p}
	a.config(&cfg)
	return cfg
}
