package lesson

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/search"
)

// placeholderKind says what a placeholder needs computed.
type placeholderKind uint8

const (
	// needBoard: the part's start board alone (h, inversions, states).
	needBoard placeholderKind = iota
	// needRun: the part's search run to its position.
	needRun
	// needSolution: the part's search run to the goal.
	needSolution
	// needTables: the part's pattern-database partition.
	needTables
	// needQuality: every state of the board's size, measured.
	needQuality
)

// placeholderInfo describes one placeholder name.
type placeholderInfo struct {
	kind placeholderKind
	// arg says what the optional argument is: "" (none), "search" (a
	// heuristic or algorithm to run instead), "heuristic", "group".
	arg string
	doc string
}

// placeholderNames lists every placeholder (docs/formats-lessons.md has
// the same table; a test checks that they agree).
var placeholderNames = map[string]placeholderInfo{
	"expanded":     {needRun, "search", "nodes expanded up to the part's position"},
	"generated":    {needRun, "search", "nodes generated up to the part's position"},
	"stored":       {needRun, "search", "distinct boards held in memory (A*, greedy, BFS)"},
	"reopened":     {needRun, "search", "closed nodes A* put back on the open list"},
	"peak-open":    {needRun, "search", "the largest size of the open list (BFS: the queue)"},
	"open":         {needRun, "search", "the size of the open list at the position"},
	"bound":        {needRun, "search", "IDA*'s f bound at the position"},
	"iterations":   {needRun, "search", "IDA*'s passes begun up to the position"},
	"steps":        {needRun, "search", "stepper events up to the position"},
	"g":            {needRun, "search", "g of the node of the position's event"},
	"f":            {needRun, "search", "f = g + h of the node of the position's event"},
	"node":         {needRun, "search", "the board of the node of the position's event"},
	"length":       {needSolution, "search", "moves in the solution the part's search finds"},
	"moves":        {needSolution, "search", "the solution's moves (directions of the blank)"},
	"h":            {needBoard, "heuristic", "the heuristic's estimate of the start board"},
	"board":        {needBoard, "", "the start board on one line, _ for the blank"},
	"goal-board":   {needBoard, "", "the goal on one line, _ for the blank"},
	"size":         {needBoard, "", "the board's size (3x3)"},
	"cells":        {needBoard, "", "the board's cells"},
	"tiles":        {needBoard, "", "the board's tiles (cells - 1)"},
	"states":       {needBoard, "", "boards that reach the goal: cells!/2"},
	"all-states":   {needBoard, "", "all arrangements of the tiles and blank: cells!"},
	"inversions":   {needBoard, "", "pairs of tiles out of goal order"},
	"blank-row":    {needBoard, "", "the blank's row counted from the bottom (1 = bottom)"},
	"solvable":     {needBoard, "", "yes or no: can the board reach the goal"},
	"misplaced":    {needBoard, "", "tiles not in their goal cell (Hamming)"},
	"lc-pairs":     {needBoard, "", "pairs of tiles in linear conflict"},
	"lc-tutorial":  {needBoard, "", "Manhattan + 2 x the conflicting pairs: the formula some tutorials give"},
	"partition":    {needTables, "", "the partition's groups of tiles"},
	"groups":       {needTables, "", "the partition's number of groups"},
	"group":        {needTables, "group", "the tiles of group N"},
	"entries":      {needTables, "group", "table entries: of group N, or of every group"},
	"pdb-h":        {needTables, "group", "the tables' value for the start board: of group N, or summed"},
	"pdb-max":      {needTables, "group", "the largest value in group N's table"},
	"pdb-mean":     {needTables, "group", "the mean value of group N's table"},
	"pdb-layers":   {needTables, "group", "cost layers of group N's 0-1 BFS"},
	"pdb-states":   {needTables, "group", "abstract states (tiles and blank) group N's BFS reached"},
	"mean-h":       {needQuality, "heuristic", "mean h over every state of the board's size"},
	"mean-hstar":   {needQuality, "", "mean true distance over every state"},
	"exact":        {needQuality, "heuristic", "share of the states where h = h*, in percent"},
	"over":         {needQuality, "heuristic", "states where h > h* (0 when admissible)"},
	"inconsistent": {needQuality, "heuristic", "moves across which h changes by more than 1"},
	"max-jump":     {needQuality, "heuristic", "the largest change of h across one move"},
	"max-hstar":    {needQuality, "", "the largest true distance (the hardest boards)"},
}

