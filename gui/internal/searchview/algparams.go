package searchview

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The algorithm's parameters under the selectors: one line describing the
// chosen algorithm (its group and what it does), and only the parameters
// it takes, as the command line takes them: the weight (weighted A*), the
// depth limit and the cycle check (depth-first, depth-limited and
// iterative deepening search; iterative deepening's limit is its last
// pass's), the node budget (SMA*) and the cost model (the algorithms that
// count g by it).

// Params are the parameters of the algorithms beyond the four classic
// ones, as search.Config holds them: the compare view's and the race's
// (catalog.AlgorithmParams).
type Params = catalog.AlgorithmParams

// DefaultParams are the parameters the panel starts with: the command
// line's defaults (weight 2, SMA* 1,000 nodes, no cycle check, unit costs;
// depth-limited search without a limit searches to
// catalog.DLSDefaultLimit).
var DefaultParams = catalog.DefaultAlgorithmParams

// AlgParams holds the description line and the parameter selectors.
type AlgParams struct {
	// Desc describes the chosen algorithm in one line, with its group.
	Desc *widget.Label
	// The parameter selectors; each is shown with its name only for the
	// algorithms that take it.
	Weight, DepthLimit, CycleCheck, MemoryNodes, Cost *widget.Select
	// Box holds the description and the parameters shown; the panel
	// places it under the selectors.
	Box *fyne.Container
	// grid holds the rows of the parameters the algorithm takes, side by
	// side while they fit; order is every row, in the order shown.
	grid  *fyne.Container
	order []*widget.Select

	rows    map[*widget.Select]*fyne.Container
	names   map[string]*widget.Select
	v       Params
	changed func()
	// alg is the algorithm the parameters are shown for (follow).
	alg search.Algorithm
}

// newAlgParams makes the selectors; changed runs when the teacher picks
// another value (the panel resets its search).
func newAlgParams(changed func()) *AlgParams {
	a := &AlgParams{v: DefaultParams, rows: map[*widget.Select]*fyne.Container{}, names: map[string]*widget.Select{}}
	a.Desc = widget.NewLabel("")
	a.Desc.Wrapping = fyne.TextWrapWord
	pick := func(set func(text string)) func(string) {
		return func(text string) {
			set(text)
			if a.changed != nil {
				a.changed()
			}
		}
	}
	a.Weight = widget.NewSelect(catalog.WeightChoices, pick(func(t string) {
		if w, err := search.ParseWeight(t); err == nil {
			a.v.Weight = w
		}
	}))
	a.DepthLimit = widget.NewSelect(catalog.DepthChoices, pick(func(t string) {
		d, err := strconv.Atoi(t)
		if err != nil {
			d = 0 // "none"
		}
		if d == 0 && a.alg == search.DLS {
			d = catalog.DLSDefaultLimit // depth-limited search needs one: the selector says which
			defer a.showValues()
		}
		a.v.DepthLimit = d
	}))
	a.CycleCheck = widget.NewSelect(catalog.CycleChoices, pick(func(t string) {
		if c, err := search.ParseCycleCheck(t); err == nil {
			a.v.CycleCheck = c
		}
	}))
	a.MemoryNodes = widget.NewSelect(catalog.BudgetChoices, pick(func(t string) {
		if n, err := strconv.Atoi(t); err == nil {
			a.v.MemoryNodes = n
		}
	}))
	a.Cost = widget.NewSelect(catalog.CostChoices, pick(func(t string) {
		if t == catalog.CostChoices[1] {
			a.v.Cost = search.TileCost
		} else {
			a.v.Cost = search.UnitCost
		}
	}))
	row := func(name, tip string, s *widget.Select) {
		r := container.NewBorder(nil, nil, widget.NewLabel(name), nil, WithTip(s, tip))
		a.rows[s], a.names[name] = r, s
	}
	for _, r := range []struct {
		name, tip string
		s         *widget.Select
	}{{"Weight w", TipWeight, a.Weight}, {"Depth limit", TipDepth, a.DepthLimit}, {"Cycle check", TipCycle, a.CycleCheck},
		{"Node budget", TipBudget, a.MemoryNodes}, {"Cost", TipCost, a.Cost}} {
		row(r.name, r.tip, r.s)
		a.order = append(a.order, r.s)
	}
	// Two columns, one above the other at a large zoom; only the rows
	// shown take room (follow).
	a.grid = toolkit.NewColumns(2)
	a.Box = container.NewVBox(a.Desc, a.grid)
	a.showValues()
	a.changed = changed
	return a
}

// rowVisible reports whether the parameter named name (as its row's label
// reads) is shown.
func (a *AlgParams) rowVisible(name string) bool {
	s := a.names[name]
	return s != nil && a.rows[s].Visible()
}

