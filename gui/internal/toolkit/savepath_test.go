package toolkit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// TestSavePath checks how the path to write is made from what Fyne's save
// dialog hands over and the name typed.
func TestSavePath(t *testing.T) {
	dir := t.TempDir()
	writer := func(p string) fyne.URIWriteCloser {
		w, err := storage.Writer(storage.NewFileURI(p))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	notExist := &fs.PathError{Op: "open", Path: "/root" + dir + "/x.png", Err: fs.ErrNotExist}
	for _, c := range []struct {
		name    string
		uc      func() fyne.URIWriteCloser
		err     error
		typed   string
		want    string
		made    bool
		wantErr string
	}{
		{name: "cancelled", uc: func() fyne.URIWriteCloser { return nil }, typed: "x.png"},
		{name: "a plain name", uc: func() fyne.URIWriteCloser { return writer(filepath.Join(dir, "a.png")) }, typed: "a.png",
			want: filepath.Join(dir, "a.png"), made: true},
		{name: "an error", uc: func() fyne.URIWriteCloser { return nil }, err: errors.New("disk full"), typed: "a.png", wantErr: "disk full"},
		{name: "an absolute path Fyne could not create", uc: func() fyne.URIWriteCloser { return nil }, err: notExist,
			typed: filepath.Join(dir, "x.png"), want: filepath.Join(dir, "x.png")},
		{name: "an absolute path in a missing folder", uc: func() fyne.URIWriteCloser { return nil }, err: notExist,
			typed: filepath.Join(dir, "none", "x.png"), wantErr: "the folder " + filepath.Join(dir, "none") + " does not exist"},
		{name: "an absolute path Fyne joined to an existing folder", uc: func() fyne.URIWriteCloser {
			if err := os.MkdirAll(filepath.Join(dir, "shown", dir), 0o755); err != nil {
				t.Fatal(err)
			}
			return writer(filepath.Join(dir, "shown", dir, "y.png"))
		}, typed: filepath.Join(dir, "y.png"), want: filepath.Join(dir, "y.png")},
		{name: "an absolute path typed in /", uc: func() fyne.URIWriteCloser { return writer(filepath.Join(dir, "z.png")) },
			typed: filepath.Join(dir, "z.png"), want: filepath.Join(dir, "z.png"), made: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, made, err := savePath(c.uc(), c.err, c.typed)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want || made != c.made {
				t.Errorf("savePath = %q, %v, %v; want %q, %v", got, made, err, c.want, c.made)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "shown", dir, "y.png")); err == nil {
		t.Error("the empty file Fyne made at the joined path was left behind")
	}
}
