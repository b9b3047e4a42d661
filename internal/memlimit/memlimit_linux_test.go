//go:build linux

package memlimit

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

func TestReadLinux(t *testing.T) {
	r := Read()
	if r.MemAvailable == 0 {
		t.Errorf("MemAvailable not read: %+v", r)
	}
	if _, _, ok := Available(r); !ok {
		t.Errorf("no limit known on Linux: %+v", r)
	}
}

// TestMakeUnderAddressLimit runs this test binary again under prlimit
// --as: Make of more than the limit leaves must return an error wrapping
// ErrInsufficient, where make would end the program with Go's fatal "out of
// memory".
func TestMakeUnderAddressLimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "1" {
		r := Read()
		if r.ASLimit == 0 {
			t.Fatalf("child: no address-space limit read: %+v", r)
		}
		_, err := Make[uint32](1<<29, "a 2 GiB array") // 2 GiB, more than the limit leaves
		if !errors.Is(err, ErrInsufficient) {
			t.Fatalf("child: Make of 2 GiB under the limit = %v, want ErrInsufficient", err)
		}
		if !strings.Contains(err.Error(), "address-space limit") {
			t.Errorf("child: error %q does not name the address-space limit", err)
		}
		small, err := Make[uint8](32<<20, "a 32 MiB array")
		if err != nil || len(small) != 32<<20 {
			t.Fatalf("child: Make of 32 MiB under the limit = %v", err)
		}
		return
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit not found")
	}
	used, ok := procField("/proc/self/status", "VmSize:")
	if !ok {
		t.Skip("no VmSize in /proc/self/status")
	}
	// The child maps about as much as this process at start; leave it 400 MB more.
	limit := used<<10 + 400<<20
	cmd := exec.Command(prlimit, "--as="+strconv.FormatUint(limit, 10), os.Args[0], "-test.run=^TestMakeUnderAddressLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "MEMLIMIT_CHILD=1", "GOMAXPROCS=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child under prlimit --as=%d: %v\n%s", limit, err, out)
	}
	if !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("child did not pass:\n%s", out)
	}
}
