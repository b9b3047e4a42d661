//go:build js

package toolkit

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

// ExportFile writes export's output, in the given format (an extension
// without the dot), to memory and hands it to the browser as a download
// named name.format; saved is told where it went. A browser page cannot
// write files itself, so there is no save dialog: the browser puts the file
// with its other downloads (or asks where, if the user set it to).
func ExportFile(w fyne.Window, name, format string, export func(io.Writer) error, saved func(where string)) {
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

// maxPickedFile is the largest file pickFile reads (instance files are a
// few kilobytes; Korf's 100 is 6 kB).
const maxPickedFile = 16 << 20

// PickFile asks for a file with the browser's own file chooser (a hidden
// <input type=file>; Fyne's file dialog cannot see the computer's files from
// a page) and calls openData, on the Fyne goroutine, with the file's name
// and contents. Nothing happens when the user cancels.
func PickFile(w fyne.Window, _ func(path string), openData func(name string, data []byte)) {
	fail := func(err error) { fyne.Do(func() { dialog.ShowError(err, w) }) }
	defer func() {
		if r := recover(); r != nil { // syscall/js panics when the page lacks an API
			dialog.ShowError(fmt.Errorf("open a file: the browser refused: %v", r), w)
		}
	}()
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Get("style").Set("display", "none")
	var onChange, onCancel js.Func
	done := func() {
		in.Call("remove")
		onChange.Release()
		onCancel.Release()
	}
	onCancel = js.FuncOf(func(js.Value, []js.Value) any {
		done()
		return nil
	})
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		files := in.Get("files")
		done()
		if files.IsNull() || files.Get("length").Int() == 0 {
			return nil
		}
		f := files.Call("item", 0)
		name := f.Get("name").String()
		if size := f.Get("size").Int(); size > maxPickedFile {
			fail(fmt.Errorf("open %s: %d bytes is too large for an instance file (at most %d)", name, size, maxPickedFile))
			return nil
		}
		var then, catch js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			then.Release()
			catch.Release()
			buf := js.Global().Get("Uint8Array").New(args[0])
			data := make([]byte, buf.Get("length").Int())
			js.CopyBytesToGo(data, buf)
			fyne.Do(func() { openData(name, data) })
			return nil
		})
		catch = js.FuncOf(func(_ js.Value, args []js.Value) any {
			then.Release()
			catch.Release()
			fail(fmt.Errorf("open %s: %s", name, args[0].Call("toString").String()))
			return nil
		})
		f.Call("arrayBuffer").Call("then", then).Call("catch", catch)
		return nil
	})
	in.Call("addEventListener", "change", onChange)
	in.Call("addEventListener", "cancel", onCancel)
	doc.Get("body").Call("appendChild", in)
	in.Call("click")
}
