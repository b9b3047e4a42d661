package exercise

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/testfull"
)

// oracles caches the tests' own tables.
type oracles struct {
	mu     sync.Mutex
	pdbs   map[string]map[string]int
	layers map[string][]int
}

func (o *oracles) pdb(w, h int, tiles []int) map[string]int {
	key := fmt.Sprint(w, h, tiles)
	o.mu.Lock()
	defer o.mu.Unlock()
	if t, ok := o.pdbs[key]; ok {
		return t
	}
	t := oraclePDB(w, h, tiles)
	o.pdbs[key] = t
	return t
}

func (o *oracles) bfs(w, h int) []int {
	key := fmt.Sprint(w, h)
	o.mu.Lock()
	defer o.mu.Unlock()
	if l, ok := o.layers[key]; ok {
		return l
	}
	l := oracleBFSLayers(w, h)
	o.layers[key] = l
	return l
}

// heuristic is the oracle's version of a property question's heuristic.
func (o *oracles) heuristic(name string, b board.Board) int {
	switch name {
	case "manhattan":
		return oracleManhattan(b)
	case "hamming":
		return oracleHamming(b)
	case "linear-conflict":
		return oracleLinearConflict(b)
	case "2*manhattan":
		return 2 * oracleManhattan(b)
	case "2*hamming":
		return 2 * oracleHamming(b)
	case "manhattan+hamming":
		return oracleManhattan(b) + oracleHamming(b)
	case "pdb":
		s := b.Size()
		sum := 0
		for _, grp := range strings.Split(PDBPartition(s), "/") {
			tiles, _ := parseInts(grp)
			sum += o.pdb(s.W, s.H, tiles)[placementKey(b, tiles)]
		}
		return sum
	}
	panic("unknown heuristic " + name)
}

// captioned returns the oracle's h of a property question's board and
// checks the board's caption shows it.
func (o *oracles) captioned(q Question, p Picture) (int, error) {
	v := o.heuristic(q.Given["heuristic"], p.Board)
	if p.Caption != fmt.Sprintf("h=%d", v) {
		return 0, fmt.Errorf("caption %q, the oracle's h is %d", p.Caption, v)
	}
	return v, nil
}

func wantNumber(q Question, v int) error {
	if q.Answer != Numeric || q.Number != float64(v) || q.Tolerance != 0 {
		return fmt.Errorf("answer %v %g±%g, the oracle says %d", q.Answer, q.Number, q.Tolerance, v)
	}
	return nil
}

func wantTruth(q Question, v bool) error {
	if q.Answer != TrueFalse || q.Truth != v {
		return fmt.Errorf("answer %v %v, the oracle says %v", q.Answer, q.Truth, v)
	}
	return nil
}

func wantChoices(q Question, right ...string) error {
	got := correctTexts(q)
	sort.Strings(right)
	if !reflect.DeepEqual(got, right) && !(len(got) == 0 && len(right) == 0) {
		return fmt.Errorf("right choices %q, the oracle says %q", got, right)
	}
	return nil
}

func atoi(s string) int {
	var v int
	fmt.Sscan(s, &v)
	return v
}

// check recomputes q's answer independently.
func (o *oracles) check(q Question) error {
	b := q.Boards[0].Board
	s := b.Size()
	switch q.Kind {
	case "solvable":
		return wantTruth(q, oracleSolvable(b))
	case "hamming":
		return wantNumber(q, oracleHamming(b))
	case "manhattan":
		return wantNumber(q, oracleManhattan(b))
	case "linear-conflict":
		return wantNumber(q, oracleLinearConflict(b))
	case "pdb-entry":
		tiles, err := parseInts(q.Given["tiles"])
		if err != nil {
			return err
		}
		return wantNumber(q, o.pdb(s.W, s.H, tiles)[placementKey(b, tiles)])
	case "pdb-layer":
		tiles, err := parseInts(q.Given["tiles"])
		if err != nil {
			return err
		}
		n := 0
		for _, v := range o.pdb(s.W, s.H, tiles) {
			if v == atoi(q.Given["cost"]) {
				n++
			}
		}
		return wantNumber(q, n)
	case "bfs-layer":
		return wantNumber(q, o.bfs(s.W, s.H)[atoi(q.Given["depth"])])
	case "next-node":
		return checkNextNode(q)
	case "child-f":
		return checkChildF(q)
	case "ida-bound":
		found, least := oracleIDAPass(b, atoi(q.Given["bound"]))
		if found {
			return fmt.Errorf("the pass with bound %s reaches the goal", q.Given["bound"])
		}
		return wantNumber(q, least)
	case "ida-prune":
		return checkPrune(q)
	case "admissible":
		ok := true
		for _, p := range q.Boards {
			v, err := o.captioned(q, p)
			if err != nil {
				return err
			}
			ok = ok && v <= oracleDistance(p.Board)
		}
		return wantTruth(q, ok)
	case "consistent":
		ok := true
		for _, p := range q.Boards {
			v, err := o.captioned(q, p)
			if err != nil {
				return err
			}
			for _, d := range board.Dirs {
				if c, moved := p.Board.Move(d); moved && v > 1+o.heuristic(q.Given["heuristic"], c) {
					ok = false
				}
			}
		}
		return wantTruth(q, ok)
	case "optimal-moves":
		return checkOptimal(q)
	case "branching-factor":
		return checkBranching(q)
	}
	return fmt.Errorf("no check for kind %q", q.Kind)
}

