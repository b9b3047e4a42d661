package main

import (
	"runtime/debug"
	"testing"
)

func TestQuietStart(t *testing.T) {
	pct0 := debug.SetGCPercent(100)
	limit0 := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(pct0)
		debug.SetMemoryLimit(limit0)
	})
	for _, tc := range []struct {
		name      string
		pct       int
		limit     int64
		wantLimit int64 // during the start
	}{
		{"defaults", 100, 1 << 62, startHeapCeiling},
		{"GOGC=50", 50, 1 << 62, startHeapCeiling},
		{"GOMEMLIMIT below the ceiling", 100, 100 << 20, 100 << 20},
		{"GOMEMLIMIT above the ceiling", 100, 4 << 30, startHeapCeiling},
		{"GOGC=off", -1, 300 << 20, 300 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			debug.SetGCPercent(tc.pct)
			debug.SetMemoryLimit(tc.limit)
			restore := quietStart()
			if got := debug.SetGCPercent(-1); got != -1 {
				t.Errorf("during the start GOGC is %d, want off", got)
			}
			if got := debug.SetMemoryLimit(-1); got != tc.wantLimit {
				t.Errorf("during the start the memory limit is %d, want %d", got, tc.wantLimit)
			}
			restore()
			if got := debug.SetGCPercent(tc.pct); got != tc.pct {
				t.Errorf("after the start GOGC is %d, want %d", got, tc.pct)
			}
			if got := debug.SetMemoryLimit(-1); got != tc.limit {
				t.Errorf("after the start the memory limit is %d, want %d", got, tc.limit)
			}
			// A second call (the backstop timer) changes nothing.
			debug.SetGCPercent(33)
			restore()
			if got := debug.SetGCPercent(tc.pct); got != 33 {
				t.Errorf("a second restore set GOGC to %d", got)
			}
		})
	}
}
