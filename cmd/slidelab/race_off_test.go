//go:build !race

package main

// raceEnabled reports whether the race detector is on: checks that build
// the 15-puzzle's 6-6-3 tables (minutes and about 2 GB under -race) then
// run only in make test-full.
const raceEnabled = false
