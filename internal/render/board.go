package render

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/a11y"
)

// The board as the app draws it (gui's BoardView): a dark tray, rounded
// tiles coloured by pattern group with large bold numbers, the moved tile
// outlined in white.

// palette is a theme's colours for what surrounds the board and the tree.
type palette struct {
	bg, fg, faint, panel color.NRGBA
}

// paletteOf returns the colours of theme t: the app's light and dark
// themes, with text a little darker (lighter) than Fyne's, for a projector.
func paletteOf(t Theme) palette {
	if t == Dark {
		return palette{bg: nrgb(0x17, 0x17, 0x18), fg: nrgb(0xf3, 0xf3, 0xf3), faint: nrgb(0xb0, 0xb0, 0xb0), panel: nrgb(0x26, 0x26, 0x2a)}
	}
	return palette{bg: nrgb(0xff, 0xff, 0xff), fg: nrgb(0x2a, 0x2a, 0x2a), faint: nrgb(0x5a, 0x5a, 0x5a), panel: nrgb(0xf3, 0xf3, 0xf3)}
}

func nrgb(r, g, b uint8) color.NRGBA { return color.NRGBA{R: r, G: g, B: b, A: 0xff} }

// Board colours: the tray, the colour-blind safe palette for the groups
// (a11y.GroupPalette, the app's), tiles in no group, text.
var (
	trayColor     = nrgb(0x3b, 0x42, 0x52)
	groupPalette  = a11y.GroupPalette
	ungroupedTile = a11y.Ungrouped
	lightText     = a11y.Light
)

// tileGroups maps each tile to its group (-1: none).
type tileGroups []int8

// newTileGroups checks that sets are disjoint groups of tiles of a board of
// size s; no sets means the app's usual groups for s and goal.
func newTileGroups(s board.Size, goal board.Goal, sets [][]int) (tileGroups, error) {
	if len(sets) == 0 {
		sets = defaultGroupSets(s, goal)
	}
	g := make(tileGroups, s.Cells())
	for i := range g {
		g[i] = -1
	}
	for i, set := range sets {
		if len(set) == 0 {
			return nil, fmt.Errorf("group %d is empty", i+1)
		}
		for _, t := range set {
			if t < 1 || t >= s.Cells() {
				return nil, fmt.Errorf("group %d: tile %d is not a tile of a %s board (1..%d)", i+1, t, s, s.Cells()-1)
			}
			if g[t] >= 0 {
				return nil, fmt.Errorf("tile %d is in groups %d and %d", t, g[t]+1, i+1)
			}
			g[t] = int8(i)
		}
	}
	return g, nil
}

// fill returns the colour of tile t.
func (g tileGroups) fill(t int) color.NRGBA {
	if t <= 0 || t >= len(g) || g[t] < 0 {
		return ungroupedTile
	}
	return groupPalette[int(g[t])%len(groupPalette)]
}

// defaultGroupSets returns the partition the app colours a board size by:
// its default pattern-database preset (6-6-3 on the 15-puzzle, 4-4 on the
// 8-puzzle), else the tiles cut into runs of at most six. With the blank
// first, tile t takes the place of tile N-t (as in pdb.Preset), so the
// colours mark the same cells of the goal.
func defaultGroupSets(s board.Size, goal board.Goal) [][]int {
	var sets [][]int
	if info, ok := pdb.DefaultPreset(s); ok {
		if p, err := pdb.Preset(info.Name, s, board.BlankLast); err == nil {
			for _, g := range p.Groups {
				sets = append(sets, slices.Clone(g))
			}
		}
	}
	if sets == nil {
		n := s.Cells() - 1
		k := (n + 5) / 6
		per := (n + k - 1) / k
		for t := 1; t <= n; t += per {
			var set []int
			for u := t; u < t+per && u <= n; u++ {
				set = append(set, u)
			}
			sets = append(sets, set)
		}
	}
	if goal == board.BlankFirst {
		for _, set := range sets {
			for i, t := range set {
				set[i] = s.Cells() - t
			}
			slices.Sort(set)
		}
	}
	return sets
}

// boardPicture is one board to draw: its tiles, the outlined cell (-1:
// none) and a tile part of the way through a move.
type boardPicture struct {
	b    board.Board
	mark int
	// from, to, frac: the tile in cell from drawn frac of the way to cell
	// to (frac 0: no slide).
	from, to int
	frac     float64
}

// drawBoard draws pic as large as fits in area, centred; stroke is the
// outline's width in pixels.
func drawBoard(p *painter, ts *typesetter, area rect, g tileGroups, pic boardPicture, stroke float64) {
	s := pic.b.Size()
	tray, side := boardGeometry(area, s)
	p.roundRect(tray, side*0.12, trayColor)
	gap := side * 0.05
	tile := func(i int, dx, dy float64) {
		t := pic.b.At(i)
		if t == 0 {
			return
		}
		c := cellRect(tray, side, s, i)
		r := rect{c.x + gap + dx, c.y + gap + dy, side - 2*gap, side - 2*gap}
		fill := g.fill(t)
		if i == pic.mark {
			p.card(r, side*0.12, fill, lightText, stroke)
		} else {
			p.roundRect(r, side*0.12, fill)
		}
		ts.text(p.dst, r, strconv.Itoa(t), sansBold, side*0.42, center, a11y.TextOn(fill))
	}
	sliding := pic.frac != 0 && pic.from >= 0 && pic.from < s.Cells() && pic.to >= 0 && pic.to < s.Cells()
	for i := 0; i < s.Cells(); i++ {
		if !sliding || i != pic.from {
			tile(i, 0, 0)
		}
	}
	if sliding {
		// Last, so that it passes over its neighbours' edges.
		dc, dr := float64(pic.to%s.W-pic.from%s.W), float64(pic.to/s.W-pic.from/s.W)
		tile(pic.from, dc*side*pic.frac, dr*side*pic.frac)
	}
}

// trayPad is the tray's margin around the cells, in cells.
const trayPad = 0.04

// boardGeometry returns the tray of a board of size s drawn as large as fits
// in area, centred, and the side of a cell.
func boardGeometry(area rect, s board.Size) (tray rect, side float64) {
	side = max(0, min(area.w/(float64(s.W)+2*trayPad), area.h/(float64(s.H)+2*trayPad)))
	bw, bh := side*(float64(s.W)+2*trayPad), side*(float64(s.H)+2*trayPad)
	return rect{area.x + (area.w-bw)/2, area.y + (area.h-bh)/2, bw, bh}, side
}

// cellRect returns cell i of a board of size s in its tray.
func cellRect(tray rect, side float64, s board.Size, i int) rect {
	return rect{tray.x + trayPad*side + float64(i%s.W)*side, tray.y + trayPad*side + float64(i/s.W)*side, side, side}
}