func checkNextNode(q Question) error {
	type entry struct{ id, g, h, f int }
	var es []entry
	for _, p := range q.Boards[1:] {
		id, g, h, f, err := caption(p.Caption, q.Given["algorithm"] == "bfs")
		if err != nil {
			return fmt.Errorf("caption %q: %v", p.Caption, err)
		}
		if q.Given["algorithm"] != "bfs" && h != oracleManhattan(p.Board) {
			return fmt.Errorf("#%d: h %d, the oracle says %d", id, h, oracleManhattan(p.Board))
		}
		es = append(es, entry{id, g, h, f})
	}
	better := func(a, b entry) bool { // a is selected before b
		switch q.Given["algorithm"] {
		case "a*":
			if a.g+a.h != b.g+b.h {
				return a.g+a.h < b.g+b.h
			}
			if a.g != b.g {
				return a.g > b.g
			}
			return a.id > b.id
		case "greedy":
			if a.h != b.h {
				return a.h < b.h
			}
			return a.id > b.id
		}
		return a.id < b.id
	}
	best := es[0]
	for _, e := range es[1:] {
		if better(e, best) {
			best = e
		}
	}
	right := correctTexts(q)
	if len(right) != 1 || !strings.HasPrefix(right[0], fmt.Sprintf("#%d ", best.id)) {
		return fmt.Errorf("%s: right choice %q, the oracle says #%d", q.Given["algorithm"], right, best.id)
	}
	return nil
}

func checkChildF(q Question) error {
	b := q.Boards[0].Board
	g := atoi(q.Given["g"])
	var parts []string
	for _, d := range board.Dirs {
		if m, ok := q.Given["move"]; ok && d.Inverse().String() == m {
			continue
		}
		if c, ok := b.Move(d); ok {
			parts = append(parts, fmt.Sprintf("%v: %d", d, g+1+oracleManhattan(c)))
		}
	}
	return wantChoices(q, strings.Join(parts, ", "))
}

func checkPrune(q Question) error {
	b := q.Boards[0].Board
	g, bound := atoi(q.Given["g"]), atoi(q.Given["bound"])
	var right []string
	for _, d := range board.Dirs {
		if d.Inverse().String() == q.Given["move"] {
			continue
		}
		if c, ok := b.Move(d); ok && g+1+oracleManhattan(c) > bound {
			right = append(right, moveName(d))
		}
	}
	return wantChoices(q, right...)
}

// checkBranching finds b* by Newton's method and checks the depth against
// the oracle's distance (A* with Manhattan is optimal).
func checkBranching(q Question) error {
	n, d := float64(atoi(q.Given["generated"])), atoi(q.Given["depth"])
	if od := oracleDistance(q.Boards[0].Board); od != d {
		return fmt.Errorf("depth %d, the oracle's distance %d", d, od)
	}
	b := 2.0
	for i := 0; i < 200; i++ {
		f, df, p := 1.0-(n+1), 0.0, 1.0
		for k := 1; k <= d; k++ {
			df += float64(k) * p
			p *= b
			f += p
		}
		b -= f / df
	}
	if q.Answer != Numeric || q.Tolerance != 0.01 || b < q.Number-0.005-1e-9 || b > q.Number+0.005+1e-9 {
		return fmt.Errorf("answer %g±%g, Newton's b* is %.6f", q.Number, q.Tolerance, b)
	}
	return nil
}

