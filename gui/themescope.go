package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// The lecture layout borrows the puzzle tab's board and search tree into
// its ThemeOverride (large type). Fyne remembers an override per object
// and never forgets it, so the tree came back to the tab still in the
// lecture's large type (its buttons, legend and note twice the tab's
// size). The tab's board and tree therefore sit in an override of their
// own whose theme is the app's, whatever it is at the time (appTheme),
// made when they first come back (backInAppTheme).

// appTheme is the app's current theme, looked up at each use, so that an
// override with it follows the theme and zoom chosen later.
type appTheme struct{ app fyne.App }

func (t appTheme) current() fyne.Theme {
	if th := t.app.Settings().Theme(); th != nil {
		return th
	}
	return theme.DefaultTheme()
}

// Color is the app theme's.
func (t appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.current().Color(n, v)
}

// Font is the app theme's.
func (t appTheme) Font(s fyne.TextStyle) fyne.Resource { return t.current().Font(s) }

// Icon is the app theme's.
func (t appTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.current().Icon(n) }

// Size is the app theme's.
func (t appTheme) Size(n fyne.ThemeSizeName) float32 { return t.current().Size(n) }

// backInAppTheme puts the puzzle tab's board and tree, back from the
// lecture layout, in an override with the app's current theme, and has
// them drawn again: a refresh alone left the text the tree's buttons had
// on a real window. The override is made on the first return only: Fyne's
// record of it holds the whole tab, which would keep a test's window
// alive (TestUIFreedAfterTest) had it been made with the tab.
func (u *UI) backInAppTheme() {
	if u.tabHolder == nil {
		return
	}
	if u.tabScope == nil {
		u.tabScope = container.NewThemeOverride(u.treeTab, appTheme{u.App})
		u.tabHolder.Objects = []fyne.CanvasObject{u.tabScope}
	}
	u.tabScope.Refresh()
	u.tabScope.Hide()
	u.tabScope.Show()
	u.tabHolder.Refresh()
}
