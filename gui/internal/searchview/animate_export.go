package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/internal/render"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// What the search panel's dialog animates.
const (
	GifSolution  = "Solution replay"
	GifSearchRun = "Search run (from the start)"
)

// exportGIFDialog asks what to animate (the solution, once found, or the
// search run from the start), the frame rate and the size, then a file.
func (p *SearchPanel) exportGIFDialog() {
	what := []string{GifSearchRun}
	if len(p.SolutionMoves) > 0 {
		what = []string{GifSolution, GifSearchRun}
	}
	name := "slidelab-" + strings.ReplaceAll(p.Algorithm().String(), "*", "star") // ida* -> idastar
	p.Gif.Ask(name, what, true, func(f *toolkit.GIFOptionsForm, path string) {
		var err error
		if f.What != nil && f.What.Selected == GifSolution {
			_, err = p.ExportSolutionGIF(path, f.Options())
		} else {
			_, err = p.ExportSearchGIF(path, f.StepCount(), f.Options())
		}
		if err != nil {
			p.SetStatus(err.Error(), true)
		}
	})
}

// selectedHeuristic builds the heuristic selected (nil for breadth-first
// search).
func (p *SearchPanel) selectedHeuristic() (search.Heuristic, error) {
	if p.Algorithm() == search.BFS {
		return nil, nil
	}
	i := p.HeuristicSelect.SelectedIndex()
	if i < 0 || i >= len(p.heuristicOpts) {
		//lint:ignore ST1005 the message is shown to the user as a sentence in a dialog
		return nil, errors.New("Pick a heuristic first.")
	}
	return p.heuristicOpts[i].Build()
}

// ExportSolutionGIF writes the solution found, replayed from the board with
// its tiles sliding, to path in the background (see gifExporter.Start).
func (p *SearchPanel) ExportSolutionGIF(path string, opts render.GIFOptions) (chan struct{}, error) {
	if len(p.SolutionMoves) == 0 {
		//lint:ignore ST1005 the message is shown to the user as a sentence in a dialog
		return nil, errors.New("No solution to animate yet: run the search to the end first.")
	}
	if err := opts.Check(); err != nil {
		return nil, err
	}
	h, err := p.selectedHeuristic()
	if err != nil {
		return nil, err
	}
	start, goal, groups := p.Session.Board(), p.Session.Goal(), p.Session.Groups()
	moves := append([]board.Dir(nil), p.SolutionMoves...)
	return p.Gif.Start(path, func(context.Context) (*render.Animation, error) {
		return render.SolutionAnimation(start, goal, groups.Sets(), moves, h, opts)
	}), nil
}

// ExportSearchGIF runs the panel's search again from the start, for at
// most steps events, and writes one frame per event to path in the
// background.
func (p *SearchPanel) ExportSearchGIF(path string, steps int, opts render.GIFOptions) (chan struct{}, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if steps < 1 || steps > render.MaxGIFSteps {
		return nil, fmt.Errorf("steps %d: must be between 1 and %d", steps, render.MaxGIFSteps)
	}
	h, err := p.selectedHeuristic()
	if err != nil {
		return nil, err
	}
	alg, goal, groups := p.Algorithm(), p.Session.Goal(), p.Session.Groups()
	// The search the view steps: the same parameters (weight, depth
	// limit, cycle check, node budget, cost), so the frames' counts are
	// the view's.
	cfg := search.Config{Algorithm: alg, Heuristic: h, Goal: goal, MemoryLimit: catalog.SearchMemoryLimit}
	p.Params.config(&cfg)
	st, err := search.NewStepper(p.Session.Board(), cfg)
	if err != nil {
		return nil, err
	}
	opts.Weight = cfg.Weight
	return p.Gif.Start(path, func(ctx context.Context) (*render.Animation, error) {
		return render.SearchAnimation(ctx, st, alg, goal, groups.Sets(), steps, opts)
	}), nil
}
