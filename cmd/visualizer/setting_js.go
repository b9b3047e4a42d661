//go:build js

package main

import (
	"fmt"
	"net/url"
	"strings"
	"syscall/js"
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
