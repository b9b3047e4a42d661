//go:build !js

package catalog

import "github.com/slidelab/slidelab/core/pdb"

// loadBrowserTable returns nil: outside a browser, tables are cached in
// files (pdb.LoadOrBuildTable); see browsercache_js.go.
func loadBrowserTable(pdb.Partition, int) *pdb.Table { return nil }

// saveBrowserTable does nothing outside a browser.
func saveBrowserTable(*pdb.Table) {}
