package toolkit

import (
	"context"
	"sync"
	"time"
)

// Player calls a step function again and again at a chosen rate until the
// step reports the end or Pause is called: the Play button of the search and
// database views.
//
// It runs on a jobRunner: the job keeps the time and posts every step to the
// Fyne goroutine, so steps may change widgets; Pause drops the job, so no
// step posted before it runs after it. Play, Pause and SetSpeed must be
// called on the Fyne goroutine.
type Player struct {
	do      DoFunc
	step    func() bool // one step; false when there is nothing more to do
	stopped func()      // called (on the Fyne goroutine) when playing stops by itself

	mu    sync.Mutex
	speed float64 // steps per second
	runs  *JobRunner
}

// NewPlayer returns a paused player. stopped, when not nil, is called when
// step returns false while playing. Steps run through do (nil: fyne.Do).
func NewPlayer(do DoFunc, step func() bool, stopped func()) *Player {
	return &Player{do: OrFyneDo(do), step: step, stopped: stopped, speed: DefaultSpeed}
}

// SetSpeed sets the rate in steps per second (clamped to the slider's range).
func (p *Player) SetSpeed(v float64) {
	p.mu.Lock()
	p.speed = min(max(v, MinSpeed), MaxSpeed)
	p.mu.Unlock()
}

// Speed returns the rate in steps per second.
func (p *Player) Speed() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.speed
}

// Playing reports whether the player is running.
func (p *Player) Playing() bool {
	p.mu.Lock()
	r := p.runs
	p.mu.Unlock()
	return r != nil && r.Running()
}

// Play starts stepping; it does nothing when already playing. Playing stops
// when parent is cancelled.
func (p *Player) Play(parent context.Context) {
	if p.Playing() {
		return
	}
	r := NewJobRunner(parent, p.do)
	p.mu.Lock()
	p.runs = r
	p.mu.Unlock()
	r.Start(func(ctx context.Context, post func(func())) error { return p.loop(ctx, post, r) }, nil)
}

// Pause stops stepping: no step runs after it returns.
func (p *Player) Pause() {
	p.mu.Lock()
	r := p.runs
	p.mu.Unlock()
	if r != nil {
		r.Drop()
	}
}

// loop ticks at the current speed. Each tick posts one step to the Fyne
// goroutine and waits for it before the next tick (a step queued while
// another is pending would pile up at high speeds).
func (p *Player) loop(ctx context.Context, post func(func()), r *JobRunner) error {
	for {
		t := time.NewTimer(time.Duration(float64(time.Second) / p.Speed()))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		if more, err := PostAndWait(ctx, post, func() bool { return p.tick(r) }); !more || err != nil {
			return err
		}
	}
}

// tick runs one step on the Fyne goroutine and reports whether to go on.
// When the step reports the end, stopped runs and then the job is dropped,
// so whoever waits for the end through Playing sees stopped's effects.
func (p *Player) tick(r *JobRunner) bool {
	if p.step() {
		return true
	}
	if p.stopped != nil {
		p.stopped()
	}
	r.Drop()
	return false
}

// PostAndWait runs f on the Fyne goroutine through post and waits for it
// (or for ctx to end), reporting what f returned: whether there is more to
// do.
func PostAndWait(ctx context.Context, post func(func()), f func() bool) (more bool, err error) {
	ran := make(chan bool, 1)
	post(func() { ran <- f() })
	select {
	case <-ctx.Done():
		return false, ctx.Err()
	case more := <-ran:
		return more, nil
	}
}

// Play speeds offered by the speed slider, in steps per second, and the
// speed a new player starts at.
const (
	MinSpeed     = 0.5
	MaxSpeed     = 60
	DefaultSpeed = 4
)
