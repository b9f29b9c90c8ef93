package propgen

// Games with cycles: the explicit state graph of the sums a unit asks
// about, its retrograde analysis, and the random graphs of LoopyUnit.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// explore adds the states reachable from ps to the explicit graph.
func (u *Universe) explore(ps []Part) {
	c := u.canon(ps)
	if _, ok := u.ids[key(c)]; ok {
		return
	}
	u.res = nil
	u.ids[key(c)] = len(u.states)
	u.states = append(u.states, c)
	u.succ = append(u.succ, nil)
	stack := []int{len(u.states) - 1}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c := u.states[x]
		var succ []int
		for i, p := range c {
			for _, o := range u.Opts(p) {
				nc := u.next(c, i, o)
				k := key(nc)
				y, ok := u.ids[k]
				if !ok {
					y = len(u.states)
					u.ids[k] = y
					u.states = append(u.states, nc)
					u.succ = append(u.succ, nil)
					stack = append(stack, y)
				}
				if !slices.Contains(succ, y) {
					succ = append(succ, y)
				}
			}
		}
		u.succ[x] = succ
	}
}

// retro labels every explored state: 'P' when the player to move loses
// (no move, or every move goes to an 'N'), 'N' when some move goes to a
// 'P', 'D' for the rest (neither player can force a win).
func (u *Universe) retro() {
	n := len(u.states)
	pred := make([][]int, n)
	left := make([]int, n)
	res := make([]byte, n)
	var queue []int
	for x, ss := range u.succ {
		left[x] = len(ss)
		for _, y := range ss {
			pred[y] = append(pred[y], x)
		}
		if len(ss) == 0 {
			res[x] = 'P'
			queue = append(queue, x)
		}
	}
	for len(queue) > 0 {
		y := queue[0]
		queue = queue[1:]
		for _, x := range pred[y] {
			if res[x] != 0 {
				continue
			}
			if res[y] == 'P' {
				res[x] = 'N'
				queue = append(queue, x)
			} else if left[x]--; left[x] == 0 {
				res[x] = 'P'
				queue = append(queue, x)
			}
		}
	}
	for x := range res {
		if res[x] == 0 {
			res[x] = 'D'
		}
	}
	u.res = res
}

// randGraph: about a quarter of the nodes are terminal, the others have 1-3
// distinct successors anywhere (self-loops included).
func randGraph(r *rand.Rand, n int) [][]int {
	E := make([][]int, n)
	for v := range n {
		if r.IntN(4) == 0 {
			E[v] = []int{}
			continue
		}
		E[v] = r.Perm(n)[:min(n, 1+r.IntN(3))]
	}
	return E
}

