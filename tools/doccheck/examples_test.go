//go:build !windows && !js

package doccheck

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// root is the repository root, relative to this package.
const root = "../.."

// exampleTimeout bounds one block. Examples are meant to finish in
// seconds; the margin is for a machine busy with other work.
const exampleTimeout = 3 * time.Minute

// docFiles returns the Markdown files whose examples and links are checked.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CONTRIBUTING.md", "CHANGELOG.md"}
	for _, pattern := range []string{"docs/*.md", "docs/guide/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			files = append(files, rel)
		}
	}
	return files
}

func readDoc(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDocLinks fails when a relative link or image of a Markdown file
// points to a file that does not exist.
func TestDocLinks(t *testing.T) {
	for _, f := range docFiles(t) {
		for _, l := range Links(readDoc(t, f)) {
			target := filepath.Join(root, filepath.Dir(f), filepath.FromSlash(l))
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s, which does not exist", f, l)
			}
		}
	}
}

// longCommand matches commands that must be marked slow: make targets,
// Go builds and tests, and servers.
var longCommand = regexp.MustCompile(`(?m)^\s*(make|go (test|build|run|tool)|sudo)\b`)

// TestLongExamplesMarked fails when a shell block that runs make, a Go
// build or test is not marked <!-- slow -->: those take minutes.
func TestLongExamplesMarked(t *testing.T) {
	for _, f := range docFiles(t) {
		for _, b := range Blocks(readDoc(t, f)) {
			if !b.Slow && longCommand.MatchString(b.Script) {
				t.Errorf("%s:%d: the block runs %q but is not marked <!-- slow -->", f, b.Line, longCommand.FindString(b.Script))
			}
		}
	}
}

// TestExamples runs every shell block of the docs that is not marked slow,
// in order, one working directory per Markdown file, with a slidelab built
// from this tree first on PATH. The working directory mirrors the
// repository (its files linked, not copied) with its own empty out/, where
// the examples write; the pattern-database cache is shared by all files
// (so 6-6-3 is built once) and HOME is a temporary directory. Each block
// must exit with status 0 within exampleTimeout, and no file of the
// repository may change. With -short only README.md's blocks run.
func TestExamples(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "slidelab"), "./cmd/slidelab")
	build.Dir = root
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building slidelab: %v\n%s", err, out)
	}
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SLIDELAB_CACHE="+filepath.Join(tmp, "cache"),
		"HOME="+filepath.Join(tmp, "home"),
		"XDG_CACHE_HOME="+filepath.Join(tmp, "home", ".cache"),
	)
	before := snapshot(t)
	for _, f := range docFiles(t) {
		// The race form (raceForm) runs README.md's blocks, as -short
		// does: the examples run a slidelab built without the race
		// detector, so the detector adds nothing to them; make test-full
		// runs every file's.
		if (testing.Short() || raceForm()) && f != "README.md" {
			continue
		}
		blocks := Blocks(readDoc(t, f))
		work := mirror(t, filepath.Join(tmp, "work", strings.NewReplacer("/", "_", ".", "_").Replace(f)))
		for _, b := range blocks {
			name := fmt.Sprintf("%s:%d", f, b.Line)
			if b.Slow {
				t.Logf("%s: not run (marked slow%s)", name, reasonSuffix(b.Reason))
				continue
			}
			runBlock(t, bash, name, work, env, b.Script)
		}
	}
	if after := snapshot(t); !maps.Equal(before, after) {
		for p, s := range after {
			if before[p] != s {
				t.Errorf("an example changed the repository's %s", p)
			}
		}
		for p := range before {
			if _, ok := after[p]; !ok {
				t.Errorf("an example removed the repository's %s", p)
			}
		}
	}
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return ": " + r
}

// runBlock runs one block's script in dir and fails the test unless it
// exits with status 0 in time.
func runBlock(t *testing.T, bash, name, dir string, env []string, script string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), exampleTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", "set -eo pipefail\n"+script)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stdout = &limitedBuffer{max: 1 << 20}
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start).Round(10 * time.Millisecond)
	switch {
	case ctx.Err() != nil:
		t.Errorf("%s: still running after %v:\n%s", name, exampleTimeout, script)
	case err != nil:
		t.Errorf("%s: %v after %v\n%s\nstderr:\n%s", name, err, took, script, tail(stderr.String(), 2000))
	default:
		t.Logf("%s: ok in %v", name, took)
	}
}

// mirror makes dir a copy of the repository's top level made of symbolic
// links (the examples read core/board/data/..., internal/...), with an
// empty out/ of its own, and returns dir.
func mirror(t *testing.T, dir string) string {
	t.Helper()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch e.Name() {
		case ".git", "out", "bin", "dist":
			continue
		}
		if err := os.Symlink(filepath.Join(abs, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot records the size and modification time of every file of the
// repository outside .git and the ignored output folders.
func snapshot(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "out", "bin", "dist", "node_modules", "failed":
				return filepath.SkipDir
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files[p] = fmt.Sprintf("%d %d", info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

// limitedBuffer keeps the first max bytes written to it and discards the
// rest, so a chatty example cannot fill the test's memory.
type limitedBuffer struct {
	buf bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.buf.Len(); room > 0 {
		if len(p) > room {
			l.buf.Write(p[:room])
		} else {
			l.buf.Write(p)
		}
	}
	return len(p), nil
}
