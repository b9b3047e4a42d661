package compareview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareLoadInstancesAgreesWithFile loads the same contents as a file
// (the desktop's open dialog) and from memory (the browser's file chooser):
// the view shows the same label, error and set either way.
func TestCompareLoadInstancesAgreesWithFile(t *testing.T) {
	_, v := newTestView(t)
	dir := t.TempDir()
	for _, tc := range []struct{ name, text string }{
		{"two.txt", "1 2 3 4 5 6 7 8 0 0\n1 2 3 4 5 6 7 0 8 1\n"},
		{"dup.txt", "1 2 3 4 5 6 7 8 0\n1 2 2 4 5 6 7 8 0\n"},
		{"allbad.txt", "1 2 2 4 5 6 7 8 0\n"},
		{"empty.txt", "# nothing\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			v.FileSet = nil
			errFile := v.LoadInstanceFile(path)
			label, shown, set := v.FileLabel.Text, v.Error.Text, v.FileSet
			v.FileSet = nil
			v.FileLabel.SetText("")
			errData := v.LoadInstances(tc.name, strings.NewReader(tc.text))
			if (errFile == nil) != (errData == nil) {
				t.Fatalf("from the file: %v; from memory: %v", errFile, errData)
			}
			if errFile != nil {
				// The file's error names its path, the other one its name.
				if got, want := v.Error.Text, strings.ReplaceAll(shown, path, tc.name); got != want {
					t.Errorf("error from memory %q, from the file %q", got, want)
				}
				return
			}
			if v.FileLabel.Text != label || v.Error.Text != shown {
				t.Errorf("from memory: label %q, error %q; from the file: %q, %q", v.FileLabel.Text, v.Error.Text, label, shown)
			}
			if v.FileSet == nil || set == nil || len(v.FileSet.Instances) != len(set.Instances) || v.FileSet.Name != set.Name {
				t.Fatalf("sets differ: %+v and %+v", v.FileSet, set)
			}
			for i := range set.Instances {
				if v.FileSet.Instances[i].Board != set.Instances[i].Board || v.FileSet.Instances[i].Optimal != set.Instances[i].Optimal {
					t.Errorf("instance %d: %v and %v", i, v.FileSet.Instances[i], set.Instances[i])
				}
			}
		})
	}
}
