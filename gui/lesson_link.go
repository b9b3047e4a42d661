package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/lesson"
)

// Links (lesson.Link, docs/formats-lessons.md#links): Lessons > Copy link
// copies a link to the state on screen for the web address set in the
// preferences (Lessons > Link address…; none at first); the browser build
// opens the state a link names (OpenLink), or a lesson.

// prefLinkBase is the preference key of the address the browser build is
// served from.
const prefLinkBase = "lesson.linkbase"

// LinkBase returns the web address links are made for ("" when none is set).
func (u *UI) LinkBase() string { return u.App.Preferences().String(prefLinkBase) }

// SetLinkBase sets the web address links are made for; "" clears it. An
// address that is not http or https is refused.
func (u *UI) SetLinkBase(base string) error {
	base = strings.TrimSpace(base)
	if base != "" {
		if _, err := lesson.DefaultLink().URL(base); err != nil {
			return err
		}
	}
	u.App.Preferences().SetString(prefLinkBase, base)
	u.refreshLessonMenu()
	return nil
}

// askLinkBase asks for the web address links are made for.
func (u *UI) askLinkBase() {
	if u.Window == nil {
		return
	}
	e := widget.NewEntry()
	e.SetPlaceHolder("https://school.example/slidelab/")
	e.SetText(u.LinkBase())
	help := widget.NewLabel("The address of the folder where the browser build (make web) is served. Copy link makes links to it; leave it empty for none.")
	help.Wrapping = fyne.TextWrapWord
	d := dialog.NewForm("Link address", "Set", "Cancel", []*widget.FormItem{
		widget.NewFormItem("", help), widget.NewFormItem("Address", e)}, func(ok bool) {
		if ok {
			u.ShowError(u.SetLinkBase(e.Text))
		}
	}, u.Window)
	d.Resize(fyne.NewSize(u.Window.Canvas().Size().Width*0.6, d.MinSize().Height))
	d.Show()
}

// CurrentLink returns the link to the state on screen: the board, goal,
// algorithm, heuristic, view and the search's step, or the lesson and its
// part when one is open.
func (u *UI) CurrentLink() lesson.Link {
	l := lesson.DefaultLink()
	b := u.Session.Board()
	l.Size, l.Goal, l.Board = b.Size(), u.Session.Goal(), b
	l.Algorithm, l.HasAlgorithm = u.Search.Algorithm(), true
	if h, err := u.Search.SelectedSpec(); err == nil {
		l.Heuristic = h.String()
	}
	l.View = u.CurrentView()
	if l.View == ViewPuzzle && u.Tree.Shown {
		l.View = "tree"
	}
	l.Step = u.Search.Position()
	if u.lesson != nil && u.Lesson.Index() >= 0 {
		l.Lesson, l.Part = u.lesson.link, u.Lesson.Index()+1
	}
	return l
}

// copyLink copies the link to the state on screen, or says how to set the
// address it needs.
func (u *UI) copyLink() {
	url, err := u.CurrentLink().URL(u.LinkBase())
	if err != nil {
		u.ShowError(err)
		return
	}
	u.App.Clipboard().SetContent(url)
	if u.Window != nil {
		dialog.ShowInformation("Link copied", url, u.Window)
	}
}

// OpenLink opens the state a link names (a whole URL or its query): a
// lesson and its part, or else the board, goal, algorithm, heuristic, view
// and step. A lesson file (a .md path beside the page) is read by fetch,
// off the Fyne goroutine. Parameters that cannot be used are left at their
// defaults; what was ignored is returned, and shown in a dialog.
func (u *UI) OpenLink(raw string, fetch func(path string) ([]byte, error)) []string {
	l, ignored := lesson.ParseLink(raw)
	switch {
	case l.Lesson != "":
		ignored = append(ignored, u.openLinkLesson(l, fetch)...)
	default:
		ignored = append(ignored, u.applyLink(l)...)
	}
	if len(ignored) > 0 && u.Window != nil {
		dialog.ShowInformation("Parts of the link were ignored", strings.Join(ignored, "\n"), u.Window)
	}
	return ignored
}

// applyLink shows a link's state as a lesson part would.
func (u *UI) applyLink(l lesson.Link) (ignored []string) {
	st := &lesson.State{Part: &lesson.Part{Title: "Board from the link"}, Board: l.Board}
	st.Settings = lesson.Settings{View: l.View, Size: l.Size, Goal: l.Goal, Board: l.Board,
		Algorithm: l.Algorithm, HasAlgorithm: l.HasAlgorithm, Heuristic: l.Heuristic}
	if l.Step > 0 {
		if !l.HasAlgorithm {
			ignored = append(ignored, fmt.Sprintf("step %d: the link names no algorithm (ignored)", l.Step))
		} else {
			st.Settings.At = lesson.Position{Kind: lesson.AtStep, N: l.Step}
			st.Run = &lesson.Run{Algorithm: l.Algorithm, Heuristic: l.Heuristic, Steps: l.Step}
		}
	}
	if err := u.ApplyPart(st); err != nil {
		ignored = append(ignored, fmt.Sprintf("heuristic %q: %v (ignored)", l.Heuristic, err))
		st.Settings.Heuristic = lesson.DefaultLink().Heuristic
		if st.Settings.Algorithm == search.BFS || u.ApplyPart(st) != nil {
			st.Settings.HasAlgorithm, st.Run = false, nil
			_ = u.ApplyPart(st) // no heuristic, no search: cannot fail
		}
	}
	return ignored
}

// openLinkLesson opens a link's lesson at its part: a built-in one at
// once, a file through fetch in the background.
func (u *UI) openLinkLesson(l lesson.Link, fetch func(string) ([]byte, error)) []string {
	start := l.Part - 1 // -1: the part remembered
	if src, ok := lesson.BuiltinSource(l.Lesson); ok {
		les, err := lesson.Parse(l.Lesson, src)
		if err != nil {
			return []string{fmt.Sprintf("lesson %q: %v (ignored)", l.Lesson, err)}
		}
		u.showLesson(les, openLesson{source: src, name: l.Lesson, link: l.Lesson}, min(start, len(les.Parts)-1))
		return nil
	}
	if fetch == nil {
		return []string{fmt.Sprintf("lesson %q: no folder to read it from here (ignored)", l.Lesson)}
	}
	go func() {
		data, err := fetch(l.Lesson)
		u.do(func() {
			if err == nil {
				err = u.openLessonData(openLesson{source: data, name: l.Lesson, link: l.Lesson}, "", start)
			}
			if err != nil {
				u.ShowError(fmt.Errorf("lesson %q from the link: %w", l.Lesson, err))
			}
		})
	}()
	return nil
}
