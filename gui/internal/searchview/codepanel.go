package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// The pseudocode panel of the puzzle view: the selected algorithm's
// pseudocode (search.Pseudocode) with the line of the event shown
// highlighted, a sentence narrating that event, and a scrolling log of the
// latest narrations; and the jump controls (codepanel_jump.go): to the next
// expansion, to the next f value, iteration, lower h or depth, Play to goal,
// and a slider over the recorded history. It follows the search panel
// (onRender, onReset) and steps it; it never owns a search of its own.

// narrationLogCap bounds the narrations the log keeps.
const narrationLogCap = 100

// logRows is how many lines of text the log shows before it scrolls.
const logRows = 6

// CodePanel shows the pseudocode, the narration and the jump controls of the
// search panel it follows.
type CodePanel struct {
	// Title names the algorithm whose pseudocode is shown.
	Title *widget.Label
	// Narration says in one sentence what the event shown did.
	Narration *widget.Label
	// Log lists the latest narrations, newest at the bottom, two lines
	// each; selecting one shows its event again (while it is recorded).
	Log *widget.List

	// The jump controls: the next expansion; the next f value (A*), the
	// next iteration (IDA*), the next lower h (greedy) or the next depth
	// (BFS); Play to goal; and the history slider with its caption.
	NextExpansion *widget.Button
	NextLevel     *widget.Button
	PlayToGoal    *widget.Button
	History       *widget.Slider
	HistoryInfo   *widget.Label

	// Jumps holds the jump buttons and the history slider; Box the
	// pseudocode, the narration and the log under Fold, which folds them
	// away. The caller places Jumps and Box.
	Jumps fyne.CanvasObject
	Box   fyne.CanvasObject
	Fold  *widget.Button

	Lines    []codeLine
	linesBox *fyne.Container
	// alg is the algorithm whose pseudocode the lines show.
	alg search.Algorithm
	// current is the highlighted line (1-based; 0 none); touched the
	// lines the event shown went through.
	current int
	touched map[int]bool

	// log holds the narrations, oldest first, at most narrationLogCap.
	log []logEntry

	search *SearchPanel
	// jobs runs a jump or Play to goal (one at a time); jumping says
	// which, or jumpNone.
	jobs    *toolkit.JobRunner
	jumping jumpKind
	// eventTarget is the event a jumpEvent goes to.
	eventTarget int
	// inChunk is set while a jump's chunk steps the search: an event shown
	// otherwise (Step, Back, Play, the slider) stops the jump.
	inChunk bool
	// syncing is set while the slider is moved to follow the search, so
	// that its OnChanged does not seek.
	syncing bool
	// onChange runs after the panel changed what it shows (presentation
	// mode mirrors it).
	onChange []func()
}

// logEntry is one narration of the log and the number of its event.
type logEntry struct {
	event int
	text  string
}

// String writes the entry as the log shows it.
func (e logEntry) String() string { return fmt.Sprintf("%d. %s", e.event, e.text) }

// codeLine is one line of pseudocode: a highlight behind its number (with a
// marker) and its text, which wraps.
type codeLine struct {
	Bg   *canvas.Rectangle
	Num  *widget.Label
	Text *widget.Label
	box  *fyne.Container
	// indent is the line's indent level (two spaces each).
	indent int
}

// NewCodePanel returns the pseudocode panel following the search panel p;
// its jumps run on jobs that end with ctx.
func NewCodePanel(ctx context.Context, do toolkit.DoFunc, p *SearchPanel) *CodePanel {
	c := &CodePanel{search: p, jobs: toolkit.NewJobRunner(ctx, toolkit.OrFyneDo(do)), touched: map[int]bool{}}
	c.Title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	c.Title.Wrapping = fyne.TextWrapWord
	c.Narration = widget.NewLabel("")
	c.Narration.Wrapping = fyne.TextWrapWord
	c.Narration.Importance = widget.HighImportance
	// A list draws only the rows in view: a label holding the whole log
	// took 30 ms a step to lay out again.
	c.Log = widget.NewList(func() int { return len(c.log) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			l.Truncation = fyne.TextTruncateEllipsis
			return container.New(rowsLayout{rows: 2}, l)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < len(c.log) {
				o.(*fyne.Container).Objects[0].(*widget.Label).SetText(c.log[i].String())
			}
		})
	c.Log.OnSelected = func(i widget.ListItemID) {
		c.Log.UnselectAll()
		if i >= 0 && i < len(c.log) {
			c.seekEvent(c.log[i].event)
		}
	}
	// The lines sit close: a label's own padding is room enough.
	c.linesBox = container.New(layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding()))

	c.NextExpansion = widget.NewButton("Next expansion (N)", func() { c.Jump(jumpExpansion) })
	c.NextLevel = widget.NewButton("Next f (F)", func() { c.Jump(jumpLevel) })
	c.PlayToGoal = widget.NewButton("Play to goal (G)", func() { c.Jump(jumpGoal) })
	c.History = widget.NewSlider(0, 1)
	c.History.Step = 1
	c.History.OnChanged = func(v float64) {
		if !c.syncing {
			c.Seek(int(v + 0.5))
		}
	}
	c.HistoryInfo = widget.NewLabel("")
	c.HistoryInfo.Wrapping = fyne.TextWrapWord

	c.Jumps = container.NewVBox(
		toolkit.NewFlow(WithTip(c.NextExpansion, TipExpansion), WithTip(c.NextLevel, TipLevel), WithTip(c.PlayToGoal, TipGoal)),
		container.NewBorder(nil, nil, widget.NewLabel("History"), nil, c.History),
		c.HistoryInfo,
	)
	// The log's title wraps, so that it does not widen the column at a
	// large zoom.
	logTitle := widget.NewLabelWithStyle("Narration log (click a line to see its event again)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	logTitle.Wrapping = fyne.TextWrapWord
	detail := container.NewVBox(
		c.Narration,
		c.Title,
		c.linesBox,
		logTitle,
		container.New(rowsLayout{rows: logRows}, c.Log),
	)
	c.Fold = toolkit.NewFoldButton("Pseudocode and narration", detail)
	c.Box = container.NewVBox(c.Fold, detail)

	p.OnRender(c.show)
	p.OnReset(c.reset)
	p.Watch(c.followRunning)
	c.reset()
	return c
}

