package memlimit

import (
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
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

// readGo fills the Go runtime's readings. The soft limit counted is the
// user's GOMEMLIMIT, not the one the program may have set itself with
// debug.SetMemoryLimit (the command line sets one for A*'s searches): a
// soft limit never makes an allocation fail, so only the user's wish should
// refuse a build.
func readGo(r *Readings) {
	r.GoLimit = parseGoMemLimit(os.Getenv("GOMEMLIMIT"))
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

// parseGoMemLimit reads a GOMEMLIMIT value as the Go runtime does: a
// number of bytes with an optional unit (B, KiB, MiB, GiB, TiB); 0 for
// "off", an empty or a malformed value.
func parseGoMemLimit(v string) uint64 {
	v = strings.TrimSpace(v)
	units := []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}
	shift := uint(0)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(v, u.suffix); ok {
			v, shift = rest, u.shift
			break
		}
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n == 0 || n > (1<<63-1)>>shift {
		return 0
	}
	return n << shift
}