// LoopyUnit is a random graph with cycles (sometimes with moves off the
// graph: to nimbers, to sums of an acyclic game's positions or of its own
// lower positions) and queries of the outcome, value and winning moves of
// every node and of sums, checked by retrograde analysis, and a final
// check that always taking the first winning option wins.
func LoopyUnit(r *rand.Rand, name string) *Unit {
	u := NewUniverse()
	n := 2 + r.IntN(9)
	big := r.IntN(8) == 0
	if big {
		n = 10 + r.IntN(11)
	}
	E := randGraph(r, n)
	var decl string
	var k, maxOpts int
	variant := r.IntN(4)
	deep := r.IntN(200) == 0 // a long graph: deep searches, long cycles; single positions only
	if deep {
		n, variant, big = 100+r.IntN(300), 0, true
		E = deepGraph(r, n)
	}
	rich := variant >= 2 // more states: fewer queries on triples
	switch variant {
	case 0, 1:
		decl, k = GraphGame(u, name, E)
		maxOpts = MaxDegree(E)
	case 2:
		decl, k, maxOpts = richLoopyGame(r, u, name, E)
	default:
		E = layeredGraph(r, n)
		decl, k, maxOpts = layeredLoopyGame(r, u, name, E)
	}
	un := &Unit{Decl: decl}
	maxk := NimBound(maxOpts)
	tv := func(v int) GExpr { return u.Pos(k, v) }

	first := make([][]Part, n)
	// All nodes, in random order (the engine meets the cycles from
	// different entry points).
	var nodes [][]int
	for _, v := range r.Perm(n) {
		nodes = append(nodes, []int{v})
	}
	at := name + "(@0)"
	un.AskEach(nodes, []string{"outcome(" + at + ")", "sg(" + at + ")", "winning(" + at + ")"}, func(i, j int) func(string) string {
		v := nodes[i][0]
		switch j {
		case 0:
			return u.CheckLoopyOutcome(tv(v))
		case 1:
			return u.CheckLoopySG(tv(v), maxk)
		}
		return u.CheckLoopyWinning(tv(v), &first[v])
	})
	if r.IntN(4) == 0 {
		v := r.IntN(n)
		un.Ask("moves("+tv(v).Text+")", u.CheckMoves(tv(v)))
	}
	if deep {
		g := Plus(tv(r.IntN(n)), Nim(r.IntN(maxk+2)))
		un.Ask("outcome("+g.Text+")", u.CheckLoopyOutcome(g))
		un.Final = func() string { return StrategyCheck(u, k, n, first) }
		return un
	}
	pairs := [][]int{Pick(r, n, 2), Pick(r, n, 2)}
	pexprs := []string{"outcome(" + name + "(@0) + " + name + "(@1))", "winning(" + name + "(@0) + " + name + "(@1))"}
	if !big {
		pexprs = append(pexprs, "sg("+name+"(@0) + "+name+"(@1))")
	}
	un.AskEach(pairs, pexprs, func(i, j int) func(string) string {
		g := Plus(tv(pairs[i][0]), tv(pairs[i][1]))
		switch j {
		case 0:
			return u.CheckLoopyOutcome(g)
		case 1:
			return u.CheckLoopyWinning(g, nil)
		}
		return u.CheckLoopySG(g, maxk)
	})
	triples := [][]int{append(Pick(r, n, 2), r.IntN(maxk+2)), append(Pick(r, n, 2), r.IntN(maxk+2))}
	texpr := name + "(@0) + " + name + "(@1) + *@2"
	un.AskEach(triples, []string{"outcome(" + texpr + ")", "winning(" + texpr + ")"}, func(i, j int) func(string) string {
		g := Plus(tv(triples[i][0]), tv(triples[i][1]), Nim(triples[i][2]))
		if j == 0 {
			return u.CheckLoopyOutcome(g)
		}
		return u.CheckLoopyWinning(g, nil)
	})
	if r.IntN(3) == 0 {
		g := Plus(tv(r.IntN(n)), Nim(r.IntN(maxk+2)))
		un.Ask("outcome("+g.Text+")", u.CheckLoopyOutcome(g))
	}
	if !big {
		a := Pick(r, n, 3)
		g := Plus(tv(a[0]), tv(a[1]), tv(a[2]))
		un.Ask("outcome("+g.Text+")", u.CheckLoopyOutcome(g))
		if !rich {
			un.Ask("sg("+g.Text+")", u.CheckLoopySG(g, maxk))
		}
		if r.IntN(2) == 0 {
			un.Ask("moves("+g.Text+")", u.CheckMoves(g))
		}
		c := Copies(r.IntN(3), tv(r.IntN(n)))
		if !rich {
			c = Copies(r.IntN(4), tv(r.IntN(n)))
		}
		un.Ask("outcome("+c.Text+")", u.CheckLoopyOutcome(c))
		un.Ask("sg("+c.Text+")", u.CheckLoopySG(c, maxk))
	}
	un.Final = func() string { return StrategyCheck(u, k, n, first) }
	return un
}

// deepGraph: node v moves to v-1 and often v-2; a few nodes are terminal,
// a few have a move to a random node (a back edge closes a long cycle).
func deepGraph(r *rand.Rand, n int) [][]int {
	E := make([][]int, n)
	for v := range n {
		E[v] = []int{}
		if v > 0 && r.IntN(20) > 0 {
			E[v] = append(E[v], v-1)
		}
		if v > 1 && r.IntN(2) == 0 {
			E[v] = append(E[v], v-2)
		}
		if r.IntN(30) == 0 {
			if w := r.IntN(n); w != v-1 && w != v-2 {
				E[v] = append(E[v], w)
			}
		}
	}
	return E
}

// layeredGraph: nodes below n/2 form a DAG (edges to lower nodes only),
// the others have edges anywhere (cycles, self-loops); about a quarter of
// the nodes are terminal.
func layeredGraph(r *rand.Rand, n int) [][]int {
	m := n / 2
	E := make([][]int, n)
	for v := range n {
		switch {
		case r.IntN(4) == 0:
			E[v] = []int{}
		case v < m:
			E[v] = r.Perm(v)[:min(v, 1+r.IntN(3))]
		default:
			E[v] = r.Perm(n)[:min(n, 1+r.IntN(3))]
		}
	}
	return E
}

