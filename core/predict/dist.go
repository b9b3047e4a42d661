package predict

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// DefaultSamples is the number of random states DistributionOf draws, in
// all, for a board too large to enumerate (split evenly over the blank's
// cells: 62,500 a cell on the 4x4 board).
const DefaultSamples = 1_000_000

// DefaultSeed is the seed of the sample the command line and the GUI draw
// unless told otherwise.
const DefaultSeed = 1

// MaxSamples bounds DistOptions.Samples.
const MaxSamples = 1_000_000_000

// MaxExactCells is the largest board (in cells) whose states
// DistributionOf enumerates rather than samples: 9 cells, the 3x3 board's
// 181,440 solvable states.
const MaxExactCells = 9

// Distribution is a heuristic's value distribution over the states of a
// board, per blank cell: Counts[c][v] is the number of states (enumerated or
// sampled) with the blank in cell c and heuristic value v. States with the
// blank in c are drawn uniformly from the solvable states with the blank
// there, which is KRE's equilibrium distribution for that blank position.
type Distribution struct {
	// Size and Goal are the boards the heuristic is for.
	Size board.Size `json:"-"`
	Goal board.Goal `json:"-"`
	// Heuristic names the heuristic.
	Heuristic string `json:"heuristic"`
	// Exact says every solvable state was counted; otherwise PerCell states
	// a cell were sampled with Seed.
	Exact   bool   `json:"exact"`
	PerCell int    `json:"states_per_cell"`
	Seed    uint64 `json:"seed,omitempty"`
	// Counts[c][v] counts the states with the blank in c and value v.
	Counts [][]uint64 `json:"counts"`
	// cum[c][v]: the share of cell c's states with value <= v.
	cum [][]float64
}

// DistOptions sets how a distribution is measured.
type DistOptions struct {
	// Samples is the number of random states drawn in all, split evenly over
	// the blank cells (0: DefaultSamples); ignored for boards of at most
	// MaxExactCells cells, whose states are all counted.
	Samples int
	// Seed makes the sample reproducible.
	Seed uint64
	// Workers is the number of goroutines (0: one per core).
	Workers int
	// Progress, when not nil, is called now and then with the states done
	// and the total, from any goroutine but never concurrently.
	Progress func(done, total int)
}

// DistributionOf measures h's distribution for boards of size s and goal g:
// exactly for boards of at most MaxExactCells cells, else from a seeded
// sample. It stops with ctx's error when ctx is cancelled.
func DistributionOf(ctx context.Context, h search.Heuristic, s board.Size, g board.Goal, opt DistOptions) (*Distribution, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("heuristic distribution: %w", err)
	}
	if h == nil {
		return nil, fmt.Errorf("heuristic distribution: no heuristic")
	}
	if opt.Samples < 0 || opt.Samples > MaxSamples {
		return nil, fmt.Errorf("heuristic distribution: %d samples is not in 0..%d", opt.Samples, MaxSamples)
	}
	cells := s.Cells()
	d := &Distribution{Size: s, Goal: g, Heuristic: h.Name(), Counts: make([][]uint64, cells)}
	var err error
	if cells <= MaxExactCells {
		d.Exact = true
		err = d.enumerate(ctx, h, opt)
	} else {
		n := opt.Samples
		if n == 0 {
			n = DefaultSamples
		}
		d.PerCell = max(1, n/cells)
		d.Seed = opt.Seed
		err = d.sample(ctx, h, opt)
	}
	if err != nil {
		return nil, fmt.Errorf("heuristic distribution of %s: %w", h.Name(), err)
	}
	d.finish()
	return d, nil
}

// add counts value v for cell c.
func add(counts []uint64, v int) []uint64 {
	for len(counts) <= v {
		counts = append(counts, 0)
	}
	counts[v]++
	return counts
}

// enumerate counts every solvable state (at most 9 cells: 9! permutations).
func (d *Distribution) enumerate(ctx context.Context, h search.Heuristic, opt DistOptions) error {
	n := d.Size.Cells()
	tiles := make([]int, n)
	for i := range tiles {
		tiles[i] = i
	}
	total := 1
	for i := 2; i <= n; i++ {
		total *= i
	}
	// Heap's algorithm, iterative.
	c := make([]int, n)
	done := 0
	visit := func() error {
		done++
		if done%(1<<14) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if opt.Progress != nil {
				opt.Progress(done, total)
			}
		}
		b, err := board.New(d.Size, tiles)
		if err != nil {
			return err
		}
		if !b.Solvable(d.Goal) {
			return nil
		}
		v := h.Estimate(b)
		if v < 0 {
			return fmt.Errorf("negative estimate %d for %s", v, b.Flat())
		}
		d.Counts[b.Blank()] = add(d.Counts[b.Blank()], v)
		return nil
	}
	if err := visit(); err != nil {
		return err
	}
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				tiles[0], tiles[i] = tiles[i], tiles[0]
			} else {
				tiles[c[i]], tiles[i] = tiles[i], tiles[c[i]]
			}
			if err := visit(); err != nil {
				return err
			}
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
	if opt.Progress != nil {
		opt.Progress(total, total)
	}
	return nil
}

