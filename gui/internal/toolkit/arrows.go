package toolkit

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ProportionalText returns s ready for a label in the proportional font:
// each "←" followed by whitespace (pseudocode's assignment, as in "n ← the
// node of OPEN") becomes the long arrow "⟵". Fyne's font fallback draws
// "←" and a space after it as the arrow and a stray glyph; the long arrow
// and a space draw as written. Monospaced text (the code panel) needs no
// change.
func ProportionalText(s string) string {
	if !strings.Contains(s, "←") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range s {
		if r == '←' {
			next, _ := utf8.DecodeRuneInString(s[i+len("←"):])
			if next == utf8.RuneError || unicode.IsSpace(next) {
				b.WriteRune('⟵')
				continue
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
