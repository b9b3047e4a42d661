package search

import (
	"context"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// MaxSyntax documents the name of the maximum of several heuristics, for
// help texts.
const MaxSyntax = `max(H1,H2,...) is the largest of the values of the heuristics H1, H2, ...
(any names above, with their own +reflect, or another max(...)); it is
admissible since each part is. Commas inside a pattern's tile list stay
with it: max(fringe:1,2,3,4,7,lc) is fringe:1,2,3,4,7 and lc. Quote the name
in a shell, for example --heuristic 'max(fringe:cs,linear-conflict)'. A max
has at most 16 parts, nests at most 4 deep and holds at most 32 heuristics
in all; a name is at most 4096 bytes of printable ASCII.`

// maxKind is the kind of a parsed max(...): not in the registry's list (it
// has no table of its own and no menu entry), only in HeuristicSpec.Kind.
var maxKind = HeuristicKind{Name: "max", Label: "maximum",
	Summary: "the largest value of several heuristics: max(H1,H2,...)"}

// IsMax reports whether h is a max(...) of several heuristics (see Parts).
func (h HeuristicSpec) IsMax() bool { return h.Kind.Name == maxKind.Name && len(h.Parts) > 0 }

// UsesTables reports whether making h loads or builds pattern databases: a
// kind that needs tables, or a max(...) with such a part.
func (h HeuristicSpec) UsesTables() bool {
	if h.Kind.NeedsTables {
		return true
	}
	for _, p := range h.Parts {
		if p.UsesTables() {
			return true
		}
	}
	return false
}

// SplitHeuristics splits a comma-separated list of heuristic names at its
// top-level commas: commas inside max(...) stay, and so does a comma followed
// by a tile number after a name with a colon (the tiles of a pattern), so
// "manhattan,pdb:1,2,3/4,5,6,7,8,max(fringe:cs,lc)" is three names. It takes
// one pass over text.
func SplitHeuristics(text string) []string {
	var out []string
	start, depth, colon := 0, 0, false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
			continue
		case ')':
			depth--
			continue
		case ':':
			colon = true
			continue
		case ',':
		default:
			continue
		}
		if depth != 0 {
			continue
		}
		if colon && tileFollows(text, i+1) {
			continue // a tile of the pattern
		}
		out = append(out, text[start:i])
		start, colon = i+1, false
	}
	return append(out, text[start:])
}

// tileFollows reports whether a digit follows position i of text after
// spaces (a pattern's next tile after a comma).
func tileFollows(text string, i int) bool {
	for i < len(text) && text[i] == ' ' {
		i++
	}
	return i < len(text) && text[i] >= '0' && text[i] <= '9'
}

// maxString returns "max(a,b)" with the parts' canonical names.
func (h HeuristicSpec) maxString() string {
	names := make([]string, len(h.Parts))
	for i, p := range h.Parts {
		names[i] = p.String()
	}
	s := "max(" + strings.Join(names, ",") + ")"
	if h.Reflect {
		s += ReflectSuffix
	}
	return s
}

// maxLabel returns "max(Manhattan distance, cs fringe pattern database)".
func (h HeuristicSpec) maxLabel() string {
	labels := make([]string, len(h.Parts))
	for i, p := range h.Parts {
		labels[i] = p.Label()
	}
	s := "max(" + strings.Join(labels, ", ") + ")"
	if h.Reflect {
		s += " + reflected lookup"
	}
	return s
}

// newMax makes each part and their maximum (without the outer reflection).
func (h HeuristicSpec) newMax(ctx context.Context, s board.Size, g board.Goal, opts HeuristicOptions) (Heuristic, error) {
	inner := opts
	inner.Reflect = false // the outer +reflect (or --reflect) wraps the maximum
	parts := make([]Heuristic, len(h.Parts))
	for i, p := range h.Parts {
		hp, err := p.New(ctx, s, g, inner)
		if err != nil {
			return nil, err
		}
		parts[i] = hp
	}
	return NewMax(parts...)
}
