package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/lesson"
)

func lessonCommand() command {
	return command{
		name:  "lesson",
		usage: "list | check FILE|NAME | export NAME FILE | render FILE|NAME --html DIR | quiz FILE|NAME [--format F] [--out FILE]",
		summary: "Lessons: Markdown files whose slidelab blocks set up each part and whose numbers the engine computes. " +
			"list names the built-in lessons, check validates one (every part run), export writes a built-in lesson to start from, " +
			"render writes a static HTML handout with each part's board, search tree and counters, " +
			"quiz writes the lesson's exercises as a question bank (GIFT, Moodle XML, QTI, JSON).",
		run: runLesson,
	}
}

// maxLessonNodes caps --node-limit: a lesson's search is shown in class.
const maxLessonNodes = 1 << 30

// lessonSubcommands lists the subcommands of "slidelab lesson".
var lessonSubcommands = []struct {
	name, usage string
	run         func(ctx context.Context, e *env, args []string) error
}{
	{"list", "list", runLessonList},
	{"check", "check [--cache DIR] [--node-limit N] FILE|NAME", runLessonCheck},
	{"export", "export NAME FILE (FILE - for standard output)", runLessonExport},
	{"render", "render --html DIR [--cache DIR] [--node-limit N] [--size PX] FILE|NAME", runLessonRender},
	{"quiz", "quiz [--format gift|moodle-xml|qti|json] [--out FILE] [--title T] [--cache DIR] [--node-limit N] FILE|NAME", runLessonQuiz},
}

func runLesson(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("missing subcommand: list, check, export, render or quiz")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		for _, sc := range lessonSubcommands {
			fmt.Fprintf(e.stderr, "slidelab lesson %s\n", sc.usage)
		}
		return flag.ErrHelp
	}
	for _, sc := range lessonSubcommands {
		if sc.name == args[0] {
			return sc.run(ctx, e, args[1:])
		}
	}
	return usagef("unknown subcommand %q: want list, check, export, render or quiz", args[0])
}

func runLessonList(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson list")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	for _, b := range lesson.Builtins() {
		if _, err := fmt.Fprintf(e.stdout, "%-10s %2d parts  %s\n", b.Name, b.Parts, b.Title); err != nil {
			return err
		}
	}
	return nil
}

// openLesson reads a built-in lesson or a file, with a usage error for a
// name that is neither.
func openLesson(e *env, arg string) (*lesson.Lesson, error) {
	l, err := lesson.Open(arg)
	if err == nil {
		return l, nil
	}
	var list lesson.ErrorList
	if errors.As(err, &list) {
		printLessonErrors(e, arg, list)
		return nil, failError{msg: fmt.Sprintf("%s: %d %s", arg, len(list), plural(len(list), "error", "errors"))}
	}
	if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(arg, `/\`) && !strings.HasSuffix(arg, ".md") {
		if _, lerr := lesson.LoadBuiltin(arg); lerr != nil {
			return nil, failError{msg: fmt.Sprintf("%s: no such file, and %v ('slidelab lesson list' names them)", arg, lerr)}
		}
	}
	return nil, failError{msg: err.Error()}
}

// printLessonErrors writes each error on its own line.
func printLessonErrors(e *env, name string, list lesson.ErrorList) {
	for _, le := range list {
		fmt.Fprintf(e.stderr, "%s: %s\n", name, le.Error())
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// lessonFlags are the flags check and render share.
type lessonFlags struct {
	cache *string
	limit *int64
}

func addLessonFlags(fs *flag.FlagSet) lessonFlags {
	return lessonFlags{
		cache: fs.String("cache", "", "pattern-database cache directory (default: build the lesson's small tables in memory)"),
		limit: fs.Int64("node-limit", lesson.DefaultNodeLimit, "stop any one search of the lesson after this many generated nodes (an error naming the line)"),
	}
}

// resolve checks the flags and the arguments (one lesson), reads the
// lesson and runs every part, printing each error on its own line.
func (f lessonFlags) resolve(ctx context.Context, e *env, rest []string) (*lesson.Lesson, []*lesson.State, *lesson.Resolver, error) {
	if len(rest) != 1 {
		return nil, nil, nil, usagef("want one lesson: a file or a built-in name ('slidelab lesson list')")
	}
	if err := checkRange("node-limit", *f.limit, 1, maxLessonNodes); err != nil {
		return nil, nil, nil, err
	}
	l, err := openLesson(e, rest[0])
	if err != nil {
		return nil, nil, nil, err
	}
	r := &lesson.Resolver{CacheDir: *f.cache, NodeLimit: uint64(*f.limit)}
	states, err := r.ResolveAll(ctx, l)
	if ctx.Err() != nil {
		return nil, nil, nil, ctx.Err()
	}
	var list lesson.ErrorList
	if errors.As(err, &list) {
		printLessonErrors(e, rest[0], list)
		return nil, nil, nil, failError{msg: fmt.Sprintf("%s: %d %s", rest[0], len(list), plural(len(list), "error", "errors"))}
	}
	if err != nil {
		return nil, nil, nil, failError{msg: err.Error()}
	}
	return l, states, r, nil
}

func runLessonCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson check")
	lf := addLessonFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	_, states, _, err := lf.resolve(ctx, e, rest)
	if err != nil {
		return err
	}
	questions := 0
	for _, s := range states {
		questions += len(s.Answers)
	}
	exs := ""
	if n := len(lesson.Exercises(states)); n > 0 {
		exs = fmt.Sprintf(", %d %s", n, plural(n, "exercise", "exercises"))
	}
	_, err = fmt.Fprintf(e.stdout, "%s: ok: %d parts, %d %s%s, every placeholder filled\n", rest[0], len(states), questions, plural(questions, "question", "questions"), exs)
	return err
}

func runLessonExport(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "lesson export")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 2 {
		return usagef("want a built-in lesson's name and a file: slidelab lesson export astar my-astar.md")
	}
	data, ok := lesson.BuiltinSource(rest[0])
	if !ok {
		_, lerr := lesson.LoadBuiltin(rest[0])
		return usagef("%v ('slidelab lesson list' names them)", lerr)
	}
	if rest[1] == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	if err := atomicfile.WriteBytes(rest[1], data); err != nil {
		return failError{msg: fmt.Sprintf("writing %s: %v", rest[1], err)}
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s: lesson %s, %d bytes\n", rest[1], rest[0], len(data))
	return err
}
