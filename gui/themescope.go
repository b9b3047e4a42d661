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
// own whose theme is the app's, whatever it is at the time (appTheme);
// refreshing it after the lecture gives them back the tab's type.

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

// inAppTheme returns o in an override with the app's current theme.
func (u *UI) inAppTheme(o fyne.CanvasObject) *container.ThemeOverride {
	return container.NewThemeOverride(o, appTheme{u.App})
}
