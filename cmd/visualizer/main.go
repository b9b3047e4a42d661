// Command visualizer is the Slidelab desktop application.
//
// Its metadata (ID, name, version, icon, migrations) lives in FyneApp.toml
// at the repository root; the ID below must match it.
//
// The environment variable SLIDELAB_VIEW (puzzle, pdb or compare) selects the
// view shown first; `make screenshots` uses it.
package main

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/slidelab/slidelab/gui"
)

func main() {
	a := app.NewWithID("io.slidelab.visualizer")
	w := a.NewWindow("Slidelab")
	u := gui.New(a)
	u.LoadUI(w)
	if v := os.Getenv("SLIDELAB_VIEW"); v != "" {
		if err := u.ShowView(v); err != nil {
			fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_VIEW:", err)
			os.Exit(2)
		}
	}
	w.Resize(fyne.NewSize(1280, 800))
	w.ShowAndRun()
}
