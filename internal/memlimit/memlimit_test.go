package memlimit

import (
	"errors"
	"runtime/debug"
	"testing"
)

func TestAvailable(t *testing.T) {
	const gb = 1_000_000_000
	tests := []struct {
		name string
		r    Readings
		want uint64
		src  Source
		ok   bool
	}{
		{"nothing known", Readings{}, 0, "", false},
		{"only meminfo", Readings{MemAvailable: 4 * gb}, 4 * gb, SourceMemAvailable, true},
		{"meminfo plus Go's free heap", Readings{MemAvailable: 4 * gb, GoHeapFree: gb}, 5 * gb, SourceMemAvailable, true},
		{"address space less what is mapped", Readings{MemAvailable: 20 * gb, ASLimit: 3 * gb, ASUsed: 1_300_000_000}, 1_700_000_000, SourceAddressSpace, true},
		{"released heap counts in address space", Readings{ASLimit: 3 * gb, ASUsed: 2 * gb, GoHeapReleased: gb}, 2 * gb, SourceAddressSpace, true},
		{"address space exhausted", Readings{MemAvailable: 20 * gb, ASLimit: gb, ASUsed: 2 * gb}, 0, SourceAddressSpace, true},
		{"cgroup less usage plus reclaimable", Readings{MemAvailable: 20 * gb, CgroupLimit: 4 * gb, CgroupUsed: 3 * gb, CgroupReclaimable: gb / 2}, 1_500_000_000, SourceCgroup, true},
		{"GOMEMLIMIT less what Go holds", Readings{MemAvailable: 20 * gb, GoLimit: gb, GoUsed: 300_000_000}, 700_000_000, SourceGoLimit, true},
		{"smallest wins", Readings{MemAvailable: 2 * gb, ASLimit: 10 * gb, ASUsed: gb, CgroupLimit: 8 * gb, CgroupUsed: gb, GoLimit: 5 * gb}, 2 * gb, SourceMemAvailable, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, src, ok := Available(tc.r)
			if got != tc.want || src != tc.src || ok != tc.ok {
				t.Errorf("Available = %d, %q, %v; want %d, %q, %v", got, src, ok, tc.want, tc.src, tc.ok)
			}
		})
	}
}

func TestCheckReadings(t *testing.T) {
	r := Readings{MemAvailable: 20e9, ASLimit: 2_700_000_000, ASUsed: 1_300_000_000}
	if err := CheckReadings(r, "building x", 1_000_000_000, "h"); err != nil {
		t.Fatalf("1 GB of 1.4 GB refused: %v", err)
	}
	if err := CheckReadings(Readings{}, "building x", 1<<62, "h"); err != nil {
		t.Fatalf("unknown limits refused: %v", err)
	}
	err := CheckReadings(r, "building the 7-8 tables", 2_300_000_000, "use a smaller partition such as 663, or free memory")
	if !errors.Is(err, ErrInsufficient) {
		t.Fatalf("error %v does not wrap ErrInsufficient", err)
	}
	want := "building the 7-8 tables needs about 2.3 GB; this machine allows 1.4 GB (address-space limit); use a smaller partition such as 663, or free memory"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
}

func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		n    uint64
		want string
	}{{0, "0 bytes"}, {999, "999 bytes"}, {1500, "2 kB"}, {51_000_000, "51 MB"}, {2_249_000_000, "2.2 GB"}} {
		if got := Bytes(tc.n); got != tc.want {
			t.Errorf("Bytes(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestMake(t *testing.T) {
	s, err := Make[uint32](1000, "a small array")
	if err != nil || len(s) != 1000 {
		t.Fatalf("Make(1000) = len %d, %v", len(s), err)
	}
	big, err := Make[uint8](largeAlloc, "a 16 MiB array")
	if err != nil || len(big) != largeAlloc {
		t.Fatalf("Make(16 MiB) = len %d, %v", len(big), err)
	}
	for _, n := range []int{-1, 1 << 62} {
		if _, err := Make[uint64](n, "an impossible array"); !errors.Is(err, ErrInsufficient) {
			t.Errorf("Make(%d) = %v, want ErrInsufficient", n, err)
		}
	}
}

func TestReadGo(t *testing.T) {
	old := debug.SetMemoryLimit(1 << 20) // the program's own soft limit is not the user's
	defer debug.SetMemoryLimit(old)
	t.Setenv("GOMEMLIMIT", "3GiB")
	r := Read()
	if r.GoUsed == 0 || r.GoLimit != 3<<30 {
		t.Errorf("Read: GoUsed %d, GoLimit %d; want > 0 and %d", r.GoUsed, r.GoLimit, 3<<30)
	}
	t.Setenv("GOMEMLIMIT", "off")
	if r := Read(); r.GoLimit != 0 {
		t.Errorf("Read with GOMEMLIMIT=off: GoLimit %d, want 0", r.GoLimit)
	}
}

func TestParseGoMemLimit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
	}{{"", 0}, {"off", 0}, {"1000", 1000}, {"512B", 512}, {"4KiB", 4 << 10}, {"100MiB", 100 << 20},
		{"2GiB", 2 << 30}, {"1TiB", 1 << 40}, {"-5", 0}, {"3GB", 0}, {"99999999999TiB", 0}} {
		if got := parseGoMemLimit(tc.in); got != tc.want {
			t.Errorf("parseGoMemLimit(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}
