package lessonview

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/lesson"
)

// fakeApplier stands in for the shell: it records the parts applied, or
// refuses them with fail.
type fakeApplier struct {
	applied []*lesson.State
	fail    error
}

func (f *fakeApplier) ApplyPart(st *lesson.State) error {
	if f.fail != nil {
		return f.fail
	}
	f.applied = append(f.applied, st)
	return nil
}

// memory is a map standing in for the app's preferences.
type memory map[string]int

func (m memory) IntWithFallback(key string, fallback int) int {
	if v, ok := m[key]; ok {
		return v
	}
	return fallback
}

func (m memory) SetInt(key string, v int) { m[key] = v }

// testPanel is the panel alone in a test window, its jobs on a MainQueue.
type testPanel struct {
	*Panel
	apply *fakeApplier
	mem   memory
	q     *uitest.MainQueue
	w     fyne.Window
}

// newTestPanel builds a panel over mem (a fresh one when nil).
func newTestPanel(t *testing.T, mem memory) *testPanel {
	t.Helper()
	ctx, q := uitest.StartView(t)
	if mem == nil {
		mem = memory{}
	}
	f := &fakeApplier{}
	p := New(ctx, q.Do, f, mem)
	w := uitest.ShowView(t, q, p.Content, p.Stop)
	w.Resize(fyne.NewSize(480, 800))
	return &testPanel{Panel: p, apply: f, mem: mem, q: q, w: w}
}

// settle waits until the part being prepared is shown (or failed).
func (tp *testPanel) settle(t *testing.T) {
	t.Helper()
	tp.q.Until(t, func() bool { return !tp.Busy() })
}

// openAt opens the lesson src (named two.md) in a new panel over mem at
// part start (-1: the part remembered) and waits until it is shown.
func openAt(t *testing.T, mem memory, src string, start int) *testPanel {
	t.Helper()
	tp := newTestPanel(t, mem)
	tp.Open(parse(t, "two.md", src), start)
	tp.settle(t)
	return tp
}

// parse parses a lesson written in a test, failing the test on an error.
func parse(t *testing.T, name, src string) *lesson.Lesson {
	t.Helper()
	l, err := lesson.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// textOf returns the plain text of a RichText's segments.
func textOf(segs []widget.RichTextSegment) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.Textual())
		if !s.Inline() {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

var errRefused = errors.New("refused by the test")
