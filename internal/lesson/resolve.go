package lesson

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
)

// Defaults of a Resolver: what one part of a lesson may cost. A lesson is
// shown in class, so its searches take seconds at most.
const (
	// DefaultNodeLimit caps the nodes one search generates.
	DefaultNodeLimit = 2_000_000
	// DefaultMemoryLimit caps the memory of one A*, greedy or BFS search.
	DefaultMemoryLimit = 256 << 20
	// DefaultTableMemory caps the memory of building one heuristic's
	// pattern databases (pdb.EstimateBuildMemory).
	DefaultTableMemory = 512 << 20
)

// Resolver runs lesson parts. It keeps the heuristics, tables, runs and
// quality measurements it made, so parts that share them (a lesson's
// parts usually do) pay once. It is safe for concurrent use; calls are
// serialised.
type Resolver struct {
	// NodeLimit, MemoryLimit and TableMemory bound the work of one part;
	// zero means the package's defaults.
	NodeLimit   uint64
	MemoryLimit int64
	TableMemory uint64
	// CacheDir holds pattern-database files ("" builds them in memory).
	CacheDir string

	mu      sync.Mutex
	heurs   map[heurKey]search.Heuristic
	runs    map[runKey]runResult
	tables  map[heurKey][]*pdb.Table
	reports map[heurKey]*quality.Stats
	samples map[heurKey]*quality.Sample
}

// heurKey names a heuristic (or partition) for a size and goal.
type heurKey struct {
	name string
	size board.Size
	goal board.Goal
}

// runKey names a search run to a position.
type runKey struct {
	start     board.Board
	goal      board.Goal
	algorithm search.Algorithm
	heuristic string
	at        Position
}

// Run is a search run to a part's position.
type Run struct {
	// Algorithm and Heuristic name the search ("none" for BFS).
	Algorithm search.Algorithm
	Heuristic string
	// Steps counts the stepper's events taken (0 for a run to the goal,
	// which runs at full speed).
	Steps int
	// Stats are the counters at the position.
	Stats search.Stats
	// Bound is IDA*'s bound; Iterations its passes begun.
	Bound, Iterations int
	// Event is the position's last event (zero when no step was taken).
	Event search.Event
	// Path is the path to the current node; Open the first entries of the
	// open list (A*, greedy, BFS) in the order they will be selected.
	Path, Open []search.Node
	// OpenLen is the size of the open list (up to maxOpen).
	OpenLen int
	// Found reports the goal reached; Moves is then the solution.
	Found bool
	Moves []board.Dir
}

// maxOpen is how much of the open list a Run keeps.
const maxOpen = 1 << 16

// NewResolver returns a Resolver with the default limits.
func NewResolver() *Resolver { return &Resolver{} }

func (r *Resolver) init() {
	if r.heurs == nil {
		r.heurs = map[heurKey]search.Heuristic{}
		r.runs = map[runKey]runResult{}
		r.tables = map[heurKey][]*pdb.Table{}
		r.reports = map[heurKey]*quality.Stats{}
		r.samples = map[heurKey]*quality.Sample{}
	}
}

// heuristic makes (or returns the one made before) a heuristic by name.
func (r *Resolver) heuristic(ctx context.Context, name string, s board.Size, g board.Goal) (search.Heuristic, error) {
	k := heurKey{name, s, g}
	if h, ok := r.heurs[k]; ok {
		return h, nil
	}
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		return nil, err
	}
	if err := spec.Check(s, g); err != nil {
		return nil, err
	}
	if err := r.checkTables(spec, s, g); err != nil {
		return nil, err
	}
	h, err := spec.New(ctx, s, g, search.HeuristicOptions{CacheDir: r.CacheDir})
	if err != nil {
		return nil, fmt.Errorf("heuristic %s: %w", name, err)
	}
	r.heurs[k] = h
	return h, nil
}

// checkTables refuses a heuristic whose tables would take more memory to
// build than TableMemory.
func (r *Resolver) checkTables(spec search.HeuristicSpec, s board.Size, g board.Goal) error {
	limit := r.TableMemory
	if limit == 0 {
		limit = DefaultTableMemory
	}
	var need uint64
	switch {
	case spec.IsMax():
		for _, p := range spec.Parts {
			if err := r.checkTables(p, s, g); err != nil {
				return err
			}
		}
		return nil
	case spec.Kind.Name == search.FringeKind:
		f, err := pdb.ParseFringe(spec.Partition, s, g)
		if err != nil {
			return err
		}
		need = pdb.EstimateFringeMemory(f)
	case spec.Kind.NeedsTables && spec.Kind.Name != search.DynamicKind:
		p, err := spec.PartitionFor(s, g)
		if err != nil {
			return err
		}
		need = pdb.EstimateBuildMemory(p)
	default:
		return nil
	}
	if need > limit {
		return fmt.Errorf("heuristic %s: building its tables takes about %d MiB, more than a lesson may use (%d MiB): use a smaller pattern or board", spec, need>>20, limit>>20)
	}
	return nil
}

// config returns the search configuration of a run.
func (r *Resolver) config(ctx context.Context, alg search.Algorithm, heur string, st *Settings) (search.Config, error) {
	cfg := search.Config{Algorithm: alg, Goal: st.Goal, NodeLimit: r.NodeLimit, MemoryLimit: r.MemoryLimit, Workers: 1}
	if cfg.NodeLimit == 0 {
		cfg.NodeLimit = DefaultNodeLimit
	}
	if cfg.MemoryLimit == 0 {
		cfg.MemoryLimit = DefaultMemoryLimit
	}
	if alg != search.BFS {
		h, err := r.heuristic(ctx, heur, st.Size, st.Goal)
		if err != nil {
			return cfg, err
		}
		cfg.Heuristic = h
	}
	return cfg, nil
}

