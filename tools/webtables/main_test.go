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

// TestRun writes every shipped table (the 6-6-3 build takes a few seconds).
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 6-6-3 tables")
	}
	out := t.TempDir()
	var report bytes.Buffer
	if err := run(context.Background(), out, t.TempDir(), &report); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.slpdb.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 5 { // 4-4 and 6-6-3
		t.Errorf("%d tables written, want 5: %v", len(files), files)
	}
	if lines := strings.Count(report.String(), "\n"); lines != 6 || !strings.HasPrefix(strings.Split(report.String(), "\n")[5], "total: ") {
		t.Errorf("report:\n%s", report.String())
	}
}

func TestRunBadOutput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	if err := run(context.Background(), filepath.Join(file, "tables"), t.TempDir(), &report); err == nil || !strings.Contains(err.Error(), "output folder") {
		t.Errorf("an output folder under a file: %v", err)
	}
}
