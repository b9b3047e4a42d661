package toolkit

import (
	"github.com/slidelab/slidelab/internal/render"

	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// The "Export GIF…" buttons: a dialog for what to animate, the frame rate
// and the size; the file dialog; then the frames are drawn and encoded on a
// job runner with a progress bar and Cancel, the frames on the Fyne
// goroutine one at a time, the encoding in the job's goroutine.

// Choices offered in the options dialog.
var (
	gifFPSChoices   = []string{"5", "10", "15", "20", "25"}
	gifSizeChoices  = []string{"320", "480", "640", "800"}
	gifStepsChoices = []string{"50", "100", "150", "300", "600"}
)

// gifOptionsForm is the options part of an export dialog.
type GIFOptionsForm struct {
	What  *widget.RadioGroup // nil when there is one thing to animate
	FPS   *widget.Select
	Size  *widget.Select
	Steps *widget.Select // nil unless a search run can be chosen
	items []*widget.FormItem
}

func newGIFOptionsForm(what []string, steps bool) *GIFOptionsForm {
	f := &GIFOptionsForm{FPS: widget.NewSelect(gifFPSChoices, nil), Size: widget.NewSelect(gifSizeChoices, nil)}
	f.FPS.SetSelected(strconv.Itoa(render.DefaultGIFFPS))
	f.Size.SetSelected(strconv.Itoa(render.DefaultGIFSize))
	if len(what) > 0 {
		f.What = widget.NewRadioGroup(what, nil)
		f.What.Required = true
		f.What.SetSelected(what[0])
		f.items = append(f.items, widget.NewFormItem("Animate", f.What))
	}
	f.items = append(f.items, widget.NewFormItem("Frames per second", f.FPS), widget.NewFormItem("Width (pixels)", f.Size))
	if steps {
		f.Steps = widget.NewSelect(gifStepsChoices, nil)
		f.Steps.SetSelected(strconv.Itoa(render.DefaultGIFSteps))
		f.items = append(f.items, widget.NewFormItem("Search steps (at most)", f.Steps))
	}
	return f
}

// Options returns the chosen rate and size.
func (f *GIFOptionsForm) Options() render.GIFOptions {
	fps, _ := strconv.ParseFloat(f.FPS.Selected, 64)
	size, _ := strconv.Atoi(f.Size.Selected)
	o := render.GIFOptions{FPS: fps, Size: size}
	if a := fyne.CurrentApp(); a != nil {
		if t, ok := a.Settings().Theme().(interface{ Dark() bool }); ok && t.Dark() {
			o.Theme = render.Dark // the GIF in the theme the class sees
		}
	}
	return o
}

// StepCount returns the chosen number of search steps.
func (f *GIFOptionsForm) StepCount() int {
	if f.Steps == nil {
		return render.DefaultGIFSteps
	}
	n, _ := strconv.Atoi(f.Steps.Selected)
	return n
}

// gifExporter writes GIFs for one view, one at a time.
type GIFExporter struct {
	runs   *JobRunner
	win    func() fyne.Window
	report func(msg string, isErr bool)
	// Progress and Cancel are in the dialog shown while a GIF is written;
	// Form is the options dialog's form, once opened.
	Progress *widget.ProgressBar
	Cancel   *widget.Button
	Form     *GIFOptionsForm
	busy     dialog.Dialog
	Options  dialog.Dialog
	// last describes the latest GIF written.
	last render.GIFStats
}

func NewGIFExporter(ctx context.Context, do DoFunc, win func() fyne.Window, report func(string, bool)) *GIFExporter {
	x := &GIFExporter{runs: NewJobRunner(ctx, do), win: win, report: report, Progress: NewProgressBar()}
	x.Cancel = widget.NewButton("Cancel", x.runs.Cancel)
	return x
}

// window returns the window dialogs go on, or nil.
func (x *GIFExporter) window() fyne.Window {
	if x.win == nil {
		return nil
	}
	return x.win()
}

// Ask shows the options dialog, then the file dialog, then starts the
// export with what start makes of the options. what lists the things to
// animate (none: one thing); steps adds the search-steps choice.
func (x *GIFExporter) Ask(name string, what []string, steps bool, start func(f *GIFOptionsForm, path string)) {
	w := x.window()
	x.Form = newGIFOptionsForm(what, steps)
	if w == nil {
		return
	}
	f := x.Form
	x.Options = dialog.NewForm("Export an animated GIF", "Choose file…", "Cancel", f.items, func(ok bool) {
		if !ok {
			return
		}
		chooseGIFPath(w, name, func(path string) { start(f, path) })
	}, w)
	x.Options.Show()
}

// Start writes the animation make returns (make runs in the job's
// goroutine) to path, replacing the file atomically, with the progress
// dialog shown; the view's report line says what was written or why not.
// It returns the job's done channel.
func (x *GIFExporter) Start(path string, make func(ctx context.Context) (*render.Animation, error)) chan struct{} {
	x.Progress.SetValue(0)
	if w := x.window(); w != nil {
		x.busy = dialog.NewCustomWithoutButtons("Writing "+path,
			container.NewVBox(widget.NewLabel("Drawing and encoding the frames…"), x.Progress, x.Cancel), w)
		x.busy.Show()
	}
	var st render.GIFStats
	return x.runs.Start(func(ctx context.Context, post func(func())) error {
		a, err := make(ctx)
		if err != nil {
			return err
		}
		onUI := func(f func()) error {
			_, err := PostAndWait(ctx, post, func() bool { f(); return true })
			return err
		}
		st, err = saveAnimation(ctx, a, path, onUI, func(done, total int) {
			post(func() { x.Progress.SetValue(float64(done) / float64(total)) })
		})
		return err
	}, func(err error) {
		if x.busy != nil {
			x.busy.Hide()
			x.busy = nil
		}
		if err != nil {
			removeIfEmpty(path)
			if errors.Is(err, context.Canceled) {
				x.report("GIF export cancelled; nothing was written.", false)
				return
			}
			x.report("GIF export failed: "+err.Error(), true)
			if w := x.window(); w != nil {
				dialog.ShowError(fmt.Errorf("GIF export failed: %w", err), w)
			}
			return
		}
		x.last = st
		msg := fmt.Sprintf("Saved %s: %d frames, %dx%d, %.1f s a loop, %s.", path, st.Frames, st.Width, st.Height,
			st.Seconds, FormatBytes(uint64(st.Bytes)))
		x.report(msg, false)
		// The report line may be out of view (the search panel's is below
		// the tools): say it where it is seen.
		if w := x.window(); w != nil {
			dialog.ShowInformation("GIF saved", msg, w)
		}
	})
}

// Running reports whether an export is under way.
func (x *GIFExporter) Running() bool { return x.runs.Running() }

// removeIfEmpty removes the empty file the save dialog created when no GIF
// replaced it.
func removeIfEmpty(path string) {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() == 0 {
		os.Remove(path)
	}
}
