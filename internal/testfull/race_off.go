//go:build !race

package testfull

// Race is true when the tests run under the race detector.
const Race = false
