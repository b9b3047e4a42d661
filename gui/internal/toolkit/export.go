package toolkit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// Size of exported charts, in pixels (SVG and PDF at 96 DPI): 16:9 for
// slides.
const (
	ExportWidth  = 1280
	ExportHeight = 720
)

// dialogShare is the share of the window a file dialog covers: Fyne's own
// size shows only three or four rows of files.
const dialogShare = 0.85

// fileDialogSize returns the size of a file dialog on w: most of the window.
func fileDialogSize(w fyne.Window) fyne.Size {
	s := w.Canvas().Size()
	return fyne.NewSize(s.Width*dialogShare, s.Height*dialogShare)
}

// SaveDialog asks for a file of the given format (a file extension without
// the dot), suggesting name, and calls write with its path; write must replace
// the file atomically. A name typed as an absolute path is saved there (Fyne
// would append it to the folder shown). Errors are shown in a dialog; saved
// is told the path of a file written. It returns the dialog, shown.
func SaveDialog(w fyne.Window, name, format string, write func(path string) error, saved func(path string)) *dialog.FileDialog {
	var nameEntry *widget.Entry // the dialog's name field, when found
	d := dialog.NewFileSave(func(uc fyne.URIWriteCloser, err error) {
		typed := ""
		if nameEntry != nil {
			typed = strings.TrimSpace(nameEntry.Text)
		}
		path, fyneMade, err := savePath(uc, err, typed)
		if err != nil {
			dialog.ShowError(err, w)
			return
		}
		if path == "" {
			return // cancelled
		}
		save := func() {
			if err := write(path); err != nil {
				if st, serr := os.Stat(path); serr == nil && st.Size() == 0 {
					os.Remove(path) // the empty file Fyne made; write replaces files atomically, so an old one is whole
				}
				dialog.ShowError(err, w)
				return
			}
			saved(path)
		}
		if _, serr := os.Stat(path); serr == nil && !fyneMade {
			// Fyne asked about the path it built, not about this one.
			dialog.ShowConfirm("Overwrite?", "Replace the file\n"+path+"?", func(ok bool) {
				if ok {
					save()
				}
			}, w)
			return
		}
		save()
	}, w)
	file := name + "." + format
	d.SetFileName(file)
	d.SetFilter(storage.NewExtensionFileFilter([]string{"." + format}))
	d.Show()
	d.Resize(fileDialogSize(w)) // after Show: Fyne's Resize needs the dialog built
	// The dialog focuses its name field when it opens: that is how the
	// typed name is read back (the callback only gets the URI Fyne built).
	if e, ok := w.Canvas().Focused().(*widget.Entry); ok && e.Text == file {
		nameEntry = e
		// The suggested name is selected, as in any save dialog, so a name
		// or a path typed replaces it rather than going in front of it.
		e.TypedShortcut(&fyne.ShortcutSelectAll{})
	}
	return d
}

// savePath returns the path to write for what a save dialog handed over:
// uc and err from Fyne, and the name typed in its name field ("" when
// unknown). Fyne joins the typed name to the folder shown, so "/tmp/x.png"
// typed in /root becomes /root/tmp/x.png (and fails when /root/tmp does not
// exist); an absolute name is taken as it is instead, and refused with a
// clear message when its folder does not exist. "" means cancelled. A file
// Fyne created (empty) at the wrong place is removed. fyneMade reports that
// Fyne created the file at path itself (after asking, if one was there).
func savePath(uc fyne.URIWriteCloser, err error, typed string) (path string, fyneMade bool, _ error) {
	abs := typed != "" && filepath.IsAbs(typed)
	if !abs {
		if err != nil {
			return "", false, err
		}
		if uc == nil {
			return "", false, nil
		}
		path := uc.URI().Path()
		// The dialog created the file; write replaces it atomically.
		uc.Close()
		return path, true, nil
	}
	if uc != nil {
		made := uc.URI().Path()
		uc.Close()
		if filepath.Clean(made) == filepath.Clean(typed) {
			return made, true, nil // the folder shown was "/"
		}
		// Fyne created the joined path: an empty file that was not asked for.
		if st, serr := os.Stat(made); serr == nil && st.Size() == 0 {
			os.Remove(made)
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", false, err
	}
	path = filepath.Clean(typed)
	dir := filepath.Dir(path)
	st, serr := os.Stat(dir)
	switch {
	case serr != nil:
		return "", false, fmt.Errorf("cannot save %s: the folder %s does not exist", path, dir)
	case !st.IsDir():
		return "", false, fmt.Errorf("cannot save %s: %s is not a folder", path, dir)
	}
	if st, serr := os.Stat(path); serr == nil && st.IsDir() {
		return "", false, fmt.Errorf("cannot save %s: it is a folder", path)
	}
	return path, false, nil
}

// OpenDialog asks for a file to read, in a dialog covering most of w, and
// calls open with its path.
func OpenDialog(w fyne.Window, open func(path string)) *dialog.FileDialog {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, w)
			return
		}
		if rc == nil {
			return // cancelled
		}
		path := rc.URI().Path()
		rc.Close()
		open(path)
	}, w)
	d.Show()
	d.Resize(fileDialogSize(w))
	return d
}
