package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/slidelab/slidelab/internal/version"
)

// versionCommand prints Slidelab's version (internal/version), the commit
// the binary was built from when known, and the Go toolchain and platform.
func versionCommand() command {
	return command{
		name:    "version",
		usage:   "[--short]",
		summary: "Print the version, the commit it was built from, and the Go version and platform.",
		run:     runVersion,
	}
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "version")
	short := fs.Bool("short", false, "print the version number alone (make dist names its archives with it)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *short {
		_, err = fmt.Fprintln(e.stdout, version.Version)
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "slidelab %s, %s %s/%s\n", version.String(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}
