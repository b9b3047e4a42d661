//go:build js

package gui

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"path"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// exportFile writes export's output, in the given format (an extension
// without the dot), to memory and hands it to the browser as a download
// named name.format; saved is told where it went. A browser page cannot
// write files itself, so there is no save dialog: the browser puts the file
// with its other downloads (or asks where, if the user set it to).
func exportFile(w fyne.Window, name, format string, export func(io.Writer) error, saved func(where string)) {
	var buf bytes.Buffer
	if err := export(&buf); err != nil {
		dialog.ShowError(err, w)
		return
	}
	file := name + "." + format
	if err := download(file, buf.Bytes()); err != nil {
		dialog.ShowError(fmt.Errorf("download %s: %w", file, err), w)
		return
	}
	saved(file + " (downloaded)")
}

// download makes the browser save data as a file named file: a Blob, an
// object URL for it and a click on a hidden <a download> link.
func download(file string, data []byte) (err error) {
	defer func() {
		// syscall/js panics with a js.Error when the page lacks an API.
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused: %v", r)
		}
	}()
	typ := mime.TypeByExtension(path.Ext(file))
	if typ == "" {
		typ = "application/octet-stream"
	}
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": typ})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", file)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The download has its own reference to the data by now; a delay keeps
	// slow browsers safe before the URL is released.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
	return nil
}

// pickFile tells the user that the browser version cannot open files: a
// page cannot read the computer's files through Fyne's file dialog.
func pickFile(w fyne.Window, open func(path string)) {
	dialog.ShowInformation("Not in the browser",
		"The browser version cannot open instance files.\nUse a built-in set, or the desktop app for your own files.", w)
}
