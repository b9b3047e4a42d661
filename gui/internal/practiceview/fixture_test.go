package practiceview

import (
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// fixture is the view alone in a test window, its jobs on a MainQueue, its
// clock a fake one that each answer moves on by a second and a half.
type fixture struct {
	t   *testing.T
	q   *uitest.MainQueue
	v   *PracticeView
	w   fyne.Window
	now time.Time
}

// newTestView builds the view as the shell does, without the shell.
func newTestView(t *testing.T) *fixture {
	t.Helper()
	ctx, q := uitest.StartView(t)
	f := &fixture{t: t, q: q, now: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	v := NewPracticeView(ctx, q.Do, func() fyne.Window { return f.w })
	v.now = func() time.Time { return f.now }
	f.v = v
	f.w = uitest.ShowView(t, q, v.Content, v.Stop)
	return f
}

// start ticks only kinds (titles looked up), at level, and starts a set of
// count questions from seed; it waits until the first question is shown.
func (f *fixture) start(level, count int, seed uint64, kinds ...string) {
	f.t.Helper()
	for _, g := range f.v.Topics {
		g.SetSelected(nil)
	}
	for _, k := range kinds {
		ticked := false
		for _, g := range f.v.Topics {
			for _, o := range g.Options {
				if o == kindTitle(k) {
					g.SetSelected(append(g.Selected, o))
					ticked = true
				}
			}
		}
		if !ticked {
			f.t.Fatalf("kind %s is offered by no topic", k)
		}
	}
	f.v.Level.SetSelected(map[int]string{1: levelEasy, 2: levelHard}[level])
	f.v.SeedEntry.SetText(fmt.Sprint(seed))
	f.v.CountEntry.SetText(fmt.Sprint(count))
	test.Tap(f.v.StartButton)
	f.q.Wait(f.t, f.v.Done())
	if f.v.Error.Visible() {
		f.t.Fatalf("start refused: %s", f.v.Error.Text)
	}
	if _, ok := f.v.current(); !ok {
		f.t.Fatal("no question shown after Start")
	}
}

// question returns the question shown.
func (f *fixture) question() exercise.Question {
	f.t.Helper()
	q, ok := f.v.current()
	if !ok {
		f.t.Fatal("no question shown")
	}
	return q
}

// tapCell clicks the middle of cell on board i, as a student does.
func (f *fixture) tapCell(i, cell int) {
	f.t.Helper()
	if i >= len(f.v.Boards) {
		f.t.Fatalf("board %d not shown (%d boards)", i, len(f.v.Boards))
	}
	b := f.v.Boards[i]
	test.TapAt(b, b.CellCenter(cell))
}

// press presses a key of the view's key table.
func (f *fixture) press(k fyne.KeyName) {
	f.t.Helper()
	fn := f.v.Keys()[k]
	if fn == nil {
		f.t.Fatalf("no key %s", k)
	}
	f.now = f.now.Add(1500 * time.Millisecond)
	fn()
}

// typeAnswer types text into the answer box and presses Enter there.
func (f *fixture) typeAnswer(text string) {
	f.t.Helper()
	f.now = f.now.Add(1500 * time.Millisecond)
	f.v.Entry.SetText("")
	test.Type(f.v.Entry, text)
	f.v.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// lastRecord returns the latest answer recorded.
func (f *fixture) lastRecord() Record {
	f.t.Helper()
	if f.v.set == nil || len(f.v.set.records) == 0 {
		f.t.Fatal("no answer recorded")
	}
	return f.v.set.records[len(f.v.set.records)-1]
}
