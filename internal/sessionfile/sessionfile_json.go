package sessionfile

// The JSON form. Pointers tell a field left out from a zero.
type fileJSON struct {
	Format   string        `json:"format"`
	Version  int           `json:"version"`
	Goal     string        `json:"goal"`
	Board    string        `json:"board"`
	Title    string        `json:"title,omitempty"`
	Optimal  *int          `json:"optimal,omitempty"`
	Korf     int           `json:"korf,omitempty"`
	Search   *searchJSON   `json:"search,omitempty"`
	PDB      *pdbJSON      `json:"pdb,omitempty"`
	Compare  *compareJSON  `json:"compare,omitempty"`
	Settings *settingsJSON `json:"settings,omitempty"`
	View     *viewJSON     `json:"view,omitempty"` // version 2
}

type searchJSON struct {
	Algorithm string  `json:"algorithm"`
	Heuristic string  `json:"heuristic"`
	Event     *uint64 `json:"event,omitempty"` // version 2
	// Version 3: the search chapter's parameters.
	Weight      *float64 `json:"weight,omitempty"`
	DepthLimit  *int     `json:"depth_limit,omitempty"`
	CycleCheck  *string  `json:"cycle_check,omitempty"`
	MemoryNodes *int     `json:"memory_nodes,omitempty"`
	Cost        *string  `json:"cost,omitempty"`
}

type viewJSON struct {
	Tab     string `json:"tab"`
	Tree    bool   `json:"tree"`
	Predict bool   `json:"predict"`
}

type pdbJSON struct {
	Size      string `json:"size"`
	Kind      string `json:"kind,omitempty"`
	Partition string `json:"partition"`
}

// The kinds of pattern database the view builds, as pdbJSON.Kind spells them.
const (
	kindAdditive = "additive"
	kindFringe   = "fringe"
)

type compareJSON struct {
	Set        string   `json:"set"`
	File       string   `json:"file,omitempty"`
	Count      int      `json:"count"`
	Seed       uint64   `json:"seed"`
	Moves      int      `json:"moves"`
	Algorithm  string   `json:"algorithm"`
	Heuristics []string `json:"heuristics,omitempty"`
	NodeLimit  uint64   `json:"node_limit"`
	Seconds    float64  `json:"seconds"`
	// Version 3: the algorithm's parameters, named as in "search".
	Weight      *float64 `json:"weight,omitempty"`
	DepthLimit  *int     `json:"depth_limit,omitempty"`
	CycleCheck  *string  `json:"cycle_check,omitempty"`
	MemoryNodes *int     `json:"memory_nodes,omitempty"`
	Cost        *string  `json:"cost,omitempty"`
}

type settingsJSON struct {
	Theme string  `json:"theme"`
	Zoom  float64 `json:"zoom"`
	Speed float64 `json:"speed"`
}
