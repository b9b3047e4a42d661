package pdb

import (
	"bufio"
	"fmt"
	"io"

	"github.com/slidelab/slidelab/core/board"
)

// JavaFileName returns the name the Java sliding-puzzle-database-generator
// gives this table: "BLANK|T1,T2,...,Tk.db" with BLANK the blank's goal cell.
func (t *Table) JavaFileName() string {
	return fmt.Sprintf("%d|%s.db", t.goal.GoalCell(t.size, 0), formatTiles(t.tiles))
}

// WriteJava writes the table in the layout of the Java
// sliding-puzzle-database-generator: n^k bytes, a row-major k-dimensional
// array indexed by the cells of the tiles (in Tiles order), 255 where two
// tiles share a cell or the placement is unreached.
func (t *Table) WriteJava(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var cells [board.MaxCells]uint8
	k, n := t.k, t.n
	for {
		var occ uint32
		ok := true
		for i := 0; i < k; i++ {
			bit := uint32(1) << cells[i]
			if occ&bit != 0 {
				ok = false
				break
			}
			occ |= bit
		}
		v := uint8(Unreached)
		if ok {
			v = t.values[rankCells(&cells, k, n)]
		}
		if err := bw.WriteByte(v); err != nil {
			return err
		}
		i := k - 1
		for ; i >= 0; i-- {
			cells[i]++
			if int(cells[i]) < n {
				break
			}
			cells[i] = 0
		}
		if i < 0 {
			break
		}
	}
	return bw.Flush()
}

// SaveJava writes the Java layout (see WriteJava) to path atomically.
func (t *Table) SaveJava(path string) error {
	return writeAtomic(path, t.WriteJava)
}
