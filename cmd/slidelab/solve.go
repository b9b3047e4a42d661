package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/inputfile"
)

func solveCommand() command {
	return command{
		name: "solve",
		usage: "[--heuristic hamming|manhattan|linear-conflict|pdb:663|pdb:555|pdb:GROUPS] [--reflect] " +
			"[--algorithm ida*|a*|bfs|greedy] [--goal blank-last|blank-first] [--instances FILE] [--json] [BOARD]",
		summary: "Solve boards given as an argument, in a file or on stdin (one per line), printing length, moves, node counts, h0 and time.",
		run:     runSolve,
	}
}

// solveFlags are the flags that choose how to solve, shared with "bench solve".
type solveFlags struct {
	heuristic *string
	reflect   *bool
	algorithm *string
	goal      *string
	size      *string
	cache     *string
	workers   *int
	nodeLimit *uint64
	memoryMB  *int64
}

func addSolveFlags(fs *flag.FlagSet, defaultHeuristic string) solveFlags {
	f := addSearchFlags(fs, defaultHeuristic)
	f.workers = fs.Int("workers", runtime.GOMAXPROCS(0), "boards solved at the same time; with ida* and fewer boards than workers, each board in turn is solved by all of them (parallel IDA*; 1 for a single-threaded search)")
	return f
}

// addSearchFlags adds the flags of addSolveFlags except --workers, for
// commands that run one search (trace); workers is then 1.
func addSearchFlags(fs *flag.FlagSet, defaultHeuristic string) solveFlags {
	one := 1
	return solveFlags{
		heuristic: fs.String("heuristic", defaultHeuristic, "hamming, manhattan, linear-conflict, or pdb: with a preset (663, 555, 78 for 4x4; 6666 for 5x5; 44 for 3x3) or groups such as pdb:1,2,3/4,5,6,7/8,9,10,11,12,13,14,15; fringe:cs or fringe:TILES; 'max(H1,H2,...)'; +reflect as --reflect; 'slidelab help heuristics' lists every name"),
		reflect:   fs.Bool("reflect", false, "also look the heuristic up on the board mirrored about its main diagonal and take the larger value (Korf & Felner; square boards)"),
		algorithm: fs.String("algorithm", "ida*", "ida* (or ida), a* (or astar), bfs (small boards; ignores the heuristic) or greedy (fast, not optimal); quote the * in a shell"),
		goal:      fs.String("goal", "blank-last", "goal: blank-last (1 2 ... _) or blank-first (_ 1 2 ..., Korf's; use it for core/board/data/korf100.txt)"),
		size:      fs.String("size", "", "board size WxH (default: inferred from each board's numbers or rows)"),
		cache:     fs.String("cache", "", "pattern-database cache directory (default $"+pdb.CacheEnv+", else slidelab/pdb in the user cache directory)"),
		workers:   &one,
		nodeLimit: fs.Uint64("node-limit", 0, "give up on a board after this many generated nodes (0: no limit)"),
		memoryMB:  addMemoryFlag(fs),
	}
}

// config checks the flags and returns the search configuration (without the
// heuristic, which needs the board size) and the goal.
func (f solveFlags) config() (search.Config, error) {
	alg, err := search.ParseAlgorithm(*f.algorithm)
	if err != nil {
		return search.Config{}, usagef("--algorithm: %v", err)
	}
	goal, err := board.ParseGoal(*f.goal)
	if err != nil {
		return search.Config{}, usagef("--goal: %v", err)
	}
	if err := checkRange("workers", *f.workers, 1, maxWorkers); err != nil {
		return search.Config{}, err
	}
	if err := checkRange("memory", *f.memoryMB, 1, maxMemoryMB); err != nil {
		return search.Config{}, err
	}
	return search.Config{Algorithm: alg, Goal: goal, NodeLimit: *f.nodeLimit, MemoryLimit: *f.memoryMB << 20}, nil
}

// fixedSize returns the --size flag's value, or the zero Size when unset.
func (f solveFlags) fixedSize() (board.Size, error) {
	if *f.size == "" {
		return board.Size{}, nil
	}
	s, err := board.ParseSize(*f.size)
	if err != nil {
		return board.Size{}, usagef("--size: %v", err)
	}
	return s, nil
}

