package search

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// HeuristicKind is one entry of the heuristic registry: the one table of
// heuristic names, spellings and labels that the command line (solve,
// compare, bench, help heuristics) and the GUI's menus all read.
type HeuristicKind struct {
	// Name is the canonical name: "manhattan", "linear-conflict",
	// "hamming" or "pdb" (which takes ":PARTITION").
	Name string
	// Aliases are other accepted spellings ("md", "lc", "misplaced").
	Aliases []string
	// Label is the display name ("Manhattan distance").
	Label string
	// Summary says what the heuristic is, in one line.
	Summary string
	// NeedsTables reports a pattern database: the name takes a partition
	// after a colon, and the tables are built or loaded from a cache.
	NeedsTables bool
	// Default marks the heuristic the GUI selects first.
	Default bool
	// Admissible reports a heuristic that never overestimates, so that A*
	// and IDA* return optimal solutions with it (WeightedKind: with a weight
	// of at most 1; see HeuristicSpec.Admissible).
	Admissible bool
	// Consistent reports a heuristic that changes by at most the cost of a
	// move (1) across every move, so that A* never reopens a closed node.
	// Additive pattern databases are admissible but not consistent.
	Consistent bool
	// Weighted marks a kind whose name takes a weight after a colon
	// (WeightedKind).
	Weighted bool
	make     func(board.Size, board.Goal) (Heuristic, error)
	// load, when set, makes a kind with tables from the text after the colon.
	load func(context.Context, string, board.Size, board.Goal, HeuristicOptions) (Heuristic, error)
}

var heuristicKinds = []HeuristicKind{
	{Name: "hamming", Aliases: []string{"misplaced"}, Label: "Hamming (misplaced tiles)", Admissible: true, Consistent: true,
		Summary: "the number of tiles out of place",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewHamming(s, g) }},
	{Name: "manhattan", Aliases: []string{"md"}, Label: "Manhattan distance", Default: true, Admissible: true, Consistent: true,
		Summary: "the sum of each tile's row and column distances to its goal cell",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewManhattan(s, g) }},
	{Name: "linear-conflict", Aliases: []string{"lc", "linear", "linearconflict"}, Label: "Linear conflict", Admissible: true, Consistent: true,
		Summary: "Manhattan plus 2 for each tile that must leave its row or column so the others can pass (the admissible form)",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewLinearConflict(s, g) }},
	{Name: "tile-manhattan", Aliases: []string{"tmd", "tile-md"}, Label: "Tile-weighted MD (inadmissible)",
		Summary: "each tile's Manhattan distance times its number: admissible under --cost tile (moving tile t costs t); over-estimates under unit costs",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewTileManhattan(s, g) }},
	{Name: "pdb", Label: "pattern database", NeedsTables: true, Admissible: true,
		Summary: "disjoint additive pattern databases, built by a 0-1 BFS and cached: pdb:PRESET (see below) or pdb:GROUPS"},
	{Name: FringeKind, Label: "fringe pattern database", NeedsTables: true, load: loadFringe, Admissible: true, Consistent: true,
		Summary: "fringe (non-additive) pattern databases: the blank is in the pattern, every move costs 1, a plain BFS builds them; several tables by maximum: fringe:PRESET (see below) or fringe:TILES[/TILES...]"},
	{Name: DynamicKind, Label: "dynamically partitioned PDB", NeedsTables: true, load: loadDynamicHeuristic, Admissible: true,
		Summary: "dynamically partitioned additive databases (Felner, Korf and Hanan 2004): dpdb:pairs or dpdb:triples (pairs and triples); at each node Manhattan plus the best disjoint cover by pair (and triple) tables, chosen exactly"},
	// Heuristics that lie, for teaching (heuristic_lie.go).
	{Name: "lc-pairs", Aliases: []string{"linear-conflict-pairs", "lcpairs"}, Label: "LC, 2 per pair (inadmissible)",
		Summary: "Manhattan plus 2 for every pair of tiles in conflict in a row or column, as many tutorials write it: three tiles of a line in reverse order count 6 where 4 suffice",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewLinearConflictPairs(s, g) }},
	{Name: WeightedKind, Aliases: []string{"wmd"}, Label: "Manhattan distance x 2 (inadmissible)", Weighted: true,
		Summary: "W x Manhattan distance, rounded up (W from 0.01 to 10, two decimals at most, as in wmanhattan:1.5; wmanhattan alone is W = 2)",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewWeightedManhattan(s, g, DefaultWeight) }},
	{Name: "manhattan+hamming", Aliases: []string{"md+hamming"}, Label: "Manhattan + Hamming (inadmissible)",
		Summary: "Manhattan distance plus the number of misplaced tiles: a tile one move from home counts 2",
		make:    func(s board.Size, g board.Goal) (Heuristic, error) { return NewManhattanHamming(s, g) }},
}

