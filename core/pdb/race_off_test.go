//go:build !race

package pdb

// raceEnabled reports whether the race detector is on: the slowest
// cross-checks then use smaller tables.
const raceEnabled = false