func checkOptimal(q Question) error {
	b := q.Boards[0].Board
	d := oracleDistance(b)
	for _, c := range q.Choices {
		ms, err := board.ParseMoves(c.Text)
		if err != nil {
			return err
		}
		end, err := b.Apply(ms)
		optimal := err == nil && end.IsGoal(goal) && len(ms) == d
		if optimal != c.Correct {
			return fmt.Errorf("choice %s: marked %v, the oracle says optimal=%v (distance %d)", c.Text, c.Correct, optimal, d)
		}
	}
	return nil
}

// TestAnswersAgainstOracles generates many questions of every kind and level
// and recomputes each answer independently.
func TestAnswersAgainstOracles(t *testing.T) {
	// Under -race (unless SLIDELAB_FULL=1) the first 80 seeds of every
	// kind and level: the oracles are single-goroutine searches, most of
	// this package's race time (61 of its 90 s at load 20 with 200 seeds).
	// The race form keeps every kind, level and oracle; make test-short
	// checks 100 seeds and make test-full all 1,000.
	n := 1000
	switch {
	case testing.Short():
		n = 100
	case raceEnabled && !testfull.Enabled():
		n = 80
	}
	o := &oracles{pdbs: map[string]map[string]int{}, layers: map[string][]int{}}
	g := NewGenerator()
	for _, k := range Kinds() {
		for lv := 1; lv <= k.Levels; lv++ {
			t.Run(fmt.Sprintf("%s/%d", k.Name, lv), func(t *testing.T) {
				fails := 0
				for seed := uint64(1); seed <= uint64(n); seed++ {
					q, err := g.Generate(k.Name, lv, seed)
					if err == nil {
						err = checkShape(q)
					}
					if err == nil {
						err = o.check(q)
					}
					if err != nil {
						t.Errorf("seed %d: %v", seed, err)
						if fails++; fails > 5 {
							return
						}
					}
				}
			})
		}
	}
}

// checkShape checks what every question must have.
func checkShape(q Question) error {
	if q.Title == "" || q.Text == "" || q.Explanation == "" || len(q.Boards) == 0 {
		return fmt.Errorf("a part is empty: %+v", q)
	}
	switch q.Answer {
	case SingleChoice, MultipleChoice:
		right := len(correctTexts(q))
		if len(q.Choices) < 2 || right == 0 || (q.Answer == SingleChoice && right != 1) {
			return fmt.Errorf("%d choices, %d right", len(q.Choices), right)
		}
		seen := map[string]bool{}
		for _, c := range q.Choices {
			if c.Text == "" || c.Feedback == "" || seen[c.Text] {
				return fmt.Errorf("choice %q: empty, without feedback or twice", c.Text)
			}
			seen[c.Text] = true
		}
	}
	return nil
}

func TestSameSeedSameQuestion(t *testing.T) {
	a, b := NewGenerator(), NewGenerator()
	seeds := uint64(20)
	if raceEnabled && !testfull.Enabled() {
		seeds = 8 // the race form: seven seeds of every kind (two generators, one goroutine)
	}
	for _, k := range Kinds() {
		for seed := uint64(1); seed < seeds; seed++ {
			qa, err1 := a.Generate(k.Name, k.Levels, seed)
			qb, err2 := b.Generate(k.Name, k.Levels, seed)
			if err1 != nil || err2 != nil || !reflect.DeepEqual(qa, qb) {
				t.Fatalf("%s seed %d: two generators differ (%v, %v)", k.Name, seed, err1, err2)
			}
		}
	}
	bank1, err := a.Bank(context.Background(), []Pick{{"manhattan", 1}, {"ida-bound", 2}}, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	bank2, _ := b.Bank(context.Background(), []Pick{{"manhattan", 1}, {"ida-bound", 2}}, 10, 5)
	if !reflect.DeepEqual(bank1, bank2) {
		t.Error("the same bank arguments gave different banks")
	}
	if bank1[0].Kind != "manhattan" || bank1[1].Kind != "ida-bound" || bank1[1].Level != 2 {
		t.Errorf("bank does not cycle through the picks: %s/%d, %s/%d", bank1[0].Kind, bank1[0].Level, bank1[1].Kind, bank1[1].Level)
	}
}

func TestKindsRegistry(t *testing.T) {
	if n := len(Kinds()); n < 10 {
		t.Errorf("%d kinds, want at least 10", n)
	}
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if seen[k.Name] || k.Title == "" || k.Summary == "" || k.Levels < 2 {
			t.Errorf("kind %q: duplicate, untitled or without two levels", k.Name)
		}
		seen[k.Name] = true
	}
}

