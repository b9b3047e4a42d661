package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/slidelab/slidelab/gui/internal/session"
)

// Undo and redo: the Edit menu's items name the change they take back
// ("Undo board edit") and are disabled when there is none; Ctrl+Z and
// Ctrl+Shift+Z (or Ctrl+Y) do the same. The history lives in the session
// (gui/internal/session/history.go): every change of the board, goal,
// size, algorithm and heuristic is a step. The keys are the canvas's
// shortcuts, not the menu's, so that a text entry being typed in keeps
// Ctrl+Z for its own text.

// EditMenu is the window's Edit menu.
type EditMenu struct {
	Menu       *fyne.Menu
	Undo, Redo *fyne.MenuItem
}

// editMenu makes the Edit menu and installs its keys on w.
func (u *UI) editMenu(w fyne.Window) *fyne.Menu {
	e := &EditMenu{}
	u.Edit = e
	e.Undo = fyne.NewMenuItem("Undo", u.undo)
	e.Redo = fyne.NewMenuItem("Redo", u.redo)
	e.Menu = fyne.NewMenu("Edit", e.Undo, e.Redo)
	for _, k := range u.editKeys() {
		w.Canvas().AddShortcut(k.key, func(fyne.Shortcut) { k.do() })
	}
	u.refreshUndo()
	return e.Menu
}

// editKey is a key of the Edit menu and what it does.
type editKey struct {
	key fyne.Shortcut
	do  func()
}

// editKeys lists the Edit menu's keys: Ctrl+Z undoes, Ctrl+Shift+Z and
// Ctrl+Y redo (Cmd on a Mac).
func (u *UI) editKeys() []editKey {
	return []editKey{
		{&fyne.ShortcutUndo{}, u.undo},
		{&fyne.ShortcutRedo{}, u.redo},
		{&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, u.redo},
	}
}

func (u *UI) undo() { u.Session.Undo() }

func (u *UI) redo() { u.Session.Redo() }

// refreshUndo names the changes Undo and Redo would make in the menu.
func (u *UI) refreshUndo() {
	e := u.Edit
	if e == nil {
		return
	}
	label := func(verb, what string) string {
		if what == "" {
			return verb
		}
		return verb + " " + what
	}
	undo, redo := u.Session.UndoName(), u.Session.RedoName()
	e.Undo.Label, e.Undo.Disabled = label("Undo", undo), undo == ""
	e.Redo.Label, e.Redo.Disabled = label("Redo", redo), redo == ""
	e.Menu.Refresh()
	if u.Files != nil && u.Files.main != nil {
		u.Files.main.Refresh()
	}
}

// followSession keeps the shell's own copies of the session in step after
// any change, an undo included: the goal selector and setting, and the
// Edit menu.
func (u *UI) followSession(c session.Change) {
	if c.Goal {
		g := u.Session.Goal()
		if u.GoalSelect != nil && u.GoalSelect.Selected != goalLabels[g] {
			u.GoalSelect.Selected = goalLabels[g] // not SetSelected: the goal is set
			u.GoalSelect.Refresh()
		}
		if u.Settings.Goal != g {
			u.Settings.Goal = g
			u.Settings.save(u.App.Preferences())
		}
	}
	u.refreshUndo()
}
