package gui

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/slidelab/slidelab/gui/internal/lessonview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/inputfile"
	"github.com/slidelab/slidelab/internal/lesson"
)

// Lesson mode: a lesson (internal/lesson, docs/formats-lessons.md) open in
// a panel beside the views (gui/internal/lessonview); each part is applied
// to the views by ApplyPart (lesson_apply.go). The Lessons menu opens the
// built-in lessons and lesson files, saves a lesson's Markdown to start
// one's own from, and copies a link to the state on screen (lesson_link.go).

// LessonMenu is the window's Lessons menu. The items are fields so that
// tests call their actions.
type LessonMenu struct {
	Menu *fyne.Menu
	// Builtin opens the built-in lessons, in teaching order.
	Builtin []*fyne.MenuItem
	// Open asks for a lesson file; SaveAs writes the open lesson's
	// Markdown; Close closes the lesson panel.
	Open, SaveAs, Close *fyne.MenuItem
	// CopyLink copies a link to the state on screen; LinkBase asks for
	// the address the browser build is served from.
	CopyLink, LinkBase *fyne.MenuItem
}

// openLesson is the lesson open in the panel: its Markdown (for Save
// lesson as…) and the name a link gives it.
type openLesson struct {
	source []byte
	name   string
	link   string // a built-in lesson's name or the file's base name
}

// newLessonPanel builds the (empty) lesson panel and the area that shows
// it beside the tabs once a lesson is open.
func (u *UI) newLessonPanel() {
	u.Lesson = lessonview.New(u.ctx, u.do, u, u.App.Preferences())
	u.lessonArea = container.NewStack(u.Tabs)
}

// lessonMenu makes the Lessons menu.
func (u *UI) lessonMenu() *fyne.Menu {
	m := &LessonMenu{}
	u.Lessons = m
	for _, b := range lesson.Builtins() {
		m.Builtin = append(m.Builtin, fyne.NewMenuItem(b.Title, func() { u.ShowError(u.OpenBuiltinLesson(b.Name)) }))
	}
	m.Open = fyne.NewMenuItem("Open lesson…", u.openLessonDialog)
	m.SaveAs = fyne.NewMenuItem("Save lesson as…", u.saveLessonAs)
	m.Close = fyne.NewMenuItem("Close lesson", u.CloseLesson)
	m.CopyLink = fyne.NewMenuItem("", u.copyLink)
	m.LinkBase = fyne.NewMenuItem("Link address…", u.askLinkBase)
	items := append([]*fyne.MenuItem{}, m.Builtin...)
	items = append(items, fyne.NewMenuItemSeparator(), m.Open, m.SaveAs, m.Close,
		fyne.NewMenuItemSeparator(), m.CopyLink, m.LinkBase)
	m.Menu = fyne.NewMenu("Lessons", items...)
	u.refreshLessonMenu()
	return m.Menu
}

// refreshLessonMenu enables what needs an open lesson and names what Copy
// link needs.
func (u *UI) refreshLessonMenu() {
	m := u.Lessons
	if m == nil {
		return
	}
	m.SaveAs.Disabled = u.lesson == nil
	m.Close.Disabled = u.lesson == nil
	m.CopyLink.Label = "Copy link"
	m.CopyLink.Disabled = u.LinkBase() == ""
	if m.CopyLink.Disabled {
		m.CopyLink.Label = "Copy link (set the web address first: Link address…)"
	}
	if u.Files != nil && u.Files.main != nil {
		u.Files.main.Refresh()
	}
}

// OpenBuiltinLesson opens the built-in lesson called name.
func (u *UI) OpenBuiltinLesson(name string) error {
	src, ok := lesson.BuiltinSource(name)
	if !ok {
		_, err := lesson.LoadBuiltin(name) // names the lessons there are
		return err
	}
	l, err := lesson.Parse(name, src)
	if err != nil {
		return err
	}
	u.showLesson(l, openLesson{source: src, name: name, link: name}, -1)
	return nil
}

// isLessonName reports whether a file's name says it is a lesson: Markdown.
func isLessonName(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".md" || ext == ".markdown"
}

// OpenLesson opens the lesson file at path. A file that is not a lesson,
// or a lesson with errors (each naming its line), changes nothing.
func (u *UI) OpenLesson(path string) error {
	src, err := inputfile.ReadFile(path, lesson.MaxBytes)
	if err != nil {
		return fmt.Errorf("lesson: %w", err)
	}
	path = toolkit.AbsPath(path) // the part is remembered by the file, however it was named
	return u.openLessonData(openLesson{source: src, name: path, link: filepath.Base(path)}, filepath.Dir(path), -1)
}

