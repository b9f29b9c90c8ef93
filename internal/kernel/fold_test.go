package kernel

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
)

// randStates returns n memo states: mostly finite values below top, with
// a state that is not one (unknown, gray, infinite) about every gap
// states (none when gap is 0).
func randStates(r *rand.Rand, n, top, gap int) []int32 {
	st := make([]int32, n)
	for i := range st {
		switch {
		case gap > 0 && r.IntN(gap) == 0:
			st[i] = []int32{memo.StUnknown, memo.StGray, memo.StLoopy, -1, -3}[r.IntN(5)]
		default:
			st[i] = memo.FinBase + int32(r.IntN(top))
		}
	}
	return st
}

// TestFlatFolds: XorFlat, BestFlat and CountFlat (eight states at a
// time) take the states a plain loop takes, up to the same first state
// they leave to the general way, with the same xor, best and count, for
// every length and offset (the eight-state blocks' tails, a stop inside
// a block).
func TestFlatFolds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 4000 {
		n := r.IntN(70)
		top := []int{1, 2, 9, 300}[trial%4]
		st := randStates(r, n, top, []int{0, 5, 30, 200}[trial/4%4])
		// XorFlat
		wn, wx := len(st), memo.Sgv(0)
		for i, s := range st {
			if s < memo.FinBase {
				wn = i
				break
			}
			wx ^= s - memo.FinBase
		}
		if gn, gx := XorFlat(st); gn != wn || gx != wx {
			t.Fatalf("XorFlat(%v) = %d, %d; want %d, %d", st, gn, gx, wn, wx)
		}
		// BestFlat
		for _, larger := range []bool{true, false} {
			wn, wb := 0, int32(0)
			for i, s := range st {
				if s < memo.FinBase {
					break
				}
				if i == 0 || larger && s > wb || !larger && s < wb {
					wb = s
				}
				wn = i + 1
			}
			if gn, gb := BestFlat(st, larger); gn != wn || gb != wb {
				t.Fatalf("BestFlat(%v, %v) = %d, %d; want %d, %d", st, larger, gn, gb, wn, wb)
			}
		}
		// CountFlat, by a table of 0, 1 and 2 (the general way) over an
		// offset's window of states.
		off := int64(r.IntN(6))
		tbl := make([]byte, r.IntN(40)+[]int{0, top + 16}[r.IntN(2)])
		for i := range tbl {
			tbl[i] = byte([]int{0, 1, 0, 1, 0, 1, 2}[r.IntN(7)*(r.IntN(4)+1)/4])
		}
		cn, cc := len(st), 0
		for i, s := range st {
			j := uint64(int64(s) + off)
			if j >= uint64(len(tbl)) || tbl[j] > 1 {
				cn = i
				break
			}
			cc += int(tbl[j])
		}
		if gn, gc := CountFlat(st, tbl, off); gn != cn || gc != cc {
			t.Fatalf("CountFlat(%v, %v, %d) = %d, %d; want %d, %d", st, tbl, off, gn, gc, cn, cc)
		}
	}
}
