package uitest

import "github.com/slidelab/slidelab/internal/testfull"

// RaceEnabled is true when the tests run under the race detector, which
// slows them several times; the longest drives take fewer steps. It is
// testfull.Race, the module's one race-detector flag.
const RaceEnabled = testfull.Race
