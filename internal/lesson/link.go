package lesson

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Limits of ParseLink.
const (
	// MaxLinkBytes is the longest query read; the rest is ignored.
	MaxLinkBytes = 8 << 10
	// MaxLinkParams is the most parameters read; the rest are ignored.
	MaxLinkParams = 32
)

// Link is the state a URL opens: the parameters board, goal, size,
// algorithm, heuristic, view, step, lesson and part of its query. The
// browser build reads it from its address, and "Copy link" writes one.
type Link struct {
	// Size and Goal are the board's; Board is the start board.
	Size  board.Size
	Goal  board.Goal
	Board board.Board
	// Algorithm is the search run when HasAlgorithm.
	Algorithm    search.Algorithm
	HasAlgorithm bool
	// Heuristic is the heuristic's canonical name.
	Heuristic string
	// View is one of Views.
	View string
	// Step is how many steps of the search to take at once (0: none).
	Step int
	// Lesson names a built-in lesson or a lesson file beside the page
	// (a relative path ending in .md); Part is its part, from 1 (0: the
	// first, or the one remembered).
	Lesson string
	Part   int
}

// DefaultLink is the state a link without parameters opens: the
// 15-puzzle's goal, Manhattan distance, the puzzle view.
func DefaultLink() Link {
	return Link{Size: board.Size4x4, Goal: board.BlankLast, Board: board.Solved(board.Size4x4, board.BlankLast),
		Heuristic: "manhattan", View: "puzzle"}
}

// ParseLink reads a link: a whole URL or its query alone ("board=...&..."
// with or without the "?"). Parameters it cannot use are left at the
// default and listed in ignored, one sentence each ("heuristic
// 'manhatan': unknown heuristic ... (ignored)"), so the page can open the
// default state and say what was wrong. It never fails.
func ParseLink(raw string) (l Link, ignored []string) {
	l = DefaultLink()
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		raw = raw[i+1:]
	} else if sc, eq := strings.Index(raw, "://"), strings.IndexByte(raw, '='); sc >= 0 && (eq < 0 || sc < eq) {
		raw = "" // a whole URL without a query
	}
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	if len(raw) > MaxLinkBytes {
		ignored = append(ignored, fmt.Sprintf("the link is longer than %d bytes: the rest is ignored", MaxLinkBytes))
		raw = raw[:MaxLinkBytes]
	}
	params := map[string]string{}
	for n, kv := range strings.Split(raw, "&") {
		if kv == "" {
			continue
		}
		if n >= MaxLinkParams {
			ignored = append(ignored, fmt.Sprintf("more than %d parameters: the rest are ignored", MaxLinkParams))
			break
		}
		k, v, _ := strings.Cut(kv, "=")
		key, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		key = strings.ToLower(key)
		switch {
		case err1 != nil || err2 != nil:
			ignored = append(ignored, fmt.Sprintf("%q: bad %%-escape (ignored)", short(kv)))
		case !contains(linkKeys, key):
			ignored = append(ignored, fmt.Sprintf("%s (ignored)", unknown("parameter", key, linkKeys)))
		case params[key] != "":
			ignored = append(ignored, fmt.Sprintf("%s is given twice: the first is used", key))
		default:
			params[key] = strings.TrimSpace(val)
		}
	}
	for _, key := range linkKeys {
		if v, ok := params[key]; ok {
			if err := l.set(key, v); err != nil {
				ignored = append(ignored, fmt.Sprintf("%s %q: %v (ignored)", key, short(v), err))
			}
		}
	}
	return l, ignored
}

// linkKeys are the parameters, in the order they apply.
var linkKeys = []string{"size", "goal", "board", "algorithm", "heuristic", "view", "step", "lesson", "part"}

