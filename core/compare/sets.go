package compare

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// Instance is one puzzle of a comparison.
type Instance struct {
	// Name labels the instance in tables and charts: Korf's number for his
	// instances, the line number for a file, the index for random sets.
	Name string
	// Board is the start; it can reach the set's goal.
	Board board.Board
	// Optimal is the known optimal solution length, or -1.
	Optimal int
}

// Set is a named list of instances sharing one goal.
type Set struct {
	// Name names the set in reports and charts ("classroom", a file name).
	Name string
	// Goal is the solved arrangement every instance is solved towards.
	Goal board.Goal
	// Instances holds the puzzles in order.
	Instances []Instance
	// Numbering says what the instance names are, when they are more than
	// labels: "Korf's number" for Korf's instances.
	Numbering string
	// Skipped holds, for a set read from a file, why each bad line was left
	// out ("line 7: unsolvable: ..."), in line order.
	Skipped []error
}

// ClassroomNumbers are the numbers (1-based, as in Korf 1985) of the ten
// instances of the classroom set: the ten whose Manhattan IDA* trees are the
// smallest of Korf's 100, each solved in about a second.
var ClassroomNumbers = [...]int{9, 12, 19, 42, 47, 55, 79, 93, 94, 97}

// KorfNumbering is the Numbering of sets of Korf's instances.
const KorfNumbering = "Korf's number"

// Classroom returns the classroom set: Korf's instances 9, 12, 19, 42, 47,
// 55, 79, 93, 94 and 97, converted to the blank-last goal.
func Classroom() Set {
	all := board.Korf100()
	s := Set{Name: "classroom", Goal: board.BlankLast, Numbering: KorfNumbering}
	for _, n := range ClassroomNumbers {
		s.Instances = append(s.Instances, Instance{Name: strconv.Itoa(n), Board: all[n-1].Board, Optimal: all[n-1].Optimal})
	}
	return s
}

// Korf100 returns Korf's 100 instances, converted to the blank-last goal,
// named by their numbers 1..100.
func Korf100() Set {
	s := Set{Name: "korf100", Goal: board.BlankLast, Numbering: KorfNumbering}
	for i, in := range board.Korf100() {
		s.Instances = append(s.Instances, Instance{Name: strconv.Itoa(i + 1), Board: in.Board, Optimal: in.Optimal})
	}
	return s
}

// HardestNumbering is the Numbering of the set of 80-move positions.
const HardestNumbering = "position in the list of Brüngger et al. (1999)"

// Hardest80 returns the 17 positions that need 80 moves (board.Hardest80),
// for the blank-last goal, named 1..17.
func Hardest80() Set {
	s := Set{Name: "hardest80", Goal: board.BlankLast, Numbering: HardestNumbering}
	for i, in := range board.Hardest80() {
		s.Instances = append(s.Instances, Instance{Name: strconv.Itoa(i + 1), Board: in.Board, Optimal: in.Optimal})
	}
	return s
}

// RandomBoards returns n boards of size s drawn uniformly (solvable towards
// goal) from seed; the same arguments give the same boards. Instances are
// named 1..n.
func RandomBoards(s board.Size, goal board.Goal, n int, seed uint64) (Set, error) {
	if n < 1 {
		return Set{}, fmt.Errorf("random set: count %d must be at least 1", n)
	}
	r := board.NewRand(seed)
	set := Set{Name: fmt.Sprintf("random %s (seed %d)", s, seed), Goal: goal}
	for i := 0; i < n; i++ {
		b, err := board.Random(r, s, goal)
		if err != nil {
			return Set{}, fmt.Errorf("random set: %w", err)
		}
		set.Instances = append(set.Instances, Instance{Name: strconv.Itoa(i + 1), Board: b, Optimal: -1})
	}
	return set, nil
}

