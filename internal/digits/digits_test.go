package digits

import "testing"

func TestGroup(t *testing.T) {
	tests := []struct {
		n    uint64
		sep  string
		want string
	}{
		{0, ",", "0"},
		{7, ",", "7"},
		{999, ",", "999"},
		{1000, ",", "1,000"},
		{65536, ",", "65,536"},
		{1234567, ",", "1,234,567"},
		{1234567, " ", "1 234 567"},
		{100000, "", "100000"},
		{18446744073709551615, ",", "18,446,744,073,709,551,615"},
	}
	for _, tc := range tests {
		if got := Group(tc.n, tc.sep); got != tc.want {
			t.Errorf("Group(%d, %q) = %q, want %q", tc.n, tc.sep, got, tc.want)
		}
	}
}
