package raceview

import (
	"image/color"
	"testing"

	"github.com/slidelab/slidelab/internal/a11y"
)

// TestBadgeContrast: the winner's white badge text reaches WCAG AA on its
// green ground (it was 3.3:1).
func TestBadgeContrast(t *testing.T) {
	if c := a11y.Contrast(color.White, raceGreen); c < a11y.AA {
		t.Errorf("winner badge: %.2f:1, want at least %.1f", c, a11y.AA)
	}
}
