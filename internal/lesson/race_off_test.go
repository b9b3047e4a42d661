//go:build !race

package lesson

// raceEnabled is true when the tests run under the race detector, which
// slows them several times; the heaviest checks sample instead.
const raceEnabled = false
