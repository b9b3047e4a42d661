package raceview

import "github.com/slidelab/slidelab/gui/internal/uitest"

// raceForm reports whether the tests run their race form: under the race
// detector without SLIDELAB_FULL=1. make test-short and make test-full run
// every case; the race form keeps each goroutine path at least once.
func raceForm() bool { return uitest.RaceEnabled && !uitest.FullMatrix() }