// RandomWalks returns n boards of size s, each reached from the goal by a
// random walk of length moves (no immediate backtracking), from seed. Their
// optimal lengths are at most length. Instances are named 1..n.
func RandomWalks(s board.Size, goal board.Goal, length, n int, seed uint64) (Set, error) {
	if n < 1 {
		return Set{}, fmt.Errorf("random walks: count %d must be at least 1", n)
	}
	if length < 0 {
		return Set{}, fmt.Errorf("random walks: length %d is negative", length)
	}
	if err := s.Validate(); err != nil {
		return Set{}, fmt.Errorf("random walks: %w", err)
	}
	r := board.NewRand(seed)
	set := Set{Name: fmt.Sprintf("walks of %d on %s (seed %d)", length, s, seed), Goal: goal}
	for i := 0; i < n; i++ {
		b, _, err := board.RandomWalk(r, board.Solved(s, goal), length)
		if err != nil {
			return Set{}, fmt.Errorf("random walks: %w", err)
		}
		set.Instances = append(set.Instances, Instance{Name: strconv.Itoa(i + 1), Board: b, Optimal: -1})
	}
	return set, nil
}

// ErrBadInstanceFile is wrapped by the errors of LoadSet and ReadSet for a
// file that was read but is no usable instance file: not text, no line
// break, too many lines, or no usable instance. (A file that cannot be
// opened or read gives the file system's error.) Callers tell bad data from
// bad usage by it.
var ErrBadInstanceFile = errors.New("bad instance file")

// badFile marks err as ErrBadInstanceFile without changing its message.
type badFile struct{ err error }

func (b badFile) Error() string   { return b.err.Error() }
func (b badFile) Unwrap() []error { return []error{b.err, ErrBadInstanceFile} }

// markBad wraps err in badFile unless it is an I/O error or nil.
func markBad(err error) error {
	var pe *fs.PathError
	if err == nil || errors.As(err, &pe) {
		return err
	}
	return badFile{err}
}

// LoadSet reads an instance file (see board.ReadInstances; size s may be the
// zero Size to infer it per line) and names each instance by its line number.
// Bad lines (malformed, unsolvable for goal, too long, or of another size
// than the first good line) are left out and listed in Set.Skipped; the
// error is for a file that cannot be read (the file system's error) or is
// not a usable instance file (wrapping ErrBadInstanceFile).
func LoadSet(path string, s board.Size, goal board.Goal) (Set, error) {
	ins, err := board.ReadInstanceFile(path, s, goal)
	var pe *fs.PathError
	if err != nil && !errors.As(err, &pe) {
		err = fmt.Errorf("instances %s: %w", path, err)
	}
	if err != nil {
		return Set{}, markBad(err)
	}
	set, err := setOf(path, ins, goal)
	return set, markBad(err)
}

// ReadSet is LoadSet for an instance file's contents read from r; name
// names the set (and the file in errors). A browser hands the app a file's
// contents, never its path.
func ReadSet(r io.Reader, name string, s board.Size, goal board.Goal) (Set, error) {
	ins, err := board.ReadInstances(r, s, goal)
	if err != nil {
		return Set{}, markBad(fmt.Errorf("instances %s: %w", name, err))
	}
	set, err := setOf(name, ins, goal)
	return set, markBad(err)
}

// setOf makes the set named path of the good instances of ins, as LoadSet
// describes.
func setOf(path string, ins []board.Instance, goal board.Goal) (Set, error) {
	set := Set{Name: path, Goal: goal}
	var size board.Size
	for _, in := range ins {
		if in.Err == nil && size != (board.Size{}) && in.Board.Size() != size {
			in.Err = fmt.Errorf("line %d: a %s board, but the set's first board is %s; a set has one size", in.Line, in.Board.Size(), size)
		}
		if in.Err != nil {
			set.Skipped = append(set.Skipped, in.Err)
			continue
		}
		size = in.Board.Size()
		set.Instances = append(set.Instances, Instance{Name: "line " + strconv.Itoa(in.Line), Board: in.Board, Optimal: in.Optimal})
	}
	if len(set.Instances) == 0 {
		if len(set.Skipped) > 0 {
			return Set{}, fmt.Errorf("instances %s: no usable instance: %w", path, errors.Join(Abridge(set.Skipped, 3)...))
		}
		return Set{}, fmt.Errorf("instances %s: no instances in the file", path)
	}
	return set, nil
}

// SetNames describes the built-in set names ParseSet accepts, for help texts.
const SetNames = "classroom, korf100, hardest80, random8[:N[:SEED]], random15[:N[:SEED]], walk:LEN[:N[:SEED]], walk24:LEN[:N[:SEED]]"

