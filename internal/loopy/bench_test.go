package loopy

import (
	"math/rand/v2"
	"testing"
	"time"
)

// ringGraph: n nodes on a ring; node v is terminal with probability 1/8,
// otherwise it has 1-3 edges to nodes at ring distance 1..20 in either
// direction (about 1.75 edges per node). Fixed seed.
func ringGraph(n int, seed uint64) *Graph {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	g := &Graph{N: n, Start: make([]int32, n+1), Succ: make([]int32, 0, 2*n)}
	for v := 0; v < n; v++ {
		if r.IntN(8) != 0 {
			for d := 1 + r.IntN(3); d > 0; d-- {
				off := 1 + r.IntN(20)
				if r.IntN(2) == 0 {
					off = -off
				}
				g.Succ = append(g.Succ, int32((v+off+n)%n))
			}
		}
		g.Start[v+1] = int32(len(g.Succ))
	}
	return g
}

func benchRing(b *testing.B, n int) {
	g := ringGraph(n, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Solve(g)
	}
	b.ReportMetric(float64(len(g.Succ)), "edges")
}

func BenchmarkSolveRing(b *testing.B)     { benchRing(b, 100_000) }
func BenchmarkSolveRing500k(b *testing.B) { benchRing(b, 500_000) }

// TestRingStats solves the 500k ring once and logs its shape and time.
func TestRingStats(t *testing.T) {
	g := ringGraph(500_000, 1)
	t0 := time.Now()
	res := Solve(g)
	el := time.Since(t0)
	var outs [3]int
	maxFin, infs := 0, 0
	for u := range res.Val {
		outs[res.Out[u]]++
		if res.Val[u].Inf {
			infs++
		} else {
			maxFin = max(maxFin, res.Val[u].N)
		}
		if o := outcomeOf(res.Val[u]); o != res.Out[u] {
			t.Fatalf("node %d: value %s gives %v, retrograde %v", u, fmtVal(res.Val[u]), o, res.Out[u])
		}
	}
	t.Logf("n=%d edges=%d: P=%d N=%d D=%d infinite=%d max finite=%d, Solve %v",
		g.N, len(g.Succ), outs[P], outs[N], outs[D], infs, maxFin, el)
}