// heuristic makes the heuristic for boards of size s, loading or building
// pattern databases with a progress line on a terminal.
func (f solveFlags) makeHeuristic(ctx context.Context, e *env, s board.Size, g board.Goal) (search.Heuristic, error) {
	name := strings.TrimSpace(*f.heuristic)
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		return nil, usagef("--heuristic: %v", err)
	}
	opts := search.HeuristicOptions{Reflect: *f.reflect}
	if spec.UsesTables() {
		dir := *f.cache
		if dir == "" {
			var err error
			if dir, err = pdb.DefaultCacheDir(); err != nil {
				return nil, err
			}
		}
		opts.CacheDir = dir
		opts.Warn = func(err error) {
			fmt.Fprintf(e.stderr, "slidelab: warning: %s (solving with the table in memory)\n", oneLine(err.Error()))
		}
		if e.isTerminal {
			drawn := false
			opts.Progress = func(st pdb.LayerStats) {
				fmt.Fprintf(e.stderr, "\r\033[Kbuilding pattern database {%s}: cost %d, %.0f%% of entries, %.1f s",
					joinInts(st.Tiles), st.Cost, 100*float64(st.TotalEntries)/float64(max(st.Entries, 1)), st.Elapsed.Seconds())
				drawn = true
			}
			defer func() {
				if drawn {
					fmt.Fprint(e.stderr, "\r\033[K")
				}
			}()
		}
	}
	h, err := spec.New(ctx, s, g, opts)
	if err != nil {
		return nil, flagError(ctx, "--heuristic", err)
	}
	return h, nil
}

// flagError classifies an error met while acting on a flag's value: an
// interruption stays one (status 130), a file-system failure, a file of
// bad data (an instance file with no usable instance, a binary file) or too
// little memory for a table is a failure (status 1), anything else is bad
// usage (status 2).
func flagError(ctx context.Context, flag string, err error) error {
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, pdb.ErrOutOfMemory):
		return err // a failure (status 1): its message says what to do
	case isIOError(err) || errors.Is(err, compare.ErrBadInstanceFile):
		return fmt.Errorf("%s: %w", flag, err)
	default:
		return usagef("%s: %v", flag, err)
	}
}

// limitHeap sets the Go runtime's soft memory limit for a run of A*, greedy
// search or BFS to what the process holds now (the pattern databases, the
// boards) plus the search's memory limit and a margin. The searches count
// their own live data against cfg.MemoryLimit; the soft limit makes the
// collector reclaim garbage (grown slices' old arrays) before the heap
// passes the limit, instead of letting it double as it does by default. The
// peak RSS of the process then stays near the limit plus the tables.
func limitHeap(cfg search.Config) {
	if cfg.Algorithm == search.IDAStar {
		return
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	debug.SetMemoryLimit(int64(ms.HeapAlloc+ms.StackSys) + cfg.MemoryLimit + softLimitMargin)
}

// isIOError reports whether err comes from the file system (a file or
// directory that cannot be read or written), as opposed to bad usage.
func isIOError(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	return errors.As(err, &pe) || errors.As(err, &le) || errors.As(err, &se) ||
		errors.Is(err, inputfile.ErrNotRegular) // a FIFO or a device where a file belongs
}

// solveInput is one board to solve, or the reason it cannot be.
type solveInput struct {
	line     int    // line number in the file or stdin, 0 for the argument
	label    string // "line 3", or "" for the argument
	board    board.Board
	expected int // optimal length given in the file, or -1
	err      error
}

// solveJSON is the --json form of one solved board. Line (the input line,
// absent for a board given as an argument) and Expected (the optimal length
// the line gave, when it differs from Length) let a reader match outputs
// to inputs.
type solveJSON struct {
	Line      int     `json:"line,omitempty"`
	Length    int     `json:"length"`
	Moves     string  `json:"moves"`
	Expanded  uint64  `json:"expanded"`
	Generated uint64  `json:"generated"`
	H0        int     `json:"h0"`
	Seconds   float64 `json:"seconds"`
	Expected  *int    `json:"expected,omitempty"`
}

// solveErrorJSON is the --json form of a board that could not be solved.
type solveErrorJSON struct {
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
}

func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve")
	sf := addSolveFlags(fs, "linear-conflict")
	instances := fs.String("instances", "", "file of boards, one per line, each optionally followed by its optimal length (the format of core/board/data/korf100.txt); - for stdin")
	asJSON := fs.Bool("json", false, `print one JSON object per board: {"line":..,"length":..,"moves":..,"expanded":..,"generated":..,"h0":..,"seconds":..}, or {"line":..,"error":..} for a bad one (also on stderr)`)
	iterations := fs.Bool("iterations", false, "also print IDA*'s bound and node counts for every iteration")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	cfg, err := sf.config()
	if err != nil {
		return err
	}
	size, err := sf.fixedSize()
	if err != nil {
		return err
	}
	inputs, err := solveInputs(e, rest, *instances, size, cfg.Goal)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // a signal during the read is no "no boards"
	}
	if len(inputs) == 0 {
		return usagef("no boards: give one as an argument, with --instances FILE, or on stdin")
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	run := &solveRun{e: e, out: out, json: *asJSON, iterations: *iterations, greedy: cfg.Algorithm == search.Greedy}
	if len(inputs) == 1 && inputs[0].err != nil {
		if *asJSON {
			writeSolveError(out, inputs[0].line, inputs[0].err)
		}
		return failError{msg: labelled(inputs[0].label, inputs[0].err.Error())}
	}
	boards, index, size := run.oneSize(inputs, size)
	if len(boards) == 0 {
		return failError{msg: fmt.Sprintf("none of the %d boards can be solved", len(inputs))}
	}
	if cfg.Algorithm != search.BFS {
		if cfg.Heuristic, err = sf.makeHeuristic(ctx, e, size, cfg.Goal); err != nil {
			return err
		}
	}
	limitHeap(cfg)
	t0 := time.Now()
	err = search.SolveAll(ctx, boards, cfg, *sf.workers, func(i int, r search.Result, err error) {
		if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return // interrupted: reported once, as the run's status
		}
		run.result(inputs[index[i]], r, err)
	})
	if err == nil {
		err = ctx.Err() // a run interrupted on its last board
	}
	if err != nil {
		return err
	}
	if err := e.writeFailed(); err != nil {
		return err
	}
	if !*asJSON && len(inputs) > 1 {
		wall := time.Since(t0).Seconds()
		fmt.Fprintf(out, "solved %d of %d boards in %.3f s wall: %d nodes generated, %d expanded, %.1f million generated/s\n",
			run.solved, len(inputs), wall, run.total.Generated, run.total.Expanded, float64(run.total.Generated)/max(wall, 1e-9)/1e6)
	}
	return run.problems(len(inputs))
}

