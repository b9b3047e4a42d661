package pdb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/memlimit"
)

// Memory estimates.
//
// A build's memory is known in advance: a Builder holds its table (a byte
// per entry) and, in the cohort engine (groups of up to 8 tiles), three bit
// sets of one bit per state (a placement with the blank's component) and
// one of one bit per placement, about 1.6 bytes per entry in all, with
// tables per set of occupied cells (cohortScratch); for larger groups,
// three bit sets of component bits (reached, current layer, next layer: a
// byte per entry each, four entries to a 32-bit word) and tables of
// components (96 bytes per mask of occupied cells); a FringeBuilder its
// table and three bit sets of one bit per entry. Finished tables are kept until the whole partition is built, and
// every large array is allocated after a garbage collection that returns
// the freed memory to the system (memlimit.Make), so the previous group's
// bit sets are not added. The estimates
// below are these sums plus processOverhead, and the tests check them
// against the Go heap a build allocates.

// processOverhead is what a process holds besides the tables: the Go
// runtime, the program's code and small allocations (a command-line build
// of the 3x3 puzzle's 4-4 peaks at 18 MiB).
const processOverhead = 48 << 20

// builderFixed covers a builder's small allocations: the structures
// themselves, their fixed tables (ranks, jumps, binomials), size-class
// rounding.
const builderFixed = 128 << 10

// ErrOutOfMemory is wrapped by the errors of builds refused because the
// memory they need is more than the machine allows (a check before the
// build, or an allocation the operating system would refuse).
var ErrOutOfMemory = memlimit.ErrInsufficient

// builderScratch returns the bytes a Builder of k tiles on size holds
// besides its table: the component codes (or, on larger boards, the three
// bit sets) and the component tables.
func builderScratch(size board.Size, k int) uint64 {
	if useCohort(k) {
		return cohortScratch(size, k)
	}
	n := size.Cells()
	perMask := uint64(16 + 16 + 64) // compInfo, cells, succ
	return builderFixed + 3*4*((entries(n, k)+3)/4) + uint64(binomial(n, k))*perMask
}

// fringeScratch returns the bytes a FringeBuilder of the pattern tiles plus
// the blank (k counts the blank) holds besides its table.
func fringeScratch(n, k int) uint64 {
	return builderFixed + 3*4*((entries(n, k)+31)/32)
}

// BuilderMemory returns the bytes NewBuilder allocates for one group of k
// tiles on size: the table and the search's arrays.
func BuilderMemory(size board.Size, k int) uint64 {
	return entries(size.Cells(), k) + builderScratch(size, k)
}

// FringeBuilderMemory returns the bytes NewFringeBuilder allocates for k
// pattern tiles (without the blank) on size.
func FringeBuilderMemory(size board.Size, k int) uint64 {
	return entries(size.Cells(), k+1) + fringeScratch(size.Cells(), k+1)
}

// EstimateBuildMemory returns the peak memory, in bytes, of a process that
// builds every table of p (Build, or LoadOrBuild with an empty cache):
// processOverhead, every finished table, and the largest builder's search
// arrays. Groups copied from a symmetric group need no builder. It is an
// upper bound of what the Go heap holds during the build; the measured peak
// resident set sizes are given in the package's tests.
func EstimateBuildMemory(p Partition) uint64 {
	return estimatePartition(p, nil)
}

// estimatePartition is EstimateBuildMemory for the groups cached says are
// not cached (cached nil: none is); cached tables count as their size
// (on Linux and macOS they are mapped, not in the heap, and a process
// counts their pages in its resident set as it touches them: an upper
// bound either way).
func estimatePartition(p Partition, cached func(i int) bool) uint64 {
	var tables, scratch uint64
	for i, g := range p.Groups {
		e := entries(p.Size.Cells(), len(g))
		tables += e
		if cached != nil && cached(i) {
			continue
		}
		scratch = max(scratch, builderScratch(p.Size, len(g)))
	}
	return processOverhead + tables + scratch
}

