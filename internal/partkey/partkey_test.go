package partkey

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// TestAppendRows: the key and size of a position listed as rows are
// those of the position of the set made of them (value.CellSet), and of
// the set of the same cells made of its elements, on random sets (empty
// rows at the start and the end, columns up to 63).
func TestAppendRows(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	g := &engine.Game{Id: 300, NArgs: 1}
	for range 3000 {
		rows := make([]uint64, 1+r.IntN(10))
		var elems []value.Value
		for i := range rows {
			if r.IntN(4) == 0 {
				continue
			}
			rows[i] = r.Uint64() >> r.IntN(64)
			for c := range 64 {
				if rows[i]>>c&1 != 0 {
					elems = append(elems, value.Cell(int64(i), int64(c)))
				}
			}
		}
		if len(elems) == 0 {
			continue
		}
		got, size := AppendRows([]byte{7}, g, rows)
		for _, set := range []value.Value{value.CellSet(rows), value.SortedSet(elems)} {
			want, wsize := Append([]byte{7}, g, 0, []value.Value{set})
			if !bytes.Equal(got, want) || size != wsize {
				t.Fatalf("%x: key %x size %d, want %x size %d", rows, got, size, want, wsize)
			}
		}
	}
}
