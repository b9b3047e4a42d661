package toolkit

import (
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"context"
	"errors"
	"slices"
	"testing"
)

// TestJobRunner checks the one scheme all background work uses: a job
// replaced by a newer one has its posts and its finish dropped, a cancelled
// job still finishes (so the view can show what was done), a dropped job does
// not, and cancelling the parent (closing the window) stops the current job.
// Jobs block on channels, never on time, so the test holds on a busy machine.
func TestJobRunner(t *testing.T) {
	q := uitest.NewMainQueue()
	parent, closeWindow := context.WithCancel(context.Background())
	r := NewJobRunner(parent, q.Do)
	var got []string // touched on the test goroutine only (it drains the queue)

	// A job that posts once it is released, then waits for its context.
	job := func(name string, release chan struct{}) func(context.Context, func(func())) error {
		return func(ctx context.Context, post func(func())) error {
			<-release
			post(func() { got = append(got, name+" posted") })
			<-ctx.Done()
			return ctx.Err()
		}
	}
	finish := func(name string) func(error) {
		return func(err error) { got = append(got, name+" finished: "+err.Error()) }
	}

	// 1. Replaced: the old job's post and finish are dropped.
	relA, relB := make(chan struct{}), make(chan struct{})
	doneA := r.Start(job("a", relA), finish("a"))
	doneB := r.Start(job("b", relB), finish("b")) // replaces a, which is cancelled
	close(relA)
	q.Wait(t, doneA)
	if !r.Running() {
		t.Fatal("b is not running")
	}
	// 2. Cancelled: the post before the cancel shows, and so does the finish.
	close(relB)
	q.Until(t, func() bool { return len(got) > 0 })
	r.Cancel()
	q.Wait(t, doneB)
	if r.Running() {
		t.Error("still running after b finished")
	}
	want := []string{"b posted", "b finished: context canceled"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}

	// 3. Dropped: nothing of c shows.
	got = nil
	relC := make(chan struct{})
	doneC := r.Start(job("c", relC), finish("c"))
	r.Drop()
	close(relC)
	q.Wait(t, doneC)
	if len(got) != 0 || r.Running() {
		t.Errorf("dropped job showed %q (running %v)", got, r.Running())
	}

	// 4. The parent's cancel (the window closing) ends the current job.
	relD := make(chan struct{})
	close(relD)
	var workErr error
	doneD := r.Start(func(ctx context.Context, post func(func())) error {
		<-ctx.Done()
		workErr = ctx.Err()
		return workErr
	}, nil)
	closeWindow()
	q.Wait(t, doneD)
	if !errors.Is(workErr, context.Canceled) {
		t.Errorf("job ended with %v, want the window's cancel", workErr)
	}
}