// PlaceholderNames returns the placeholder names, sorted.
func PlaceholderNames() []string {
	out := make([]string, 0, len(placeholderNames))
	for n := range placeholderNames {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// placeholder is one {{name arg}} in a part's text.
type placeholder struct {
	line      int
	raw       string // the text between the braces
	name, arg string
	info      placeholderInfo
	// group is the argument of a group placeholder (1-based; 0: none).
	group int
}

// scanPlaceholders finds the placeholders of one line of text.
func (p *parser) scanPlaceholders(line int, s string) {
	if t := strings.TrimLeft(s, " \t"); strings.HasPrefix(t, "{{") {
		if j := strings.Index(t, "}}"); j > 0 && (strings.HasPrefix(t[j+2:], ".") || strings.HasPrefix(t[j+2:], ")")) {
			p.fail(errorf(line, "%s at the start of a line, followed by %q, reads as a numbered list item once filled: move it off the line's start", t[:j+2], t[j+2:j+3]))
		}
	}
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			return
		}
		if i > 0 && s[i-1] == '\\' {
			s = s[i+2:]
			continue
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			p.fail(errorf(line, "a placeholder {{ is not closed with }} on the same line (write \\{{ for the braces themselves)"))
			return
		}
		raw := s[i+2 : i+j]
		s = s[i+j+2:]
		p.placeholders++
		if p.placeholders > MaxPlaceholders {
			p.fail(errorf(line, "more than %d placeholders", MaxPlaceholders))
			return
		}
		ph, err := parsePlaceholder(line, raw)
		if err != nil {
			p.fail(err)
			continue
		}
		p.cur.placeholders = append(p.cur.placeholders, ph)
	}
}

// parsePlaceholder reads "name" or "name arg".
func parsePlaceholder(line int, raw string) (placeholder, *Error) {
	f := strings.Fields(raw)
	if len(f) == 0 || len(f) > 2 {
		return placeholder{}, errorf(line, "placeholder {{%s}}: want {{name}} or {{name argument}}", short(raw))
	}
	name := strings.ToLower(f[0])
	info, ok := placeholderNames[name]
	if !ok {
		if s := suggest(f[0], PlaceholderNames()); s != "" {
			return placeholder{}, errorf(line, "unknown placeholder '{{%s}}' (did you mean {{%s}}?)", short(f[0]), s)
		}
		return placeholder{}, errorf(line, "unknown placeholder '{{%s}}' (docs/formats-lessons.md lists them)", short(f[0]))
	}
	ph := placeholder{line: line, raw: raw, name: name, info: info}
	if len(f) == 1 {
		if info.arg == "group" && (name != "entries" && name != "pdb-h") {
			return ph, errorf(line, "{{%s}} needs a group number: {{%s 1}}", name, name)
		}
		return ph, nil
	}
	ph.arg = f[1]
	switch info.arg {
	case "":
		return ph, errorf(line, "{{%s}} takes no argument", name)
	case "group":
		n, err := strconv.Atoi(ph.arg)
		if err != nil || n < 1 || n > 32 {
			return ph, errorf(line, "{{%s %s}}: want a group number from 1", name, short(ph.arg))
		}
		ph.group = n
	case "heuristic":
		spec, err := parseHeuristic(ph.arg)
		if err != nil {
			return ph, errorf(line, "{{%s %s}}: %v", name, short(ph.arg), err)
		}
		ph.arg = spec.String()
	case "search":
		if a, err := search.ParseAlgorithm(ph.arg); err == nil {
			ph.arg = a.String()
			break
		}
		spec, err := parseHeuristic(ph.arg)
		if err != nil {
			return ph, errorf(line, "{{%s %s}}: not an algorithm, and %v", name, short(ph.arg), err)
		}
		ph.arg = spec.String()
	}
	return ph, nil
}

// checkPlaceholder tests a placeholder against the part's state.
func checkPlaceholder(ph placeholder, st *Settings) *Error {
	switch ph.info.kind {
	case needRun, needSolution:
		if !st.HasAlgorithm && !isAlgorithm(ph.arg) {
			return errorf(ph.line, "{{%s}} needs a search: set algorithm: in the part's slidelab block (or an earlier part's)", ph.raw)
		}
	case needTables:
		if st.Partition == "" && !hasDefaultPartition(st) {
			return errorf(ph.line, "{{%s}} needs a partition: set partition: in a slidelab block", ph.raw)
		}
	}
	return nil
}

func isAlgorithm(s string) bool {
	_, err := search.ParseAlgorithm(s)
	return s != "" && err == nil
}

// String returns the placeholder as written.
func (ph placeholder) String() string { return fmt.Sprintf("{{%s}}", ph.raw) }
