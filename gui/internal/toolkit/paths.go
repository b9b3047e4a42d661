package toolkit

import "path/filepath"

// AbsPath returns path made absolute (as it is when that fails).
func AbsPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
