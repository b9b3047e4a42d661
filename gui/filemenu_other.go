//go:build !js

package gui

// browserOpenFile reports false: outside a browser File > Open uses Fyne's
// file dialog (see filemenu_js.go).
func (u *UI) browserOpenFile() bool { return false }

// browserSaveSession reports false: outside a browser Save writes the file.
func (u *UI) browserSaveSession() bool { return false }
