package gui

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// FileMenu is the window's File menu: Open… (Ctrl+O) opens a session file
// or an instance file, Save (Ctrl+S) saves the session to the file it came
// from or was last saved to, Save As… (Ctrl+Shift+S) asks for a name. The
// items are fields so that tests call their actions.
type FileMenu struct {
	Menu   *fyne.Menu
	main   *fyne.MainMenu
	Open   *fyne.MenuItem
	Save   *fyne.MenuItem
	SaveAs *fyne.MenuItem
	// path is the session file of the window ("" when none); opened
	// counts the files opened (a heuristic waiting for its database is
	// selected only if no other file was opened meanwhile).
	path   string
	opened int
	// dir is the folder of the file opened or saved last.
	dir string
	// instances are the boards of the instance file opened last, when it
	// holds several (Open offers them); instancesPath is its path.
	instances     *compare.Set
	instancesPath string
	// Guide and Keys are the Help menu's items: the user guide and the
	// keyboard shortcuts.
	Guide, Keys *fyne.MenuItem
	// ViewHelp shows the help of the view on screen (F1); Try the
	// first-start panel's three things to try.
	ViewHelp, Try *fyne.MenuItem
	// Lecture and Present are the View menu's: the lecture layout in the
	// window and full screen.
	Lecture, Present *fyne.MenuItem
	// Recent lists the files opened or saved last (RecentItem's submenu).
	Recent *fyne.MenuItem
	// Chooser is the dialog asking which board of an instance file to show.
	Chooser dialog.Dialog
	// Dialog is the open or save dialog shown last (tests use it).
	Dialog *dialog.FileDialog
	// OpenPath asks for a path to open (openpath.go); PathDialog and
	// PathEntry are its dialog and field when shown.
	OpenPath   *fyne.MenuItem
	PathDialog dialog.Dialog
	PathEntry  *widget.Entry
}

// installFileMenu gives w the File menu. Its shortcuts use Ctrl (Cmd on a
// Mac); the views' own keys are plain letters, so none clash (a key with
// Ctrl held is a shortcut, never a typed key, in Fyne).
func (u *UI) installFileMenu(w fyne.Window) {
	f := &FileMenu{}
	u.Files = f
	f.Open = fyne.NewMenuItem("Open…", u.openFileDialog)
	f.Open.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	f.Save = fyne.NewMenuItem("Save", u.saveSession)
	f.Save.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	f.SaveAs = fyne.NewMenuItem("Save As…", u.saveSessionAs)
	f.SaveAs.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	f.OpenPath = fyne.NewMenuItem("Open path…", u.openPathDialog)
	f.Recent = fyne.NewMenuItem("Open Recent", nil)
	f.Recent.ChildMenu = fyne.NewMenu("")
	f.Menu = fyne.NewMenu("File", f.Open, f.OpenPath, f.Recent, fyne.NewMenuItemSeparator(), f.Save, f.SaveAs)
	// Help sits in the menu bar, not the toolbar: at 150 % on a 1024-pixel
	// screen another toolbar button wraps the toolbar onto a second line.
	f.Guide = fyne.NewMenuItem("User guide", u.showGuide)
	f.Keys = fyne.NewMenuItem("Keyboard shortcuts", u.showHelp)
	f.ViewHelp = fyne.NewMenuItem("This view: how to use it (F1)", u.showViewHelp)
	f.Try = fyne.NewMenuItem("Three things to try", u.showThingsToTry)
	f.Lecture = fyne.NewMenuItem("Lecture layout (L)", u.ToggleLecture)
	f.Present = fyne.NewMenuItem("Present full screen (F11)", u.EnterPresentation)
	f.main = fyne.NewMainMenu(f.Menu, u.editMenu(w), fyne.NewMenu("View", f.Lecture, f.Present), u.lessonMenu(),
		fyne.NewMenu("Help", f.ViewHelp, f.Try, f.Guide, f.Keys))
	w.SetMainMenu(f.main)
	u.refreshRecent()
}

// restoreMenu gives w the main menu again (presentation mode hides it).
func (f *FileMenu) restoreMenu(w fyne.Window) {
	if f != nil && f.main != nil {
		w.SetMainMenu(f.main)
	}
}

// Preference key of the recent files, and how many are kept.
const (
	prefRecent = "files.recent"
	maxRecent  = 6
)

// Recent returns the files opened or saved last, the latest first.
func (u *UI) Recent() []string {
	return u.App.Preferences().StringListWithFallback(prefRecent, nil)
}

