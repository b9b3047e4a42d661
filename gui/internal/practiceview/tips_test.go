package practiceview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button and selector of the Practice view has
// its tip from the one table, and the shortcut list says the same; the
// Check button keeps its tip wherever a question puts it (under the answer
// box for a number, under the choices otherwise).
func TestEveryTipInTable(t *testing.T) {
	for _, kind := range []string{"hamming", "solvable"} {
		t.Run(kind, func(t *testing.T) {
			f := newTestView(t)
			f.start(1, 2, 7, kind)
			v := f.v
			want := map[fyne.CanvasObject]string{
				v.StartButton: TipStart, v.NewSeedButton: TipNewSeed, v.Level: TipLevel,
				v.CheckButton: TipCheck, v.NextButton: TipNext, v.VoteButton: TipVote,
				v.SaveCSV: TipCSV, v.SaveJSON: TipJSON,
			}
			for _, g := range v.Topics {
				want[g] = TipTopics
			}
			uitest.CheckTips(t, uitest.TipCheck{Content: f.w.Content(), TipOf: toolkit.TipOf, Want: want,
				Tip: controlHelp.Tip, Help: controlHelp.Text(), IDs: controlHelp.IDs()})
		})
	}
}

// TestVoteTipsInTable: the class vote's buttons have their tips from the
// vote's table, and the shortcut list says the same.
func TestVoteTipsInTable(t *testing.T) {
	f := newTestView(t)
	var v *Vote
	f.v.OnVote = func(got *Vote) { v = got }
	f.start(1, 2, 7, "solvable")
	test.Tap(f.v.VoteButton)
	if v == nil {
		t.Fatal("no vote handed over")
	}
	uitest.CheckTips(t, uitest.TipCheck{Content: v.Content, TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		v.RevealButton: TipReveal, v.NextButton: TipVoteNext, v.ExitButton: TipVoteExit,
	}, Tip: voteHelp.Tip, Help: Tips().Text(), IDs: voteHelp.IDs()})
}
