package quiz

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
)

// xmlText escapes s for XML character data.
func xmlText(s string) string {
	var sb strings.Builder
	_ = xml.EscapeText(&sb, []byte(s)) // a strings.Builder does not fail
	return sb.String()
}

// commentSafe makes s safe inside an XML comment, which may not hold "--".
func commentSafe(s string) string {
	s = oneLine(s)
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "- -")
	}
	return s
}

// WriteMoodleXML writes the bank as Moodle XML: a category question, then
// one question per exercise (multichoice, truefalse or numerical) with its
// board pictures embedded as base64 files, per-answer feedback and the
// explanation as general feedback.
func WriteMoodleXML(ctx context.Context, w io.Writer, bank Bank) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n")
	fmt.Fprintf(bw, "<!-- Made by slidelab quiz: kinds %s, seed %d -->\n", commentSafe(bank.Kinds), bank.Seed)
	fmt.Fprintf(bw, "<question type=\"category\">\n<category><text>$course$/top/%s</text></category>\n</question>\n", xmlText(bank.Title))
	err := withPictures(ctx, bank, func(i int, q exercise.Question, pics []picture) error {
		return writeMoodleQuestion(bw, i, q, pics)
	})
	if err != nil {
		return err
	}
	bw.WriteString("</quiz>\n")
	return bw.Flush()
}

func moodleType(a exercise.AnswerKind) string {
	switch a {
	case exercise.TrueFalse:
		return "truefalse"
	case exercise.Numeric:
		return "numerical"
	}
	return "multichoice"
}

func writeMoodleQuestion(w *bufio.Writer, i int, q exercise.Question, pics []picture) error {
	text := questionHTML(q, func(k int) string { return "@@PLUGINFILE@@/" + pics[k].name })
	fmt.Fprintf(w, "<question type=\"%s\">\n<name><text>%s</text></name>\n", moodleType(q.Answer), xmlText(fmt.Sprintf("Q%d %s", i+1, q.Title)))
	fmt.Fprintf(w, "<questiontext format=\"html\"><text>%s</text>\n", xmlText(text))
	for _, p := range pics {
		fmt.Fprintf(w, "<file name=\"%s\" path=\"/\" encoding=\"base64\">%s</file>\n", p.name, base64.StdEncoding.EncodeToString(p.png))
	}
	w.WriteString("</questiontext>\n")
	fmt.Fprintf(w, "<generalfeedback format=\"html\"><text>%s</text></generalfeedback>\n", xmlText(paragraphs(q.Explanation)))
	w.WriteString("<defaultgrade>1</defaultgrade>\n<penalty>0.3333333</penalty>\n<hidden>0</hidden>\n")
	answer := func(fraction, text, feedback string) {
		fmt.Fprintf(w, "<answer fraction=\"%s\" format=\"html\"><text>%s</text><feedback format=\"html\"><text>%s</text></feedback></answer>\n",
			fraction, xmlText(text), xmlText(paragraphs(feedback)))
	}
	switch q.Answer {
	case exercise.TrueFalse:
		// As Moodle exports true-false answers: the words true and false.
		for _, v := range []bool{true, false} {
			fr, fb := "0", "No."
			if v == q.Truth {
				fr, fb = "100", "Right."
			}
			fmt.Fprintf(w, "<answer fraction=\"%s\" format=\"moodle_auto_format\"><text>%v</text><feedback format=\"html\"><text>%s</text></feedback></answer>\n",
				fr, v, xmlText(paragraphs(fb)))
		}
	case exercise.Numeric:
		fmt.Fprintf(w, "<answer fraction=\"100\"><text>%s</text><tolerance>%s</tolerance><feedback format=\"html\"><text>%s</text></feedback></answer>\n",
			number(q.Number), number(q.Tolerance), xmlText("<p>Right.</p>"))
	default:
		single := q.Answer == exercise.SingleChoice
		fmt.Fprintf(w, "<single>%v</single>\n<shuffleanswers>true</shuffleanswers>\n<answernumbering>abc</answernumbering>\n", single)
		share := shareFraction(rightCount(q))
		for _, c := range q.Choices {
			fr := "0"
			switch {
			case c.Correct:
				fr = share
			case !single:
				fr = "-100"
			}
			answer(fr, htmlEscape(c.Text), c.Feedback)
		}
	}
	w.WriteString("</question>\n")
	return nil
}
