package search

import (
	"fmt"
	"strings"
)

// Limits of heuristic names (ParseHeuristic). The catalogue has six kinds,
// and max is associative, so max(a,max(b,c)) is max(a,b,c): nesting only
// means something where an inner max carries its own +reflect, and a
// maximum of more than a handful of distinct heuristics is never useful
// (each part costs a lookup at every node). The limits leave room for every
// sensible name and refuse, quickly and clearly, what a hostile file or a
// typo can make.
const (
	// MaxHeuristicBytes is the longest heuristic name: a max of sixteen
	// 24-puzzle fringe patterns is under 1,500 bytes.
	MaxHeuristicBytes = 4096
	// MaxHeuristicDepth is how deep max(...) may nest: max(a,max(b,c))
	// is depth 2.
	MaxHeuristicDepth = 4
	// MaxHeuristicParts is the most parts of one max(...).
	MaxHeuristicParts = 16
	// MaxHeuristicLeaves is the most heuristics (names that are not a
	// max) in one name, at every depth together.
	MaxHeuristicLeaves = 32
)

// nameParser reads a heuristic name in one pass: pos only moves forward,
// and each byte is looked at a bounded number of times (steps counts them,
// for the tests).
type nameParser struct {
	text   string // the name as written, for messages
	low    string // text with ASCII letters lower-cased: the same offsets
	pos    int
	leaves int
	steps  int
}

// parseHeuristicName is ParseHeuristic; it also returns the number of byte
// visits the parser made.
func parseHeuristicName(text string) (HeuristicSpec, int, error) {
	if len(text) > MaxHeuristicBytes {
		return HeuristicSpec{}, 0, fmt.Errorf("%w: a name of %d bytes, at most %d: %q", ErrUnknownHeuristic, len(text), MaxHeuristicBytes, strings.ToValidUTF8(text[:40], "")+"...")
	}
	trimmed := strings.TrimSpace(text)
	for i := 0; i < len(trimmed); i++ {
		if c := trimmed[i]; c < ' ' || c > '~' {
			return HeuristicSpec{}, 0, fmt.Errorf("%w %s: character %q at byte %d; names are printable ASCII", ErrUnknownHeuristic, shortName(text), c, i+1)
		}
	}
	p := nameParser{text: trimmed, low: asciiLower(trimmed)}
	if p.low == "" {
		return HeuristicSpec{}, 0, fmt.Errorf("%w: empty heuristic name; 'slidelab help heuristics' lists them", ErrUnknownHeuristic)
	}
	var spec HeuristicSpec
	var err error
	if strings.HasPrefix(p.low, "max(") {
		spec, err = p.parseMax(1)
		if err == nil && p.pos < len(p.low) {
			err = p.errorf("unexpected %s after the closing parenthesis", shortName(p.text[p.pos:]))
		}
	} else {
		p.leaves = 1
		spec, err = parseLeaf(p.text, p.low)
		p.steps += len(p.low)
	}
	if err != nil {
		return HeuristicSpec{}, p.steps, err
	}
	return spec, p.steps, nil
}

// errorf is an error about the whole name that wraps ErrUnknownHeuristic.
func (p *nameParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w %s: %s", ErrUnknownHeuristic, shortName(p.text), fmt.Sprintf(format, args...))
}

func (p *nameParser) skipSpace() {
	for p.pos < len(p.low) && p.low[p.pos] == ' ' {
		p.pos++
		p.steps++
	}
}

// parseMax reads "max(H1,H2,...)" at pos, and a "+reflect" after it; depth
// is its nesting level (1 for the outermost).
func (p *nameParser) parseMax(depth int) (HeuristicSpec, error) {
	if depth > MaxHeuristicDepth {
		return HeuristicSpec{}, p.errorf("max() nested deeper than %d levels", MaxHeuristicDepth)
	}
	p.pos += len("max(")
	p.steps += len("max(")
	spec := HeuristicSpec{Kind: maxKind}
	for {
		p.skipSpace()
		if p.pos == len(p.low) {
			return HeuristicSpec{}, p.errorf("write max(H1,H2,...) with a closing parenthesis")
		}
		if c := p.low[p.pos]; c == ',' || c == ')' {
			return HeuristicSpec{}, p.errorf("an empty name inside max(...)")
		}
		if len(spec.Parts) == MaxHeuristicParts {
			return HeuristicSpec{}, p.errorf("a max() of more than %d parts", MaxHeuristicParts)
		}
		part, err := p.parsePart(depth)
		if err != nil {
			return HeuristicSpec{}, err
		}
		spec.Parts = append(spec.Parts, part)
		p.skipSpace()
		if p.pos == len(p.low) {
			return HeuristicSpec{}, p.errorf("write max(H1,H2,...) with a closing parenthesis")
		}
		p.steps++
		switch p.low[p.pos] {
		case ',':
			p.pos++
			continue
		case ')':
			p.pos++
		default:
			return HeuristicSpec{}, p.errorf("unexpected %s inside max(...)", shortName(p.text[p.pos:]))
		}
		break
	}
	p.skipSpace()
	if strings.HasPrefix(p.low[p.pos:], ReflectSuffix) {
		spec.Reflect = true
		p.pos += len(ReflectSuffix)
		p.steps += len(ReflectSuffix)
		p.skipSpace()
	}
	return spec, nil
}

// parsePart reads one part of a max(...) at depth: another max(...), or a
// name that ends at a comma or a parenthesis. A comma followed by a tile
// number after a colon stays with the name (a pattern's tiles).
func (p *nameParser) parsePart(depth int) (HeuristicSpec, error) {
	if strings.HasPrefix(p.low[p.pos:], "max(") {
		return p.parseMax(depth + 1)
	}
	p.leaves++
	if p.leaves > MaxHeuristicLeaves {
		return HeuristicSpec{}, p.errorf("more than %d heuristics in one name", MaxHeuristicLeaves)
	}
	start, colon := p.pos, false
scan:
	for ; p.pos < len(p.low); p.pos++ {
		p.steps++
		switch p.low[p.pos] {
		case ':':
			colon = true
		case '(', ')':
			break scan
		case ',':
			if !colon || !tileFollows(p.low, p.pos+1) {
				break scan
			}
		}
	}
	p.steps += p.pos - start // parseLeaf's own pass over the name
	text := strings.TrimSpace(p.text[start:p.pos])
	spec, err := parseLeaf(text, strings.TrimSpace(p.low[start:p.pos]))
	if err != nil {
		return HeuristicSpec{}, fmt.Errorf("inside %s: %w", shortName(p.text), err)
	}
	return spec, nil
}

// asciiLower lower-cases the ASCII letters of s and nothing else, so that
// offsets stay and no other character folds into a name's letter.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// shortName quotes a heuristic name for a message, shortened when long.
func shortName(s string) string {
	const most = 60
	s = strings.TrimSpace(s)
	if len(s) > most {
		return fmt.Sprintf("%q (%d bytes)", strings.ToValidUTF8(s[:most], "")+"...", len(s))
	}
	return fmt.Sprintf("%q", s)
}
