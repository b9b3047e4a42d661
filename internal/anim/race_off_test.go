//go:build !race

package anim

// raceEnabled is true when the tests run under the race detector, which
// slows encoding (one goroutine's arithmetic) several times.
const raceEnabled = false
