package a11y

import "image/color"

// GroupPalette colours the tile groups of a pattern-database partition, in
// the app and in every picture Slidelab draws. The first three are the IBM
// Design colour-blind safe palette: blue, magenta and gold differ in hue for
// every common kind of colour blindness and also in lightness, so the three
// 6-6-3 groups stay apart even in greyscale on a washed-out projector.
// Brown and light cyan follow (the 6-6-6-6 groups and custom partitions):
// chosen so that every two of the five, and each against Ungrouped, differ
// by at least MinTileDifference for normal vision and under simulated
// protanopia, deuteranopia and tritanopia (the purple and orange used
// before fell to 9.4 and 6.5). Callers must not modify it.
var GroupPalette = []color.NRGBA{
	{R: 0x64, G: 0x8f, B: 0xff, A: 0xff}, // blue
	{R: 0xdc, G: 0x26, B: 0x7f, A: 0xff}, // magenta
	{R: 0xff, G: 0xb0, B: 0x00, A: 0xff}, // gold
	{R: 0x99, G: 0x4f, B: 0x00, A: 0xff}, // brown
	{R: 0x88, G: 0xcc, B: 0xee, A: 0xff}, // light cyan
}

// Ungrouped is the fill of a tile in no group.
var Ungrouped = color.NRGBA{R: 0x9e, G: 0x9e, B: 0x9e, A: 0xff}

// MinTileDifference is the least CIEDE2000 difference between two tile
// fills that GroupPalette keeps for every viewer: about ten is two plainly
// different colours, even on a projector.
const MinTileDifference = 10
