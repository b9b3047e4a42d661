// Package digits formats whole numbers for people: 1,234,567.
package digits

import (
	"strconv"
	"strings"
)

// Group writes n in decimal with sep between groups of three digits, counted
// from the right: Group(1234567, ",") is "1,234,567".
func Group(n uint64, sep string) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	b.Grow(len(s) + len(s)/3*len(sep))
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
