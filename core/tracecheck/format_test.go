package tracecheck

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/traceschema"
)

// TestParseErrors checks that each kind of bad line is refused with the
// line, the field and what is wrong.
func TestParseErrors(t *testing.T) {
	s3 := board.Size{W: 3, H: 3}
	cases := []struct{ line, field, want string }{
		{`{"g":0}`, "board", "missing: every event gives its board"},
		{`{"board":"1 2 3 4 5 6 7 8 0"}`, "g", "missing: every event gives g"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":-1}`, "g", "-1 is out of range: must be between 0 and 1073741824"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":1.5}`, "g", "must be a whole number written without a decimal point or exponent, got 1.5"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":1e3}`, "g", "must be a whole number written without a decimal point or exponent"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":"3"}`, "g", `must be a whole number, got "\"3\""`},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":null}`, "g", "must be a whole number, got null"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":99999999999999999999999}`, "g", "out of range"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0,"bord":1}`, "bord", "unknown field"},
		{`{"board":"1 2 3 4 5 6 7 8 0","G":0}`, "G", "unknown field (names are lower case"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0,"event":"expnd"}`, "event", `"expnd" is not an event`},
		{`{"board":"1 2 3 4 5 6 7 8","g":0}`, "board", "a 3x3 board has 9 cells, got 8 numbers"},
		{`{"board":"1 2 3 4 5 6 7 8 8","g":0}`, "board", "8"},
		{`{"board":[1,2,3,4,5,6,7,8,"x"],"g":0}`, "board", "cell 9: must be a whole number"},
		{`{"board":{"a":1},"g":0}`, "board", "must be a string such as"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0,"children":[1,2,3,4,5]}`, "children", "5 children: a board has at most 4 moves"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0,"children":"x"}`, "children", "must be an array of boards"},
		{`{"format":"slidelab-trace","version":2}`, "version", "version 2 is not known: this checker reads version 1"},
		{`{"format":"other","version":1}`, "format", `must be "slidelab-trace"`},
		{`{"format":"slidelab-trace"}`, "version", "missing"},
		{`{"format":"slidelab-trace","version":1,"g":0}`, "g", "a header line (with \"format\") holds only"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0,"version":1}`, "version", "only a header line"},
		{`[1,2]`, "", "not a JSON object"},
		{`hello`, "", "not a JSON object"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0} {}`, "", "more than one JSON value"},
		{`{"board":"1 2 3 4 5 6 7 8 0","g":0`, "", "unexpected end of JSON input"},
		{`{"board":"1 2 3 4 5 6 7 8 0",,"g":0}`, "", "not valid JSON at byte"},
		{strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000), "", "exceeded max depth"},
	}
	for _, tc := range cases {
		_, _, err := Parse([]byte(tc.line), 7, s3)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%.60s: error %v, want a FormatError", tc.line, err)
			continue
		}
		if fe.Line != 7 || fe.Field != tc.field || !strings.Contains(fe.Msg, tc.want) {
			t.Errorf("%.60s: line %d field %q %q\nwant field %q containing %q", tc.line, fe.Line, fe.Field, fe.Msg, tc.field, tc.want)
		}
	}
}

// TestReaderErrors checks whole-file errors: a header after the first line,
// a line over the cap, no events, the event cap, a board of another size.
func TestReaderErrors(t *testing.T) {
	ev := `{"board":"1 2 3 4 5 6 0 7 8","g":0}` + "\n"
	cases := []struct {
		name, trace string
		maxEvents   int
		want        string
	}{
		{"header later", ev + `{"format":"slidelab-trace","version":1}` + "\n", 0, "line 2: field \"format\": a header line may only be the first line"},
		{"long line", ev + strings.Repeat(" ", 10<<20) + "\n", 0, "line 2: the line is longer than 16384 bytes"},
		{"zeros", strings.Repeat("\x00", 100000), 0, "line 1: the line is longer than 16384 bytes"},
		{"empty", "\n\n", 0, "line 1: the trace has no events"},
		{"event cap", ev + ev + ev, 2, "line 3: the trace has more than 2 events"},
		{"other size", ev + `{"board":"1 2 3 / 4 5 6 / 7 8 9 / 10 11 12 / 13 14 15 0","g":1}` + "\n", 0, "line 2: field \"board\""},
	}
	for _, tc := range cases {
		rd := Reader{Options: Options{Algorithm: search.BFS, Goal: board.BlankLast}, MaxEvents: tc.maxEvents}
		_, err := rd.Check(context.Background(), strings.NewReader(tc.trace))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// FuzzParse feeds arbitrary lines to Parse: it never panics, and a line it
// accepts is valid under the published schema (the schema cannot say that a
// board's numbers are a permutation, so the converse holds only for boards
// Parse accepts).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"board":"1 2 3 / 4 5 6 / 7 8 0","g":0}`,
		`{"board":[1,2,3,4,5,6,7,8,0],"g":3,"h":2,"f":5,"children":["1 2 3 4 5 6 7 0 8"]}`,
		`{"seq":0,"event":"iteration","node":0,"parent":-1,"g":0,"h":6,"f":6,"board":"4 1 3 7 2 6 0 5 8","line":4,"bound":6}`,
		`{"format":"slidelab-trace","version":1,"generator":"x"}`,
		`{"event":"goal","board":"1 2 3 / 4 5 6 / 7 8 _","g":2}`,
		`{"board":"1 2 / 3 0","g":0,"G":1}`, `{"board":"1,2,3,0","g":1e1}`, `[]`, `{}`, `{"g":-0}`,
	} {
		f.Add([]byte(s))
	}
	schema, err := traceschema.Load("../../docs/trace.schema.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > MaxLineBytes || bytes.ContainsAny(line, "\n") {
			return
		}
		_, _, err := Parse(line, 1, board.Size{})
		if err == nil && schema.Validate(line) != nil {
			t.Fatalf("Parse accepts %q, the schema does not", line)
		}
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("Parse(%q): %v is not a FormatError", line, err)
		}
	})
}

// FuzzCheck feeds arbitrary traces to the checker with each algorithm: it
// never panics, and either refuses the file with a FormatError or gives a
// verdict (a difference with a rule and a sentence, or a pass).
func FuzzCheck(f *testing.F) {
	start := mustParse(f, "4 1 3 / 7 2 6 / 0 5 8")
	for _, alg := range search.ClassicAlgorithms {
		evs := ownEvents(f, alg, "manhattan", start, board.BlankLast)
		f.Add(uint8(alg), fullJSON(evs))
		f.Add(uint8(alg), minimalJSON(evs))
	}
	h := heuristic(f, "manhattan", board.Size{W: 3, H: 3}, board.BlankLast)
	f.Fuzz(func(t *testing.T, alg uint8, trace []byte) {
		a := search.ClassicAlgorithms[int(alg)%len(search.ClassicAlgorithms)]
		rd := Reader{Options: Options{Algorithm: a, Heuristic: h, HeuristicName: "manhattan", Goal: board.BlankLast, MaxBoards: 1000}, MaxEvents: 1000}
		res, err := rd.Check(context.Background(), bytes.NewReader(trace))
		var fe *FormatError
		var le *LimitError
		switch {
		case err != nil && !errors.As(err, &fe) && !errors.As(err, &le):
			t.Fatalf("%v: error %v is neither a FormatError nor a LimitError", a, err)
		case err == nil && res.Difference != nil && (res.Difference.Rule == "" || res.Difference.Message == ""):
			t.Fatalf("%v: difference without a rule or a sentence: %+v", a, res.Difference)
		}
	})
}
