package search

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// nested returns max( nested depth deep around inner.
func nested(depth int, inner string) string {
	return strings.Repeat("max(", depth) + inner + strings.Repeat(")", depth)
}

// TestParseHeuristicLimits checks the limits of heuristic names: each one
// met is accepted, each one passed is refused with a message naming it.
func TestParseHeuristicLimits(t *testing.T) {
	parts := func(n int) string { return "max(" + strings.TrimSuffix(strings.Repeat("md,", n), ",") + ")" }
	for _, tc := range []struct {
		name, in string
		says     string // "" when accepted
	}{
		{"depth at the limit", nested(MaxHeuristicDepth, "md"), ""},
		{"depth past the limit", nested(MaxHeuristicDepth+1, "md"), "nested deeper than 4 levels"},
		{"100,000 levels", nested(100_000, "md"), "at most 4096"},
		{"deep but short", nested(1000, "md")[:4000], "nested deeper than 4 levels"},
		{"parts at the limit", parts(MaxHeuristicParts), ""},
		{"parts past the limit", parts(MaxHeuristicParts + 1), "more than 16 parts"},
		{"80,000 parts", parts(80_000), "at most 4096"},
		{"leaves at the limit", "max(" + parts(16) + "," + parts(16) + ")", ""},
		{"leaves past the limit", "max(" + parts(16) + "," + parts(16) + ",lc)", "more than 32 heuristics"},
		{"longest name", "max(fringe:1,2,3" + strings.Repeat(" ", MaxHeuristicBytes-len("max(fringe:1,2,3,md)")) + ",md)", ""},
		{"a byte too long", "max(fringe:1,2,3" + strings.Repeat(" ", MaxHeuristicBytes-len("max(fringe:1,2,3,md)")+1) + ",md)", "at most 4096"},
		{"escape", "md\x1b[31m", "printable ASCII"},
		{"NUL", "max(md,\x00lc)", "printable ASCII"},
		{"bidi override", "max(md,\u202elc)", "printable ASCII"},
		{"Kelvin sign", "pdb:\u212a", "printable ASCII"},
		{"missing parenthesis", "max(md,lc", "closing parenthesis"},
		{"nested missing parenthesis", "max(md,max(lc", "closing parenthesis"},
		{"extra parenthesis", "max(md))", "after the closing parenthesis"},
		{"opening parenthesis in a part", "max(md(lc))", "unexpected"},
		{"empty part", "max(md,,lc)", "empty name"},
		{"empty max", "max( )", "empty name"},
		{"text after reflect", "max(md)+reflect x", "after the closing parenthesis"},
		{"unknown part", "max(md,nope)", "unknown heuristic"},
		{"upper case", " MAX( MD , Max(LC)+REFLECT )", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseHeuristic(tc.in)
			switch {
			case tc.says == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.says == "":
			case err == nil:
				t.Fatalf("accepted")
			case !strings.Contains(err.Error(), tc.says) || !errors.Is(err, ErrUnknownHeuristic):
				t.Fatalf("error %q, want one saying %q and wrapping ErrUnknownHeuristic", err, tc.says)
			case len(err.Error()) > 600:
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
		})
	}
}

// TestParseHeuristicLinear checks that the parser visits each byte a
// bounded number of times, on names of the shapes that took quadratic time
// before: deep nests, many parts, long tile lists.
func TestParseHeuristicLinear(t *testing.T) {
	for _, in := range []string{
		nested(MaxHeuristicDepth, "md"),
		nested(MaxHeuristicDepth+1, "md"),
		"max(fringe:" + strings.Repeat("1, ", 1300) + "2,md)",
		"max(" + strings.Repeat("md,", 16) + "lc)",
		"pdb:" + strings.Repeat("1,", 2000),
		"max(md," + strings.Repeat(" ", 4000) + "lc)",
	} {
		_, steps, _ := parseHeuristicName(in)
		if steps > 3*len(in)+64 {
			t.Errorf("%.40q (%d bytes): %d byte visits", in, len(in), steps)
		}
	}
}

// sameSpec reports whether a and b are the same parsed name.
func sameSpec(a, b HeuristicSpec) bool {
	if a.Kind.Name != b.Kind.Name || a.Partition != b.Partition || a.Reflect != b.Reflect || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if !sameSpec(a.Parts[i], b.Parts[i]) {
			return false
		}
	}
	return true
}

// specDepth returns how deep max(...) nests in h.
func specDepth(h HeuristicSpec) (depth, leaves int) {
	if !h.IsMax() {
		return 0, 1
	}
	for _, p := range h.Parts {
		d, l := specDepth(p)
		depth, leaves = max(depth, d), leaves+l
	}
	return depth + 1, leaves
}

// FuzzParseHeuristic feeds arbitrary names to ParseHeuristic: it must not
// panic, must visit each byte a bounded number of times, must keep the
// limits, and an accepted name's canonical form must read back as the same
// spec with the same canonical form.
func FuzzParseHeuristic(f *testing.F) {
	for _, s := range []string{
		"manhattan", "md+reflect", "pdb:663", "pdb:1,2,3/4,5,6,7,8", "Fringe:1, 2,3 +reflect",
		"max(fringe:cs,lc)", " MAX( md , hamming )+reflect", "dpdb:pairs",
		"max(fringe:1,2,3,4,7,pdb:1,2,3/4,5,max(md,lc+reflect))", "max(md,max(lc,max(hamming,max(md))))",
		"max(md", "max(md))", "max(md,,lc)", "max(md(lc))", nested(5, "md"), "pdb:\u212a", "max(md)+reflect x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		spec, steps, err := parseHeuristicName(in)
		if steps > 3*len(in)+64 {
			t.Fatalf("%d byte visits for %d bytes", steps, len(in))
		}
		if err != nil {
			if len(err.Error()) > 2*MaxHeuristicBytes {
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
			return
		}
		if d, l := specDepth(spec); d > MaxHeuristicDepth || l > MaxHeuristicLeaves {
			t.Fatalf("%q: depth %d, %d heuristics accepted", in, d, l)
		}
		canon := spec.String()
		again, err := ParseHeuristic(canon)
		if err != nil {
			t.Fatalf("%q: canonical %q does not read back: %v", in, canon, err)
		}
		if !sameSpec(spec, again) || again.String() != canon {
			t.Fatalf("%q: canonical %q reads back as %q", in, canon, again.String())
		}
	})
}

// TestMaxSyntaxStatesLimits keeps the help text's limits in step with the
// constants.
func TestMaxSyntaxStatesLimits(t *testing.T) {
	for _, want := range []string{
		"at most " + strconv.Itoa(MaxHeuristicParts) + " parts", "at most " + strconv.Itoa(MaxHeuristicDepth) + " deep",
		"at most " + strconv.Itoa(MaxHeuristicLeaves) + " heuristics", "at most " + strconv.Itoa(MaxHeuristicBytes) + " bytes",
	} {
		if !strings.Contains(strings.Join(strings.Fields(MaxSyntax), " "), want) {
			t.Errorf("MaxSyntax does not say %q", want)
		}
	}
}