// solveInputs reads the boards to solve: the board given as arguments
// ("1 2 3 4 5 6 7 8 0" may arrive as one argument or as nine), the
// instance file, or standard input (also for --instances -).
func solveInputs(e *env, rest []string, instances string, size board.Size, goal board.Goal) ([]solveInput, error) {
	switch {
	case len(rest) > 0 && instances != "":
		return nil, usagef("give a board or --instances, not both")
	case len(rest) > 0:
		b, err := board.ParseSolvable(strings.Join(rest, " "), size, goal)
		return []solveInput{{board: b, expected: -1, err: err}}, nil
	case instances != "" && instances != "-":
		f, err := inputfile.Open(instances) // a FIFO or a device is refused, not waited on
		if errors.Is(err, inputfile.ErrNotRegular) {
			return nil, fmt.Errorf("--instances: %w; give --instances - to read a pipe or a terminal", err)
		}
		if err != nil {
			return nil, fmt.Errorf("--instances: %w", err)
		}
		defer f.Close()
		return readSolveInputs(f, size, goal)
	}
	return readSolveInputs(e.stdin, size, goal)
}

// solveRun prints the results of a run of solve and counts them.
type solveRun struct {
	e                *env
	out              *bufio.Writer
	json, iterations bool
	greedy           bool // lengths are not checked against the expected ones

	solved, failed, mismatches int
	total                      search.Stats
}

// fail reports a board that cannot be solved: on stderr, and with --json
// as an error object in its place on stdout.
func (run *solveRun) fail(in solveInput, err error) {
	if run.json {
		writeSolveError(run.out, in.line, err)
	}
	run.out.Flush()
	fmt.Fprintf(run.e.stderr, "slidelab solve: %s\n", oneLine(labelled(in.label, err.Error())))
	run.failed++
}