// Watch makes f run after the panel changed what it shows.
func (c *CodePanel) Watch(f func()) { c.onChange = append(c.onChange, f) }

func (c *CodePanel) changed() {
	for _, f := range c.onChange {
		f()
	}
}

// setAlgorithm shows the pseudocode of alg (when not shown already).
func (c *CodePanel) setAlgorithm(alg search.Algorithm) {
	if alg == c.alg && c.Lines != nil {
		return
	}
	c.alg = alg
	c.Title.SetText("Pseudocode: " + algorithmName(alg))
	code := search.Pseudocode(alg)
	c.Lines = make([]codeLine, len(code))
	objs := make([]fyne.CanvasObject, len(code))
	for i, text := range code {
		trimmed := strings.TrimLeft(text, " ")
		indent := (len(text) - len(trimmed)) / 2
		l := codeLine{Bg: canvas.NewRectangle(theme.Color(theme.ColorNameSelection)), indent: indent}
		l.Bg.Hide()
		l.Num = widget.NewLabel("")
		l.Num.TextStyle = fyne.TextStyle{Monospace: true}
		l.Text = widget.NewLabel(trimmed)
		// Monospaced, as pseudocode is printed (and the proportional
		// font draws "← " with a stray glyph).
		l.Text.TextStyle = fyne.TextStyle{Monospace: true}
		l.Text.Wrapping = fyne.TextWrapWord
		// The indent is spaces in the monospaced number column, so a
		// wrapped line keeps it.
		l.Num.SetText(lineNumber(i+1, indent, ' '))
		l.box = container.NewStack(l.Bg, container.NewBorder(nil, nil, l.Num, nil, l.Text))
		c.Lines[i] = l
		objs[i] = l.box
	}
	c.linesBox.Objects = objs
	c.linesBox.Refresh()
	c.current = 0
	clear(c.touched)
}

// lineNumber writes the number column of a line: a marker, the number and
// the indent.
func lineNumber(n, indent int, mark rune) string {
	return fmt.Sprintf("%c%2d %s", mark, n, strings.Repeat("  ", indent))
}

// algorithmName names alg as the selector does.
func algorithmName(alg search.Algorithm) string {
	return catalog.LabelOf(alg)
}

// highlight marks line as the current one and the lines in touched as gone
// through by the same event.
func (c *CodePanel) highlight(line int, touched map[int]bool) {
	sel := theme.Color(theme.ColorNameSelection)
	for i := range c.Lines {
		l := &c.Lines[i]
		n := i + 1
		mark := ' '
		switch {
		case n == line:
			mark = '▶'
		case touched[n]:
			mark = '•'
		}
		if text := lineNumber(n, l.indent, mark); l.Num.Text != text {
			l.Num.SetText(text)
		}
		bold := n == line
		if l.Text.TextStyle.Bold != bold {
			l.Text.TextStyle = fyne.TextStyle{Monospace: true, Bold: bold}
			l.Num.TextStyle = fyne.TextStyle{Monospace: true, Bold: bold}
			l.Text.Refresh()
			l.Num.Refresh()
		}
		if bold {
			l.Bg.FillColor = sel
			l.Bg.Show()
			l.Bg.Refresh()
		} else if l.Bg.Visible() {
			l.Bg.Hide()
		}
	}
	c.current = line
	c.touched = touched
}

