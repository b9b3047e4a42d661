package session

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/a11y"
)

// GroupPalette colours pattern groups: the colour-blind safe palette of
// package a11y, shared with the off-screen renderer.
var GroupPalette = a11y.GroupPalette

// Colours of tiles outside every group and of "don't care" tiles in a pattern.
var (
	ungroupedTile = a11y.Ungrouped
	StarTile      = color.NRGBA{R: 0xd0, G: 0xd0, B: 0xd0, A: 0xff}
	DarkText      = a11y.Dark
	LightText     = a11y.Light
)

// GroupColor returns the fill of group i (i < 0: not in a group).
func GroupColor(i int) color.NRGBA {
	if i < 0 {
		return ungroupedTile
	}
	return GroupPalette[i%len(GroupPalette)]
}

// TextOn returns black or white, whichever contrasts more with fill.
func TextOn(fill color.NRGBA) color.NRGBA { return a11y.TextOn(fill) }

// Groups assigns tiles to disjoint pattern groups; it decides tile colours.
type Groups struct {
	sets [][]int
	of   [board.MaxCells]int8
}

// NewGroups checks that sets are disjoint groups of tiles 1..cells-1.
func NewGroups(s board.Size, sets [][]int) (Groups, error) {
	var g Groups
	for i := range g.of {
		g.of[i] = -1
	}
	n := s.Cells()
	for i, set := range sets {
		if len(set) == 0 {
			return Groups{}, fmt.Errorf("group %d is empty", i+1)
		}
		for _, t := range set {
			if t < 1 || t >= n {
				return Groups{}, fmt.Errorf("group %d: tile %d is not a tile of a %s board (1..%d)", i+1, t, s, n-1)
			}
			if g.of[t] >= 0 {
				return Groups{}, fmt.Errorf("tile %d is in groups %d and %d", t, g.of[t]+1, i+1)
			}
			g.of[t] = int8(i)
		}
		g.sets = append(g.sets, append([]int(nil), set...))
	}
	return g, nil
}

// Of returns the group of tile t, or -1.
func (g Groups) Of(t int) int {
	if t <= 0 || t >= len(g.of) || len(g.sets) == 0 {
		return -1
	}
	return int(g.of[t])
}

// Sets returns a copy of the groups.
func (g Groups) Sets() [][]int {
	out := make([][]int, len(g.sets))
	for i, s := range g.sets {
		out[i] = append([]int(nil), s...)
	}
	return out
}

// String formats the groups as "1,5,6/7,8/2,3,4".
func (g Groups) String() string {
	parts := make([]string, len(g.sets))
	for i, s := range g.sets {
		nums := make([]string, len(s))
		for j, t := range s {
			nums[j] = fmt.Sprint(t)
		}
		parts[i] = strings.Join(nums, ",")
	}
	return strings.Join(parts, "/")
}

// DefaultGroupSets returns the partition a board size is coloured by: its
// default preset (6-6-3 on the 15-puzzle, 4-4 on the 8-puzzle, from core/pdb's
// preset table), and otherwise the tiles cut into runs of at most six; for
// the blank-last goal.
func DefaultGroupSets(s board.Size) [][]int {
	if info, ok := pdb.DefaultPreset(s); ok {
		if p, err := pdb.Preset(info.Name, s, board.BlankLast); err == nil {
			return p.Groups
		}
	}
	n := s.Cells() - 1
	k := (n + 5) / 6
	per := (n + k - 1) / k
	var sets [][]int
	for t := 1; t <= n; t += per {
		var set []int
		for u := t; u < t+per && u <= n; u++ {
			set = append(set, u)
		}
		sets = append(sets, set)
	}
	return sets
}

// DefaultGroups returns defaultGroupSets as Groups, for goal g: with the
// blank first, tile t takes the place of tile N-t (as in pdb.Preset), so the
// colours mark the same cells of the goal.
func DefaultGroups(s board.Size, g board.Goal) Groups {
	sets := DefaultGroupSets(s)
	if g == board.BlankFirst {
		for _, set := range sets {
			for i, t := range set {
				set[i] = s.Cells() - t
			}
			slices.Sort(set)
		}
	}
	gr, err := NewGroups(s, sets)
	if err != nil {
		// defaultGroupSets always forms a partition of 1..n-1.
		return Groups{}
	}
	return gr
}
