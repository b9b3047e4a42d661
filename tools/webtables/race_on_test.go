//go:build race

package main

// raceEnabled reports whether the race detector is on: TestRun then
// writes the 8-puzzle's tables only.
const raceEnabled = true
