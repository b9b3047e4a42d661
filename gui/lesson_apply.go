package gui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/pdbview"
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/internal/lesson"
)

// lessonViews maps a lesson's view names to the window's tabs; "search"
// and "tree" are the puzzle tab (the tree shown for "tree").
var lessonViews = map[string]string{
	"puzzle": ViewPuzzle, "search": ViewPuzzle, "tree": ViewPuzzle,
	"pdb": ViewPDB, "compare": ViewCompare, "quality": ViewQuality, "race": ViewRace,
}

// ApplyPart makes the window show a lesson part, as lessonview.Applier
// asks: goal, board, search (algorithm, heuristic, position), the pattern
// database view's partition, the tab, the tree and every overlay. What the
// window cannot show (a table too large to build here) is refused, naming
// the line, before anything changes. The position is replayed as a
// session file's is: in chunks off the Fyne goroutine when far, at full
// speed in the background for "at: goal". One Undo takes the part back.
func (u *UI) ApplyPart(st *lesson.State) error {
	s := st.Settings
	var spec search.HeuristicSpec
	if s.HasAlgorithm && s.Algorithm.UsesHeuristic() {
		var err error
		spec, err = search.ParseHeuristic(s.Heuristic)
		if err == nil {
			err = checkGUIHeuristic(spec, s.Size, s.Goal)
		}
		if err != nil {
			return &lesson.Error{Line: s.KeyLine("heuristic"), Msg: err.Error()}
		}
	}
	if err := checkGUIParams(s); err != nil {
		return err
	}
	part, err := lessonPartition(s)
	if err != nil {
		return &lesson.Error{Line: s.KeyLine("partition"), Msg: err.Error()}
	}
	u.Files.opened++ // a heuristic still waiting for its tables is no longer wanted
	defer u.Session.Group("lesson part")()
	u.Search.Pause()
	u.Code.StopJump()
	u.SetGoal(s.Goal)
	u.Session.SetBoard(s.Board, lessonBoardTitle(st), -1)
	u.Search.SetMoved(s.Moved, catalog.MovedCell(search.Node{Board: s.Moved, Move: s.LastMove}))
	if part != nil {
		u.pdb().ShowPartition(*part)
	}
	u.applyLessonView(s)
	u.Search.Reset()
	if !s.HasAlgorithm {
		return nil
	}
	u.Search.Params.Set(viewParams(s.Params))
	u.Search.AlgorithmSelect.SetSelected(catalog.LabelOf(s.Algorithm))
	if !s.Algorithm.UsesHeuristic() {
		u.goToPart(st)
		return nil
	}
	if !u.selectWhenReady(spec, s.Size, func(label string) {
		u.Search.HeuristicSelect.SetSelected(label)
		u.Search.Reset() // the same heuristic selected again leaves the search as it was
		u.goToPart(st)
	}) {
		u.Search.SetStatus(fmt.Sprintf("The lesson's heuristic, %s, is selected once its pattern database is loaded or built.", spec.Label()), false)
	}
	return nil
}

// goToPart replays the search to the part's position: its step count
// (step N, iteration N and f N are all counted in events), or a run to
// the goal.
func (u *UI) goToPart(st *lesson.State) {
	switch {
	case st.Run == nil || st.Settings.At.Kind == lesson.AtStart:
	case st.Settings.At.Kind == lesson.AtGoal:
		u.Search.RunToEnd()
	default:
		u.goTo(st.Run.Steps)
	}
}

// applyLessonView shows the part's tab, the tree (view tree or overlay
// tree) and the overlays the part names, and turns the others off.
func (u *UI) applyLessonView(s lesson.Settings) {
	tree := s.View == "tree" || slices.Contains(s.Overlays, "tree")
	if u.Tree.Shown != tree {
		u.Tree.ToggleShown()
	}
	u.Search.SetOverlays(s.Overlays)
	if u.Predict.On() {
		u.Predict.Toggle.SetChecked(false) // it would stop the replay at its first question
	}
	if v, ok := lessonViews[s.View]; ok && !u.Presenting() {
		_ = u.ShowView(v) // every lesson view is in the table
	}
}

// lessonPartition returns the partition the pattern database view shows
// for a part (nil when the part names none and shows another view),
// checked against what the view builds.
func lessonPartition(s lesson.Settings) (*pdb.Partition, error) {
	if s.View != "pdb" && s.Partition == "" {
		return nil, nil
	}
	name := s.Partition
	if name == "" || name == "default" {
		info, ok := pdb.DefaultPreset(s.Size)
		if !ok {
			return nil, fmt.Errorf("no default partition for %s boards", s.Size)
		}
		name = info.Name
	}
	p, err := pdb.ParsePartition(name, s.Size, s.Goal)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(pdbview.PdbSizes, s.Size) {
		var names []string
		for _, z := range pdbview.PdbSizes {
			names = append(names, z.String())
		}
		return nil, fmt.Errorf("the pattern database view builds %s boards, not %s", strings.Join(names, ", "), s.Size)
	}
	if err := pdbview.CheckGUISize(p, false); err != nil {
		return nil, err
	}
	return &p, nil
}

// lessonBoardTitle names the board of a part: the part's heading, short
// enough for the board's column beside the lesson in a small window (the
// lesson's text says where the board came from), or, for a part without
// one, where the board came from.
func lessonBoardTitle(st *lesson.State) string {
	if t := st.Part.Title; t != "" {
		return t
	}
	t := fmt.Sprintf("Lesson part %d", st.Part.Index+1)
	if src := st.Settings.Source; src != "" && src != "goal" {
		t += " (" + src + ")"
	}
	return t
}

// viewParams are a lesson's parameters as the search view holds them.
func viewParams(p lesson.Params) searchview.Params {
	return searchview.Params{Weight: p.Weight, DepthLimit: p.DepthLimit, CycleCheck: p.CycleCheck, MemoryNodes: p.MemoryNodes, Cost: p.Cost}
}

// checkGUIParams refuses, naming the line, a part whose algorithm
// parameters the search view would not search with (a cycle check for
// iterative deepening, say, which slidelab lesson and the handouts take),
// so that the app never shows other counts than the lesson's text.
func checkGUIParams(s lesson.Settings) error {
	if !s.HasAlgorithm {
		return nil
	}
	want := search.Config{Algorithm: s.Algorithm}
	s.Params.Apply(&want)
	got := searchview.Applied(viewParams(s.Params), search.Config{Algorithm: s.Algorithm})
	if !catalog.HonoursCost(s.Algorithm) {
		want.Cost = got.Cost // the cost model does not change what it searches
	}
	for _, d := range []struct {
		key  string
		same bool
	}{{"weight", got.Weight == want.Weight}, {"depth-limit", got.DepthLimit == want.DepthLimit},
		{"cycle-check", got.CycleCheck == want.CycleCheck}, {"memory-nodes", got.MemoryNodes == want.MemoryNodes}, {"cost", got.Cost == want.Cost}} {
		if !d.same {
			return &lesson.Error{Line: max(s.KeyLine(d.key), s.KeyLine("algorithm")),
				Msg: fmt.Sprintf("%s: the app's search view does not take it for %v yet (slidelab lesson and the handouts do)", d.key, s.Algorithm)}
		}
	}
	return nil
}
