package sessionfile

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

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
		if err := s.Search.checkParams(); err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if s.Search.Event > MaxEvent {
			return fmt.Errorf("search: event %d: want a position from 0 to %d", s.Search.Event, MaxEvent)
		}
	}
	if v := s.View; v != nil && !slices.Contains(Tabs, v.Tab) {
		return fmt.Errorf("view: tab %q: want one of %s", truncate(v.Tab), strings.Join(Tabs, ", "))
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
