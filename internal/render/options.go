package render

import (
	"fmt"
	"math"

	"github.com/slidelab/slidelab/internal/anim"
)

// Defaults and limits of an export.
const (
	// DefaultGIFFPS is the frame rate of an export unless told otherwise.
	DefaultGIFFPS = 10
	// DefaultGIFSize is the frame width in pixels unless told otherwise.
	DefaultGIFSize = 480
	// DefaultGIFSteps and MaxGIFSteps bound the steps of a search run.
	DefaultGIFSteps = 150
	MaxGIFSteps     = 2000
)

// Theme is the colour scheme of the frames around the board and the tree:
// the background, the text and the tree's panel. Boards, cards and charts
// keep their own colours in both.
type Theme uint8

// The themes: Light (the zero value) is the app's light theme, the one the
// command line uses; Dark its dark theme.
const (
	Light Theme = iota
	Dark
)

// String names the theme.
func (t Theme) String() string {
	if t == Dark {
		return "dark"
	}
	return "light"
}

// GIFOptions are an export's frame rate, frame width in pixels and theme,
// and weighted A*'s weight for a search animation's tree cards.
type GIFOptions struct {
	FPS   float64
	Size  int
	Theme Theme
	// Weight is weighted A*'s weight w: its tree cards write the f it
	// orders by, g + w·h, as the app's do. Ignored for other algorithms;
	// 0 writes g + h.
	Weight float64
}

// DefaultGIFOptions returns 10 frames per second at 480 pixels, light.
func DefaultGIFOptions() GIFOptions { return GIFOptions{FPS: DefaultGIFFPS, Size: DefaultGIFSize} }

// Check reports a frame rate, size or theme out of range.
func (o GIFOptions) Check() error {
	if math.IsNaN(o.FPS) || o.FPS < anim.MinFPS || o.FPS > anim.MaxFPS {
		return fmt.Errorf("frame rate %g: must be between %g and %g frames per second", o.FPS, float64(anim.MinFPS), float64(anim.MaxFPS))
	}
	if o.Theme > Dark {
		return fmt.Errorf("theme %d: must be Light or Dark", o.Theme)
	}
	return anim.CheckSide(o.Size)
}

// frames returns the number of frames that last about seconds (at least 1).
func (o GIFOptions) frames(seconds float64) int { return max(1, int(math.Round(o.FPS*seconds))) }

// checkSteps reports a number of search steps out of range.
func checkSteps(steps int) error {
	if steps < 1 || steps > MaxGIFSteps {
		return fmt.Errorf("steps %d: must be between 1 and %d", steps, MaxGIFSteps)
	}
	return nil
}
