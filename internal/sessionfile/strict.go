package sessionfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The strict pass. encoding/json matches field names case-insensitively
// (and by Unicode folding: "\u212aorf", with a Kelvin sign, is "korf"), and
// keeps the last of duplicate fields, so Decode first walks the file's
// tokens itself: the top level must be an object, every field name must be
// one of fileFields exactly and appear once in its object, values nest no
// deeper than the format does, and every string (names and values) must be
// printable text (checkText). Only then is the file decoded into fileJSON.

// fields lists the names of an object's fields; a nil entry is a value, a
// non-nil one an object with those fields.
type fields map[string]fields

var fileFields = fields{
	"format": nil, "version": nil, "goal": nil, "board": nil, "title": nil, "optimal": nil, "korf": nil,
	"search": {"algorithm": nil, "heuristic": nil, "event": nil,
		"weight": nil, "depth_limit": nil, "cycle_check": nil, "memory_nodes": nil, "cost": nil},
	"pdb": {"size": nil, "kind": nil, "partition": nil},
	"compare": {"set": nil, "file": nil, "count": nil, "seed": nil, "moves": nil, "algorithm": nil,
		"heuristics": nil, "node_limit": nil, "seconds": nil,
		"weight": nil, "depth_limit": nil, "cycle_check": nil, "memory_nodes": nil, "cost": nil},
	"settings": {"theme": nil, "zoom": nil, "speed": nil},
	"view":     {"tab": nil, "tree": nil, "predict": nil},
}

// maxNesting is how deep a value that is not one of fileFields' objects may
// nest (the list of heuristics is 1): deeper is no session file.
const maxNesting = 2

// head is what the strict pass found: the format and version fields as
// written (nil when absent or of another type), and the first field that is
// not a session file's (reported after the version check: a newer file may
// have fields this version does not know).
type head struct {
	format  *string
	version json.Token // nil when absent
	unknown string
}

// scanner walks a file's JSON tokens.
type scanner struct {
	dec  *json.Decoder
	head head
}

// sniff refuses, before any JSON is read, what is not JSON text: bytes that
// are not UTF-8, a NUL byte, or a first character other than "{".
func sniff(data []byte) error {
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return fmt.Errorf("%w: a binary file, not JSON text (a NUL byte or bytes that are not UTF-8)", ErrNotSession)
	}
	text := bytes.TrimLeft(data, " \t\r\n")
	switch {
	case len(text) == 0:
		return fmt.Errorf("%w: an empty file, not JSON", ErrNotSession)
	case text[0] == '{':
	case json.Valid(text):
		return fmt.Errorf("%w: the file holds a JSON value that is not an object", ErrNotSession)
	default:
		return fmt.Errorf("%w: not valid JSON (a session file is a JSON object, starting with {)", ErrNotSession)
	}
	return nil
}

// scanStrict runs the strict pass over data (sniffed already). Its syntax
// errors wrap ErrNotSession, its other errors ErrInvalid.
func scanStrict(data []byte) (head, error) {
	sc := scanner{dec: json.NewDecoder(bytes.NewReader(data))}
	sc.dec.UseNumber()
	tok, err := sc.dec.Token()
	if err != nil {
		return head{}, fmt.Errorf("%w: %s", ErrNotSession, jsonError(data, err))
	}
	if tok != json.Delim('{') {
		return head{}, fmt.Errorf("%w: the file holds a JSON value, not an object", ErrNotSession)
	}
	if err := sc.object(fileFields, "", true); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return head{}, fmt.Errorf("%w: %s", ErrNotSession, jsonError(data, err))
		}
		return head{}, err
	}
	if _, err := sc.dec.Token(); !errors.Is(err, io.EOF) {
		return head{}, fmt.Errorf("%w: more data after the session's closing brace", ErrNotSession)
	}
	return sc.head, nil
}

