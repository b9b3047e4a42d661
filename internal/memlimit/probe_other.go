//go:build !linux

package memlimit

// probe has no trial mapping to make outside Linux: it accepts every size.
func probe(uint64) error { return nil }
