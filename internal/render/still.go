package render

import (
	"fmt"
	"image"

	"github.com/slidelab/slidelab/core/board"
)

// BoardImage draws one board as the app draws it, with a line of text
// above it (caption may be empty): the picture of a lesson handout's part.
// mark is the cell to outline (-1: none); groups colour the tiles as in
// SolutionAnimation (nil: the app's usual groups). The image is size
// pixels wide and square.
func BoardImage(b board.Board, goal board.Goal, groups [][]int, mark int, caption string, size int, theme Theme) (image.Image, error) {
	if err := (GIFOptions{FPS: DefaultGIFFPS, Size: size}).Check(); err != nil {
		return nil, err
	}
	if !b.IsValid() {
		return nil, fmt.Errorf("no board to draw")
	}
	g, err := newTileGroups(b.Size(), goal, groups)
	if err != nil {
		return nil, fmt.Errorf("tile groups: %w", err)
	}
	ts, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	k := float64(size) / logicalWidth
	pal := paletteOf(theme)
	p := newPainter(size, size, pal.bg)
	ts.text(p.dst, rect{margin * k, margin * k / 2, float64(size) - 2*margin*k, lineH * k}, caption, sansBold, headText*k, center, pal.fg)
	if mark >= b.Size().Cells() {
		mark = -1
	}
	drawBoard(p, ts, replayBoardArea(size), g, boardPicture{b: b, mark: mark}, max(1.5, outline*k))
	return p.dst, nil
}
