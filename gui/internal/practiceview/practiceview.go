// Package practiceview is the Practice view: a student picks topics (the
// exercise kinds of core/exercise, grouped as a course meets them), a
// difficulty and a seed, and answers a set of questions drawn with boards,
// by clicking boards or tiles, typing numbers or picking a choice. Every
// answer is judged at once with the engine's explanation; a score and a
// streak run along, and the set ends with a summary that saves as CSV or
// JSON to hand in (docs/formats-practice.md). A question can also be put to
// the whole class (Vote), which the shell shows large.
package practiceview

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// PracticeView is the Practice view. Its widgets are exported for the shell
// (keys, class votes) and for tests.
type PracticeView struct {
	// The set-up: topics (one check group per topic, the kinds' titles),
	// difficulty, seed, number of questions.
	Topics        []*widget.CheckGroup
	Level         *widget.RadioGroup
	SeedEntry     *widget.Entry
	NewSeedButton *widget.Button
	CountEntry    *widget.Entry
	StartButton   *widget.Button
	Error         *widget.Label
	Status        *widget.Label
	// SetupFold folds the set-up away (a set in progress folds it).
	SetupFold *widget.Button

	// The question: where it stands, its text, its boards (the first is
	// the one whose tiles are clicked), the answers offered.
	Header      *widget.Label
	Score       *widget.Label
	Text        *widget.Label
	Boards      []*widgets.BoardView
	Choices     []*widget.Button
	Entry       *widget.Entry
	CheckButton *widget.Button
	checkTipped *fyne.Container // CheckButton with its tip, moved between the answer box and the choices
	Marked      *widget.Label
	Feedback    *widget.Label
	Explanation *widget.Label
	NextButton  *widget.Button
	VoteButton  *widget.Button

	// The summary at the end, and its export.
	SummaryTable *widget.Table
	SaveCSV      *widget.Button
	SaveJSON     *widget.Button

	// Content is the whole view.
	Content fyne.CanvasObject

	// OnVote, when set, shows a class vote (the shell's presentation); the
	// Class vote button is hidden without it.
	OnVote func(*Vote)

	do        toolkit.DoFunc
	win       func() fyne.Window
	runs      *toolkit.JobRunner
	gen       *exercise.Generator // made on the first Start
	now       func() time.Time
	set       *practiceSet
	boardBox  *fyne.Container
	choiceBox *fyne.Container
	numberBox *fyne.Container
	summary   *fyne.Container
	setup     fyne.CanvasObject
	leftBox   *fyne.Container
	rightBox  *fyne.Container
	nav       *fyne.Container // Next and Class vote, shown while a set runs
}

// practiceSet is the set of questions being answered.
type practiceSet struct {
	seed      uint64
	level     int
	kinds     []string
	questions []exercise.Question
	i         int // the question shown
	answered  bool
	picked    []bool       // choices picked (multiple choice)
	marked    map[int]bool // cells marked on the first board
	shown     time.Time    // when the question was shown
	records   []Record
	score     int
	streak    int
	best      int
}

// NewPracticeView returns the view. Building it is cheap: questions are made
// when Start is pressed, on a background job. win returns the window for
// the save dialog.
func NewPracticeView(ctx context.Context, do toolkit.DoFunc, win func() fyne.Window) *PracticeView {
	v := &PracticeView{do: toolkit.OrFyneDo(do), win: win, now: time.Now}
	v.runs = toolkit.NewJobRunner(ctx, v.do)
	for _, t := range topics {
		titles := make([]string, len(t.kinds))
		for i, k := range t.kinds {
			titles[i] = kindTitle(k)
		}
		v.Topics = append(v.Topics, widget.NewCheckGroup(titles, nil))
	}
	v.Topics[0].SetSelected([]string{kindTitle("hamming"), kindTitle("manhattan")})
	v.Level = widget.NewRadioGroup([]string{levelEasy, levelHard}, nil)
	v.Level.Required = true
	v.Level.SetSelected(levelEasy)
	v.SeedEntry = widget.NewEntry()
	v.SeedEntry.SetText(strconv.FormatUint(rand.Uint64N(1_000_000), 10))
	v.SeedEntry.OnSubmitted = func(string) { v.Start() }
	v.NewSeedButton = widget.NewButton("New seed", func() {
		v.SeedEntry.SetText(strconv.FormatUint(rand.Uint64N(1_000_000), 10))
	})
	v.CountEntry = widget.NewEntry()
	v.CountEntry.SetText(strconv.Itoa(defaultQuestions))
	v.CountEntry.OnSubmitted = func(string) { v.Start() }
	v.StartButton = widget.NewButton("Start", v.Start)
	v.StartButton.Importance = widget.HighImportance
	v.Error = toolkit.NewErrorLabel()
	v.Status = widget.NewLabel("Pick topics and a difficulty, then Start. The same seed gives the same questions.")
	v.Status.Wrapping = fyne.TextWrapWord
	v.buildQuestionArea()
	v.Content = v.layout()
	v.clearQuestion()
	return v
}