// HeuristicKinds returns the registry, in the order menus list it.
func HeuristicKinds() []HeuristicKind {
	out := make([]HeuristicKind, len(heuristicKinds))
	copy(out, heuristicKinds)
	return out
}

// ErrUnknownHeuristic is wrapped by the error for a name that is not in the
// registry.
var ErrUnknownHeuristic = errors.New("unknown heuristic")

// ReflectSuffix, after a heuristic's name, adds Korf and Felner's reflected
// lookup: the larger of the values of a board and of its mirror image about
// the main diagonal (square boards). It means what --reflect means.
const ReflectSuffix = "+reflect"

// HeuristicSpec is a parsed heuristic name: a kind, the partition of a
// pattern database, and the reflected lookup.
type HeuristicSpec struct {
	// Kind is the registry entry.
	Kind HeuristicKind
	// Partition is a pattern database's partition: a preset name ("663")
	// or groups ("1,2,3/4,5,6,7/8"); empty for other kinds.
	Partition string
	// Weight is a WeightedKind's weight in hundredths (150 is 1.5); 0
	// means DefaultWeight, and other kinds leave it 0.
	Weight int
	// Reflect adds the reflected lookup.
	Reflect bool
	// Parts are the heuristics of a max(...) (see IsMax); empty otherwise.
	Parts []HeuristicSpec
}

// ParseHeuristic reads a heuristic name in any spelling the registry
// accepts, case-insensitively (ASCII letters only): a name or alias
// ("manhattan", "md", "lc", "linearconflict", "misplaced", ...), or "pdb:"
// and a partition (a preset, with or without dashes, or groups), optionally
// followed by "+reflect", or max(H1,H2,...) of such names (see MaxSyntax).
// An unknown name gives an error wrapping ErrUnknownHeuristic that lists the
// names.
//
// A name is at most MaxHeuristicBytes long, of printable ASCII; a max(...)
// nests at most MaxHeuristicDepth deep, has at most MaxHeuristicParts parts,
// and a name holds at most MaxHeuristicLeaves heuristics in all. Parsing
// takes time linear in the name's length (one pass, recursive descent).
func ParseHeuristic(text string) (HeuristicSpec, error) {
	spec, _, err := parseHeuristicName(text)
	return spec, err
}

