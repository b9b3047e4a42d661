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
)

// FringeSet is a list of fringe patterns (groups of tiles, each with the
// blank) for a board size and goal. Each group gets its own fringe table and
// the heuristic is the largest of their values, so groups may overlap.
type FringeSet struct {
	Size   board.Size
	Goal   board.Goal
	Groups [][]int
}

// FringePresetInfo describes a named fringe pattern. Groups are written for
// the blank-last goal; for the blank-first goal they are turned half a turn
// (tile t becomes N-t), the symmetry that takes one goal to the other.
type FringePresetInfo struct {
	// Name is what users type after "fringe:" ("cs").
	Name string
	// Size is the board size the preset is for.
	Size board.Size
	// Label is the display name ("C&S fringe").
	Label string
	// Doc says what the preset is, in one line.
	Doc    string
	groups [][]int
}

// Culberson and Schaeffer's fringe is, for their blank-first goal (blank top
// left), the tiles of the right column and the bottom row: 3,7,11,12,13,14,15.
// The half turn that maps the blank-first goal to the blank-last one (tile t
// to 16-t) makes it the top row and left column: 1,2,3,4,5,9,13, the tiles
// farthest from the blank's goal cell. The 8-puzzle preset is the same shape.
var fringePresets = []FringePresetInfo{
	{Name: "cs", Size: board.Size4x4, Label: "C&S 7-tile fringe",
		groups: [][]int{{1, 2, 3, 4, 5, 9, 13}},
		Doc:    "15-puzzle: Culberson and Schaeffer's fringe, top row and left column {1,2,3,4,5,9,13} + blank (518,918,400 entries; building takes about 0.7 GB and minutes)"},
	{Name: "cs6", Size: board.Size4x4, Label: "6-tile fringe",
		groups: [][]int{{1, 2, 3, 4, 5, 9}},
		Doc:    "15-puzzle: the fringe without tile 13, {1,2,3,4,5,9} + blank (57,657,600 entries, seconds to build)"},
	{Name: "cs", Size: board.Size3x3, Label: "C&S fringe",
		groups: [][]int{{1, 2, 3, 4, 7}},
		Doc:    "8-puzzle: top row and left column {1,2,3,4,7} + blank (60,480 entries)"},
	{Name: "br", Size: board.Size3x3, Label: "near fringe",
		groups: [][]int{{3, 6, 7, 8}},
		Doc:    "8-puzzle: bottom row and right column {3,6,7,8} + blank, the tiles next to the blank's goal (15,120 entries)"},
	{Name: "cs", Size: board.Size{W: 3, H: 2}, Label: "fringe",
		groups: [][]int{{1, 4}},
		Doc:    "3x2 puzzle: left column {1,4} + blank (120 entries)"},
}

// FringePresets returns the fringe preset table, in the order menus list it.
func FringePresets() []FringePresetInfo {
	out := slices.Clone(fringePresets)
	for i := range out {
		out[i].groups = nil
	}
	return out
}

// FringePresetsFor returns the fringe presets for boards of size s.
func FringePresetsFor(s board.Size) []FringePresetInfo {
	var out []FringePresetInfo
	for _, p := range FringePresets() {
		if p.Size == s {
			out = append(out, p)
		}
	}
	return out
}

// FringePreset returns the named fringe set for a board size and goal.
func FringePreset(name string, size board.Size, goal board.Goal) (FringeSet, error) {
	var sizes []string
	for _, p := range fringePresets {
		if p.Name != name {
			continue
		}
		if p.Size == size {
			return FringeSet{Size: size, Goal: goal, Groups: forGoal(p.groups, size, goal)}, nil
		}
		sizes = append(sizes, p.Size.String())
	}
	if len(sizes) > 0 {
		return FringeSet{}, fmt.Errorf("%w: fringe preset %q is for %s boards, not %s", ErrPartition, name, strings.Join(sizes, ", "), size)
	}
	return FringeSet{}, fmt.Errorf("%w: unknown fringe preset %q", ErrPartition, name)
}

// IsFringePreset reports whether name is a fringe preset (for some size).
func IsFringePreset(name string) bool {
	for _, p := range fringePresets {
		if p.Name == name {
			return true
		}
	}
	return false
}

// ParseFringe reads a fringe set: a preset name (see FringePresets) or
// groups of tile numbers (never the blank, which every fringe pattern holds)
// separated by "/" (or ";"), tiles separated by commas or spaces, for example
// "1,2,3,4,7" or "1,2,3,4,7/3,6,7,8". Groups may share tiles.
func ParseFringe(text string, size board.Size, goal board.Goal) (FringeSet, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return FringeSet{}, fmt.Errorf("%w: empty fringe pattern (want a preset such as cs or tiles such as 1,2,3,4,7)", ErrPartition)
	}
	if IsFringePreset(t) {
		return FringePreset(t, size, goal)
	}
	f := FringeSet{Size: size, Goal: goal}
	for i, part := range strings.Split(strings.ReplaceAll(t, ";", "/"), "/") {
		fields := strings.FieldsFunc(part, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if len(fields) == 0 {
			return FringeSet{}, fmt.Errorf("%w: fringe group %d is empty", ErrPartition, i+1)
		}
		var grp []int
		for _, fld := range fields {
			n, err := strconv.Atoi(fld)
			if err != nil {
				return FringeSet{}, fmt.Errorf("%w: fringe group %d: %q is not a tile number (or use a fringe preset: %s)", ErrPartition, i+1, fld, fringePresetNames())
			}
			grp = append(grp, n)
		}
		f.Groups = append(f.Groups, grp)
	}
	if err := f.Validate(); err != nil {
		return FringeSet{}, err
	}
	return f, nil
}

