package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// Size of exported charts, in pixels (SVG and PDF at 96 DPI): 16:9 for
// slides.
const (
	exportWidth  = 1280
	exportHeight = 720
)

// saveDialog asks for a file of the given format (a file extension without
// the dot), suggesting name, and calls write with its path; write must replace
// the file atomically. Errors are shown in a dialog; saved is told the path
// of a file written.
func saveDialog(w fyne.Window, name, format string, write func(path string) error, saved func(path string)) {
	d := dialog.NewFileSave(func(uc fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, w)
			return
		}
		if uc == nil {
			return // cancelled
		}
		path := uc.URI().Path()
		// The dialog created the file; write replaces it atomically.
		uc.Close()
		if err := write(path); err != nil {
			os.Remove(path)
			dialog.ShowError(err, w)
			return
		}
		saved(path)
	}, w)
	d.SetFileName(name + "." + format)
	d.SetFilter(storage.NewExtensionFileFilter([]string{"." + format}))
	d.Show()
}
