package treecard

import (
	"reflect"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

func TestLines(t *testing.T) {
	b, err := board.Parse("1 2 3 / 4 0 5 / 7 8 6", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	rows := []string{"1 2 3", "4 · 5", "7 8 6"}
	cases := []struct {
		name       string
		c          Card
		alg        search.Algorithm
		head, vals string
		faint      bool
	}{
		{"expanded", Card{Status: Closed, Order: 5, F: 20, G: 3, H: 17}, search.AStar, "#5", "20 = 3+17", false},
		{"open", Card{Status: Open, F: 20, G: 3, H: 17}, search.AStar, "open", "20 = 3+17", false},
		{"reopened", Card{Status: Open, Order: 4, Reopened: true, F: 9, G: 2, H: 7}, search.AStar, "reopened", "9 = 2+7", false},
		{"selected, not yet expanded", Card{Status: Current, G: 1, H: 2, F: 3}, search.AStar, "selected", "3 = 1+2", false},
		{"current and expanded", Card{Status: Current, Order: 7, G: 1, H: 2, F: 3}, search.AStar, "#7", "3 = 1+2", false},
		{"goal", Card{Status: Goal, Order: 12, F: 22, G: 22}, search.AStar, "#12 goal", "22 = 22+0", false},
		{"goal not expanded", Card{Status: Goal, F: 22, G: 22}, search.IDAStar, "GOAL", "22 = 22+0", false},
		{"pruned", Card{Status: Pruned, F: 42, Bound: 40}, search.IDAStar, "pruned", "f 42 > 40", false},
		{"duplicate", Card{Status: Duplicate, G: 4}, search.BFS, "duplicate", "g 4", true},
		{"replaced", Card{Status: Replaced, G: 4, H: 3, F: 7}, search.AStar, "replaced", "7 = 4+3", true},
		{"greedy", Card{Status: Closed, Order: 2, G: 4, H: 3}, search.Greedy, "#2", "h 3  g 4", false},
		{"cut off by the depth limit", Card{Status: Pruned, G: 11, F: 11, Bound: 10}, search.DLS, "pruned", "g 11 > 10", false},
		{"iterative deepening", Card{Status: Closed, Order: 3, G: 2, H: 5, F: 7}, search.IDDFS, "#3", "g 2", false},
		{"weighted A*", Card{Status: Closed, Order: 3, G: 4, H: 7, F: 11, Weight10: 30}, search.WAStar, "#3", "25 = 4+3·7", false},
		{"weighted A*, w 1.5", Card{Status: Open, G: 4, H: 7, F: 11, Weight10: 15}, search.WAStar, "open", "14.5 = 4+1.5·7", false},
	}
	for _, c := range cases {
		c.c.Board = b
		got := Lines(c.c, c.alg)
		want := []Line{{Text: c.head}, {Text: c.vals}}
		for _, r := range rows {
			want = append(want, Line{Text: r, Faint: c.faint})
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Lines = %v, want %v", c.name, got, want)
		}
	}
	if got := Lines(Card{Status: Open}, search.AStar); len(got) != 2 {
		t.Errorf("a card without a board has %d lines, want 2", len(got))
	}
}

func TestBoardRowsWide(t *testing.T) {
	b := board.Solved(board.Size4x4, board.BlankLast)
	want := []string{" 1  2  3  4", " 5  6  7  8", " 9 10 11 12", "13 14 15  ·"}
	if got := BoardRows(b); !reflect.DeepEqual(got, want) {
		t.Errorf("BoardRows = %q, want %q", got, want)
	}
}
