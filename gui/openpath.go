package gui

import (
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// The Open dialog starts in the folder of the file opened or saved last,
// else in the working folder (where the teacher started Slidelab), and
// lists session files, instance files and search traces only (.slidelab,
// .txt, .jsonl; folders
// stay visible). A path can also be typed: File > Open path… asks for one.

// openExtensions are the files the Open dialog lists.
var openExtensions = []string{".slidelab", ".txt", ".jsonl"}

// openFolder is the folder the Open dialog starts in.
func (f *FileMenu) openFolder() string {
	if f.dir != "" {
		return f.dir
	}
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return ""
}

// prepareOpenDialog gives the Open dialog its filter and first folder.
func (f *FileMenu) prepareOpenDialog() {
	if f.Dialog == nil {
		return
	}
	f.Dialog.SetFilter(storage.NewExtensionFileFilter(openExtensions))
	if dir := f.openFolder(); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			f.Dialog.SetLocation(l)
		}
	}
}

// openPathDialog asks for the path of a session or instance file and
// opens it; the field starts with the folder the Open dialog would show.
func (u *UI) openPathDialog() {
	if u.Window == nil {
		return
	}
	e := widget.NewEntry()
	e.SetPlaceHolder("/path/to/lesson.slidelab or boards.txt")
	if dir := u.Files.openFolder(); dir != "" {
		e.SetText(dir + string(os.PathSeparator))
		e.CursorColumn = len([]rune(e.Text)) // a name typed goes after the folder
		e.Refresh()
	}
	u.Files.PathEntry = e
	d := dialog.NewForm("Open a file by its path", "Open", "Cancel",
		[]*widget.FormItem{widget.NewFormItem("Path", e)}, func(ok bool) {
			if p := strings.TrimSpace(e.Text); ok && p != "" {
				u.Open(p)
			}
		}, u.Window)
	e.OnSubmitted = func(string) { d.Submit() } // Enter opens
	u.Files.PathDialog = d
	d.Resize(fyne.NewSize(560, d.MinSize().Height))
	d.Show()
	u.Window.Canvas().Focus(e)
}
