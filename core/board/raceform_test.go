package board

import "github.com/slidelab/slidelab/internal/testfull"

// raceForm reports the race form of the tests: the race detector on and
// SLIDELAB_FULL not 1 (make test). There, exhaustive single-goroutine
// checks run a sample; make test-short and make test-full run them whole.
func raceForm() bool { return testfull.RaceForm() }
