//go:build !js

package main

import "os"

// setting returns the value of the environment variable env (the browser
// build reads the page address instead, see setting_js.go).
func setting(env string) string { return os.Getenv(env) }

// mark does nothing outside a browser (see setting_js.go).
func mark(string) {}
