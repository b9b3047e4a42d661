// Package exercise generates practice and quiz questions on heuristic search
// for sliding-tile puzzles. Every question is made from a seed, so the same
// kind, level and seed give the same question; its answer is computed by the
// engine (core/board, core/search, core/pdb) and its explanation is built
// from the same code the app uses.
//
// A Question carries what a practice view or a quiz export needs: the text,
// the boards to show (the first one is the board to click on), the answer
// (one right choice, several right choices, true or false, or a number with
// a tolerance), feedback for every choice and an explanation.
package exercise

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// AnswerKind says how a question is answered.
type AnswerKind uint8

const (
	// SingleChoice: exactly one of Choices is right.
	SingleChoice AnswerKind = iota
	// MultipleChoice: one or more of Choices are right; all of them must be picked.
	MultipleChoice
	// TrueFalse: the statement in Text is true or false (Truth).
	TrueFalse
	// Numeric: a number (Number, within Tolerance).
	Numeric
)

// String names the answer kind as the json format writes it.
func (a AnswerKind) String() string {
	switch a {
	case SingleChoice:
		return "single-choice"
	case MultipleChoice:
		return "multiple-choice"
	case TrueFalse:
		return "true-false"
	case Numeric:
		return "numeric"
	}
	return fmt.Sprintf("AnswerKind(%d)", uint8(a))
}

// Picture is a board shown with a question, with a caption ("Start", "#4").
type Picture struct {
	Caption string
	Board   board.Board
}

// Choice is one answer offered by a choice question.
type Choice struct {
	// Text is the answer as shown.
	Text string
	// Correct marks a right answer.
	Correct bool
	// Feedback says why the answer is right or wrong.
	Feedback string
}

// Question is one generated exercise.
type Question struct {
	// Kind is the name of the kind that made it; Level its difficulty
	// (1: 8-puzzle, 2: 15-puzzle); Seed the seed it was made from.
	Kind  string
	Level int
	Seed  uint64
	// Title is a short name for the question bank ("Manhattan distance 17").
	Title string
	// Text is the question, plain text (lines separated by "\n").
	Text string
	// Boards are the boards the question shows, the main one first.
	Boards []Picture
	// Goal is the goal the boards are solved towards.
	Goal board.Goal
	// Answer says which of the fields below hold the answer.
	Answer AnswerKind
	// Choices are the answers offered (SingleChoice, MultipleChoice).
	Choices []Choice
	// Truth is the answer of a TrueFalse question.
	Truth bool
	// Number and Tolerance: the answer of a Numeric question is right when
	// it is within Tolerance of Number.
	Number, Tolerance float64
	// Explanation is the worked answer, plain text, shown after answering.
	Explanation string
	// Given holds the question's parameters by name ("bound": "12",
	// "heuristic": "manhattan", "g": "3"), for a view that lays the question
	// out itself and for checks that recompute the answer.
	Given map[string]string
}

// Right reports whether answer is right: a choice question takes the indices
// of the picked choices (from 0, separated by commas or spaces), a
// true-false question "true" or "false", a numeric question a number.
func (q Question) Right(answer string) bool { return q.Judge(answer).Right }

// Verdict is what a practice view shows after an answer.
type Verdict struct {
	// Right reports whether the answer is right.
	Right bool
	// Feedback has the feedback of each picked choice, or one sentence for
	// a number or true/false.
	Feedback []string
	// Explanation is the question's worked answer.
	Explanation string
}

// Judge checks answer (as Right takes it) and returns the verdict with its
// feedback. An answer that cannot be read is wrong, with a feedback saying so.
func (q Question) Judge(answer string) Verdict {
	answer = strings.TrimSpace(answer)
	v := Verdict{Explanation: q.Explanation}
	switch q.Answer {
	case TrueFalse:
		v.Right = strings.EqualFold(answer, fmt.Sprint(q.Truth))
		v.Feedback = []string{fmt.Sprintf("No: the answer is %v.", q.Truth)}
	case Numeric:
		var x float64
		_, err := fmt.Sscan(answer, &x)
		v.Right = err == nil && x >= q.Number-q.Tolerance && x <= q.Number+q.Tolerance
		v.Feedback = []string{fmt.Sprintf("No: the answer is %g.", q.Number)}
		if q.Tolerance > 0 {
			v.Feedback[0] = fmt.Sprintf("No: the answer is %g (answers within %g count).", q.Number, q.Tolerance)
		}
	default:
		return q.judgeChoices(answer, v)
	}
	if v.Right {
		v.Feedback = []string{"Right."}
	}
	return v
}

