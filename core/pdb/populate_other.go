//go:build !linux

package pdb

// populate does nothing here: pages are mapped as they are first touched.
func populate([]byte) {}