// sample draws PerCell states per blank cell, each cell from its own
// generator (seeded from Seed and the cell), so the result does not depend
// on the number of workers.
func (d *Distribution) sample(ctx context.Context, h search.Heuristic, opt DistOptions) error {
	cells := d.Size.Cells()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cells)
	total := cells * d.PerCell
	var mu sync.Mutex
	done := 0
	progress := func(k int) {
		mu.Lock()
		defer mu.Unlock()
		done += k
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	jobs := make(chan int)
	errs := make([]error, cells)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				d.Counts[c], errs[c] = sampleCell(ctx, h, d.Size, d.Goal, c, d.PerCell, d.Seed, progress)
			}
		}()
	}
	for c := 0; c < cells; c++ {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// sampleCell draws n uniform solvable states with the blank in cell c and
// counts their values.
func sampleCell(ctx context.Context, h search.Heuristic, s board.Size, g board.Goal, c, n int, seed uint64, progress func(int)) ([]uint64, error) {
	r := board.NewRand(seed*1_000_003 + uint64(c) + 1)
	cells := s.Cells()
	tiles := make([]int, cells)
	var counts []uint64
	const chunk = 1 << 12
	for k := 0; k < n; k++ {
		if k%chunk == 0 && k > 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			progress(chunk)
		}
		// The tiles 1..cells-1 in random order in the cells other than c.
		j := 0
		for t := 1; t < cells; t++ {
			if j == c {
				j++
			}
			tiles[j] = t
			j++
		}
		tiles[c] = 0
		r.Shuffle(cells-1, func(a, b int) {
			if a >= c {
				a++
			}
			if b >= c {
				b++
			}
			tiles[a], tiles[b] = tiles[b], tiles[a]
		})
		b, err := board.New(s, tiles)
		if err != nil {
			return nil, err
		}
		if !b.Solvable(g) {
			// Swapping two tiles flips the parity: a bijection between the
			// unsolvable and the solvable states with the blank in c.
			p, q := 0, 1
			if p == c {
				p, q = 1, 2
			} else if q == c {
				q = 2
			}
			tiles[p], tiles[q] = tiles[q], tiles[p]
			if b, err = board.New(s, tiles); err != nil {
				return nil, err
			}
		}
		v := h.Estimate(b)
		if v < 0 {
			return nil, fmt.Errorf("negative estimate %d for %s", v, b.Flat())
		}
		counts = add(counts, v)
	}
	progress(n - (n-1)/chunk*chunk) // the last chunk, reported once done
	return counts, nil
}

// finish computes the cumulative shares.
func (d *Distribution) finish() {
	d.cum = make([][]float64, len(d.Counts))
	for c, counts := range d.Counts {
		total := 0.0
		for _, k := range counts {
			total += float64(k)
		}
		cum := make([]float64, len(counts))
		run := 0.0
		for v, k := range counts {
			run += float64(k)
			if total > 0 {
				cum[v] = run / total
			}
		}
		d.cum[c] = cum
	}
}

// AtMost returns P_c(v): the share of states with the blank in cell c whose
// value is at most v.
func (d *Distribution) AtMost(c, v int) float64 {
	if c < 0 || c >= len(d.cum) || v < 0 {
		return 0
	}
	cum := d.cum[c]
	if len(cum) == 0 {
		return 0
	}
	if v >= len(cum) {
		return 1
	}
	return cum[v]
}

// States returns the number of states counted with the blank in cell c.
func (d *Distribution) States(c int) uint64 {
	if c < 0 || c >= len(d.Counts) {
		return 0
	}
	var n uint64
	for _, k := range d.Counts[c] {
		n += k
	}
	return n
}

// Weighted returns the overall distribution P(v) = sum_c w[c] * P_c(v) for
// v = 0..max value, given weights per cell (summing to 1), such as a deep
// tree level's Tree.BlankShares: KRE's blank-position-dependent equilibrium
// distribution.
func (d *Distribution) Weighted(w []float64) []float64 {
	maxV := 0
	for _, c := range d.Counts {
		maxV = max(maxV, len(c))
	}
	out := make([]float64, maxV)
	for v := range out {
		for c := range d.Counts {
			if c < len(w) {
				out[v] += w[c] * d.AtMost(c, v)
			}
		}
	}
	return out
}

// Mean returns the average value under weights w per cell.
func (d *Distribution) Mean(w []float64) float64 {
	m := 0.0
	for c, counts := range d.Counts {
		n := float64(d.States(c))
		if c >= len(w) || n == 0 {
			continue
		}
		for v, k := range counts {
			m += w[c] * float64(v) * float64(k) / n
		}
	}
	return m
}