func (q Question) judgeChoices(answer string, v Verdict) Verdict {
	picked := make([]bool, len(q.Choices))
	for _, f := range strings.FieldsFunc(answer, func(r rune) bool { return r == ',' || r == ' ' }) {
		i, err := strconv.Atoi(f)
		if err != nil || i < 0 || i >= len(q.Choices) {
			v.Feedback = []string{fmt.Sprintf("%q is not a choice (choices are numbered from 0 to %d).", f, len(q.Choices)-1)}
			return v
		}
		picked[i] = true
	}
	v.Right = true
	for i, c := range q.Choices {
		if picked[i] {
			v.Feedback = append(v.Feedback, c.Feedback)
		}
		v.Right = v.Right && picked[i] == c.Correct
	}
	if len(v.Feedback) == 0 {
		v.Feedback = []string{"No choice picked."}
	}
	return v
}

// Kind is one kind of exercise.
type Kind struct {
	// Name is the kind's name on the command line ("manhattan").
	Name string
	// Title is its name for people ("Manhattan distance").
	Title string
	// Summary says in one sentence what the question asks.
	Summary string
	// Levels is the highest level it has (levels run from 1).
	Levels int
	gen    func(g *Generator, r *rand.Rand, level int) (Question, error)
}

// ErrUnknownKind is wrapped by errors about a kind name not in the registry.
var ErrUnknownKind = errors.New("unknown exercise kind")

// Kinds returns the registry of exercise kinds, in a fixed order.
func Kinds() []Kind {
	return []Kind{
		{Name: "solvable", Title: "Solvable or not", Levels: 2, gen: genSolvable,
			Summary: "is this board solvable? (parity of inversions and the blank's row)"},
		{Name: "hamming", Title: "Hamming distance", Levels: 2, gen: genHamming,
			Summary: "the number of misplaced tiles of a board"},
		{Name: "manhattan", Title: "Manhattan distance", Levels: 2, gen: genManhattan,
			Summary: "the sum of the tiles' row and column distances to their goal cells"},
		{Name: "linear-conflict", Title: "Linear conflict", Levels: 2, gen: genLinearConflict,
			Summary: "Manhattan plus 2 for each tile that must leave its row or column (which tiles conflict)"},
		{Name: "pdb-entry", Title: "Pattern database entry", Levels: 2, gen: genPDBEntry,
			Summary: "the entry of a small pattern database for a board's placement of the pattern tiles (the 0-1 BFS layer it is found in)"},
		{Name: "pdb-layer", Title: "Pattern database layer", Levels: 2, gen: genPDBLayer,
			Summary: "how many placements the 0-1 BFS of a small pattern database first reaches at a cost"},
		{Name: "bfs-layer", Title: "Breadth-first layer", Levels: 2, gen: genBFSLayer,
			Summary: "how many states lie at a given number of moves from the goal of a small board"},
		{Name: "next-node", Title: "Next node selected", Levels: 2, gen: genNextNode,
			Summary: "which node of an open list A*, greedy search or BFS selects next (with the tie rule)"},
		{Name: "child-f", Title: "Children's f-values", Levels: 2, gen: genChildF,
			Summary: "the f = g + h values of the children of an expanded node"},
		{Name: "ida-bound", Title: "IDA*'s next bound", Levels: 2, gen: genIDABound,
			Summary: "the bound of IDA*'s next pass after a pass that did not find the goal"},
		{Name: "ida-prune", Title: "IDA* pruning", Levels: 2, gen: genIDAPrune,
			Summary: "which children of a node IDA* prunes at a bound"},
		{Name: "admissible", Title: "Admissible on these boards?", Levels: 2, gen: genAdmissible,
			Summary: "whether a heuristic overestimates the true distance on one of a set of boards (with a counter-example)"},
		{Name: "consistent", Title: "Consistent on these boards?", Levels: 2, gen: genConsistent,
			Summary: "whether h(n) <= 1 + h(n') holds for every move from a set of boards (with a counter-example)"},
		{Name: "branching-factor", Title: "Effective branching factor", Levels: 2, gen: genBranching,
			Summary: "A*'s effective branching factor b* from the nodes it generated and the solution's depth (a number with tolerance 0.01)"},
		{Name: "optimal-moves", Title: "An optimal solution", Levels: 2, gen: genOptimalMoves,
			Summary: "which move sequence solves a short board in the fewest moves"},
	}
}

