package practiceview

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/exercise"
)

// TestBadSetupInput: a seed, a count or a choice of topics that cannot be
// used is refused with a sentence saying what to type; nothing starts.
func TestBadSetupInput(t *testing.T) {
	f := newTestView(t)
	for _, c := range []struct {
		name, seed, count string
		noTopic           bool
		want              string
	}{
		{"empty seed", "", "10", false, "seed: type a whole number from 0 to 9007199254740991"},
		{"letters", "abc", "10", false, `seed "abc": not a whole number`},
		{"negative", "-1", "10", false, `seed "-1": not a whole number`},
		{"above 2^53-1", "9007199254740992", "10", false, "not a whole number from 0 to 9007199254740991"},
		{"beyond uint64", "123456789012345678901234567890", "10", false, "not a whole number"},
		{"a fraction", "1.5", "10", false, `seed "1.5"`},
		{"a huge paste", strings.Repeat("9", 4096), "10", false, "4096 characters is too long"},
		{"no questions", "1", "0", false, `questions "0": type a whole number from 1 to 100`},
		{"too many", "1", "101", false, `questions "101"`},
		{"count not a number", "1", "ten", false, `questions "ten"`},
		{"no topic", "1", "10", true, "pick at least one topic"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, g := range f.v.Topics {
				g.SetSelected(nil)
			}
			if !c.noTopic {
				f.v.Topics[0].SetSelected([]string{kindTitle("hamming")})
			}
			f.v.SeedEntry.SetText(c.seed)
			f.v.CountEntry.SetText(c.count)
			test.Tap(f.v.StartButton)
			if f.v.Running() || f.v.set != nil {
				t.Fatal("a set was started")
			}
			if !f.v.Error.Visible() || !strings.Contains(f.v.Error.Text, c.want) {
				t.Errorf("error %q (shown %v), want it to contain %q", f.v.Error.Text, f.v.Error.Visible(), c.want)
			}
		})
	}
	// Spaces around a good seed are fine, and the error goes.
	f.start(1, 1, 5, "hamming")
	f.v.SeedEntry.SetText(" 5 ")
	test.Tap(f.v.StartButton)
	f.q.Wait(t, f.v.Done())
	if f.v.Error.Visible() || f.v.set.seed != 5 {
		t.Errorf("seed \" 5 \": error %q, seed %d", f.v.Error.Text, f.v.set.seed)
	}
}

// TestSameSeedSameQuestions: a seed gives the same set each time (and the
// same as a question bank of the CLI's: exercise.Bank); another seed
// another set.
func TestSameSeedSameQuestions(t *testing.T) {
	f := newTestView(t)
	kinds := []string{"manhattan", "next-node", "ida-bound"}
	f.start(1, 6, 2026, kinds...)
	first := f.v.set.questions
	f.start(1, 6, 2026, kinds...)
	if !reflect.DeepEqual(first, f.v.set.questions) {
		t.Error("the same seed gave other questions")
	}
	var picks []exercise.Pick
	for _, k := range topicOrder(kinds) {
		picks = append(picks, exercise.Pick{Kind: k, Level: 1})
	}
	bank, err := exercise.NewGenerator().Bank(t.Context(), picks, 6, 2026)
	if err != nil || !reflect.DeepEqual(bank, first) {
		t.Errorf("the view's set differs from exercise.Bank's (%v)", err)
	}
	f.start(1, 6, 2027, kinds...)
	if reflect.DeepEqual(first, f.v.set.questions) {
		t.Error("another seed gave the same questions")
	}
}

// topicOrder returns kinds in the order the view lists them.
func topicOrder(kinds []string) []string {
	var out []string
	for _, tp := range topics {
		for _, k := range tp.kinds {
			for _, want := range kinds {
				if k == want {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// TestTypedAnswerChecked: text that is not a number is not judged (a slip of
// the keyboard costs nothing); a comma for the decimal point is read.
func TestTypedAnswerChecked(t *testing.T) {
	f := newTestView(t)
	f.start(1, 2, 3, "branching-factor")
	// Keys type into the answer box without a click on it.
	for _, k := range []fyne.KeyName{fyne.Key1, fyne.KeyComma, fyne.Key5, fyne.Key0, fyne.KeyBackspace, fyne.Key9} {
		f.press(k)
	}
	if f.v.Entry.Text != "1,59" || len(f.v.set.records) != 0 {
		t.Errorf("keys typed %q (and answered %d times), want 1,59", f.v.Entry.Text, len(f.v.set.records))
	}
	for _, typed := range []string{"", "abc", "1.2.3", "NaN", "-Inf", "1e999", strings.Repeat("1", 41)} {
		f.typeAnswer(typed)
		if len(f.v.set.records) != 0 || !strings.HasPrefix(f.v.Feedback.Text, "Not checked") {
			t.Errorf("typed %q: %d answers recorded, feedback %q", typed, len(f.v.set.records), f.v.Feedback.Text)
		}
	}
	q := f.question()
	f.typeAnswer(strings.Replace(strconv.FormatFloat(q.Number, 'f', -1, 64), ".", ",", 1))
	if r := f.lastRecord(); !r.Right {
		t.Errorf("%v typed with a decimal comma judged wrong (%+v)", q.Number, r)
	}
	if f.w.Canvas().Focused() != nil {
		t.Error("the answer box keeps the keyboard after the answer: N would type into it")
	}
}

// TestKeysPressButtons: keys do what their buttons do, and nothing while
// the button is disabled.
func TestKeysPressButtons(t *testing.T) {
	f := newTestView(t)
	f.start(1, 2, 9, "solvable")
	f.press(fyne.KeyN) // Next is disabled before an answer
	if f.v.set.i != 0 {
		t.Fatal("N went on before an answer")
	}
	f.press(fyne.Key9) // no ninth choice
	f.press(fyne.KeyReturn)
	if len(f.v.set.records) != 0 {
		t.Fatal("9 or Enter answered a yes-no question")
	}
	f.press(fyne.Key2)
	if len(f.v.set.records) != 1 || f.lastRecord().Answer != "no" {
		t.Fatalf("2 did not answer no: %+v", f.v.set.records)
	}
	f.press(fyne.Key1) // answered: the choices take no second answer
	if len(f.v.set.records) != 1 {
		t.Fatal("a second answer was recorded")
	}
	f.press(fyne.KeyN)
	if f.v.set.i != 1 || f.v.NextButton.Text != "Finish (N)" {
		t.Errorf("after N: question %d, button %q", f.v.set.i+1, f.v.NextButton.Text)
	}
}

// TestKeyNamesAreKeys checks that KeyNames lists exactly the keys of Keys:
// the window wires KeyNames before the view is built.
func TestKeyNamesAreKeys(t *testing.T) {
	keys := newTestView(t).v.Keys()
	names := KeyNames()
	if len(names) != len(keys) {
		t.Errorf("KeyNames has %d keys, Keys %d", len(names), len(keys))
	}
	for _, k := range names {
		if keys[k] == nil {
			t.Errorf("KeyNames lists %s, which Keys lacks", k)
		}
	}
}
