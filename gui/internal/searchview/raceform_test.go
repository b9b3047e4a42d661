package searchview

import "github.com/slidelab/slidelab/gui/internal/uitest"

// raceForm reports whether the longest drives of the view run their race
// form: under the race detector without SLIDELAB_FULL=1 (make test), where
// each step of the view (its labels measured and wrapped, the board and
// the tree laid out) costs ten times its CPU. The checks there are not
// about goroutines; each cut says what its race form keeps. Without -race
// and in make test-full every drive runs its whole length.
func raceForm() bool { return uitest.RaceEnabled && !uitest.FullMatrix() }
