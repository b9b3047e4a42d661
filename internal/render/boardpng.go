package render

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/slidelab/slidelab/core/board"
)

// Limits of BoardPNG's picture width.
const (
	MinBoardPNG = 32
	MaxBoardPNG = 2048
)

// BoardPNG draws b as a PNG picture px pixels wide, with the app's tile
// colours for goal and the light theme, and returns the encoded file (see
// BoardPictures.PNG; many pictures are cheaper from one BoardPictures).
func BoardPNG(b board.Board, goal board.Goal, px int) ([]byte, error) {
	bp, err := NewBoardPictures()
	if err != nil {
		return nil, err
	}
	return bp.PNG(b, goal, px)
}

// BoardPictures draws board pictures, keeping its font faces from one
// picture to the next. It is not safe for concurrent use.
type BoardPictures struct {
	ts  *typesetter
	enc png.Encoder
}

// NewBoardPictures returns a BoardPictures.
func NewBoardPictures() (*BoardPictures, error) {
	ts, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	return &BoardPictures{ts: ts, enc: png.Encoder{CompressionLevel: png.DefaultCompression}}, nil
}

// PNG draws b as a PNG picture px pixels wide (the height follows the
// board's shape), with the app's tile colours for goal and the light theme,
// and returns the encoded file. The same board gives the same bytes:
// question banks embed these pictures and stay reproducible.
func (bp *BoardPictures) PNG(b board.Board, goal board.Goal, px int) ([]byte, error) {
	if !b.IsValid() {
		return nil, fmt.Errorf("board picture: no board")
	}
	if px < MinBoardPNG || px > MaxBoardPNG {
		return nil, fmt.Errorf("board picture: width %d: must be between %d and %d pixels", px, MinBoardPNG, MaxBoardPNG)
	}
	g, err := newTileGroups(b.Size(), goal, nil)
	if err != nil {
		return nil, fmt.Errorf("board picture: %w", err)
	}
	s := b.Size()
	w, h := px, px*s.H/s.W
	p := newPainter(w, h, paletteOf(Light).bg)
	drawBoard(p, bp.ts, rect{0, 0, float64(w), float64(h)}, g, boardPicture{b: b, mark: -1}, 1.5)
	var buf bytes.Buffer
	if err := bp.enc.Encode(&buf, p.dst); err != nil {
		return nil, fmt.Errorf("board picture: %w", err)
	}
	return buf.Bytes(), nil
}
