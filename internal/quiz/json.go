package quiz

import (
	"encoding/json"
	"io"

	"github.com/slidelab/slidelab/core/exercise"
)

// JSONFormat and JSONVersion name the json format (docs/formats-quiz.md).
const (
	JSONFormat  = "slidelab-quiz"
	JSONVersion = 1
)

// JSONBank is the json format's top level.
type JSONBank struct {
	Format    string         `json:"format"`
	Version   int            `json:"version"`
	Title     string         `json:"title"`
	Kinds     string         `json:"kinds"`
	Seed      uint64         `json:"seed"`
	Questions []JSONQuestion `json:"questions"`
}

// JSONQuestion is one question of the json format.
type JSONQuestion struct {
	Kind        string            `json:"kind"`
	Level       int               `json:"level"`
	Seed        uint64            `json:"seed"`
	Title       string            `json:"title"`
	Text        string            `json:"text"`
	Goal        string            `json:"goal"`
	Boards      []JSONBoard       `json:"boards"`
	Answer      JSONAnswer        `json:"answer"`
	Explanation string            `json:"explanation"`
	Given       map[string]string `json:"given,omitempty"`
}

// JSONBoard is a board shown with a question.
type JSONBoard struct {
	Caption string `json:"caption"`
	Board   string `json:"board"`
}

// JSONAnswer is a question's answer: Type is single-choice,
// multiple-choice, true-false or numeric.
type JSONAnswer struct {
	Type      string       `json:"type"`
	Choices   []JSONChoice `json:"choices,omitempty"`
	Truth     *bool        `json:"truth,omitempty"`
	Number    *float64     `json:"number,omitempty"`
	Tolerance *float64     `json:"tolerance,omitempty"`
}

// JSONChoice is an offered answer.
type JSONChoice struct {
	Text     string `json:"text"`
	Correct  bool   `json:"correct"`
	Feedback string `json:"feedback"`
}

// WriteJSON writes the bank in Slidelab's json format, indented.
func WriteJSON(w io.Writer, bank Bank) error {
	out := JSONBank{Format: JSONFormat, Version: JSONVersion, Title: bank.Title, Kinds: bank.Kinds, Seed: bank.Seed, Questions: []JSONQuestion{}}
	for _, q := range bank.Questions {
		out.Questions = append(out.Questions, jsonQuestion(q))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func jsonQuestion(q exercise.Question) JSONQuestion {
	jq := JSONQuestion{Kind: q.Kind, Level: q.Level, Seed: q.Seed, Title: q.Title, Text: q.Text, Goal: q.Goal.String(),
		Explanation: q.Explanation, Given: q.Given, Answer: JSONAnswer{Type: q.Answer.String()}}
	for _, p := range q.Boards {
		jq.Boards = append(jq.Boards, JSONBoard{Caption: p.Caption, Board: p.Board.Line()})
	}
	switch q.Answer {
	case exercise.TrueFalse:
		t := q.Truth
		jq.Answer.Truth = &t
	case exercise.Numeric:
		n, tol := q.Number, q.Tolerance
		jq.Answer.Number, jq.Answer.Tolerance = &n, &tol
	default:
		for _, c := range q.Choices {
			jq.Answer.Choices = append(jq.Answer.Choices, JSONChoice{Text: c.Text, Correct: c.Correct, Feedback: c.Feedback})
		}
	}
	return jq
}
