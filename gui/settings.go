package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
)

// Preference keys. They live in the app's preferences (the app ID is
// io.slidelab.visualizer), so they persist between runs.
const (
	prefTheme = "theme"
	prefZoom  = "zoom"
	prefSpeed = "speed"
	prefGoal  = "goal"
)

// Settings are the classroom settings that persist between runs.
type Settings struct {
	// Theme is ThemeSystem, ThemeLight or ThemeDark.
	Theme string
	// Zoom multiplies every size of the interface (1 = normal).
	Zoom float32
	// Speed is the play speed in steps per second.
	Speed float64
	// Goal is the arrangement every view solves towards.
	Goal board.Goal
}

// Default settings: the desktop's theme, normal size, 4 steps a second.
var defaultSettings = Settings{Theme: ThemeSystem, Zoom: 1, Speed: toolkit.DefaultSpeed, Goal: searchview.DefaultGoal}

// loadSettings reads the settings from p, replacing anything out of range by
// its default.
func loadSettings(p fyne.Preferences) Settings {
	s := defaultSettings
	switch t := p.StringWithFallback(prefTheme, s.Theme); t {
	case ThemeSystem, ThemeLight, ThemeDark:
		s.Theme = t
	}
	z := float32(p.FloatWithFallback(prefZoom, float64(s.Zoom)))
	for _, l := range zoomLevels {
		if l == z {
			s.Zoom = z
		}
	}
	if v := p.FloatWithFallback(prefSpeed, s.Speed); v >= toolkit.MinSpeed && v <= toolkit.MaxSpeed {
		s.Speed = v
	}
	if g, err := board.ParseGoal(p.StringWithFallback(prefGoal, s.Goal.String())); err == nil {
		s.Goal = g
	}
	return s
}

// save writes the settings to p.
func (s Settings) save(p fyne.Preferences) {
	p.SetString(prefTheme, s.Theme)
	p.SetFloat(prefZoom, float64(s.Zoom))
	p.SetFloat(prefSpeed, s.Speed)
	p.SetString(prefGoal, s.Goal.String())
}

// zoomLabel names a zoom factor in the selector: "Zoom 150%".
func zoomLabel(z float32) string { return fmt.Sprintf("Zoom %.0f%%", z*100) }
