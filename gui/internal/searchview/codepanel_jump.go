package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// Jumps of the pseudocode panel: to the next expansion, to the next f value
// (A*), the next iteration (IDA*), the next lower h (greedy search) or the
// next depth (BFS); Play to goal; and the history slider over the recorded
// events.
//
// A jump may need many events (IDA*'s next iteration on the 15-puzzle:
// millions), so it runs as a job that hands the Fyne goroutine one chunk of
// steps at a time, each chunk a few milliseconds, and waits for it before
// the next: the window keeps drawing and taking clicks between chunks, and
// pressing the button again stops the jump. Every event a jump passes is
// recorded as a step would record it (the timeline, the trace, the
// narration log); the board and the counters are drawn at the end of each
// chunk.

// jumpKind says where a jump goes.
type jumpKind int

const (
	jumpNone      jumpKind = iota
	jumpExpansion          // the next expansion
	jumpLevel              // the next f (A*), iteration (IDA*), lower h (greedy) or depth (BFS)
	jumpGoal               // Play to goal
	jumpEvent              // to an event number (a session's saved position)
)

// jumpChunkSteps and jumpChunkTime bound one chunk of a jump on the Fyne
// goroutine: at most this many events, and no new one once this long has
// passed.
const (
	jumpChunkSteps = 4096
	jumpChunkTime  = 15 * time.Millisecond
)

// Play to goal fast-forwards: goalPlayFactor times the speed chosen for
// Play, drawing at most every goalPlayFrame (several events a frame at high
// speeds) and at most goalPlayMaxChunk events a frame.
const (
	goalPlayFactor   = 10
	goalPlayFrame    = time.Second / 30
	goalPlayMaxChunk = 1024
)

// levelJumps names each algorithm's level jump: its button and, in words,
// where it goes. A* (absent) jumps to the next f value.
var levelJumps = map[search.Algorithm]struct{ button, name string }{
	search.IDAStar: {"Next iteration (F)", "the next iteration"},
	search.Greedy:  {"Next lower h (F)", "the next node with a lower h"},
	search.BFS:     {"Next depth (F)", "the next depth"},
	search.IDDFS:   {"Next pass (F)", "the next pass"},
	search.BiBFS:   {"Next layer (F)", "the next layer"},
	search.UCS:     {"Next g (F)", "the next g value"},
	search.DFS:     {"Next backtrack (F)", "the next backtrack"},
	search.DLS:     {"Next backtrack (F)", "the next backtrack"},
}

// levelButtonText names the level jump of alg.
func levelButtonText(alg search.Algorithm) string {
	if j, ok := levelJumps[alg]; ok {
		return j.button
	}
	return "Next f (F)"
}

// levelName says in words where the level jump of alg goes.
func levelName(alg search.Algorithm) string {
	if j, ok := levelJumps[alg]; ok {
		return j.name
	}
	return "the next f value"
}

// jumpTarget returns the test of the event a jump of kind k lands on, from
// the event shown now (ref; has false before the first), in the search
// ordered by key (weighted A*'s next f is the next g + w·h). Every jump
// also stops at the goal.
func jumpTarget(k jumpKind, key orderKey, ref SearchSnap, has bool) func(SearchSnap) bool {
	alg := key.alg
	has = has && ref.Node.Board.IsValid()
	switch k {
	case jumpExpansion:
		return func(s SearchSnap) bool { return s.Kind == search.NodeExpanded }
	case jumpLevel:
		switch alg {
		case search.IDAStar, search.IDDFS:
			return func(s SearchSnap) bool { return s.Kind == search.IterationStarted }
		case search.BiBFS:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || s.Node.G > ref.Node.G || snapSide(s) != snapSide(ref))
			}
		case search.UCS:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || s.Node.G > ref.Node.G)
			}
		case search.DFS, search.DLS:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || s.Node.G <= ref.Node.G)
			}
		case search.Greedy:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || s.Node.H < ref.Node.H)
			}
		case search.BFS:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || s.Node.G > ref.Node.G)
			}
		default:
			return func(s SearchSnap) bool {
				return s.Kind == search.NodeSelected && (!has || key.f10(s.Node.G, s.Node.H) > key.f10(ref.Node.G, ref.Node.H))
			}
		}
	}
	return func(SearchSnap) bool { return false }
}

// snapSide returns the side of a bidirectional search an event is on.
func snapSide(s SearchSnap) search.Side {
	if len(s.Trace) == 0 {
		return search.NoSide
	}
	return s.Trace[0].Side
}

