//go:build !race

package charts

// raceEnabled is true when the tests run under the race detector, which
// slows rendering (one goroutine's arithmetic) several times.
const raceEnabled = false
