// Package lessonview is the app's lesson mode: a panel beside the live
// views that shows a lesson's text (Markdown, rendered with Fyne's
// RichText), its parts in a list, Previous and Next (Page Up and Page Down
// in the shell, which presentation remotes send) and the part's questions,
// answerable in the panel and checked against the engine's answers.
//
// Each part is resolved by internal/lesson (its search run to the part's
// position, its placeholders filled, its questions answered) on a
// background job, then handed to the Applier, which the shell implements
// over its views: view, size, goal, board, algorithm, heuristic, partition,
// overlays and the position in the run. The teacher may step on live and
// come back: showing the part again (Again) re-applies it. The part shown
// last of each lesson is remembered in the app's preferences.
package lessonview

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/lesson"
)

// Applier makes the window show a resolved part: its view, board, goal,
// search and position. It runs on the Fyne goroutine; a far position is
// replayed off it (the shell's jumps). An error changes nothing and is
// shown under the panel's buttons.
type Applier interface {
	ApplyPart(st *lesson.State) error
}

// Memory keeps the part shown last of each lesson between runs
// (fyne.Preferences satisfies it).
type Memory interface {
	IntWithFallback(key string, fallback int) int
	SetInt(key string, value int)
}

// prefPart is the preference key prefix of the part remembered, followed by
// the lesson's name (a built-in name or the file's path).
const prefPart = "lesson.part:"

// Panel is the lesson panel. Its widgets are fields so that the shell
// lays them out (presentation mode borrows Content) and tests press them.
type Panel struct {
	// Content is the whole panel.
	Content fyne.CanvasObject
	// Title is the lesson's title; Parts lists its parts ("3. Manhattan").
	Title *widget.Label
	Parts *widget.Select
	// Text is the part's text, its placeholders filled.
	Text *widget.RichText
	// Prev and Next step through the parts (Page Up, Page Down); Again
	// shows the part again after the teacher stepped on live.
	Prev, Next, Again *widget.Button
	// Status says what is being prepared, or what failed (with its line).
	Status *widget.Label
	// Questions holds the part's questions and exercises.
	Questions *fyne.Container

	// OnChange is called (on the Fyne goroutine) after a part was shown.
	OnChange func()

	// body holds the text and the questions in scroll.
	body     *fyne.Container
	scroll   *container.Scroll
	apply    Applier
	memory   Memory
	jobs     *toolkit.JobRunner
	resolver *lesson.Resolver
	lesson   *lesson.Lesson
	state    *lesson.State
	index    int // the part shown, -1 before the first
	loading  int // the part being resolved, -1 when none
	quiet    bool
	answered []*answerBox // the questions shown (tests answer them)
}

// New returns an empty panel (no lesson): cheap, no work is done until a
// lesson is opened. Jobs end with ctx; do posts to the Fyne goroutine.
func New(ctx context.Context, do toolkit.DoFunc, apply Applier, memory Memory) *Panel {
	p := &Panel{apply: apply, memory: memory, jobs: toolkit.NewJobRunner(ctx, toolkit.OrFyneDo(do)), index: -1, loading: -1}
	p.Title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// One line: the part's text repeats the title as its heading, and a
	// narrow panel (1024x768 at 150 %) keeps its room for the text.
	p.Title.Truncation = fyne.TextTruncateEllipsis
	p.Parts = widget.NewSelect(nil, func(string) {
		if !p.quiet {
			p.Show(p.Parts.SelectedIndex())
		}
	})
	p.Prev = widget.NewButtonWithIcon("Previous", theme.NavigateBackIcon(), func() { p.Show(p.target() - 1) })
	p.Next = widget.NewButtonWithIcon("Next", theme.NavigateNextIcon(), func() { p.Show(p.target() + 1) })
	p.Again = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { p.Show(p.index) }) // "Show part again" in its tip
	p.Status = widget.NewLabel("")
	p.Status.Wrapping = fyne.TextWrapWord
	p.Status.Hide()
	p.Text = widget.NewRichText()
	p.Text.Wrapping = fyne.TextWrapWord
	p.Questions = container.NewVBox()
	// Three rows above the text: the title, the parts with Show part
	// again, Previous and Next side by side (they wrap only when the
	// panel is narrower than both: it never asks for more width).
	top := container.NewVBox(p.Title,
		container.NewBorder(nil, nil, nil, withTip(p.Again, TipAgain), withTip(p.Parts, TipParts)),
		toolkit.NewFlow(withTip(p.Prev, TipPrev), withTip(p.Next, TipNext)), // one row unless very narrow
		p.Status)
	p.body = container.NewVBox(p.Text, p.Questions)
	p.scroll = container.NewVScroll(p.body)
	p.Content = container.NewBorder(top, nil, nil, nil, p.scroll)
	p.refreshButtons()
	return p
}

