package toolkit

import "testing"

func TestProportionalText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"no arrow", "no arrow"},
		{"n ← the node", "n ⟵ the node"},
		{"g(c) ← g'; parent(c) ← n", "g(c) ⟵ g'; parent(c) ⟵ n"},
		{"n ←the", "n ←the"},
		{"F(n) ←\tx", "F(n) ⟵\tx"},
		{"ends ←", "ends ⟵"},
		{"a ←\nb", "a ⟵\nb"},
	} {
		if got := ProportionalText(c.in); got != c.want {
			t.Errorf("ProportionalText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