// run runs the search of st with alg and heur to position at (cached).
func (r *Resolver) run(ctx context.Context, st *Settings, alg search.Algorithm, heur string, at Position) (*Run, error) {
	if alg == search.BFS {
		heur = "none"
	}
	k := runKey{st.Board, st.Goal, alg, heur, at}
	if res, ok := r.runs[k]; ok {
		return res.run, res.err
	}
	run, err := r.runTo(ctx, st, alg, heur, at)
	if ctx.Err() == nil { // a failure is kept too: parts that share the run report it at once
		r.runs[k] = runResult{run, err}
	}
	return run, err
}

// runResult is a run or why it failed.
type runResult struct {
	run *Run
	err error
}

// runTo runs a fresh search of st to position at.
func (r *Resolver) runTo(ctx context.Context, st *Settings, alg search.Algorithm, heur string, at Position) (*Run, error) {
	cfg, err := r.config(ctx, alg, heur, st)
	if err != nil {
		return nil, err
	}
	stp, err := search.NewStepper(st.Board, cfg)
	if err != nil {
		return nil, err
	}
	run := &Run{Algorithm: alg, Heuristic: heur}
	if err := advance(ctx, stp, run, at); err != nil {
		return nil, err
	}
	capture(stp, run)
	return run, nil
}

// advance steps stp to position at, recording the last event in run.
func advance(ctx context.Context, stp *search.Stepper, run *Run, at Position) error {
	switch at.Kind {
	case AtStart:
		return nil
	case AtGoal:
		_, err := stp.Run(ctx)
		return limitError(err)
	}
	if at.Kind == AtF && run.Algorithm != search.IDAStar && stp.Result().H0 == at.N {
		return nil // the start is on the open list with f = N
	}
	for run.Steps < MaxSteps {
		if at.Kind == AtStep && run.Steps >= at.N {
			return nil
		}
		ev, err := stp.Step(ctx)
		if errors.Is(err, search.ErrFinished) {
			break
		}
		if err != nil {
			return limitError(err)
		}
		run.Steps++
		run.Event = ev
		if ev.Kind == search.IterationStarted {
			run.Iterations++
		}
		if reached(ev, at, run) {
			return nil
		}
	}
	switch at.Kind {
	case AtStep:
		if stp.Done() {
			return nil // the search ended first: the position is its end
		}
	case AtIteration:
		if stp.Done() {
			return nil // solved within the pass
		}
	case AtF:
		return fmt.Errorf("at: f %d: the open list never holds f = %d (the search ended after %d steps)", at.N, at.N, run.Steps)
	}
	return fmt.Errorf("at: %s: more than %d steps", at, MaxSteps)
}

// reached reports whether event ev, the run's latest, is position at.
func reached(ev search.Event, at Position, run *Run) bool {
	switch at.Kind {
	case AtIteration:
		return ev.Kind == search.IterationStarted && run.Iterations == at.N+1
	case AtF:
		if ev.Kind == search.IterationStarted {
			return ev.Bound == at.N
		}
		if ev.Kind != search.NodeExpanded {
			return false
		}
		for _, c := range ev.Children {
			if c.F() == at.N && (c.Status == search.ChildNew || c.Status == search.ChildImproved || c.Status == search.ChildReopened) {
				return true
			}
		}
	}
	return false
}

// limitError explains a search stopped by a limit.
func limitError(err error) error {
	var le *search.LimitError
	if errors.As(err, &le) {
		return fmt.Errorf("the search stopped: %v; a lesson's search must end within the limits (choose an easier board or a better heuristic)", le)
	}
	return err
}

// capture copies the stepper's state into run.
func capture(stp *search.Stepper, run *Run) {
	res := stp.Result()
	run.Stats, run.Found, run.Moves = res.Stats, res.Found, res.Moves
	run.Bound = stp.Bound()
	if len(res.Iterations) > run.Iterations {
		run.Iterations = len(res.Iterations)
	}
	run.Path = stp.Path()
	all := stp.Open(maxOpen)
	run.OpenLen = len(all)
	run.Open = all[:min(len(all), 8)]
}

// NewStepper returns a fresh stepper of the part's search, at its start,
// for views that replay the run (the handout's tree image, the app's
// lesson mode). It fails for a part without a search.
func (r *Resolver) NewStepper(ctx context.Context, s *State) (*search.Stepper, error) {
	if !s.Settings.HasAlgorithm {
		return nil, errors.New("the part runs no search")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.init()
	cfg, err := r.config(ctx, s.Settings.Algorithm, s.Settings.Heuristic, &s.Settings)
	if err != nil {
		return nil, err
	}
	return search.NewStepper(s.Settings.Board, cfg)
}

// Groups returns the tile groups a part's pictures colour by: the
// partition's when the part shows the pattern-database view or uses a
// pattern database, else nil (the app's usual colours).
func Groups(st *Settings) [][]int {
	if st.View != "pdb" && !strings.HasPrefix(st.Heuristic, "pdb:") && st.Partition == "" {
		return nil
	}
	p, err := partitionOf(st)
	if err != nil {
		return nil
	}
	return p.Groups
}
