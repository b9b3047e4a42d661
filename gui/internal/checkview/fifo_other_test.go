//go:build !unix

package checkview

import "errors"

// makeFIFO fails: there are no named pipes here (Windows, js/wasm).
func makeFIFO(string) error { return errors.New("no named pipes on this system") }
