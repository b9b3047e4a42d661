//go:build !race

package uitest

// RaceEnabled is true when the tests run under the race detector, which
// slows them several times; the longest drives take fewer steps.
const RaceEnabled = false
