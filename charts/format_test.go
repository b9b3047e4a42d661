package charts

import (
	"math"
	"slices"
	"testing"
)

func TestCompact(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {999, "999"}, {0.5, "0.5"}, {1000, "1k"}, {1234, "1.23k"},
		{12345, "12.3k"}, {123456, "123k"}, {999499, "999k"}, {999500, "1M"}, {2500000, "2.5M"},
		{1e9, "1B"}, {1e12, "1T"}, {1e12 - 1, "1T"}, {4.2e15, "4.2Q"}, {-1500, "-1.5k"},
		{math.MaxInt64, "9223Q"}, {math.Inf(1), "+Inf"},
	}
	for _, tt := range tests {
		if got := compact(tt.v); got != tt.want {
			t.Errorf("compact(%g) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestLogTicks(t *testing.T) {
	tests := []struct {
		min, max  float64
		maxLabels int
		labels    []string
	}{
		{1, 1000, 8, []string{"1", "10", "100", "1k"}},
		{0.1, 50, 8, []string{"1", "10"}},
		{0.5, 1e12 * 2, 8, []string{"1", "100", "10k", "1M", "100M", "10B", "1T"}},
		{1e11, 3e12, 8, []string{"100B", "1T"}},
		{5, 6, 8, nil},
		{0, 10, 8, nil},  // not a log range: no ticks, no panic
		{10, 1, 8, nil},  // reversed
		{-1, -1, 8, nil}, // negative
	}
	for _, tt := range tests {
		var labels []string
		for _, tk := range (logTicks{maxLabels: tt.maxLabels}).Ticks(tt.min, tt.max) {
			if tk.Value < tt.min*(1-1e-9) || tk.Value > tt.max*(1+1e-9) {
				t.Errorf("[%g, %g]: tick %g out of range", tt.min, tt.max, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if !slices.Equal(labels, tt.labels) {
			t.Errorf("[%g, %g]: labels %q, want %q", tt.min, tt.max, labels, tt.labels)
		}
	}
}

func TestLinearTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		max_     int
		integer  bool
		labels   []string
	}{
		{-0.5, 30.5, 16, true, []string{"0", "5", "10", "15", "20", "25", "30"}},
		{-0.5, 2.5, 16, true, []string{"0", "1", "2"}},
		{0, 3e6, 8, false, []string{"0", "500k", "1M", "1.5M", "2M", "2.5M", "3M"}},
		{0, 1, 8, false, []string{"0", "0.2", "0.4", "0.6", "0.8", "1"}},
		{1, 1, 8, false, nil},
	}
	for _, tt := range tests {
		var labels []string
		for _, tk := range (linearTicks{max: tt.max_, integer: tt.integer}).Ticks(tt.min, tt.max) {
			labels = append(labels, tk.Label)
		}
		if !slices.Equal(labels, tt.labels) {
			t.Errorf("[%g, %g]: labels %q, want %q", tt.min, tt.max, labels, tt.labels)
		}
	}
}

func TestClampedLog(t *testing.T) {
	s := clampedLog{}
	for _, tt := range []struct{ x, want float64 }{{0, 0}, {-5, 0}, {0.01, 0}, {0.1, 0}, {10, 2.0 / 3}, {100, 1}} {
		if got := s.Normalize(0.1, 100, tt.x); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Normalize(0.1, 100, %g) = %g, want %g", tt.x, got, tt.want)
		}
	}
}
