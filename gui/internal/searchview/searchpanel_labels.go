package searchview

import (
	"errors"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// What the search panel says about the selected algorithm and heuristic: the
// pattern database the heuristic uses (and only that one), the note that
// breadth-first search uses no heuristic, and the names of the counters and
// open-list captions for the order the algorithm follows.

// selectedOption returns the heuristic option selected, or nil.
func (p *SearchPanel) selectedOption() *catalog.HeuristicOption {
	if i := p.HeuristicSelect.SelectedIndex(); i >= 0 && i < len(p.heuristicOpts) {
		return &p.heuristicOpts[i]
	}
	return nil
}

// RefreshPDBStatus shows the state of the pattern database the selected
// heuristic uses: nothing for a heuristic without one (or for breadth-first
// search, which uses no heuristic), the progress bar while it loads. The bar
// and the line keep their room when empty, so the controls below stay put.
// A "not ready" message is cleared once the database is ready.
func (p *SearchPanel) RefreshPDBStatus() {
	var st catalog.PDBState
	used := false
	if p.Algorithm().UsesHeuristic() {
		if o := p.selectedOption(); o != nil && o.Database != nil {
			st, used = o.Database(), true
		}
	}
	if !used {
		p.PDBStatus.SetText("")
		p.PDBProgress.Hide()
	} else {
		p.PDBStatus.SetText(fmt.Sprintf("%s pattern database: %s", st.Name, st.Status))
		if st.Fraction > 0 && st.Fraction < 1 {
			p.PDBProgress.SetValue(st.Fraction)
			p.PDBProgress.Show()
		} else {
			p.PDBProgress.Hide()
		}
	}
	if p.waitsForPDB && (!used || st.Ready) {
		p.waitsForPDB = false
		p.SetStatus("", false)
	}
	if !p.waitsForPDB && p.PDBStatus.Importance == widget.WarningImportance {
		p.PDBStatus.Importance = widget.MediumImportance
		p.PDBStatus.Refresh()
	}
}

// algorithmChanged follows the algorithm selector: breadth-first search
// uses no heuristic, so the heuristic selector is disabled and a note says
// why.
func (p *SearchPanel) algorithmChanged() {
	alg := p.Algorithm()
	p.Params.follow(alg)
	p.Session.NoteChoice(p.choice()) // follow may have set depth-limited search's limit
	bfs := !alg.UsesHeuristic()
	toolkit.Enable(p.HeuristicSelect, !bfs)
	if bfs {
		p.HeuristicNote.SetText(heuristicNoteText(alg))
		p.HeuristicNote.Show()
	} else {
		p.HeuristicNote.Hide()
	}
	p.RefreshPDBStatus()
	p.Reset()
}

// fghName titles the counter of the current node's numbers for the order
// the algorithm follows: greedy search orders by h alone, breadth-first
// search by depth.
func fghName(a search.Algorithm) string {
	switch a {
	case search.Greedy:
		return "h (and g)"
	case search.BFS, search.BiBFS, search.DFS, search.DLS, search.IDDFS:
		return "g (depth)"
	case search.UCS:
		return "g (path cost)"
	case search.WAStar:
		return "f = g + w·h"
	}
	return "f = g + h"
}

// fghText writes a node's numbers for fghName's counter (weighted A*: "4 +
// 3·7 = 25", with its weight).
func fghText(k orderKey, n search.Node) string {
	if k.weighted() {
		return k.sum(n.G, n.H)
	}
	switch k.alg {
	case search.Greedy:
		return fmt.Sprintf("%d (g %d)", n.H, n.G)
	case search.BFS, search.BiBFS, search.DFS, search.DLS, search.IDDFS, search.UCS:
		return fmt.Sprint(n.G)
	}
	return fmt.Sprintf("%d = %d + %d", n.F(), n.G, n.H)
}

// openCaption captions an open-list entry for the order the algorithm
// follows, and openTitle heads the list.
func openCaption(k orderKey, n search.Node) string {
	if k.weighted() {
		return "f " + k.sum(n.G, n.H)
	}
	switch k.alg {
	case search.Greedy:
		return fmt.Sprintf("h %d, g %d", n.H, n.G)
	case search.BFS, search.BiBFS, search.DFS, search.DLS, search.IDDFS:
		return fmt.Sprintf("depth %d", n.G)
	case search.UCS:
		return fmt.Sprintf("g %d", n.G)
	}
	return fmt.Sprintf("f %d = %d+%d", n.F(), n.G, n.H)
}

func openTitle(a search.Algorithm) string {
	switch a {
	case search.Greedy:
		return "Open list, lowest h first"
	case search.BFS:
		return "Queue, front first"
	case search.BiBFS:
		return "The layer being expanded, next first"
	case search.DFS, search.DLS, search.IDDFS:
		return "Stack of untried children, top first"
	case search.UCS:
		return "Open list, lowest g first"
	case search.WAStar:
		return "Open list, lowest f = g + w·h first"
	case search.RBFS:
		return "Children of the node RBFS is in"
	case search.SMAStar:
		return "Leaves in memory"
	}
	return "Open list, lowest f first"
}

// describe says in words what happened at s, naming the number the
// algorithm orders by.
func (p *SearchPanel) describe(s SearchSnap) string {
	if s.Desc == "" && s.Kind == search.NodeSelected {
		switch p.Algorithm() {
		case search.Greedy:
			return fmt.Sprintf("selected a node with h = %d (at depth %d)", s.Node.H, s.Node.G)
		case search.BFS, search.BiBFS, search.DFS, search.DLS, search.IDDFS:
			return fmt.Sprintf("selected a node at depth %d", s.Node.G)
		case search.UCS:
			return fmt.Sprintf("selected a node with g = %d", s.Node.G)
		case search.WAStar:
			return fmt.Sprintf("selected a node at depth %d with f = %s", s.Node.G, p.orderKey().sum(s.Node.G, s.Node.H))
		}
	}
	return describeEvent(s)
}

// heuristicNoteText says why the heuristic selector is disabled for alg.
func heuristicNoteText(alg search.Algorithm) string {
	if alg == search.BFS {
		return "Breadth-first search uses no heuristic: it expands nodes in order of depth."
	}
	return fmt.Sprintf("%s is uninformed: it uses no heuristic.", catalog.LabelOf(alg))
}

// newHeuristicNote returns the hidden note shown while breadth-first search
// is selected.
func newHeuristicNote() *widget.Label {
	l := widget.NewLabel(heuristicNoteText(search.BFS))
	l.Wrapping = fyne.TextWrapWord // said in full, at any width and zoom
	l.Hide()
	return l
}

// SelectedSpec returns the heuristic selected, as the registry names it.
func (p *SearchPanel) SelectedSpec() (search.HeuristicSpec, error) {
	for _, o := range p.heuristicOpts {
		if o.Label == p.HeuristicSelect.Selected {
			return search.ParseHeuristic(o.Short)
		}
	}
	return search.HeuristicSpec{}, errors.New("no heuristic selected")
}