// CurrentLine returns the highlighted line of the pseudocode (1-based), 0
// when none is.
func (c *CodePanel) CurrentLine() int { return c.current }

// show follows the search panel's event s: the line of its last trace
// event highlighted, its narration, the log and the history slider.
func (c *CodePanel) show(s SearchSnap) {
	if c.jumping != jumpNone && !c.inChunk {
		c.StopJump() // the teacher took over
	}
	c.setAlgorithm(c.search.Algorithm())
	touched := map[int]bool{}
	line := 0
	for _, e := range s.Trace {
		touched[e.Line] = true
		line = e.Line
	}
	c.highlight(line, touched)
	// The narration may quote the pseudocode; it is drawn proportional.
	text := toolkit.ProportionalText(narrate(c.search.orderKey(), s))
	c.Narration.SetText(text)
	c.appendLog(s, text)
	c.refreshLog()
	c.syncHistory()
	c.changed()
}

// appendLog adds the narration of event s to the log (without redrawing
// it), dropping the oldest beyond narrationLogCap.
func (c *CodePanel) appendLog(s SearchSnap, text string) {
	if text == "" {
		return
	}
	c.log = append(c.log, logEntry{s.Event, text})
	if over := len(c.log) - narrationLogCap; over > 0 {
		// Shift rather than reslice, so the backing array stays bounded.
		n := copy(c.log, c.log[over:])
		clear(c.log[n:])
		c.log = c.log[:n]
	}
}

// refreshLog redraws the log and scrolls its newest line into view.
func (c *CodePanel) refreshLog() {
	c.Log.Refresh()
	c.Log.ScrollToBottom()
}

// logLines returns the narrations in the log, oldest first, as the log
// shows them ("12. Expanded node 5, …").
func (c *CodePanel) logLines() []string {
	lines := make([]string, len(c.log))
	for i, e := range c.log {
		lines[i] = e.String()
	}
	return lines
}

// reset follows the search panel's Reset: the pseudocode of the algorithm
// selected, nothing highlighted, the log emptied, a jump stopped.
func (c *CodePanel) reset() {
	c.stopJump()
	c.setAlgorithm(c.search.Algorithm())
	c.highlight(0, map[int]bool{})
	c.Narration.SetText("Step, play or jump: each event is narrated here and its line of the pseudocode highlighted.")
	c.log = c.log[:0]
	c.refreshLog()
	c.NextLevel.SetText(levelButtonText(c.alg))
	c.syncHistory()
	c.changed()
}

// CurrentLineText returns the highlighted line as "Line 8: c ← …", or ""
// when none is.
func (c *CodePanel) CurrentLineText() string {
	code := search.Pseudocode(c.alg)
	if c.current < 1 || c.current > len(code) {
		return ""
	}
	return fmt.Sprintf("Line %d of %s: %s", c.current, algorithmName(c.alg), strings.TrimSpace(code[c.current-1]))
}

// rowsLayout gives its object the height of a number of text lines at the
// current text size, and any width.
type rowsLayout struct{ rows int }

// MinSize is rows lines of text high.
func (l rowsLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	w := float32(0)
	for _, o := range objects {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, float32(l.rows)*line+2*theme.InnerPadding())
}

// Layout gives each object the whole size.
func (l rowsLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// ScrollToShow scrolls the innermost scroll area under root that holds o so
// that o's top is at the top of the area (as far as the area scrolls); it
// reports whether it found one.
func ScrollToShow(root, o fyne.CanvasObject) bool {
	path := pathTo(root, o)
	for i := len(path) - 1; i >= 0; i-- {
		s, ok := path[i].(*container.Scroll)
		if !ok {
			continue
		}
		s.Refresh() // lays the content out at its current minimum size
		y := float32(0)
		for _, p := range path[i+1:] {
			y += p.Position().Y
		}
		y = min(y, max(s.Content.Size().Height-s.Size().Height, 0))
		s.ScrollToOffset(fyne.NewPos(s.Offset.X, y))
		return true
	}
	return false
}

// pathTo returns the objects from root down to o through containers and
// scroll areas, or nil when o is not under root.
func pathTo(root, o fyne.CanvasObject) []fyne.CanvasObject {
	if root == o {
		return []fyne.CanvasObject{o}
	}
	var kids []fyne.CanvasObject
	switch c := root.(type) {
	case *fyne.Container:
		kids = c.Objects
	case *container.Scroll:
		kids = []fyne.CanvasObject{c.Content}
	case *container.AppTabs:
		if it := c.Selected(); it != nil {
			kids = []fyne.CanvasObject{it.Content}
		}
	case *container.ThemeOverride:
		kids = []fyne.CanvasObject{c.Content}
	}
	for _, k := range kids {
		if p := pathTo(k, o); p != nil {
			return append([]fyne.CanvasObject{root}, p...)
		}
	}
	return nil
}
