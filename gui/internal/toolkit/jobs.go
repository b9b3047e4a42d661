package toolkit

import (
	"context"
	"sync"

	"github.com/slidelab/slidelab/internal/yield"
)

// JobRunner runs one kind of background work for a view (a full-speed
// search, a comparison, a pattern-database build), one job at a time: the
// one scheme for "cancel this job and drop its results if a newer one
// started". A job's work runs in its own goroutine with a context and cannot
// reach widgets: it hands what it has to the Fyne goroutine through post,
// which drops it once the job has been replaced (a newer Start, or Drop).
// When the work returns, finish runs on the Fyne goroutine, unless the job was
// replaced. Its methods are meant for the Fyne goroutine; a mutex keeps them
// safe where a test driver's fyne.Do runs posts on the worker's goroutine.
type JobRunner struct {
	do     DoFunc
	parent context.Context
	mu     sync.Mutex
	gen    uint64 // bumped by Start and Drop: posts of older jobs are dropped
	cancel context.CancelFunc
	ctx    context.Context // the current job's
	done   chan struct{}
}

// NewJobRunner returns a runner whose jobs end when parent is cancelled
// (the window closes) and which posts through do.
func NewJobRunner(parent context.Context, do DoFunc) *JobRunner {
	return &JobRunner{do: do, parent: parent}
}

// Start makes work the current job, dropping any other. work gets the job's
// context and post; post(f) runs f on the Fyne goroutine while the job is
// current. When work returns, finish(err) runs on the Fyne goroutine if the
// job is still current, and the runner is idle again. Start returns a
// channel closed once work has returned and finish has been posted.
func (r *JobRunner) Start(work func(ctx context.Context, post func(func())) error, finish func(error)) chan struct{} {
	r.Drop()
	ctx, cancel := context.WithCancel(r.parent)
	done := make(chan struct{})
	r.mu.Lock()
	gen := r.gen
	r.cancel, r.done, r.ctx = cancel, done, ctx
	r.mu.Unlock()
	post := func(f func()) {
		var y yield.Yielder
		y.Maybe() // in a browser, lets the page repaint (once per yield.Every, whoever yields)
		r.do(func() {
			if r.current(gen) {
				f()
			}
		})
	}
	go func() {
		defer close(done)
		defer cancel()
		err := work(ctx, post)
		r.do(func() {
			r.mu.Lock()
			current := r.gen == gen
			if current {
				r.cancel = nil
			}
			r.mu.Unlock()
			if current && finish != nil {
				finish(err)
			}
		})
	}()
	return done
}

// current reports whether gen is the current job's generation.
func (r *JobRunner) current(gen uint64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen == gen
}

// Running reports whether a job is under way: started, and neither finished
// nor dropped.
func (r *JobRunner) Running() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cancel != nil
}

// Cancel asks the current job to stop. It stays current: its finish still
// runs (with the error its work returns, usually the context's), so a view
// can show what was done before the cancel.
func (r *JobRunner) Cancel() {
	r.mu.Lock()
	cancel := r.cancel
	r.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// Drop cancels the current job and drops whatever it would still post,
// its finish included: a view calls it when the job's results no longer
// belong to what it shows (a reset, a new board).
func (r *JobRunner) Drop() {
	r.mu.Lock()
	cancel := r.cancel
	r.cancel = nil
	r.gen++
	r.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// Done returns the channel of the latest job (see Start), nil before the
// first.
func (r *JobRunner) Done() chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done
}

// Cancelled reports whether the current job has been asked to stop (its
// context is done); false when no job is running.
func (r *JobRunner) Cancelled() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cancel != nil && r.ctx.Err() != nil
}
