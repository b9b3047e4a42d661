//go:build js

package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"syscall/js"

	"github.com/slidelab/slidelab/internal/lesson"
)

// setting returns the value of a setting that the desktop app reads from
// the environment variable env (SLIDELAB_VIEW, ...). A page has no
// environment: the browser build reads the page address's query instead,
// the name in lower case without the prefix (index.html?view=pdb,
// index.html?view=compare&demo=1).
func setting(env string) string {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return ""
	}
	return q.Get(strings.ToLower(strings.TrimPrefix(env, "SLIDELAB_")))
}

// mark logs on the browser's console when the start reached a stage:
// "slidelab: start: STAGE at T ms", T counted from the page's start
// (performance.now()). make web-test reports these times.
func mark(stage string) {
	t := js.Global().Get("performance").Call("now").Float()
	js.Global().Get("console").Call("info", fmt.Sprintf("slidelab: start: %s at %.0f ms", stage, t))
}

// pageQuery returns the page address's query ("?board=...").
func pageQuery() string { return js.Global().Get("location").Get("search").String() }

// fetchBeside reads a lesson file at path, relative to the page's folder
// (lesson.ParseLink has checked that it stays below it), at most
// lesson.MaxBytes. It blocks: call it off the Fyne goroutine.
func fetchBeside(path string) ([]byte, error) {
	base, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return nil, fmt.Errorf("the page's address: %w", err)
	}
	ref, err := url.Parse(path)
	if err != nil {
		return nil, err
	}
	addr := base.ResolveReference(ref).String()
	resp, err := http.Get(addr)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", addr, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch %s: %s", addr, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, lesson.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", addr, err)
	}
	return data, nil
}
