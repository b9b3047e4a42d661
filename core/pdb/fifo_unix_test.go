//go:build unix

package pdb

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// TestCachedTableFIFO puts a FIFO where a cached table goes: loading must
// refuse it by name instead of waiting for a writer, and LoadOrBuildTable
// must build the table and say it could not be cached. The minute is a
// deadline for a hang, not a timing assertion.
func TestCachedTableFIFO(t *testing.T) {
	p, err := ParsePartition("1,2,3/4,5,6/7,8", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(p.Size, p.Goal, p.Groups[0]))
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 2)
	go func() {
		_, err := Load(path)
		done <- err
	}()
	go func() {
		tb, _, _, err := LoadOrBuildTable(ctx, p, 0, dir, nil)
		if tb == nil || !errors.Is(err, ErrNotCached) {
			err = fmt.Errorf("table %v, error %w; want the table and ErrNotCached", tb != nil, err)
		}
		done <- err
	}()
	for range 2 {
		select {
		case err := <-done:
			if !errors.Is(err, inputfile.ErrNotRegular) || !strings.Contains(err.Error(), path+": not a regular file (a FIFO)") {
				t.Errorf("got %v; want %s: not a regular file (a FIFO)", err, path)
			}
		case <-ctx.Done():
			t.Fatal("still blocked on the FIFO after a minute")
		}
	}
}

// TestGroupSetFIFO puts a FIFO where a group-set file goes: LoadGroups must
// refuse it by name at once (the minute bounds a hang).
func TestGroupSetFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), GroupsFileName(board.Size4x4, board.BlankLast, 2))
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := LoadGroups(path, board.Size4x4, board.BlankLast, 2)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, inputfile.ErrNotRegular) {
			t.Fatalf("got %v, want not a regular file", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("still blocked on the FIFO after a minute")
	}
}
