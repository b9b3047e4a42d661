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
	"os/signal"
	"sort"
	"strings"
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
		compareCommand(),
	}
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	return cmds
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, isTerminal: stderrIsTerminal()}
	os.Exit(run(ctx, e, os.Args[1:]))
}

// run executes one command line and returns the exit status.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, "slidelab: missing command; run 'slidelab help'")
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		return help(e, args[1:])
	}
	for _, c := range commands() {
		if c.name == name {
			err := c.run(ctx, e, args[1:])
			return report(e, c, err)
		}
	}
	fmt.Fprintf(e.stderr, "slidelab: unknown command %q; run 'slidelab help'\n", name)
	return 2
}

func report(e *env, c command, err error) int {
	var ue usageError
	var fe failError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(e.stdout, "usage: slidelab %s %s\n", c.name, c.usage)
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(ue.msg))
		return 2
	case errors.As(err, &fe):
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(fe.msg))
		return 1
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(e.stderr, "slidelab %s: interrupted\n", c.name)
		return 130
	default:
		fmt.Fprintf(e.stderr, "slidelab %s: %s\n", c.name, oneLine(err.Error()))
		return 1
	}
}

func help(e *env, args []string) int {
	if len(args) > 0 {
		for _, c := range commands() {
			if c.name == args[0] {
				fmt.Fprintf(e.stdout, "usage: slidelab %s %s\n\n%s\n\nFlags:\n", c.name, c.usage, c.summary)
				_ = c.run(context.Background(), &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: e.stdout}, []string{"-h"})
				return 0
			}
		}
		fmt.Fprintf(e.stderr, "slidelab help: unknown command %q\n", args[0])
		return 2
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

Run "slidelab help COMMAND" for a command's flags. Exit status: 0 success,
1 failure, 2 bad usage.`)
	return 0
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
