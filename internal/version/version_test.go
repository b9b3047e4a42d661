package version

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"testing"
)

// TestFyneAppTomlAgrees fails when FyneApp.toml's Version (read by the fyne
// packaging tool and by development builds of the app) differs from Version.
func TestFyneAppTomlAgrees(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*Version\s*=\s*"([^"]*)"`).FindSubmatch(data)
	if m == nil {
		t.Fatal("FyneApp.toml has no Version line")
	}
	if got := string(m[1]); got != Version {
		t.Errorf("FyneApp.toml says Version = %q, internal/version says %q: change both together", got, Version)
	}
}

func TestVersionIsSemantic(t *testing.T) {
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(Version) {
		t.Errorf("Version %q is not MAJOR.MINOR.PATCH", Version)
	}
}

func TestFormat(t *testing.T) {
	rev := "0f69300b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f"
	tests := []struct {
		name     string
		settings []debug.BuildSetting
		want     string
	}{
		{"no vcs", nil, "1.2.3"},
		{"clean", []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}, "1.2.3 (commit 0f69300b1c2d)"},
		{"modified", []debug.BuildSetting{{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: rev}}, "1.2.3 (commit 0f69300b1c2d, modified)"},
		{"short revision", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}, "1.2.3 (commit abc)"},
		{"modified without revision", []debug.BuildSetting{{Key: "vcs.modified", Value: "true"}}, "1.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := format("1.2.3", tt.settings); got != tt.want {
				t.Errorf("format = %q, want %q", got, tt.want)
			}
		})
	}
}
