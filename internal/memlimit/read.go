package memlimit

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
)

// Read returns the readings of this process now: the Go runtime's own
// figures on every platform, and the operating system's where this package
// knows how to read them (Linux); elsewhere those stay unknown (zero).
func Read() Readings {
	var r Readings
	readGo(&r)
	readOS(&r)
	return r
}

// readGo fills the Go runtime's readings.
func readGo(r *Readings) {
	if lim := debug.SetMemoryLimit(-1); lim > 0 && lim < math.MaxInt64 {
		r.GoLimit = uint64(lim)
	}
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	val := func(i int) uint64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[i].Value.Uint64()
	}
	total, released := val(0), val(1)
	r.GoUsed = sub(total, released)
	r.GoHeapReleased = released
	r.GoHeapFree = val(2)
}
