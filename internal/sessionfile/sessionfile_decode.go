package sessionfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// Decode reads one session file from r, reading at most MaxBytes+1 bytes,
// and checks every field. Errors wrap ErrNotSession (not JSON, too large, no
// format marker, no version), ErrNewerVersion or ErrInvalid (a bad field, an
// unknown field, a board that does not reach the goal, a heuristic not
// offered for the board's size).
func Decode(r io.Reader) (Session, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Session{}, fmt.Errorf("reading session file: %w", err)
	}
	if len(data) > MaxBytes {
		return Session{}, fmt.Errorf("%w: larger than %d KiB", ErrNotSession, MaxBytes>>10)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if err := sniff(data); err != nil {
		return Session{}, err
	}
	// The strict pass: exact and unique field names, printable strings.
	h, err := scanStrict(data)
	if err != nil {
		return Session{}, err
	}
	// The marker and the version first: a newer file may hold fields this
	// version does not know, and deserves the version message.
	if h.format == nil || *h.format != Format {
		return Session{}, fmt.Errorf("%w: no \"format\": %q field", ErrNotSession, Format)
	}
	if h.version == nil {
		return Session{}, fmt.Errorf("%w: no \"version\" field (a whole number)", ErrNotSession)
	}
	num, _ := h.version.(json.Number)
	version, err := strconv.ParseFloat(num.String(), 64)
	if err != nil || version != math.Trunc(version) {
		return Session{}, fmt.Errorf("%w: \"version\" must be a whole number, got %s", ErrInvalid, truncate(fmt.Sprint(h.version)))
	}
	switch {
	case version > Version:
		return Session{}, fmt.Errorf("%w: the file is version %.0f, this Slidelab reads %s; update Slidelab to open it",
			ErrNewerVersion, version, readable())
	case version < 1:
		return Session{}, fmt.Errorf("%w: version %.0f (versions start at 1)", ErrInvalid, version)
	}
	if h.unknown != "" {
		return Session{}, fmt.Errorf("%w: field %q is not a field of a version %d session file (names are exact, in lower case)", ErrInvalid, truncate(h.unknown), Version)
	}
	var f fileJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Session{}, fmt.Errorf("%w: %s", ErrInvalid, jsonError(data, err))
	}
	if dec.More() {
		return Session{}, fmt.Errorf("%w: more data after the session's closing brace", ErrInvalid)
	}
	if field, in := f.newerField(int(version)); field != "" {
		return Session{}, fmt.Errorf("%w: field %q is new in version %d; the file says version %.0f", ErrInvalid, field, in, version)
	}
	s, err := f.session()
	if err != nil {
		return Session{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return s, nil
}

// newerField returns the first field of f that a file of version v cannot
// hold, and the version that added it, or "".
func (f fileJSON) newerField(v int) (string, int) {
	if v < 3 && f.Search != nil {
		if field := f.Search.chapterField(); field != "" {
			return field, 3
		}
	}
	if v < 3 && f.Compare != nil {
		if field := f.Compare.chapterField(); field != "" {
			return field, 3
		}
	}
	switch {
	case v >= 2:
		return "", 0
	case f.View != nil:
		return "view", 2
	case f.Search != nil && f.Search.Event != nil:
		return "search.event", 2
	}
	return "", 0
}

// readable names the versions this package reads.
func readable() string {
	if Version == 1 {
		return "version 1"
	}
	return fmt.Sprintf("versions 1 to %d", Version)
}

// jsonError words a JSON error, with the line of a syntax error.
func jsonError(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line := 1 + bytes.Count(data[:min(int(syn.Offset), len(data))], []byte("\n"))
		if strings.Contains(err.Error(), "unexpected end") {
			return fmt.Sprintf("not valid JSON: it ends early at line %d (a truncated file?)", line)
		}
		return fmt.Sprintf("not valid JSON (line %d: %v)", line, err)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Sprintf("the file holds a JSON %s, not an object", typ.Value)
		}
		return fmt.Sprintf("field %q: want %s, got a JSON %s", field, typeWord(typ.Type.Kind()), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the JSON ends early (a truncated file?)"
	}
	return err.Error()
}

// typeWord names a JSON type by the Go kind it is read into.
func typeWord(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64, reflect.Uint64:
		return "a whole number"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "a list"
	case reflect.Struct, reflect.Pointer:
		return "an object"
	}
	return k.String()
}

