package kernel

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/testenv"
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

// TestWalk2Wide: the wide walk (two options a step) takes the options a
// plain loop takes, up to the same first one not known or too large, and
// leaves each value taken marked (in the bytes, or in the bits when the
// marks are sparse) with top at least the largest.
func TestWalk2Wide(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	var bw [engine.BitsetMax / 64]uint64
	var seen [engine.BitsetMax]byte
	// (The fast suite: 1,000 trials, each top in turn; the long suite
	// 3,000.)
	for trial := range testenv.Scale(1000, 3000) {
		flat := make([]int32, 200)
		top := []int{3, 70, 1000, engine.BitsetMax}[trial%4]
		for i := range flat {
			switch x := r.IntN(60); {
			case x == 0:
				flat[i] = memo.StUnknown
			case x == 1:
				flat[i] = memo.FinBase + engine.BitsetMax + int32(r.IntN(5))
			default:
				flat[i] = memo.FinBase + int32(r.IntN(top))
			}
		}
		di := int64([]int{1, -1, 3, -7}[r.IntN(4)])
		n := int64(r.IntN(15)) // (every key of the walk in the table, as Flat2Walk checks)
		i := int64(100)
		want := map[uint32]bool{}
		wj, wtop := int64(0), uint32(0)
		for k := i; wj < n; wj, k = wj+1, k+di {
			u := uint32(flat[k] - memo.FinBase)
			if u >= engine.BitsetMax {
				break
			}
			want[u], wtop = true, max(wtop, u)
		}
		j, gtop, marked := walk2Wide(&bw, &seen, flat, i, di, n)
		if j != wj || wj > 0 && gtop < wtop || marked && gtop >= engine.BitsetMax {
			t.Fatalf("walk of %d from %d by %d: %d options, top %d; want %d, at least %d", n, i, di, j, gtop, wj, wtop)
		}
		for v := range engine.BitsetMax {
			got := seen[v] == 1 || bw[v/64]&(1<<(v%64)) != 0
			if got != want[uint32(v)] {
				t.Fatalf("walk of %d from %d by %d: value %d marked %v, want %v", n, i, di, v, got, want[uint32(v)])
			}
		}
		clear(seen[:])
		clear(bw[:])
	}
}
