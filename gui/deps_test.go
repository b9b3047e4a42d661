package gui

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/slidelab/slidelab"

// lowerLayers lists the GUI's shared packages and the GUI packages each may
// import (its own tests included). Every other package under gui/internal
// is a view: a view may import these, never the shell (gui) or another
// view. See docs/architecture.md.
var lowerLayers = map[string][]string{
	"gui/internal/uitest":  nil,
	"gui/internal/toolkit": {"gui/internal/uitest"},
	"gui/internal/session": {"gui/internal/toolkit", "gui/internal/uitest"},
	"gui/internal/widgets": {"gui/internal/toolkit", "gui/internal/session", "gui/internal/uitest"},
	"gui/internal/catalog": {"gui/internal/toolkit", "gui/internal/session", "gui/internal/uitest"},
	// The shell's heuristic menu for the views' tests (test files only).
	"gui/internal/catalog/catalogtest": {"gui/internal/catalog", "gui/internal/uitest"},
}

// repoImports maps every package directory of the module (relative to the
// module root, slash-separated) to the module-local and Fyne packages its
// files import, test files included.
func repoImports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			switch {
			case strings.HasPrefix(p, modulePath+"/"):
				p = strings.TrimPrefix(p, modulePath+"/")
			case strings.HasPrefix(p, "fyne.io/"):
			default:
				continue
			}
			if !slices.Contains(out[dir], p) {
				out[dir] = append(out[dir], p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading the module's imports: %v", err)
	}
	return out
}

// checkImport says why package dir may not import p, or "" when it may.
func checkImport(dir, p string) string {
	isGUI := p == "gui" || strings.HasPrefix(p, "gui/")
	switch {
	case strings.HasPrefix(dir, "core/") || dir == "core" || strings.HasPrefix(dir, "charts"):
		if isGUI || strings.HasPrefix(p, "fyne.io/") {
			return "the engine and the charts never import the GUI or Fyne"
		}
		return ""
	case !strings.HasPrefix(dir, "gui/internal/"):
		return ""
	case !isGUI:
		return ""
	}
	if allowed, lower := lowerLayers[dir]; lower {
		if !slices.Contains(allowed, p) {
			return "a shared GUI package imports only the layers below it"
		}
		return ""
	}
	// dir is a view.
	if _, lower := lowerLayers[p]; !lower {
		return "a view imports no other view and not the shell"
	}
	return ""
}

// TestImportDirection keeps the GUI's packages one-way: the shell (gui)
// imports the views, a view imports only the shared packages, the shared
// packages only those below them, and core/ and charts/ no GUI at all.
func TestImportDirection(t *testing.T) {
	imports := repoImports(t)
	if len(imports["gui"]) == 0 || len(imports["gui/internal/toolkit"]) == 0 && len(imports["gui/internal/widgets"]) == 0 {
		t.Fatalf("found no GUI imports under %v: wrong root?", imports)
	}
	for dir, ps := range imports {
		for _, p := range ps {
			if why := checkImport(dir, p); why != "" {
				t.Errorf("%s imports %s: %s", dir, p, why)
			}
		}
	}
}

// TestCheckImport shows that the rules catch each kind of wrong import.
func TestCheckImport(t *testing.T) {
	for _, c := range []struct {
		dir, imp string
		ok       bool
	}{
		{"gui", "gui/internal/searchview", true},
		{"gui/internal/searchview", "gui/internal/widgets", true},
		{"gui/internal/searchview", "gui/internal/catalog", true},
		{"gui/internal/raceview", "gui/internal/searchview", false},
		{"gui/internal/raceview", "gui", false},
		{"gui/internal/widgets", "gui/internal/searchview", false},
		{"gui/internal/widgets", "gui/internal/catalog", false},
		{"gui/internal/raceview", "gui/internal/catalog/catalogtest", true},
		{"gui/internal/catalog/catalogtest", "gui/internal/raceview", false},
		{"gui/internal/toolkit", "gui/internal/session", false},
		{"gui/internal/session", "gui/internal/toolkit", true},
		{"core/search", "gui/internal/toolkit", false},
		{"core/pdb", "fyne.io/fyne/v2", false},
		{"charts", "gui", false},
		{"cmd/visualizer", "gui", true},
	} {
		if got := checkImport(c.dir, c.imp) == ""; got != c.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", c.dir, c.imp, got, c.ok)
		}
	}
}