func fringePresetNames() string {
	var names []string
	for _, p := range fringePresets {
		if !slices.Contains(names, p.Name) {
			names = append(names, p.Name)
		}
	}
	return strings.Join(names, ", ")
}

// Validate checks the size, the goal and every group (see CheckFringeGroup).
func (f FringeSet) Validate() error {
	if err := f.Size.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrPartition, err)
	}
	if f.Goal != board.BlankLast && f.Goal != board.BlankFirst {
		return fmt.Errorf("%w: unknown goal %v", ErrPartition, f.Goal)
	}
	if len(f.Groups) == 0 {
		return fmt.Errorf("%w: no fringe groups", ErrPartition)
	}
	for i, g := range f.Groups {
		if err := CheckFringeGroup(g, f.Size); err != nil {
			return fmt.Errorf("fringe group %d: %w", i+1, err)
		}
	}
	return nil
}

// String formats the groups as ParseFringe reads them ("1,2,3,4,7/3,6,7,8").
func (f FringeSet) String() string {
	parts := make([]string, len(f.Groups))
	for i, g := range f.Groups {
		parts[i] = formatTiles(slices.Sorted(slices.Values(g)))
	}
	return strings.Join(parts, "/")
}

// PresetName returns the name of the preset with f's groups, and false when
// f is not a preset.
func (f FringeSet) PresetName() (string, bool) {
	for _, info := range FringePresetsFor(f.Size) {
		q, err := FringePreset(info.Name, f.Size, f.Goal)
		if err == nil && sameGroups(f.Groups, q.Groups) {
			return info.Name, true
		}
	}
	return "", false
}

// FringeFileName returns the cache file name of a fringe table, for example
// "3x3-blank-last-fringe-1-2-3-4-7.slpdb": the word "fringe" keeps it apart
// from the additive table of the same tiles.
func FringeFileName(size board.Size, goal board.Goal, tiles []int) string {
	sorted := slices.Sorted(slices.Values(tiles))
	parts := make([]string, len(sorted))
	for i, t := range sorted {
		parts[i] = strconv.Itoa(t)
	}
	return fmt.Sprintf("%s-%s-fringe-%s%s", size, goal, strings.Join(parts, "-"), FileExt)
}

// LoadFringeFor opens a cache's table file for use in place, as LoadFor
// does, and checks that it is the fringe table of the given size, goal and
// pattern tiles; otherwise the error wraps ErrMismatch.
func LoadFringeFor(path string, size board.Size, goal board.Goal, tiles []int) (*Table, error) {
	t, _, err := openTable(path, racyMargin)
	if err != nil {
		return nil, err
	}
	want := slices.Sorted(slices.Values(tiles))
	if t.size != size || t.goal != goal || t.kind != KindFringe || !slices.Equal(t.PatternTiles(), want) {
		t.release()
		return nil, fmt.Errorf("%s: %w: it holds the %s table of tiles %s for %s %s, not the fringe table of tiles %s for %s %s", path, ErrMismatch,
			t.kind, formatTiles(t.PatternTiles()), t.size, t.goal, formatTiles(want), size, goal)
	}
	return t, nil
}

// LoadOrBuildFringe returns the fringe table of the given pattern tiles from
// cacheDir when a valid file is there, and otherwise builds it and saves it
// there, as LoadOrBuildTable does for additive tables (same Source values,
// same ErrNotCached convention). It also returns the wall time it took.
func LoadOrBuildFringe(ctx context.Context, size board.Size, goal board.Goal, tiles []int, cacheDir string, progress func(LayerStats)) (*Table, Source, time.Duration, error) {
	start := time.Now()
	if err := CheckFringeGroup(tiles, size); err != nil {
		return nil, Built, 0, err
	}
	path := filepath.Join(cacheDir, FringeFileName(size, goal, tiles))
	_, _ = RemoveStale(cacheDir) // whenever the cache is opened, not only before a build
	t, loadErr := LoadFringeFor(path, size, goal, tiles)
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
	t, err := BuildFringe(ctx, size, goal, tiles, progress)
	if err != nil {
		return nil, Built, 0, err
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

// LoadOrBuildFringeSet returns the tables of every group of f, loaded from
// or built into cacheDir (in memory when cacheDir is empty). Tables built but
// not cached come back with an error wrapping ErrNotCached. It first checks
// that the tables to build fit in memory (CheckFringeMemory).
func LoadOrBuildFringeSet(ctx context.Context, f FringeSet, cacheDir string, progress func(LayerStats)) ([]*Table, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	if err := CheckFringeMemory(f, cacheDir); err != nil {
		return nil, err
	}
	tables := make([]*Table, len(f.Groups))
	var notCached []error
	for i, g := range f.Groups {
		var t *Table
		var err error
		var groupProgress func(LayerStats)
		if progress != nil {
			groupProgress = func(st LayerStats) {
				st.Group = i
				progress(st)
			}
		}
		if cacheDir == "" {
			t, err = BuildFringe(ctx, f.Size, f.Goal, g, groupProgress)
		} else {
			t, _, _, err = LoadOrBuildFringe(ctx, f.Size, f.Goal, g, cacheDir, groupProgress)
		}
		if errors.Is(err, ErrNotCached) && t != nil {
			notCached = append(notCached, err)
		} else if err != nil {
			return nil, err
		}
		tables[i] = t
	}
	return tables, errors.Join(notCached...)
}
