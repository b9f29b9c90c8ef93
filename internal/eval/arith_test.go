package eval

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
)

// TestMulOK: mulOK reports overflow exactly when the product of two
// int64 is out of range (compared with math/big), on edge and random
// values.
func TestMulOK(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 3, math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt32 - 1,
		1 << 32, -(1 << 32), 3037000499, 3037000500, -3037000499, -3037000500, math.MaxInt64, math.MinInt64,
		math.MaxInt64 / 2, math.MinInt64 / 2, 1103515245, 2147483647}
	r := rand.New(rand.NewPCG(1, 2))
	vals := append([]int64(nil), edges...)
	for range 2000 {
		vals = append(vals, int64(r.Uint64())>>r.IntN(64))
	}
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	for _, a := range vals {
		for _, b := range edges {
			for _, p := range [][2]int64{{a, b}, {b, a}} {
				c, ok := operator.MulOK(p[0], p[1])
				x := new(big.Int).Mul(big.NewInt(p[0]), big.NewInt(p[1]))
				want := x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0
				if ok != want || ok && c != x.Int64() {
					t.Fatalf("mulOK(%d, %d) = %d, %v; want %v, %v", p[0], p[1], c, ok, x, want)
				}
			}
		}
	}
}

// TestEnterForgetsMarks: values a wide kernel marked in a run that failed
// are not seen by the next run of the level's gen.
func TestEnterForgetsMarks(t *testing.T) {
	e := &engine.Engine{}
	gn := &e.Enter().Gen
	for v := range 6 {
		gn.SeenBytes()[v] = 1
	}
	gn.SeenPend, gn.SeenTop = true, 5
	e.Leave() // (as a failed search leaves it)
	gn = &e.Enter().Gen
	if v := gn.Result(); v != 0 {
		t.Errorf("mex of no options after a failed run: %d, want 0", v)
	}
	for i, b := range gn.SeenBytes() {
		if b != 0 {
			t.Fatalf("value %d still marked", i)
		}
	}
}
