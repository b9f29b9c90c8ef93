package kernel

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
)

// TestElemsFlat: the options at keys base + e*d (a step of -1, a
// subtraction game's, and others) are taken while in the table, known
// and below 64, as a plain loop takes them.
func TestElemsFlat(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	flat := make([]int32, 300)
	for i := range flat {
		switch x := r.IntN(40); {
		case x == 0:
			flat[i] = memo.StUnknown
		case x == 1:
			flat[i] = memo.FinBase + 64 + int32(r.IntN(10))
		default:
			flat[i] = memo.FinBase + int32(r.IntN(64))
		}
	}
	plain := func(elems []int64, base, d uint64, low uint64) (int, uint64) {
		for i, e := range elems {
			k := base + uint64(e)*d
			if k >= uint64(len(flat)) {
				return i, low
			}
			v := flat[k] - memo.FinBase
			if v < 0 || v >= 64 {
				return i, low
			}
			low |= 1 << v
		}
		return len(elems), low
	}
	for range 3000 {
		elems := make([]int64, r.IntN(20))
		for i := range elems {
			elems[i] = int64(r.IntN(350))
		}
		d := []uint64{^uint64(0), 1, 2, ^uint64(1)}[r.IntN(4)]
		base := uint64(r.IntN(400))
		low := uint64(r.IntN(1 << 10))
		n, l := ElemsFlat(flat, elems, base, d, low)
		wn, wl := plain(elems, base, d, low)
		if n != wn || l != wl {
			t.Fatalf("elems %v base %d d %d: %d %b, want %d %b", elems, base, int64(d), n, l, wn, wl)
		}
	}
}
