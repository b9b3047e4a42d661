package checkview

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
)

// referenceNodeLimit bounds the reference search when it runs past the
// steps kept (its counts for the summary); 0 would be the search's default.
const referenceNodeLimit = 50_000_000

// referenceRun steps Slidelab's own search of start with cfg, one core,
// keeping up to maxSteps expansions with their trace events, as the search
// tab records them. When the search goes on past them, the rest is run at
// full speed for the counts (stopped by referenceNodeLimit). progress gets
// the expansions so far now and then.
func referenceRun(ctx context.Context, start board.Board, cfg search.Config, progress func(int)) (run, tracecheck.Reference, error) {
	cfg.Workers = 1
	if cfg.Algorithm == search.BFS {
		cfg.Heuristic = nil
	}
	var r run
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		return r, tracecheck.Reference{}, fmt.Errorf("reference search: %w", err)
	}
	tr := search.NewTracer(cfg.Algorithm)
	for len(r.steps) < maxSteps {
		ev, err := st.Step(ctx)
		if errors.Is(err, search.ErrFinished) {
			break
		}
		if err != nil {
			return r, tracecheck.Reference{}, referenceError(err, ev.Stats)
		}
		first := len(r.events)
		if n := len(r.steps); n > 0 {
			first = r.steps[n-1].last
		}
		r.events = tr.Events(r.events, ev)
		switch ev.Kind {
		case search.NodeExpanded, search.SolutionFound:
			n := ev.Node
			r.steps = append(r.steps, step{board: n.Board, g: n.G, h: n.H, goal: ev.Kind == search.SolutionFound,
				node: n.ID, first: first, last: len(r.events)})
			if len(r.steps)%1024 == 0 && progress != nil {
				progress(len(r.steps))
			}
		}
		if ev.Kind == search.SolutionFound {
			return r, tracecheck.Reference{Complete: true, Expanded: ev.Stats.Expanded, Generated: ev.Stats.Generated, Length: len(ev.Moves)}, nil
		}
	}
	if st.Done() {
		return r, tracecheck.Reference{}, errors.New("reference search: it ended without reaching the goal")
	}
	r.truncated = true
	res, err := st.Run(ctx)
	if err != nil {
		var le *search.LimitError
		if errors.As(err, &le) {
			return r, tracecheck.Reference{Expanded: le.Stats.Expanded, Generated: le.Stats.Generated}, nil
		}
		return r, tracecheck.Reference{}, fmt.Errorf("reference search: %w", err)
	}
	return r, tracecheck.Reference{Complete: res.Found, Expanded: res.Stats.Expanded, Generated: res.Stats.Generated, Length: len(res.Moves)}, nil
}

// referenceError words a search's failure while stepping.
func referenceError(err error, s search.Stats) error {
	var le *search.LimitError
	if errors.As(err, &le) {
		return fmt.Errorf("reference search stopped after %d expansions: %w", s.Expanded, err)
	}
	return fmt.Errorf("reference search: %w", err)
}
