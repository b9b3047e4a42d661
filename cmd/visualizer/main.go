// Command visualizer is the Slidelab desktop application.
//
// Its metadata (ID, name, version, icon, migrations) lives in FyneApp.toml
// at the repository root; the ID below must match it.
package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.slidelab.visualizer")
	w := a.NewWindow("Slidelab")
	w.SetContent(container.NewCenter(widget.NewLabel("Slidelab")))
	w.Resize(fyne.NewSize(1024, 700))
	w.ShowAndRun()
}
