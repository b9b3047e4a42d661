package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/version"
)

func TestVersion(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // a prefix of stdout
	}{
		{[]string{"version"}, 0, "slidelab " + version.Version},
		{[]string{"--version"}, 0, "slidelab " + version.Version},
		{[]string{"-version"}, 0, "slidelab " + version.Version},
		{[]string{"version", "--short"}, 0, version.Version + "\n"},
		{[]string{"--version", "--short"}, 0, version.Version + "\n"},
		{[]string{"version", "extra"}, 2, ""},
		{[]string{"version", "--bogus"}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if !strings.HasPrefix(out, tc.want) {
				t.Errorf("stdout %q, want it to start with %q", out, tc.want)
			}
			if tc.want == version.Version+"\n" && out != tc.want {
				t.Errorf("--short printed %q, want the version alone", out)
			}
		})
	}
}

// TestHelpNamesExistingFiles fails when a help text names a data file of
// the repository that does not exist (slidelab help solve once pointed
// at shared/data/korf100.txt, which is outside the repository).
func TestHelpNamesExistingFiles(t *testing.T) {
	pages := []string{"help", "help heuristics"}
	for _, c := range commands() {
		pages = append(pages, "help "+c.name)
	}
	path := regexp.MustCompile(`[\w./-]+/[\w.-]+\.(txt|slidelab|slpdb|csv|json)\b`)
	for _, p := range pages {
		_, out, _ := runCLI(t, "", strings.Fields(p)...)
		for _, f := range path.FindAllString(out, -1) {
			if _, err := os.Stat(filepath.Join("..", "..", f)); err != nil {
				t.Errorf("slidelab %s names %s, which is not in the repository: %v", p, f, err)
			}
		}
	}
}
