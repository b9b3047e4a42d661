package handout

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/render"
)

// exercise writes exercise i of a part: its text, its boards as pictures,
// its choices and, folded away, the answer, each choice's feedback and
// the explanation.
func (w *writer) exercise(b *bytes.Buffer, part, i int, q exercise.Question) error {
	fmt.Fprintf(b, "<div class=\"question exercise\" id=\"ex-%d-%d\">\n<p><strong>Exercise (%s).</strong></p>\n", part, i+1, html.EscapeString(q.Title))
	for _, line := range strings.Split(q.Text, "\n") {
		fmt.Fprintf(b, "<p>%s</p>\n", html.EscapeString(line))
	}
	if len(q.Boards) > 0 {
		b.WriteString("<div class=\"pictures\">\n")
	}
	for k, p := range q.Boards {
		name := fmt.Sprintf("part-%02d-ex-%02d-%d.png", part, i+1, k+1)
		img, err := render.BoardImage(p.Board, q.Goal, nil, -1, p.Caption, w.opts.ImageSize, w.opts.Theme)
		if err != nil {
			return fmt.Errorf("exercise %d: %w", i+1, err)
		}
		if err := w.png(name, img); err != nil {
			return err
		}
		fmt.Fprintf(b, "<figure><img src=\"%s\" alt=\"%s\" width=\"%d\" /><figcaption>%s</figcaption></figure>\n",
			name, html.EscapeString("board "+p.Board.Line()), w.opts.ImageSize/2, html.EscapeString(p.Caption+": "+p.Board.Line()))
	}
	if len(q.Boards) > 0 {
		b.WriteString("</div>\n")
	}
	if len(q.Choices) > 0 {
		b.WriteString("<ol type=\"A\">\n")
		for _, c := range q.Choices {
			fmt.Fprintf(b, "<li>%s</li>\n", html.EscapeString(c.Text))
		}
		b.WriteString("</ol>\n")
	}
	fmt.Fprintf(b, "<details><summary>Answer</summary><p>%s</p>\n", html.EscapeString(exerciseAnswer(q)))
	if len(q.Choices) > 0 {
		b.WriteString("<ul>\n")
		for k, c := range q.Choices {
			fmt.Fprintf(b, "<li>%c: %s</li>\n", 'A'+rune(k), html.EscapeString(c.Feedback))
		}
		b.WriteString("</ul>\n")
	}
	fmt.Fprintf(b, "<p>%s</p></details>\n</div>\n", html.EscapeString(q.Explanation))
	return nil
}

// exerciseAnswer is an exercise's answer in words: "17.", "No (false).", "B (...).".
func exerciseAnswer(q exercise.Question) string {
	switch q.Answer {
	case exercise.TrueFalse:
		if q.Truth {
			return "Yes (true)."
		}
		return "No (false)."
	case exercise.Numeric:
		s := strconv.FormatFloat(q.Number, 'f', -1, 64)
		if q.Tolerance > 0 {
			s += " (answers within " + strconv.FormatFloat(q.Tolerance, 'f', -1, 64) + " count)"
		}
		return s + "."
	}
	var right []string
	for k, c := range q.Choices {
		if c.Correct {
			right = append(right, fmt.Sprintf("%c (%s)", 'A'+rune(k), c.Text))
		}
	}
	return strings.Join(right, ", ") + "."
}
