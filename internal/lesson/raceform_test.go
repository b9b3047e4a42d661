package lesson

import "github.com/slidelab/slidelab/internal/testfull"

// raceForm reports the race form of the tests: the race detector on and
// SLIDELAB_FULL not 1 (make test). There, the heaviest single-goroutine
// checks run a sample; make test-short and make test-full run them whole.
func raceForm() bool { return testfull.RaceForm() }
