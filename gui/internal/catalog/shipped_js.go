//go:build js

package catalog

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/slidelab/slidelab/core/pdb"
)

// The browser build's folder carries the default partitions' tables beside
// the app, compressed with gzip as tables/NAME.gz (make web, tools/webtables),
// so the page loads them instead of building them (a 6-6-3 build takes half
// a minute in a page). They are checked as cached files are (pdb.DecodeFor:
// checksum, values against the layers, the table asked for); a missing or
// damaged file only means a build.

// shippedDir is the folder of the shipped tables, relative to the page.
const shippedDir = "tables/"

// loadShippedTable returns table i of p from the page's own server, or nil
// when it is not shipped there or unusable. It blocks its goroutine, never
// the page: call it off the Fyne goroutine.
//
// It logs what it did on the browser's console (make web-test times the
// tables by the "loaded in" line).
func loadShippedTable(p pdb.Partition, i int) *pdb.Table {
	start := time.Now()
	name := pdb.FileName(p.Size, p.Goal, p.Groups[i])
	data, err := fetchShipped(shippedDir + name + ".gz")
	if err != nil || data == nil {
		return nil
	}
	t, err := pdb.DecodeFor(data, p.Size, p.Goal, p.Groups[i])
	console := js.Global().Get("console")
	if err != nil {
		console.Call("warn", fmt.Sprintf("slidelab: shipped table %s not used: %v", name, err))
		return nil
	}
	console.Call("info", fmt.Sprintf("slidelab: shipped table %s loaded in %s", name, time.Since(start).Round(time.Millisecond)))
	return t
}

// fetchShipped returns the file at url (nil when the server has none). A
// gzip file is decompressed by the browser (DecompressionStream, native
// code) when it can; otherwise, or when the server already sent it
// decompressed, the bytes go to pdb.DecodeFor as they are.
func fetchShipped(url string) (data []byte, err error) {
	defer recoverJS(&err)
	resp, err := awaitPromise(js.Global().Call("fetch", url))
	if err != nil {
		return nil, err
	}
	if !resp.Get("ok").Bool() {
		return nil, nil
	}
	buf, err := awaitPromise(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	ds := js.Global().Get("DecompressionStream")
	if arr.Get("length").Int() > 2 && arr.Index(0).Int() == 0x1f && arr.Index(1).Int() == 0x8b && !ds.IsUndefined() {
		stream := js.Global().Get("Blob").New([]any{arr}).Call("stream").Call("pipeThrough", ds.New("gzip"))
		if plain, err := awaitPromise(js.Global().Get("Response").New(stream).Call("arrayBuffer")); err == nil {
			arr = js.Global().Get("Uint8Array").New(plain)
		} // else Go's gzip reader says what is wrong
	}
	data = make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(data, arr)
	return data, nil
}

// awaitPromise waits for a JavaScript promise: its value, or its rejection
// as an error.
func awaitPromise(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{v: args[0]}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		// String(reason) never throws, unlike reason.toString() on undefined:
		// a panic here, on the event loop, would end the program.
		reason := "rejected"
		if len(args) > 0 {
			reason = js.Global().Get("String").Invoke(args[0]).String()
		}
		ch <- outcome{err: fmt.Errorf("%s", reason)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	o := <-ch
	return o.v, o.err
}
