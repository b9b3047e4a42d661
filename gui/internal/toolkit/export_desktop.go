//go:build !js

package toolkit

import (
	"fmt"
	"io"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/internal/atomicfile"
)

// ExportFile asks for a file of the given format (an extension without the
// dot), suggesting name, and writes export's output to it atomically; saved
// is told the path. In a browser the file downloads instead (export_js.go).
func ExportFile(w fyne.Window, name, format string, export func(io.Writer) error, saved func(where string)) {
	SaveDialog(w, name, format, func(path string) error {
		if err := atomicfile.Write(path, export); err != nil {
			return fmt.Errorf("export %s: %w", path, err)
		}
		return nil
	}, saved)
}

// PickFile asks for a file to read and calls openPath with its path (in a
// browser, openData with its name and contents: export_js.go).
func PickFile(w fyne.Window, openPath func(path string), _ func(name string, data []byte)) {
	OpenDialog(w, openPath)
}
