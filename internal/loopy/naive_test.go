package loopy

// Independent, deliberately simple reference implementations used by the
// tests: adjacency lists, fixed-point iteration, no cleverness.

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// tgraph is a test graph in adjacency-list form.
type tgraph struct {
	n   int
	adj [][]int
	ext [][]Ext
}

func (t *tgraph) toGraph() *Graph {
	g := &Graph{N: t.n, Start: make([]int32, t.n+1)}
	hasExt := false
	for u := 0; u < t.n; u++ {
		for _, v := range t.adj[u] {
			g.Succ = append(g.Succ, int32(v))
		}
		g.Start[u+1] = int32(len(g.Succ))
		if t.ext != nil && len(t.ext[u]) > 0 {
			hasExt = true
		}
	}
	if hasExt {
		g.ExtStart = make([]int32, t.n+1)
		for u := 0; u < t.n; u++ {
			g.Ext = append(g.Ext, t.ext[u]...)
			g.ExtStart[u+1] = int32(len(g.Ext))
		}
	}
	return g
}

func (t *tgraph) exts(u int) []Ext {
	if t.ext == nil {
		return nil
	}
	return t.ext[u]
}

func (t *tgraph) String() string {
	s := fmt.Sprintf("n=%d", t.n)
	for u := 0; u < t.n; u++ {
		s += fmt.Sprintf("\n  %d -> %v", u, t.adj[u])
		for _, e := range t.exts(u) {
			s += fmt.Sprintf(" ext{%s %v r%d}", fmtVal(e.Val), e.Out, e.Remote)
		}
	}
	return s
}

func fmtVal(v Value) string {
	if !v.Inf {
		return fmt.Sprint(v.N)
	}
	return fmt.Sprintf("∞%v", v.K)
}

func valEq(a, b Value) bool {
	if a.Inf != b.Inf {
		return false
	}
	if !a.Inf {
		return a.N == b.N
	}
	return slices.Equal(a.K, b.K)
}

func outcomeOf(v Value) Outcome {
	switch {
	case !v.Inf && v.N == 0:
		return P
	case !v.Inf, slices.Contains(v.K, 0):
		return N
	}
	return D
}

// randExt returns a random external follower with consistent outcome and
// remoteness (P even, N odd, as for a realisable position).
func randExt(r *rand.Rand) Ext {
	if r.IntN(2) == 0 {
		m := r.IntN(5)
		if m == 0 {
			return Ext{Val: Value{N: 0}, Out: P, Remote: 2 * r.IntN(4)}
		}
		return Ext{Val: Value{N: m}, Out: N, Remote: 2*r.IntN(4) + 1}
	}
	var k []int
	for i := 0; i < 5; i++ {
		if r.IntN(3) == 0 {
			k = append(k, i)
		}
	}
	v := Value{Inf: true, K: k}
	if slices.Contains(k, 0) {
		return Ext{Val: v, Out: N, Remote: 2*r.IntN(4) + 1}
	}
	return Ext{Val: v, Out: D, Remote: -1}
}

// randGraph: n nodes, a random number of edges (self-loops and duplicates
// included), about a quarter of the nodes forced terminal, optional externals.
func randGraph(r *rand.Rand, n int, withExt bool) *tgraph {
	t := &tgraph{n: n, adj: make([][]int, n)}
	m := r.IntN(3*n + 1)
	for i := 0; i < m; i++ {
		u := r.IntN(n)
		v := r.IntN(n)
		if r.IntN(10) == 0 {
			v = u
		}
		t.adj[u] = append(t.adj[u], v)
	}
	if withExt {
		t.ext = make([][]Ext, n)
		for i := r.IntN(n + 1); i > 0; i-- {
			u := r.IntN(n)
			t.ext[u] = append(t.ext[u], randExt(r))
		}
	}
	for u := 0; u < n; u++ {
		if r.IntN(4) == 0 {
			t.adj[u] = nil
			if t.ext != nil {
				t.ext[u] = nil
			}
		}
	}
	return t
}

