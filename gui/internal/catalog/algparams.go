package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// The parameters of the search chapter's algorithms as the compare view and
// the race's lanes offer them: the command line's options (--weight,
// --depth-limit, --cycle-check, --memory-nodes, --cost), each shown only
// for the algorithms that take it, and set in a search.Config exactly as
// the command line sets them, so that a view's counts are the CLI's.

// AlgorithmParams are the parameters an algorithm may take, as
// search.Config holds them.
type AlgorithmParams struct {
	// Weight is weighted A*'s w (1 to search.MaxWeight, one decimal).
	Weight float64
	// DepthLimit bounds depth-first search and iterative deepening (0:
	// none) and depth-limited search (0: DLSDefaultLimit).
	DepthLimit int
	// CycleCheck is the cycle checking of the depth-first searches.
	CycleCheck search.CycleCheck
	// MemoryNodes is SMA*'s node budget.
	MemoryNodes int
	// Cost is the cost model of the algorithms that count g by it.
	Cost search.CostModel
}

// DefaultAlgorithmParams are the command line's defaults: weight 2, SMA*
// 1,000 nodes, no depth limit, no cycle check, unit costs.
var DefaultAlgorithmParams = AlgorithmParams{Weight: 2, MemoryNodes: 1000}

// DLSDefaultLimit is depth-limited search's limit when none was chosen (it
// needs one).
const DLSDefaultLimit = 20

// The parameters' names, the command line's flags without the dashes; a
// view names its tips after them.
const (
	ParamWeight      = "weight"
	ParamDepthLimit  = "depth-limit"
	ParamCycleCheck  = "cycle-check"
	ParamMemoryNodes = "memory-nodes"
	ParamCost        = "cost"
)

// Takes reports whether alg takes the parameter named param (ParamWeight,
// ...): the weight weighted A*, the depth limit and cycle check the
// depth-first searches (DFS, DLS, IDDFS), the node budget SMA*, the cost
// model the algorithms that honour it (HonoursCost).
func Takes(alg search.Algorithm, param string) bool {
	switch param {
	case ParamWeight:
		return alg == search.WAStar
	case ParamDepthLimit, ParamCycleCheck:
		return alg == search.DFS || alg == search.DLS || alg == search.IDDFS
	case ParamMemoryNodes:
		return alg == search.SMAStar
	case ParamCost:
		return HonoursCost(alg)
	}
	return false
}

// Apply sets in cfg the parameters cfg.Algorithm takes, and only those, as
// the command line's flags set them (depth-limited search with no limit
// gets DLSDefaultLimit).
func (p AlgorithmParams) Apply(cfg *search.Config) {
	alg := cfg.Algorithm
	if Takes(alg, ParamWeight) {
		cfg.Weight = p.Weight
	}
	if Takes(alg, ParamDepthLimit) {
		cfg.DepthLimit, cfg.CycleCheck = p.DepthLimit, p.CycleCheck
		if alg == search.DLS && cfg.DepthLimit == 0 {
			cfg.DepthLimit = DLSDefaultLimit
		}
	}
	if Takes(alg, ParamMemoryNodes) {
		cfg.MemoryNodes = p.MemoryNodes
	}
	if Takes(alg, ParamCost) {
		cfg.Cost = p.Cost
	}
}

// Describe says the parameters alg takes, in a view's words ("w = 1.5",
// "depth limit 20, path cycle check", "budget 1,000 nodes"; the cost model
// only when it is tile costs); "" when it takes none.
func (p AlgorithmParams) Describe(alg search.Algorithm) string {
	cfg := search.Config{Algorithm: alg}
	p.Apply(&cfg)
	var parts []string
	if Takes(alg, ParamWeight) {
		parts = append(parts, "w = "+strconv.FormatFloat(cfg.Weight, 'f', -1, 64))
	}
	if Takes(alg, ParamDepthLimit) {
		if cfg.DepthLimit > 0 {
			parts = append(parts, fmt.Sprintf("depth limit %d", cfg.DepthLimit))
		}
		if cfg.CycleCheck != search.CycleNone {
			parts = append(parts, cfg.CycleCheck.String()+" cycle check")
		}
	}
	if Takes(alg, ParamMemoryNodes) {
		parts = append(parts, fmt.Sprintf("budget %d nodes", cfg.MemoryNodes))
	}
	if Takes(alg, ParamCost) && cfg.Cost == search.TileCost {
		parts = append(parts, "tile costs")
	}
	return strings.Join(parts, ", ")
}

// The choices the parameter selectors offer, here and in the search view.
// CycleChoices are in search.CycleCheck's order and CostChoices in
// search.CostModel's.
var (
	WeightChoices = []string{"1", "1.2", "1.5", "2", "2.5", "3", "4", "5", "10"}
	DepthChoices  = []string{"none", "5", "10", "15", "20", "25", "30", "40", "50", "100"}
	BudgetChoices = []string{"10", "50", "100", "500", "1000", "5000", "10000", "100000"}
	CycleChoices  = []string{"none", "path", "closed"}
	CostChoices   = []string{"unit", "tile (t costs t)"}
)

