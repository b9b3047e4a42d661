package gui

import (
	"context"
	"sync"
	"time"
)

// Player calls a step function again and again at a chosen rate until the
// step reports the end or Pause is called: the Play button of the search and
// database views.
//
// A goroutine keeps the time; every step runs on the Fyne goroutine through
// fyne.Do, so steps may change widgets. Play, Pause and SetSpeed must be
// called on the Fyne goroutine.
type Player struct {
	do      doFunc
	step    func() bool // one step; false when there is nothing more to do
	stopped func()      // called (on the Fyne goroutine) when playing stops by itself

	mu     sync.Mutex
	speed  float64 // steps per second
	gen    int     // bumped by every Play and Pause; stale steps are skipped
	cancel context.CancelFunc
	done   chan struct{}
}

// NewPlayer returns a paused player. stopped, when not nil, is called when
// step returns false while playing. Steps run through do (nil: fyne.Do).
func NewPlayer(do doFunc, step func() bool, stopped func()) *Player {
	return &Player{do: orFyneDo(do), step: step, stopped: stopped, speed: defaultSettings.Speed}
}

// SetSpeed sets the rate in steps per second (clamped to the slider's range).
func (p *Player) SetSpeed(v float64) {
	p.mu.Lock()
	p.speed = min(max(v, minSpeed), maxSpeed)
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
	defer p.mu.Unlock()
	return p.cancel != nil
}

// Play starts stepping; it does nothing when already playing. Playing stops
// when parent is cancelled.
func (p *Player) Play(parent context.Context) {
	p.mu.Lock()
	if p.cancel != nil {
		p.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(parent)
	p.gen++
	gen := p.gen
	p.cancel = cancel
	done := make(chan struct{})
	p.done = done
	p.mu.Unlock()
	go p.loop(ctx, gen, done)
}

// Pause stops stepping and waits until the timing goroutine has ended, so no
// step runs after it returns.
func (p *Player) Pause() {
	p.mu.Lock()
	cancel, done := p.cancel, p.done
	p.cancel, p.done = nil, nil
	p.gen++
	p.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// loop ticks at the current speed. Each tick hands one step to the Fyne
// goroutine and waits for it before the next tick (a step queued while
// another is pending would pile up at high speeds).
func (p *Player) loop(ctx context.Context, gen int, done chan struct{}) {
	defer close(done)
	for {
		wait := time.Duration(float64(time.Second) / p.Speed())
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		ran := make(chan bool, 1)
		p.do(func() { ran <- p.tick(gen) })
		select {
		case <-ctx.Done():
			return
		case more := <-ran:
			if !more {
				return
			}
		}
	}
}

// tick runs one step on the Fyne goroutine unless the player was paused or
// restarted since the step was queued. It reports whether to go on.
func (p *Player) tick(gen int) bool {
	p.mu.Lock()
	live := p.gen == gen && p.cancel != nil
	p.mu.Unlock()
	if !live {
		return false
	}
	if p.step() {
		return true
	}
	// stopped runs before Playing turns false, so whoever waits for the end
	// through Playing sees its effects.
	if p.stopped != nil {
		p.stopped()
	}
	p.mu.Lock()
	if p.gen == gen && p.cancel != nil {
		p.cancel()
		p.cancel, p.done = nil, nil
		p.gen++
	}
	p.mu.Unlock()
	return false
}
