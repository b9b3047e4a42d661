package pdb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// FileName returns the cache file name of a group's table, for example
// "4x4-blank-last-1-5-6-9-10-13.slpdb".
func FileName(size board.Size, goal board.Goal, tiles []int) string {
	sorted := slices.Sorted(slices.Values(tiles))
	parts := make([]string, len(sorted))
	for i, t := range sorted {
		parts[i] = strconv.Itoa(t)
	}
	return fmt.Sprintf("%s-%s-%s%s", size, goal, strings.Join(parts, "-"), FileExt)
}

// CacheEnv is the environment variable that overrides the default cache directory.
const CacheEnv = "SLIDELAB_CACHE"

// DefaultCacheDir returns $SLIDELAB_CACHE if set, else "slidelab/pdb" under
// os.UserCacheDir().
func DefaultCacheDir() (string, error) {
	if d := os.Getenv(CacheEnv); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pdb: no cache directory (set %s): %w", CacheEnv, err)
	}
	return filepath.Join(base, "slidelab", "pdb"), nil
}

// Source tells where LoadOrBuildTable got a table.
type Source int

const (
	// Built means the table was built (and saved to the cache).
	Built Source = iota
	// Loaded means the table was read from the cache.
	Loaded
	// Rebuilt means the cached file was unusable (corrupt, truncated, of
	// another format version or for another table), so the table was built
	// and the file replaced.
	Rebuilt
)

// String returns "built", "loaded" or "rebuilt".
func (s Source) String() string {
	switch s {
	case Loaded:
		return "loaded"
	case Rebuilt:
		return "rebuilt"
	}
	return "built"
}

// ErrNotCached marks a table that was built but could not be read from or
// saved to the cache (a read-only or full disk, a directory where the file
// should be). LoadOrBuildTable and LoadOrBuild still return the table with
// such an error: a caller may warn and go on with it.
var ErrNotCached = errors.New("pattern database not cached")

// StaleAfter is the age after which a temporary table file in the cache
// belongs to no running process: a save takes seconds, so a file that old
// was left by a process that was killed while saving.
const StaleAfter = 15 * time.Minute

// RemoveStale removes temporary table files that killed processes left in
// cacheDir (see StaleAfter and atomicfile.RemoveStale: those of a process
// that no longer runs go at once) and returns how many it removed.
func RemoveStale(cacheDir string) (int, error) {
	n, err := atomicfile.RemoveStale(cacheDir, "*"+FileExt, StaleAfter)
	if err != nil {
		return n, err
	}
	m, err := atomicfile.RemoveStale(cacheDir, "*"+FileExt+sidecarExt, StaleAfter)
	return n + m, err
}

// LoadOrBuildTable returns group i of p from cacheDir when a valid file is
// there, and otherwise builds it and saves it there. A missing, corrupt,
// truncated, old or mismatched file is rebuilt and replaced (Source Rebuilt).
// It first removes stale temporary files from the cache (RemoveStale). It also returns the wall time it took.
//
// When the table is built but the cache cannot be read or written, the table
// is returned together with an error wrapping ErrNotCached.
func LoadOrBuildTable(ctx context.Context, p Partition, i int, cacheDir string, progress func(LayerStats)) (*Table, Source, time.Duration, error) {
	start := time.Now()
	if err := p.Validate(); err != nil {
		return nil, Built, 0, err
	}
	if i < 0 || i >= len(p.Groups) {
		return nil, Built, 0, fmt.Errorf("pdb: no group %d in a partition of %d", i, len(p.Groups))
	}
	path := filepath.Join(cacheDir, FileName(p.Size, p.Goal, p.Groups[i]))
	_, _ = RemoveStale(cacheDir) // whenever the cache is opened, not only before a build
	t, loadErr := LoadFor(path, p.Size, p.Goal, p.Groups[i])
	if loadErr == nil {
		return t, Loaded, time.Since(start), nil
	}
	src := Rebuilt
	switch {
	case errors.Is(loadErr, fs.ErrNotExist):
		src, loadErr = Built, nil
	case errors.Is(loadErr, ErrCorrupt), errors.Is(loadErr, ErrTruncated), errors.Is(loadErr, ErrVersion), errors.Is(loadErr, ErrMismatch):
		loadErr = nil
	}
	// What remains is a cache that cannot be read (a directory at the path,
	// no permission, a FIFO): build anyway and say so with the table.
	t, err := buildGroup(ctx, p, i, progress)
	if err != nil {
		return nil, Built, 0, fmt.Errorf("building table %s: %w", formatTiles(p.Groups[i]), err)
	}
	if loadErr != nil {
		return t, Built, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, loadErr)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return t, src, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	if err := t.Save(path); err != nil {
		return t, src, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	return t, src, time.Since(start), nil
}

// LoadOrBuild returns the tables of p, each read from cacheDir when a valid
// file is there and otherwise built and saved there. When tables could be
// built but not cached, it returns the database together with an error
// wrapping ErrNotCached (one per table, joined). It first checks that the
// tables it must build fit in memory (CheckBuildMemory).
func LoadOrBuild(ctx context.Context, p Partition, cacheDir string, progress func(LayerStats)) (*DB, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := CheckBuildMemory(p, cacheDir); err != nil {
		return nil, err
	}
	tables := make([]*Table, len(p.Groups))
	var notCached []error
	for i := range p.Groups {
		t, _, _, err := LoadOrBuildTable(ctx, p, i, cacheDir, progress)
		if errors.Is(err, ErrNotCached) && t != nil {
			notCached = append(notCached, err)
		} else if err != nil {
			return nil, err
		}
		tables[i] = t
	}
	db, err := NewDB(p, tables)
	if err != nil {
		return nil, err
	}
	return db, errors.Join(notCached...)
}