// layout places the question (text, boards, feedback) on the left and the
// set-up and the answers on the right.
func (v *PracticeView) layout() fyne.CanvasObject {
	var topicBoxes []fyne.CanvasObject
	for i, t := range topics {
		topicBoxes = append(topicBoxes, widget.NewLabelWithStyle(t.title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), controlHelp.WithTip(v.Topics[i], TipTopics))
	}
	seedRow := container.NewBorder(nil, nil, widget.NewLabel("Seed"), controlHelp.WithTip(v.NewSeedButton, TipNewSeed), v.SeedEntry)
	countRow := container.NewBorder(nil, nil, widget.NewLabel("Questions"), nil, v.CountEntry)
	// Start and what it reads first, so that they are in view when the
	// view opens; the topics under them.
	setup := container.NewVBox(append([]fyne.CanvasObject{controlHelp.WithTip(v.StartButton, TipStart), v.Error, v.Status, seedRow, countRow,
		widget.NewLabelWithStyle("Difficulty", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), controlHelp.WithTip(v.Level, TipLevel)},
		topicBoxes...)...)
	v.nav = toolkit.NewFlow(controlHelp.WithTip(v.NextButton, TipNext), controlHelp.WithTip(v.VoteButton, TipVote))
	answers := container.NewVBox(v.Score, v.choiceBox, v.numberBox, v.Marked, v.nav)
	// The answers first, so that they are in view while a set runs (the
	// set-up folds away then); the set-up under them.
	v.SetupFold = toolkit.NewFoldButton("Set-up", setup)
	v.setup = setup
	v.rightBox = container.NewVBox(answers, widget.NewSeparator(), v.SetupFold, setup)
	v.leftBox = container.NewVBox(v.Header, v.Text, v.boardBox, v.Feedback, v.Explanation, v.summary)
	right := container.NewVScroll(container.NewPadded(v.rightBox))
	left := container.NewVScroll(container.NewPadded(v.leftBox))
	return toolkit.NewSide(left, right, 0.36)
}

// picks returns the kinds ticked, at the level chosen.
func (v *PracticeView) picks() ([]exercise.Pick, int, error) {
	level := 1
	if v.Level.Selected == levelHard {
		level = 2
	}
	var out []exercise.Pick
	for _, g := range v.Topics {
		for _, title := range g.Selected {
			if kind, ok := kindOfTitle(title); ok {
				out = append(out, exercise.Pick{Kind: kind, Level: level})
			}
		}
	}
	if len(out) == 0 {
		return nil, 0, errors.New("pick at least one topic")
	}
	return out, level, nil
}

