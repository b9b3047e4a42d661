package session

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/core/board"
)

// Session is the one place the window's shared state lives: the goal every
// view solves towards, and the board being solved with its title, known
// optimal length and colour groups. Views read it and subscribe to its
// changes; none keeps a copy. Changing the goal or the board is one call,
// and every subscriber hears of it once, after the whole change is made, so
// no order of calls or of subscribers matters. Its methods run on the Fyne
// goroutine.
type Session struct {
	goal    board.Goal
	board   board.Board
	title   string
	optimal int  // known optimal length, or -1
	korf    bool // the board is one of Korf's instances
	edited  bool // the title already says the board was edited by hand
	groups  Groups
	subs    []func(Change)
	// choice is the algorithm and heuristic chosen; hist the changes
	// Undo and Redo walk (history.go); notifying is set while subscribers
	// hear of a change.
	choice    Choice
	hist      history
	notifying bool
	grouped   int // changes are part of a Group
}

// Change says what one call changed.
type Change struct {
	// Goal: the goal changed (the board may have been converted for it).
	Goal bool
	// Board: the board, title or optimal length changed.
	Board bool
	// Size: the board's size changed (so did the groups).
	Size bool
	// Search: the algorithm or heuristic chosen changed (Choice).
	Search bool
}

// NewSession starts a session on board b for goal g.
func NewSession(b board.Board, title string, optimal int, g board.Goal) *Session {
	return &Session{goal: g, board: b, title: title, optimal: optimal, groups: DefaultGroups(b.Size(), g)}
}

// Goal returns the goal boards are solved towards.
func (s *Session) Goal() board.Goal { return s.goal }

// Board returns the board being solved.
func (s *Session) Board() board.Board { return s.board }

// Title names where the board came from.
func (s *Session) Title() string { return s.title }

// Optimal returns the board's known optimal length, or -1.
func (s *Session) Optimal() int { return s.optimal }

// Groups returns the tile groups the board is coloured by.
func (s *Session) Groups() Groups { return s.groups }

// IsKorf reports whether the board is one of Korf's instances.
func (s *Session) IsKorf() bool { return s.korf }

// Subscribe calls f after every change.
func (s *Session) Subscribe(f func(Change)) { s.subs = append(s.subs, f) }

func (s *Session) notify(c Change) {
	was := s.notifying
	s.notifying = true
	defer func() { s.notifying = was }()
	for _, f := range s.subs {
		f(c)
	}
}

// SetBoard makes b the board, with a title and its optimal length (-1:
// unknown).
func (s *Session) SetBoard(b board.Board, title string, optimal int) {
	s.record(boardChange(s.board, b))
	s.setBoard(b, title, optimal, false, Change{Board: true})
}

// SetKorfBoard is SetBoard for one of Korf's instances, which keeps its name
// and length when the goal changes.
func (s *Session) SetKorfBoard(b board.Board, title string, optimal int) {
	s.record(boardChange(s.board, b))
	s.setBoard(b, title, optimal, true, Change{Board: true})
}

func (s *Session) setBoard(b board.Board, title string, optimal int, korf bool, c Change) {
	if b.Size() != s.board.Size() {
		c.Size = true
		s.groups = DefaultGroups(b.Size(), s.goal)
	}
	s.board, s.title, s.optimal, s.korf, s.edited = b, title, optimal, korf, false
	s.notify(c)
}

// boardChange names the change from board old to nb in the history.
func boardChange(old, nb board.Board) string {
	if old.Size() != nb.Size() {
		return "size change"
	}
	return "new board"
}

// EditBoard makes b, the board after a move made by hand, the board: its
// title says "(edited)" once, its optimal length is unknown.
func (s *Session) EditBoard(b board.Board) {
	title := s.title
	if !s.edited {
		title += " (edited)"
	}
	s.record("board edit")
	s.setBoard(b, title, -1, false, Change{Board: true})
	s.edited = true
}

// SetGoal makes g the goal. The board stays when it can reach g (any
// 8-puzzle can reach both goals); otherwise it is replaced by its
// counterpart for g (rotated half a turn, tile t relabelled N-t; Korf's
// conversion), which needs the same number of moves. Korf's instances are
// shown as Korf wrote them for the blank-first goal. Subscribers hear of
// the goal and the board in one change.
func (s *Session) SetGoal(g board.Goal) {
	if g == s.goal {
		return
	}
	s.record("goal change")
	s.goal = g
	s.groups = DefaultGroups(s.board.Size(), g)
	b, title, optimal, korf := s.board, s.title, -1, s.korf // a board kept as it is needs other moves
	switch {
	case b.IsGoal(board.BlankLast) || b.IsGoal(board.BlankFirst):
		b, title, optimal = board.Solved(b.Size(), g), "Solved "+toolkit.SizeLabel(b.Size()), 0
	case korf || !b.Solvable(g):
		// Korf's instances convert even when the board could reach g (the
		// 24-puzzle's, on a board of odd width, can).
		b, optimal = board.ConvertGoal(b), s.optimal
		if !korf {
			title += " (converted for the new goal)"
		}
	}
	s.setBoard(b, title, optimal, korf && optimal >= 0, Change{Goal: true, Board: true})
}