// naiveGamma is the round labelling exactly as stated: in round i,
// repeatedly label i any unlabelled u with no follower labelled i whose every
// unlabelled-or-infinite follower has a follower labelled i; then every
// unlabelled u without a follower labelled i becomes infinite.
func naiveGamma(t *tgraph) []Value {
	const unl, inf = -1, -2
	lab := make([]int, t.n)
	for i := range lab {
		lab[i] = unl
	}
	// hasLab: does internal node w have a follower labelled i?
	hasLab := func(w, i int) bool {
		for _, x := range t.adj[w] {
			if lab[x] == i {
				return true
			}
		}
		for _, e := range t.exts(w) {
			if !e.Val.Inf && e.Val.N == i {
				return true
			}
		}
		return false
	}
	for i := 0; ; i++ {
		if !slices.Contains(lab, unl) {
			break
		}
		if i > 10*t.n+100 {
			panic("naiveGamma does not terminate")
		}
		for changed := true; changed; {
			changed = false
			for u := 0; u < t.n; u++ {
				if lab[u] != unl || hasLab(u, i) {
					continue
				}
				ok := true
				for _, w := range t.adj[u] {
					if lab[w] < 0 && !hasLab(w, i) {
						ok = false
					}
				}
				for _, e := range t.exts(u) {
					// finite m > i: unlabelled with a follower labelled i;
					// finite m < i: labelled; infinite: has i iff i in K.
					if e.Val.Inf && !slices.Contains(e.Val.K, i) {
						ok = false
					}
				}
				if ok {
					lab[u] = i
					changed = true
				}
			}
		}
		for u := 0; u < t.n; u++ {
			if lab[u] == unl && !hasLab(u, i) {
				lab[u] = inf
			}
		}
	}
	vals := make([]Value, t.n)
	for u := range vals {
		if lab[u] >= 0 {
			vals[u] = Value{N: lab[u]}
			continue
		}
		var k []int
		for _, w := range t.adj[u] {
			if lab[w] >= 0 {
				k = append(k, lab[w])
			}
		}
		for _, e := range t.exts(u) {
			if !e.Val.Inf {
				k = append(k, e.Val.N)
			}
		}
		slices.Sort(k)
		vals[u] = Value{Inf: true, K: slices.Compact(k)}
	}
	return vals
}

func mex(s []int) int {
	for m := 0; ; m++ {
		if !slices.Contains(s, m) {
			return m
		}
	}
}

