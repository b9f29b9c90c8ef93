package operator

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMulAddRange: a*m + d overflows neither operator exactly for a in
// the range MulAddRange returns (checked at its ends and past them).
func TestMulAddRange(t *testing.T) {
	lo64, hi64 := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	fits := func(x *big.Int) bool { return x.Cmp(lo64) >= 0 && x.Cmp(hi64) <= 0 }
	ok := func(a, m, d int64) bool {
		p := new(big.Int).Mul(big.NewInt(a), big.NewInt(m))
		return fits(p) && fits(p.Add(p, big.NewInt(d)))
	}
	r := rand.New(rand.NewPCG(3, 4))
	ms := []int64{1, -1, 2, -2, 7, 1103515245, -1103515245, math.MaxInt64, math.MinInt64, 1 << 40}
	ds := []int64{0, 1, -1, 12345, math.MaxInt64, math.MinInt64, -(1 << 62)}
	for range 500 {
		ms = append(ms, int64(r.Uint64())>>r.IntN(64))
		ds = append(ds, int64(r.Uint64())>>r.IntN(64))
	}
	for _, m := range ms {
		for _, d := range ds[:len(ds)/4] {
			lo, hi, found := MulAddRange(m, d)
			if !found {
				if m != 0 && (ok(0, m, d) || ok(1, m, d) || ok(-1, m, d)) {
					t.Fatalf("m=%d d=%d: no range, but small a fit", m, d)
				}
				continue
			}
			if !ok(lo, m, d) || !ok(hi, m, d) {
				t.Fatalf("m=%d d=%d: [%d, %d] has an end that overflows", m, d, lo, hi)
			}
			if lo > math.MinInt64 && ok(lo-1, m, d) || hi < math.MaxInt64 && ok(hi+1, m, d) {
				t.Fatalf("m=%d d=%d: [%d, %d] is not the whole range", m, d, lo, hi)
			}
		}
	}
}
