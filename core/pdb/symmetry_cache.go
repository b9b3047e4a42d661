package pdb

import (
	"path/filepath"
)

// cachedImage returns a table in cacheDir whose group a symmetry of the board
// maps onto group i of p, of any partition (a file is named by its tiles, so
// the images are looked up by name): a second partition of the 24-puzzle
// whose blocks are images of 6-6-6-6's copies their tables from the cache
// instead of building them. It returns false when no image is cached.
func cachedImage(p Partition, i int, cacheDir string) (*Table, bool) {
	s, g := p.Size, p.Goal
	for _, m := range boardSymmetries(s) {
		img := make([]int, 0, len(p.Groups[i]))
		for _, u := range p.Groups[i] {
			v := g.GoalTile(s, int(m[g.GoalCell(s, u)]))
			if v == 0 {
				break // the image holds the blank's goal cell
			}
			img = append(img, v)
		}
		if len(img) != len(p.Groups[i]) {
			continue
		}
		src, err := LoadFor(filepath.Join(cacheDir, FileName(s, g, img)), s, g, img)
		if err != nil {
			continue // missing or unusable
		}
		if _, _, ok := symmetricSource(p, i, []*Table{src}); ok {
			return src, true
		}
		src.release()
	}
	return nil, false
}
