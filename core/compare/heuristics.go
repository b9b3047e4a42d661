package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// HeuristicNames describes the names ResolveHeuristics accepts, for help texts.
const HeuristicNames = "manhattan (md), linear-conflict (lc), hamming, pdb:PARTITION " +
	"(a preset such as pdb:663, pdb:555, pdb:44, or groups such as pdb:1,2,3,4/5,6,7,8); " +
	"add +reflect for Korf and Felner's reflected lookup (the larger of the values of a board and its mirror image)"

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

// ResolveHeuristics makes the heuristics named (see HeuristicNames) for
// boards of size s and goal g, loading or building pattern databases.
func ResolveHeuristics(ctx context.Context, names []string, s board.Size, g board.Goal, opt ResolveOptions) ([]Heuristic, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("no heuristics given (want %s)", HeuristicNames)
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

// resolve makes one heuristic and returns its canonical name.
func resolve(ctx context.Context, text string, s board.Size, g board.Goal, opt ResolveOptions) (string, search.Heuristic, error) {
	lower := strings.ToLower(text)
	base, reflect := strings.CutSuffix(lower, "+reflect")
	var name string
	var h search.Heuristic
	var err error
	switch {
	case base == "manhattan" || base == "md":
		name = "manhattan"
		h, err = search.NewManhattan(s, g)
	case base == "linear-conflict" || base == "lc" || base == "linearconflict":
		name = "linear-conflict"
		h, err = search.NewLinearConflict(s, g)
	case base == "hamming":
		name = "hamming"
		h, err = search.NewHamming(s, g)
	case strings.HasPrefix(base, "pdb:"):
		spec := strings.TrimPrefix(base, "pdb:")
		if isDashedDigits(spec) {
			spec = strings.ReplaceAll(spec, "-", "") // pdb:6-6-3 is pdb:663
		}
		name = "pdb:" + spec
		h, err = loadPDB(ctx, name, spec, s, g, opt)
	case base == "":
		return "", nil, fmt.Errorf("empty heuristic name (want %s)", HeuristicNames)
	default:
		return "", nil, fmt.Errorf("unknown heuristic %q (want %s)", text, HeuristicNames)
	}
	if err != nil {
		return "", nil, fmt.Errorf("heuristic %s: %w", name, err)
	}
	if reflect {
		r, err := search.NewReflected(h, s, g)
		if err != nil {
			return "", nil, fmt.Errorf("heuristic %s+reflect: %w", name, err)
		}
		name += "+reflect"
		h = r
	}
	return name, h, nil
}

// isDashedDigits reports whether s is digits separated by dashes ("6-6-3").
func isDashedDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// loadPDB loads or builds the pattern database for partition spec.
func loadPDB(ctx context.Context, name, spec string, s board.Size, g board.Goal, opt ResolveOptions) (search.Heuristic, error) {
	p, err := pdb.ParsePartition(spec, s, g)
	if err != nil {
		return nil, err
	}
	var progress func(pdb.LayerStats)
	if opt.Progress != nil {
		progress = func(st pdb.LayerStats) { opt.Progress(name, st) }
	}
	var db *pdb.DB
	if opt.CacheDir == "" {
		db, err = pdb.Build(ctx, p, progress)
	} else {
		db, err = pdb.LoadOrBuild(ctx, p, opt.CacheDir, progress)
		if errors.Is(err, pdb.ErrNotCached) && db != nil {
			if opt.Warn != nil {
				opt.Warn(err)
			}
			err = nil
		}
	}
	if err != nil {
		return nil, err
	}
	return search.NewPDB(db)
}
