//go:build !race

package render

// raceEnabled is true when the tests run under the race detector, which
// slows drawing (one goroutine's arithmetic) several times.
const raceEnabled = false
