package main

import (
	"image"
	"image/color"
	"testing"
)

func TestDrawn(t *testing.T) {
	flat := image.NewRGBA(image.Rect(0, 0, 200, 100))
	for i := range flat.Pix {
		flat.Pix[i] = 0xee
	}
	painted := image.NewRGBA(image.Rect(0, 0, 200, 100))
	copy(painted.Pix, flat.Pix)
	painted.Set(150, 60, color.RGBA{R: 0x20, A: 0xff})
	cases := []struct {
		name string
		img  image.Image
		want bool
	}{
		{"no image", nil, false},
		{"empty", image.NewRGBA(image.Rectangle{}), false},
		{"one flat colour (not painted yet)", flat, false},
		{"a drawn frame", painted, true},
	}
	for _, c := range cases {
		if got := drawn(c.img); got != c.want {
			t.Errorf("%s: drawn = %v, want %v", c.name, got, c.want)
		}
	}
}
