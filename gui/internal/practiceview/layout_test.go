package practiceview

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// zoomed is the default theme with every size multiplied, as the app's
// zoom setting does.
type zoomed struct {
	fyne.Theme
	zoom float32
}

func (z zoomed) Size(n fyne.ThemeSizeName) float32 { return z.Theme.Size(n) * z.zoom }

func (z zoomed) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return z.Theme.Color(n, v)
}

// TestFitsClassroomScreens: with the widest questions on screen (an open
// list of five boards, four boards of a property question, move sequences
// of the 15-puzzle) and the summary, the view needs no more than the
// smallest classroom screen, 1024x768, at 100, 150 and 200 % (both columns
// scroll up and down; nothing may push the window wider).
func TestFitsClassroomScreens(t *testing.T) {
	// The race form (raceForm) keeps zoom 2, the tightest: the layout is
	// measured on the test goroutine, the same at every zoom.
	zooms := []float32{1, 1.5, 2}
	if raceForm() {
		zooms = zooms[2:]
	}
	for _, zoom := range zooms {
		t.Run(fmt.Sprint(zoom), func(t *testing.T) {
			f := newTestView(t)
			test.ApplyTheme(t, zoomed{theme.DefaultTheme(), zoom})
			for _, c := range []struct {
				level int
				kinds []string
			}{{1, []string{"next-node"}}, {2, []string{"admissible"}}, {2, []string{"optimal-moves"}}, {2, []string{"child-f"}}} {
				f.start(c.level, 1, 21, c.kinds...)
				f.w.Resize(fyne.NewSize(1024, 768))
				if min := f.v.Content.MinSize(); min.Width > 1024 || min.Height > 768 {
					t.Errorf("%s at %v: the view needs %.0fx%.0f", c.kinds[0], zoom, min.Width, min.Height)
				}
			}
			answerRight(f, f.question())
			f.press(fyne.KeyN)
			if min := f.v.Content.MinSize(); !f.v.summary.Visible() || min.Width > 1024 || min.Height > 768 {
				t.Errorf("summary at %v: the view needs %.0fx%.0f", zoom, min.Width, min.Height)
			}
		})
	}
}
