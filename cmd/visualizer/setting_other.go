//go:build !js

package main

import "os"

// setting returns the value of the environment variable env (the browser
// build reads the page address instead, see setting_js.go).
func setting(env string) string { return os.Getenv(env) }

// mark does nothing outside a browser (see setting_js.go).
func mark(string) {}

// pageQuery returns "": only a page has an address to read a link from.
func pageQuery() string { return "" }

// fetchBeside is nil outside a browser: a link names lesson files beside
// the page.
var fetchBeside func(path string) ([]byte, error)
