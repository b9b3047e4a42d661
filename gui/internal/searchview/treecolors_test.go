package searchview

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/a11y"
)

// zoomTheme is variantTheme with every size multiplied by zoom.
type zoomTheme struct {
	variantTheme
	zoom float32
}

func (t zoomTheme) Size(n fyne.ThemeSizeName) float32 { return t.Theme.Size(n) * t.zoom }

// TestTreeLegendFollowsTheme: the tree legend's words stay readable (WCAG
// AA against the background) after the theme switches between light and
// dark, and its words and swatches grow with the zoom. The legend used to
// keep the colour it was built with: white words on a white panel after a
// switch to the light theme.
func TestTreeLegendFollowsTheme(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(zoomTheme{variantTheme{theme.DefaultTheme(), theme.VariantDark}, 1})
	w := test.NewTempWindow(t, treeLegend())
	w.Resize(fyne.NewSize(500, 200))
	measure := func() (words int, textSize, swatch float32) {
		for _, o := range uitest.ObjectsIn(w.Content()) {
			switch o := o.(type) {
			case *canvas.Text:
				words++
				textSize = o.TextSize
				bg := theme.Color(theme.ColorNameBackground)
				if c := a11y.Contrast(a11y.Over(o.Color, bg), bg); c < a11y.AA {
					t.Errorf("legend word %q: %.2f:1 against the background, want at least %.1f", o.Text, c, a11y.AA)
				}
			case *legendItem:
				if !o.line {
					swatch = o.Size().Height
				}
			}
		}
		return
	}
	for _, tc := range []struct {
		variant fyne.ThemeVariant
		zoom    float32
	}{{theme.VariantLight, 1}, {theme.VariantDark, 1}, {theme.VariantLight, 2}} {
		a.Settings().SetTheme(zoomTheme{variantTheme{theme.DefaultTheme(), tc.variant}, tc.zoom})
		w.Resize(fyne.NewSize(500*tc.zoom, 200*tc.zoom))
		words, size, swatch := measure()
		if words != 9 {
			t.Fatalf("variant %d zoom %g: %d legend words, want 9", tc.variant, tc.zoom, words)
		}
		if want := theme.CaptionTextSize(); size != want || want != 11*tc.zoom {
			t.Errorf("variant %d zoom %g: legend text %g px, want %g", tc.variant, tc.zoom, size, 11*tc.zoom)
		}
		if swatch < 11*tc.zoom {
			t.Errorf("variant %d zoom %g: legend swatch %g px high, want at least %g", tc.variant, tc.zoom, swatch, 11*tc.zoom)
		}
	}
}

// TestTreeCardContrast: the words on every card colour, faint or not, and
// the count on a folded card's pill reach WCAG AA.
func TestTreeCardContrast(t *testing.T) {
	check := func(what string, fg, bg color.Color) {
		if c := a11y.Contrast(fg, bg); c < a11y.AA {
			t.Errorf("%s: %.2f:1, want at least %.1f", what, c, a11y.AA)
		}
	}
	for s, c := range treeColors {
		check(s.String()+" card text", treeText, c[0])
		check(s.String()+" card faint text", treeFaint, c[0])
	}
	check("folded pill", color.White, treeFoldFill)
}
