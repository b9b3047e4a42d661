package main

import (
	"runtime/debug"
	"sync"
	"time"
)

// The first frame. Until the window first shows, the app allocates about
// 70 MB (widgets, fonts, the views' contents) and Go's garbage collector,
// growing the heap from 4 MB, runs nine times and takes a quarter of the
// CPU beside it. So the collector is off for the start, with a memory
// ceiling it still keeps, and back to its settings once the window is up.
// On the shared 2-core test machine the first frame came 6 % sooner
// (scripts/first-frame.sh, 0.48 against 0.51 s, medians of 15 alternating;
// docs/performance.md, "The first frame").

const (
	// startHeapCeiling is the heap size at which the collector runs even
	// during the start (debug.SetMemoryLimit), should the start allocate
	// far more than it does today.
	startHeapCeiling = 512 << 20
	// startQuiet is how long after the app's start the collector stays
	// off: the first frame is drawn in that time.
	startQuiet = time.Second
	// startQuietAtMost ends the quiet start even when the app never
	// reports it started.
	startQuietAtMost = 10 * time.Second
)

// quietStart turns the garbage collector off (GOGC=off with a memory
// limit of startHeapCeiling, or the lower limit GOMEMLIMIT set) and returns
// the function that puts back the settings it found, the environment's
// GOGC and GOMEMLIMIT included; only its first call does anything, and it
// is called by itself after startQuietAtMost.
func quietStart() (restore func()) {
	pct := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(-1) // reads the limit
	debug.SetMemoryLimit(min(limit, startHeapCeiling))
	var once sync.Once
	restore = func() {
		once.Do(func() {
			debug.SetGCPercent(pct)
			debug.SetMemoryLimit(limit)
		})
	}
	time.AfterFunc(startQuietAtMost, restore)
	return restore
}
