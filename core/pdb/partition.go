// Package pdb builds, stores and looks up additive pattern databases for
// sliding-tile puzzles.
//
// A pattern database (PDB) for a group of tiles stores, for every placement of
// those tiles on the board, the least number of moves of group tiles needed to
// bring them home from that placement, whatever the other tiles do. It is built
// backwards from the goal by a layered 0-1 breadth-first search over abstract
// states (the group's tile positions plus the blank's position): moving the
// blank into a cell not held by a group tile costs 0, swapping it with a group
// tile costs 1. Because only group-tile moves are counted, the tables of
// disjoint groups can be added: their sum is an admissible heuristic (it never
// overestimates) but it is not consistent, so A* with it must reopen nodes.
//
// A Partition names the groups; Build (or a steppable Builder per group) makes
// one Table per group; a DB holds the tables and sums them. Tables are indexed
// by a perfect rank of the group tiles' positions, stored one byte an entry,
// and saved in a checksummed file format (see Save and Load); LoadOrBuild keeps
// them in a cache directory.
package pdb

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// MaxEntries is the largest table (number of entries, n!/(n-k)! for k tiles on
// n cells) a partition may ask for: a 7-tile group on the 24-puzzle
// (2,422,728,000 entries, 2.4 GB). Building it takes about 1.6 bytes per
// entry besides the table (the cohort engine, build_cohort.go). Groups of
// more than cohortMaxTiles tiles, built in the bit-set layouts, stay within
// maxLayoutEntries.
const MaxEntries = 2_422_728_000

// maxLayoutEntries is the largest table of more than cohortMaxTiles tiles,
// and of a fringe pattern with its blank: an 8-tile group on the 15-puzzle
// (518,918,400 entries).
const maxLayoutEntries = 518_918_400

// ErrPartition is wrapped by every error about an invalid partition.
var ErrPartition = errors.New("invalid partition")

// Partition is a list of disjoint groups of tiles (never the blank) for a board
// size and goal. Each group gets its own table; the tables add up.
type Partition struct {
	Size   board.Size
	Goal   board.Goal
	Groups [][]int
}

// PresetInfo describes a named partition of the preset table: the one place
// where presets, their groups and the default per board size are written.
// Groups are written for the blank-last goal; Preset turns them for the
// blank-first goal (rotated by 180 degrees, tile t becomes N-t, the
// symmetric equivalent).
type PresetInfo struct {
	// Name is what users type: "663" (also "6-6-3").
	Name string
	// Size is the board size the preset is for.
	Size board.Size
	// Label is the display name: "6-6-3".
	Label string
	// Doc says what the preset is, in one line.
	Doc string
	// Default marks the preset offered first for its board size (the
	// heuristic menus' pattern database, the colouring of the tiles).
	Default bool
	groups  [][]int // for the blank-last goal
}

var presets = []PresetInfo{
	{Name: "663", Size: board.Size4x4, Label: "6-6-3", Default: true,
		groups: [][]int{{1, 5, 6, 9, 10, 13}, {7, 8, 11, 12, 14, 15}, {2, 3, 4}},
		Doc:    "15-puzzle: {1,5,6,9,10,13} {7,8,11,12,14,15} {2,3,4}"},
	{Name: "555", Size: board.Size4x4, Label: "5-5-5",
		groups: [][]int{{1, 2, 3, 5, 6}, {4, 7, 8, 11, 12}, {9, 10, 13, 14, 15}},
		Doc:    "15-puzzle: {1,2,3,5,6} {4,7,8,11,12} {9,10,13,14,15}"},
	{Name: "78", Size: board.Size4x4, Label: "7-8",
		groups: [][]int{{9, 10, 11, 12, 13, 14, 15}, {1, 2, 3, 4, 5, 6, 7, 8}},
		Doc:    "15-puzzle: {9,...,15} {1,...,8} (Korf and Felner's 7-8: bottom two rows, top two rows; 1.2 GB and about 20 s to build)"},
	{Name: "6666", Size: board.Size5x5, Label: "6-6-6-6", Default: true,
		groups: [][]int{{13, 18, 19, 20, 23, 24}, {11, 12, 16, 17, 21, 22}, {4, 5, 9, 10, 14, 15}, {1, 2, 3, 6, 7, 8}},
		Doc:    "24-puzzle: {13,18,19,20,23,24} {11,12,16,17,21,22} {4,5,9,10,14,15} {1,2,3,6,7,8} (Korf and Felner's 6-6-6-6 turned to the blank-last goal; 4 x 127,512,000 entries)"},
	{Name: "44", Size: board.Size3x3, Label: "4-4", Default: true,
		groups: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, Doc: "8-puzzle: {1,2,3,4} {5,6,7,8}"},
	{Name: "33", Size: board.Size{W: 3, H: 2}, Label: "3-2", Default: true,
		groups: [][]int{{1, 2, 3}, {4, 5}}, Doc: "3x2 puzzle: {1,2,3} {4,5}"},
}

