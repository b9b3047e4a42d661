package handout

import (
	"bytes"
	"fmt"
	"html"

	"github.com/slidelab/slidelab/internal/digits"
	"github.com/slidelab/slidelab/internal/lesson"
)

// style is the page's style sheet: readable on a phone and on paper.
const style = `
body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;color:#222;background:#fff}
main{max-width:52em;margin:0 auto;padding:1em}
section{border-bottom:1px solid #ddd;padding:1em 0}
.pictures{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
figure{margin:0}figcaption{font-size:.85em;color:#555}
table.counters{border-collapse:collapse;margin:.5em 0}
table.counters td,table.counters th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
.question{background:#f4f6fa;border-left:4px solid #4a6fa5;padding:.5em 1em;margin:.8em 0}
code,pre{background:#f3f3f3}pre{padding:.5em;overflow-x:auto}
@media print{section{page-break-inside:avoid}}
`

// counters writes the part's search counters as a table.
func counters(b *bytes.Buffer, s *lesson.State) {
	r := s.Run
	rows := [][2]string{
		{"algorithm", algName(r.Algorithm)},
		{"heuristic", r.Heuristic},
		{"position", s.Settings.At.String()},
		{"expanded", digits.Group(r.Stats.Expanded, ",")},
		{"generated", digits.Group(r.Stats.Generated, ",")},
	}
	if r.Stats.Stored > 0 {
		rows = append(rows, [2]string{"stored", digits.Group(uint64(r.Stats.Stored), ",")})
	}
	if r.Bound > 0 {
		rows = append(rows, [2]string{"bound", fmt.Sprint(r.Bound)})
	}
	if r.Found {
		rows = append(rows, [2]string{"solution", fmt.Sprintf("%d moves", len(r.Moves))})
	}
	b.WriteString("<table class=\"counters\">\n")
	for _, row := range rows {
		fmt.Fprintf(b, "<tr><th>%s</th><td>%s</td></tr>\n", row[0], html.EscapeString(row[1]))
	}
	b.WriteString("</table>\n")
}

// question writes a question with its options and, folded away, its
// computed answer.
func question(b *bytes.Buffer, part, i int, a lesson.Answer) {
	fmt.Fprintf(b, "<div class=\"question\" id=\"q-%d-%d\">\n<p><strong>Question.</strong> %s</p>\n", part, i+1, html.EscapeString(a.Text))
	if len(a.Options) > 0 {
		b.WriteString("<ol type=\"A\">\n")
		for _, o := range a.Options {
			fmt.Fprintf(b, "<li>%s</li>\n", html.EscapeString(o))
		}
		b.WriteString("</ol>\n")
	}
	ans := a.Answer
	if len(a.Values) > 0 {
		ans += " (" + joinValues(a.Options, a.Values) + ")"
	}
	fmt.Fprintf(b, "<details><summary>Answer</summary><p>%s</p></details>\n</div>\n", html.EscapeString(ans))
}

func joinValues(opts, vals []string) string {
	var b bytes.Buffer
	for i := range vals {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", opts[i], vals[i])
	}
	return b.String()
}
