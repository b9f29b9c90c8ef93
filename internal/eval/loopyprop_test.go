package eval_test

// Property tests of games with cycles against a retrograde win/lose/draw
// analysis of the explicit state graph of the whole sum (see prop_test.go
// for the harness and the brute force over sums).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// explore adds the states reachable from ps to the explicit graph.
func (u *universe) explore(ps []part) {
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
			for _, o := range u.opts(p) {
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
func (u *universe) retro() {
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

// loopyOutcome is "N", "P" or "D" for a sum, by retrograde analysis.
func (u *universe) loopyOutcome(ps []part) string {
	u.explore(ps)
	if u.res == nil {
		u.retro()
	}
	return string(u.res[u.ids[key(u.canon(ps))]])
}

// The checks below explore their states when they are made, so that one
// retrograde analysis serves all the queries of a unit.

func (u *universe) checkLoopyOutcome(g gexpr) func(string) string {
	u.explore(g.parts)
	return func(got string) string {
		if want := u.loopyOutcome(g.parts); got != want {
			return "want: " + want + " (retrograde analysis of the whole sum)"
		}
		return ""
	}
}

// sg(G): the k for which G + *k is a loss for the player to move; ∞K when
// there is none, K being the k for which G + *k is a win.
func (u *universe) checkLoopySG(g gexpr, maxk int) func(string) string {
	for k := 0; k <= maxk; k++ {
		u.explore(plusNim(g.parts, k))
	}
	return func(got string) string {
		var ps, ns []string
		for k := 0; k <= maxk; k++ {
			switch u.loopyOutcome(plusNim(g.parts, k)) {
			case "P":
				ps = append(ps, strconv.Itoa(k))
			case "N":
				ns = append(ns, strconv.Itoa(k))
			}
		}
		want := "∞{" + strings.Join(ns, ", ") + "}"
		switch len(ps) {
		case 0:
		case 1:
			want = ps[0]
		default:
			return fmt.Sprintf("brute force: %s + *k is a loss for several k: %v (the sum rule fails)", g.text, ps)
		}
		if got != want {
			return fmt.Sprintf("want: %s (retrograde analysis of %s + *k for k = 0..%d: P for %v, N for %v)", want, g.text, maxk, ps, ns)
		}
		return ""
	}
}

// winning(G): none unless G is a win; each one an option of G that is a
// loss for the player to move there. (For a position on a cycle it may
// leave out losing options that do not bring the end nearer.)
func (u *universe) checkLoopyWinning(g gexpr, first *[]part) func(string) string {
	u.explore(g.parts)
	return func(got string) string {
		have, err := u.parseGames(got)
		if err != nil {
			return err.Error()
		}
		var want [][]part
		legal := map[string]bool{}
		for _, o := range u.options(g.parts) {
			legal[mkey(o)] = true
			if u.loopyOutcome(o) == "P" {
				want = append(want, o)
			}
		}
		out := u.loopyOutcome(g.parts)
		if (out == "N") != (len(have) > 0) {
			return fmt.Sprintf("want: (some of) %s (retrograde analysis: %s is %s)", u.texts(want), g.text, out)
		}
		seen := map[string]bool{}
		for _, h := range have {
			k := mkey(h)
			switch {
			case !legal[k]:
				return fmt.Sprintf("%s is not an option of %s", u.text(h), g.text)
			case u.loopyOutcome(h) != "P":
				return fmt.Sprintf("%s is %s, not a loss for the player to move there; want: (some of) %s", u.text(h), u.loopyOutcome(h), u.texts(want))
			case seen[k]:
				return fmt.Sprintf("%s is listed twice", u.text(h))
			}
			seen[k] = true
		}
		if first != nil && len(have) > 0 {
			*first = have[0]
		}
		return ""
	}
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

// ---------------------------------------------------------------------------
// 5. Random graphs with cycles.

func TestPropLoopy(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 5)
	p := &prober{t: t, seed: seed}
	graphs, perScript := testenv.Scale(600, 5000), 50
	total := propCount(graphs)
	for b := 0; b < total; b += perScript {
		var units []*unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, loopyUnit(r, fmt.Sprintf("t%d", i)))
		}
		p.run(units)
	}
	p.done()
}

func loopyUnit(r *rand.Rand, name string) *unit {
	u := newUniverse()
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
		decl, k = graphGame(u, name, E)
		maxOpts = maxDegree(E)
	case 2:
		decl, k, maxOpts = richLoopyGame(r, u, name, E)
	default:
		E = layeredGraph(r, n)
		decl, k, maxOpts = layeredLoopyGame(r, u, name, E)
	}
	un := &unit{decl: decl}
	maxk := nimBound(maxOpts)
	tv := func(v int) gexpr { return u.pos(k, v) }

	first := make([][]part, n)
	// All nodes, in random order (the engine meets the cycles from
	// different entry points).
	var nodes [][]int
	for _, v := range r.Perm(n) {
		nodes = append(nodes, []int{v})
	}
	at := name + "(@0)"
	un.askEach(nodes, []string{"outcome(" + at + ")", "sg(" + at + ")", "winning(" + at + ")"}, func(i, j int) func(string) string {
		v := nodes[i][0]
		switch j {
		case 0:
			return u.checkLoopyOutcome(tv(v))
		case 1:
			return u.checkLoopySG(tv(v), maxk)
		}
		return u.checkLoopyWinning(tv(v), &first[v])
	})
	if r.IntN(4) == 0 {
		v := r.IntN(n)
		un.ask("moves("+tv(v).text+")", u.checkMoves(tv(v)))
	}
	if deep {
		g := plus(tv(r.IntN(n)), nim(r.IntN(maxk+2)))
		un.ask("outcome("+g.text+")", u.checkLoopyOutcome(g))
		un.final = func() string { return strategyCheck(u, k, n, first) }
		return un
	}
	pairs := [][]int{pick(r, n, 2), pick(r, n, 2)}
	pexprs := []string{"outcome(" + name + "(@0) + " + name + "(@1))", "winning(" + name + "(@0) + " + name + "(@1))"}
	if !big {
		pexprs = append(pexprs, "sg("+name+"(@0) + "+name+"(@1))")
	}
	un.askEach(pairs, pexprs, func(i, j int) func(string) string {
		g := plus(tv(pairs[i][0]), tv(pairs[i][1]))
		switch j {
		case 0:
			return u.checkLoopyOutcome(g)
		case 1:
			return u.checkLoopyWinning(g, nil)
		}
		return u.checkLoopySG(g, maxk)
	})
	triples := [][]int{append(pick(r, n, 2), r.IntN(maxk+2)), append(pick(r, n, 2), r.IntN(maxk+2))}
	texpr := name + "(@0) + " + name + "(@1) + *@2"
	un.askEach(triples, []string{"outcome(" + texpr + ")", "winning(" + texpr + ")"}, func(i, j int) func(string) string {
		g := plus(tv(triples[i][0]), tv(triples[i][1]), nim(triples[i][2]))
		if j == 0 {
			return u.checkLoopyOutcome(g)
		}
		return u.checkLoopyWinning(g, nil)
	})
	if r.IntN(3) == 0 {
		g := plus(tv(r.IntN(n)), nim(r.IntN(maxk+2)))
		un.ask("outcome("+g.text+")", u.checkLoopyOutcome(g))
	}
	if !big {
		a := pick(r, n, 3)
		g := plus(tv(a[0]), tv(a[1]), tv(a[2]))
		un.ask("outcome("+g.text+")", u.checkLoopyOutcome(g))
		if !rich {
			un.ask("sg("+g.text+")", u.checkLoopySG(g, maxk))
		}
		if r.IntN(2) == 0 {
			un.ask("moves("+g.text+")", u.checkMoves(g))
		}
		c := copies(r.IntN(3), tv(r.IntN(n)))
		if !rich {
			c = copies(r.IntN(4), tv(r.IntN(n)))
		}
		un.ask("outcome("+c.text+")", u.checkLoopyOutcome(c))
		un.ask("sg("+c.text+")", u.checkLoopySG(c, maxk))
	}
	un.final = func() string { return strategyCheck(u, k, n, first) }
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
func layeredLoopyGame(r *rand.Rand, u *universe, name string, E [][]int) (decl string, k, maxOpts int) {
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
	k = u.kind(name, func(v int) [][]part {
		var o [][]part
		for _, w := range E[v] {
			o = append(o, []part{{k, w}})
		}
		for _, p := range S[v] {
			o = append(o, []part{{k, p[0]}, {k, p[1]}})
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
func richLoopyGame(r *rand.Rand, u *universe, name string, E [][]int) (decl string, k, maxOpts int) {
	n := len(E)
	hname := "h_" + name
	hk := u.kind(hname, nil)
	u.gen[hk] = func(m int) [][]part {
		var o [][]part
		for s := 1; s <= 2 && s <= m; s++ {
			o = append(o, []part{{hk, m - s}})
		}
		return o
	}
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
		ns = append(ns, intList(N[v]))
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
	k = u.kind(name, func(v int) [][]part {
		var o [][]part
		for _, w := range E[v] {
			o = append(o, []part{{k, w}})
		}
		for _, j := range N[v] {
			o = append(o, []part{{0, j}})
		}
		for _, h := range H[v] {
			o = append(o, []part{{hk, h[0]}, {hk, h[1]}})
		}
		return o
	})
	decl = fmt.Sprintf("let E_%[1]s = %[2]s\nlet N_%[1]s = [%[3]s]\nlet H_%[1]s = [%[4]s]\n"+
		"game %[5]s(n) moves %[5]s(n - s) for s in {1, 2} if s <= n\n"+
		"game %[1]s(v) moves %[1]s(w) for w in E_%[1]s[v] | *j for j in N_%[1]s[v] | %[5]s(a) + %[5]s(b) for (a, b) in H_%[1]s[v]\n",
		name, adjList(E), strings.Join(ns, ", "), strings.Join(hs, ", "), hname)
	return decl, k, maxOpts
}

// TestPropLoopyCases runs the checks of TestPropLoopy on fixed graphs:
// reductions of failures found by it.
func TestPropLoopyCases(t *testing.T) {
	t.Parallel()
	p := &prober{t: t}
	cases := [][][]int{
		// t(0) has two losing options: t(1), from which the opponent
		// can only come back, and t(4), off the cycle (t(4) -> t(3) ->
		// t(2)). Taking t(1) first never ends the game.
		{{1, 4}, {0}, {}, {2}, {3}},
		{{4, 1}, {0}, {}, {2}, {3}},
		{{1}, {0, 2}, {3}, {}},
	}
	var units []*unit
	for i, E := range cases {
		u := newUniverse()
		name := fmt.Sprintf("t%d", i)
		decl, k := graphGame(u, name, E)
		un := &unit{decl: decl}
		n := len(E)
		maxk := nimBound(maxDegree(E))
		first := make([][]part, n)
		at := name + "(@)"
		un.askFor(n, []string{"outcome(" + at + ")", "sg(" + at + ")", "winning(" + at + ")"}, func(v, j int) func(string) string {
			switch j {
			case 0:
				return u.checkLoopyOutcome(u.pos(k, v))
			case 1:
				return u.checkLoopySG(u.pos(k, v), maxk)
			}
			return u.checkLoopyWinning(u.pos(k, v), &first[v])
		})
		un.final = func() string { return strategyCheck(u, k, n, first) }
		units = append(units, un)
	}
	p.run(units)
}

// strategyCheck plays the winning strategy "the first option of winning"
// from every N node against every reply of the opponent: each play must end
// with the loser to move and no move, within 4 * nodes moves, never loop.
// (A move off the graph leads to an acyclic game: that play ends anyway.)
func strategyCheck(u *universe, k, n int, first [][]part) string {
	out := make([]string, n)
	for v := range n {
		out[v] = u.loopyOutcome([]part{{k, v}})
	}
	node := func(v int) string { return fmt.Sprintf("%s(%d)", u.names[k], v) }
	// The strategy graph: the winner at an N node moves to its first
	// winning option; the loser at a P node tries every move.
	next := func(v int) (ws []int, msg string) {
		var opts [][]part
		if out[v] == "N" {
			opts = [][]part{first[v]}
		} else {
			opts = u.options([]part{{k, v}})
		}
		for _, o := range opts {
			want := map[string]string{"N": "P", "P": "N"}[out[v]]
			if got := u.loopyOutcome(o); got != want {
				return nil, fmt.Sprintf("play reaches %s (%s) from %s (%s)", u.text(o), got, node(v), out[v])
			}
			if len(o) == 1 && o[0].k == k {
				ws = append(ws, o[0].s)
			}
		}
		return ws, ""
	}
	const (
		white = iota
		grey
		black
	)
	color := make([]int, n)
	longest := make([]int, n)
	var path []int
	var visit func(v int) string
	visit = func(v int) string {
		color[v] = grey
		path = append(path, v)
		ws, msg := next(v)
		if msg != "" {
			return msg
		}
		for _, w := range ws {
			switch color[w] {
			case grey:
				var cyc []string
				for _, x := range path[slices.Index(path, w):] {
					cyc = append(cyc, fmt.Sprintf("%s [%s]", node(x), out[x]))
				}
				return fmt.Sprintf("following the first winning option loops: %s -> %s (the loser can force this forever)",
					strings.Join(cyc, " -> "), node(w))
			case white:
				if msg := visit(w); msg != "" {
					return msg
				}
			}
			longest[v] = max(longest[v], longest[w]+1)
		}
		path = path[:len(path)-1]
		color[v] = black
		return ""
	}
	for v := range n {
		if out[v] == "N" && color[v] == white {
			if msg := visit(v); msg != "" {
				return msg
			}
			if longest[v] > 4*n {
				return fmt.Sprintf("the play from %s can last %d moves", node(v), longest[v])
			}
		}
	}
	return ""
}
