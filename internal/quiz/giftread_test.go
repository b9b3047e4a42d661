package quiz

// A small GIFT reader, written from the grammar in Moodle's "GIFT format"
// documentation, to read back what WriteGIFT writes: questions are blocks
// separated by blank lines; "//" starts a comment line; "::title::" names a
// question; "[html]" sets the text's format; the answers are between "{"
// and "}": "=" a right answer, "~" a wrong one, "~%N%" a weighted one, "#"
// the feedback of the answer before it, "####" the general feedback; a
// numeric question starts with "#" and gives "=value:tolerance"; a true-false
// question is TRUE or FALSE followed by "#wrong-answer feedback#right-answer
// feedback". The characters ~ = # { } : are escaped with a backslash in
// text, and so is the backslash.

import (
	"fmt"
	"strings"
)

// gchar is one character of a GIFT block and whether it was escaped.
type gchar struct {
	r   rune
	esc bool
}

func unescapeRunes(s string) ([]gchar, error) {
	var out []gchar
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' {
			if i+1 == len(rs) {
				return nil, fmt.Errorf("a backslash ends the block")
			}
			i++
			if rs[i] == 'n' {
				out = append(out, gchar{'\n', true})
				continue
			}
			if !strings.ContainsRune(giftSpecial, rs[i]) {
				return nil, fmt.Errorf("escaped %q is not a special character", rs[i])
			}
			out = append(out, gchar{rs[i], true})
			continue
		}
		out = append(out, gchar{rs[i], false})
	}
	return out, nil
}

func plain(cs []gchar) string {
	var sb strings.Builder
	for _, c := range cs {
		sb.WriteRune(c.r)
	}
	return sb.String()
}

// special reports whether cs[i:] starts with the unescaped text m.
func special(cs []gchar, i int, m string) bool {
	for k, r := range m {
		if i+k >= len(cs) || cs[i+k].esc || cs[i+k].r != r {
			return false
		}
	}
	return true
}

// unescapedIn reports whether an unescaped character of set is in cs.
func unescapedIn(cs []gchar, set string) bool {
	for _, c := range cs {
		if !c.esc && strings.ContainsRune(set, c.r) {
			return true
		}
	}
	return false
}

type giftAnswer struct {
	mark     string // "=", "~" or "~%W%"
	text     string
	feedback string
}

type giftQuestion struct {
	title, format, text string
	kind                string // "choice", "numeric", "truefalse"
	answers             []giftAnswer
	truth               bool
	tfFeedback          [2]string
	number, tolerance   string
	general             string
}

// readGIFT parses a GIFT file.
func readGIFT(file string) ([]giftQuestion, error) {
	var out []giftQuestion
	for _, block := range strings.Split(strings.ReplaceAll(file, "\r\n", "\n"), "\n\n") {
		var lines []string
		for _, l := range strings.Split(block, "\n") {
			if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "$CATEGORY:") {
				continue
			}
			lines = append(lines, l)
		}
		if len(lines) == 0 {
			continue
		}
		q, err := readGIFTQuestion(strings.Join(lines, "\n"))
		if err != nil {
			return nil, fmt.Errorf("question %d: %w", len(out)+1, err)
		}
		out = append(out, q)
	}
	return out, nil
}

func readGIFTQuestion(block string) (giftQuestion, error) {
	cs, err := unescapeRunes(block)
	if err != nil {
		return giftQuestion{}, err
	}
	var q giftQuestion
	i := 0
	if special(cs, 0, "::") {
		j := 2
		for j < len(cs) && !special(cs, j, "::") {
			j++
		}
		if j == len(cs) {
			return q, fmt.Errorf("title not closed")
		}
		q.title, i = plain(cs[2:j]), j+2
	}
	if special(cs, i, "[") {
		j := i
		for j < len(cs) && !special(cs, j, "]") {
			j++
		}
		q.format, i = plain(cs[i+1:j]), j+1
	}
	open := i
	for open < len(cs) && !special(cs, open, "{") {
		open++
	}
	end := len(cs) - 1
	for end > open && cs[end].r == '\n' {
		end--
	}
	if open >= len(cs) || !special(cs, end, "}") {
		return q, fmt.Errorf("no answer block { ... } at the end")
	}
	text := cs[i:open]
	if unescapedIn(text, "~=#{}") {
		return q, fmt.Errorf("an unescaped special character in the text %q", plain(text))
	}
	q.text = plain(text)
	return q, readGIFTAnswers(&q, cs[open+1:end])
}

// splitAt cuts cs at each unescaped start of one of the markers (longest first).
func readGIFTAnswers(q *giftQuestion, cs []gchar) error {
	// The general feedback first.
	for i := range cs {
		if special(cs, i, "####") {
			q.general = strings.TrimSpace(plain(cs[i+4:]))
			if unescapedIn(cs[i+4:], "~=#{}") {
				return fmt.Errorf("an unescaped special character in the general feedback")
			}
			cs = cs[:i]
			break
		}
	}
	body := strings.TrimSpace(plain(cs))
	switch {
	case len(cs) > 0 && strings.HasPrefix(body, "#"):
		q.kind = "numeric"
		parts := fields(cs, "#")
		// parts: "", "=value:tol", "feedback"
		if len(parts) < 2 {
			return fmt.Errorf("numeric answer missing")
		}
		ans := strings.TrimSpace(parts[1])
		ans = strings.TrimPrefix(ans, "=")
		v, tol, ok := strings.Cut(ans, ":")
		if !ok {
			return fmt.Errorf("numeric answer %q without a tolerance", ans)
		}
		q.number, q.tolerance = v, tol
		return nil
	case strings.HasPrefix(body, "TRUE") || strings.HasPrefix(body, "FALSE"):
		q.kind = "truefalse"
		parts := fields(cs, "#")
		q.truth = strings.TrimSpace(parts[0]) == "TRUE"
		if len(parts) != 3 {
			return fmt.Errorf("true-false: %d parts, want the answer and two feedbacks", len(parts))
		}
		q.tfFeedback = [2]string{strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2])}
		return nil
	}
	q.kind = "choice"
	var cur *giftAnswer
	inFeedback := false
	for i := 0; i < len(cs); i++ {
		c := cs[i]
		switch {
		case !c.esc && (c.r == '=' || c.r == '~'):
			q.answers = append(q.answers, giftAnswer{mark: string(c.r)})
			cur, inFeedback = &q.answers[len(q.answers)-1], false
			if c.r == '~' && special(cs, i+1, "%") {
				j := i + 2
				for j < len(cs) && !special(cs, j, "%") {
					j++
				}
				cur.mark = "~%" + plain(cs[i+2:j]) + "%"
				i = j
			}
		case !c.esc && c.r == '#':
			if cur == nil {
				return fmt.Errorf("feedback before any answer")
			}
			inFeedback = true
		case cur == nil:
			if !strings.ContainsRune(" \t\n", c.r) {
				return fmt.Errorf("text %q before the first answer", c.r)
			}
		case inFeedback:
			cur.feedback += string(c.r)
		default:
			cur.text += string(c.r)
		}
	}
	for k := range q.answers {
		q.answers[k].text = strings.TrimSpace(q.answers[k].text)
		q.answers[k].feedback = strings.TrimSpace(q.answers[k].feedback)
	}
	return nil
}

// fields splits cs at the unescaped sep, unescaping the parts.
func fields(cs []gchar, sep string) []string {
	var out []string
	start := 0
	for i := range cs {
		if special(cs, i, sep) {
			out = append(out, plain(cs[start:i]))
			start = i + 1
		}
	}
	return append(out, plain(cs[start:]))
}
