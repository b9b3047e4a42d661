package toolkit

// Timeline keeps the last few recorded snapshots of a run and a cursor into
// them, so a teacher can step back and forward through what was recorded.
// It holds at most its capacity; older snapshots are dropped.
type Timeline[T any] struct {
	buf    []T
	start  int // index in buf of the oldest snapshot
	n      int // snapshots held
	cursor int // 0..n-1, position of the snapshot shown (n-1 = latest)
	total  int // snapshots ever pushed
}

// NewTimeline returns an empty timeline holding at most capacity snapshots.
func NewTimeline[T any](capacity int) *Timeline[T] {
	return &Timeline[T]{buf: make([]T, max(capacity, 1))}
}

// Reset empties the timeline.
func (t *Timeline[T]) Reset() {
	clear(t.buf)
	t.start, t.n, t.cursor, t.total = 0, 0, 0, 0
}

// Push records a snapshot as the latest one and moves the cursor to it.
func (t *Timeline[T]) Push(s T) {
	if t.n < len(t.buf) {
		t.buf[(t.start+t.n)%len(t.buf)] = s
		t.n++
	} else {
		t.buf[t.start] = s
		t.start = (t.start + 1) % len(t.buf)
	}
	t.total++
	t.cursor = t.n - 1
}

// Len returns the number of snapshots held.
func (t *Timeline[T]) Len() int { return t.n }

// Cap returns the most snapshots the timeline holds.
func (t *Timeline[T]) Cap() int { return len(t.buf) }

// Total returns the number of snapshots ever pushed since the last Reset.
func (t *Timeline[T]) Total() int { return t.total }

// Cursor returns the position of the snapshot shown, 0 being the oldest held.
func (t *Timeline[T]) Cursor() int { return t.cursor }

// AtEnd reports whether the cursor is on the latest snapshot (or the
// timeline is empty).
func (t *Timeline[T]) AtEnd() bool { return t.n == 0 || t.cursor == t.n-1 }

// Current returns the snapshot at the cursor.
func (t *Timeline[T]) Current() (T, bool) {
	var zero T
	if t.n == 0 {
		return zero, false
	}
	return t.buf[(t.start+t.cursor)%len(t.buf)], true
}

// Back moves the cursor one snapshot back; false at the oldest one.
func (t *Timeline[T]) Back() bool {
	if t.cursor == 0 {
		return false
	}
	t.cursor--
	return true
}

// Forward moves the cursor one snapshot forward; false at the latest one.
func (t *Timeline[T]) Forward() bool {
	if t.n == 0 || t.cursor >= t.n-1 {
		return false
	}
	t.cursor++
	return true
}

// Seek moves the cursor to position i (clamped).
func (t *Timeline[T]) Seek(i int) {
	if t.n == 0 {
		return
	}
	t.cursor = min(max(i, 0), t.n-1)
}
