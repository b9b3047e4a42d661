package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/internal/a11y"
)

// TestThemeContrast: every text and line colour of the classroom theme
// (foreground, disabled, placeholder, links, error/success/warning, input
// borders) reaches WCAG AA (4.5:1) on every background it is drawn on, and
// the text on coloured fills (a primary button, an error badge) on its
// fill, in both variants and whatever the desktop prefers. Fyne's own
// light theme draws disabled text #e3e3e3 on white (1.3:1).
func TestThemeContrast(t *testing.T) {
	test.NewTempApp(t)
	for _, mode := range []string{ThemeLight, ThemeDark, ThemeSystem} {
		for _, sys := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
			th := newClassroomTheme(mode, 1.5, func() fyne.ThemeVariant { return sys })
			bg := th.Color(theme.ColorNameBackground, sys)
			for _, n := range textColors {
				for _, g := range readableOn {
					ground := a11y.Over(th.Color(g, sys), bg)
					fg := a11y.Over(th.Color(n, sys), ground)
					if c := a11y.Contrast(fg, ground); c < a11y.AA {
						t.Errorf("%s (desktop %d): %s on %s: %.2f:1, want at least %.1f", mode, sys, n, g, c, a11y.AA)
					}
				}
			}
			for n, fill := range onColors {
				ground := a11y.Over(th.Color(fill, sys), bg)
				if c := a11y.Contrast(a11y.Over(th.Color(n, sys), ground), ground); c < a11y.AA {
					t.Errorf("%s (desktop %d): %s on %s: %.2f:1, want at least %.1f", mode, sys, n, fill, c, a11y.AA)
				}
			}
		}
	}
}
