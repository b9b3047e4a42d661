package main

import (
	"os/exec"
	"strings"
	"testing"
)

// forbiddenDeps are packages the command-line tool must not link: the GUI,
// Fyne's test driver and software painter (GIF frames are drawn by
// internal/render), and what the test driver brings along.
var forbiddenDeps = []string{
	"github.com/slidelab/slidelab/gui",
	"fyne.io/fyne/v2/test",
	"fyne.io/fyne/v2/driver/software",
	"fyne.io/fyne/v2/app",
	"fyne.io/fyne/v2/widget",
	"github.com/stretchr/testify",
	"gopkg.in/yaml.v3",
}

// TestNoGUIDependencies lists the packages slidelab is built from (go list
// -deps) and fails when one of forbiddenDeps, or a package under it, is
// among them.
func TestNoGUIDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list listed %d packages: %q", len(deps), out)
	}
	for _, d := range deps {
		for _, f := range forbiddenDeps {
			if d == f || strings.HasPrefix(d, f+"/") {
				t.Errorf("slidelab imports %s", d)
			}
		}
	}
}