// addRecent puts path first in the recent files.
func (u *UI) addRecent(path string) {
	path = toolkit.AbsPath(path)
	list := []string{path}
	for _, p := range u.Recent() {
		if p != path && len(list) < maxRecent {
			list = append(list, p)
		}
	}
	u.App.Preferences().SetStringList(prefRecent, list)
	u.refreshRecent()
}

// refreshRecent lists the recent files in the File menu.
func (u *UI) refreshRecent() {
	f := u.Files
	if f == nil || f.Recent == nil {
		return
	}
	var items []*fyne.MenuItem
	for _, p := range u.Recent() {
		items = append(items, fyne.NewMenuItem(p, func() { u.Open(p) }))
	}
	f.Recent.ChildMenu.Items = items
	f.Recent.Disabled = len(items) == 0
	f.main.Refresh()
}

// Open opens path as OpenFile does, for a teacher: an error is shown in a
// dialog, and for an instance file of several boards a dialog offers them
// all (the first is shown meanwhile; all are in the comparison's set).
func (u *UI) Open(path string) error {
	if err := u.OpenFile(path); err != nil {
		u.ShowError(err)
		return err
	}
	u.addRecent(path)
	if set := u.Files.instances; set != nil && u.Window != nil {
		u.chooseInstance(u.Files.instancesPath, *set)
	}
	return nil
}

// chooseInstance asks which board of an instance file to show.
func (u *UI) chooseInstance(path string, set compare.Set) {
	n := len(set.Instances)
	labels := make([]string, n)
	for i, in := range set.Instances {
		name := in.Name
		if set.Numbering == compare.KorfNumbering {
			name = "Korf #" + name // recognised as Korf's (korffile.go)
		}
		labels[i] = fmt.Sprintf("%d. %s: %s", i+1, name, in.Board.Line())
		if in.Optimal >= 0 {
			labels[i] += fmt.Sprintf(" (%d moves)", in.Optimal)
		}
	}
	sel := widget.NewSelect(labels, nil)
	sel.SetSelectedIndex(0)
	msg := widget.NewLabel(fmt.Sprintf("%s holds %d boards; the first is shown, and all %d are the Compare tab's instance set. Show another?",
		filepath.Base(path), n, n))
	msg.Wrapping = fyne.TextWrapWord
	opened := u.Files.opened
	d := dialog.NewCustomConfirm("Which board?", "Show", "Keep the first", container.NewVBox(msg, sel), func(ok bool) {
		u.Files.Chooser = nil
		u.Window.Canvas().Unfocus() // the keys go to the views again
		if i := sel.SelectedIndex(); ok && i > 0 && u.Files.opened == opened {
			u.showInstance(path, set, i)
		}
	}, u.Window)
	u.Files.Chooser = d
	d.Show()
	d.Resize(fyne.NewSize(u.Window.Canvas().Size().Width*0.6, d.MinSize().Height))
}

// ShowError shows err in a dialog on the window.
func (u *UI) ShowError(err error) {
	if err != nil && u.Window != nil {
		dialog.ShowError(err, u.Window)
	}
}

// openFileDialog asks for a session or instance file and opens it; a bad
// file is reported and changes nothing.
func (u *UI) openFileDialog() {
	if u.Window == nil || u.browserOpenFile() {
		return
	}
	u.Files.Dialog = toolkit.OpenDialog(u.Window, func(path string) { u.Open(path) })
	u.Files.prepareOpenDialog() // openpath.go
}

// showFolder makes the dialog show the folder of the file opened or saved
// last (Fyne starts in the home folder).
func (f *FileMenu) showFolder() {
	if f.dir == "" || f.Dialog == nil {
		return
	}
	if l, err := storage.ListerForURI(storage.NewFileURI(f.dir)); err == nil {
		f.Dialog.SetLocation(l)
	}
}

// saveSession saves the session to its file, or asks for one.
func (u *UI) saveSession() {
	if u.Window != nil && u.browserSaveSession() {
		return
	}
	if u.Files.path == "" {
		u.saveSessionAs()
		return
	}
	u.ShowError(u.SaveSessionFile(u.Files.path))
}

// saveSessionAs asks for a file name and saves the session there. A
// comparison field that holds no valid value is reported before the dialog
// opens.
func (u *UI) saveSessionAs() {
	if u.Window == nil || u.browserSaveSession() {
		return
	}
	if _, err := u.SessionSnapshot(); err != nil {
		u.ShowError(err)
		return
	}
	name := "lesson"
	if u.Files.path != "" {
		name = strings.TrimSuffix(filepath.Base(u.Files.path), filepath.Ext(u.Files.path))
	}
	u.Files.Dialog = toolkit.SaveDialog(u.Window, name, strings.TrimPrefix(sessionfile.Ext, "."), u.SaveSessionFile, func(string) {})
	u.Files.showFolder()
}
