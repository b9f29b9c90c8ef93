package memo

import (
	"math/rand/v2"
	"testing"
)

// MexAbove is the mex of a bitset full below m and the values big, found
// by counting up from m through a set of them.
func TestMexAboveMatchesCounting(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		m := int64(64 * (1 + r.IntN(4)))
		big := make([]int64, r.IntN(12))
		in := map[int64]bool{}
		for i := range big {
			big[i] = m - 3 + r.Int64N(12) // some below m, some repeated
			in[big[i]] = true
		}
		want := m
		for in[want] {
			want++
		}
		if got := MexAbove(m, append([]int64(nil), big...)); got != want {
			t.Fatalf("MexAbove(%d, %v) = %d, want %d", m, big, got, want)
		}
		b32 := make([]int32, len(big))
		for i, b := range big {
			b32[i] = int32(b)
		}
		if got := MexAbove(int32(m), b32); int64(got) != want {
			t.Fatalf("MexAbove(%d, %v) as int32 = %d, want %d", m, big, got, want)
		}
	}
}
