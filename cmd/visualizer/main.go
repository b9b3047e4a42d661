// Command visualizer is the Slidelab desktop application.
//
// Its metadata (ID, name, version, icon, migrations) lives in FyneApp.toml
// at the repository root; the ID below must match it.
//
// Environment:
//
//	SLIDELAB_VIEW   the view shown first: puzzle, race, pdb or compare
//	SLIDELAB_DEMO   with SLIDELAB_VIEW, open the view in a state worth showing
//	                (a search under way, a race run to the end, a database
//	                half built, a comparison;
//	                SLIDELAB_VIEW=search shows IDA* with the 6-6-3 database
//	                run to the end, SLIDELAB_VIEW=running a long IDA* run
//	                with live counters, SLIDELAB_VIEW=pdb8 an 8-puzzle pattern)
//	SLIDELAB_READY  with SLIDELAB_DEMO, create this file once the state is
//	                reached (make screenshots waits for it)
//	SLIDELAB_CACHE  the pattern database cache directory
package main

import (
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/slidelab/slidelab/gui"
)

func main() {
	a := app.NewWithID("io.slidelab.visualizer")
	w := a.NewWindow("Slidelab")
	u := gui.New(a)
	u.LoadUI(w)
	w.Resize(fyne.NewSize(1280, 800))
	if v := os.Getenv("SLIDELAB_VIEW"); v != "" {
		var err error
		if os.Getenv("SLIDELAB_DEMO") != "" {
			err = u.Demo(v, readySignal(os.Getenv("SLIDELAB_READY")))
		} else {
			err = u.ShowView(v)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_VIEW:", err)
			os.Exit(2)
		}
	}
	w.ShowAndRun()
}

// readySignal returns the callback that creates the file path (after a
// moment for the last frame to be drawn) once a demo state is reached; nil
// when path is empty. make screenshots waits for the file, then captures
// the screen.
func readySignal(path string) func() {
	if path == "" {
		return nil
	}
	return func() {
		time.AfterFunc(time.Second, func() {
			if err := os.WriteFile(path, []byte("ready\n"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_READY:", err)
			}
		})
	}
}
