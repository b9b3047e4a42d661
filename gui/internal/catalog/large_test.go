package catalog

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// TestNotBuiltErrorNamesARealCommand checks that the command the message
// suggests is one the CLI takes (it once said "slidelab pdb build 6666",
// which the CLI refuses: the partition is a flag).
func TestNotBuiltErrorNamesARealCommand(t *testing.T) {
	for _, tc := range []struct {
		goal board.Goal
		want string
	}{
		{board.BlankLast, "`slidelab pdb build --partition 6666`"},
		{board.BlankFirst, "`slidelab pdb build --partition 6666 --goal blank-first`"},
	} {
		p, err := pdb.Preset("6666", board.Size5x5, tc.goal)
		if err != nil {
			t.Fatal(err)
		}
		if msg := NotBuiltError(p, "6-6-6-6").Error(); !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %q does not name %s", tc.goal, msg, tc.want)
		}
	}
}
