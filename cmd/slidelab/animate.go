package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/render"
)

func animateCommand() command {
	return command{
		name: "animate",
		usage: "solution --gif FILE [--heuristic H] [--fps N] [--size PX] BOARD" +
			" | search --gif FILE [--algorithm A] [--heuristic H] [--steps N] [--fps N] [--size PX] BOARD" +
			" | pdb --gif FILE [--partition P] [--fps N] [--size PX]",
		summary: "Write an animated GIF drawn as the app draws its board, search tree and charts: an optimal solution replayed with its tiles sliding " +
			"and a move counter; a search run step by step (board, counters, search tree); a pattern database's frontier chart " +
			"growing one cost layer per frame.",
		run: runAnimate,
	}
}

// animateSubcommands lists the subcommands of "slidelab animate".
var animateSubcommands = []struct {
	name, usage string
	run         func(ctx context.Context, e *env, args []string) error
}{
	{"solution", "solution --gif FILE [--heuristic H] [--reflect] [--algorithm ida*|a*] [--goal G] [--cache DIR] [--fps N] [--size PX] BOARD", runAnimateSolution},
	{"search", "search --gif FILE [--algorithm ida*|a*|bfs|greedy] [--heuristic H] [--steps N] [--goal G] [--fps N] [--size PX] BOARD", runAnimateSearch},
	{"pdb", "pdb --gif FILE [--partition P] [--board-size WxH] [--goal G] [--cache DIR] [--linear] [--fps N] [--size PX]", runAnimatePDB},
}

func runAnimate(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("missing subcommand: solution, search or pdb")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		for _, sc := range animateSubcommands {
			fmt.Fprintf(e.stderr, "slidelab animate %s\n", sc.usage)
			_ = sc.run(ctx, &env{stdin: e.stdin, stdout: io.Discard, stderr: e.stderr}, []string{"-h"})
		}
		return flag.ErrHelp
	}
	for _, sc := range animateSubcommands {
		if sc.name == args[0] {
			return sc.run(ctx, e, args[1:])
		}
	}
	return usagef("unknown subcommand %q: want solution, search or pdb", args[0])
}

// gifFlags are the flags every animation takes: the file, the rate, the size.
type gifFlags struct {
	path *string
	fps  *float64
	size *int
}

func addGIFFlags(fs *flag.FlagSet) gifFlags {
	return gifFlags{
		path: fs.String("gif", "", "write the animation to this .gif file (required; replaced atomically)"),
		fps: fs.Float64("fps", render.DefaultGIFFPS, fmt.Sprintf("frames per second (%g to %g; a GIF cannot play faster)",
			float64(anim.MinFPS), float64(anim.MaxFPS))),
		size: fs.Int("size", render.DefaultGIFSize, fmt.Sprintf("frame width in pixels (%d to %d); the height follows (square for a solution, 5:8 for a search, 9:16 for a chart)",
			anim.MinSide, anim.MaxSide)),
	}
}

// check validates the flags and that the file can be written, before any
// work is done.
func (f gifFlags) check() (render.GIFOptions, error) {
	opts := render.GIFOptions{FPS: *f.fps, Size: *f.size}
	if math.IsNaN(opts.FPS) || opts.FPS < anim.MinFPS || opts.FPS > anim.MaxFPS {
		return opts, usagef("--fps %g: must be between %g and %g", opts.FPS, float64(anim.MinFPS), float64(anim.MaxFPS))
	}
	if err := checkRange("size", opts.Size, anim.MinSide, anim.MaxSide); err != nil {
		return opts, err
	}
	if *f.path == "" {
		return opts, usagef("missing --gif FILE: where to write the animation")
	}
	if !strings.EqualFold(filepath.Ext(*f.path), ".gif") {
		return opts, usagef("--gif %s: the file name must end in .gif", *f.path)
	}
	if err := atomicfile.CheckWritable(*f.path); err != nil {
		return opts, failError{msg: fmt.Sprintf("--gif %s: %v", *f.path, err)}
	}
	return opts, nil
}

// save encodes a and writes it, then prints one line about the file.
func saveGIF(ctx context.Context, e *env, a *render.Animation, path string) error {
	var progress func(done, total int)
	if e.isTerminal {
		progress = func(done, total int) {
			fmt.Fprintf(e.stderr, "\r\033[Kdrawing frame %d of %d", done, total)
		}
		defer fmt.Fprint(e.stderr, "\r\033[K")
	}
	st, err := a.Save(ctx, path, nil, progress)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return ctx.Err()
		}
		return fmt.Errorf("--gif %s: %w", path, err)
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s: %d frames (%d drawn), %dx%d, %.1f s a loop, %s bytes\n",
		path, st.Frames, st.Drawn, st.Width, st.Height, st.Seconds, groupDigits(st.Bytes))
	return err
}

// groupDigits writes n with thousands separators.
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// animSearchFlags defines the search flags of "animate solution" and
// "animate search" (as solve's, but --board-size for the board's shape:
// --size is the frame's).
func animSearchFlags(fs *flag.FlagSet, defaultHeuristic, defaultAlgorithm, algorithms string) solveFlags {
	one := 1
	var none uint64
	return solveFlags{
		heuristic: fs.String("heuristic", defaultHeuristic, "hamming, manhattan, linear-conflict, or pdb:PARTITION (663, 555, 78; 44 for 3x3); 'slidelab help heuristics' lists every name"),
		reflect:   fs.Bool("reflect", false, "also look the heuristic up on the mirrored board and take the larger value"),
		algorithm: fs.String("algorithm", defaultAlgorithm, algorithms),
		goal:      fs.String("goal", "blank-last", "goal: blank-last or blank-first (Korf's)"),
		size:      fs.String("board-size", "", "board size WxH (default: inferred from the board)"),
		cache:     fs.String("cache", "", "pattern-database cache directory (default $"+pdb.CacheEnv+", else slidelab/pdb in the user cache directory)"),
		workers:   &one,
		nodeLimit: &none,
		memoryMB:  addMemoryFlag(fs),
	}
}

