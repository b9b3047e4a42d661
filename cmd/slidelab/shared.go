package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/digits"
)

// cacheDirOr returns dir, or the default pattern database cache directory
// when dir is empty.
func cacheDirOr(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	return pdb.DefaultCacheDir()
}

// tableResolveOptions returns the options compare and quality resolve
// heuristics with: tables cached in dir, building progress on prog, and a
// warning naming what the command does with a table it cannot cache
// ("comparing", "using").
func tableResolveOptions(e *env, prog *statusLine, dir, doing string) compare.ResolveOptions {
	return compare.ResolveOptions{
		CacheDir: dir,
		Progress: func(name string, st pdb.LayerStats) {
			prog.show("building %s table %d: cost %d, %d%% of %s entries", name, st.Group+1, st.Cost,
				100*st.TotalEntries/max(st.Entries, 1), digits.Group(st.Entries, ","))
		},
		Warn: func(err error) {
			prog.clear()
			fmt.Fprintf(e.stderr, "slidelab: warning: %s (%s the table in memory)\n", oneLine(err.Error()), doing)
		},
	}
}

// loadSet reads the instance set spec names for goal, reports the boards it
// skipped on stderr under the command's name and keeps the first N (0: all).
func loadSet(ctx context.Context, e *env, command, spec string, goal board.Goal, first int) (compare.Set, error) {
	set, err := compare.ParseSet(spec, goal)
	if err != nil {
		return compare.Set{}, flagError(ctx, "--set", err)
	}
	for _, skipped := range set.Skipped {
		fmt.Fprintf(e.stderr, "slidelab %s: %s: %s (skipped)\n", command, set.Name, oneLine(skipped.Error()))
	}
	return set.ForGoal(goal).First(first), nil
}

// outputFlag is a flag naming a file to write.
type outputFlag struct{ flag, path string }

// checkChartName fails when the chart file of --flag does not end in .png,
// .svg or .pdf (an empty path is not given and passes).
func checkChartName(flag, path string) error {
	if path == "" {
		return nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".svg", ".pdf":
		return nil
	}
	return usagef("--%s %s: the file name must end in .png, .svg or .pdf", flag, path)
}

// checkExtensions fails when a given file of outs does not end in ext, the
// flag's name with a dot (--png FILE ends in .png).
func checkExtensions(outs ...outputFlag) error {
	for _, c := range outs {
		if c.path != "" && !strings.EqualFold(filepath.Ext(c.path), "."+c.flag) {
			return usagef("--%s %s: the file name must end in .%s", c.flag, c.path, c.flag)
		}
	}
	return nil
}

// checkWritable fails, before any work, when a given file of outs cannot be
// written.
func checkWritable(outs ...outputFlag) error {
	for _, c := range outs {
		if c.path == "" {
			continue
		}
		if err := atomicfile.CheckWritable(c.path); err != nil {
			return failError{msg: fmt.Sprintf("--%s %s: %v", c.flag, c.path, err)}
		}
	}
	return nil
}

// writeIndentedJSON writes v to w as indented JSON.
func writeIndentedJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing json: %w", err)
	}
	return nil
}