// object reads an object's fields up to its closing brace (its opening one
// read): known are its field names, path names it in messages ("" or
// "compare."), top says it is the file's object.
func (sc *scanner) object(known fields, path string, top bool) error {
	seen := make(map[string]bool, len(known))
	for sc.dec.More() {
		tok, err := sc.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		name := path + key
		if err := checkText("field name "+strconv.Quote(truncate(name)), key); err != nil {
			return err
		}
		if seen[key] {
			return fmt.Errorf("%w: field %q appears twice", ErrInvalid, truncate(name))
		}
		seen[key] = true
		sub, ok := known[key]
		if !ok && sc.head.unknown == "" {
			sc.head.unknown = name
		}
		if tok, err = sc.dec.Token(); err != nil {
			return err
		}
		if top {
			sc.keepHead(key, tok)
		}
		if tok == json.Delim('{') && sub != nil {
			if err := sc.object(sub, name+".", false); err != nil {
				return err
			}
			continue
		}
		if err := sc.value(tok, name, 0); err != nil {
			return err
		}
	}
	_, err := sc.dec.Token() // the closing brace
	return err
}

// keepHead keeps the top level's format and version.
func (sc *scanner) keepHead(key string, tok json.Token) {
	switch v := tok.(type) {
	case string:
		if key == "format" {
			sc.head.format = &v
		}
	}
	if key == "version" {
		sc.head.version = tok
	}
}

// value reads the rest of a value whose first token is tok (a string, a
// number, a list or an object that is no session object), depth levels
// inside the format's own objects.
func (sc *scanner) value(tok json.Token, name string, depth int) error {
	switch v := tok.(type) {
	case string:
		return checkText("field "+strconv.Quote(truncate(name)), v)
	case json.Delim:
		if depth >= maxNesting {
			return fmt.Errorf("%w: field %q: values nested too deep", ErrInvalid, truncate(name))
		}
		for sc.dec.More() {
			t, err := sc.dec.Token()
			if err != nil {
				return err
			}
			if err := sc.value(t, name, depth+1); err != nil {
				return err
			}
		}
		_, err := sc.dec.Token() // the closing bracket or brace
		return err
	}
	return nil
}

// checkText refuses what is not printable text in a string of the file:
// control characters (C0, DEL, C1: ESC, NUL, BEL, line breaks, tabs),
// format characters (bidirectional overrides and isolates U+202A-U+202E and
// U+2066-U+2069, marks, zero-width spaces, a byte order mark; the
// zero-width joiner of emoji stays) and the line and paragraph separators.
func checkText(what, s string) error {
	n := 0
	for _, r := range s {
		n++
		if kind := unprintable(r); kind != "" {
			return fmt.Errorf("%w: %s: character %d is U+%04X, %s; write printable text", ErrInvalid, what, n, r, kind)
		}
	}
	return nil
}

// unprintable says what kind of character checkText refuses r as, or "".
func unprintable(r rune) string {
	switch {
	case unicode.IsControl(r):
		return "a control character"
	case r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069:
		return "a bidirectional override"
	case unicode.Is(unicode.Cf, r) && r != 0x200D:
		return "an invisible format character"
	case unicode.In(r, unicode.Zl, unicode.Zp):
		return "a line break"
	case r == utf8.RuneError:
		return "an invalid UTF-8 sequence"
	}
	return ""
}

// PrintableTitle turns any text (a file's name, a window title) into a title
// a session file keeps: one line, without the characters checkText refuses
// (control and format characters, bidirectional overrides, invalid UTF-8:
// each becomes a space), spaces collapsed, and cut to MaxTitle bytes with
// "…" on a character boundary.
func PrintableTitle(s string) string {
	clean := strings.Map(func(r rune) rune {
		if unprintable(r) != "" {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, " "))
	title := strings.Join(strings.Fields(clean), " ")
	if len(title) <= MaxTitle {
		return title
	}
	cut := MaxTitle - len("…")
	for cut > 0 && !utf8.RuneStart(title[cut]) {
		cut--
	}
	return title[:cut] + "…"
}
