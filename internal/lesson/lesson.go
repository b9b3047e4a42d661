// Package lesson reads Slidelab's lesson files and runs them: Markdown text
// split into parts at headings (or a "---" line), each part optionally
// setting the app's state in a fenced ```slidelab block (view, board, goal,
// algorithm, heuristic, partition, overlays, a position in the run and
// questions), with numbers written as placeholders ({{expanded}},
// {{length}}, {{h manhattan}}) that the engine fills by running the part's
// search. A lesson never types a count.
//
// Parse checks a file and names the line of every error; a Resolver runs a
// part to its position and returns its State: the board, the search's
// counters, the filled text and the questions' computed answers. The
// package is pure Go with no Fyne import, so the command line (slidelab
// lesson), the handout writer and the app's lesson mode share it. The
// grammar is in docs/formats-lessons.md.
package lesson

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Limits of Parse: a lesson is a page of text for a class, so anything near
// them is not a lesson.
const (
	// MaxBytes is the largest lesson file read.
	MaxBytes = 1 << 20
	// MaxLines is the most lines a lesson holds.
	MaxLines = 20_000
	// MaxLineBytes is the longest line.
	MaxLineBytes = 16 << 10
	// MaxParts is the most parts a lesson holds.
	MaxParts = 200
	// MaxDepth is the deepest nesting of block quotes and list indentation
	// (a level is a ">" or two columns of indentation).
	MaxDepth = 32
	// MaxPlaceholders is the most placeholders a lesson holds.
	MaxPlaceholders = 2000
	// MaxErrors is the most errors Parse reports; it stops after them.
	MaxErrors = 50
	// MaxSteps is the largest N of "at: step N".
	MaxSteps = 100_000
	// MaxWalk is the longest random walk a board may be made by.
	MaxWalk = 1000
	// MaxMoves is the most moves a "moves:" line may play.
	MaxMoves = 200
	// MaxChoices is the most choices a question may offer.
	MaxChoices = 8
)

// Lesson is a parsed lesson file.
type Lesson struct {
	// Name names the lesson: a built-in lesson's name or the file's path.
	Name string
	// Dir is the folder of the lesson's file, where its images are looked
	// for ("" for a built-in lesson or one read from a stream).
	Dir string
	// Title is the text of the first heading ("" when there is none).
	Title string
	// Parts are the lesson's parts in order; there is at least one.
	Parts []*Part
}

// Part is one step of a lesson: its text and the state it sets.
type Part struct {
	// Index is the part's position in the lesson, from 0.
	Index int
	// Line is the part's first line (1-based).
	Line int
	// Title is the part's heading without the #s ("" for text before the
	// first heading or after a "---").
	Title string
	// Text is the part's Markdown with its slidelab block removed and its
	// placeholders unfilled.
	Text string
	// BlockLine is the line of the part's ```slidelab fence, 0 when the
	// part has none (it keeps the state of the part before).
	BlockLine int
	// Settings is the state the part shows: the block's keys over the
	// previous part's state.
	Settings Settings
	// Questions are the block's questions.
	Questions []Question
	// Exercises are the block's exercise: lines (core/exercise's
	// generator makes their questions when the part is resolved).
	Exercises []Exercise
	// placeholders lists the text's placeholders in order.
	placeholders []placeholder
}

// Settings is the state a part sets up.
type Settings struct {
	// View names the app's view: see Views.
	View string
	// Size and Goal are the board's size and solved arrangement.
	Size board.Size
	Goal board.Goal
	// Board is the start board (solvable for Goal); Source says where it
	// came from ("korf100:9", "random walk 30 seed 7", the board's line).
	Board  board.Board
	Source string
	// Algorithm is the search run; HasAlgorithm is false until a block
	// names one (a part without a search shows the board alone).
	Algorithm    search.Algorithm
	HasAlgorithm bool
	// Params are the algorithm's parameters (weight, depth-limit,
	// cycle-check, memory-nodes, cost), the command line's defaults until
	// a block sets them.
	Params Params
	// Heuristic is the heuristic's canonical name (manhattan by default).
	Heuristic string
	// Partition is the pattern-database view's partition ("" for the
	// size's default).
	Partition string
	// Overlays are what the views draw over the board: see Overlays.
	Overlays []string
	// At is the position in the run the part shows.
	At Position
	// Line is the line of each key that was set, for messages.
	lines map[string]int
}

