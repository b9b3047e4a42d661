package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPDBBuildCharts(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	front, hist := filepath.Join(dir, "f.png"), filepath.Join(dir, "h.svg")
	for _, extra := range [][]string{nil, {"--linear"}} {
		args := append([]string{"pdb", "build", "--partition", "44", "--cache", cache, "--png", front, "--histogram", hist, "--chart-size", "500x300"}, extra...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, errOut)
		}
		data, err := os.ReadFile(front)
		if err != nil {
			t.Fatal(err)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 500 || cfg.Height != 300 {
			t.Errorf("frontier chart: %+v, %v", cfg, err)
		}
		svg, err := os.ReadFile(hist)
		if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("Pattern database values")) {
			t.Errorf("histogram: %v", err)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--png", filepath.Join(dir, "f.gif")}, "must end in .png, .svg or .pdf"},
		{[]string{"--histogram", filepath.Join(dir, "h")}, "must end in .png, .svg or .pdf"},
		{[]string{"--png", front, "--chart-size", "9x9"}, "--chart-size"},
	} {
		args := append([]string{"pdb", "build", "--partition", "44", "--cache", cache}, tt.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", tt.args, code, errOut, tt.want)
		}
	}
	// An unwritable chart path fails after the build, with a one-line error.
	code, _, errOut := runCLI(t, "", "pdb", "build", "--partition", "44", "--cache", cache, "--png", filepath.Join(dir, "no", "f.png"))
	if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "f.png") {
		t.Errorf("unwritable chart: exit %d, stderr %q", code, errOut)
	}
}
