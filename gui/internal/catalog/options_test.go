package catalog

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// TestRegistryOptionsMarkLies: every table-free heuristic of the registry
// is offered; those that may overestimate are marked (flag and label) and
// come after the admissible ones, which keep the registry's order.
func TestRegistryOptionsMarkLies(t *testing.T) {
	opts := RegistryOptions(board.Size3x3, board.BlankLast)
	var want []string
	for _, k := range search.HeuristicKinds() {
		if !k.NeedsTables {
			want = append(want, k.Name)
		}
	}
	if len(opts) != len(want) {
		t.Fatalf("%d options for %d table-free heuristics", len(opts), len(want))
	}
	seenLie := false
	for _, o := range opts {
		spec, err := search.ParseHeuristic(o.Short)
		if err != nil {
			t.Fatalf("%s: %v", o.Short, err)
		}
		if o.Inadmissible != !spec.Admissible() {
			t.Errorf("%s: Inadmissible %v, the registry says admissible %v", o.Short, o.Inadmissible, spec.Admissible())
		}
		if o.Inadmissible != strings.HasSuffix(o.Label, compare.InadmissibleMark) {
			t.Errorf("%s: label %q, inadmissible %v", o.Short, o.Label, o.Inadmissible)
		}
		if o.BaseLabel() == o.Label && o.Inadmissible || strings.Contains(o.BaseLabel(), "inadmissible") {
			t.Errorf("%s: base label %q", o.Short, o.BaseLabel())
		}
		if seenLie && !o.Inadmissible {
			t.Errorf("%s (admissible) listed after a heuristic that lies", o.Short)
		}
		seenLie = seenLie || o.Inadmissible
		h, err := o.Build()
		if err != nil || search.Admissible(h) == o.Inadmissible {
			t.Errorf("%s: built %v, admissible %v", o.Short, err, h != nil && search.Admissible(h))
		}
	}
	if !seenLie {
		t.Error("no heuristic that lies offered")
	}
}

func TestAdmissibleFirst(t *testing.T) {
	in := []HeuristicOption{{Short: "a"}, {Short: "x", Inadmissible: true}, {Short: "b"}, {Short: "y", Inadmissible: true}, {Short: "c"}}
	var got []string
	for _, o := range AdmissibleFirst(in) {
		got = append(got, o.Short)
	}
	if strings.Join(got, "") != "abcxy" {
		t.Errorf("AdmissibleFirst: %v", got)
	}
	if len(AdmissibleFirst(nil)) != 0 {
		t.Error("AdmissibleFirst(nil) not empty")
	}
}
