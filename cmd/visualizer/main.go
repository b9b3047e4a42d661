// Command visualizer is the Slidelab desktop application.
//
// Usage:
//
//	visualizer [FILE]
//	visualizer --version
//
// FILE, when given, is opened at start: a lesson (.md, docs/formats-lessons.md,
// shown in the lesson panel beside the views), a session file (.slidelab,
// saved with File > Save) or an instance file (Korf's format). A bad file
// is reported on stderr and in the window, which starts as usual.
//
// Its metadata (ID, name, version, icon, migrations) lives in FyneApp.toml
// at the repository root; the ID below must match it.
//
// Environment:
//
//	SLIDELAB_VIEW   the view shown first: puzzle, race, pdb, compare, quality or practice
//	SLIDELAB_DEMO   with SLIDELAB_VIEW, open the view in a state worth showing
//	                (a search under way, a race run to the end, a database
//	                half built, a comparison;
//	                SLIDELAB_VIEW=search shows IDA* with the 6-6-3 database
//	                run to the end, SLIDELAB_VIEW=running a long IDA* run
//	                with live counters, SLIDELAB_VIEW=pdb8 an 8-puzzle pattern,
//	                SLIDELAB_VIEW=predict predict mode with a question open,
//	                SLIDELAB_VIEW=search5x5 a 24-puzzle walk solved by IDA*)
//	SLIDELAB_READY  with SLIDELAB_DEMO, create this file once the state is
//	                reached (make screenshots waits for it)
//	SLIDELAB_CACHE  the pattern database cache directory
//
// In a browser (make web) there is no environment: the page address's query
// sets SLIDELAB_VIEW and SLIDELAB_DEMO (index.html?view=pdb&demo=1), and
// any other parameters are a link (board, goal, size, algorithm, heuristic,
// view, step, lesson, part: gui.OpenLink) that opens a state or a lesson; the
// pattern databases the app preloads come from the folder's tables/ (make
// web), others are built in the page and kept in the browser's storage.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/slidelab/slidelab/gui"
	"github.com/slidelab/slidelab/internal/version"
)

func main() {
	file, ok := fileArg(os.Args[1:])
	if !ok {
		return
	}
	mark("main")
	restoreGC := quietStart() // until the first frame (start.go)
	makeCacheDir()
	a := app.NewWithID("io.slidelab.visualizer")
	w := a.NewWindow("Slidelab")
	u := gui.New(a)
	u.LoadUI(w)
	mark("window content built")
	if runtime.GOOS != "js" { // in a browser the app fills the page: no window to size or place
		restoreGeometry(u, w)
	}
	ready := newReadyState(setting("SLIDELAB_READY"))
	a.Lifecycle().SetOnStarted(func() {
		mark("app started")
		u.AfterFirstFrame(func() { mark("first frame shown") })
		if runtime.GOOS != "js" {
			refitWindow(w) // at the scale the window got (fit.go)
		}
		time.AfterFunc(startQuiet, restoreGC)
		if file != "" {
			// Opened once the window is on screen, as File > Open does: a
			// theme the file sets reaches every widget, and an error
			// dialog gets the window's size.
			if err := u.Open(file); err != nil { // shown in the window too
				fmt.Fprintln(os.Stderr, "visualizer:", err)
			}
		}
		link := linkQuery(pageQuery())
		if link != "" {
			ignored := u.OpenLink(link, fetchBeside) // and shown in the page
			mark(fmt.Sprintf("link opened: board %s, %d parameter(s) ignored", u.Session.Board().Line(), len(ignored)))
		}
		if ready != nil {
			ready.appStarted()
		}
		// The first-start panel (three things to try), once; not over a
		// file, a link, a demo or a scripted run (SLIDELAB_READY). It
		// comes once the window is drawn: laying it out would hold back
		// the first frame (in a browser by half a second or more).
		if file == "" && link == "" && ready == nil && setting("SLIDELAB_DEMO") == "" {
			u.AfterFirstFrame(u.ShowFirstStart)
		}
	})
	if v := setting("SLIDELAB_VIEW"); v != "" {
		var err error
		if setting("SLIDELAB_DEMO") != "" {
			var reached func()
			if ready != nil {
				reached = ready.demoReached
			}
			err = u.Demo(v, reached)
		} else {
			err = u.ShowView(v)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_VIEW:", err)
			if runtime.GOOS != "js" { // a page goes on with the first view
				os.Exit(2)
			}
		}
	}
	w.ShowAndRun()
}

// usage is the command line the visualizer takes.
const usage = "usage: visualizer [FILE]  (FILE: a lesson .md, a .slidelab session file, an instance file or a .jsonl search trace to check)\n       visualizer --version"

// makeCacheDir creates the user cache directory (~/.cache on Linux) when it
// does not exist yet, as on a fresh account: Fyne creates only the last two
// levels of its cache path and otherwise logs "Failed to create fyne cache
// space" at every first start. A failure is left for Fyne to report.
func makeCacheDir() {
	if runtime.GOOS == "js" {
		return
	}
	if dir, err := os.UserCacheDir(); err == nil {
		_ = os.MkdirAll(filepath.Join(dir, "fyne"), 0o700)
	}
}

// fileArg returns the file named on the command line ("" for none); ok is
// false when the program should stop (help was asked for). Other arguments
// end the program with the usage and status 2.
func fileArg(args []string) (file string, ok bool) {
	switch {
	case len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		if _, err := fmt.Println(usage); err != nil {
			os.Exit(1)
		}
		return "", false
	case len(args) == 1 && (args[0] == "--version" || args[0] == "-version"):
		if _, err := fmt.Println("visualizer", version.String()); err != nil {
			os.Exit(1)
		}
		return "", false
	case len(args) > 1 || len(args) == 1 && strings.HasPrefix(args[0], "-") && args[0] != "-":
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	case len(args) == 1:
		return args[0], true
	}
	return "", true
}

// defaultSize is the window's size on a first start.
var defaultSize = fyne.NewSize(1280, 800)

// restoreGeometry gives w the size and place it had when it last closed
// (the size no larger than the screen, the place on it), and saves them
// when it closes.
func restoreGeometry(u *gui.UI, w fyne.Window) {
	g, ok := u.SavedGeometry()
	if !ok {
		g = gui.WindowGeometry{Size: defaultSize}
	}
	if sw, sh, ok := screenSize(); ok {
		g.Size = fitToScreen(g.Size, sw, sh, startScale(u.App)) // fit.go
		if g.Placed && (g.X < 0 || g.Y < 0 || g.X > sw-64 || g.Y > sh-64) {
			g.Placed = false // off this screen (another monitor, a smaller projector)
		}
	}
	w.Resize(g.Size)
	if dw, ok := w.(desktop.Window); ok && g.Placed {
		dw.RequestPosition(g.X, g.Y)
	}
	place := windowPlace(w)
	w.SetCloseIntercept(func() {
		u.SaveGeometry(u.Geometry(place))
		w.Close()
	})
}
