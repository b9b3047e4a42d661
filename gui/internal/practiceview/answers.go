package practiceview

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
)

// maxTyped bounds a typed answer: longer text is no number.
const maxTyped = 40

// yesNo names the answers of a true-false question: choice 0 is "yes"
// (true), choice 1 "no" (false).
var yesNo = [2]string{"yes", "no"}

// choiceTexts returns the texts of the answers offered: a choice question's
// choices, "Yes" and "No" for a true-false question, none for a number.
func choiceTexts(q exercise.Question) []string {
	switch q.Answer {
	case exercise.TrueFalse:
		return []string{"Yes", "No"}
	case exercise.SingleChoice, exercise.MultipleChoice:
		out := make([]string, len(q.Choices))
		for i, c := range q.Choices {
			out[i] = c.Text
		}
		return out
	}
	return nil
}

// pickedAnswer turns picked choices (indices into choiceTexts) into the
// answer Question.Judge takes and the text a summary records.
func pickedAnswer(q exercise.Question, picked []int) (judge, shown string) {
	if q.Answer == exercise.TrueFalse {
		if len(picked) == 1 && picked[0] == 0 {
			return "true", yesNo[0]
		}
		return "false", yesNo[1]
	}
	idx := make([]string, len(picked))
	texts := make([]string, len(picked))
	for i, p := range picked {
		idx[i] = strconv.Itoa(p)
		texts[i] = q.Choices[p].Text
	}
	return strings.Join(idx, ","), strings.Join(texts, " | ")
}

// typedNumber checks a typed numeric answer: it must read as a number, so a
// slip of the keyboard is not marked wrong.
func typedNumber(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", fmt.Errorf("type a number, then press Enter")
	}
	if len(text) > maxTyped {
		return "", fmt.Errorf("the answer is %d characters long: type a number such as 17 or 1.25", len(text))
	}
	if x, err := strconv.ParseFloat(strings.Replace(text, ",", ".", 1), 64); err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return "", fmt.Errorf("%q is not a number: type a number such as 17 or 1.25", text)
	}
	return strings.Replace(text, ",", ".", 1), nil
}

// rightAnswer is the right answer as a summary records it: the right
// choices' texts, "yes" or "no", or the number (with its tolerance).
func rightAnswer(q exercise.Question) string {
	switch q.Answer {
	case exercise.TrueFalse:
		if q.Truth {
			return yesNo[0]
		}
		return yesNo[1]
	case exercise.Numeric:
		if q.Tolerance > 0 {
			return fmt.Sprintf("%g (±%g)", q.Number, q.Tolerance)
		}
		return fmt.Sprintf("%g", q.Number)
	}
	var texts []string
	for _, c := range q.Choices {
		if c.Correct {
			texts = append(texts, c.Text)
		}
	}
	return strings.Join(texts, " | ")
}

// rightIndices returns the indices (into choiceTexts) of the right answers
// of a choice or true-false question.
func rightIndices(q exercise.Question) []int {
	if q.Answer == exercise.TrueFalse {
		if q.Truth {
			return []int{0}
		}
		return []int{1}
	}
	var out []int
	for i, c := range q.Choices {
		if c.Correct {
			out = append(out, i)
		}
	}
	return out
}

// letter names choice i in a class vote: A, B, C, ...
func letter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return strconv.Itoa(i + 1)
}
