// Command slidelab is Slidelab's headless command line: random instances,
// solving, pattern databases, comparisons and benchmarks, with no display.
//
// Run "slidelab help" for the list of commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/cancelio"
)

// command is one subcommand of slidelab.
type command struct {
	name    string
	usage   string // one line: arguments and flags
	summary string // one sentence
	run     func(ctx context.Context, env *env, args []string) error
}

// env carries the process's streams so commands can be tested.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// isTerminal reports whether progress lines should be drawn on stderr.
	isTerminal bool
}

// usageError marks bad usage: slidelab prints it on one line and exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{msg: fmt.Sprintf(format, args...)}
}

// failError marks a run that completed but found a problem (for example a
// solution length that differs from the expected one): exit status 1.
type failError struct{ msg string }

func (e failError) Error() string { return e.msg }

// commands lists every subcommand; each lives in a file of its own.
func commands() []command {
	cmds := []command{
		randomCommand(),
		pdbCommand(),
		benchCommand(),
		solveCommand(),
		checkCommand(),
		compareCommand(),
		predictCommand(),
		traceCommand(),
		qualityCommand(),
		quizCommand(),
		animateCommand(),
		lessonCommand(),
		versionCommand(),
	}
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	return cmds
}

// Exit statuses, the same for every command (see "slidelab help").
const (
	exitOK          = 0   // the command did what it was asked
	exitFailure     = 1   // it ran but failed: an unsolvable board, a failed write, a wrong length
	exitUsage       = 2   // bad usage: an unknown command or flag, a malformed argument
	exitInterrupted = 130 // stopped by SIGINT (128 + SIGINT, as shells report it); other signals: 128 + their number
)

func main() {
	// SIGINT, SIGTERM (kill, a service manager, a CI timeout), SIGHUP (the
	// terminal closed) and SIGQUIT stop a run alike: the context is
	// cancelled, reads of stdin, builds, searches and output loops stop,
	// temporary files are removed and the exit status is 128 + the signal's
	// number (signals.go).
	ctx, stop := notifySignals(context.Background(), os.Stderr)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, isTerminal: stderrIsTerminal()}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status. Standard
// output goes through a writer that remembers the first failed write: a
// command whose output could not be written (a full disk, /dev/full, a closed
// pipe) fails with status 1 and says so, whatever the command itself returned.
// Standard input is read through a reader that stops when ctx ends, so a
// command waiting on a terminal or a pipe stops on a signal.
func run(ctx context.Context, e *env, args []string) int {
	out := &checkedWriter{w: e.stdout}
	ce := *e
	ce.stdout = out
	ce.stdin = cancelio.NewReader(ctx, e.stdin)
	name := "slidelab"
	code := exitUsage
	switch {
	case len(args) == 0:
		fmt.Fprintln(e.stderr, "slidelab: missing command; run 'slidelab help'")
	case args[0] == "--version" || args[0] == "-version":
		return run(ctx, e, append([]string{"version"}, args[1:]...))
	case args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help":
		name = "slidelab help"
		code = help(&ce, args[1:])
	default:
		c, ok := findCommand(args[0])
		if !ok {
			fmt.Fprintf(e.stderr, "slidelab: unknown command %q; run 'slidelab help'\n", args[0])
			break
		}
		name = "slidelab " + c.name
		code = report(&ce, c, c.run(ctx, &ce, args[1:]))
		if code == exitInterrupted {
			code = interruptStatus(ctx) // 128 + the signal's number
		}
	}
	if err := out.Err(); err != nil {
		fmt.Fprintf(e.stderr, "%s: writing standard output: %s\n", name, oneLine(err.Error()))
		if code == exitOK || code == exitUsage {
			code = exitFailure
		}
	}
	return code
}

// findCommand returns the subcommand called name.
func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// checkedWriter passes writes on and remembers the first error, so that a
// failed write to standard output is reported even where a command ignored
// it. After a failure every later write fails with the same error at once.
// It is safe for concurrent use.
type checkedWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// Err returns the first write error, or nil.
func (c *checkedWriter) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// writeFailed reports whether a write to the command's standard output has
// failed, so that long loops can stop early instead of working for nothing.
func (e *env) writeFailed() error {
	if c, ok := e.stdout.(*checkedWriter); ok {
		return c.Err()
	}
	return nil
}

func report(e *env, c command, err error) int {
	var ue usageError
	var fe failError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(e.stdout, "usage: slidelab %s %s\n", c.name, c.usage)
		return exitOK
	case e.writeFailed() != nil:
		// The command stopped because its output could not be written; run
		// reports that write error.
		return exitFailure
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(ue.msg))
		return exitUsage
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(e.stderr, "slidelab %s: interrupted\n", c.name)
		return exitInterrupted
	case errors.As(err, &fe):
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(fe.msg))
		return exitFailure
	default:
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(err.Error()))
		return exitFailure
	}
}