// Jump starts a jump of kind k, or stops the one under way when it is of
// the same kind (its button reads Stop).
func (c *CodePanel) Jump(k jumpKind) {
	p := c.search
	if p.Running() {
		return
	}
	if c.jumping != jumpNone {
		was := c.jumping
		c.StopJump()
		if was == k {
			return
		}
	}
	if p.Stepper != nil && p.Stepper.Done() && p.Timeline.AtEnd() {
		return
	}
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.Replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	ref, has := p.Timeline.Current()
	target := jumpTarget(k, p.orderKey(), ref, has)
	c.setJumping(k)
	steps := 0
	var work func(ctx context.Context, post func(func())) error
	if k == jumpGoal {
		work = func(ctx context.Context, post func(func())) error {
			return c.playToGoal(ctx, post, target, &steps)
		}
	} else {
		work = func(ctx context.Context, post func(func())) error {
			return chunks(ctx, post, func() bool { return c.chunk(k, target, jumpChunkSteps, jumpChunkTime, &steps) })
		}
	}
	c.jobs.Start(work, func(error) { c.setJumping(jumpNone) })
}

// chunks hands chunk to the Fyne goroutine again and again, waiting for
// each, until it reports the end or ctx ends.
func chunks(ctx context.Context, post func(func()), chunk func() bool) error {
	for {
		if more, err := toolkit.PostAndWait(ctx, post, chunk); !more || err != nil {
			return err
		}
	}
}

// playToGoal runs chunks at goalPlayFactor times the speed chosen, one a
// frame, until the goal.
func (c *CodePanel) playToGoal(ctx context.Context, post func(func()), target func(SearchSnap) bool, steps *int) error {
	owed := 0.0
	last := time.Now()
	for {
		rate := c.search.Player.Speed() * goalPlayFactor
		t := time.NewTimer(max(time.Duration(float64(time.Second)/rate), goalPlayFrame))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		now := time.Now()
		owed += rate * now.Sub(last).Seconds()
		last = now
		n := min(max(int(owed), 1), goalPlayMaxChunk)
		owed = max(owed-float64(n), 0)
		ran := make(chan bool, 1)
		post(func() { ran <- c.chunk(jumpGoal, target, n, 0, steps) })
		select {
		case <-ctx.Done():
			return ctx.Err()
		case more := <-ran:
			if !more {
				return nil
			}
		}
	}
}

// chunk advances the search by up to most events (and, when budget is not
// zero, no new one after budget), stopping at the first that target
// accepts or at the goal; it draws the last event and reports whether the
// jump goes on. It runs on the Fyne goroutine.
func (c *CodePanel) chunk(k jumpKind, target func(SearchSnap) bool, most int, budget time.Duration, steps *int) bool {
	p := c.search
	if p.Running() {
		return false
	}
	c.inChunk = true
	defer func() { c.inChunk = false }()
	t0 := time.Now()
	var pending SearchSnap
	has, done := false, false
	for n := 0; n < most; n++ {
		if n > 0 && budget > 0 && time.Since(t0) > budget {
			break
		}
		s, _, ok := p.advance()
		if !ok {
			done = true
			break
		}
		if has {
			// Passed over: logged, not drawn.
			c.appendLog(pending, narrate(c.search.orderKey(), pending))
		}
		pending, has = s, true
		*steps++
		if target(s) || s.Kind == search.SolutionFound {
			done = true
			break
		}
	}
	if has {
		p.render(pending)
	}
	if !done {
		what := "Playing to the goal"
		if k != jumpGoal {
			what = "Jumping to " + c.jumpName(k)
		}
		p.SetStatus(fmt.Sprintf("%s: %s events so far… (%s stops)", what,
			toolkit.FormatCount(uint64(*steps)), c.button(k).Text), false)
	} else if has && pending.Kind != search.SolutionFound && k != jumpGoal {
		p.SetStatus(fmt.Sprintf("Jumped %s %s to %s.", toolkit.FormatCount(uint64(*steps)),
			toolkit.Plural(*steps, "event", "events"), c.jumpName(k)), false)
	}
	return !done
}

// jumpName says where a jump of kind k goes.
func (c *CodePanel) jumpName(k jumpKind) string {
	switch k {
	case jumpExpansion:
		return "the next expansion"
	case jumpLevel:
		return levelName(c.search.Algorithm())
	case jumpEvent:
		return "event " + toolkit.FormatCount(uint64(c.eventTarget))
	}
	return "the goal"
}

// button returns the button of a jump kind.
func (c *CodePanel) button(k jumpKind) *widget.Button {
	switch k {
	case jumpExpansion, jumpEvent:
		return c.NextExpansion
	case jumpLevel:
		return c.NextLevel
	}
	return c.PlayToGoal
}

