// Package sessionfile reads and writes Slidelab session files (.slidelab):
// small JSON documents that hold what a teacher set up in the visualizer -
// the goal, the board with its title, the search's algorithm and heuristic,
// the pattern database view's partition, the comparison set with its
// heuristics, and the classroom settings - so that a lesson can be saved and
// opened again.
//
// The package knows no widgets. Decode checks a whole file (its size, its
// format marker and version, every field's type and value) before it returns
// anything, so a caller that applies a decoded Session only after Decode
// succeeded changes nothing for a bad file. It is strict: the file must be
// UTF-8 JSON text (a binary file is refused on sight), field names are
// exact (lower case, no Unicode folding) and appear once, unknown fields
// are refused, strings hold printable text only (no control characters,
// bidirectional overrides or other invisible format characters), an
// "optimal" must agree with the board (the parity of the blank's distance
// to its goal cell, at least linear conflict's estimate, and exactly the
// optimal length on boards of up to 9 cells), and a comparison's list of
// heuristics is not empty and names each heuristic once (leave the field
// out to keep the view's choice).
//
// An example (the sections after "board" are optional; a section left out
// leaves that part of the window as it is):
//
//	{
//	  "format": "slidelab-session",
//	  "version": 1,
//	  "goal": "blank-last",
//	  "board": "0 1 15 6 / 9 10 4 3 / 14 8 12 11 / 5 7 2 13",
//	  "title": "Korf #9, optimal 46 moves",
//	  "optimal": 46,
//	  "korf": 9,
//	  "search": {"algorithm": "ida*", "heuristic": "pdb:663"},
//	  "pdb": {"size": "4x4", "partition": "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4"},
//	  "compare": {"set": "classroom", "count": 10, "seed": 1, "moves": 30,
//	              "algorithm": "ida*", "heuristics": ["manhattan", "linear-conflict"],
//	              "node_limit": 50000000, "seconds": 30},
//	  "settings": {"theme": "dark", "zoom": 1.5, "speed": 4}
//	}
//
// Version policy: Version is the version this package writes. A file of a
// newer version is refused with ErrNewerVersion (it may hold fields this
// program would silently drop); a file without a version, or with a version
// below 1, is not a session file. Every version from 1 to Version is read
// (there is only version 1 so far). The version goes up whenever a field is
// added or changes meaning, since unknown fields are refused.
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
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// Format is the value of every session file's "format" field.
const Format = "slidelab-session"

// Version is the version of the files this package writes, and the newest it
// reads.
const Version = 1

// Ext is the extension of session files.
const Ext = ".slidelab"

// MaxBytes is the largest session file read: real ones are under 2 KB, so a
// larger file is not one (a log, an image, /dev/zero) and is refused without
// reading it whole.
const MaxBytes = 1 << 20

// Limits of the comparison's fields (the comparison view checks the same).
const (
	MaxCount = 1000
	MaxMoves = 10000
	// MaxTitle is the longest title, in bytes.
	MaxTitle   = 1000
	maxOptimal = 10000
	maxFile    = 4096
	maxSeconds = 7 * 24 * 3600
	maxHeurs   = 32
)

// Errors a caller can test for with errors.Is.
var (
	// ErrNotSession marks input that is not a session file at all.
	ErrNotSession = errors.New("not a Slidelab session file")
	// ErrNewerVersion marks a file written by a newer Slidelab.
	ErrNewerVersion = errors.New("made by a newer Slidelab")
	// ErrInvalid marks a session file with a bad field.
	ErrInvalid = errors.New("invalid session file")
)

// Theme names accepted in Settings.Theme.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// Zooms are the zoom factors accepted in Settings.Zoom.
var Zooms = []float64{1, 1.25, 1.5, 2}

// Speed bounds of Settings.Speed, in steps per second.
const (
	MinSpeed = 0.5
	MaxSpeed = 60
)

// Names of the comparison's instance sets (Compare.Set).
const (
	SetClassroom = "classroom"
	SetKorf      = "korf100"
	SetRandom8   = "random8"
	SetWalks     = "walks"
	SetWalks24   = "walks24"
	SetFile      = "file"
)

// Session is a decoded, checked session file.
type Session struct {
	// Goal is the goal every view solves towards; Board the board being
	// solved (it reaches Goal), Title where it came from, Optimal its
	// known optimal length or -1, Korf the number (1..100) of Korf's
	// instance it is, or 0.
	Goal    board.Goal
	Board   board.Board
	Title   string
	Optimal int
	Korf    int
	// Search is the search panel's algorithm and heuristic (nil: not saved).
	Search *Search
	// PDB is the pattern database view's partition (nil: not saved).
	PDB *PDB
	// Compare is the comparison view's set up (nil: not saved).
	Compare *Compare
	// Settings are the classroom settings (nil: not saved).
	Settings *Settings
}