func help(e *env, args []string) int {
	if len(args) > 0 && args[0] == "heuristics" {
		helpHeuristics(e.stdout)
		return exitOK
	}
	if len(args) > 0 && args[0] == "algorithms" {
		helpAlgorithms(e.stdout)
		return exitOK
	}
	if len(args) > 0 {
		if c, ok := findCommand(args[0]); ok {
			fmt.Fprintf(e.stdout, "usage: slidelab %s %s\n\n%s\n\nFlags:\n", c.name, c.usage, c.summary)
			_ = c.run(context.Background(), &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: e.stdout}, []string{"-h"})
			return exitOK
		}
		fmt.Fprintf(e.stderr, "slidelab help: unknown command %q\n", args[0])
		return exitUsage
	}
	fmt.Fprintln(e.stdout, `slidelab - sliding-tile puzzles, pattern databases and heuristic search, headless.

Usage: slidelab COMMAND [flags] [arguments]

Commands:`)
	for _, c := range commands() {
		fmt.Fprintf(e.stdout, "  %-8s %s\n           %s\n", c.name, c.summary, "slidelab "+c.name+" "+c.usage)
	}
	fmt.Fprintln(e.stdout, `
Boards are typed as numbers separated by spaces or commas, 0 or _ for the
blank, optionally "/" between rows: "1 2 3 / 4 5 6 / 7 8 0". Moves are named
by the direction the blank travels (U, D, L, R). The default goal puts the
blank last (1 2 ... 15 _); --goal blank-first is Korf's (_ 1 2 ... 15).

Run "slidelab help COMMAND" for a command's flags, "slidelab help heuristics"
for the heuristics and pattern-database presets every command accepts,
"slidelab help algorithms" for the search algorithms by group.

Exit status, the same for every command:
  0    success
  1    failure: a board could not be solved, a file could not be read or
       written (standard output included), a file held bad data (an
       instance file with no usable board, a binary file), a length
       differed from the expected one
  2    bad usage: an unknown command or flag, a malformed argument
  130  interrupted by SIGINT (Ctrl-C)
  143  stopped by SIGTERM; 129 by SIGHUP (the terminal closed), 131 by SIGQUIT
       (Ctrl-\; no goroutine dump unless GOTRACEBACK=all, system or crash)

A signal stops a run at once, even while it waits for stdin: searches,
builds and output stop (trace finishes its current line), nothing
half-written is left, and temporary files of runs that were killed (kill -9)
are removed by the next run that writes there. A second signal stops at once.
Files read as data (--instances, --set, tables, reports) must be regular
files: a FIFO or a device is refused by name (exit 1), never waited on.`)
	return exitOK
}

// Caps on numbers users give in flags, so that a typo such as
// --workers 10000 or --runs 1e9 gets a clear message instead of exhausting
// the machine.
const (
	// maxWorkers caps goroutines working at once: far above any core count
	// this program is run on, far below what would exhaust memory.
	maxWorkers = 256
	// maxRepeats caps repetitions of a benchmark (--runs, --loads).
	maxRepeats = 1000
	// maxMemoryMB caps --memory (1 TiB).
	maxMemoryMB = 1 << 20
)

// checkRange returns a usage error unless lo <= v <= hi.
func checkRange[T int | int64](flag string, v, lo, hi T) error {
	if v < lo || v > hi {
		return usagef("--%s %d: must be between %d and %d", flag, v, lo, hi)
	}
	return nil
}

// helpHeuristics prints the heuristic registry and the preset table: the
// names solve, compare, bench and the GUI all accept.
func helpHeuristics(w io.Writer) {
	fmt.Fprintln(w, "Heuristics (the same names in every command; case does not matter):")
	for _, k := range search.HeuristicKinds() {
		name := k.Name
		if k.Name == search.DynamicKind {
			name += ":" + search.DynamicPairs + "|" + search.DynamicTriples
		} else if k.NeedsTables {
			name += ":PARTITION"
		} else if k.Weighted {
			name += "[:W]"
		}
		fmt.Fprintf(w, "\n  %s", name)
		if len(k.Aliases) > 0 {
			fmt.Fprintf(w, "  (also %s)", strings.Join(k.Aliases, ", "))
		}
		fmt.Fprintf(w, "\n      %s\n      %s\n", k.Summary, guarantee(k))
	}
	fmt.Fprintf(w, "\nAdd %s to any of them (or give --reflect) for Korf and Felner's reflected\n", search.ReflectSuffix)
	fmt.Fprintln(w, "lookup: the larger of the values of a board and its mirror image (square boards).")
	fmt.Fprintln(w, "\nPattern-database presets (PARTITION; dashes optional: 6-6-3 is 663):")
	for _, p := range pdb.PresetTable() {
		def := ""
		if p.Default {
			def = ", the default for " + p.Size.String()
		}
		fmt.Fprintf(w, "  %-4s %s (%s%s)\n", p.Name, p.Doc, p.Size, def)
	}
	fmt.Fprintln(w, `Groups for the blank-last goal; for --goal blank-first they are turned half
a turn (tile t becomes N-t). Any other PARTITION is groups of tiles: commas or
spaces between tiles, / or ; between groups, such as 1,2,3/4,5,6,7/8,9,10,11.`)
	helpFringeAndMax(w)
}

// guarantee says in help what a heuristic kind promises.
func guarantee(k search.HeuristicKind) string {
	if k.Weighted {
		return "admissible and consistent for W <= 1; inadmissible (may overestimate: solutions may be longer than optimal) for W > 1"
	}
	return search.GuaranteeText(k.Admissible, k.Consistent)
}

// newFlags makes a flag set whose errors come back as usage errors.
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fs.PrintDefaults() }
	return fs
}

// parseFlags parses args, turning flag errors into one-line usage errors.
// Flags may follow positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				fs.PrintDefaults()
				return nil, err
			}
			return nil, usageError{msg: err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func stderrIsTerminal() bool {
	fi, err := os.Stderr.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
