package quiz

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
)

var (
	bankOnce sync.Once
	theBank  Bank
	bankErr  error
)

// testBank is a bank with every kind at both levels.
func testBank(t *testing.T) Bank {
	t.Helper()
	bankOnce.Do(func() {
		picks, err := exercise.ParsePicks("all,all:2")
		if err != nil {
			bankErr = err
			return
		}
		qs, err := exercise.NewGenerator().Bank(context.Background(), picks, len(picks), 11)
		theBank, bankErr = Bank{Title: "Test bank", Kinds: "all,all:2", Seed: 11, Questions: qs}, err
	})
	if bankErr != nil {
		t.Fatal(bankErr)
	}
	return theBank
}

var (
	writtenMu sync.Mutex
	written   = map[string][]byte{}
)

// writeTestBank writes testBank in format once and returns the bytes to
// every test that asks.
func writeTestBank(t *testing.T, format string) []byte {
	t.Helper()
	b := testBank(t)
	writtenMu.Lock()
	defer writtenMu.Unlock()
	if data, ok := written[format]; ok {
		return data
	}
	data := write(t, format, b)
	written[format] = data
	return data
}

func write(t *testing.T, format string, b Bank) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, format, b); err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	return buf.Bytes()
}

func TestNumber(t *testing.T) {
	for v, want := range map[float64]string{12: "12", 1.27 - 0.01: "1.26", 1.27 + 0.01: "1.28", 0: "0", 2.5: "2.5"} {
		if got := number(v); got != want {
			t.Errorf("number(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestSameBankSameBytes(t *testing.T) {
	b := testBank(t)
	small := b
	small.Questions = b.Questions[:4]
	for _, f := range Formats {
		if raceForm() && (f == "moodle-xml" || f == "qti") {
			// The race form (raceForm) writes the formats with pictures
			// once (writeTestBank, shared with the other tests) and
			// repeats GIFT and JSON: a second write's PNG encoding was
			// most of this package's time under -race.
			continue
		}
		if !bytes.Equal(writeTestBank(t, f), write(t, f, b)) {
			t.Errorf("%s: two writes of one bank differ", f)
		}
		if bytes.Equal(write(t, f, small), writeTestBank(t, f)) {
			t.Errorf("%s: two banks gave the same bytes", f)
		}
	}
	if err := Write(context.Background(), io.Discard, "docx", b); err == nil {
		t.Error("an unknown format: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, f := range []string{"moodle-xml", "qti"} {
		if err := Write(ctx, io.Discard, f, b); err != context.Canceled {
			t.Errorf("%s with a cancelled context: %v", f, err)
		}
	}
}

// TestGIFTReadsBack reads the GIFT file back with a reader written from the
// grammar and compares every part with the bank.
func TestGIFTReadsBack(t *testing.T) {
	b := testBank(t)
	qs, err := readGIFT(string(writeTestBank(t, "gift")))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(b.Questions) {
		t.Fatalf("read %d questions, wrote %d", len(qs), len(b.Questions))
	}
	for i, want := range b.Questions {
		if err := sameGIFT(i, qs[i], want); err != nil {
			t.Errorf("question %d (%s): %v", i+1, want.Kind, err)
		}
	}
}

func sameGIFT(i int, got giftQuestion, want exercise.Question) error {
	if got.title != fmt.Sprintf("Q%d %s", i+1, want.Title) || got.format != "html" {
		return fmt.Errorf("title %q, format %q", got.title, got.format)
	}
	if wantText := strings.ReplaceAll(questionHTML(want, func(int) string { return "" }), "\n", " "); got.text != wantText {
		return fmt.Errorf("text\n%q\nwant\n%q", got.text, wantText)
	}
	if got.general != strings.ReplaceAll(htmlEscape(want.Explanation), "\n", " ") {
		return fmt.Errorf("general feedback %q", got.general)
	}
	switch want.Answer {
	case exercise.Numeric:
		v, err1 := strconv.ParseFloat(got.number, 64)
		tol, err2 := strconv.ParseFloat(got.tolerance, 64)
		if got.kind != "numeric" || err1 != nil || err2 != nil || v != want.Number || tol != want.Tolerance {
			return fmt.Errorf("numeric %q:%q, want %g:%g", got.number, got.tolerance, want.Number, want.Tolerance)
		}
	case exercise.TrueFalse:
		if got.kind != "truefalse" || got.truth != want.Truth {
			return fmt.Errorf("true-false %v, want %v", got.truth, want.Truth)
		}
	default:
		if got.kind != "choice" || len(got.answers) != len(want.Choices) {
			return fmt.Errorf("%d answers, want %d", len(got.answers), len(want.Choices))
		}
		total := 0.0
		for k, c := range want.Choices {
			a := got.answers[k]
			if a.text != htmlEscape(c.Text) || a.feedback != htmlEscape(c.Feedback) {
				return fmt.Errorf("answer %d: %q # %q", k+1, a.text, a.feedback)
			}
			w := weight(a.mark)
			if want.Answer == exercise.SingleChoice && (a.mark == "=") != c.Correct {
				return fmt.Errorf("answer %d marked %q, right: %v", k+1, a.mark, c.Correct)
			}
			if want.Answer == exercise.MultipleChoice && (w > 0) != c.Correct {
				return fmt.Errorf("answer %d weighted %q, right: %v", k+1, a.mark, c.Correct)
			}
			if w > 0 {
				total += w
			}
		}
		if want.Answer == exercise.MultipleChoice && math.Abs(total-100) > 0.01 {
			return fmt.Errorf("the right answers' weights sum to %g, not 100", total)
		}
	}
	return nil
}

func weight(mark string) float64 {
	if !strings.HasPrefix(mark, "~%") {
		return 0
	}
	v, _ := strconv.ParseFloat(strings.Trim(mark, "~%"), 64)
	return v
}

// TestGIFTEscapesEveryCharacter writes questions whose title, text, choices
// and explanation hold every special character and reads them back.
func TestGIFTEscapesEveryCharacter(t *testing.T) {
	alphabet := []rune("~=#{}:\\/_ -+*<>&\"'()[]%.,;!?0123456789abcXYZ\tå→≤")
	r := rand.New(rand.NewPCG(1, 2))
	str := func() string {
		n := 1 + r.IntN(30)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = alphabet[r.IntN(len(alphabet))]
		}
		return "x" + string(rs) + "x" // no leading or trailing space to trim
	}
	b := board.Solved(board.Size{W: 3, H: 3}, board.BlankLast)
	for i := 0; i < 300; i++ {
		q := exercise.Question{Title: str(), Text: str() + "\n" + str(), Boards: []exercise.Picture{{Caption: str(), Board: b}},
			Answer: exercise.AnswerKind(r.IntN(4)), Explanation: str(), Number: 3, Truth: true}
		if q.Answer == exercise.SingleChoice || q.Answer == exercise.MultipleChoice {
			q.Choices = []exercise.Choice{{Text: str(), Correct: true, Feedback: str()}, {Text: str(), Feedback: str()}}
		}
		var buf bytes.Buffer
		if err := WriteGIFT(&buf, Bank{Title: "t", Kinds: "k", Questions: []exercise.Question{q}}); err != nil {
			t.Fatal(err)
		}
		got, err := readGIFT(buf.String())
		if err != nil || len(got) != 1 {
			t.Fatalf("%q: %v (%d questions)", buf.String(), err, len(got))
		}
		if err := sameGIFT(0, got[0], q); err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
	}
}

// Moodle XML, as the "Moodle XML format" documentation describes it.
type moodleQuiz struct {
	XMLName   xml.Name         `xml:"quiz"`
	Questions []moodleQuestion `xml:"question"`
}

type moodleText struct {
	Format string `xml:"format,attr"`
	Text   string `xml:"text"`
}

type moodleQuestion struct {
	Type     string `xml:"type,attr"`
	Category string `xml:"category>text"`
	Name     string `xml:"name>text"`
	QText    struct {
		Format string `xml:"format,attr"`
		Text   string `xml:"text"`
		Files  []struct {
			Name     string `xml:"name,attr"`
			Path     string `xml:"path,attr"`
			Encoding string `xml:"encoding,attr"`
			Data     string `xml:",chardata"`
		} `xml:"file"`
	} `xml:"questiontext"`
	General moodleText `xml:"generalfeedback"`
	Single  string     `xml:"single"`
	Answers []struct {
		Fraction  string      `xml:"fraction,attr"`
		Text      string      `xml:"text"`
		Tolerance *string     `xml:"tolerance"`
		Feedback  *moodleText `xml:"feedback"`
	} `xml:"answer"`
}

func TestMoodleXMLHostileKinds(t *testing.T) {
	b := testBank(t)
	b.Kinds = "a---b--\n-->-"
	b.Title = "<x> & ]]> \"--\""
	b.Questions = b.Questions[:2]
	var mq moodleQuiz
	if err := xml.Unmarshal(write(t, "moodle-xml", b), &mq); err != nil {
		t.Fatalf("not well-formed: %v", err)
	}
	if !strings.HasSuffix(mq.Questions[0].Category, b.Title) {
		t.Errorf("category %q", mq.Questions[0].Category)
	}
}

func TestMoodleXML(t *testing.T) {
	b := testBank(t)
	var mq moodleQuiz
	if err := xml.Unmarshal(writeTestBank(t, "moodle-xml"), &mq); err != nil {
		t.Fatalf("not well-formed: %v", err)
	}
	if len(mq.Questions) != len(b.Questions)+1 || mq.Questions[0].Type != "category" || !strings.HasPrefix(mq.Questions[0].Category, "$course$/") {
		t.Fatalf("want a category question then %d questions, got %d", len(b.Questions), len(mq.Questions))
	}
	for i, q := range mq.Questions[1:] {
		if err := checkMoodleQuestion(q, b.Questions[i]); err != nil {
			t.Errorf("question %d (%s): %v", i+1, b.Questions[i].Kind, err)
		}
	}
}

func checkMoodleQuestion(q moodleQuestion, want exercise.Question) error {
	wantType := map[exercise.AnswerKind]string{exercise.SingleChoice: "multichoice", exercise.MultipleChoice: "multichoice",
		exercise.TrueFalse: "truefalse", exercise.Numeric: "numerical"}[want.Answer]
	if q.Type != wantType || q.Name == "" || q.QText.Format != "html" || q.QText.Text == "" || q.General.Text == "" {
		return fmt.Errorf("type %q (want %q), name %q, text format %q", q.Type, wantType, q.Name, q.QText.Format)
	}
	if len(q.QText.Files) != len(want.Boards) {
		return fmt.Errorf("%d files, %d boards", len(q.QText.Files), len(want.Boards))
	}
	for _, f := range q.QText.Files {
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(f.Data))
		if err != nil || f.Path != "/" || f.Encoding != "base64" {
			return fmt.Errorf("file %s: %v", f.Name, err)
		}
		if _, err := png.Decode(bytes.NewReader(raw)); err != nil {
			return fmt.Errorf("file %s: %v", f.Name, err)
		}
		if !strings.Contains(q.QText.Text, `src="@@PLUGINFILE@@/`+f.Name+`"`) {
			return fmt.Errorf("file %s is not referenced in the text", f.Name)
		}
	}
	total, full := 0.0, 0
	for _, a := range q.Answers {
		fr, err := strconv.ParseFloat(a.Fraction, 64)
		if err != nil || a.Feedback == nil {
			return fmt.Errorf("answer %q: fraction %q, feedback %v", a.Text, a.Fraction, a.Feedback)
		}
		if fr > 0 {
			total += fr
		}
		if fr == 100 {
			full++
		}
	}
	switch want.Answer {
	case exercise.Numeric:
		if len(q.Answers) != 1 || q.Answers[0].Tolerance == nil || q.Answers[0].Text != fmt.Sprint(want.Number) {
			return fmt.Errorf("numerical answer %+v", q.Answers)
		}
	case exercise.TrueFalse:
		if len(q.Answers) != 2 || full != 1 || (q.Answers[0].Fraction == "100") != want.Truth {
			return fmt.Errorf("true-false answers %+v", q.Answers)
		}
	case exercise.SingleChoice:
		if q.Single != "true" || full != 1 || len(q.Answers) != len(want.Choices) {
			return fmt.Errorf("single %q, %d answers at 100", q.Single, full)
		}
	case exercise.MultipleChoice:
		if q.Single != "false" || math.Abs(total-100) > 0.01 {
			return fmt.Errorf("single %q, right answers sum to %g", q.Single, total)
		}
	}
	return nil
}

// QTI 1.2 as Canvas imports it.
type qtiManifestXML struct {
	XMLName   xml.Name `xml:"manifest"`
	Resources []struct {
		Identifier string `xml:"identifier,attr"`
		Type       string `xml:"type,attr"`
		Href       string `xml:"href,attr"`
		Files      []struct {
			Href string `xml:"href,attr"`
		} `xml:"file"`
		Dependencies []struct {
			Ref string `xml:"identifierref,attr"`
		} `xml:"dependency"`
	} `xml:"resources>resource"`
}

type qtiDoc struct {
	XMLName    xml.Name `xml:"questestinterop"`
	Assessment struct {
		Ident   string `xml:"ident,attr"`
		Title   string `xml:"title,attr"`
		Section struct {
			Items []struct {
				Ident  string `xml:"ident,attr"`
				Fields []struct {
					Label string `xml:"fieldlabel"`
					Entry string `xml:"fieldentry"`
				} `xml:"itemmetadata>qtimetadata>qtimetadatafield"`
				Mattext string `xml:"presentation>material>mattext"`
				Labels  []struct {
					Ident string `xml:"ident,attr"`
				} `xml:"presentation>response_lid>render_choice>response_label"`
				Conds []struct {
					Continue string `xml:"continue,attr"`
					Setvar   *struct {
						Action string `xml:"action,attr"`
						Value  string `xml:",chardata"`
					} `xml:"setvar"`
				} `xml:"resprocessing>respcondition"`
			} `xml:"item"`
		} `xml:"section"`
	} `xml:"assessment"`
}

func TestQTIPackage(t *testing.T) {
	b := testBank(t)
	data := writeTestBank(t, "qti")
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	var man qtiManifestXML
	if err := xml.Unmarshal(files["imsmanifest.xml"], &man); err != nil {
		t.Fatalf("imsmanifest.xml: %v", err)
	}
	var assessment string
	ids := map[string]bool{}
	for _, r := range man.Resources {
		ids[r.Identifier] = true
		for _, f := range r.Files {
			if _, ok := files[f.Href]; !ok {
				t.Errorf("manifest names %s, not in the zip", f.Href)
			}
		}
		if r.Type == "imsqti_xmlv1p2" {
			assessment = r.Files[0].Href
		}
	}
	for _, r := range man.Resources {
		for _, d := range r.Dependencies {
			if !ids[d.Ref] {
				t.Errorf("dependency %s names no resource", d.Ref)
			}
		}
	}
	var doc qtiDoc
	if err := xml.Unmarshal(files[assessment], &doc); err != nil {
		t.Fatalf("%s: %v", assessment, err)
	}
	items := doc.Assessment.Section.Items
	if doc.Assessment.Ident == "" || len(items) != len(b.Questions) {
		t.Fatalf("assessment %q with %d items, want %d", doc.Assessment.Ident, len(items), len(b.Questions))
	}
	for i, it := range items {
		want := b.Questions[i]
		if len(it.Fields) == 0 || it.Fields[0].Label != "question_type" || it.Fields[0].Entry != canvasType(want.Answer) {
			t.Errorf("item %d: metadata %+v", i+1, it.Fields)
		}
		scored := false
		for _, c := range it.Conds {
			if c.Setvar != nil && c.Setvar.Value == "100" && c.Setvar.Action == "Set" {
				scored = true
			}
		}
		if !scored {
			t.Errorf("item %d: no respcondition sets SCORE to 100", i+1)
		}
		for _, ref := range strings.Split(it.Mattext, `src="$IMS-CC-FILEBASE$/`)[1:] {
			name := ref[:strings.IndexByte(ref, '"')]
			if _, ok := files[name]; !ok {
				t.Errorf("item %d: picture %s not in the zip", i+1, name)
			}
		}
		if want.Answer != exercise.Numeric && len(it.Labels) == 0 {
			t.Errorf("item %d: no response labels", i+1)
		}
	}
}

func TestJSON(t *testing.T) {
	b := testBank(t)
	dec := json.NewDecoder(bytes.NewReader(writeTestBank(t, "json")))
	dec.DisallowUnknownFields()
	var jb JSONBank
	if err := dec.Decode(&jb); err != nil {
		t.Fatal(err)
	}
	if jb.Format != JSONFormat || jb.Version != JSONVersion || len(jb.Questions) != len(b.Questions) {
		t.Fatalf("format %q version %d, %d questions", jb.Format, jb.Version, len(jb.Questions))
	}
	for i, q := range jb.Questions {
		for _, p := range q.Boards {
			if _, err := board.Parse(p.Board, board.Size{}); err != nil {
				t.Errorf("question %d: board %q: %v", i+1, p.Board, err)
			}
		}
		a := q.Answer
		ok := map[string]bool{
			"numeric":         a.Number != nil && a.Tolerance != nil && a.Truth == nil && a.Choices == nil,
			"true-false":      a.Truth != nil && a.Number == nil && a.Choices == nil,
			"single-choice":   len(a.Choices) > 1 && a.Truth == nil && a.Number == nil,
			"multiple-choice": len(a.Choices) > 1 && a.Truth == nil && a.Number == nil,
		}[a.Type]
		if !ok {
			t.Errorf("question %d: answer %+v", i+1, a)
		}
	}
}
