package handout

import (
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/exercise"
)

// TestWriteExercises: a part's exercises are on the page with their
// pictures, choices and, inside <details>, the generator's answer and
// explanation; the page stays well-formed.
func TestWriteExercises(t *testing.T) {
	text := "# Practice\n\n```slidelab\nboard: random walk 30 seed 5\nexercise: manhattan board\nexercise: next-node seed 3\nexercise: solvable seed 2\n```\n\nTry them.\n"
	dir := filepath.Join(t.TempDir(), "out")
	states, st := writeLesson(t, text, dir, 120)
	data, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := strings.TrimPrefix(string(data), "<!DOCTYPE html>\n")
	imgs := len(pictureSources(t, page))
	exs := states[0].Exercises
	if len(exs) != 3 {
		t.Fatalf("%d exercises, want 3", len(exs))
	}
	pictures := 1 // the part's board
	for i, q := range exs {
		pictures += len(q.Boards)
		body := page[strings.Index(page, `id="ex-1-`+string(rune('1'+i))+`"`):]
		body = body[:strings.Index(body, "</details>")]
		details := body[strings.Index(body, "<details>"):]
		for _, w := range []string{html.EscapeString(q.Explanation), html.EscapeString(exerciseAnswer(q))} {
			if !strings.Contains(details, w) {
				t.Errorf("exercise %d: the folded answer lacks %q", i+1, w)
			}
		}
		for _, c := range q.Choices {
			if !strings.Contains(body, "<li>"+html.EscapeString(c.Text)+"</li>") {
				t.Errorf("exercise %d: choice %q not listed", i+1, c.Text)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "part-01-ex-0"+string(rune('1'+i))+"-1.png")); err != nil {
			t.Errorf("exercise %d: %v", i+1, err)
		}
	}
	if imgs != pictures || st.Images != pictures {
		t.Errorf("%d pictures on the page, %d written, want %d", imgs, st.Images, pictures)
	}
	if got, want := exerciseAnswer(exs[0]), strconv.Itoa(int(exs[0].Number))+"."; got != want {
		t.Errorf("numeric answer %q, want %q", got, want)
	}
	if got := exerciseAnswer(exs[2]); got != map[bool]string{true: "Yes (true).", false: "No (false)."}[exs[2].Truth] {
		t.Errorf("true-false answer %q", got)
	}
	if got := exerciseAnswer(exs[1]); !strings.HasPrefix(got, string(rune('A'+correct(exs[1])))+" (") {
		t.Errorf("choice answer %q", got)
	}
}

func correct(q exercise.Question) int {
	for i, c := range q.Choices {
		if c.Correct {
			return i
		}
	}
	return -1
}
