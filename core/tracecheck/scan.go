package tracecheck

import (
	"encoding/json"

	"github.com/slidelab/slidelab/core/board"
)

// A fast path for the lines traces are made of: a flat JSON object whose
// keys are the known field names and whose values are whole numbers, plain
// ASCII strings without escapes, or arrays of those (two levels deep). It
// accepts only valid JSON and fills rawLine exactly as encoding/json would;
// anything else (escapes, floats, null, objects, unknown keys, bad syntax)
// makes it give up, and Parse decodes the line with encoding/json, which
// also words the errors. About four times faster than encoding/json.

// scanLine fills raw from text and reports whether the fast path applied.
func scanLine(text []byte, raw *rawLine) bool {
	i := skipSpace(text, 0)
	if i >= len(text) || text[i] != '{' {
		return false
	}
	i = skipSpace(text, i+1)
	if i < len(text) && text[i] == '}' {
		return skipSpace(text, i+1) == len(text)
	}
	for {
		kEnd, ok := scanString(text, i)
		if !ok {
			return false
		}
		field := raw.field(text[i+1 : kEnd-1])
		if field == nil {
			return false
		}
		i = skipSpace(text, kEnd)
		if i >= len(text) || text[i] != ':' {
			return false
		}
		i = skipSpace(text, i+1)
		vEnd, ok := scanValue(text, i, 0)
		if !ok {
			return false
		}
		*field = text[i:vEnd]
		i = skipSpace(text, vEnd)
		if i >= len(text) {
			return false
		}
		switch text[i] {
		case ',':
			i = skipSpace(text, i+1)
		case '}':
			return skipSpace(text, i+1) == len(text)
		default:
			return false
		}
	}
}

// field returns the field named key, or nil.
func (r *rawLine) field(key []byte) *[]byte {
	var f *[]byte
	switch string(key) {
	case "format":
		f = (*[]byte)(&r.Format)
	case "version":
		f = (*[]byte)(&r.Version)
	case "generator":
		f = (*[]byte)(&r.Generator)
	case "seq":
		f = (*[]byte)(&r.Seq)
	case "event":
		f = (*[]byte)(&r.Event)
	case "node":
		f = (*[]byte)(&r.Node)
	case "parent":
		f = (*[]byte)(&r.Parent)
	case "g":
		f = (*[]byte)(&r.G)
	case "h":
		f = (*[]byte)(&r.H)
	case "f":
		f = (*[]byte)(&r.F)
	case "board":
		f = (*[]byte)(&r.Board)
	case "line":
		f = (*[]byte)(&r.Line)
	case "bound":
		f = (*[]byte)(&r.Bound)
	case "children":
		f = (*[]byte)(&r.Children)
	}
	return f
}

func skipSpace(text []byte, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
		i++
	}
	return i
}

// scanString returns the end of the plain string starting at text[i].
func scanString(text []byte, i int) (int, bool) {
	if i >= len(text) || text[i] != '"' {
		return 0, false
	}
	for j := i + 1; j < len(text); j++ {
		switch c := text[j]; {
		case c == '"':
			return j + 1, true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return 0, false
		}
	}
	return 0, false
}

// scanValue returns the end of the value starting at text[i]: a whole
// number, a plain string, or (depth < 2) an array of those.
func scanValue(text []byte, i, depth int) (int, bool) {
	if i >= len(text) {
		return 0, false
	}
	switch c := text[i]; {
	case c == '"':
		return scanString(text, i)
	case c == '-' || (c >= '0' && c <= '9'):
		return scanInt(text, i)
	case c == '[' && depth < 2:
		i = skipSpace(text, i+1)
		if i < len(text) && text[i] == ']' {
			return i + 1, true
		}
		for {
			end, ok := scanValue(text, i, depth+1)
			if !ok {
				return 0, false
			}
			i = skipSpace(text, end)
			if i >= len(text) {
				return 0, false
			}
			switch text[i] {
			case ',':
				i = skipSpace(text, i+1)
			case ']':
				return i + 1, true
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// scanInt returns the end of a JSON integer (no fraction, no exponent).
func scanInt(text []byte, i int) (int, bool) {
	if text[i] == '-' {
		i++
	}
	start := i
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == start || (text[start] == '0' && i-start > 1) {
		return 0, false
	}
	if i < len(text) && (text[i] == '.' || text[i] == 'e' || text[i] == 'E') {
		return 0, false
	}
	return i, true
}

// splitArray returns the elements of a plain array (see scanValue), or false.
func splitArray(raw []byte) ([]json.RawMessage, bool) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '[' {
		return nil, false
	}
	var out []json.RawMessage
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return out, skipSpace(raw, i+1) == len(raw)
	}
	for {
		end, ok := scanValue(raw, i, 1)
		if !ok {
			return nil, false
		}
		out = append(out, raw[i:end])
		i = skipSpace(raw, end)
		if i >= len(raw) {
			return nil, false
		}
		switch raw[i] {
		case ',':
			i = skipSpace(raw, i+1)
		case ']':
			return out, skipSpace(raw, i+1) == len(raw)
		default:
			return nil, false
		}
	}
}

// plainString returns the text of a JSON string without escapes.
func plainString(raw []byte) (string, bool) {
	end, ok := scanString(raw, 0)
	if !ok || end != len(raw) {
		return "", false
	}
	return string(raw[1 : end-1]), true
}

// quickBoard reads a board written as numbers separated by single spaces
// (the form slidelab trace writes, and arrays become), of size (zero: a
// square). Anything else, or a bad board, is left to board.Parse.
func quickBoard(text string, size board.Size) (board.Board, bool) {
	var tiles [board.MaxCells]int
	n, v, digits := 0, 0, 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] >= '0' && text[i] <= '9' {
			if digits == 2 || (digits == 1 && v == 0) {
				return board.Board{}, false // no board has 100 cells; no leading zeros
			}
			v, digits = v*10+int(text[i]-'0'), digits+1
			continue
		}
		if (i < len(text) && text[i] != ' ') || digits == 0 || n == len(tiles) {
			return board.Board{}, false
		}
		tiles[n], n, v, digits = v, n+1, 0, 0
	}
	if size == (board.Size{}) {
		for w := 2; w <= 5; w++ {
			if w*w == n {
				size = board.Size{W: w, H: w}
			}
		}
		if size == (board.Size{}) {
			return board.Board{}, false
		}
	}
	b, err := board.New(size, tiles[:n])
	return b, err == nil
}