// oneSize keeps the boards of one size, the first valid board's unless
// size is given (one heuristic serves one board size), and fails the
// others. It returns the boards, the inputs index of each, and the size.
func (run *solveRun) oneSize(inputs []solveInput, size board.Size) ([]board.Board, []int, board.Size) {
	var boards []board.Board
	var index []int
	for i := range inputs {
		in := &inputs[i]
		if in.err == nil && size == (board.Size{}) {
			size = in.board.Size()
		}
		if in.err == nil && in.board.Size() != size {
			in.err = fmt.Errorf("a %s board, but this run solves %s boards (run sizes separately or set --size)", in.board.Size(), size)
		}
		if in.err != nil {
			run.fail(*in, in.err)
			continue
		}
		boards = append(boards, in.board)
		index = append(index, i)
	}
	return boards, index, size
}

// result prints one board's result (or failure) and checks its length
// against the expected one.
func (run *solveRun) result(in solveInput, r search.Result, err error) {
	if err != nil {
		run.fail(in, err)
		return
	}
	run.solved++
	run.total.Expanded += r.Expanded
	run.total.Generated += r.Generated
	mismatch := in.expected >= 0 && r.Length() != in.expected && !run.greedy
	expected := -1
	if mismatch {
		expected = in.expected
	}
	writeSolveResult(run.out, in, r, expected, run.json, run.iterations)
	if mismatch {
		run.out.Flush()
		fmt.Fprintf(run.e.stderr, "slidelab solve: %s\n", labelled(in.label,
			fmt.Sprintf("length %d differs from the expected optimal length %d", r.Length(), in.expected)))
		run.mismatches++
	}
	run.out.Flush()
}

// problems is the run's failure, or nil when every board was solved with
// the expected length.
func (run *solveRun) problems(n int) error {
	var problems []string
	if run.failed > 0 {
		problems = append(problems, fmt.Sprintf("%d of %d boards failed", run.failed, n))
	}
	if run.mismatches > 0 {
		problems = append(problems, fmt.Sprintf("%d of %d solution lengths differ from the expected ones", run.mismatches, n))
	}
	if len(problems) > 0 {
		return failError{msg: strings.Join(problems, "; ")}
	}
	return nil
}

// readSolveInputs reads one board per line in the instance-file format
// (board.ReadInstances: blank lines and # comments skipped, "/" between rows
// allowed, an optional trailing optimal length).
func readSolveInputs(r io.Reader, s board.Size, g board.Goal) ([]solveInput, error) {
	insts, err := board.ReadInstances(r, s, g)
	out := make([]solveInput, len(insts))
	for i, in := range insts {
		out[i] = solveInput{line: in.Line, label: fmt.Sprintf("line %d", in.Line), board: in.Board, expected: in.Optimal, err: in.Err}
		if in.Err != nil {
			// ReadInstances prefixes "line N: "; the label already says it.
			out[i].err = errors.Unwrap(in.Err)
		}
	}
	return out, err // "reading instances: line N: ..."
}

func labelled(label, msg string) string {
	if label == "" {
		return msg
	}
	return label + ": " + msg
}

// writeSolveError prints the --json object of a board that failed.
func writeSolveError(w io.Writer, line int, err error) {
	data, _ := json.Marshal(solveErrorJSON{Line: line, Error: oneLine(err.Error())})
	fmt.Fprintf(w, "%s\n", data)
}

// writeSolveResult prints one solved board; expected is the optimal length
// its line gave when the solution's length differs from it, else -1.
func writeSolveResult(w io.Writer, in solveInput, r search.Result, expected int, asJSON, iterations bool) {
	moves := board.FormatMoves(r.Moves)
	if asJSON {
		sj := solveJSON{Line: in.line, Length: r.Length(), Moves: moves, Expanded: r.Expanded,
			Generated: r.Generated, H0: r.H0, Seconds: r.Elapsed.Seconds()}
		if expected >= 0 {
			sj.Expected = &expected
		}
		data, _ := json.Marshal(sj)
		fmt.Fprintf(w, "%s\n", data)
		return
	}
	if in.label != "" {
		fmt.Fprintf(w, "%s: ", in.label)
	}
	if moves == "" {
		moves = "-"
	}
	fmt.Fprintf(w, "length %d  h0 %d  expanded %d  generated %d  seconds %.3f  moves %s\n",
		r.Length(), r.H0, r.Expanded, r.Generated, r.Elapsed.Seconds(), moves)
	if iterations {
		for _, it := range r.Iterations {
			fmt.Fprintf(w, "  iteration bound %d: expanded %d, generated %d\n", it.Bound, it.Expanded, it.Generated)
		}
	}
}
