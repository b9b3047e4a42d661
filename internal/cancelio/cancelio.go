// Package cancelio makes reads that may block forever (standard input
// waiting on a terminal or on a pipe that never closes) stop when a context
// is cancelled, as on Ctrl-C or SIGTERM.
package cancelio

import (
	"context"
	"io"
)

// bufSize bounds one read from the underlying reader.
const bufSize = 64 << 10

// Reader reads from an underlying reader until its context is cancelled;
// from then on every Read returns the context's error at once, even while
// a read of the underlying reader is still blocked. Each read runs in a
// goroutine of its own and fills a buffer owned by the Reader, so a read
// left blocked when the context ends never writes into a caller's slice.
// (That goroutine stays blocked until the underlying read returns or the
// process exits; commands stop soon after a cancellation, so it is not
// worth more.) A Reader is not safe for concurrent use.
type Reader struct {
	ctx context.Context
	r   io.Reader
	buf []byte
	res chan result
}

type result struct {
	n   int
	err error
}

// NewReader returns a Reader reading r until ctx is done.
func NewReader(ctx context.Context, r io.Reader) *Reader {
	return &Reader{ctx: ctx, r: r, res: make(chan result, 1)}
}

// Read reads up to len(p) bytes (at most 64 KiB at a time), or returns the
// context's error once it is done.
func (c *Reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if c.buf == nil {
		c.buf = make([]byte, bufSize)
	}
	buf := c.buf[:min(len(p), len(c.buf))]
	go func() {
		n, err := c.r.Read(buf)
		c.res <- result{n, err}
	}()
	select {
	case r := <-c.res:
		copy(p, buf[:r.n])
		return r.n, r.err
	case <-c.ctx.Done():
		// The goroutine may still fill buf: no later Read touches it, since
		// the context stays done.
		return 0, c.ctx.Err()
	}
}