// parseAnimBoard reads the board argument.
func parseAnimBoard(sf solveFlags, rest []string, g board.Goal) (board.Board, error) {
	size, err := sf.fixedSize()
	if err != nil {
		return board.Board{}, usagef("--board-size: %v", strings.TrimPrefix(err.Error(), "--size: "))
	}
	if len(rest) == 0 {
		return board.Board{}, usagef("no board: give one as an argument, such as \"1 2 3 / 4 5 6 / 0 7 8\"")
	}
	b, err := board.ParseSolvable(strings.Join(rest, " "), size, g)
	if err != nil {
		return board.Board{}, failError{msg: err.Error()}
	}
	return b, nil
}

func runAnimateSolution(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "animate solution")
	sf := animSearchFlags(fs, "linear-conflict", "ida*", "ida* or a* (both find an optimal solution to replay)")
	gf := addGIFFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	opts, err := gf.check()
	if err != nil {
		return err
	}
	cfg, err := sf.config()
	if err != nil {
		return err
	}
	if cfg.Algorithm != search.IDAStar && cfg.Algorithm != search.AStar {
		return usagef("--algorithm %s: a replay shows an optimal solution: use ida* or a*", *sf.algorithm)
	}
	start, err := parseAnimBoard(sf, rest, cfg.Goal)
	if err != nil {
		return err
	}
	if cfg.Heuristic, err = sf.makeHeuristic(ctx, e, start.Size(), cfg.Goal); err != nil {
		return err
	}
	limitHeap(cfg)
	res, err := search.Solve(ctx, start, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failError{msg: fmt.Sprintf("solving: %v", err)}
	}
	a, err := render.SolutionAnimation(start, cfg.Goal, nil, res.Moves, cfg.Heuristic, opts)
	if err != nil {
		return failError{msg: err.Error()}
	}
	return saveGIF(ctx, e, a, *gf.path)
}

func runAnimateSearch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "animate search")
	sf := animSearchFlags(fs, "manhattan", "a*", "ida*, a*, bfs or greedy")
	steps := fs.Int("steps", render.DefaultGIFSteps, fmt.Sprintf("at most this many search events, one frame each (1 to %d)", render.MaxGIFSteps))
	gf := addGIFFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	opts, err := gf.check()
	if err != nil {
		return err
	}
	if err := checkRange("steps", *steps, 1, render.MaxGIFSteps); err != nil {
		return err
	}
	cfg, err := sf.config()
	if err != nil {
		return err
	}
	start, err := parseAnimBoard(sf, rest, cfg.Goal)
	if err != nil {
		return err
	}
	if cfg.Algorithm != search.BFS {
		if cfg.Heuristic, err = sf.makeHeuristic(ctx, e, start.Size(), cfg.Goal); err != nil {
			return err
		}
	}
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		return failError{msg: err.Error()}
	}
	opts.Weight = cfg.Weight
	a, err := render.SearchAnimation(ctx, st, cfg.Algorithm, cfg.Goal, nil, *steps, opts)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failError{msg: err.Error()}
	}
	return saveGIF(ctx, e, a, *gf.path)
}

func runAnimatePDB(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "animate pdb")
	pf := partitionFlags{
		partition: fs.String("partition", "663", "preset ("+strings.Join(presetList(), "; ")+") or groups such as 1,2,3/4,5,6"),
		size:      fs.String("board-size", "", "board size WxH (default: the preset's size, else 4x4)"),
		goal:      fs.String("goal", "blank-last", "goal: blank-last or blank-first"),
		cache:     fs.String("cache", "", "cache directory (default $"+pdb.CacheEnv+", else slidelab/pdb in the user cache directory)"),
	}
	linear := fs.Bool("linear", false, "draw the counts on a linear scale instead of a log scale")
	gf := addGIFFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	opts, err := gf.check()
	if err != nil {
		return err
	}
	if opts.Size < render.MinPDBGIFSize { // before any table is built
		return usagef("--size %d: a chart animation is at least %d pixels wide (its height is 9/16 of its width)", opts.Size, render.MinPDBGIFSize)
	}
	p, dir, err := pf.resolve()
	if err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			return usagef("%s", strings.Replace(ue.msg, "--size:", "--board-size:", 1))
		}
		return err
	}
	if err := checkCache(dir); err != nil {
		return err
	}
	progress, clearLine := progressLine(e, len(p.Groups))
	var layers [][]pdb.Layer
	for i := range p.Groups {
		t, _, _, err := pdb.LoadOrBuildTable(ctx, p, i, dir, progress)
		if err != nil {
			clearLine()
			return err
		}
		layers = append(layers, t.Layers())
	}
	clearLine()
	a, err := render.PDBAnimation(p, layers, !*linear, opts)
	if err != nil {
		return failError{msg: err.Error()}
	}
	return saveGIF(ctx, e, a, *gf.path)
}
