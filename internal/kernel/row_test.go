package kernel

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
)

// TestRowAcc: a row sweep's accumulator, fed walks of one position or of
// the xor of two (narrow first or wide, values below 64, up to a few
// thousand, unknown states that stop a walk), reports whether each walk
// took all its options and, when all did, the mex a plain set of the
// values gives; it is empty again after Mex or Clear.
func TestRowAcc(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	flat := make([]int32, 4000)
	acc := new(RowAcc)
	for round := range 3000 {
		// The table's values: small, dense up to some bound, or spread.
		span := []int32{8, 64, 70, 300, 5000}[r.IntN(5)]
		for i := range flat {
			flat[i] = memo.FinBase + int32(r.IntN(int(span)))
			if r.IntN(400) == 0 {
				flat[i] = memo.StUnknown
			}
		}
		acc.wide = r.IntN(2) == 0
		seen := map[int32]bool{}
		all := true
		for range 1 + r.IntN(3) {
			n := int64(1 + r.IntN(200))
			di := int64(1 + r.IntN(9))
			i := int64(r.IntN(len(flat) - int(n*di)))
			pair := r.IntN(2) == 0
			i1 := int64(len(flat)-1) - int64(r.IntN(100))
			want := true
			for j := range n {
				v := flat[i+j*di] - memo.FinBase
				if pair {
					w := flat[i1-j*di] - memo.FinBase
					if v < 0 || w < 0 {
						want = false
						break
					}
					v ^= w
				} else if v < 0 {
					want = false
					break
				}
				seen[v] = true
			}
			var got bool
			if pair {
				got = acc.WalkPair(flat, i, di, i1, -di, n)
			} else {
				got = acc.Walk(flat, i, di, n)
			}
			if got != want {
				t.Fatalf("round %d: walk took all %v, want %v", round, got, want)
			}
			if all = all && got; !all {
				break
			}
		}
		if !all {
			acc.Clear()
		} else {
			m := int32(0)
			for seen[m] {
				m++
			}
			if got := acc.Mex(); got != memo.Sgv(m) {
				t.Fatalf("round %d (values below %d): mex %d, want %d", round, span, got, m)
			}
		}
		if acc.low != 0 || acc.top != 0 || acc.hi != 0 {
			t.Fatalf("round %d: not empty after", round)
		}
		for i, b := range acc.seen {
			if b != 0 {
				t.Fatalf("round %d: seen[%d] left set", round, i)
			}
		}
		for i, w := range acc.bw {
			if w != 0 {
				t.Fatalf("round %d: bw[%d] left set", round, i)
			}
		}
	}
}
