package traceschema

import "testing"

// TestSchemaAcceptsAndRefuses checks the published schema against the
// format's rules: the least line, the full line of slidelab trace, the
// header; and lines each rule refuses.
func TestSchemaAcceptsAndRefuses(t *testing.T) {
	s, err := Load("../../docs/trace.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		line string
		ok   bool
	}{
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8","g":0}`, true},
		{`{"board":[1,2,3,4,5,6,0,7,8],"g":0,"h":2,"f":2,"children":[[1,2,3,0,5,6,4,7,8],"1 2 3 4 5 6 7 0 8"]}`, true},
		{`{"seq":0,"event":"iteration","node":0,"parent":-1,"g":0,"h":6,"f":6,"board":"4 1 3 7 2 6 0 5 8","line":4,"bound":6}`, true},
		{`{"event":"goal","board":"1 2 3 / 4 5 6 / 7 8 _","g":2}`, true},
		{`{"format":"slidelab-trace","version":1,"generator":"astar.py"}`, true},
		{`{"format":"slidelab-trace","version":2}`, false},
		{`{"format":"slidelab-trace"}`, false},
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8"}`, false},
		{`{"g":0}`, false},
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8","g":-1}`, false},
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8","g":1.5}`, false},
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8","g":0,"bord":1}`, false},
		{`{"board":"1 2 3 / 4 5 6 / 0 7 8","g":0,"event":"expnd"}`, false},
		{`{"board":"one two","g":0}`, false},
		{`{"board":[1,2,3],"g":0}`, false},
		{`{"board":"1 2 3 4","g":0,"children":["1 2 3 4","1 2 3 4","1 2 3 4","1 2 3 4","1 2 3 4"]}`, false},
		{`{"board":"1 2 3 4","g":0,"parent":-2}`, false},
		{`[1,2]`, false},
	}
	for _, tc := range cases {
		if err := s.Validate([]byte(tc.line)); (err == nil) != tc.ok {
			t.Errorf("%s: valid %v, want %v (%v)", tc.line, err == nil, tc.ok, err)
		}
	}
}