// PresetTable returns the preset table, in the order menus list it.
func PresetTable() []PresetInfo {
	out := slices.Clone(presets)
	for i := range out {
		out[i].groups = nil // Preset gives the groups for a goal
	}
	return out
}

// PresetsFor returns the presets for boards of size s, the default first.
func PresetsFor(s board.Size) []PresetInfo {
	var out []PresetInfo
	for _, p := range PresetTable() {
		if p.Size == s {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b PresetInfo) int {
		switch {
		case a.Default && !b.Default:
			return -1
		case b.Default && !a.Default:
			return 1
		}
		return 0
	})
	return out
}

// DefaultPreset returns the default preset for boards of size s, and false
// when the size has none.
func DefaultPreset(s board.Size) (PresetInfo, bool) {
	if ps := PresetsFor(s); len(ps) > 0 && ps[0].Default {
		return ps[0], true
	}
	return PresetInfo{}, false
}

// PresetName returns the preset name text stands for ("6-6-3" and "663"
// both give "663"), and false when it names no preset.
func PresetName(text string) (string, bool) {
	t := strings.ReplaceAll(strings.TrimSpace(text), "-", "")
	if isPresetName(t) {
		return t, true
	}
	return "", false
}

// PresetOf returns the preset whose groups p has (in any order), and false
// when p is not a preset.
func PresetOf(p Partition) (PresetInfo, bool) {
	for _, info := range PresetsFor(p.Size) {
		q, err := Preset(info.Name, p.Size, p.Goal)
		if err == nil && sameGroups(p.Groups, q.Groups) {
			return info, true
		}
	}
	return PresetInfo{}, false
}

// sameGroups reports whether a and b hold the same groups in the same order,
// each group's tiles in any order.
func sameGroups(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(slices.Sorted(slices.Values(a[i])), slices.Sorted(slices.Values(b[i]))) {
			return false
		}
	}
	return true
}

// Presets describes the named partitions, one line each ("663 (4x4): 15-puzzle: ...").
// Names are matched against the board size: "663", "555" and "78" are for 4x4, "6666" for 5x5, "44"
// for 3x3, "33" for 3x2 (3 columns, 2 rows). For the blank-first goal
// the groups are rotated by 180 degrees (tile t becomes N-t), the symmetric
// equivalent.
func Presets() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = fmt.Sprintf("%s (%s): %s", p.Name, p.Size, p.Doc)
	}
	return out
}

// forGoal converts groups written for blank-last to goal g.
func forGoal(groups [][]int, s board.Size, g board.Goal) [][]int {
	out := make([][]int, len(groups))
	for i, grp := range groups {
		out[i] = make([]int, len(grp))
		for j, t := range grp {
			if g == board.BlankFirst {
				t = s.Cells() - t
			}
			out[i][j] = t
		}
		slices.Sort(out[i])
	}
	return out
}

// Preset returns the named partition for a board size and goal.
func Preset(name string, size board.Size, goal board.Goal) (Partition, error) {
	var sizes []string
	for _, p := range presets {
		if p.Name != name {
			continue
		}
		if p.Size == size {
			return Partition{Size: size, Goal: goal, Groups: forGoal(p.groups, size, goal)}, nil
		}
		sizes = append(sizes, p.Size.String())
	}
	if len(sizes) > 0 {
		return Partition{}, fmt.Errorf("%w: preset %q is for %s boards, not %s", ErrPartition, name, strings.Join(sizes, ", "), size)
	}
	return Partition{}, fmt.Errorf("%w: unknown preset %q", ErrPartition, name)
}