// ParseSet returns the set named by spec: "classroom", "korf100",
// "hardest80" (the 17 positions that need 80 moves),
// "random8[:N[:SEED]]" (N uniform random 8-puzzles, default 10, seed 1),
// "random15[:N[:SEED]]" (15-puzzles), "walk:LEN[:N[:SEED]]" (N 15-puzzles a
// random walk of LEN moves from the goal), "walk24:LEN[:N[:SEED]]" (the same
// on the 5x5 board, the 24-puzzle), or else the path of an instance
// file whose boards reach goal (the built-in sets use the blank-last goal and
// ignore it).
func ParseSet(spec string, goal board.Goal) (Set, error) {
	name, args, _ := strings.Cut(spec, ":")
	parse := func(min, max int, defaults ...uint64) ([]uint64, error) {
		var fields []string
		if args != "" {
			fields = strings.Split(args, ":")
		}
		if len(fields) < min || len(fields) > max {
			return nil, fmt.Errorf("set %q: want %s", spec, SetNames)
		}
		out := append([]uint64(nil), defaults...)
		for i, f := range fields {
			v, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("set %q: %q is not a non-negative number", spec, f)
			}
			out[i] = v
		}
		return out, nil
	}
	count := func(v uint64) (int, error) {
		if v < 1 || v > 100000 {
			return 0, fmt.Errorf("set %q: count %d must be between 1 and 100000", spec, v)
		}
		return int(v), nil
	}
	switch strings.ToLower(name) {
	case "classroom", "korf100", "hardest80":
		if args != "" {
			return Set{}, fmt.Errorf("set %q: %s takes no arguments", spec, name)
		}
		switch strings.ToLower(name) {
		case "classroom":
			return Classroom(), nil
		case "hardest80":
			return Hardest80(), nil
		}
		return Korf100(), nil
	case "random8", "random15":
		v, err := parse(0, 2, 10, 1)
		if err != nil {
			return Set{}, err
		}
		n, err := count(v[0])
		if err != nil {
			return Set{}, err
		}
		size := board.Size3x3
		if strings.ToLower(name) == "random15" {
			size = board.Size4x4
		}
		set, err := RandomBoards(size, board.BlankLast, n, v[1])
		set.Name = fmt.Sprintf("%s (seed %d)", strings.ToLower(name), v[1])
		return set, err
	case "walk", "walk24":
		v, err := parse(1, 3, 0, 10, 1)
		if err != nil {
			return Set{}, err
		}
		if v[0] > 10000 {
			return Set{}, fmt.Errorf("set %q: walk length %d is more than 10000", spec, v[0])
		}
		n, err := count(v[1])
		if err != nil {
			return Set{}, err
		}
		size := board.Size4x4
		if strings.ToLower(name) == "walk24" {
			size = board.Size5x5
		}
		return RandomWalks(size, board.BlankLast, int(v[0]), n, v[2])
	}
	if _, err := os.Stat(spec); errors.Is(err, fs.ErrNotExist) {
		return Set{}, fmt.Errorf("set %q: no such built-in set (%s) or instance file", spec, SetNames)
	}
	return LoadSet(spec, board.Size{}, goal)
}

// ForGoal returns the set for goal g: each board converted as Korf's
// instances are (rotated half a turn, tile t relabelled N-t), which keeps
// every optimal length, so Korf's instances come back as he wrote them.
func (s Set) ForGoal(g board.Goal) Set {
	if s.Goal == g {
		return s
	}
	out := s
	out.Goal = g
	out.Instances = make([]Instance, len(s.Instances))
	for i, in := range s.Instances {
		in.Board = board.ConvertGoal(in.Board)
		out.Instances[i] = in
	}
	return out
}

// First returns the set with only its first n instances (all when n <= 0 or
// n is at least their number), named "NAME (first N)".
func (s Set) First(n int) Set {
	if n > 0 && n < len(s.Instances) {
		s.Instances = s.Instances[:n:n]
		s.Name = fmt.Sprintf("%s (first %d)", s.Name, n)
	}
	return s
}

// Abridge returns the first n of errs, followed by one error saying how many
// more there were ("and 7 more bad lines"): for messages that name a few
// bad lines of a file without listing thousands.
func Abridge(errs []error, n int) []error {
	if len(errs) <= n {
		return errs
	}
	return append(errs[:n:n], fmt.Errorf("and %d more bad lines", len(errs)-n))
}
