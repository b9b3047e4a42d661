package toolkit

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/compare"
)

// SkippedText names the lines of an instance file that were left out (at
// most three, then a count), or "" when none were.
func SkippedText(skipped []error) string {
	if len(skipped) == 0 {
		return ""
	}
	var parts []string
	for _, err := range compare.Abridge(skipped, 3) {
		parts = append(parts, err.Error())
	}
	return fmt.Sprintf("Skipped %d bad %s: %s", len(skipped), Plural(len(skipped), "line", "lines"), strings.Join(parts, "; "))
}
