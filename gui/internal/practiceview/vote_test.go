package practiceview

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
)

// TestClassVote: the Class vote button hands the shell a vote on the
// question shown; its answers are lettered, Reveal (R) shows the right
// letters and the explanation, Next (N) goes on through the set and stops
// at its end.
func TestClassVote(t *testing.T) {
	f := newTestView(t)
	if f.v.VoteButton.Visible() {
		t.Error("Class vote offered with no shell to show it")
	}
	var got *Vote
	f.v.OnVote = func(v *Vote) { got = v }
	f.start(1, 3, 5, "next-node", "solvable", "manhattan") // asked in topic order: solvable, manhattan, next-node
	test.Tap(f.v.VoteButton)
	if got == nil {
		t.Fatal("no vote handed over")
	}
	if q := got.Question(); !reflect.DeepEqual(q, f.question()) {
		t.Fatalf("vote on %s, want the question shown", q.Kind)
	}
	if len(got.Choices) != 2 || got.Choices[0].Text != "A.  Yes" || got.Choices[1].Text != "B.  No" {
		t.Errorf("yes-no choices %v", got.Choices)
	}
	if got.Answer.Visible() || got.Explanation.Visible() {
		t.Error("the answer shows before Reveal")
	}
	got.Keys()[fyne.KeyR]()
	q := got.Question()
	right := letter(rightIndices(q)[0])
	if !got.Answer.Visible() || got.Answer.Text != "Answer: "+right+" ("+rightAnswer(q)+")" || got.Explanation.Text != q.Explanation {
		t.Errorf("after R: %q, explanation shown %v", got.Answer.Text, got.Explanation.Visible())
	}
	got.Keys()[fyne.KeyN]()
	if q := got.Question(); q.Answer != exercise.Numeric || got.Answer.Visible() {
		t.Errorf("after N: a %s question, answer shown %v", q.Kind, got.Answer.Visible())
	}
	got.Reveal()
	if want := "Answer: " + rightAnswer(got.Question()); got.Answer.Text != want {
		t.Errorf("numeric answer %q, want %q", got.Answer.Text, want)
	}
	got.Keys()[fyne.KeyN]()
	q = got.Question()
	for i, l := range got.Choices {
		if want := letter(i) + ".  " + q.Choices[i].Text; l.Text != want {
			t.Errorf("choice %d reads %q, want %q", i, l.Text, want)
		}
	}
	if q.Kind != "next-node" || !got.NextButton.Disabled() {
		t.Errorf("last question %s: Next disabled %v", q.Kind, got.NextButton.Disabled())
	}
	exited := false
	got.OnExit = func() { exited = true }
	test.Tap(got.ExitButton)
	if !exited {
		t.Error("Exit did not call OnExit")
	}
	if len(f.v.set.records) != 0 {
		t.Error("a class vote recorded an answer in the student's set")
	}
}

// TestMarkTilesAndWorkedAnswer: clicking tiles of a heuristic question marks
// them (a dot, counted); after the answer the board shows each tile's share
// and linear conflict's +2s, as the puzzle view's overlay does.
func TestMarkTilesAndWorkedAnswer(t *testing.T) {
	f := newTestView(t)
	f.start(1, 1, 4, "linear-conflict")
	q := f.question()
	b := q.Boards[0].Board
	tiles := 0
	for cell := range b.Size().Cells() {
		if b.At(cell) != 0 && tiles < 3 {
			f.tapCell(0, cell)
			tiles++
		}
	}
	f.tapCell(0, b.Blank()) // the blank is no tile
	if f.v.Marked.Text != "3 tiles marked" {
		t.Errorf("marked: %q", f.v.Marked.Text)
	}
	answerRight(f, q)
	ov := f.v.Boards[0].Overlay()
	for cell := range b.Size().Cells() {
		tile := b.At(cell)
		if tile == 0 {
			continue
		}
		want := uitestShare(b, cell)
		if ov.Share[cell] != want {
			t.Errorf("tile %d: share badge %q, want %q", tile, ov.Share[cell], want)
		}
	}
	plus := 0
	for _, e := range ov.Extra {
		if e == "+2" || e == "+4" {
			plus++
		}
	}
	if plus == 0 || !strings.Contains(q.Explanation, "x 2") {
		t.Errorf("no +2 badge on a board with a conflict (explanation %q)", q.Explanation)
	}
	if e := f.v.Explanation.Text; !strings.HasPrefix(e, q.Explanation+" You marked ") || !strings.Contains(e, "leave their line") {
		t.Errorf("the explanation does not compare the marks: %q", e)
	}
}

// uitestShare is a tile's Manhattan distance to its goal cell (blank last),
// computed apart from core/search, as its badge shows it ("" for 0).
func uitestShare(b board.Board, cell int) string {
	w := b.Size().W
	goalCell := b.At(cell) - 1
	d := abs(cell/w-goalCell/w) + abs(cell%w-goalCell%w)
	if d == 0 {
		return ""
	}
	return strconv.Itoa(d)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
