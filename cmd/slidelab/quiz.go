package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/quiz"
)

func quizCommand() command {
	return command{
		name:  "quiz",
		usage: "--kinds LIST [--count N] [--seed S] [--format gift|moodle-xml|qti|json] [--out FILE] [--title T] | --list",
		summary: "Write a question bank of exercises whose answers the engine computes (solvability, heuristic values, PDB entries, " +
			"A*/IDA* steps, admissibility, optimal moves) for Moodle (GIFT, Moodle XML), Canvas (QTI 1.2 zip) or as JSON; the same seed gives the same bytes.",
		run: runQuiz,
	}
}

// Limits of "slidelab quiz".
const (
	maxQuizCount = 2000
	maxQuizTitle = 200
)

func runQuiz(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "quiz")
	kinds := fs.String("kinds", "", "exercise kinds, comma-separated, each with an optional :LEVEL (1: 8-puzzle, 2: 15-puzzle or harder), or all; see --list")
	count := fs.Int("count", 10, fmt.Sprintf("number of questions (at most %d); the kinds are used in turn", maxQuizCount))
	seed := fs.Uint64("seed", 1, "seed: the same kinds, count and seed give the same bank, byte for byte")
	format := fs.String("format", "gift", "gift, moodle-xml, qti (a Canvas zip) or json")
	out := fs.String("out", "-", "file to write (- : standard output)")
	title := fs.String("title", "Slidelab practice", "the bank's title (Moodle category, Canvas quiz title)")
	list := fs.Bool("list", false, "list the exercise kinds and exit")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	if *list {
		return listKinds(e)
	}
	if *kinds == "" {
		return usagef("--kinds is required (see slidelab quiz --list)")
	}
	picks, err := exercise.ParsePicks(*kinds)
	if err != nil {
		return usagef("--kinds: %v", err)
	}
	if *count < 1 || *count > maxQuizCount {
		return usagef("--count %d: must be between 1 and %d", *count, maxQuizCount)
	}
	if *seed > exercise.MaxSeed {
		return usagef("--seed %d: must be at most %d (2^53 - 1, so that JSON readers read it exactly)", *seed, uint64(exercise.MaxSeed))
	}
	if err := checkQuizOutput(*format, *title, *out); err != nil {
		return err
	}
	qs, err := exercise.NewGenerator().Bank(ctx, picks, *count, *seed)
	if err != nil {
		return err
	}
	bank := quiz.Bank{Title: strings.TrimSpace(*title), Kinds: *kinds, Seed: *seed, Questions: qs}
	return writeBank(ctx, e, *out, *format, bank)
}

// writeBank writes bank in format to out (- : standard output), whole or
// not at all.
func writeBank(ctx context.Context, e *env, out, format string, bank quiz.Bank) error {
	var buf bytes.Buffer
	if err := quiz.Write(ctx, &buf, format, bank); err != nil {
		return err
	}
	if out == "-" {
		_, err := e.stdout.Write(buf.Bytes())
		return err
	}
	if err := atomicfile.WriteBytes(out, buf.Bytes()); err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	_, err := fmt.Fprintf(e.stdout, "wrote %s: %d questions, %s, %s bytes\n", out, len(bank.Questions), format, groupDigits(int64(buf.Len())))
	return err
}

// checkQuizOutput checks the format, title and output flags that quiz and
// lesson quiz share.
func checkQuizOutput(format, title, out string) error {
	if !isQuizFormat(format) {
		return usagef("--format %q: want %s", format, strings.Join(quiz.Formats, ", "))
	}
	if t := strings.TrimSpace(title); t == "" || len(t) > maxQuizTitle || strings.ContainsAny(t, "\n\r") {
		return usagef("--title: must be one line of 1 to %d bytes", maxQuizTitle)
	}
	if out != "-" {
		if err := atomicfile.CheckWritable(out); err != nil {
			return fmt.Errorf("--out %s: %w", out, err)
		}
	}
	return nil
}

func isQuizFormat(f string) bool {
	for _, x := range quiz.Formats {
		if f == x {
			return true
		}
	}
	return false
}

// listKinds prints the exercise kinds, one a line.
func listKinds(e *env) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tLEVELS\tASKS")
	for _, k := range exercise.Kinds() {
		fmt.Fprintf(tw, "%s\t1-%d\t%s\n", k.Name, k.Levels, k.Summary)
	}
	return tw.Flush()
}
