package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/search"
)

// korf1 is Korf's first instance (57 moves): A* with Manhattan distance
// stores millions of nodes on it, so a limit of 1 MiB stops it.
const korf1 = "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2"

// TestMemoryFlagEverywhere checks that every command that runs A*, greedy
// search or BFS has --memory, with the same default and help, checks its
// range, and stops the search at the limit with "memory limit reached".
func TestMemoryFlagEverywhere(t *testing.T) {
	dir := t.TempDir()
	gif := filepath.Join(dir, "x.gif")
	commands := [][]string{
		{"solve"}, {"trace"}, {"compare"}, {"bench", "solve"},
		{"animate", "solution", "--gif", gif}, {"animate", "search", "--gif", gif},
	}
	for _, c := range commands {
		name := strings.Join(c[:min(len(c), 2)], " ")
		if c[0] == "animate" {
			name = c[0] + " " + c[1]
		}
		t.Run(name+" help", func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "help", c[0])
			if c[0] == "bench" || c[0] == "animate" {
				code, out, errOut = runCLI(t, "", append(c[:2:2], "-h")...)
				out += errOut
			}
			if code != 0 || !strings.Contains(out, memoryFlagHelp) || !strings.Contains(out, "(default 2048)") {
				t.Errorf("%v: exit %d, help lacks --memory with the common text and default:\n%s%s", c, code, out, errOut)
			}
		})
		t.Run(name+" range", func(t *testing.T) {
			args := append(append([]string{}, c...), "--memory", "0", korf1)
			if c[0] == "compare" || c[0] == "bench" {
				args = append(append([]string{}, c...), "--memory", "0")
			}
			code, _, errOut := runCLI(t, "", args...)
			if code != exitUsage || !strings.Contains(errOut, "--memory") {
				t.Errorf("%v --memory 0: exit %d, %q", c, code, errOut)
			}
		})
	}
	stops := []struct {
		args []string
		code int
	}{
		{[]string{"solve", "--algorithm", "a*", "--heuristic", "manhattan", "--memory", "1", korf1}, exitFailure},
		{[]string{"solve", "--algorithm", "bfs", "--memory", "1", korf1}, exitFailure},
		{[]string{"trace", "--algorithm", "a*", "--heuristic", "manhattan", "--memory", "1", korf1}, exitFailure},
		{[]string{"animate", "solution", "--gif", gif, "--algorithm", "a*", "--heuristic", "manhattan", "--memory", "1", korf1}, exitFailure},
		{[]string{"bench", "solve", "--algorithm", "a*", "--heuristic", "manhattan", "--memory", "1", "--first", "1"}, exitFailure},
	}
	for _, tc := range stops {
		t.Run(strings.Join(tc.args[:2], " ")+" stops", func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, "memory limit reached") {
				t.Errorf("exit %d, %q; want %d and \"memory limit reached\"", code, errOut, tc.code)
			}
		})
	}
	t.Run("compare stops", func(t *testing.T) {
		code, out, errOut := runCLI(t, "", "compare", "--algorithm", "a*", "--heuristics", "manhattan", "--memory", "1", "--set", "korf100", "--first", "1", "--json")
		var rep struct {
			Results []struct {
				Status, Error string
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
			t.Fatalf("exit %d, %v: %s", code, err, errOut)
		}
		if len(rep.Results) != 1 || rep.Results[0].Status != "memory-limit" || !strings.Contains(rep.Results[0].Error, "memory limit reached") {
			t.Errorf("results %+v, want one stopped by the memory limit", rep.Results)
		}
	})
}

// buildSlidelab builds this command into a temporary directory as make
// build does (CGO_ENABLED=0), for tests that must run the real program
// (under resource limits).
func buildSlidelab(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the program")
	}
	bin := filepath.Join(t.TempDir(), "slidelab")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestOutOfMemoryUnderPrlimit runs the program under an address-space limit
// of 1.5 GB (prlimit --as), where a Go program has little room left (the
// runtime reserves about 1.3 GB at start): builds of the 7-8 tables, the
// C&S fringe and an uncached pdb:78 for solve must end with status 1 and a
// one-line message naming the need and the limit, never Go's "fatal error:
// out of memory" with its goroutine dump (status 2).
func TestOutOfMemoryUnderPrlimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("prlimit is Linux's")
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit not found")
	}
	bin := buildSlidelab(t)
	for _, args := range [][]string{
		{"pdb", "build", "--partition", "78"},
		{"pdb", "build", "--fringe", "cs"},
		{"pdb", "build", "--partition", "6666"},
		{"solve", "--heuristic", "pdb:78", korf1},
		{"compare", "--heuristics", "pdb:78", "--set", "korf100", "--first", "1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(prlimit, append([]string{"--as=1500000000", bin}, args...)...)
			cmd.Env = append(os.Environ(), "SLIDELAB_CACHE="+t.TempDir())
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			msg := stderr.String()
			if code != exitFailure || strings.Count(msg, "\n") != 1 || strings.Contains(msg, "goroutine") || strings.Contains(msg, "fatal error") {
				t.Fatalf("exit %d (%v), stderr:\n%s", code, err, msg)
			}
			for _, want := range []string{"needs about", "address-space limit"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q lacks %q", msg, want)
				}
			}
		})
	}
	// A build that fits still runs under the limit.
	cmd := exec.Command(prlimit, "--as=1500000000", bin, "pdb", "build", "--partition", "555")
	cmd.Env = append(os.Environ(), "SLIDELAB_CACHE="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("555 under the limit: %v\n%s", err, out)
	}
}

// TestPDBBuildDryRun checks that --dry-run prints the estimate and builds
// nothing.
func TestPDBBuildDryRun(t *testing.T) {
	cache := t.TempDir()
	code, out, errOut := runCLI(t, "", "pdb", "build", "--partition", "78", "--cache", cache, "--dry-run")
	if code != 0 || !strings.Contains(out, "building the 7-8 tables needs about 1.2 GB; this machine allows") {
		t.Fatalf("exit %d, %q, %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "", "pdb", "build", "--fringe", "cs", "--cache", cache, "--dry-run", "--json")
	var plan memoryPlan
	if err := json.Unmarshal([]byte(out), &plan); err != nil || code != 0 || plan.Need < 700e6 || plan.Need > 800e6 {
		t.Fatalf("exit %d, %v: %q", code, err, out)
	}
	if files, _ := os.ReadDir(cache); len(files) != 0 {
		t.Errorf("--dry-run wrote %d files to the cache", len(files))
	}
}

// TestLimitHeapSlack checks the documented slack of --memory: the Go
// runtime's soft limit that limitHeap sets lies above the heap in use and
// the search's limit by less than memorySlackMiB, so that with the
// program's code and stacks the process stays within it.
func TestLimitHeapSlack(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	for _, limit := range []int64{1 << 20, 100 << 20, 2 << 30} {
		limitHeap(search.Config{Algorithm: search.AStar, MemoryLimit: limit})
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		soft := debug.SetMemoryLimit(-1)
		over := soft - int64(ms.HeapAlloc) - limit
		if over <= 0 || over > memorySlackMiB<<20 {
			t.Errorf("--memory %d MiB: soft limit %d is %d bytes above the heap and the limit, want (0, %d MiB]", limit>>20, soft, over, memorySlackMiB)
		}
	}
}
