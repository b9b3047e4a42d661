package pdb

import "github.com/slidelab/slidelab/internal/testfull"

// smallMatrix reports whether the slowest cross-checks that are not about
// goroutines run their smaller matrix: under the race detector (which slows
// a single goroutine's table arithmetic five to twenty times), unless make
// test-full (SLIDELAB_FULL=1) asks for everything. The builders' parallel
// code still runs under -race in the cases that stay.
func smallMatrix() bool {
	return raceEnabled && !testfull.Enabled()
}
