package practiceview

import "github.com/slidelab/slidelab/gui/internal/toolkit"

// The IDs of the Practice view's controls with a tip.
const (
	TipStart   = "start"
	TipNewSeed = "new-seed"
	TipLevel   = "level"
	TipTopics  = "topics"
	TipCheck   = "check"
	TipNext    = "next"
	TipVote    = "vote"
	TipCSV     = "csv"
	TipJSON    = "json"
)

// controlHelp is the Practice view's table of tips, in the order the
// controls appear; the shell's Keys list shows the same lines (Tips).
var controlHelp = toolkit.TipTable{
	{ID: TipStart, Name: "Start", Text: "Makes a new set of questions from the ticked topics, the difficulty and the seed, and shows the first."},
	{ID: TipNewSeed, Name: "New seed", Text: "Draws another seed; the same seed always gives the same questions, so a class can share one."},
	{ID: TipLevel, Name: "Difficulty", Text: "Level 1 asks about 8-puzzle boards; level 2 about 15-puzzle boards, with larger numbers."},
	{ID: TipTopics, Name: "Topics", Text: "The kinds of question the set draws from; tick at least one."},
	{ID: TipCheck, Name: "Check", Key: "Enter", Text: "Checks the typed number or the picked answer and shows the engine's explanation."},
	{ID: TipNext, Name: "Next", Key: "N", Text: "Shows the next question; after the last, the summary."},
	{ID: TipVote, Name: "Class vote…", Text: "Shows the question full screen with lettered answers for the class to vote on; R reveals the answer."},
	{ID: TipCSV, Name: "Save summary as CSV…", Text: "Saves each question, your answer, the right one and the time as CSV to hand in."},
	{ID: TipJSON, Name: "Save summary as JSON…", Text: "Saves the same summary as JSON."},
}

// The IDs of the class vote's buttons with a tip.
const (
	TipReveal   = "vote-reveal"
	TipVoteNext = "vote-next"
	TipVoteExit = "vote-exit"
)

// voteHelp is the class vote's table of tips (Vote), in the order of its
// buttons.
var voteHelp = toolkit.TipTable{
	{ID: TipReveal, Name: "Reveal", Key: "R", Text: "Shows the right answer's letters and the explanation, once the class has voted."},
	{ID: TipVoteNext, Name: "Next question", Key: "N", Text: "Puts the set's next question to the class, its answer hidden."},
	{ID: TipVoteExit, Name: "Exit the vote", Key: "Esc", Text: "Leaves the vote and returns to the window as it was."},
}

// Tips returns the view's table of tips and the class vote's, for the
// shell's Keys list.
func Tips() toolkit.TipTable { return append(append(toolkit.TipTable{}, controlHelp...), voteHelp...) }
