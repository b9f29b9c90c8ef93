package stage

import (
	"math"
	"math/rand"
	"testing"
)

// TestDivKAgainstOperators: a division and a modulo by a constant, by a
// multiply where the numerator is not negative, give Go's n / k and n % k
// for numerators and constants of every size and sign (powers of two,
// their neighbours, the extremes).
func TestDivKAgainstOperators(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	edge := []int64{0, 1, 2, 3, 5, 7, 8, 41, 1<<31 - 1, 1 << 31, 1<<31 + 1, 1<<62 - 1, 1 << 62, 1<<62 + 1, math.MaxInt64 - 1, math.MaxInt64}
	num := func() int64 {
		switch rng.Intn(5) {
		case 0:
			x := edge[rng.Intn(len(edge))]
			if rng.Intn(2) == 0 {
				return -x
			}
			return x
		case 1:
			return rng.Int63n(1000) - 10
		case 2:
			return int64(rng.Uint64()) >> rng.Intn(64)
		case 3:
			return math.MinInt64 + rng.Int63n(3)
		}
		return int64(rng.Uint64())
	}
	ks := append([]int64{math.MinInt64, math.MinInt64 + 1}, edge[1:]...)
	for _, k := range edge[1:] {
		ks = append(ks, -k)
	}
	for i := 0; i < 2000; i++ {
		ks = append(ks, num())
	}
	for _, k := range ks {
		if k == 0 {
			continue
		}
		c := NewDivK(k)
		for j := 0; j < 300; j++ {
			n := num()
			if k == -1 && n == math.MinInt64 {
				continue // (the callers raise the overflow)
			}
			if got, want := c.Mod(n), n%k; got != want {
				t.Fatalf("%d %% %d = %d, got %d", n, k, want, got)
			}
			if got, want := c.Div(n), n/k; got != want {
				t.Fatalf("%d / %d = %d, got %d", n, k, want, got)
			}
		}
	}
}