// KeyLine returns the line where key was last set, 0 when it never was.
func (s *Settings) KeyLine(key string) int { return s.lines[key] }

// PositionKind says where in a run a part stops.
type PositionKind uint8

const (
	// AtStart shows the start board; nothing has run.
	AtStart PositionKind = iota
	// AtStep stops after N events of the stepper (selections, expansions,
	// IDA*'s iteration starts).
	AtStep
	// AtIteration stops when IDA*'s N-th pass has ended (the next begins,
	// or the goal is found).
	AtIteration
	// AtF stops when the open list first holds a node with f = N (IDA*:
	// when the bound first reaches N).
	AtF
	// AtGoal runs the search to the goal.
	AtGoal
)

// Position is a point in a search run.
type Position struct {
	Kind PositionKind
	N    int
}

// String returns the position as a lesson writes it: "step 12", "goal".
func (p Position) String() string {
	switch p.Kind {
	case AtStep:
		return fmt.Sprintf("step %d", p.N)
	case AtIteration:
		return fmt.Sprintf("iteration %d", p.N)
	case AtF:
		return fmt.Sprintf("f %d", p.N)
	case AtGoal:
		return "goal"
	}
	return "start"
}

// QuestionKind says what a question asks.
type QuestionKind uint8

const (
	// AskNext asks which node the search selects next.
	AskNext QuestionKind = iota
	// AskChoice is multiple choice over heuristics or algorithms; the
	// engine runs each and picks the answer by the question's criterion.
	AskChoice
	// AskNumber asks for a number that a placeholder computes.
	AskNumber
)

// Question is a question of a part. Its answer is computed by Resolve.
type Question struct {
	// Line is the line of the "question:" key.
	Line int
	Kind QuestionKind
	// Text is the question as written (placeholders unfilled).
	Text string
	// Choices are a multiple-choice question's heuristic or algorithm
	// names, in canonical spelling.
	Choices []string
	// Criterion is a multiple-choice question's rule ("fewest expanded").
	Criterion Criterion
	// answer is a number question's placeholder.
	answer *placeholder
}

// Criterion picks a multiple-choice question's answer: the choice with the
// fewest (or most) of a measure.
type Criterion struct {
	// Most picks the largest value instead of the smallest.
	Most bool
	// Measure is "expanded", "generated", "stored", "length" or "h".
	Measure string
}

// String returns the criterion as written: "fewest expanded".
func (c Criterion) String() string {
	if c.Measure == "h" || c.Measure == "length" {
		if c.Most {
			return "largest " + c.Measure
		}
		return "smallest " + c.Measure
	}
	if c.Most {
		return "most " + c.Measure
	}
	return "fewest " + c.Measure
}

// Views lists the view names a lesson may set.
var Views = []string{"puzzle", "search", "tree", "pdb", "compare", "quality", "race"}

// Overlays lists the overlay names a lesson may set.
var Overlays = []string{"groups", "h", "g", "f", "moved", "path", "open", "tree", "conflicts", "goal"}

// Error is a problem in a lesson, at a line.
type Error struct {
	// Line is the 1-based line; 0 for the file as a whole.
	Line int
	// Msg says what is wrong.
	Msg string
}

// Error returns "line 42: unknown heuristic 'manhatan' (did you mean manhattan?)".
func (e *Error) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// ErrorList is every error found in a lesson, in line order.
type ErrorList []*Error

// Error returns the errors one a line.
func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

func errorf(line int, format string, args ...any) *Error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}
