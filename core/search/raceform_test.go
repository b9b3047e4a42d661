package search

import "github.com/slidelab/slidelab/internal/testfull"

// raceForm reports the race form of the tests: the race detector on and
// SLIDELAB_FULL not 1 (make test). There, exhaustive single-goroutine
// cross-checks run a sample; every check with more than one goroutine keeps
// its workers. make test-short and make test-full run every check whole.
func raceForm() bool { return testfull.RaceForm() }
