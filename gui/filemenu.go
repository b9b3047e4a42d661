package gui

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"

	"github.com/slidelab/slidelab/internal/sessionfile"
)

// FileMenu is the window's File menu: Open… (Ctrl+O) opens a session file
// or an instance file, Save (Ctrl+S) saves the session to the file it came
// from or was last saved to, Save As… (Ctrl+Shift+S) asks for a name. The
// items are fields so that tests call their actions.
type FileMenu struct {
	Menu   *fyne.Menu
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
	// Dialog is the open or save dialog shown last (tests use it).
	Dialog *dialog.FileDialog
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
	f.Menu = fyne.NewMenu("File", f.Open, f.Save, f.SaveAs)
	w.SetMainMenu(fyne.NewMainMenu(f.Menu))
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
	if u.Window == nil {
		return
	}
	u.Files.Dialog = openDialog(u.Window, func(path string) { u.ShowError(u.OpenFile(path)) })
	u.Files.showFolder()
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
	if u.Window == nil {
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
	u.Files.Dialog = saveDialog(u.Window, name, strings.TrimPrefix(sessionfile.Ext, "."), u.SaveSessionFile, func(string) {})
	u.Files.showFolder()
}
