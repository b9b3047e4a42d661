package main

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestFitToScreen: the window's size, in units, fits the screen's pixels
// at the scale the window is drawn at.
func TestFitToScreen(t *testing.T) {
	for _, tc := range []struct {
		size   fyne.Size
		sw, sh int
		scale  float32
		want   fyne.Size
	}{
		{fyne.NewSize(1280, 800), 1024, 768, 1.5, fyne.NewSize(1024/1.5, 768/1.5)},
		{fyne.NewSize(1280, 800), 1024, 768, 1, fyne.NewSize(1024, 768)},
		{fyne.NewSize(1280, 800), 1920, 1080, 1.5, fyne.NewSize(1280, 720)},
		{fyne.NewSize(1280, 800), 1920, 1080, 1, fyne.NewSize(1280, 800)},
		{fyne.NewSize(1280, 800), 3840, 2160, 2, fyne.NewSize(1280, 800)},
		{fyne.NewSize(1280, 800), 1024, 768, 0, fyne.NewSize(1024, 768)},
	} {
		if got := fitToScreen(tc.size, tc.sw, tc.sh, tc.scale); got != tc.want {
			t.Errorf("%v on %dx%d at %g: %v, want %v", tc.size, tc.sw, tc.sh, tc.scale, got, tc.want)
		}
	}
}

// TestUserScale reads the scale as Fyne's driver does: FYNE_SCALE first,
// then the settings.
func TestUserScale(t *testing.T) {
	for _, tc := range []struct {
		env     string
		setting float32
		want    float32
	}{
		{"", 0, 1}, {"", 1.5, 1.5}, {"1.5", 1, 1.5}, {"2", 1.25, 2},
		{"auto", 1.5, 1}, {"x", 1.25, 1.25}, {"-3", 0, 1}, {"0", 0, 1},
	} {
		if got := userScale(tc.env, tc.setting); got != tc.want {
			t.Errorf("FYNE_SCALE %q, setting %g: %g, want %g", tc.env, tc.setting, got, tc.want)
		}
	}
}
