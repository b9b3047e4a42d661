package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/testfull"
)

// TestWriteTable: a table written compressed reads back, checked, as the
// same table, and the sizes reported are the files'.
func TestWriteTable(t *testing.T) {
	dir := t.TempDir()
	p, err := pdb.Preset("44", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	db, err := pdb.LoadOrBuild(context.Background(), p, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, tb := range db.Tables {
		plain, packed, err := writeTable(dir, tb)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, pdb.FileName(tb.Size(), tb.Goal(), tb.Tiles())+".gz")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var file bytes.Buffer
		if _, err := tb.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		if packed != int64(len(data)) || plain != int64(file.Len()) || packed >= plain {
			t.Errorf("table %d: reported %d of %d bytes, files %d of %d", i, packed, plain, len(data), file.Len())
		}
		got, err := pdb.DecodeFor(data, p.Size, p.Goal, p.Groups[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Values(), tb.Values()) {
			t.Errorf("table %d: values differ after the round trip", i)
		}
	}
}

// TestRun writes every shipped table (the 6-6-3 build takes a few seconds,
// two minutes under the race detector: there, unless the full matrix is
// asked for, only the 8-puzzle's; the loop is the same for each size).
func TestRun(t *testing.T) {
	sizes, want := shipped, 5 // 4-4 and 6-6-3
	if raceEnabled && !testfull.Enabled() || testing.Short() {
		sizes, want = []board.Size{board.Size3x3}, 2
	}
	out := t.TempDir()
	var report bytes.Buffer
	if err := run(context.Background(), sizes, out, t.TempDir(), &report); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.slpdb.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != want {
		t.Errorf("%d tables written, want %d: %v", len(files), want, files)
	}
	if lines := strings.Split(report.String(), "\n"); len(lines) != want+2 || !strings.HasPrefix(lines[want], "total: ") {
		t.Errorf("report:\n%s", report.String())
	}
}

// TestShipped: the web folder carries the default partitions of the 8- and
// 15-puzzle (catalog's shipped_js.go fetches exactly these).
func TestShipped(t *testing.T) {
	if len(shipped) != 2 || shipped[0] != board.Size3x3 || shipped[1] != board.Size4x4 {
		t.Errorf("shipped = %v, want 3x3 and 4x4", shipped)
	}
}

func TestRunBadOutput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	if err := run(context.Background(), shipped, filepath.Join(file, "tables"), t.TempDir(), &report); err == nil || !strings.Contains(err.Error(), "output folder") {
		t.Errorf("an output folder under a file: %v", err)
	}
}
