package loopy

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// -loopy.n scales the randomized tests; the default keeps `go test` to a
// few seconds. The sum tests use n/5 graphs per token count.
var flagN = flag.Int("loopy.n", 20000, "number of random graphs for the randomized loopy tests")

func inf(k ...int) Value { return Value{Inf: true, K: k} }
func fin(n int) Value    { return Value{N: n} }

func TestTable(t *testing.T) {
	type want struct {
		val Value
		out Outcome
		rem int32
	}
	tests := []struct {
		name string
		adj  [][]int
		want []want
	}{
		{"empty", nil, nil},
		{"terminal", [][]int{{}}, []want{{fin(0), P, 0}}},
		// A self-loop: the only move leads back; value ∞{} and a draw.
		{"self-loop", [][]int{{0}}, []want{{inf(), D, -1}}},
		// Two nodes moving to each other: neither can be labelled 0 (each
		// one's follower is unlabelled with no follower labelled 0), both
		// become infinite after round 0.
		{"2-cycle", [][]int{{1}, {0}}, []want{{inf(), D, -1}, {inf(), D, -1}}},
		// Node 0 moves to the terminal 1 or to itself. Round 0 labels 1 with
		// 0, which marks node 0 (it has a follower labelled 0). Round 1: node 0
		// has no follower labelled 1, but its unlabelled follower (itself) has
		// no follower labelled 1 either, so it is not labelled; then it becomes
		// infinite. So it is NOT the nimber 1 but ∞{0}: outcome N (move to the
		// terminal, remoteness 1), yet adding a *1 gives a draw, not a P.
		{"self-loop+terminal", [][]int{{1, 0}, {}}, []want{{inf(0), N, 1}, {fin(0), P, 0}}},
		// The reversible 2-cycle: 0 -> {terminal 2, 1}, 1 -> {0}. Node 1 gets 0
		// in round 0 (its follower 0 reverses to the terminal), node 0 gets 1.
		{"reversible", [][]int{{2, 1}, {0}, {}}, []want{{fin(1), N, 1}, {fin(0), P, 2}, {fin(0), P, 0}}},
		// The worked example of the package documentation.
		{"doc", [][]int{
			{},     // t
			{0, 2}, // a -> t, b
			{1},    // b -> a
			{3, 1}, // c -> c, a
			{3, 0}, // d -> c, t
			{3},    // e -> c
			{6, 2}, // f -> f, b
		}, []want{
			{fin(0), P, 0},
			{fin(1), N, 1},
			{fin(0), P, 2},
			{inf(1), D, -1},
			{fin(1), N, 1},
			{inf(), D, -1},
			{inf(0), N, 3},
		}},
		// A chain 0 -> 1 -> 2 -> 3 plus 3 -> 0 closing a 4-cycle with no exit.
		{"4-cycle", [][]int{{1}, {2}, {3}, {0}}, []want{{inf(), D, -1}, {inf(), D, -1}, {inf(), D, -1}, {inf(), D, -1}}},
		// Nim heap of size 2 with duplicate edges: 2 -> {1, 0, 1}, 1 -> {0}.
		{"dup-edges", [][]int{{}, {0, 0}, {1, 0, 1}}, []want{{fin(0), P, 0}, {fin(1), N, 1}, {fin(2), N, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := &tgraph{n: len(tc.adj), adj: tc.adj}
			res := Solve(tg.toGraph())
			for u, w := range tc.want {
				if !valEq(res.Val[u], w.val) || res.Out[u] != w.out || res.Remote[u] != w.rem {
					t.Errorf("node %d: got %s %v %d, want %s %v %d", u,
						fmtVal(res.Val[u]), res.Out[u], res.Remote[u], fmtVal(w.val), w.out, w.rem)
				}
			}
			if err := checkGamma(tg, res.Val); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestExternals(t *testing.T) {
	// 0 -> ext 3 (a nimber 3, remoteness 1): 3 reverses to 0, so node 0 is
	// labelled 0 in round 0; P with remoteness 1 + 1.
	// 1 -> ext ∞{0,2} (N, remoteness 3) and ext 1 (N, remoteness 1). In
	// round 0 the infinite external contains 0 and the finite external 1
	// counts as unlabelled with a follower labelled 0, so node 1 is labelled
	// 0: P, remoteness 1 + max(3, 1) = 4.
	// 2 -> ext ∞{1} (D): 0 is missing from its K, so node 2 is not labelled
	// in round 0 and, having no follower labelled 0, becomes ∞{}: a draw.
	g := &Graph{
		N: 3, Start: []int32{0, 0, 0, 0},
		ExtStart: []int32{0, 1, 3, 4},
		Ext: []Ext{
			{Val: fin(3), Out: N, Remote: 1},
			{Val: inf(0, 2), Out: N, Remote: 3},
			{Val: fin(1), Out: N, Remote: 1},
			{Val: inf(1), Out: D, Remote: -1},
		},
	}
	res := Solve(g)
	want := []Value{fin(0), fin(0), inf()}
	wantOut := []Outcome{P, P, D}
	wantRem := []int32{2, 4, -1}
	for u := range want {
		if !valEq(res.Val[u], want[u]) || res.Out[u] != wantOut[u] || res.Remote[u] != wantRem[u] {
			t.Errorf("node %d: got %s %v %d, want %s %v %d", u, fmtVal(res.Val[u]), res.Out[u], res.Remote[u],
				fmtVal(want[u]), wantOut[u], wantRem[u])
		}
	}
}

// The checkers themselves must reject wrong answers.
func TestCheckersReject(t *testing.T) {
	cycle := &tgraph{n: 2, adj: [][]int{{1}, {0}}}
	// Locally mex-consistent but no counter function exists (B).
	if checkGamma(cycle, []Value{fin(0), fin(1)}) == nil {
		t.Error("2-cycle labelled 0,1 accepted")
	}
	rev := &tgraph{n: 3, adj: [][]int{{2, 1}, {0}, {}}}
	if checkGamma(rev, []Value{inf(0), inf(), fin(0)}) == nil {
		t.Error("reversible example labelled ∞{0},∞{} accepted (violates C)")
	}
	if checkGamma(rev, []Value{inf(0), fin(0), fin(0)}) == nil {
		t.Error("reversible example labelled ∞{0},0 accepted (violates C)")
	}
	if err := checkGamma(rev, []Value{fin(1), fin(0), fin(0)}); err != nil {
		t.Error(err)
	}
	res := Solve(rev.toGraph())
	if err := checkStrategy(rev, res); err != nil {
		t.Error(err)
	}
	res.Remote[0] = 3 // a -> b -> a -> ... never ends within the budget
	if checkStrategy(rev, res) == nil {
		t.Error("wrong remoteness accepted by the strategy check")
	}
}

// shared is reused by every checkSolve, as the evaluator reuses one.
var shared Solver

func checkSolve(t *testing.T, tg *tgraph) bool {
	t.Helper()
	res := Solve(tg.toGraph())
	nv := naiveGamma(tg)
	fail := func(format string, args ...any) bool {
		t.Errorf("%s\ngraph: %s", fmt.Sprintf(format, args...), tg)
		return false
	}
	vals := Values(tg.toGraph())
	reused := shared.Values(tg.toGraph()) // a Solver used for every graph
	for u := 0; u < tg.n; u++ {
		if !valEq(reused[u], nv[u]) {
			return fail("node %d: Solver.Values %s, naive labelling %s", u, fmtVal(reused[u]), fmtVal(nv[u]))
		}
		if !valEq(res.Val[u], nv[u]) {
			return fail("node %d: Solve value %s, naive labelling %s", u, fmtVal(res.Val[u]), fmtVal(nv[u]))
		}
		if !valEq(vals[u], nv[u]) {
			return fail("node %d: Values %s, naive labelling %s", u, fmtVal(vals[u]), fmtVal(nv[u]))
		}
	}
	if err := checkGamma(tg, res.Val); err != nil {
		return fail("gamma definition: %v", err)
	}
	no := naiveOutcome(tg)
	nr := naiveRemote(tg)
	for u := 0; u < tg.n; u++ {
		if res.Out[u] != no[u] {
			return fail("node %d: Solve outcome %v, retrograde %v", u, res.Out[u], no[u])
		}
		if o := outcomeOf(res.Val[u]); o != no[u] {
			return fail("node %d: outcome from value %s is %v, retrograde %v", u, fmtVal(res.Val[u]), o, no[u])
		}
		if res.Remote[u] != nr[u] {
			return fail("node %d: Solve remoteness %d, minimax %d", u, res.Remote[u], nr[u])
		}
	}
	if err := checkStrategy(tg, res); err != nil {
		return fail("strategy: %v", err)
	}
	return true
}

func TestRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	count := *flagN
	var nodes, infs, finViaInf, nExt int
	for i := 0; i < count; i++ {
		n := 1 + r.IntN(30)
		tg := randGraph(r, n, i%3 != 0)
		if !checkSolve(t, tg) {
			return
		}
		// Coverage statistics: finite nodes that have an infinite follower
		// exercise the reversibility condition through infinite positions.
		val := naiveGamma(tg)
		for u := 0; u < n; u++ {
			nodes++
			nExt += len(tg.exts(u))
			if val[u].Inf {
				infs++
				continue
			}
			for _, w := range tg.adj[u] {
				if val[w].Inf {
					finViaInf++
					break
				}
			}
		}
	}
	t.Logf("%d random graphs, %d nodes (%d infinite, %d finite with an infinite follower), %d externals",
		count, nodes, infs, finViaInf, nExt)
}

// product builds the sum of k tokens on tg: a node is a k-tuple of positions
// (index sum pos[j]*n^j), a move moves one token along an edge.
func product(tg *tgraph, k int) *tgraph {
	size := 1
	for j := 0; j < k; j++ {
		size *= tg.n
	}
	p := &tgraph{n: size, adj: make([][]int, size)}
	for x := 0; x < size; x++ {
		rest, mul := x, 1
		for j := 0; j < k; j++ {
			pos := rest % tg.n
			rest /= tg.n
			for _, v := range tg.adj[pos] {
				p.adj[x] = append(p.adj[x], x+(v-pos)*mul)
			}
			mul *= tg.n
		}
	}
	return p
}

// sumRule is Smith's rule: the nim-sum of finite values; m ⊕ ∞(K) = ∞(K⊕m);
// two or more infinite parts give ∞(∅).
func sumRule(parts []Value) Value {
	x, infs := 0, 0
	var k []int
	for _, v := range parts {
		if v.Inf {
			infs++
			k = v.K
		} else {
			x ^= v.N
		}
	}
	switch infs {
	case 0:
		return fin(x)
	case 1:
		k2 := make([]int, len(k))
		for i, v := range k {
			k2[i] = v ^ x
		}
		slices.Sort(k2)
		return inf(k2...)
	}
	return inf()
}

func TestSums(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	count := max(1, *flagN/5)
	var stats [2][3]int // [tokens-2][number of infinite parts, capped at 2]
	for i := 0; i < count; i++ {
		for _, k := range []int{2, 3} {
			maxN := 9
			if k == 3 {
				maxN = 6
			}
			tg := randGraph(r, 1+r.IntN(maxN), false)
			res := Solve(tg.toGraph())
			pg := product(tg, k)
			pres := Solve(pg.toGraph())
			pout := naiveOutcome(pg)
			parts := make([]Value, k)
			for x := 0; x < pg.n; x++ {
				rest, infs := x, 0
				for j := range parts {
					parts[j] = res.Val[rest%tg.n]
					rest /= tg.n
					if parts[j].Inf {
						infs++
					}
				}
				stats[k-2][min(infs, 2)]++
				want := sumRule(parts)
				got := pres.Val[x]
				if !valEq(got, want) {
					t.Fatalf("%d tokens, tuple %d, parts %v: product value %s, sum rule %s\ngraph: %s",
						k, x, fmtParts(parts), fmtVal(got), fmtVal(want), tg)
				}
				if pres.Out[x] != pout[x] || outcomeOf(want) != pout[x] {
					t.Fatalf("%d tokens, tuple %d, parts %v: product outcome %v, retrograde %v, rule %v",
						k, x, fmtParts(parts), pres.Out[x], pout[x], outcomeOf(want))
				}
				if infs >= 2 && pout[x] != D {
					t.Fatalf("two infinite parts but outcome %v", pout[x])
				}
			}
			if i < 50 && k == 2 {
				if !checkSolve(t, pg) {
					return
				}
			}
		}
	}
	t.Logf("%d graphs per token count; sum nodes by #infinite parts (0,1,>=2): 2 tokens %v, 3 tokens %v",
		count, stats[0], stats[1])
}

func fmtParts(p []Value) string {
	s := "["
	for i, v := range p {
		if i > 0 {
			s += " "
		}
		s += fmtVal(v)
	}
	return s + "]"
}
