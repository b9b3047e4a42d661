package raceview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"strings"

	"fyne.io/fyne/v2/theme"
)

// The verdict of a race: the lane that generated the fewest nodes wins
// (marked with a badge and a frame), and the verdict line says by how much.
// A lane that failed cannot win; a cancelled race has no winner. In lockstep
// the first lane to solve is marked as soon as it does, and the verdict is
// final once every lane has finished.

// updateVerdict marks the winner (or the lane that solved first) and says
// who won and by how much.
func (r *RaceView) updateVerdict() {
	r.clearMarks()
	lanes := r.Shown()
	var solved []int
	idle, searching, cancelled := 0, 0, 0
	for i, l := range lanes {
		switch l.State {
		case laneIdle:
			idle++
		case laneSearching:
			searching++
		case laneSolved:
			solved = append(solved, i)
		case laneCancelled:
			cancelled++
		}
	}
	switch {
	case cancelled > 0:
		text := "Cancelled: no winner"
		if len(solved) > 0 {
			var done []string
			for _, i := range solved {
				done = append(done, fmt.Sprintf("%s solved it with %s nodes", r.laneName(i), toolkit.FormatCount(lanes[i].Stepper.Stats().Generated)))
			}
			text += " (" + strings.Join(done, "; ") + ", but the race was stopped before the others finished)"
		}
		r.Verdict.SetText(text + ". Reset (R) to race again.")
		return
	case idle == len(lanes):
		return // the hint Reset wrote stays
	case len(solved) == 0 && searching == 0 && idle == 0:
		r.Verdict.SetText("No winner: no lane solved the board.")
		return
	case len(solved) == 0:
		r.Verdict.SetText("Stepping in lockstep: each step expands one node in every lane that has not finished.")
		return
	}
	best := lanes[solved[0]].Stepper.Stats().Generated
	for _, i := range solved {
		best = min(best, lanes[i].Stepper.Stats().Generated)
	}
	var winners []int
	for _, i := range solved {
		if lanes[i].Stepper.Stats().Generated == best {
			winners = append(winners, i)
		}
	}
	final := searching == 0 && idle == 0
	badge := "Winner: fewest nodes"
	switch {
	case !final:
		badge = "Solved first"
	case len(winners) > 1:
		badge = "Tie: fewest nodes"
	}
	for _, i := range winners {
		lanes[i].mark(badge)
	}

	var names []string
	for _, i := range winners {
		names = append(names, r.laneName(i))
	}
	var text string
	switch {
	case !final:
		text = fmt.Sprintf("%s solved it first, with %s nodes generated", joinNames(names), toolkit.FormatCount(best))
	case len(winners) == 1:
		text = fmt.Sprintf("Winner: %s, fewest nodes generated (%s)", names[0], toolkit.FormatCount(best))
	default:
		text = fmt.Sprintf("Tie: %s generated the same number of nodes (%s)", joinNames(names), toolkit.FormatCount(best))
	}
	var others []string
	for i, l := range lanes {
		if l.Stepper == nil || l.State == laneSolved && l.Stepper.Stats().Generated == best {
			continue
		}
		name := r.laneName(i)
		n := l.Stepper.Stats().Generated
		switch l.State {
		case laneSolved:
			others = append(others, fmt.Sprintf("%s fewer than %s (%s)", timesFewer(best, n), name, toolkit.FormatCount(n)))
		case laneSearching:
			others = append(others, fmt.Sprintf("%s is still searching (%s so far)", name, toolkit.FormatCount(n)))
		case laneFailed:
			others = append(others, fmt.Sprintf("%s did not finish", name))
		}
	}
	if len(others) > 0 {
		text += ": " + strings.Join(others, "; ")
	}
	text += "."
	if !final {
		text += " Step on, or Run live, to finish the race."
	}
	if final {
		text += r.longerNote(solved)
	}
	if final && r.liveRace {
		var times []string
		for i, l := range lanes {
			if l.State == laneSolved {
				times = append(times, fmt.Sprintf("%s %s", r.laneName(i), catalog.RoundDuration(l.elapsed)))
			}
		}
		text += " Times: " + strings.Join(times, ", ") + " (the lanes shared the processor)."
	}
	r.Verdict.SetText(text)
}

// longerNote says which solved lanes found a longer solution than the
// shortest found (greedy search, which trades length for speed): fewest
// nodes is then not the whole story. "" when all agree.
func (r *RaceView) longerNote(solved []int) string {
	lanes := r.Shown()
	shortest := -1
	for _, i := range solved {
		if shortest < 0 || lanes[i].Moves < shortest {
			shortest = lanes[i].Moves
		}
	}
	var longer []string
	for _, i := range solved {
		if lanes[i].Moves > shortest {
			longer = append(longer, fmt.Sprintf("%s found a %d-move solution", r.laneName(i), lanes[i].Moves))
		}
	}
	if len(longer) == 0 {
		return ""
	}
	return fmt.Sprintf(" But %s, against %d moves for the shortest: fewer nodes bought a longer path.", joinNames(longer), shortest)
}

// joinNames writes "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// timesFewer says how many times fewer best is than n: "3.2 x", "1.05 x",
// "120 x".
func timesFewer(best, n uint64) string {
	if best == 0 {
		return "infinitely"
	}
	x := float64(n) / float64(best)
	switch {
	case x < 2:
		return fmt.Sprintf("%.2f x", x)
	case x < 10:
		return fmt.Sprintf("%.1f x", x)
	}
	return toolkit.FormatCount(uint64(x+0.5)) + " x"
}

// mark shows the lane's badge and frame.
func (l *RaceLane) mark(badge string) {
	l.Badge.Text = badge
	l.Badge.TextSize = theme.TextSize() // follows the zoom
	l.Badge.Refresh()
	l.badgeBox.Show()
	l.frame.Show()
}

// marked returns the lane's badge, or "" when it is not marked.
func (l *RaceLane) marked() string {
	if !l.badgeBox.Visible() {
		return ""
	}
	return l.Badge.Text
}

// clearMarks unmarks every lane.
func (r *RaceView) clearMarks() {
	for _, l := range r.Lanes {
		l.Badge.Text = ""
		l.badgeBox.Hide()
		l.frame.Hide()
	}
}
