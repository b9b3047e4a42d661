package practiceview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
)

// topic is a group of exercise kinds as a student meets them in a course.
type topic struct {
	title string
	kinds []string
}

// topics groups every kind of core/exercise; TestTopicsCoverKinds checks that
// none is left out or listed twice.
var topics = []topic{
	{"Boards and heuristics", []string{"solvable", "hamming", "manhattan", "linear-conflict"}},
	{"Search step by step", []string{"next-node", "child-f", "optimal-moves", "branching-factor"}},
	{"IDA*", []string{"ida-bound", "ida-prune"}},
	{"Pattern databases and layers", []string{"pdb-entry", "pdb-layer", "bfs-layer"}},
	{"Properties of heuristics", []string{"admissible", "consistent"}},
}

// kindTitle returns the title students see for kind ("Manhattan distance").
func kindTitle(kind string) string {
	if k, err := exercise.LookupKind(kind); err == nil {
		return k.Title
	}
	return kind
}

// kindOfTitle returns the kind whose title is title.
func kindOfTitle(title string) (string, bool) {
	for _, k := range exercise.Kinds() {
		if k.Title == title {
			return k.Name, true
		}
	}
	return "", false
}

// Levels offered: the 8-puzzle (level 1) and the harder 15-puzzle (level 2).
const (
	levelEasy = "8-puzzle (level 1)"
	levelHard = "15-puzzle, harder (level 2)"
)

// Bounds of a practice set.
const (
	// MaxQuestions is the most questions a set holds.
	MaxQuestions = 100
	// defaultQuestions is the count a new view offers.
	defaultQuestions = 10
)

// parseSeed reads the seed a student typed: a whole number from 0 to
// exercise.MaxSeed, the largest seed a question records.
func parseSeed(text string) (uint64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, fmt.Errorf("seed: type a whole number from 0 to %d (the same seed gives the same questions)", uint64(exercise.MaxSeed))
	}
	if len(text) > 40 {
		return 0, fmt.Errorf("seed: %d characters is too long for a number; type a whole number from 0 to %d", len(text), uint64(exercise.MaxSeed))
	}
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil || n > exercise.MaxSeed {
		return 0, fmt.Errorf("seed %q: not a whole number from 0 to %d", text, uint64(exercise.MaxSeed))
	}
	return n, nil
}

// parseCount reads the number of questions: 1 to MaxQuestions.
func parseCount(text string) (int, error) {
	text = strings.TrimSpace(text)
	n, err := strconv.Atoi(text)
	if len(text) > 10 || err != nil || n < 1 || n > MaxQuestions {
		return 0, fmt.Errorf("questions %q: type a whole number from 1 to %d", text, MaxQuestions)
	}
	return n, nil
}