// ParsePartition reads a partition: a preset name (see Presets) or groups of
// tile numbers separated by "/" (or ";") with tiles separated by commas,
// spaces or tabs, for example "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4" or
// "1 2 3; 4 5 6". The result is validated.
func ParsePartition(text string, size board.Size, goal board.Goal) (Partition, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return Partition{}, fmt.Errorf("%w: empty text (want a preset such as 663 or groups such as 1,2,3/4,5)", ErrPartition)
	}
	if name, ok := PresetName(t); ok {
		return Preset(name, size, goal)
	}
	p := Partition{Size: size, Goal: goal}
	for i, part := range strings.Split(strings.ReplaceAll(t, ";", "/"), "/") {
		fields := strings.FieldsFunc(part, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if len(fields) == 0 {
			return Partition{}, fmt.Errorf("%w: group %d is empty", ErrPartition, i+1)
		}
		grp := make([]int, 0, len(fields))
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil {
				return Partition{}, fmt.Errorf("%w: group %d: %q is not a tile number (or use a preset: %s)", ErrPartition, i+1, f, presetNames())
			}
			grp = append(grp, n)
		}
		p.Groups = append(p.Groups, grp)
	}
	if err := p.Validate(); err != nil {
		return Partition{}, err
	}
	return p, nil
}

// PresetSize returns the board size the named preset is for, and false when
// name is not a preset.
func PresetSize(name string) (board.Size, bool) {
	for _, p := range presets {
		if n, ok := PresetName(name); ok && p.Name == n {
			return p.Size, true
		}
	}
	return board.Size{}, false
}

func presetNames() string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

func isPresetName(s string) bool {
	for _, p := range presets {
		if p.Name == s {
			return true
		}
	}
	return false
}

// Validate reports whether the partition is usable: a supported board size, a
// known goal, at least one group, no empty group, tiles in 1..N-1 (the blank,
// 0, is never part of a pattern), no tile in two groups, and no group whose
// table would exceed MaxEntries.
func (p Partition) Validate() error {
	if err := p.Size.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrPartition, err)
	}
	if p.Goal != board.BlankLast && p.Goal != board.BlankFirst {
		return fmt.Errorf("%w: unknown goal %v", ErrPartition, p.Goal)
	}
	if len(p.Groups) == 0 {
		return fmt.Errorf("%w: no groups", ErrPartition)
	}
	n := p.Size.Cells()
	owner := make([]int, n)
	for i, grp := range p.Groups {
		if err := checkGroup(grp, p.Size); err != nil {
			return fmt.Errorf("group %d: %w", i+1, err)
		}
		for _, t := range grp {
			if owner[t] != 0 {
				return fmt.Errorf("%w: tile %d is in group %d and group %d", ErrPartition, t, owner[t], i+1)
			}
			owner[t] = i + 1
		}
	}
	return nil
}

// checkGroup validates one group on its own.
func checkGroup(grp []int, size board.Size) error {
	n := size.Cells()
	if len(grp) == 0 {
		return fmt.Errorf("%w: empty group", ErrPartition)
	}
	var seen uint32
	for _, t := range grp {
		switch {
		case t == 0:
			return fmt.Errorf("%w: the blank (0) cannot be part of a pattern", ErrPartition)
		case t < 0 || t >= n:
			return fmt.Errorf("%w: tile %d does not exist on a %s board (tiles are 1..%d)", ErrPartition, t, size, n-1)
		case seen&(1<<t) != 0:
			return fmt.Errorf("%w: tile %d appears twice", ErrPartition, t)
		}
		seen |= 1 << t
	}
	limit := uint64(MaxEntries)
	if !useCohort(len(grp)) {
		limit = maxLayoutEntries
	}
	if e := entries(n, len(grp)); e > limit {
		return fmt.Errorf("%w: %d tiles on %d cells need %d entries, more than the limit of %d (at most 8 tiles on the 15-puzzle, 7 on the 24-puzzle)",
			ErrPartition, len(grp), n, e, limit)
	}
	return nil
}

// entries returns n!/(n-k)!, saturating at 1<<62.
func entries(n, k int) uint64 {
	e := uint64(1)
	for i := 0; i < k; i++ {
		e *= uint64(n - i)
		if e > 1<<62 {
			return 1 << 62
		}
	}
	return e
}

// String formats the partition in the syntax ParsePartition reads, groups in
// order, for example "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4".
func (p Partition) String() string {
	parts := make([]string, len(p.Groups))
	for i, g := range p.Groups {
		parts[i] = formatTiles(g)
	}
	return strings.Join(parts, "/")
}

func formatTiles(tiles []int) string {
	s := make([]string, len(tiles))
	for i, t := range tiles {
		s[i] = strconv.Itoa(t)
	}
	return strings.Join(s, ",")
}