// Search is the search panel's selection.
type Search struct {
	Algorithm search.Algorithm
	// Heuristic is offered for Board's size (checked by Decode).
	Heuristic search.HeuristicSpec
}

// PDB is the pattern database view's partition; its Size is the view's board
// size and its Goal the session's.
type PDB struct {
	Partition pdb.Partition
	// Fringe: the view builds fringe tables (the blank in the pattern,
	// plain BFS) of Partition's groups, not additive ones. In the file:
	// "kind": "fringe" ("additive" or no kind: additive).
	Fringe bool
}

// Compare is the comparison view's set up.
type Compare struct {
	// Set is SetClassroom, SetKorf, SetRandom8, SetWalks (15-puzzle),
	// SetWalks24 (24-puzzle) or SetFile; File the instance file's path for
	// SetFile.
	Set  string
	File string
	// Count instances, the Seed of random sets, the Moves of random walks.
	Count int
	Seed  uint64
	Moves int
	// Algorithm and the Heuristics checked (names of the registry).
	Algorithm  search.Algorithm
	Heuristics []search.HeuristicSpec
	// NodeLimit (0: none) and Seconds a run (0: none).
	NodeLimit uint64
	Seconds   float64
}

// Settings are the classroom settings.
type Settings struct {
	// Theme is ThemeSystem, ThemeLight or ThemeDark; Zoom one of Zooms;
	// Speed the play speed in steps per second.
	Theme string
	Zoom  float64
	Speed float64
}

// The JSON form. Pointers tell a field left out from a zero.
type fileJSON struct {
	Format   string        `json:"format"`
	Version  int           `json:"version"`
	Goal     string        `json:"goal"`
	Board    string        `json:"board"`
	Title    string        `json:"title,omitempty"`
	Optimal  *int          `json:"optimal,omitempty"`
	Korf     int           `json:"korf,omitempty"`
	Search   *searchJSON   `json:"search,omitempty"`
	PDB      *pdbJSON      `json:"pdb,omitempty"`
	Compare  *compareJSON  `json:"compare,omitempty"`
	Settings *settingsJSON `json:"settings,omitempty"`
}

type searchJSON struct {
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic"`
}

type pdbJSON struct {
	Size      string `json:"size"`
	Kind      string `json:"kind,omitempty"`
	Partition string `json:"partition"`
}

// The kinds of pattern database the view builds, as pdbJSON.Kind spells them.
const (
	kindAdditive = "additive"
	kindFringe   = "fringe"
)

type compareJSON struct {
	Set        string   `json:"set"`
	File       string   `json:"file,omitempty"`
	Count      int      `json:"count"`
	Seed       uint64   `json:"seed"`
	Moves      int      `json:"moves"`
	Algorithm  string   `json:"algorithm"`
	Heuristics []string `json:"heuristics,omitempty"`
	NodeLimit  uint64   `json:"node_limit"`
	Seconds    float64  `json:"seconds"`
}

type settingsJSON struct {
	Theme string  `json:"theme"`
	Zoom  float64 `json:"zoom"`
	Speed float64 `json:"speed"`
}

// Encode writes s as an indented JSON session file of the current version.
// It checks s first, so that what it writes can be read back.
func Encode(w io.Writer, s Session) error {
	if err := s.check(); err != nil {
		return err
	}
	f := fileJSON{Format: Format, Version: Version, Goal: s.Goal.String(), Board: s.Board.Line(),
		Title: s.Title, Korf: s.Korf}
	if s.Optimal >= 0 {
		opt := s.Optimal
		f.Optimal = &opt
	}
	if s.Search != nil {
		f.Search = &searchJSON{Algorithm: s.Search.Algorithm.String(), Heuristic: s.Search.Heuristic.String()}
	}
	if s.PDB != nil {
		f.PDB = &pdbJSON{Size: s.PDB.Partition.Size.String(), Partition: s.PDB.Partition.String()}
		if s.PDB.Fringe {
			f.PDB.Kind = kindFringe
		}
	}
	if c := s.Compare; c != nil {
		cj := &compareJSON{Set: c.Set, File: c.File, Count: c.Count, Seed: c.Seed, Moves: c.Moves,
			Algorithm: c.Algorithm.String(), NodeLimit: c.NodeLimit, Seconds: c.Seconds}
		for _, h := range c.Heuristics {
			cj.Heuristics = append(cj.Heuristics, h.String())
		}
		f.Compare = cj
	}
	if st := s.Settings; st != nil {
		f.Settings = &settingsJSON{Theme: st.Theme, Zoom: st.Zoom, Speed: st.Speed}
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("session file: %w", err)
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("session file: %w", err)
	}
	return nil
}

// Save writes s to path atomically: the old file stays whole when writing
// fails.
func Save(path string, s Session) error {
	var buf bytes.Buffer
	if err := Encode(&buf, s); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(path, buf.Bytes()); err != nil {
		return fmt.Errorf("saving session %s: %w", path, err)
	}
	return nil
}

// Load opens path and decodes it (see Decode).
func Load(path string) (Session, error) {
	f, err := inputfile.Open(path) // a FIFO or a device is refused, not waited on
	if errors.Is(err, inputfile.ErrNotRegular) {
		return Session{}, fmt.Errorf("%w: %w", ErrNotSession, err)
	}
	if err != nil {
		return Session{}, fmt.Errorf("session file: %w", err)
	}
	defer f.Close()
	s, err := Decode(f)
	if err != nil {
		return Session{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

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
	s, err := f.session()
	if err != nil {
		return Session{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return s, nil
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
	if f.Search != nil {
		alg, err := search.ParseAlgorithm(f.Search.Algorithm)
		if err != nil {
			return s, fmt.Errorf("search: %w", err)
		}
		h, err := search.ParseHeuristic(f.Search.Heuristic)
		if err != nil {
			return s, fmt.Errorf("search: %w", err)
		}
		s.Search = &Search{Algorithm: alg, Heuristic: h}
	}
	if f.PDB != nil {
		size, err := board.ParseSize(f.PDB.Size)
		if err != nil {
			return s, fmt.Errorf("pdb: %w", err)
		}
		var fringe bool
		switch f.PDB.Kind {
		case "", kindAdditive:
		case kindFringe:
			fringe = true
		default:
			return s, fmt.Errorf("pdb: kind %q: want %q or %q", truncate(f.PDB.Kind), kindAdditive, kindFringe)
		}
		p, err := pdb.ParsePartition(f.PDB.Partition, size, g)
		if err != nil {
			return s, fmt.Errorf("pdb: %w", err)
		}
		s.PDB = &PDB{Partition: p, Fringe: fringe}
	}
	if c := f.Compare; c != nil {
		alg, err := search.ParseAlgorithm(c.Algorithm)
		if err != nil {
			return s, fmt.Errorf("compare: %w", err)
		}
		cmp := &Compare{Set: c.Set, File: c.File, Count: c.Count, Seed: c.Seed, Moves: c.Moves, Algorithm: alg,
			NodeLimit: c.NodeLimit, Seconds: c.Seconds}
		if len(c.Heuristics) > maxHeurs {
			return s, fmt.Errorf("compare: %d heuristics, at most %d", len(c.Heuristics), maxHeurs)
		}
		if c.Heuristics != nil && len(c.Heuristics) == 0 {
			return s, errors.New(`compare: "heuristics" is an empty list; name at least one, or leave the field out to keep the view's choice`)
		}
		for _, name := range c.Heuristics {
			h, err := search.ParseHeuristic(name)
			if err != nil {
				return s, fmt.Errorf("compare: %w", err)
			}
			cmp.Heuristics = append(cmp.Heuristics, h)
		}
		s.Compare = cmp
	}
	if st := f.Settings; st != nil {
		s.Settings = &Settings{Theme: st.Theme, Zoom: st.Zoom, Speed: st.Speed}
	}
	return s, s.check()
}

// check checks the values of s (Decode's and Encode's common part).
func (s Session) check() error {
	if s.Goal != board.BlankLast && s.Goal != board.BlankFirst {
		return fmt.Errorf("goal %v: want blank-last or blank-first", s.Goal)
	}
	if !s.Board.IsValid() {
		return errors.New("board: missing")
	}
	if !s.Board.Solvable(s.Goal) {
		return fmt.Errorf("board: %w: %s cannot reach the %s goal", board.ErrUnsolvable, s.Board.Line(), s.Goal)
	}
	if len(s.Title) > MaxTitle || strings.ContainsAny(s.Title, "\n\r") {
		return fmt.Errorf("title: want one line of at most %d bytes", MaxTitle)
	}
	if err := checkText("title", s.Title); err != nil {
		return err
	}
	if s.Optimal < -1 || s.Optimal > maxOptimal {
		return fmt.Errorf("optimal %d: want a length from 0 to %d, or leave it out", s.Optimal, maxOptimal)
	}
	if err := checkOptimal(s.Board, s.Goal, s.Optimal); err != nil {
		return err
	}
	if s.Korf != 0 {
		korf := board.Korf100()
		if s.Korf < 1 || s.Korf > len(korf) {
			return fmt.Errorf("korf %d: want 1 to %d, or leave it out", s.Korf, len(korf))
		}
		in := korf[s.Korf-1]
		if s.Board != in.Board && s.Board != board.ConvertGoal(in.Board) {
			return fmt.Errorf("korf %d: the board is not Korf's instance %d", s.Korf, s.Korf)
		}
		if s.Optimal != in.Optimal {
			return fmt.Errorf("korf %d: optimal %d, but instance %d needs %d moves", s.Korf, s.Optimal, s.Korf, in.Optimal)
		}
	}
	if s.Search != nil {
		if err := checkHeuristic(s.Search.Heuristic, s.Board.Size(), s.Goal); err != nil {
			return fmt.Errorf("search: %w", err)
		}
	}
	if s.PDB != nil {
		if err := s.PDB.Partition.Validate(); err != nil {
			return fmt.Errorf("pdb: %w", err)
		}
		if s.PDB.Partition.Goal != s.Goal {
			return fmt.Errorf("pdb: the partition is for the %s goal, the session's is %s", s.PDB.Partition.Goal, s.Goal)
		}
	}
	if c := s.Compare; c != nil {
		if err := c.check(s.Goal); err != nil {
			return fmt.Errorf("compare: %w", err)
		}
	}
	if st := s.Settings; st != nil {
		if err := st.check(); err != nil {
			return fmt.Errorf("settings: %w", err)
		}
	}
	return nil
}

// checkHeuristic checks that h can be made for boards of size s and goal g
// (search.HeuristicSpec.Check: a pattern database's partition or a fringe
// pattern must fit the size, and so must every part of a max).
func checkHeuristic(h search.HeuristicSpec, s board.Size, g board.Goal) error {
	return h.Check(s, g)
}

// SetSize returns the board size of the instances of a built-in set, and
// false for an instance file (its size is its boards').
func SetSize(set string) (board.Size, bool) {
	switch set {
	case SetClassroom, SetKorf, SetWalks:
		return board.Size4x4, true
	case SetRandom8:
		return board.Size3x3, true
	case SetWalks24:
		return board.Size5x5, true
	}
	return board.Size{}, false
}

func (c *Compare) check(g board.Goal) error {
	switch c.Set {
	case SetClassroom, SetKorf, SetRandom8, SetWalks, SetWalks24:
		if c.File != "" {
			return fmt.Errorf("file %q: only the %q set has a file", truncate(c.File), SetFile)
		}
	case SetFile:
		if strings.TrimSpace(c.File) == "" || len(c.File) > maxFile {
			return errors.New("set \"file\" needs the instance file's path in \"file\"")
		}
	default:
		return fmt.Errorf("set %q: want %s, %s, %s, %s, %s or %s", truncate(c.Set), SetClassroom, SetKorf, SetRandom8, SetWalks, SetWalks24, SetFile)
	}
	if c.Count < 1 || c.Count > MaxCount {
		return fmt.Errorf("count %d: want 1 to %d", c.Count, MaxCount)
	}
	if c.Moves < 0 || c.Moves > MaxMoves {
		return fmt.Errorf("moves %d: want 0 to %d", c.Moves, MaxMoves)
	}
	if math.IsNaN(c.Seconds) || c.Seconds < 0 || c.Seconds > maxSeconds {
		return fmt.Errorf("seconds %v: want 0 (no limit) to %d", c.Seconds, maxSeconds)
	}
	if err := checkText("file", c.File); err != nil {
		return err
	}
	seen := make(map[string]bool, len(c.Heuristics))
	for _, h := range c.Heuristics {
		if seen[h.String()] {
			return fmt.Errorf("heuristic %s is listed twice", h)
		}
		seen[h.String()] = true
	}
	if size, ok := SetSize(c.Set); ok {
		for _, h := range c.Heuristics {
			if err := checkHeuristic(h, size, g); err != nil {
				return err
			}
		}
	}
	return nil
}

func (st *Settings) check() error {
	switch st.Theme {
	case ThemeSystem, ThemeLight, ThemeDark:
	default:
		return fmt.Errorf("theme %q: want %s, %s or %s", truncate(st.Theme), ThemeSystem, ThemeLight, ThemeDark)
	}
	ok := false
	for _, z := range Zooms {
		ok = ok || z == st.Zoom
	}
	if !ok {
		return fmt.Errorf("zoom %v: want one of 1, 1.25, 1.5, 2", st.Zoom)
	}
	if !(st.Speed >= MinSpeed && st.Speed <= MaxSpeed) {
		return fmt.Errorf("speed %v: want %v to %v steps a second", st.Speed, MinSpeed, MaxSpeed)
	}
	return nil
}

// truncate shortens s for a message.
func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
