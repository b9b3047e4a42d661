package gui

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// skippedText names the lines of an instance file that were left out (at
// most three, then a count), or "" when none were.
func skippedText(skipped []error) string {
	if len(skipped) == 0 {
		return ""
	}
	var parts []string
	for _, err := range compare.Abridge(skipped, 3) {
		parts = append(parts, err.Error())
	}
	return fmt.Sprintf("Skipped %d bad %s: %s", len(skipped), toolkit.Plural(len(skipped), "line", "lines"), strings.Join(parts, "; "))
}
