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
// Version 2 adds the search's position ("event" in "search": the number of
// search events shown, 0 at the start) and the window's view ("view":
// {"tab": "puzzle", "tree": true, "predict": false}).
//
// Version 3 adds the search chapter's algorithms (dfs, dls, iddfs, ucs,
// bibfs, wa*, rbfs, sma*) in "search" and "compare" with their parameters: "weight"
// (wa*), "depth_limit" (dfs, dls), "cycle_check" (dfs), "memory_nodes"
// (sma*) and "cost" ("unit" or "tile", for the algorithms that count g by
// it); a file of the four classic algorithms with unit costs stays version
// 1 or 2.
//
// Version policy: Version is the newest version this package writes and
// reads; it writes the lowest version that holds the session's fields (a
// session without version 2's fields is a version 1 file, which older
// Slidelabs open). A file of a newer version is refused with
// ErrNewerVersion (it may hold fields this program would silently drop); a
// file without a version, or with a version below 1, is not a session file;
// a field newer than the file's version is refused. Every version from 1
// to Version is read. The version goes up whenever a field is added or
// changes meaning, since unknown fields are refused.
package sessionfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// Format is the value of every session file's "format" field.
const Format = "slidelab-session"

// Version is the newest version of the files this package writes and
// reads (see the version policy above).
const Version = 3

// MaxEvent is the largest search position (Search.Event) a file may hold:
// the window replays the search up to it when the file opens.
const MaxEvent = 1_000_000

// Tabs are the views a file's "view" may name, as the window names them.
var Tabs = []string{"puzzle", "race", "pdb", "compare", "quality", "practice"}

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
	// View is the tab shown and the search's panels (nil: not saved;
	// version 2).
	View *View
}

// View is what the window shows: the Tab (one of Tabs), and whether the
// search tree and predict mode are on.
type View struct {
	Tab           string
	Tree, Predict bool
}

// Search is the search panel's selection.
type Search struct {
	Algorithm search.Algorithm
	// Heuristic is offered for Board's size (checked by Decode).
	Heuristic search.HeuristicSpec
	// Event is the search's position: the number of events shown (0: the
	// start; at most MaxEvent; version 2).
	Event uint64
	// The parameters of the search chapter's algorithms (version 3), zero
	// when the file leaves them out (the app's defaults then apply):
	// Weight of wa* (1 to search.MaxWeight, one decimal), DepthLimit of
	// dfs (0: none) and dls (1 to search.MaxDepthLimit), CycleCheck of dfs,
	// MemoryNodes of sma* (2 to search.MaxMemoryNodes), and the Cost model
	// of the algorithms that honour it (ChapterCostAlgorithms).
	Weight      float64
	DepthLimit  int
	CycleCheck  search.CycleCheck
	MemoryNodes int
	Cost        search.CostModel
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
	// Params are the algorithm's parameters (version 3;
	// compare_chapter.go).
	Params CompareParams
}

// Settings are the classroom settings.
type Settings struct {
	// Theme is ThemeSystem, ThemeLight or ThemeDark; Zoom one of Zooms;
	// Speed the play speed in steps per second.
	Theme string
	Zoom  float64
	Speed float64
}

// Encode writes s as an indented JSON session file of the current version.
// It checks s first, so that what it writes can be read back.
func Encode(w io.Writer, s Session) error {
	if err := s.check(); err != nil {
		return err
	}
	f := fileJSON{Format: Format, Version: s.version(), Goal: s.Goal.String(), Board: s.Board.Line(),
		Title: s.Title, Korf: s.Korf}
	if s.Optimal >= 0 {
		opt := s.Optimal
		f.Optimal = &opt
	}
	if s.Search != nil {
		f.Search = s.Search.json()
	}
	if v := s.View; v != nil {
		f.View = &viewJSON{Tab: v.Tab, Tree: v.Tree, Predict: v.Predict}
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
		c.setParams(cj)
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

// version returns the lowest version that holds s's fields.
func (s Session) version() int {
	if s.Search != nil && s.Search.chapter() || s.Compare != nil && s.Compare.chapter() {
		return 3
	}
	if s.View != nil || (s.Search != nil && s.Search.Event > 0) {
		return 2
	}
	return 1
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
