package quiz

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
)

// giftSpecial are the characters GIFT gives a meaning; in text they are
// escaped with a backslash (and so is the backslash itself).
const giftSpecial = `\~=#{}:`

// GIFTEscape escapes text for a GIFT file: the special characters get a
// backslash and line breaks become spaces (a blank line would end the
// question).
func GIFTEscape(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case strings.ContainsRune(giftSpecial, r):
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n' || r == '\r':
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// WriteGIFT writes the bank as Moodle GIFT: one question a block, the text in
// [html] with the boards as tables, per-answer feedback and the explanation
// as general feedback.
func WriteGIFT(w io.Writer, bank Bank) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "// %s\n// Made by slidelab quiz --kinds %s --seed %d\n\n", oneLine(bank.Title), oneLine(bank.Kinds), bank.Seed)
	fmt.Fprintf(bw, "$CATEGORY: %s\n\n", oneLine(bank.Title))
	for i, q := range bank.Questions {
		text := questionHTML(q, func(int) string { return "" })
		fmt.Fprintf(bw, "::%s::[html]%s{\n", GIFTEscape(fmt.Sprintf("Q%d %s", i+1, q.Title)), GIFTEscape(text))
		writeGIFTAnswers(bw, q)
		fmt.Fprintf(bw, "\t####%s\n}\n\n", GIFTEscape(htmlEscape(q.Explanation)))
	}
	return bw.Flush()
}

func writeGIFTAnswers(w io.Writer, q exercise.Question) {
	fb := func(s string) string { return GIFTEscape(htmlEscape(s)) }
	switch q.Answer {
	case exercise.TrueFalse:
		mark := "FALSE"
		if q.Truth {
			mark = "TRUE"
		}
		// The first feedback shows after a wrong answer, the second after a right one.
		fmt.Fprintf(w, "\t%s#%s#%s\n", mark, fb("No."), fb("Right."))
	case exercise.Numeric:
		fmt.Fprintf(w, "\t#=%s:%s#%s\n", number(q.Number), number(q.Tolerance), fb("Right."))
	case exercise.SingleChoice:
		for _, c := range q.Choices {
			mark := "~"
			if c.Correct {
				mark = "="
			}
			fmt.Fprintf(w, "\t%s%s#%s\n", mark, fb(c.Text), fb(c.Feedback))
		}
	case exercise.MultipleChoice:
		share := shareFraction(rightCount(q))
		for _, c := range q.Choices {
			weight := "-100"
			if c.Correct {
				weight = share
			}
			fmt.Fprintf(w, "\t~%%%s%%%s#%s\n", weight, fb(c.Text), fb(c.Feedback))
		}
	}
}

// oneLine keeps a comment on one line.
func oneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }
