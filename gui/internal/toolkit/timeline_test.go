package toolkit

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

func TestTimelineAgainstSlice(t *testing.T) {
	// A slice that keeps everything is the reference; the timeline must show
	// the same snapshot as the reference's last cap entries.
	for _, capacity := range []int{1, 3, 8} {
		tl := NewTimeline[int](capacity)
		var ref []int
		cursor := -1
		ops := "ppbpfbbbppppfbbbfffpbpppppppbbbbbbbbbbfff"
		for i, op := range ops {
			switch op {
			case 'p':
				tl.Push(i)
				ref = append(ref, i)
				cursor = len(ref) - 1
			case 'b':
				lo := max(0, len(ref)-capacity)
				if got, want := tl.Back(), cursor > lo; got != want {
					t.Fatalf("cap %d op %d: Back = %v, want %v", capacity, i, got, want)
				}
				if cursor > lo {
					cursor--
				}
			case 'f':
				if got, want := tl.Forward(), cursor < len(ref)-1; got != want {
					t.Fatalf("cap %d op %d: Forward = %v, want %v", capacity, i, got, want)
				}
				if cursor < len(ref)-1 {
					cursor++
				}
			}
			got, ok := tl.Current()
			if cursor < 0 {
				if ok {
					t.Fatalf("cap %d: Current on an empty timeline = %d", capacity, got)
				}
				continue
			}
			if !ok || got != ref[cursor] {
				t.Fatalf("cap %d op %d (%c): Current = %d,%v, want %d", capacity, i, op, got, ok, ref[cursor])
			}
			if tl.Len() != min(len(ref), capacity) || tl.Total() != len(ref) {
				t.Fatalf("cap %d: Len %d Total %d for %d pushes", capacity, tl.Len(), tl.Total(), len(ref))
			}
			if tl.AtEnd() != (cursor == len(ref)-1) {
				t.Fatalf("cap %d op %d: AtEnd = %v", capacity, i, tl.AtEnd())
			}
		}
		tl.Reset()
		if _, ok := tl.Current(); ok || tl.Len() != 0 || !tl.AtEnd() {
			t.Errorf("cap %d: timeline not empty after Reset", capacity)
		}
	}
}

func TestPlayerStepsUntilDoneOrPaused(t *testing.T) {
	test.NewTempApp(t)
	var steps atomic.Int32
	stopped := make(chan struct{})
	p := NewPlayer(nil, func() bool { return steps.Add(1) < 5 }, func() { close(stopped) })
	p.SetSpeed(MaxSpeed)
	p.Play(context.Background())
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("player did not stop after the last step")
	}
	if n := steps.Load(); n != 5 {
		t.Errorf("steps = %d, want 5 (stop at the first false)", n)
	}
	// stopped runs just before Playing turns false (see Player.tick).
	for deadline := time.Now().Add(10 * time.Second); p.Playing(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("still playing after the last step")
		}
	}

	// Pause stops it, and no step runs after Pause returns.
	steps.Store(0)
	reached := make(chan struct{}, 100)
	p = NewPlayer(nil, func() bool { steps.Add(1); reached <- struct{}{}; return true }, nil)
	p.SetSpeed(MaxSpeed)
	p.Play(context.Background())
	p.Play(context.Background()) // a second Play is ignored
	<-reached
	<-reached
	p.Pause()
	n := steps.Load()
	time.Sleep(3 * time.Second / MaxSpeed)
	if steps.Load() != n || p.Playing() {
		t.Errorf("a step ran after Pause (%d then %d)", n, steps.Load())
	}

	// Cancelling the parent context stops it too.
	ctx, cancel := context.WithCancel(context.Background())
	p.Play(ctx)
	<-reached
	cancel()
	p.Pause() // waits for the goroutine
	if p.SetSpeed(1000); p.Speed() != MaxSpeed {
		t.Errorf("speed not clamped: %v", p.Speed())
	}
}
