//go:build js

package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"syscall/js"
	"time"

	"github.com/slidelab/slidelab/core/pdb"
)

// The browser build keeps finished pattern database tables in the page's
// IndexedDB (a page has no file system, and localStorage holds a few
// megabytes at most), so a second visit loads them instead of building
// them again. Keys are the tables' file names (pdb.FileName), values their
// file contents (Table.WriteTo), checked by pdb.Decode when read back.

// loadRefreshEvery is how often a load's progress is redrawn in a
// browser: every redraw is a frame of the whole window, which where the
// browser draws WebGL in software (SwiftShader: no GPU, or a blocked one)
// costs its GPU process 0.15 to 0.3 s, and the preset's tables load in
// the page's first second, just after its first frame: at 100 ms each
// load's progress queued frames that held back the ones after it
// (docs/performance.md, "The browser's first frame, third pass").
const loadRefreshEvery = 500 * time.Millisecond

// Names of the IndexedDB database and of its one object store.
const (
	idbName  = "slidelab"
	idbStore = "pdb"
)

// loadBrowserTable returns table i of p from the browser's storage, else
// from the tables shipped beside the app (shipped_js.go), or nil when it is
// in neither or unusable (any error only means a build).
func loadBrowserTable(p pdb.Partition, i int) *pdb.Table {
	if t := loadStoredTable(p, i); t != nil {
		return t
	}
	return loadShippedTable(p, i)
}

// loadStoredTable returns table i of p from the browser's storage, or nil.
func loadStoredTable(p pdb.Partition, i int) *pdb.Table {
	db, err := openIDB()
	if err != nil {
		return nil
	}
	defer db.Call("close")
	data, err := idbGet(db, pdb.FileName(p.Size, p.Goal, p.Groups[i]))
	if err != nil || data == nil {
		return nil
	}
	t, err := pdb.Decode(data)
	if err != nil || t.Size() != p.Size || t.Goal() != p.Goal || !slices.Equal(t.Tiles(), slices.Sorted(slices.Values(p.Groups[i]))) {
		return nil
	}
	return t
}

// saveBrowserTable keeps t in the browser's storage; a failure (storage
// full or refused, a private window) only costs a build on the next visit.
func saveBrowserTable(t *pdb.Table) {
	var buf bytes.Buffer
	if _, err := t.WriteTo(&buf); err != nil {
		return
	}
	db, err := openIDB()
	if err != nil {
		return
	}
	defer db.Call("close")
	_ = idbPut(db, pdb.FileName(t.Size(), t.Goal(), t.Tiles()), buf.Bytes())
}

// openIDB opens (creating if needed) the database.
func openIDB() (db js.Value, err error) {
	defer recoverJS(&err)
	idb := js.Global().Get("indexedDB")
	if idb.IsUndefined() || idb.IsNull() {
		return js.Value{}, errors.New("no IndexedDB")
	}
	req := idb.Call("open", idbName, 1)
	upgrade := js.FuncOf(func(js.Value, []js.Value) any {
		d := req.Get("result")
		if !d.Get("objectStoreNames").Call("contains", idbStore).Bool() {
			d.Call("createObjectStore", idbStore)
		}
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	return await(req)
}

// idbGet returns the bytes stored under key, nil when there are none.
func idbGet(db js.Value, key string) (data []byte, err error) {
	defer recoverJS(&err)
	req := db.Call("transaction", idbStore, "readonly").Call("objectStore", idbStore).Call("get", key)
	v, err := await(req)
	if err != nil || v.IsUndefined() || v.IsNull() {
		return nil, err
	}
	arr := js.Global().Get("Uint8Array").New(v)
	data = make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(data, arr)
	return data, nil
}

// idbPut stores data under key.
func idbPut(db js.Value, key string, data []byte) (err error) {
	defer recoverJS(&err)
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	req := db.Call("transaction", idbStore, "readwrite").Call("objectStore", idbStore).Call("put", arr.Get("buffer"), key)
	_, err = await(req)
	return err
}

// await waits for an IDBRequest to succeed (its result) or fail. It blocks
// its goroutine, never the page: call it off the Fyne goroutine.
func await(req js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	ok := js.FuncOf(func(js.Value, []js.Value) any {
		ch <- outcome{v: req.Get("result")}
		return nil
	})
	fail := js.FuncOf(func(js.Value, []js.Value) any {
		msg := "failed"
		if e := req.Get("error"); !e.IsNull() && !e.IsUndefined() {
			msg = e.Call("toString").String()
		}
		ch <- outcome{err: fmt.Errorf("IndexedDB: %s", msg)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	req.Set("onsuccess", ok)
	req.Set("onerror", fail)
	o := <-ch
	return o.v, o.err
}

// recoverJS turns a panic of syscall/js (a JavaScript exception: storage
// disabled, quota exceeded) into *err.
func recoverJS(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("IndexedDB: %v", r)
	}
}
