// Package quiz writes banks of generated exercises (core/exercise) in the
// formats learning platforms import: Moodle's GIFT and Moodle XML, Canvas's
// QTI 1.2 package, and Slidelab's own JSON (docs/formats-quiz.md).
package quiz

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/render"
)

// Formats lists the format names Write takes.
var Formats = []string{"gift", "moodle-xml", "qti", "json"}

// Bank is a question bank and what made it.
type Bank struct {
	// Title names the bank (the Moodle category, the Canvas quiz).
	Title string
	// Kinds and Seed are the arguments that made it, recorded in the json format.
	Kinds     string
	Seed      uint64
	Questions []exercise.Question
}

// PictureWidth is the width in pixels of the board pictures embedded in
// Moodle XML and QTI banks.
const PictureWidth = 160

// Write writes bank to w in format (one of Formats). Drawing the pictures
// of the Moodle XML and QTI formats stops when ctx ends.
func Write(ctx context.Context, w io.Writer, format string, bank Bank) error {
	switch format {
	case "gift":
		return WriteGIFT(w, bank)
	case "moodle-xml":
		return WriteMoodleXML(ctx, w, bank)
	case "qti":
		return WriteQTI(ctx, w, bank)
	case "json":
		return WriteJSON(w, bank)
	}
	return fmt.Errorf("unknown quiz format %q (want %s)", format, strings.Join(Formats, ", "))
}

// picture is one embedded board picture.
type picture struct {
	name string
	png  []byte
}

// withPictures calls do for each question of bank with its boards drawn,
// named q<i+1>-b<k+1>.png; it stops with ctx's error when ctx ends.
func withPictures(ctx context.Context, bank Bank, do func(i int, q exercise.Question, pics []picture) error) error {
	bp, err := render.NewBoardPictures()
	if err != nil {
		return err
	}
	for i, q := range bank.Questions {
		if err := ctx.Err(); err != nil {
			return err
		}
		pics := make([]picture, len(q.Boards))
		for k, p := range q.Boards {
			data, err := bp.PNG(p.Board, q.Goal, PictureWidth)
			if err != nil {
				return fmt.Errorf("question %d: %w", i+1, err)
			}
			pics[k] = picture{name: fmt.Sprintf("q%d-b%d.png", i+1, k+1), png: data}
		}
		if err := do(i, q, pics); err != nil {
			return err
		}
	}
	return nil
}

// htmlEscape escapes the characters HTML text and attributes need escaped
// (not the apostrophe, which would become "&#39;" and put a "#" in GIFT).
var htmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace

// paragraphs turns plain text into HTML paragraphs.
func paragraphs(text string) string {
	var sb strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			sb.WriteString("<p>" + htmlEscape(line) + "</p>")
		}
	}
	return sb.String()
}

// boardTable draws a board as an HTML table without attributes ("&nbsp;"
// for the blank), for formats without pictures.
func boardTable(b board.Board) string {
	s := b.Size()
	var sb strings.Builder
	sb.WriteString("<table>")
	for r := 0; r < s.H; r++ {
		sb.WriteString("<tr>")
		for c := 0; c < s.W; c++ {
			if t := b.At(r*s.W + c); t == 0 {
				sb.WriteString("<td>&nbsp;</td>")
			} else {
				fmt.Fprintf(&sb, "<td>%d</td>", t)
			}
		}
		sb.WriteString("</tr>")
	}
	sb.WriteString("</table>")
	return sb.String()
}

// questionHTML is a question's text and boards as HTML: img(k) gives the
// source of board k's picture, or "" to draw it as a table.
func questionHTML(q exercise.Question, img func(k int) string) string {
	var sb strings.Builder
	sb.WriteString(paragraphs(q.Text))
	for k, p := range q.Boards {
		sb.WriteString("<p>" + htmlEscape(p.Caption) + " (" + htmlEscape(p.Board.Line()) + ")</p>")
		if src := img(k); src != "" {
			fmt.Fprintf(&sb, `<p><img src="%s" alt="%s" width="%d"></p>`, htmlEscape(src), htmlEscape(p.Board.Line()), PictureWidth)
		} else {
			sb.WriteString(boardTable(p.Board))
		}
	}
	return sb.String()
}

// number formats a numeric answer without trailing zeros, rounded to nine
// decimals (so that 1.27 - 0.01 prints as 1.26).
func number(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e9)/1e9, 'f', -1, 64)
}

// shareFraction is the percentage of the mark each right choice of a
// multiple-answer question earns, in the form Moodle's grade list takes.
func shareFraction(right int) string {
	switch right {
	case 1:
		return "100"
	case 2:
		return "50"
	case 3:
		return "33.33333"
	case 4:
		return "25"
	}
	return fmt.Sprintf("%.5f", 100/float64(right))
}

func rightCount(q exercise.Question) int {
	n := 0
	for _, c := range q.Choices {
		if c.Correct {
			n++
		}
	}
	return n
}