func TestParsePicks(t *testing.T) {
	tests := []struct {
		in   string
		want []Pick
		err  string
	}{
		{in: "manhattan", want: []Pick{{"manhattan", 1}}},
		{in: "manhattan:2, ida-bound", want: []Pick{{"manhattan", 2}, {"ida-bound", 1}}},
		{in: "all", want: func() (ps []Pick) {
			for _, k := range Kinds() {
				ps = append(ps, Pick{k.Name, 1})
			}
			return
		}()},
		{in: "", err: "no kinds"},
		{in: "nope", err: "unknown exercise kind"},
		{in: "manhattan:3", err: "level 3"},
		{in: "manhattan:x", err: "not a number"},
		{in: "manhattan:1x", err: "not a number"},
		{in: "all:9", err: "levels run"},
		{in: strings.Repeat("all,", 1000), err: "more than 1000"},
		{in: strings.Repeat("x", 5000), err: "bytes long"},
	}
	for _, tc := range tests {
		got, err := ParsePicks(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	g := NewGenerator()
	for _, tc := range []struct {
		kind  string
		level int
	}{{"nope", 1}, {"manhattan", 0}, {"manhattan", 3}} {
		if _, err := g.Generate(tc.kind, tc.level, 1); err == nil {
			t.Errorf("%s level %d: no error", tc.kind, tc.level)
		}
	}
	if _, err := g.Bank(context.Background(), []Pick{{"manhattan", 1}}, MaxBank+1, 1); err == nil {
		t.Error("a bank over MaxBank: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Bank(ctx, []Pick{{"manhattan", 1}}, 5, 1); err == nil {
		t.Error("a cancelled bank: no error")
	}
}

func TestRight(t *testing.T) {
	num := Question{Answer: Numeric, Number: 7, Tolerance: 0.5}
	tf := Question{Answer: TrueFalse, Truth: true}
	mc := Question{Answer: MultipleChoice, Choices: []Choice{{Correct: true}, {}, {Correct: true}}}
	for _, tc := range []struct {
		q    Question
		in   string
		want bool
	}{
		{num, "7", true}, {num, "7.4", true}, {num, "7.6", false}, {num, "x", false},
		{tf, "true", true}, {tf, "False", false},
		{mc, "0,2", true}, {mc, "2 0", true}, {mc, "0", false}, {mc, "0,1,2", false}, {mc, "9", false},
	} {
		if got := tc.q.Right(tc.in); got != tc.want {
			t.Errorf("%v %q: %v, want %v", tc.q.Answer, tc.in, got, tc.want)
		}
	}
}

// TestJudgeGeneratedQuestions answers generated questions rightly and
// wrongly and checks the verdicts.
func TestJudgeGeneratedQuestions(t *testing.T) {
	g := NewGenerator()
	for _, k := range Kinds() {
		q, err := g.Generate(k.Name, 1, 3)
		if err != nil {
			t.Fatal(err)
		}
		var right, wrong string
		switch q.Answer {
		case Numeric:
			right, wrong = fmt.Sprint(q.Number), fmt.Sprint(q.Number+1)
		case TrueFalse:
			right, wrong = fmt.Sprint(q.Truth), fmt.Sprint(!q.Truth)
		default:
			var idx []string
			for i, c := range q.Choices {
				if c.Correct {
					idx = append(idx, fmt.Sprint(i))
				}
			}
			right, wrong = strings.Join(idx, ","), fmt.Sprint(len(q.Choices))
		}
		if v := q.Judge(right); !v.Right || len(v.Feedback) == 0 || v.Explanation == "" {
			t.Errorf("%s: the right answer %q: %+v", k.Name, right, v)
		}
		if v := q.Judge(wrong); v.Right || len(v.Feedback) == 0 {
			t.Errorf("%s: the wrong answer %q: %+v", k.Name, wrong, v)
		}
	}
}