// parseLeaf reads one name that is not a max(...): text is the name as
// written (for messages), t the same bytes lower-cased and trimmed.
func parseLeaf(text, t string) (HeuristicSpec, error) {
	if t == "" {
		return HeuristicSpec{}, fmt.Errorf("%w: empty heuristic name; 'slidelab help heuristics' lists them", ErrUnknownHeuristic)
	}
	base, reflect := strings.CutSuffix(t, ReflectSuffix)
	base = strings.TrimSpace(base)
	if kindName, part, ok := strings.Cut(base, ":"); ok {
		kind, found := lookupKind(strings.TrimSpace(kindName))
		if found && kind.Weighted {
			w, err := ParseHeuristicWeight(part)
			if err != nil {
				return HeuristicSpec{}, fmt.Errorf("%w %q: %v", ErrUnknownHeuristic, text, err)
			}
			return HeuristicSpec{Kind: kind, Weight: w, Reflect: reflect}, nil
		}
		if !found || !kind.NeedsTables {
			return HeuristicSpec{}, unknownHeuristic(text)
		}
		part = strings.TrimSpace(part)
		if kind.Name == DynamicKind {
			if part != DynamicPairs && part != DynamicTriples {
				return HeuristicSpec{}, dynamicSetError(text)
			}
		} else if part == "" {
			return HeuristicSpec{}, fmt.Errorf("heuristic %q: %w: give a partition after %q (a preset such as 663, or groups such as 1,2,3/4,5,6)", text, pdb.ErrPartition, kindName+":")
		} else if name, ok := pdb.PresetName(part); ok {
			part = name
		}
		return HeuristicSpec{Kind: kind, Partition: part, Reflect: reflect}, nil
	}
	kind, found := lookupKind(base)
	if !found {
		return HeuristicSpec{}, unknownHeuristic(text)
	}
	if kind.Name == DynamicKind {
		return HeuristicSpec{}, dynamicSetError(text)
	}
	if kind.NeedsTables {
		return HeuristicSpec{}, fmt.Errorf("heuristic %q: %w: give a partition, as in %s:663", text, pdb.ErrPartition, kind.Name)
	}
	return HeuristicSpec{Kind: kind, Reflect: reflect}, nil
}

func lookupKind(name string) (HeuristicKind, bool) {
	for _, k := range heuristicKinds {
		if k.Name == name {
			return k, true
		}
		for _, a := range k.Aliases {
			if a == name {
				return k, true
			}
		}
	}
	return HeuristicKind{}, false
}

func unknownHeuristic(text string) error {
	var names []string
	for _, k := range heuristicKinds {
		n := k.Name
		if k.NeedsTables {
			n += ":PARTITION"
		}
		if k.Weighted {
			n += "[:W]"
		}
		if len(k.Aliases) > 0 {
			n += " (" + strings.Join(k.Aliases, ", ") + ")"
		}
		names = append(names, n)
	}
	return fmt.Errorf("%w %s: want %s, optionally followed by %s, or max(H1,H2,...) of them; 'slidelab help heuristics' lists them",
		ErrUnknownHeuristic, shortName(text), strings.Join(names, ", "), ReflectSuffix)
}

// String returns the canonical name: "manhattan", "pdb:663+reflect".
func (h HeuristicSpec) String() string {
	if h.IsMax() {
		return h.maxString()
	}
	name := h.Kind.Name
	if h.Kind.NeedsTables {
		name += ":" + h.Partition
	}
	if h.Kind.Weighted && h.Weight != 0 {
		name += ":" + FormatWeight(h.Weight)
	}
	if h.Reflect {
		name += ReflectSuffix
	}
	return name
}

// Label returns the display name: "Manhattan distance", "6-6-3 pattern
// database + reflected lookup".
func (h HeuristicSpec) Label() string {
	if h.IsMax() {
		return h.maxLabel()
	}
	label := h.Kind.Label
	if h.Kind.Weighted && h.Weight != 0 {
		label = weightedLabel(h.Weight)
	}
	if h.Kind.Name == DynamicKind {
		label = dynamicLabel(h.Partition)
	} else if h.Kind.NeedsTables {
		name := h.Partition
		for _, p := range pdb.PresetTable() {
			if p.Name == h.Partition {
				name = p.Label
			}
		}
		label = name + " " + label
	}
	if h.Reflect {
		label += " + reflected lookup"
	}
	return label
}

// PartitionFor returns the pattern database's partition for boards of size s
// and goal g (an error for kinds without tables).
func (h HeuristicSpec) PartitionFor(s board.Size, g board.Goal) (pdb.Partition, error) {
	if !h.Kind.NeedsTables || h.Kind.load != nil {
		return pdb.Partition{}, fmt.Errorf("heuristic %s has no additive partition", h)
	}
	p, err := pdb.ParsePartition(h.Partition, s, g)
	if err != nil {
		return pdb.Partition{}, fmt.Errorf("heuristic %s: %w", h, err)
	}
	return p, nil
}

