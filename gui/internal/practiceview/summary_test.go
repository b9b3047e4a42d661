package practiceview

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// playSet answers a set of manhattan and solvable questions: right, right,
// wrong, right (score 3, best streak 2), and returns to the summary.
func playSet(t *testing.T) *fixture {
	t.Helper()
	f := newTestView(t)
	f.start(1, 4, 42, "manhattan", "solvable")
	for _, right := range []bool{true, true, false, true} {
		q := f.question()
		if right {
			answerRight(f, q)
		} else {
			answerWrong(f, q)
		}
		f.press(fyne.KeyN)
	}
	return f
}

func TestScoreAndStreak(t *testing.T) {
	f := newTestView(t)
	f.start(1, 5, 7, "hamming")
	for i, c := range []struct {
		right               bool
		score, streak, best int
	}{{true, 1, 1, 1}, {true, 2, 2, 2}, {false, 2, 0, 2}, {true, 3, 1, 2}, {true, 4, 2, 2}} {
		q := f.question()
		if c.right {
			answerRight(f, q)
		} else {
			answerWrong(f, q)
		}
		s := f.v.set
		if s.score != c.score || s.streak != c.streak || s.best != c.best {
			t.Fatalf("after answer %d: score %d streak %d best %d, want %d %d %d", i+1, s.score, s.streak, s.best, c.score, c.streak, c.best)
		}
		want := "Score " + itoa(c.score) + " of " + itoa(i+1) + " · streak " + itoa(c.streak) + " · best " + itoa(c.best)
		if f.v.Score.Text != want {
			t.Errorf("score line %q, want %q", f.v.Score.Text, want)
		}
		if r := f.lastRecord(); r.Seconds != 1.5 {
			t.Errorf("answer %d took %v s, want 1.5 (the fake clock's step)", i+1, r.Seconds)
		}
		f.press(fyne.KeyN)
	}
	if !f.v.summary.Visible() || !strings.HasPrefix(f.v.Header.Text, "Done: 4 of 5 right") {
		t.Errorf("after the last question: summary shown %v, header %q", f.v.summary.Visible(), f.v.Header.Text)
	}
	if got := f.v.summaryCell(3, 4); got != "wrong" {
		t.Errorf("summary row 3 says %q, want wrong", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestSummaryFilesRoundTrip(t *testing.T) {
	f := playSet(t)
	sum := f.v.Summary()
	if sum.Score != 3 || sum.BestStreak != 2 || len(sum.Answers) != 4 || sum.Seed != 42 || sum.Questions != 4 {
		t.Fatalf("summary %+v", sum)
	}
	dir := t.TempDir()

	// JSON: read back whole, unknown fields refused.
	path := filepath.Join(dir, "practice.json")
	if err := sum.Save(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var back Summary
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
	want := sum
	want.Format, want.Version = summaryFormat, summaryVersion
	if !reflect.DeepEqual(back, want) {
		t.Errorf("JSON read back as %+v, want %+v", back, want)
	}

	// CSV: the header, then one row per answer, every field as written.
	path = filepath.Join(dir, "practice.csv")
	if err := sum.Save(path); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, path)
	if !reflect.DeepEqual(rows[0], csvColumns) || len(rows) != 5 {
		t.Fatalf("CSV header %v, %d rows", rows[0], len(rows))
	}
	for i, r := range sum.Answers {
		row := rows[i+1]
		if row[1] != r.Kind || row[5] != r.Answer || row[6] != r.RightAnswer || row[7] != map[bool]string{true: "true", false: "false"}[r.Right] || row[8] != "1.5" {
			t.Errorf("CSV row %d %q does not match %+v", i+1, row, r)
		}
	}

	// A name without .csv or .json, and a folder that is not there, are
	// errors that name the file; nothing is left behind.
	for _, bad := range []string{filepath.Join(dir, "practice.txt"), filepath.Join(dir, "missing", "p.csv")} {
		if err := sum.Save(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("Save(%s): %v, want an error naming it", bad, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the folder, want 2", len(entries))
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	rows, err := csv.NewReader(fh).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestSummaryFormatDocumented checks docs/formats-practice.md against the
// writer: the CSV columns listed, the JSON fields listed, and both examples
// (the CSV example read with the columns, the JSON example decoded with no
// unknown field and written again byte for byte).
func TestSummaryFormatDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "formats-practice.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	csvPart, jsonPart, ok := strings.Cut(text, "\n## JSON\n")
	if !ok {
		t.Fatal("no JSON section")
	}
	if got := tableNames(csvPart); !reflect.DeepEqual(got, csvColumns) {
		t.Errorf("CSV columns documented %v, written %v", got, csvColumns)
	}
	var fields []string
	for _, f := range reflect.VisibleFields(reflect.TypeOf(Summary{})) {
		fields = append(fields, f.Tag.Get("json"))
	}
	if got := tableNames(jsonPart); !reflect.DeepEqual(got, fields) {
		t.Errorf("JSON fields documented %v, written %v", got, fields)
	}
	var recordFields []string
	for _, f := range reflect.VisibleFields(reflect.TypeOf(Record{})) {
		recordFields = append(recordFields, f.Tag.Get("json"))
	}
	if !reflect.DeepEqual(recordFields, csvColumns) {
		t.Errorf("an answer's JSON fields %v, CSV columns %v", recordFields, csvColumns)
	}

	rows, err := csv.NewReader(strings.NewReader(block(t, csvPart, "csv"))).ReadAll()
	if err != nil || !reflect.DeepEqual(rows[0], csvColumns) {
		t.Fatalf("CSV example: %v, header %v", err, rows)
	}
	example := block(t, jsonPart, "json")
	var s Summary
	dec := json.NewDecoder(strings.NewReader(example))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("JSON example: %v", err)
	}
	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil || buf.String() != example {
		t.Errorf("the JSON example written again differs:\n%s", buf.String())
	}
	buf.Reset()
	if err := s.WriteCSV(&buf); err != nil || buf.String() != block(t, csvPart, "csv") {
		t.Errorf("the JSON example's answers as CSV differ from the CSV example:\n%s", buf.String())
	}
}

// tableNames returns the first column of the first table in md, without
// its backquotes.
func tableNames(md string) []string {
	var out []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(md, -1) {
		out = append(out, m[1])
	}
	return out
}

// block returns the first fenced block of language lang in md.
func block(t *testing.T, md, lang string) string {
	t.Helper()
	_, rest, ok := strings.Cut(md, "```"+lang+"\n")
	if !ok {
		t.Fatalf("no %s block", lang)
	}
	body, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatalf("unterminated %s block", lang)
	}
	return body
}