// set applies one parameter, leaving l as it was on an error.
func (l *Link) set(key, v string) error {
	switch key {
	case "size":
		s, err := board.ParseSize(v)
		if err != nil {
			return err
		}
		l.Size, l.Board = s, board.Solved(s, l.Goal)
	case "goal":
		g, err := board.ParseGoal(v)
		if err != nil || v == "" {
			return fmt.Errorf("want blank-last or blank-first")
		}
		l.Goal, l.Board = g, board.Solved(l.Size, g)
	case "board":
		b, err := board.ParseSolvable(strings.ReplaceAll(v, ",", " "), board.Size{}, l.Goal)
		if err != nil {
			return err
		}
		l.Board, l.Size = b, b.Size()
	case "algorithm":
		a, err := search.ParseAlgorithm(v)
		if err != nil {
			return fmt.Errorf("%s", unknown("algorithm", v, algorithmNames[:len(algorithmNames)-1]))
		}
		l.Algorithm, l.HasAlgorithm = a, true
	case "heuristic":
		spec, err := parseHeuristic(v)
		if err == nil {
			err = spec.Check(l.Size, l.Goal)
		}
		if err != nil {
			return err
		}
		l.Heuristic = spec.String()
	case "view":
		if !contains(Views, strings.ToLower(v)) {
			return fmt.Errorf("%s", unknown("view", v, Views))
		}
		l.View = strings.ToLower(v)
	case "step":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxSteps {
			return fmt.Errorf("want a number from 0 to %d", MaxSteps)
		}
		l.Step = n
	case "lesson":
		if err := checkLessonRef(v); err != nil {
			return err
		}
		l.Lesson = v
	case "part":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxParts {
			return fmt.Errorf("want a number from 1 to %d", MaxParts)
		}
		l.Part = n
	}
	return nil
}

// checkLessonRef accepts a built-in lesson's name or a relative path to a
// .md file that stays below the page's folder.
func checkLessonRef(v string) error {
	if _, ok := BuiltinSource(v); ok {
		return nil
	}
	if !strings.HasSuffix(v, ".md") {
		return fmt.Errorf("not a built-in lesson, nor a .md file")
	}
	if strings.Contains(v, "://") || strings.HasPrefix(v, "/") || strings.Contains(v, "\\") || len(v) > 256 {
		return fmt.Errorf("a lesson file must be a relative path beside the page")
	}
	for _, seg := range strings.Split(v, "/") {
		if seg == ".." || seg == "" || seg == "." {
			return fmt.Errorf("a lesson file's path may not hold empty, . or .. parts")
		}
		for _, r := range seg {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.", r)) {
				return fmt.Errorf("a lesson file's name may hold letters, digits, - _ and . only")
			}
		}
	}
	return nil
}

// Query returns the link's query, without the "?": only the parameters
// that differ from DefaultLink, in a fixed order, so equal states give
// equal links.
func (l Link) Query() string {
	d := DefaultLink()
	var parts []string
	add := func(k, v string) { parts = append(parts, k+"="+url.QueryEscape(v)) }
	if l.Goal != d.Goal {
		add("goal", l.Goal.String())
	}
	if l.Board.IsValid() && l.Board != board.Solved(l.Board.Size(), l.Goal) {
		add("board", strings.ReplaceAll(strings.ReplaceAll(l.Board.Line(), " / ", "/"), " ", ","))
	} else if l.Size != d.Size {
		add("size", l.Size.String())
	}
	if l.HasAlgorithm {
		add("algorithm", l.Algorithm.String())
	}
	if l.Heuristic != "" && l.Heuristic != d.Heuristic {
		add("heuristic", l.Heuristic)
	}
	if l.View != "" && l.View != d.View {
		add("view", l.View)
	}
	if l.Step > 0 {
		add("step", strconv.Itoa(l.Step))
	}
	if l.Lesson != "" {
		add("lesson", l.Lesson)
	}
	if l.Part > 0 {
		add("part", strconv.Itoa(l.Part))
	}
	return strings.Join(parts, "&")
}

// URL returns the link for a page at base ("https://school.example/slidelab/").
// An empty base is an error: the app has no address of its own to link to.
func (l Link) URL(base string) (string, error) {
	if base == "" {
		return "", fmt.Errorf("no base address: set the address the web build is served from in the preferences")
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("base address %q: want an http or https URL", short(base))
	}
	u.RawQuery, u.Fragment = l.Query(), ""
	return u.String(), nil
}