// Start reads the set-up and makes the questions in the background; the
// first is shown when they are ready. Bad input is reported under the
// button and starts nothing.
func (v *PracticeView) Start() {
	picks, level, err := v.picks()
	var seed uint64
	var count int
	if err == nil {
		seed, err = parseSeed(v.SeedEntry.Text)
	}
	if err == nil {
		count, err = parseCount(v.CountEntry.Text)
	}
	if err != nil {
		toolkit.SetError(v.Error, fmt.Sprintf("Cannot start: %v.", err))
		return
	}
	toolkit.SetError(v.Error, "")
	if v.gen == nil {
		v.gen = exercise.NewGenerator()
	}
	gen := v.gen
	v.Status.SetText(fmt.Sprintf("Making %d %s (seed %d)…", count, toolkit.Plural(count, "question", "questions"), seed))
	kinds := make([]string, len(picks))
	for i, p := range picks {
		kinds[i] = p.Kind
	}
	v.runs.Start(func(ctx context.Context, post func(func())) error {
		qs, err := gen.Bank(ctx, picks, count, seed)
		if err != nil {
			return err
		}
		post(func() {
			v.set = &practiceSet{seed: seed, level: level, kinds: kinds, questions: qs}
			v.showSetup(false)
			v.showQuestion()
		})
		return nil
	}, func(err error) {
		if err != nil && !errors.Is(err, context.Canceled) {
			toolkit.SetError(v.Error, fmt.Sprintf("Could not make the questions: %v.", err))
			v.Status.SetText("")
		}
	})
}

// Running reports whether questions are being made.
func (v *PracticeView) Running() bool { return v.runs.Running() }

// Done returns the channel of the latest Start's job (closed when it ends).
func (v *PracticeView) Done() chan struct{} { return v.runs.Done() }

// Stop cancels the making of questions.
func (v *PracticeView) Stop() { v.runs.Drop() }

// Keys are the view's shortcuts; each presses a button, so a disabled
// button is a disabled key: 1 to 9 pick an answer (true-false: 1 yes, 2
// no), Enter checks a typed number or the choices picked, N goes to the
// next question. On a numeric question the digits, the decimal point or
// comma, the minus sign and Backspace type into the answer box instead, so
// a student types the number without clicking the box (a click there would
// cost the next click on a tile: the board takes the keyboard back first).
func (v *PracticeView) Keys() map[fyne.KeyName]func() {
	keys := map[fyne.KeyName]func(){
		fyne.KeyReturn: toolkit.Press(v.CheckButton),
		fyne.KeyEnter:  toolkit.Press(v.CheckButton),
		fyne.KeyN:      toolkit.Press(v.NextButton),
	}
	for i, k := range []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6, fyne.Key7, fyne.Key8, fyne.Key9} {
		keys[k] = func() {
			if v.typeKey(k) {
				return
			}
			if i < len(v.Choices) {
				toolkit.Press(v.Choices[i])()
			}
		}
	}
	for _, k := range []fyne.KeyName{fyne.Key0, fyne.KeyPeriod, fyne.KeyComma, fyne.KeyMinus, fyne.KeyBackspace} {
		keys[k] = func() { v.typeKey(k) }
	}
	return keys
}

// KeyNames are the keys of Keys, for a window that wires them before the
// view is built.
func KeyNames() []fyne.KeyName {
	return []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyN,
		fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6, fyne.Key7, fyne.Key8, fyne.Key9,
		fyne.Key0, fyne.KeyPeriod, fyne.KeyComma, fyne.KeyMinus, fyne.KeyBackspace}
}

// typeKey types k into the answer box of an unanswered numeric question
// (Backspace deletes the last character) and reports whether it did.
func (v *PracticeView) typeKey(k fyne.KeyName) bool {
	q, ok := v.current()
	if !ok || v.set.answered || q.Answer != exercise.Numeric || v.Entry.Disabled() {
		return false
	}
	text := v.Entry.Text
	switch {
	case k == fyne.KeyBackspace:
		if text != "" {
			_, size := utf8.DecodeLastRuneInString(text)
			text = text[:len(text)-size]
		}
	case len(text) < maxTyped:
		text += string(k)
	}
	v.Entry.SetText(text)
	return true
}

// showSetup shows or folds the set-up.
func (v *PracticeView) showSetup(on bool) {
	if v.setup.Visible() != on {
		toolkit.Press(v.SetupFold)()
	}
}

// relayout lays both columns out again after widgets were shown or hidden.
func (v *PracticeView) relayout() {
	v.leftBox.Refresh()
	v.rightBox.Refresh()
}
