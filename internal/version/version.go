// Package version holds Slidelab's version: the one place it is written.
//
// FyneApp.toml at the repository root repeats it for the fyne packaging
// tool (which reads only that file); a test checks that the two agree, and
// make dist names its archives from `slidelab version --short`.
package version

import (
	"runtime/debug"
	"strings"
)

// Version is the release number, semantic versioning (MAJOR.MINOR.PATCH).
// Change it here and in FyneApp.toml's [Details] Version together, and add
// the release to CHANGELOG.md.
const Version = "0.1.0"

// String returns the version followed by the commit the binary was built
// from, when the Go toolchain recorded it (a build inside a git checkout):
// "0.1.0 (commit 0f69300b1c2d, modified)". Without build information (go
// run of a single file, a test binary) it is Version alone.
func String() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Version
	}
	return format(Version, info.Settings)
}

// format appends the vcs.revision and vcs.modified settings to v.
func format(v string, settings []debug.BuildSetting) string {
	var rev string
	modified := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	var b strings.Builder
	b.WriteString(v)
	b.WriteString(" (commit ")
	b.WriteString(rev)
	if modified {
		b.WriteString(", modified")
	}
	b.WriteString(")")
	return b.String()
}
