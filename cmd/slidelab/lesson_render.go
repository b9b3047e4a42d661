package main

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/lesson/handout"
)

func runLessonRender(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson render")
	dir := fs.String("html", "", "write the handout (index.html and PNG pictures) to this directory (required; a new or empty directory, or an earlier handout, which is replaced whole)")
	lf := addLessonFlags(fs)
	size := fs.Int("size", 480, fmt.Sprintf("picture width in pixels (%d to %d)", anim.MinSide, anim.MaxSide))
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *dir == "" {
		return usagef("missing --html DIR: where to write the handout")
	}
	if err := checkRange("size", *size, anim.MinSide, anim.MaxSide); err != nil {
		return err
	}
	l, states, r, err := lf.resolve(ctx, e, rest)
	if err != nil {
		return err
	}
	st, err := handout.Write(ctx, l, states, r, *dir, handout.Options{ImageSize: *size})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failError{msg: err.Error()}
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s/index.html: %d parts, %d pictures, %s bytes\n", *dir, st.Parts, st.Images, groupDigits(st.Bytes))
	return err
}
