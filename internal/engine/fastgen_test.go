package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
)

// TestResultSeenMex: the mex of a gen whose values are partly marked in
// its seen bytes (the wide kernels') and partly set in its bits is the
// mex of their union, with every mark and bit cleared after, for random
// sets of every density, and with a value too large for the bits or an
// infinite option (the general way).
func TestResultSeenMex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	e := &Engine{}
	gn := &e.Enter().Gen
	for trial := range 800 {
		n := []int{0, 1, 63, 64, 65, 200, 700, BitsetMax}[trial%8]
		in := map[int]bool{}
		top := -1
		bw := gn.AllBits()
		seen := gn.SeenBytes()
		for v := range n {
			if r.IntN(40) == 0 {
				continue // a gap
			}
			if r.IntN(2) == 0 {
				seen[v] = 1
				top = max(top, v)
			} else {
				bw[v/64] |= 1 << (v % 64)
				gn.Hi = max(gn.Hi, v/64)
			}
			in[v] = true
		}
		if top >= 0 {
			// (As a kernel records its marks: kernel.mexAcc.marked.)
			gn.SeenPend, gn.SeenTop = true, uint32(top)
			gn.Hi = max(gn.Hi, top/64)
		}
		if trial%5 == 0 {
			gn.Big = append(gn.Big, BitsetMax+3)
			in[BitsetMax+3] = true
		}
		want := 0
		for in[want] {
			want++
		}
		if got := gn.Result(); got != memo.Sgv(want) {
			t.Fatalf("trial %d: mex %d, want %d", trial, got, want)
		}
		gn.Big = gn.Big[:0]
		for i, b := range gn.SeenBytes() {
			if b != 0 {
				t.Fatalf("trial %d: value %d still marked", trial, i)
			}
		}
		for i, w := range gn.Bits {
			if w != 0 {
				t.Fatalf("trial %d: word %d of the bits not cleared", trial, i)
			}
		}
		if gn.SeenPend || gn.Hi != 0 {
			t.Fatalf("trial %d: pending marks left", trial)
		}
	}
}
