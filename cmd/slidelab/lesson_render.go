package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/lesson"
	"github.com/slidelab/slidelab/internal/lesson/handout"
)

func runLessonRender(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson render")
	dir := fs.String("html", "", "write the handout (index.html and PNG pictures) to this directory (required; a new or empty directory, or an earlier handout, which is replaced whole)")
	cache := fs.String("cache", "", "pattern-database cache directory (default: build the lesson's small tables in memory)")
	limit := fs.Int64("node-limit", lesson.DefaultNodeLimit, "stop any one search of the lesson after this many generated nodes (an error naming the line)")
	size := fs.Int("size", 480, fmt.Sprintf("picture width in pixels (%d to %d)", anim.MinSide, anim.MaxSide))
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("want one lesson: a file or a built-in name ('slidelab lesson list')")
	}
	if *dir == "" {
		return usagef("missing --html DIR: where to write the handout")
	}
	if err := checkRange("size", *size, anim.MinSide, anim.MaxSide); err != nil {
		return err
	}
	l, err := openLesson(e, rest[0])
	if err != nil {
		return err
	}
	if err := checkRange("node-limit", *limit, 1, maxLessonNodes); err != nil {
		return err
	}
	r := &lesson.Resolver{CacheDir: *cache, NodeLimit: uint64(*limit)}
	states, err := r.ResolveAll(ctx, l)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var list lesson.ErrorList
	if errors.As(err, &list) {
		printLessonErrors(e, rest[0], list)
		return failError{msg: fmt.Sprintf("%s: %d %s; nothing written", rest[0], len(list), plural(len(list), "error", "errors"))}
	}
	if err != nil {
		return failError{msg: err.Error()}
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
