package a11y

import (
	"image/color"
	"testing"
)

// TestGroupColoursUnderColourBlindness (issue 25): the tile-group colours and
// the colour of tiles outside every group stay distinguishable for normal
// vision and under simulated protanopia, deuteranopia and tritanopia, and the
// number on each tile keeps a WCAG AA contrast with its fill.
func TestGroupColoursUnderColourBlindness(t *testing.T) {
	fills := map[string]color.NRGBA{"ungrouped": Ungrouped}
	names := []string{"blue", "magenta", "gold", "brown", "light cyan"}
	for i, c := range GroupPalette {
		fills[names[i]] = c
	}
	for name, fill := range fills {
		if got := Contrast(TextOn(fill), fill); got < AA {
			t.Errorf("%s tile: number contrast %.2f, want >= %.1f", name, got, AA)
		}
	}
	// The partitions shown together use the first groups; any two of them,
	// and any group against an ungrouped tile, must differ.
	see := map[string]func(color.NRGBA) color.NRGBA{"normal vision": func(c color.NRGBA) color.NRGBA { return c }}
	for _, d := range Deficiencies {
		see[d.String()] = func(c color.NRGBA) color.NRGBA { return Simulate(c, d) }
	}
	pairs := [][2]string{}
	keys := append([]string{"ungrouped"}, names...)
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			pairs = append(pairs, [2]string{keys[i], keys[j]})
		}
	}
	for vision, f := range see {
		for _, p := range pairs {
			if got := Difference(f(fills[p[0]]), f(fills[p[1]])); got < MinTileDifference {
				t.Errorf("%s: %s and %s tiles differ by %.1f (CIEDE2000), want >= %d", vision, p[0], p[1], got, MinTileDifference)
			}
		}
	}
}