// ParamsForm is a row of selectors for an algorithm's parameters: only
// those the algorithm followed takes are shown (Follow).
type ParamsForm struct {
	// The selectors, one per parameter; Cost is nil in a form made
	// without it (the view chooses the cost model elsewhere).
	Weight, DepthLimit, CycleCheck, MemoryNodes, Cost *widget.Select
	// Box holds the rows of the parameters shown.
	Box *fyne.Container

	rows     map[string]fyne.CanvasObject
	v        AlgorithmParams
	alg      search.Algorithm
	changed  func()
	updating bool // showValues is writing the selectors
}

// NewParamsForm makes the selectors, each in a row with its name, wrapped
// by wrap (a view adds its tip: wrap gets the parameter's name, ParamWeight
// ...), laid out by box. withCost adds the cost model. changed runs when
// the teacher picks another value.
func NewParamsForm(withCost bool, wrap func(param string, s *widget.Select) fyne.CanvasObject,
	box func(rows ...fyne.CanvasObject) *fyne.Container, changed func()) *ParamsForm {
	f := &ParamsForm{v: DefaultAlgorithmParams, rows: map[string]fyne.CanvasObject{}, alg: search.IDAStar}
	pick := func(set func(string)) func(string) {
		return func(t string) {
			if f.updating {
				return
			}
			set(t)
			if f.changed != nil {
				f.changed()
			}
		}
	}
	f.Weight = widget.NewSelect(WeightChoices, pick(func(t string) {
		if w, err := search.ParseWeight(t); err == nil {
			f.v.Weight = w
		}
	}))
	f.DepthLimit = widget.NewSelect(DepthChoices, pick(func(t string) {
		f.v.DepthLimit, _ = strconv.Atoi(t) // "none" is 0
	}))
	f.CycleCheck = widget.NewSelect(CycleChoices, pick(func(t string) {
		if c, err := search.ParseCycleCheck(t); err == nil {
			f.v.CycleCheck = c
		}
	}))
	f.MemoryNodes = widget.NewSelect(BudgetChoices, pick(func(t string) {
		if n, err := strconv.Atoi(t); err == nil {
			f.v.MemoryNodes = n
		}
	}))
	params := []struct {
		name, label string
		s           *widget.Select
	}{{ParamWeight, "Weight w", f.Weight}, {ParamDepthLimit, "Depth limit", f.DepthLimit},
		{ParamCycleCheck, "Cycle check", f.CycleCheck}, {ParamMemoryNodes, "Node budget", f.MemoryNodes}}
	if withCost {
		f.Cost = widget.NewSelect(CostChoices, pick(func(t string) {
			f.v.Cost = search.UnitCost
			if t == CostChoices[1] {
				f.v.Cost = search.TileCost
			}
		}))
		params = append(params, struct {
			name, label string
			s           *widget.Select
		}{ParamCost, "Cost", f.Cost})
	}
	var rows []fyne.CanvasObject
	for _, p := range params {
		r := container.NewBorder(nil, nil, widget.NewLabel(p.label), nil, wrap(p.name, p.s))
		f.rows[p.name] = r
		rows = append(rows, r)
	}
	f.Box = box(rows...)
	f.showValues()
	f.Follow(f.alg)
	f.changed = changed
	return f
}

// Values returns the parameters chosen.
func (f *ParamsForm) Values() AlgorithmParams { return f.v }

// Set shows p in the selectors without calling changed; values the
// selectors do not list are added to them.
func (f *ParamsForm) Set(p AlgorithmParams) {
	f.v = p
	f.showValues()
}

// showValues writes f.v into the selectors.
func (f *ParamsForm) showValues() {
	f.updating = true
	defer func() { f.updating = false }()
	show := func(s *widget.Select, text string) {
		if s == nil {
			return
		}
		found := false
		for _, o := range s.Options {
			found = found || o == text
		}
		if !found {
			s.Options = append(s.Options, text)
		}
		s.SetSelected(text)
	}
	show(f.Weight, strconv.FormatFloat(f.v.Weight, 'f', -1, 64))
	depth := "none"
	if f.v.DepthLimit > 0 {
		depth = strconv.Itoa(f.v.DepthLimit)
	}
	show(f.DepthLimit, depth)
	show(f.CycleCheck, f.v.CycleCheck.String())
	show(f.MemoryNodes, strconv.Itoa(f.v.MemoryNodes))
	show(f.Cost, CostChoices[min(int(f.v.Cost), len(CostChoices)-1)])
}

// Follow shows only the parameters alg takes (none for the four classic
// algorithms without tile costs); depth-limited search gets
// DLSDefaultLimit when no limit is chosen.
func (f *ParamsForm) Follow(alg search.Algorithm) {
	f.alg = alg
	if alg == search.DLS && f.v.DepthLimit == 0 {
		f.v.DepthLimit = DLSDefaultLimit
		f.showValues()
	}
	for name, r := range f.rows {
		if Takes(alg, name) {
			r.Show()
		} else {
			r.Hide()
		}
	}
	f.Box.Refresh()
}

// Shows reports whether the row of the parameter named param (ParamWeight,
// ...) is shown.
func (f *ParamsForm) Shows(param string) bool {
	r, ok := f.rows[param]
	return ok && r.Visible()
}

// Enable enables or disables every selector.
func (f *ParamsForm) Enable(on bool) {
	for _, s := range []*widget.Select{f.Weight, f.DepthLimit, f.CycleCheck, f.MemoryNodes, f.Cost} {
		if s == nil {
			continue
		}
		if on {
			s.Enable()
		} else {
			s.Disable()
		}
	}
}
