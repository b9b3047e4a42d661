// Command webtables writes the pattern database tables the browser build
// ships beside the app (make web): the default partition of each board
// size the app preloads (the 8-puzzle's 4-4 and the 15-puzzle's 6-6-3), for
// the app's default goal (blank last), each table compressed with gzip as
// OUT/NAME.gz, NAME being its cache file name (pdb.FileName). The page
// fetches them instead of building the tables (gui/internal/catalog,
// shipped_js.go) and checks them as a cached file is checked
// (pdb.DecodeFor).
//
// Usage:
//
//	go run ./tools/webtables -out dist/web/tables [-cache DIR]
//
// The tables come from the pattern database cache (-cache, default
// $SLIDELAB_CACHE or the user's cache) and are built there when missing.
// It prints one line per table: its name, its size compressed and as a
// file, and the ratio.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// shipped lists the partitions whose tables the web folder carries: the
// default preset of each board size whose database the app loads by itself.
var shipped = []board.Size{board.Size3x3, board.Size4x4}

// shippedGoal is the app's default goal (gui/internal/searchview.DefaultGoal).
const shippedGoal = board.BlankLast

func main() {
	out := flag.String("out", "dist/web/tables", "folder to write the compressed tables to")
	cache := flag.String("cache", "", "pattern database cache (default: $SLIDELAB_CACHE or the user's cache)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: webtables [-out DIR] [-cache DIR]")
		os.Exit(2)
	}
	if err := run(context.Background(), shipped, *out, *cache, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "webtables:", err)
		os.Exit(1)
	}
}

// run writes the tables of the default partition of each of sizes (shipped,
// but for tests) to out, loading or building them in cache ("" for the
// default), and reports each on w.
func run(ctx context.Context, sizes []board.Size, out, cache string, w io.Writer) error {
	if cache == "" {
		var err error
		if cache, err = pdb.DefaultCacheDir(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	var plain, packed int64
	for _, size := range sizes {
		info, ok := pdb.DefaultPreset(size)
		if !ok {
			return fmt.Errorf("no default partition for %s", size)
		}
		p, err := pdb.Preset(info.Name, size, shippedGoal)
		if err != nil {
			return err
		}
		db, err := pdb.LoadOrBuild(ctx, p, cache, nil)
		if err != nil {
			return fmt.Errorf("tables of %s: %w", info.Label, err)
		}
		for _, t := range db.Tables {
			n, z, err := writeTable(out, t)
			if err != nil {
				return err
			}
			plain, packed = plain+n, packed+z
			if _, err := fmt.Fprintf(w, "%s.gz: %d bytes, %d as a file (%.1f%%)\n",
				pdb.FileName(t.Size(), t.Goal(), t.Tiles()), z, n, 100*float64(z)/float64(n)); err != nil {
				return fmt.Errorf("report: %w", err)
			}
		}
	}
	if _, err := fmt.Fprintf(w, "total: %d bytes, %d as files (%.1f%%)\n", packed, plain, 100*float64(packed)/float64(plain)); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// writeTable writes t compressed to out/NAME.gz (a temporary name renamed)
// and returns its file size and its compressed size.
func writeTable(out string, t *pdb.Table) (plain, packed int64, err error) {
	path := filepath.Join(out, pdb.FileName(t.Size(), t.Goal(), t.Tiles())+".gz")
	if plain, err = t.WriteTo(io.Discard); err != nil {
		return 0, 0, fmt.Errorf("table %s: %w", path, err)
	}
	if err := atomicfile.Write(path, t.WriteGzip); err != nil {
		return 0, 0, fmt.Errorf("write %s: %w", path, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, 0, err
	}
	return plain, st.Size(), nil
}