// Open makes l the panel's lesson and shows its remembered part (the
// first when none is, or when start >= 0: that part, from 0).
func (p *Panel) Open(l *lesson.Lesson, start int) {
	p.jobs.Drop()
	p.lesson, p.state, p.index, p.loading = l, nil, -1, -1
	p.resolver = lesson.NewResolver()
	p.Title.SetText(title(l))
	labels := make([]string, len(l.Parts))
	for i, part := range l.Parts {
		labels[i] = partLabel(part)
	}
	p.quiet = true
	p.Parts.Options = labels
	p.Parts.ClearSelected()
	p.quiet = false
	p.Text.ParseMarkdown("")
	p.Questions.RemoveAll()
	if start < 0 {
		start = p.Remembered(l)
	}
	p.Show(start)
}

// Remembered returns the part of l shown last (0 when none, or when the
// remembered part is no longer in the lesson).
func (p *Panel) Remembered(l *lesson.Lesson) int {
	if p.memory == nil {
		return 0
	}
	i := p.memory.IntWithFallback(prefPart+l.Name, 0)
	if i < 0 || i >= len(l.Parts) {
		return 0
	}
	return i
}

// Lesson returns the lesson open (nil when none).
func (p *Panel) Lesson() *lesson.Lesson { return p.lesson }

// Index returns the part shown (from 0; -1 before the first is shown).
func (p *Panel) Index() int { return p.index }

// State returns the part shown, resolved (nil before the first).
func (p *Panel) State() *lesson.State { return p.state }

// Busy reports whether a part is being prepared.
func (p *Panel) Busy() bool { return p.loading >= 0 }

// Show resolves part i in the background and then shows and applies it;
// an i out of range does nothing. A part that fails (its search over the
// limits, a table too large) shows the error, naming the line, and the
// window stays as it was.
func (p *Panel) Show(i int) {
	if p.lesson == nil || i < 0 || i >= len(p.lesson.Parts) {
		return
	}
	part, r := p.lesson.Parts[i], p.resolver
	p.loading = i
	p.setStatus(fmt.Sprintf("Preparing part %d of %d…", i+1, len(p.lesson.Parts)), false)
	p.refreshButtons()
	var st *lesson.State
	p.jobs.Start(func(ctx context.Context, _ func(func())) error {
		var err error
		st, err = r.Resolve(ctx, part)
		return err
	}, func(err error) {
		p.loading = -1
		if err != nil {
			p.setStatus(fmt.Sprintf("%s: %v", p.lesson.Name, err), true)
			p.refreshButtons()
			return
		}
		p.show(i, st)
	})
}

// show makes the resolved part i the one shown and applies it.
func (p *Panel) show(i int, st *lesson.State) {
	if err := p.apply.ApplyPart(st); err != nil {
		p.setStatus(fmt.Sprintf("%s: %v", p.lesson.Name, err), true)
		p.refreshButtons()
		return
	}
	p.index, p.state = i, st
	p.setStatus("", false)
	p.quiet = true
	p.Parts.SetSelectedIndex(i)
	p.quiet = false
	p.Text.Segments = markdown(st.Text, p.lesson.Dir)
	p.Text.Refresh()
	p.showQuestions(st)
	p.body.Refresh() // the text's new height, or the questions sit over it
	p.scroll.ScrollToTop()
	if p.memory != nil {
		p.memory.SetInt(prefPart+p.lesson.Name, i)
	}
	p.refreshButtons()
	if p.OnChange != nil {
		p.OnChange()
	}
}

// target is the part being prepared, else the part shown: Next pressed
// twice goes two parts on.
func (p *Panel) target() int {
	if p.loading >= 0 {
		return p.loading
	}
	return p.index
}

// Stop cancels the part being prepared.
func (p *Panel) Stop() { p.jobs.Drop() }

// setStatus shows msg under the buttons (in the danger colour when it is
// an error), or hides the line when msg is empty.
func (p *Panel) setStatus(msg string, isErr bool) {
	p.Status.Importance = widget.MediumImportance
	if isErr {
		p.Status.Importance = widget.DangerImportance
	}
	p.Status.SetText(msg)
	toolkit.ShowIf(p.Status, msg != "")
}

// refreshButtons enables Previous and Next where there is a part to go
// to, and Again once a part is shown.
func (p *Panel) refreshButtons() {
	n := 0
	if p.lesson != nil {
		n = len(p.lesson.Parts)
	}
	toolkit.Enable(p.Prev, p.target() > 0)
	toolkit.Enable(p.Next, p.lesson != nil && p.target() < n-1)
	toolkit.Enable(p.Again, p.index >= 0)
	toolkit.Enable(p.Parts, n > 0)
}

// title is the lesson's title, or its name when it has no heading.
func title(l *lesson.Lesson) string {
	if l.Title != "" {
		return l.Title
	}
	return l.Name
}

// partLabel names a part in the list: its number and heading.
func partLabel(part *lesson.Part) string {
	if part.Title != "" {
		return fmt.Sprintf("%d. %s", part.Index+1, part.Title)
	}
	return fmt.Sprintf("%d. (line %d)", part.Index+1, part.Line)
}
