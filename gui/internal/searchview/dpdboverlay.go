package searchview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// explainDynamic takes a dynamically partitioned database's value apart for
// the overlay: each tile's Manhattan distance in the white badges, and the
// groups of the best cover in the amber ones: every tile of the chosen pair
// or triple carries the group's letter, its first tile also the moves the
// group adds ("A+2"). The summary lists the groups with their tiles.
func explainDynamic(h *search.DynamicPDB, b board.Board, ex *hExplanation) {
	shares := h.Shares(b)
	for p, v := range shares {
		if v != 0 {
			ex.share[p] = fmt.Sprint(v)
		}
	}
	md := sumInts(shares)
	total, groups := h.Cover(b)
	ex.Total = total
	set := "pairs"
	if h.Triples() {
		set = "pairs and triples"
	}
	if len(groups) == 0 {
		ex.Summary = fmt.Sprintf("h = %d: Manhattan distance (the badges); no group of %s needs more moves than its tiles' distances.", total, set)
		return
	}
	cellOf := make(map[int]int, b.Size().Cells())
	for p := 0; p < b.Size().Cells(); p++ {
		cellOf[b.At(p)] = p
	}
	var parts []string
	for i, grp := range groups {
		letter := string(rune('A' + i%26))
		w, _ := h.GroupWeight(b, grp)
		for j, t := range grp {
			ex.extra[cellOf[t]] = letter
			if j == 0 {
				ex.extra[cellOf[t]] = fmt.Sprintf("%s+%d", letter, w)
			}
		}
		parts = append(parts, fmt.Sprintf("%s {%s} +%d", letter, joinInts(grp, ","), w))
	}
	ex.Summary = fmt.Sprintf("h = %d + %d = %d: Manhattan (white badges) + the best disjoint cover by %s (amber): %s; each group adds its table value less its tiles' Manhattan distances.",
		md, total-md, total, set, strings.Join(parts, ", "))
}
