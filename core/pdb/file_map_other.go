//go:build !linux && !darwin

package pdb

import "os"

// mapFile reports that files are not mapped on this platform: they are read
// into memory and checked fully every time.
func mapFile(*os.File, int64) ([]byte, error) { return nil, errNoMap }

// unmapFile is never called on this platform.
func unmapFile([]byte) {}

// identityOf reports that this platform records no file identity.
func identityOf(os.FileInfo) (fileIdentity, bool) { return fileIdentity{}, false }
