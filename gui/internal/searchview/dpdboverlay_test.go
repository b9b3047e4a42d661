package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/session"

	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestExplainDynamic checks the overlay of a dynamically partitioned
// database against core: the white badges are Manhattan distances, the
// amber ones mark exactly the tiles of the best cover, the first tile of
// each group carrying its weight, and they add up to the estimate. The
// race form (raceForm) checks the 8-puzzle's only: its tables are built by
// the same parallel workers as the 15-puzzle's, and the overlay's sums are
// the test goroutine's alone.
func TestExplainDynamic(t *testing.T) {
	sizes := []board.Size{board.Size3x3, board.Size4x4}
	if raceForm() {
		sizes = sizes[:1]
	}
	for _, s := range sizes {
		g := board.BlankLast
		h, err := search.BuildDynamicPDB(context.Background(), s, g, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		md, err := search.NewManhattan(s, g)
		if err != nil {
			t.Fatal(err)
		}
		r := board.NewRand(4)
		covered := 0
		for i := 0; i < 20; i++ {
			b, err := board.Random(r, s, g)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := explainH(h, b, g, session.Groups{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Total != h.Estimate(b) {
				t.Fatalf("%s: overlay total %d, Estimate %d", b.Line(), ex.Total, h.Estimate(b))
			}
			sum, badged := 0, 0
			for p := range s.Cells() {
				if ex.share[p] != "" {
					v, err := strconv.Atoi(ex.share[p])
					if err != nil {
						t.Fatal(err)
					}
					sum += v
				}
				if ex.extra[p] == "" {
					continue
				}
				badged++
				if _, w, ok := strings.Cut(ex.extra[p], "+"); ok {
					v, err := strconv.Atoi(w)
					if err != nil || v <= 0 {
						t.Fatalf("%s: badge %q", b.Line(), ex.extra[p])
					}
					sum += v
				}
			}
			if m := md.Estimate(b); sum != ex.Total || sumInts(h.Shares(b)) != m {
				t.Fatalf("%s: badges add to %d, total %d (Manhattan %d)", b.Line(), sum, ex.Total, m)
			}
			_, groups := h.Cover(b)
			tiles := 0
			for _, grp := range groups {
				tiles += len(grp)
			}
			if badged != tiles {
				t.Fatalf("%s: %d amber badges for the %d tiles of %v", b.Line(), badged, tiles, groups)
			}
			covered += len(groups)
		}
		if covered == 0 {
			t.Errorf("%s: no cover on 20 random boards: suspicious", s)
		}
	}
}
