package toolkit

import (
	"fmt"
	"math"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/digits"
)

// RefreshEvery is how often counters are redrawn during full-speed work.
const RefreshEvery = 100 * time.Millisecond

// SliderToSpeed maps a speed slider (0..1) to steps per second on a log scale.
func SliderToSpeed(v float64) float64 {
	return MinSpeed * math.Pow(MaxSpeed/MinSpeed, v)
}

// SpeedToSlider inverts sliderToSpeed.
func SpeedToSlider(s float64) float64 {
	s = min(max(s, MinSpeed), MaxSpeed)
	return math.Log(s/MinSpeed) / math.Log(MaxSpeed/MinSpeed)
}

// FormatCount writes n with groups of three digits: 1,234,567.
//
// The separator is a comma, as in the command line's tables: Fyne wraps text
// at every Unicode space (unicode.IsSpace, the no-break space included), so a
// space between the thousands let "120 846" break across two lines.
func FormatCount(n uint64) string { return digits.Group(n, ",") }

// FormatRate writes a rate in words a class reads at a glance: "850",
// "12 thousand", "3.4 million", "131 million", "1.2 billion".
func FormatRate(r float64) string {
	unit := func(v float64, name string) string {
		if v < 10 {
			return fmt.Sprintf("%.1f %s", v, name)
		}
		return fmt.Sprintf("%.0f %s", v, name)
	}
	switch {
	case r >= 1e9:
		return unit(r/1e9, "billion")
	case r >= 1e6:
		return unit(r/1e6, "million")
	case r >= 1e4:
		return unit(r/1e3, "thousand")
	}
	return fmt.Sprintf("%.0f", r)
}

// SizeLabel names a size in the selector.
func SizeLabel(s board.Size) string {
	switch s {
	case board.Size3x3:
		return "3x3 (8-puzzle)"
	case board.Size4x4:
		return "4x4 (15-puzzle)"
	case board.Size5x5:
		return "5x5 (24-puzzle)"
	}
	return fmt.Sprintf("%s (%d-puzzle)", s, s.Cells()-1)
}

// Plural returns one or many by n.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// FormatBytes writes a byte count with a binary unit.
func FormatBytes(n uint64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