// session checks f's fields and returns the session they describe.
func (f fileJSON) session() (Session, error) {
	var s Session
	g, err := board.ParseGoal(f.Goal)
	if err != nil {
		return s, fmt.Errorf("goal: %w", err)
	}
	s.Goal = g
	if strings.TrimSpace(f.Board) == "" {
		return s, errors.New("board: missing (write it as rows of numbers, 0 for the blank, \"/\" between rows)")
	}
	if len(f.Board) > 1000 {
		return s, fmt.Errorf("board: %d characters is not a board", len(f.Board))
	}
	b, err := board.ParseSolvable(f.Board, board.Size{}, g)
	if err != nil {
		return s, fmt.Errorf("board: %w", err)
	}
	s.Board, s.Title, s.Korf, s.Optimal = b, f.Title, f.Korf, -1
	if f.Optimal != nil {
		s.Optimal = *f.Optimal
	}
	if s.Search, err = f.Search.search(); err != nil {
		return s, fmt.Errorf("search: %w", err)
	}
	if s.PDB, err = f.PDB.pdb(g); err != nil {
		return s, fmt.Errorf("pdb: %w", err)
	}
	if s.Compare, err = f.Compare.compare(); err != nil {
		return s, fmt.Errorf("compare: %w", err)
	}
	if st := f.Settings; st != nil {
		s.Settings = &Settings{Theme: st.Theme, Zoom: st.Zoom, Speed: st.Speed}
	}
	if v := f.View; v != nil {
		s.View = &View{Tab: v.Tab, Tree: v.Tree, Predict: v.Predict}
	}
	return s, s.check()
}

// search checks the "search" object (nil: none).
func (fs *searchJSON) search() (*Search, error) {
	if fs == nil {
		return nil, nil
	}
	alg, err := search.ParseAlgorithm(fs.Algorithm)
	if err != nil {
		return nil, err
	}
	h, err := search.ParseHeuristic(fs.Heuristic)
	if err != nil {
		return nil, err
	}
	out := &Search{Algorithm: alg, Heuristic: h}
	if ev := fs.Event; ev != nil {
		out.Event = *ev
	}
	if err := fs.params(out); err != nil {
		return nil, err
	}
	return out, nil
}

// pdb checks the "pdb" object (nil: none) for goal g.
func (fp *pdbJSON) pdb(g board.Goal) (*PDB, error) {
	if fp == nil {
		return nil, nil
	}
	size, err := board.ParseSize(fp.Size)
	if err != nil {
		return nil, err
	}
	var fringe bool
	switch fp.Kind {
	case "", kindAdditive:
	case kindFringe:
		fringe = true
	default:
		return nil, fmt.Errorf("kind %q: want %q or %q", truncate(fp.Kind), kindAdditive, kindFringe)
	}
	p, err := pdb.ParsePartition(fp.Partition, size, g)
	if err != nil {
		return nil, err
	}
	return &PDB{Partition: p, Fringe: fringe}, nil
}

// compare checks the "compare" object (nil: none).
func (c *compareJSON) compare() (*Compare, error) {
	if c == nil {
		return nil, nil
	}
	alg, err := search.ParseAlgorithm(c.Algorithm) // any of the twelve (version 3: newerField)
	if err != nil {
		return nil, err
	}
	cmp := &Compare{Set: c.Set, File: c.File, Count: c.Count, Seed: c.Seed, Moves: c.Moves, Algorithm: alg,
		NodeLimit: c.NodeLimit, Seconds: c.Seconds}
	if len(c.Heuristics) > maxHeurs {
		return nil, fmt.Errorf("%d heuristics, at most %d", len(c.Heuristics), maxHeurs)
	}
	if c.Heuristics != nil && len(c.Heuristics) == 0 {
		return nil, errors.New(`"heuristics" is an empty list; name at least one, or leave the field out to keep the view's choice`)
	}
	for _, name := range c.Heuristics {
		h, err := search.ParseHeuristic(name)
		if err != nil {
			return nil, err
		}
		cmp.Heuristics = append(cmp.Heuristics, h)
	}
	if err := c.params(cmp); err != nil {
		return nil, err
	}
	return cmp, nil
}
