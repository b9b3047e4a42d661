package board

import "testing"

// TestHardest80 checks the embedded 80-move positions: 17 distinct valid
// boards that reach the blank-last goal (and, converted, the blank-first
// one), with length 80 and a Manhattan distance no larger and of the same
// parity (each move changes it by one).
func TestHardest80(t *testing.T) {
	insts := Hardest80()
	if len(insts) != Hardest80Count {
		t.Fatalf("%d positions, want %d", len(insts), Hardest80Count)
	}
	seen := map[Board]bool{}
	for i, in := range insts {
		b := in.Board
		if !b.IsValid() || b.Size() != Size4x4 || seen[b] {
			t.Fatalf("position %d %s: invalid or repeated", i+1, b.Line())
		}
		seen[b] = true
		if !b.Solvable(BlankLast) || !ConvertGoal(b).Solvable(BlankFirst) {
			t.Fatalf("position %d %s: cannot reach the goal", i+1, b.Line())
		}
		if in.Optimal != 80 {
			t.Fatalf("position %d: optimal %d, want 80", i+1, in.Optimal)
		}
		md := 0
		for p := 0; p < 16; p++ {
			if tile := b.At(p); tile != 0 {
				g := tile - 1
				md += abs(p/4-g/4) + abs(p%4-g%4)
			}
		}
		if md > 80 || (80-md)%2 != 0 {
			t.Fatalf("position %d: Manhattan %d is not a lower bound of the same parity as 80", i+1, md)
		}
	}
}
