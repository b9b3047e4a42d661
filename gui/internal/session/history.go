package session

import "github.com/slidelab/slidelab/core/board"

// MaxHistory is the most changes Undo can take back; older ones are
// forgotten.
const MaxHistory = 100

// Choice is the search the teacher chose: the labels of the algorithm and
// the heuristic as their selectors show them ("" before a view set them),
// and the algorithm's parameters (weight, depth limit, ...) as the view
// writes them; the session only compares them.
type Choice struct {
	Algorithm, Heuristic string
	Params               string
}

// state is everything one Undo puts back.
type state struct {
	goal    board.Goal
	board   board.Board
	title   string
	optimal int
	korf    bool
	edited  bool
	choice  Choice
}

// step is one change in the history: the state before it and what it was.
type step struct {
	before state
	what   string
}

// history holds the changes Undo and Redo walk through.
type history struct {
	undo, redo []step
}

func (s *Session) state() state {
	return state{goal: s.goal, board: s.board, title: s.title, optimal: s.optimal, korf: s.korf, edited: s.edited, choice: s.choice}
}

// record remembers the state before a change named what ("board edit"),
// unless the change is made while subscribers hear of another one (a view
// following a change is part of that change). A new change forgets what
// could be redone.
func (s *Session) record(what string) {
	if s.notifying || s.grouped > 0 {
		return
	}
	s.hist.undo = append(s.hist.undo, step{before: s.state(), what: what})
	if n := len(s.hist.undo); n > MaxHistory {
		s.hist.undo = append(s.hist.undo[:0], s.hist.undo[n-MaxHistory:]...)
	}
	s.hist.redo = s.hist.redo[:0]
}

// UndoName names the change Undo takes back ("board edit"), "" when there
// is none.
func (s *Session) UndoName() string { return lastName(s.hist.undo) }

// RedoName names the change Redo makes again, "" when there is none.
func (s *Session) RedoName() string { return lastName(s.hist.redo) }

func lastName(steps []step) string {
	if len(steps) == 0 {
		return ""
	}
	return steps[len(steps)-1].what
}

// Undo takes back the last change of the board, goal, size, algorithm or
// heuristic; it reports false when there is none.
func (s *Session) Undo() bool { return s.travel(&s.hist.undo, &s.hist.redo) }

// Redo makes the change Undo took back last again; it reports false when
// there is none.
func (s *Session) Redo() bool { return s.travel(&s.hist.redo, &s.hist.undo) }

// travel restores the last state of from, keeping the current one on to.
func (s *Session) travel(from, to *[]step) bool {
	if len(*from) == 0 || s.notifying {
		return false
	}
	last := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, step{before: s.state(), what: last.what})
	s.restore(last.before)
	return true
}

// restore makes st the session's state and tells the subscribers what
// differs.
func (s *Session) restore(st state) {
	c := Change{
		Goal:   st.goal != s.goal,
		Board:  st.board != s.board || st.title != s.title || st.optimal != s.optimal,
		Size:   st.board.Size() != s.board.Size(),
		Search: st.choice != s.choice,
	}
	if c.Goal || c.Size {
		s.groups = DefaultGroups(st.board.Size(), st.goal)
	}
	s.goal, s.board, s.title, s.optimal, s.korf, s.edited, s.choice = st.goal, st.board, st.title, st.optimal, st.korf, st.edited, st.choice
	s.notify(c)
}

// Choice returns the algorithm and heuristic chosen.
func (s *Session) Choice() Choice { return s.choice }

// Choose records the teacher's choice of algorithm, heuristic and
// parameters (Undo
// takes it back); views hear of it with Change.Search. It reports whether
// they did (not for the first choice, an unchanged one, or one made while
// they follow another change).
func (s *Session) Choose(c Choice) bool {
	if c == s.choice {
		return false
	}
	what := "heuristic change"
	switch {
	case c.Algorithm != s.choice.Algorithm:
		what = "algorithm change"
	case c.Heuristic == s.choice.Heuristic:
		what = "parameter change"
	}
	if s.choice == (Choice{}) || s.notifying {
		// The first choice is where the window starts; a choice made while
		// following another change belongs to that change.
		s.choice = c
		return false
	}
	s.record(what)
	s.choice = c
	s.notify(Change{Search: true})
	return true
}

// NoteChoice tells the session which algorithm and heuristic the selectors
// show after they changed by themselves (a heuristic no longer offered),
// without a change to undo or a notice.
func (s *Session) NoteChoice(c Choice) { s.choice = c }

// Forget empties the history (the window's first board is no change).
func (s *Session) Forget() { s.hist = history{} }

// Group makes the changes until end is called one step of the history,
// named what ("session opened"): one Undo takes them all back.
func (s *Session) Group(what string) (end func()) {
	s.record(what)
	s.grouped++
	return func() { s.grouped-- }
}
