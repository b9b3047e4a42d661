package lesson

import "testing"

// BenchmarkParseBuiltins parses every built-in lesson.
func BenchmarkParseBuiltins(b *testing.B) {
	srcs := builtinSources()
	for b.Loop() {
		for _, s := range srcs {
			if _, err := Parse("b.md", s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
