package uitest

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/search"
)

// NumberKey returns the key that picks predict mode's option i (0-based):
// 1 to 6.
func NumberKey(i int) fyne.KeyName {
	return []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6}[i]
}

// AnswerIndex returns the index of answer, the node the search selects
// next, among a question's options; it fails t when it is not one of them.
func AnswerIndex(t testing.TB, options []search.Node, answer search.Node) int {
	t.Helper()
	for i, o := range options {
		if o.ID == answer.ID {
			return i
		}
	}
	t.Fatalf("the answer (node %d) is not among the options %v", answer.ID, options)
	return -1
}
