package gui

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// refreshEvery is how often counters are redrawn during full-speed work.
const refreshEvery = 100 * time.Millisecond

// sliderToSpeed maps a speed slider (0..1) to steps per second on a log scale.
func sliderToSpeed(v float64) float64 {
	return minSpeed * math.Pow(maxSpeed/minSpeed, v)
}

// speedToSlider inverts sliderToSpeed.
func speedToSlider(s float64) float64 {
	s = min(max(s, minSpeed), maxSpeed)
	return math.Log(s/minSpeed) / math.Log(maxSpeed/minSpeed)
}

// formatCount writes n with groups of three digits: 1 234 567.
func formatCount(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