// openLessonData opens a lesson's Markdown read from o.name (a path, or a
// file's name in a browser) at part start (-1: the part remembered); dir
// is where its pictures are ("" for none).
func (u *UI) openLessonData(o openLesson, dir string, start int) error {
	if len(o.source) > lesson.MaxBytes {
		return fmt.Errorf("%s: larger than %d bytes: not a lesson", o.name, lesson.MaxBytes)
	}
	l, err := lesson.Parse(o.name, o.source)
	if err != nil {
		var list lesson.ErrorList
		if errors.As(err, &list) {
			return fmt.Errorf("%s:\n%w", o.name, err)
		}
		return err
	}
	l.Dir = dir
	u.showLesson(l, o, min(start, len(l.Parts)-1))
	return nil
}

// showLesson puts l in the panel beside the views and shows part start
// (-1: the part remembered).
func (u *UI) showLesson(l *lesson.Lesson, o openLesson, start int) {
	u.lesson = &o
	if u.Presenting() {
		u.LeavePresentation()
	}
	u.placeLessonPanel()
	u.Lesson.Open(l, start)
	u.refreshLessonMenu()
}

// placeLessonPanel puts the lesson panel beside the tabs (presentation
// mode borrows it while it lasts).
func (u *UI) placeLessonPanel() {
	split := container.NewHSplit(u.Tabs, u.Lesson.Content)
	split.Offset = 0.68 // the puzzle tab keeps its column of controls at 1024x768
	u.lessonArea.Objects = []fyne.CanvasObject{split}
	u.lessonArea.Refresh()
}

// CloseLesson closes the lesson panel; the views stay as they are.
func (u *UI) CloseLesson() {
	if u.lesson == nil {
		return
	}
	if u.Presenting() {
		u.LeavePresentation()
	}
	u.Lesson.Stop()
	u.lesson = nil
	u.lessonArea.Objects = []fyne.CanvasObject{u.Tabs}
	u.lessonArea.Refresh()
	u.refreshLessonMenu()
}

// LessonOpen reports whether a lesson is open in the panel.
func (u *UI) LessonOpen() bool { return u.lesson != nil }

// lessonKey presses the lesson's Next (Page Down) or Previous (Page Up);
// it reports whether the key was one of them with a lesson open.
func (u *UI) lessonKey(k fyne.KeyName) bool {
	if u.lesson == nil {
		return false
	}
	switch k {
	case fyne.KeyPageDown:
		toolkit.Press(u.Lesson.Next)()
	case fyne.KeyPageUp:
		toolkit.Press(u.Lesson.Prev)()
	default:
		return false
	}
	return true
}

// openLessonDialog asks for a lesson file (in a browser: the browser's own
// chooser) and opens it.
func (u *UI) openLessonDialog() {
	if u.Window == nil {
		return
	}
	toolkit.PickFile(u.Window, func(path string) {
		if err := u.OpenLesson(path); err != nil {
			u.ShowError(err)
			return
		}
		u.addRecent(path)
	}, func(name string, data []byte) { u.ShowError(u.openUploadedLesson(name, data)) })
}

// openUploadedLesson opens a lesson the browser read from the teacher's
// computer: its name and bytes, no folder (its pictures show as captions).
func (u *UI) openUploadedLesson(name string, data []byte) error {
	return u.openLessonData(openLesson{source: data, name: name, link: name}, "", -1)
}

// saveLessonAs writes the open lesson's Markdown to a file the teacher
// names (in a browser: a download), to start a lesson of one's own from.
func (u *UI) saveLessonAs() {
	if u.Window == nil || u.lesson == nil {
		return
	}
	src := u.lesson.source
	name := strings.TrimSuffix(filepath.Base(u.lesson.name), ".md")
	toolkit.ExportFile(u.Window, name, "md", func(w io.Writer) error {
		_, err := w.Write(src)
		return err
	}, func(string) {})
}

// borrowLesson moves the lesson panel, when a lesson is open, beside
// presentation mode's board and side, where its text is as large as the
// rest.
func (u *UI) borrowLesson(pr *presentation) {
	body := pr.body
	body.Objects = []fyne.CanvasObject{pr.main}
	if u.lesson != nil {
		u.lessonArea.Objects = []fyne.CanvasObject{u.Tabs}
		split := container.NewHSplit(pr.main, u.Lesson.Content)
		split.Offset = 0.66
		body.Objects = []fyne.CanvasObject{split}
	}
	body.Refresh()
}

// returnLesson gives the lesson panel back to the window after
// presentation mode.
func (u *UI) returnLesson(pr *presentation) {
	body := pr.body
	body.Objects = []fyne.CanvasObject{pr.main}
	if u.lesson != nil {
		u.placeLessonPanel()
	}
}
