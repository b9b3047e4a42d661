package compare

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// ResolveOptions says where pattern databases come from.
type ResolveOptions struct {
	// CacheDir holds built tables (see pdb.LoadOrBuild); empty builds them
	// in memory without saving.
	CacheDir string
	// Progress, when not nil, is called after each cost layer of a table
	// being built, with the heuristic's name.
	Progress func(heuristic string, st pdb.LayerStats)
	// Warn, when not nil, receives problems that do not stop a heuristic
	// from working, such as a table built but not saved in CacheDir
	// (pdb.ErrNotCached). Without Warn they are ignored.
	Warn func(error)
}

// ResolveHeuristics makes the heuristics named (any spelling that
// search.ParseHeuristic reads; each is known by its canonical name) for
// boards of size s and goal g, loading or building pattern databases.
func ResolveHeuristics(ctx context.Context, names []string, s board.Size, g board.Goal, opt ResolveOptions) ([]Heuristic, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("no heuristics given (see 'slidelab help heuristics')")
	}
	seen := map[string]bool{}
	var out []Heuristic
	for _, raw := range names {
		name, h, err := resolve(ctx, strings.TrimSpace(raw), s, g, opt)
		if err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, fmt.Errorf("heuristic %s is listed twice", name)
		}
		seen[name] = true
		out = append(out, Heuristic{Name: name, H: h})
	}
	return out, nil
}

// resolve makes one heuristic (any spelling of the search package's
// registry) and returns its canonical name.
func resolve(ctx context.Context, text string, s board.Size, g board.Goal, opt ResolveOptions) (string, search.Heuristic, error) {
	spec, err := search.ParseHeuristic(text)
	if err != nil {
		return "", nil, err
	}
	name := spec.String()
	hopt := search.HeuristicOptions{CacheDir: opt.CacheDir, Warn: opt.Warn}
	if opt.Progress != nil {
		hopt.Progress = func(st pdb.LayerStats) { opt.Progress(name, st) }
	}
	h, err := spec.New(ctx, s, g, hopt)
	if err != nil {
		return "", nil, err
	}
	// The heuristic's own name is canonical: groups that equal a preset
	// are called by the preset's name, as solve calls them.
	return h.Name(), h, nil
}