// EstimateFringeMemory returns the peak memory, in bytes, of a process that
// builds every table of f: processOverhead, every finished table and the
// largest builder's bit sets.
func EstimateFringeMemory(f FringeSet) uint64 {
	var tables, scratch uint64
	for _, g := range f.Groups {
		tables += entries(f.Size.Cells(), len(g)+1)
		scratch = max(scratch, fringeScratch(f.Size.Cells(), len(g)+1))
	}
	return processOverhead + tables + scratch
}

// PartitionLabel returns how messages name p's tables: the preset's label
// ("7-8") or the groups ("1,2,3/4,5,6").
func PartitionLabel(p Partition) string {
	if info, ok := PresetOf(p); ok {
		return info.Label
	}
	return p.String()
}

// CheckBuildMemory returns an error wrapping ErrOutOfMemory (a
// *memlimit.Error, whose message names the need, the limit and what to do)
// when building the tables of p that cacheDir does not hold (every table
// when cacheDir is empty) needs more memory than this process may still
// take; nil when it fits or the limits are unknown.
func CheckBuildMemory(p Partition, cacheDir string) error {
	cached := func(i int) bool {
		return cacheDir != "" && fileExists(filepath.Join(cacheDir, FileName(p.Size, p.Goal, p.Groups[i])))
	}
	need := estimatePartition(p, cached)
	return checkMemory(memlimit.Read(), "building the "+PartitionLabel(p)+" tables", need, func(avail uint64) string {
		return smallerPartition(p.Size, avail)
	})
}

// CheckFringeMemory is CheckBuildMemory for a fringe set.
func CheckFringeMemory(f FringeSet, cacheDir string) error {
	need := EstimateFringeMemory(f)
	if cacheDir != "" {
		missing := FringeSet{Size: f.Size, Goal: f.Goal}
		for _, g := range f.Groups {
			if !fileExists(filepath.Join(cacheDir, FringeFileName(f.Size, f.Goal, g))) {
				missing.Groups = append(missing.Groups, g)
			}
		}
		need = EstimateFringeMemory(missing)
	}
	return checkMemory(memlimit.Read(), "building the fringe tables "+f.String(), need, func(uint64) string {
		return "use a smaller fringe pattern (cs6 on the 15-puzzle), or free memory"
	})
}

// checkMemory is the check of need against the readings, with the hint hint
// gives for the bytes available.
func checkMemory(r memlimit.Readings, what string, need uint64, hint func(avail uint64) string) error {
	err := memlimit.CheckReadings(r, what, need, "")
	var me *memlimit.Error
	if errors.As(err, &me) {
		me.Hint = hint(me.Allowed)
		if me.Source == memlimit.SourceAddressSpace {
			me.Hint = addressSpaceHint + "; or " + me.Hint
		}
	}
	return err
}

// addressSpaceHint is the advice for a refusal by the address-space limit:
// a Go program maps about 1.2 GB of address space (reserved, not used)
// before it starts, so a limit of 1.5 GB leaves it little.
const addressSpaceHint = "raise the address-space limit (ulimit -v, prlimit --as): a Go program reserves about 1.3 GB of address space at start"

// smallerPartition suggests the presets for size whose build fits in avail
// bytes.
func smallerPartition(size board.Size, avail uint64) string {
	var fit []string
	for _, info := range PresetsFor(size) {
		p, err := Preset(info.Name, size, board.BlankLast)
		if err == nil && EstimateBuildMemory(p) <= avail {
			fit = append(fit, info.Name)
		}
	}
	if len(fit) == 0 {
		return "free memory"
	}
	return fmt.Sprintf("use a smaller partition such as %s, or free memory", fit[0])
}

// checkGroupMemory checks, just before NewBuilder allocates, that its
// arrays fit in what this process may still take.
func checkGroupMemory(what string, need uint64) error {
	if need >= 16<<20 {
		debug.FreeOSMemory() // the previous group's arrays are garbage: free them first
	}
	return checkMemory(memlimit.Read(), what, need, func(uint64) string {
		return "use a partition of smaller groups, or free memory"
	})
}

// fileExists reports whether path names an existing regular file.
func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