// setJumping records the jump under way and relabels its button Stop.
func (c *CodePanel) setJumping(k jumpKind) {
	c.jumping = k
	c.NextExpansion.SetText("Next expansion (N)")
	c.NextLevel.SetText(levelButtonText(c.search.Algorithm()))
	c.PlayToGoal.SetText("Play to goal (G)")
	switch k {
	case jumpExpansion, jumpEvent:
		c.NextExpansion.SetText("Stop jump (N)")
	case jumpLevel:
		c.NextLevel.SetText("Stop jump (F)")
	case jumpGoal:
		c.PlayToGoal.SetText("Pause (G)")
	}
	c.changed()
}

// Jumping reports whether a jump or Play to goal is under way.
func (c *CodePanel) Jumping() bool { return c.jumping != jumpNone }

// StopJump stops a jump or Play to goal where it is.
func (c *CodePanel) StopJump() {
	if c.jumping == jumpNone {
		return
	}
	c.stopJump()
}

// stopJump drops the jump's job, if any, and relabels the buttons.
func (c *CodePanel) stopJump() {
	c.jobs.Drop()
	if c.jumping != jumpNone {
		c.setJumping(jumpNone)
	}
}

// Pause stops a jump or Play to goal (when another view is shown).
func (c *CodePanel) Pause() { c.StopJump() }

// Seek shows the recorded event at position i of the history (0 the oldest
// kept), as the slider does.
func (c *CodePanel) Seek(i int) {
	p := c.search
	if p.Running() || p.Timeline.Len() == 0 {
		return
	}
	c.StopJump()
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	i = min(max(i, 0), p.Timeline.Len()-1)
	if i == p.Timeline.Cursor() {
		c.syncHistory()
		return
	}
	p.Timeline.Seek(i)
	s, _ := p.Timeline.Current()
	p.render(s)
}

// seekEvent shows the recorded event numbered event, if the history still
// holds it.
func (c *CodePanel) seekEvent(event int) {
	cur, ok := c.search.Timeline.Current()
	if !ok {
		return
	}
	i := c.search.Timeline.Cursor() + event - cur.Event
	if i < 0 || i >= c.search.Timeline.Len() {
		c.search.SetStatus(fmt.Sprintf("Event %s is no longer recorded (the last %s are kept).",
			toolkit.FormatCount(uint64(event)), toolkit.FormatCount(uint64(c.search.Timeline.Cap()))), false)
		return
	}
	c.Seek(i)
}

// syncHistory moves the slider to the event shown and says which events
// the history holds.
func (c *CodePanel) syncHistory() {
	tl := c.search.Timeline
	n := tl.Len()
	c.syncing = true
	defer func() { c.syncing = false }()
	if n <= 1 {
		c.History.Max, c.History.Value = 1, 0
		c.History.Disable()
	} else {
		c.History.Max, c.History.Value = float64(n-1), float64(tl.Cursor())
		if !c.search.Running() {
			c.History.Enable()
		}
	}
	c.History.Refresh()
	cur, ok := tl.Current()
	if !ok {
		c.HistoryInfo.SetText(fmt.Sprintf("Drag to go back to any recorded event (the last %s are kept).", toolkit.FormatCount(uint64(tl.Cap()))))
		return
	}
	oldest := cur.Event - tl.Cursor()
	c.HistoryInfo.SetText(fmt.Sprintf("Event %s of %s–%s recorded (the last %s are kept).", toolkit.FormatCount(uint64(cur.Event)),
		toolkit.FormatCount(uint64(max(oldest, 1))), toolkit.FormatCount(uint64(oldest+n-1)), toolkit.FormatCount(uint64(tl.Cap()))))
}

// followRunning disables the jumps while a full-speed run owns the search.
func (c *CodePanel) followRunning() {
	on := !c.search.Running()
	for _, b := range []*widget.Button{c.NextExpansion, c.NextLevel, c.PlayToGoal} {
		if b.Disabled() == on {
			toolkit.Enable(b, on)
		}
	}
	if !on && !c.History.Disabled() {
		c.History.Disable()
	}
}

// JumpTo goes to event n (or the goal, if it comes first): at once when n
// is at most one chunk of a jump away, else as a jump, in chunks, so a far
// position (a session's, up to a million events) never holds the window;
// N stops it. done, when not nil, is called on the Fyne goroutine once the
// position is reached or the jump ends.
func (c *CodePanel) JumpTo(n int, done func()) {
	p := c.search
	if p.Running() || c.jumping != jumpNone || n-p.Position() <= jumpChunkSteps {
		p.GoTo(n)
		if done != nil {
			done()
		}
		return
	}
	c.eventTarget = n
	target := func(SearchSnap) bool { return p.Position() >= n }
	c.setJumping(jumpEvent)
	steps := 0
	c.jobs.Start(func(ctx context.Context, post func(func())) error {
		return chunks(ctx, post, func() bool { return c.chunk(jumpEvent, target, jumpChunkSteps, jumpChunkTime, &steps) })
	}, func(error) {
		c.setJumping(jumpNone)
		if done != nil {
			done()
		}
	})
}
