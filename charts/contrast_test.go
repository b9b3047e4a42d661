package charts

import (
	"image/color"
	"testing"

	"github.com/slidelab/slidelab/internal/a11y"
)

// TestChartTextContrast: every text style of a chart reaches WCAG AA on the
// chart's white background.
func TestChartTextContrast(t *testing.T) {
	st := newStyle(675, 420)
	for name, s := range map[string]color.Color{
		"title": st.title.Color, "subtitle": st.subtitle.Color, "note": st.note.Color, "label": st.label.Color,
		"tick": st.tick.Color, "legend": st.legend.Color, "value": st.value.Color,
	} {
		if c := a11y.Contrast(s, color.White); c < a11y.AA {
			t.Errorf("chart %s text: %.2f:1 on white, want at least %.1f", name, c, a11y.AA)
		}
	}
}
