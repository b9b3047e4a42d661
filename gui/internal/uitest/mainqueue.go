package uitest

import (
	"sync"
	"testing"
	"time"

	"github.com/slidelab/slidelab/internal/testfull"
)

// MainQueue stands in for the Fyne goroutine in tests: background work
// queues its widget updates here and the test goroutine runs them, so
// widgets are only ever touched by the test goroutine.
type MainQueue struct {
	mu   sync.Mutex
	fns  []func()
	wake chan struct{}
}

func NewMainQueue() *MainQueue { return &MainQueue{wake: make(chan struct{}, 1)} }

// Do queues f; it never blocks.
func (q *MainQueue) Do(f func()) {
	q.mu.Lock()
	q.fns = append(q.fns, f)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Drain runs everything queued, including what the queued functions queue.
func (q *MainQueue) Drain() {
	for {
		q.mu.Lock()
		fns := q.fns
		q.fns = nil
		q.mu.Unlock()
		if len(fns) == 0 {
			return
		}
		for _, f := range fns {
			f()
		}
	}
}

// Until drains the queue until cond holds.
func (q *MainQueue) Until(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		q.Drain()
		if cond() {
			q.Drain()
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for background work")
		}
		select {
		case <-q.wake:
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// Wait drains the queue until done is closed, then drains what is left.
func (q *MainQueue) Wait(t *testing.T, done <-chan struct{}) {
	t.Helper()
	if done == nil {
		return
	}
	q.Until(t, func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	})
}

// FullMatrix reports whether SLIDELAB_FULL=1 (internal/testfull) asks for the long form
// of the GUI's longest drives (`make test-full`); without it they take
// fewer steps, still past every bound they check.
func FullMatrix() bool { return testfull.Enabled() }