// LookupKind returns the kind called name.
func LookupKind(name string) (Kind, error) {
	var names []string
	for _, k := range Kinds() {
		if k.Name == name {
			return k, nil
		}
		names = append(names, k.Name)
	}
	return Kind{}, fmt.Errorf("%w %q (known kinds: %s)", ErrUnknownKind, name, strings.Join(names, ", "))
}

// Generator makes questions. It keeps the small pattern databases and
// breadth-first layer counts it has computed, so a bank of many questions
// computes each once. A Generator is safe for concurrent use.
type Generator struct {
	mu     sync.Mutex
	tables map[string]*pdb.Table
	layers map[board.Size][]uint64
}

// NewGenerator returns a Generator with empty caches.
func NewGenerator() *Generator {
	return &Generator{tables: map[string]*pdb.Table{}, layers: map[board.Size][]uint64{}}
}

// Generate makes the question of kind at level from seed.
func (g *Generator) Generate(kind string, level int, seed uint64) (Question, error) {
	k, err := LookupKind(kind)
	if err != nil {
		return Question{}, err
	}
	if level < 1 || level > k.Levels {
		return Question{}, fmt.Errorf("exercise %s: level %d: must be between 1 and %d", kind, level, k.Levels)
	}
	q, err := k.gen(g, board.NewRand(seed), level)
	if err != nil {
		return Question{}, fmt.Errorf("exercise %s, level %d, seed %d: %w", kind, level, seed, err)
	}
	q.Kind, q.Level, q.Seed = k.Name, level, seed
	return q, nil
}

// Pick is a kind and a level to draw questions from.
type Pick struct {
	Kind  string
	Level int
}

// MaxBank is the most questions Bank makes at once.
const MaxBank = 10000

// Bank makes count questions, cycling through picks: question i is of
// picks[i mod len(picks)], made from a seed derived from seed and i, so the
// same arguments give the same bank.
func (g *Generator) Bank(ctx context.Context, picks []Pick, count int, seed uint64) ([]Question, error) {
	if len(picks) == 0 {
		return nil, fmt.Errorf("exercise bank: no kinds")
	}
	if count < 1 || count > MaxBank {
		return nil, fmt.Errorf("exercise bank: count %d: must be between 1 and %d", count, MaxBank)
	}
	out := make([]Question, 0, count)
	for i := 0; i < count; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := picks[i%len(picks)]
		q, err := g.Generate(p.Kind, p.Level, QuestionSeed(seed, i))
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, nil
}

// MaxSeed is the largest seed a bank records: 2^53 - 1, the largest integer
// a JSON reader that uses doubles (JavaScript) reads exactly.
const MaxSeed = 1<<53 - 1

// QuestionSeed is the seed of question i of a bank made from seed (a
// SplitMix64 step, so neighbouring banks do not share questions), at most
// MaxSeed.
func QuestionSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return (z ^ (z >> 31)) & MaxSeed
}

// Limits of ParsePicks.
const (
	maxPicksText = 4096
	maxPicks     = 1000
)

// ParsePicks reads a list of kinds such as "manhattan,ida-bound:2,all":
// names separated by commas, each with an optional ":LEVEL" (default 1);
// "all" stands for every kind.
func ParsePicks(text string) ([]Pick, error) {
	if len(text) > maxPicksText {
		return nil, fmt.Errorf("the list of kinds is %d bytes long, more than %d", len(text), maxPicksText)
	}
	var out []Pick
	for _, f := range strings.Split(text, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if len(out) >= maxPicks {
			return nil, fmt.Errorf("more than %d kinds listed", maxPicks)
		}
		name, lv, hasLevel := strings.Cut(f, ":")
		level := 1
		if hasLevel {
			if _, err := fmt.Sscanf(lv, "%d", &level); err != nil || fmt.Sprint(level) != lv {
				return nil, fmt.Errorf("kind %q: level %q is not a number", f, lv)
			}
		}
		if name == "all" {
			for _, k := range Kinds() {
				if level < 1 || level > k.Levels {
					return nil, fmt.Errorf("all:%d: levels run from 1 to %d", level, k.Levels)
				}
				out = append(out, Pick{Kind: k.Name, Level: level})
			}
			continue
		}
		k, err := LookupKind(name)
		if err != nil {
			return nil, err
		}
		if level < 1 || level > k.Levels {
			return nil, fmt.Errorf("kind %s: level %d: must be between 1 and %d", name, level, k.Levels)
		}
		out = append(out, Pick{Kind: name, Level: level})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no kinds listed (known kinds: %s, or all)", kindNames())
	}
	return out, nil
}

func kindNames() string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}
