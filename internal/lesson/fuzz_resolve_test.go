package lesson

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// FuzzResolve parses and resolves lessons with small limits: whatever the
// text, resolving ends with states or errors that name a line, never a
// panic, and a filled text holds no placeholder.
func FuzzResolve(f *testing.F) {
	f.Add(block("board: random walk 20 seed 3\nalgorithm: a*\nat: step 5\nquestion: next") + "{{expanded}} {{open}} {{node}}\n")
	f.Add(block("algorithm: ida*\nboard: korf100:1\nat: iteration 1") + "{{bound}} {{h lc}} {{inversions}}\n")
	f.Add(block("partition: 1,2/3,4,5,6,7,8\nquestion: Q?\nchoices: md | pdb:44\nanswer: largest h") + "{{pdb-h 1}} {{entries}}\n")
	f.Add(block("size: 3x2\nalgorithm: bfs\nat: f 3") + "{{length}} {{states}} {{lc-tutorial}}\n")
	f.Add(block("board: random walk 12 seed 2\nexercise: manhattan board\nexercise: ida-prune level 2 seed 9 count 2") + "{{board}}\n")
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Count(text, "{{") > 20 || strings.Contains(text, "mean") || strings.Contains(text, "exact") ||
			strings.Contains(text, "over") || strings.Contains(text, "inconsistent") || strings.Contains(text, "jump") ||
			strings.Contains(text, "hstar") {
			return // quality measurements take a second each: not here
		}
		l, err := Parse("fuzz.md", []byte(text))
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		r := &Resolver{NodeLimit: 5000, TotalNodes: 20000, MemoryLimit: 64 << 20, TableMemory: 16 << 20}
		states, err := r.ResolveAll(ctx, l)
		var list ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		for _, e := range list {
			if e.Line <= 0 {
				t.Fatalf("an error without a line: %v", e)
			}
		}
		for _, s := range states {
			for _, ph := range s.Part.placeholders {
				if strings.Contains(s.Text, ph.String()) && !strings.Contains(l.Parts[s.Part.Index].Text, "\\"+ph.String()) {
					t.Fatalf("%s is left in %q", ph, s.Text)
				}
			}
		}
	})
}