// New makes the heuristic for boards of size s and goal g. Pattern
// databases are loaded from or built into opts.CacheDir (in memory when it is
// empty); the context cancels a build. opts.Reflect adds the reflected lookup
// as the "+reflect" suffix does.
func (h HeuristicSpec) New(ctx context.Context, s board.Size, g board.Goal, opts HeuristicOptions) (Heuristic, error) {
	var out Heuristic
	var err error
	switch {
	case h.IsMax():
		out, err = h.newMax(ctx, s, g, opts)
	case h.Kind.load != nil:
		out, err = h.Kind.load(ctx, h.Partition, s, g, opts)
	case h.Kind.NeedsTables:
		out, err = loadPDB(ctx, h.Partition, s, g, opts)
	case h.Kind.Weighted && h.Weight != 0:
		out, err = NewWeightedManhattan(s, g, h.Weight)
	default:
		out, err = h.Kind.make(s, g)
	}
	if err != nil {
		return nil, err
	}
	if h.Reflect || opts.Reflect {
		r, err := NewReflected(out, s, g)
		if err != nil {
			return nil, fmt.Errorf("heuristic %s%s: %w", h.Kind.Name, ReflectSuffix, err)
		}
		return r, nil
	}
	return out, nil
}

// loadDynamicHeuristic is loadDynamic as a registry loader.
func loadDynamicHeuristic(ctx context.Context, set string, s board.Size, g board.Goal, opts HeuristicOptions) (Heuristic, error) {
	h, err := loadDynamic(ctx, set, s, g, opts)
	if err != nil {
		return nil, err
	}
	return h, nil
}

// weightedLabel is the display name of w x Manhattan distance (w in
// hundredths): "Manhattan distance x 1.5 (inadmissible)".
func weightedLabel(w int) string {
	l := "Manhattan distance x " + FormatWeight(w)
	if w > 100 {
		l += " (inadmissible)"
	}
	return l
}

// Admissible reports whether the heuristic never overestimates: its kind
// is admissible (a weighted Manhattan distance: its weight is at most 1),
// and so is every part of a max(...). The reflected lookup keeps it.
func (h HeuristicSpec) Admissible() bool {
	return h.holds(func(k HeuristicKind) bool { return k.Admissible })
}

// Consistent reports whether the heuristic changes by at most 1 across
// every move, so that A* never reopens a node: its kind is consistent (a
// weighted Manhattan distance: its weight is at most 1), and so is every
// part of a max(...). The reflected lookup keeps it (the mirror maps moves
// to moves, and a maximum of consistent heuristics is consistent).
func (h HeuristicSpec) Consistent() bool {
	return h.holds(func(k HeuristicKind) bool { return k.Consistent })
}

// holds reports whether every leaf of h has the property: of its kind, or
// for a weighted Manhattan distance a weight of at most 1 (then it is both
// admissible and consistent, and neither above 1).
func (h HeuristicSpec) holds(property func(HeuristicKind) bool) bool {
	if h.IsMax() {
		for _, p := range h.Parts {
			if !p.holds(property) {
				return false
			}
		}
		return true
	}
	if h.Kind.Weighted {
		return h.weight() <= 100
	}
	return property(h.Kind)
}

// weight returns a weighted kind's weight in hundredths.
func (h HeuristicSpec) weight() int {
	if h.Weight == 0 {
		return DefaultWeight
	}
	return h.Weight
}

// Guarantee says in words what the heuristic promises: "admissible and
// consistent", "admissible, not consistent (A* reopens nodes)" or
// "inadmissible (may overestimate: solutions may be longer than optimal)".
func (h HeuristicSpec) Guarantee() string {
	return GuaranteeText(h.Admissible(), h.Consistent())
}

// GuaranteeText is Guarantee for the two properties.
func GuaranteeText(admissible, consistent bool) string {
	switch {
	case !admissible:
		return "inadmissible (may overestimate: solutions may be longer than optimal)"
	case !consistent:
		return "admissible, not consistent (A* reopens closed nodes)"
	}
	return "admissible and consistent"
}
