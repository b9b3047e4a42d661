// Package memlimit tells how much more memory this process may take before
// the operating system refuses it, so that a large allocation (a pattern
// database build) can be refused up front with a clear message instead of
// ending in the Go runtime's "fatal error: out of memory", which cannot be
// recovered.
//
// Four limits are read (see Read): the memory the operating system reports as
// available (Linux: MemAvailable in /proc/meminfo), the address-space limit
// (RLIMIT_AS, as set by ulimit -v or prlimit --as) less the address space the
// process already maps, a control group's memory limit less its usage, and
// the Go runtime's soft limit (GOMEMLIMIT) less what the runtime already
// holds. Available, a pure function of the readings, takes the smallest.
// Where a reading is unknown (another operating system, a file that cannot
// be read) it is left out; where none is known, nothing is checked.
package memlimit

import (
	"errors"
	"fmt"
)

// Readings are the figures Available combines, in bytes. A zero field is an
// unknown or unlimited reading and is left out.
type Readings struct {
	// MemAvailable is the memory the operating system can give without
	// swapping (Linux: MemAvailable in /proc/meminfo).
	MemAvailable uint64
	// ASLimit is the address-space limit (RLIMIT_AS) and ASUsed the address
	// space the process maps now (VmSize).
	ASLimit, ASUsed uint64
	// CgroupLimit is the control group's memory limit (v2 memory.max, v1
	// memory.limit_in_bytes), CgroupUsed its usage and CgroupReclaimable
	// the part of the usage the kernel can drop (inactive file pages).
	CgroupLimit, CgroupUsed, CgroupReclaimable uint64
	// GoLimit is the user's soft memory limit for the Go runtime
	// (GOMEMLIMIT; 0 when it is not set) and GoUsed the memory the runtime
	// holds and has not returned to the operating system.
	GoLimit, GoUsed uint64
	// GoHeapFree is heap memory the runtime holds but no object uses and
	// GoHeapReleased heap address space it has returned to the operating
	// system: both are reused by the next allocations before the runtime
	// asks the system for more, so they count as available (the first in
	// memory and address space, the second in address space only).
	GoHeapFree, GoHeapReleased uint64
}

// Source names the limit that bounds what is available.
type Source string

// The sources of a limit.
const (
	SourceMemAvailable Source = "available memory"
	SourceAddressSpace Source = "address-space limit"
	SourceCgroup       Source = "control group memory limit"
	SourceGoLimit      Source = "GOMEMLIMIT"
)

// Available returns the bytes the process may still take and the limit that
// bounds them; ok is false when no reading is known (nothing to check).
func Available(r Readings) (bytes uint64, src Source, ok bool) {
	take := func(v uint64, s Source) {
		if !ok || v < bytes {
			bytes, src, ok = v, s, true
		}
	}
	if r.MemAvailable > 0 {
		take(r.MemAvailable+r.GoHeapFree, SourceMemAvailable)
	}
	if r.ASLimit > 0 {
		take(sub(r.ASLimit+r.GoHeapFree+r.GoHeapReleased, r.ASUsed), SourceAddressSpace)
	}
	if r.CgroupLimit > 0 {
		take(sub(r.CgroupLimit+r.CgroupReclaimable+r.GoHeapFree, r.CgroupUsed), SourceCgroup)
	}
	if r.GoLimit > 0 {
		take(sub(r.GoLimit+r.GoHeapFree, r.GoUsed), SourceGoLimit)
	}
	return bytes, src, ok
}

// sub returns a-b, or 0 when b >= a.
func sub(a, b uint64) uint64 {
	if b >= a {
		return 0
	}
	return a - b
}

// ErrInsufficient is wrapped by every error that refuses work for want of
// memory.
var ErrInsufficient = errors.New("not enough memory")

// Error refuses work that needs more memory than is available.
type Error struct {
	// What is the work refused, as in "building the 7-8 tables".
	What string
	// Need is the work's estimated peak and Allowed what the limit Source
	// leaves the process, in bytes.
	Need, Allowed uint64
	Source        Source
	// Hint, when not empty, says what to do instead.
	Hint string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s needs about %s; this machine allows %s (%s)", e.What, Bytes(e.Need), Bytes(e.Allowed), e.Source)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrInsufficient) hold.
func (e *Error) Unwrap() error { return ErrInsufficient }

// CheckReadings returns an *Error when need bytes are more than the readings
// allow, and nil when they fit or nothing is known.
func CheckReadings(r Readings, what string, need uint64, hint string) error {
	avail, src, ok := Available(r)
	if !ok || need <= avail {
		return nil
	}
	return &Error{What: what, Need: need, Allowed: avail, Source: src, Hint: hint}
}

// Check is CheckReadings with the readings of this process now (Read).
func Check(what string, need uint64, hint string) error {
	return CheckReadings(Read(), what, need, hint)
}

// Bytes formats a byte count for people, in decimal units: "2.3 GB",
// "51 MB", "640 kB", "12 bytes".
func Bytes(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.0f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}
