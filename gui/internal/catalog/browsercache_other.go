//go:build !js

package catalog

import (
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// loadRefreshEvery is how often a load's progress is redrawn: as often as
// any counter (see browsercache_js.go for a browser's).
const loadRefreshEvery = toolkit.RefreshEvery

// loadBrowserTable returns nil: outside a browser, tables are cached in
// files (pdb.LoadOrBuildTable); see browsercache_js.go.
func loadBrowserTable(pdb.Partition, int) *pdb.Table { return nil }

// saveBrowserTable does nothing outside a browser.
func saveBrowserTable(*pdb.Table) {}