// layeredLoopyGame declares a game on a layered graph whose upper nodes
// (which may lie on cycles) also move to sums of two lower nodes (which do
// not): sums of positions of the same game, off the cycles.
//
//	game t(v) moves t(w) for w in E[v] | t(a) + t(b) for (a, b) in S[v]
func layeredLoopyGame(r *rand.Rand, u *Universe, name string, E [][]int) (decl string, k, maxOpts int) {
	n := len(E)
	m := n / 2
	S := make([][][2]int, n)
	var ss []string
	for v := range n {
		if v >= m && m > 0 && r.IntN(2) == 0 {
			seen := map[[2]int]bool{}
			for range 1 + r.IntN(2) {
				a, b := r.IntN(m), r.IntN(m)
				if !seen[[2]int{min(a, b), max(a, b)}] {
					seen[[2]int{min(a, b), max(a, b)}] = true
					S[v] = append(S[v], [2]int{a, b})
				}
			}
		}
		var ts []string
		for _, p := range S[v] {
			ts = append(ts, fmt.Sprintf("(%d, %d)", p[0], p[1]))
		}
		ss = append(ss, "["+strings.Join(ts, ", ")+"]")
		maxOpts = max(maxOpts, len(E[v])+len(S[v]))
	}
	k = u.Kind(name, func(v int) [][]Part {
		var o [][]Part
		for _, w := range E[v] {
			o = append(o, []Part{{k, w}})
		}
		for _, p := range S[v] {
			o = append(o, []Part{{k, p[0]}, {k, p[1]}})
		}
		return o
	})
	decl = fmt.Sprintf("let E_%[1]s = %[2]s\nlet S_%[1]s = [%[3]s]\n"+
		"game %[1]s(v) moves %[1]s(w) for w in E_%[1]s[v] | %[1]s(a) + %[1]s(b) for (a, b) in S_%[1]s[v]\n",
		name, adjList(E), strings.Join(ss, ", "))
	return decl, k, maxOpts
}

// richLoopyGame declares a graph game whose nodes also have moves off the
// graph: to nimbers, and to sums of two positions of a small acyclic
// subtraction game (sums that are not on a cycle):
//
//	game t(v) moves t(w) for w in E[v] | *j for j in N[v] | h(a) + h(b) for (a, b) in H[v]
func richLoopyGame(r *rand.Rand, u *Universe, name string, E [][]int) (decl string, k, maxOpts int) {
	n := len(E)
	hname := "h_" + name
	var hk int
	hk = u.Kind(hname, func(m int) [][]Part {
		var o [][]Part
		for s := 1; s <= 2 && s <= m; s++ {
			o = append(o, []Part{{hk, m - s}})
		}
		return o
	})
	N := make([][]int, n)
	H := make([][][2]int, n)
	var ns, hs []string
	for v := range n {
		if r.IntN(3) == 0 {
			N[v] = r.Perm(4)[:1+r.IntN(2)]
		}
		if r.IntN(3) == 0 {
			for _, x := range r.Perm(6)[:1+r.IntN(2)] {
				H[v] = append(H[v], [2]int{x / 3, x%3 + 1}) // distinct multisets {a, b}, a <= 1 < b
			}
		}
		ns = append(ns, IntList(N[v]))
		var ts []string
		for _, h := range H[v] {
			ts = append(ts, fmt.Sprintf("(%d, %d)", h[0], h[1]))
		}
		hs = append(hs, "["+strings.Join(ts, ", ")+"]")
		maxOpts = max(maxOpts, len(E[v])+len(N[v])+len(H[v]))
		for _, j := range N[v] {
			maxOpts = max(maxOpts, j)
		}
	}
	k = u.Kind(name, func(v int) [][]Part {
		var o [][]Part
		for _, w := range E[v] {
			o = append(o, []Part{{k, w}})
		}
		for _, j := range N[v] {
			o = append(o, []Part{{0, j}})
		}
		for _, h := range H[v] {
			o = append(o, []Part{{hk, h[0]}, {hk, h[1]}})
		}
		return o
	})
	decl = fmt.Sprintf("let E_%[1]s = %[2]s\nlet N_%[1]s = [%[3]s]\nlet H_%[1]s = [%[4]s]\n"+
		"game %[5]s(n) moves %[5]s(n - s) for s in {1, 2} if s <= n\n"+
		"game %[1]s(v) moves %[1]s(w) for w in E_%[1]s[v] | *j for j in N_%[1]s[v] | %[5]s(a) + %[5]s(b) for (a, b) in H_%[1]s[v]\n",
		name, adjList(E), strings.Join(ns, ", "), strings.Join(hs, ", "), hname)
	return decl, k, maxOpts
}

// LoopyGraphUnit is the graph game NAME on the edges E (cycles allowed)
// with the queries of outcome, sg and winning of every node, checked by
// retrograde analysis, and the final check of StrategyCheck.
func LoopyGraphUnit(name string, E [][]int) *Unit {
	u := NewUniverse()
	decl, k := GraphGame(u, name, E)
	un := &Unit{Decl: decl}
	n := len(E)
	maxk := NimBound(MaxDegree(E))
	first := make([][]Part, n)
	at := name + "(@)"
	un.AskFor(n, []string{"outcome(" + at + ")", "sg(" + at + ")", "winning(" + at + ")"}, func(v, j int) func(string) string {
		switch j {
		case 0:
			return u.CheckLoopyOutcome(u.Pos(k, v))
		case 1:
			return u.CheckLoopySG(u.Pos(k, v), maxk)
		}
		return u.CheckLoopyWinning(u.Pos(k, v), &first[v])
	})
	un.Final = func() string { return StrategyCheck(u, k, n, first) }
	return un
}