// checkGamma checks val against the definition of the generalized
// Sprague-Grundy function (Smith; Fraenkel & Yesha), which determines it
// uniquely:
//
//	A. if γ(u) = m < ∞ then m = mex of the finite values of u's followers;
//	B. if γ(u) = m < ∞ and v is a follower with γ(v) > m (∞ counts as larger),
//	   then v has a follower w with γ(w) = m and c(w) < c(u), for some counter
//	   function c on the finite-valued nodes;
//	C. if γ(u) = ∞ then u has a follower v with γ(v) = ∞(L) and
//	   mex(finite values of u's followers) ∉ L;
//
// plus K(u) = the set of finite values of u's followers. Externals are
// treated as positions of an independent, already valued graph whose
// counters lie below all counters here.
func checkGamma(t *tgraph, val []Value) error {
	fin := func(u int) []int {
		var f []int
		for _, w := range t.adj[u] {
			if !val[w].Inf {
				f = append(f, val[w].N)
			}
		}
		for _, e := range t.exts(u) {
			if !e.Val.Inf {
				f = append(f, e.Val.N)
			}
		}
		slices.Sort(f)
		return slices.Compact(f)
	}
	for u := 0; u < t.n; u++ {
		f := fin(u)
		if !val[u].Inf {
			if val[u].N != mex(f) {
				return fmt.Errorf("A: node %d value %d, mex of followers %v", u, val[u].N, f)
			}
			continue
		}
		if !slices.Equal(val[u].K, f) && !(len(val[u].K) == 0 && len(f) == 0) {
			return fmt.Errorf("node %d: K=%v, finite follower values %v", u, val[u].K, f)
		}
		m := mex(f)
		ok := false
		for _, w := range t.adj[u] {
			if val[w].Inf && !slices.Contains(val[w].K, m) {
				ok = true
			}
		}
		for _, e := range t.exts(u) {
			if e.Val.Inf && !slices.Contains(e.Val.K, m) {
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("C: infinite node %d (mex %d) has no infinite follower lacking %d", u, m, m)
		}
	}
	// B: build the counter greedily; node u of value m is justified once each
	// larger-or-infinite follower has a justified follower of value m.
	just := make([]bool, t.n)
	hasJust := func(v, m int) bool { // v internal: follower w with γ(w)=m, already justified
		for _, w := range t.adj[v] {
			if !val[w].Inf && val[w].N == m && just[w] {
				return true
			}
		}
		for _, e := range t.exts(v) {
			if !e.Val.Inf && e.Val.N == m {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for u := 0; u < t.n; u++ {
			if val[u].Inf || just[u] {
				continue
			}
			m := val[u].N
			ok := true
			for _, v := range t.adj[u] {
				if (val[v].Inf || val[v].N > m) && !hasJust(v, m) {
					ok = false
				}
			}
			for _, e := range t.exts(u) {
				if e.Val.Inf && !slices.Contains(e.Val.K, m) {
					ok = false
				}
			}
			if ok {
				just[u] = true
				changed = true
			}
		}
	}
	for u := 0; u < t.n; u++ {
		if !val[u].Inf && !just[u] {
			return fmt.Errorf("B: node %d value %d admits no counter function", u, val[u].N)
		}
	}
	return nil
}

// naiveOutcome: plain retrograde win/lose/draw by fixed-point iteration.
func naiveOutcome(t *tgraph) []Outcome {
	const unk = 255
	out := make([]Outcome, t.n)
	for i := range out {
		out[i] = unk
	}
	for changed := true; changed; {
		changed = false
		for u := 0; u < t.n; u++ {
			if out[u] != unk {
				continue
			}
			allN, someP := true, false
			for _, w := range t.adj[u] {
				switch out[w] {
				case P:
					someP = true
				case N:
				default:
					allN = false
				}
			}
			for _, e := range t.exts(u) {
				switch e.Out {
				case P:
					someP = true
				case N:
				default:
					allN = false
				}
			}
			if someP {
				out[u], changed = N, true
			} else if allN {
				out[u], changed = P, true
			}
		}
	}
	for i := range out {
		if out[i] == unk {
			out[i] = D
		}
	}
	return out
}

// naiveRemote: win_k(u) = the mover wins within k moves, lose_k(u) = the
// mover loses within k moves whatever he does (minimax over game length).
// Remoteness is the least such k; -1 if neither ever holds.
func naiveRemote(t *tgraph) []int32 {
	maxExt := 0
	for u := 0; u < t.n; u++ {
		for _, e := range t.exts(u) {
			maxExt = max(maxExt, e.Remote)
		}
	}
	rem := make([]int32, t.n)
	for i := range rem {
		rem[i] = -1
	}
	win := make([]bool, t.n)
	lose := make([]bool, t.n)
	nwin := make([]bool, t.n)
	nlose := make([]bool, t.n)
	for k := 0; k <= maxExt+2*t.n+4; k++ {
		for u := 0; u < t.n; u++ {
			w, l := false, true
			for _, v := range t.adj[u] {
				w = w || (k > 0 && lose[v])
				l = l && (k > 0 && win[v])
			}
			for _, e := range t.exts(u) {
				w = w || (e.Out == P && e.Remote <= k-1)
				l = l && (e.Out == N && e.Remote <= k-1)
			}
			nwin[u], nlose[u] = w, l
			if rem[u] < 0 && (w || l) {
				rem[u] = int32(k)
			}
		}
		win, nwin = nwin, win
		lose, nlose = nlose, lose
	}
	return rem
}

// checkStrategy verifies exhaustively (memoised on node and remaining
// budget) that from every N node u, always moving to a P follower f with
// Remote[f] == Remote[cur]-1, whatever the opponent does, ends the game with
// the opponent unable to move within Remote[u] moves. A move into an
// external follower e with k moves already played counts as finishing if
// k + Remote[e] <= budget (the game continues outside the graph).
func checkStrategy(t *tgraph, res *Result) error {
	type key struct {
		u, budget int
		mine      bool
	}
	memo := map[key]error{}
	var play func(u, budget int, mine bool) error
	play = func(u, budget int, mine bool) error {
		k := key{u, budget, mine}
		if err, ok := memo[k]; ok {
			return err
		}
		memo[k] = fmt.Errorf("cycle at node %d budget %d", u, budget) // cannot happen: budget decreases
		var err error
		if mine {
			err = ourMove(t, res, u, budget, play)
		} else {
			err = theirMove(t, res, u, budget, play)
		}
		memo[k] = err
		return err
	}
	for u := 0; u < t.n; u++ {
		if res.Out[u] != N {
			continue
		}
		if err := play(u, int(res.Remote[u]), true); err != nil {
			return fmt.Errorf("from N node %d (remote %d): %v", u, res.Remote[u], err)
		}
	}
	return nil
}

func ourMove(t *tgraph, res *Result, u, budget int, play func(int, int, bool) error) error {
	if res.Out[u] != N {
		return fmt.Errorf("our turn at non-N node %d", u)
	}
	if budget < 1 {
		return fmt.Errorf("budget exhausted at node %d", u)
	}
	want := int(res.Remote[u]) - 1
	found := false
	for _, f := range t.adj[u] {
		if res.Out[f] == P && int(res.Remote[f]) == want {
			found = true
			if err := play(f, budget-1, false); err != nil {
				return err
			}
		}
	}
	for _, e := range t.exts(u) {
		if e.Out == P && e.Remote == want {
			found = true
			if 1+e.Remote > budget {
				return fmt.Errorf("external P follower of %d needs %d > budget %d", u, 1+e.Remote, budget)
			}
		}
	}
	if !found {
		return fmt.Errorf("N node %d has no P follower of remoteness %d", u, want)
	}
	return nil
}

func theirMove(t *tgraph, res *Result, f, budget int, play func(int, int, bool) error) error {
	for _, g := range t.adj[f] {
		if err := play(g, budget-1, true); err != nil {
			return err
		}
	}
	for _, e := range t.exts(f) {
		if e.Out != N {
			return fmt.Errorf("opponent at %d can escape to a %v external", f, e.Out)
		}
		if 1+e.Remote > budget {
			return fmt.Errorf("opponent at %d reaches external N remote %d with budget %d", f, e.Remote, budget)
		}
	}
	return nil // no move left for the opponent, or every move handled
}