// Values returns the parameters chosen.
func (a *AlgParams) Values() Params { return a.v }

// Set shows p in the selectors (a session file's); it resets nothing by
// itself. Values the selectors do not list are added to them.
func (a *AlgParams) Set(p Params) {
	a.v = p
	a.showValues()
}

// showValues writes a.v into the selectors without running their callbacks.
func (a *AlgParams) showValues() {
	show := func(s *widget.Select, text string) {
		found := false
		for _, o := range s.Options {
			found = found || o == text
		}
		if !found {
			s.Options = append(s.Options, text)
		}
		showSelected(s, text)
	}
	show(a.Weight, strconv.FormatFloat(a.v.Weight, 'f', -1, 64))
	depth := "none"
	if a.v.DepthLimit > 0 {
		depth = strconv.Itoa(a.v.DepthLimit)
	}
	show(a.DepthLimit, depth)
	show(a.CycleCheck, catalog.CycleChoices[min(int(a.v.CycleCheck), len(catalog.CycleChoices)-1)])
	show(a.MemoryNodes, strconv.Itoa(a.v.MemoryNodes))
	show(a.Cost, catalog.CostChoices[min(int(a.v.Cost), len(catalog.CostChoices)-1)])
}

// follow shows the description of alg and only the parameters it takes.
func (a *AlgParams) follow(alg search.Algorithm) {
	a.alg = alg
	in := alg.Info()
	if alg == search.DLS && a.v.DepthLimit == 0 {
		a.v.DepthLimit = catalog.DLSDefaultLimit // depth-limited search needs one
		a.showValues()
	}
	a.Desc.SetText(describeAlgorithm(catalog.LabelOf(alg), in.Group.String(), in.Summary))
	vis := map[*widget.Select]bool{
		a.Weight:      catalog.Takes(alg, catalog.ParamWeight),
		a.DepthLimit:  catalog.Takes(alg, catalog.ParamDepthLimit),
		a.CycleCheck:  catalog.Takes(alg, catalog.ParamCycleCheck),
		a.MemoryNodes: catalog.Takes(alg, catalog.ParamMemoryNodes),
		a.Cost:        catalog.Takes(alg, catalog.ParamCost),
	}
	a.grid.Objects = a.grid.Objects[:0]
	for _, s := range a.order {
		r := a.rows[s]
		if vis[s] {
			r.Show()
			a.grid.Objects = append(a.grid.Objects, r)
		} else {
			r.Hide()
		}
	}
	a.grid.Refresh()
	a.Box.Refresh()
}

// config sets alg's parameters in cfg: only those alg takes, so that the
// four classic algorithms search exactly as before (unit costs aside,
// when the teacher picks tile costs for one that honours them), as the
// compare view and the race set them.
func (a *AlgParams) config(cfg *search.Config) { a.v.Apply(cfg) }

// paramsKey writes p for the session's history (session.Choice.Params),
// which compares it; parseParamsKey reads it back.
func paramsKey(p Params) string {
	return fmt.Sprintf("w=%g d=%d c=%d n=%d cost=%d", p.Weight, p.DepthLimit, p.CycleCheck, p.MemoryNodes, p.Cost)
}

// parseParamsKey reads what key wrote; ok is false for anything else (a
// choice recorded before the panel set its parameters).
func parseParamsKey(s string) (p Params, ok bool) {
	var c, cost int
	n, err := fmt.Sscanf(s, "w=%g d=%d c=%d n=%d cost=%d", &p.Weight, &p.DepthLimit, &c, &p.MemoryNodes, &cost)
	if err != nil || n != 5 || c < 0 || c > int(search.CycleClosed) || cost < 0 || cost > int(search.TileCost) {
		return Params{}, false
	}
	p.CycleCheck, p.Cost = search.CycleCheck(c), search.CostModel(cost)
	return p, true
}

// flagWords says the command line's flags in core/search's descriptions in
// the words of the app's parameters.
var flagWords = strings.NewReplacer(
	"--depth-limit D (required)", "a depth limit (required)",
	"--depth-limit D", "a depth limit",
	"--cycle-check none|path|closed", "a cycle check (none, the path or a closed set)",
	"--weight W, 1 to 10", "the weight w, 1 to 10",
	"--memory-nodes N", "a node budget",
	"--cost tile", "tile costs",
	"g + w*h", "g + w·h",
)

// describeAlgorithm is the line under the selector: the label, the group,
// and core/search's summary without the name it starts with and with its
// flags said as the app's parameters ("IDA*, memory-bounded: depth-first
// passes with a rising bound on f; memory only the path.").
func describeAlgorithm(label, group, summary string) string {
	if _, rest, ok := strings.Cut(summary, ": "); ok {
		summary = rest
	}
	return fmt.Sprintf("%s, %s: %s.", label, group, flagWords.Replace(summary))
}
