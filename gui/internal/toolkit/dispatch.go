package toolkit

import "fyne.io/fyne/v2"

// DoFunc hands f to the Fyne goroutine. The application uses fyne.Do; tests
// use a queue they drain on their own goroutine, so that no widget is ever
// touched from two goroutines (the test driver's fyne.Do would run f on the
// calling goroutine).
type DoFunc func(f func())

// OrFyneDo returns do, or fyne.Do when do is nil.
func OrFyneDo(do DoFunc) DoFunc {
	if do == nil {
		return fyne.Do
	}
	return do
}
