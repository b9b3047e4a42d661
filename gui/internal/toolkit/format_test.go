package toolkit

import "testing"

func TestFormatCount(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {1234567, "1,234,567"}} {
		if got := FormatCount(c.n); got != c.want {
			t.Errorf("formatCount(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	for _, v := range []float64{0, 0.3, 1} {
		if got := SpeedToSlider(SliderToSpeed(v)); got < v-1e-9 || got > v+1e-9 {
			t.Errorf("speed slider round trip %v -> %v", v, got)
		}
	}
}

func TestFormatRate(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want string
	}{{0, "0"}, {850.4, "850"}, {9999, "9999"}, {12345, "12 thousand"}, {3.44e6, "3.4 million"},
		{131.2e6, "131 million"}, {1.23e9, "1.2 billion"}} {
		if got := FormatRate(c.r); got != c.want {
			t.Errorf("formatRate(%v) = %q, want %q", c.r, got, c.want)
		}
	}
}
