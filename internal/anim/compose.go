package anim

import (
	"image"
	"image/color"
	"image/draw"
	"image/gif"
)

// Compose returns the full pictures a viewer sees for each frame of g:
// every frame drawn over the ones before it as its disposal method says
// (transparent pixels keep what was there). It is how a test checks what an
// animation shows.
func Compose(g *gif.GIF) []*image.RGBA {
	canvasRect := image.Rect(0, 0, g.Config.Width, g.Config.Height)
	cur := image.NewRGBA(canvasRect)
	out := make([]*image.RGBA, 0, len(g.Image))
	for i, pm := range g.Image {
		var saved *image.RGBA
		disposal := byte(gif.DisposalNone)
		if i < len(g.Disposal) {
			disposal = g.Disposal[i]
		}
		if disposal == gif.DisposalPrevious {
			saved = image.NewRGBA(canvasRect)
			draw.Draw(saved, canvasRect, cur, image.Point{}, draw.Src)
		}
		draw.Draw(cur, pm.Bounds(), pm, pm.Bounds().Min, draw.Over)
		frame := image.NewRGBA(canvasRect)
		draw.Draw(frame, canvasRect, cur, image.Point{}, draw.Src)
		out = append(out, frame)
		switch disposal {
		case gif.DisposalBackground:
			draw.Draw(cur, pm.Bounds(), image.NewUniform(color.Transparent), image.Point{}, draw.Src)
		case gif.DisposalPrevious:
			cur = saved
		}
	}
	return out
}
