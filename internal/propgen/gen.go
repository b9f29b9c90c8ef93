package propgen

// The generators of the acyclic units: random DAGs, subtraction games,
// take-and-break rules, k copies and sums of positions, each with the
// queries of package eval's TestPropDAG, TestPropSubtraction,
// TestPropTakeBreak and TestPropCopies.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// RandDAG is a random DAG: node v has edges to distinct lower nodes, in random order.
func RandDAG(r *rand.Rand, n, maxDeg int) [][]int {
	E := make([][]int, n)
	for v := range n {
		deg := r.IntN(min(v, maxDeg) + 1)
		E[v] = r.Perm(v)[:deg]
	}
	return E
}

func adjList(E [][]int) string {
	var s []string
	for _, e := range E {
		s = append(s, IntList(e))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// GraphGame declares `game NAME(v) moves NAME(w) for w in EDGES[v]` and
// its kind.
func GraphGame(u *Universe, name string, E [][]int) (decl string, k int) {
	k = u.Kind(name, func(s int) [][]Part {
		var o [][]Part
		for _, w := range E[s] {
			o = append(o, []Part{{k, w}})
		}
		return o
	})
	decl = fmt.Sprintf("let E_%s = %s\ngame %s(v) moves %s(w) for w in E_%s[v]\n", name, adjList(E), name, name, name)
	return decl, k
}

// MaxDegree is the largest number of edges of a node.
func MaxDegree(E [][]int) int {
	m := 0
	for _, e := range E {
		m = max(m, len(e))
	}
	return m
}

// NimBound is 2^b - 1 >= m: an xor of values <= m stays <= it.
func NimBound(m int) int {
	b := 1
	for b <= m {
		b <<= 1
	}
	return b - 1
}

// Pick draws k values of 0 .. n-1 (with repetitions).
func Pick(r *rand.Rand, n, k int) []int {
	xs := make([]int, k)
	for i := range xs {
		xs[i] = r.IntN(n)
	}
	return xs
}

// ---------------------------------------------------------------------------
// 1. Random DAGs.

// DAGUnit is a random DAG game (NAME(v) moves to its successors) and
// queries of its nodes, of their moves and winning moves, and of sums of
// two or three nodes and nimbers.
func DAGUnit(r *rand.Rand, name string) *Unit {
	u := NewUniverse()
	n := 5 + r.IntN(36)
	E := RandDAG(r, n, 1+r.IntN(4))
	decl, k := GraphGame(u, name, E)
	un := &Unit{Decl: decl}
	maxk := NimBound(MaxDegree(E))
	d := func(v int) GExpr { return u.Pos(k, v) }
	u.AskNodes(un, k, n, maxk)
	for range 4 {
		v := r.IntN(n)
		un.Ask("moves("+d(v).Text+")", u.CheckMoves(d(v)))
		un.Ask("winning("+d(v).Text+")", u.CheckWinning(d(v)))
	}
	for range 8 {
		a := Pick(r, n, 2)
		g := Plus(d(a[0]), d(a[1]))
		u.AskAll(un, g, maxk)
		if r.IntN(3) == 0 {
			un.Ask("moves("+g.Text+")", u.CheckMoves(g))
		}
	}
	for range 4 {
		a := Pick(r, n, 3)
		g := SumOf(d(a[0]), d(a[1]), d(a[2]))
		u.AskAll(un, g, -1)
		if r.IntN(3) == 0 {
			un.Ask("moves("+g.Text+")", u.CheckMoves(g))
		}
	}
	for range 4 {
		a := Pick(r, n, 2)
		g := Plus(d(a[0]), d(a[1]), Nim(r.IntN(6)))
		if r.IntN(2) == 0 {
			g = Plus(Nim(r.IntN(6)), d(a[0]))
		}
		u.AskAll(un, g, -1)
		un.Ask("moves("+g.Text+")", u.CheckMoves(g))
	}
	return un
}

// ---------------------------------------------------------------------------
// 2. Random subtraction games, with nimbers in the sums.

// SubGame declares a random subtraction game; S is 1-4 values in 1..8.
func SubGame(r *rand.Rand, name string) (*Universe, string, int, []int) {
	u := NewUniverse()
	S := r.Perm(8)[:1+r.IntN(4)]
	for i := range S {
		S[i]++
	}
	slices.Sort(S)
	var k int
	k = u.Kind(name, func(n int) [][]Part {
		var o [][]Part
		for _, s := range S { // a set iterates in ascending order
			if s <= n {
				o = append(o, []Part{{k, n - s}})
			}
		}
		return o
	})
	decl := fmt.Sprintf("let S_%s = %s\ngame %s(n) moves %s(n - s) for s in S_%s if s <= n\n", name, IntSet(S), name, name, name)
	return u, decl, k, S
}

// SubUnit is a random subtraction game and queries of its first
// positions, of a deep one, and of sums with nimbers; its universe and
// kind too.
func SubUnit(r *rand.Rand, name string) (*Unit, *Universe, int) {
	u, decl, k, S := SubGame(r, name)
	un := &Unit{Decl: decl}
	maxk := NimBound(len(S))
	h := func(n int) GExpr { return u.Pos(k, n) }
	u.AskNodes(un, k, 31, maxk)
	{
		big := h(200 + r.IntN(1800)) // a deep search
		un.Ask("outcome("+big.Text+")", u.CheckOutcome(big))
		un.Ask("sg("+big.Text+")", u.CheckSG(big, maxk))
	}
	for range 6 {
		g := Plus(h(r.IntN(31)), h(r.IntN(31)))
		if r.IntN(2) == 0 {
			g = Plus(g, Nim(r.IntN(8)))
		}
		u.AskAll(un, g, maxk)
	}
	for range 4 {
		g := Plus(h(r.IntN(21)), Nim(r.IntN(8)), h(r.IntN(21)))
		if r.IntN(2) == 0 {
			g = SumOf(h(r.IntN(21)), h(r.IntN(21)), h(r.IntN(21)))
		}
		u.AskAll(un, g, -1)
		un.Ask("moves("+g.Text+")", u.CheckMoves(g))
	}
	return un, u, k
}

// ---------------------------------------------------------------------------
// 3. Random take-and-break rules; brute force on multisets of heaps.

// randSubset: 1..max(1, upto) values of 1..n, ascending.
func randSubset(r *rand.Rand, n, upto int) []int {
	S := r.Perm(n)[:1+r.IntN(upto)]
	for i := range S {
		S[i]++
	}
	slices.Sort(S)
	return S
}

// TakeBreakUnit is a random take-and-break game (a Kayles-like rule, an
// octal-like one or a take-then-split one, named tbI, ocI or spI) and
// queries of its positions, their moves and of sums.
func TakeBreakUnit(r *rand.Rand, i int) *Unit {
	u := NewUniverse()
	var decl string
	var k int
	switch r.IntN(3) {
	case 0:
		// Remove t tokens from a row and split the rest into two rows
		// (possibly empty), Kayles-like.
		name := fmt.Sprintf("tb%d", i)
		T := randSubset(r, 4, 3)
		k = u.Kind(name, func(n int) [][]Part {
			var o [][]Part
			for _, t := range T {
				for a := 0; a <= n-t; a++ {
					if n >= t {
						o = append(o, []Part{{k, a}, {k, n - t - a}})
					}
				}
			}
			return o
		})
		decl = fmt.Sprintf("let T_%s = %s\ngame %s(n) moves %s(a) + %s(n - t - a) for t in T_%s for a in 0 .. n - t if n >= t\n",
			name, IntList(T), name, name, name, name)
	case 1:
		// Octal-like: take t to leave nothing (T1), one nonempty heap
		// (T2), or two nonempty heaps (T4).
		name := fmt.Sprintf("oc%d", i)
		var T1, T2, T4 []int
		for t := 1; t <= 4; t++ {
			d := r.IntN(8)
			if t == 1 && d == 0 {
				d = 1 + r.IntN(7)
			}
			if d&1 != 0 {
				T1 = append(T1, t)
			}
			if d&2 != 0 {
				T2 = append(T2, t)
			}
			if d&4 != 0 {
				T4 = append(T4, t)
			}
		}
		k = u.Kind(name, func(n int) [][]Part {
			var o [][]Part
			for _, t := range T1 {
				if n == t {
					o = append(o, []Part{{0, 0}})
				}
			}
			for _, t := range T2 {
				if n > t {
					o = append(o, []Part{{k, n - t}})
				}
			}
			for _, t := range T4 {
				for a := 1; a <= n-t-1; a++ {
					o = append(o, []Part{{k, a}, {k, n - t - a}})
				}
			}
			return o
		})
		decl = fmt.Sprintf("let T1_%[1]s = %[2]s\nlet T2_%[1]s = %[3]s\nlet T4_%[1]s = %[4]s\n"+
			"game %[1]s(n) moves\n    *0 for t in T1_%[1]s if n == t\n  | %[1]s(n - t) for t in T2_%[1]s if n > t\n"+
			"  | %[1]s(a) + %[1]s(n - t - a) for t in T4_%[1]s for a in 1 .. n - t - 1\n",
			name, IntList(T1), IntList(T2), IntList(T4))
	default:
		// Take t from a row, and optionally split what is left in two
		// nonempty rows (two alternatives, like Dawson-type rules).
		name := fmt.Sprintf("sp%d", i)
		T := randSubset(r, 3, 2)
		k = u.Kind(name, func(n int) [][]Part {
			var o [][]Part
			for _, t := range T {
				if t <= n {
					o = append(o, []Part{{k, n - t}})
				}
			}
			for _, t := range T {
				for a := 1; a <= n-t-1; a++ {
					o = append(o, []Part{{k, a}, {k, n - t - a}})
				}
			}
			return o
		})
		decl = fmt.Sprintf("let T_%[1]s = %[2]s\ngame %[1]s(n) moves %[1]s(n - t) for t in T_%[1]s if t <= n\n"+
			"  | %[1]s(a) + %[1]s(n - t - a) for t in T_%[1]s for a in 1 .. n - t - 1\n", name, IntSet(T))
	}
	un := &Unit{Decl: decl}
	h := func(n int) GExpr { return u.Pos(k, n) }
	u.AskNodes(un, k, 15, 63)
	for range 3 {
		v := r.IntN(12)
		un.Ask("moves("+h(v).Text+")", u.CheckMoves(h(v)))
		un.Ask("winning("+h(v).Text+")", u.CheckWinning(h(v)))
	}
	for range 5 {
		a := r.IntN(13)
		g := Plus(h(a), h(r.IntN(21-a)))
		if r.IntN(2) == 0 {
			g = Plus(g, Nim(r.IntN(8)))
		}
		u.AskAll(un, g, -1)
		un.Ask("moves("+g.Text+")", u.CheckMoves(g))
	}
	for range 2 {
		a, b := r.IntN(9), r.IntN(9)
		g := SumOf(h(a), h(b), h(r.IntN(max(1, 21-a-b))))
		u.AskAll(un, g, -1)
	}
	return un
}

// ---------------------------------------------------------------------------
// 4. k copies (`k * G`), `sum of` comprehensions, the same position twice.

// CopiesUnit is a random DAG or subtraction game (named cI or sI) and
// queries of k copies (`k * G`), `sum of` comprehensions, the same
// position twice, and the empty sum.
func CopiesUnit(r *rand.Rand, i int) *Unit {
	var u *Universe
	var decl string
	var k, n, maxk int
	if r.IntN(2) == 0 {
		u = NewUniverse()
		n = 3 + r.IntN(12)
		E := RandDAG(r, n, 1+r.IntN(3))
		decl, k = GraphGame(u, fmt.Sprintf("c%d", i), E)
		maxk = NimBound(MaxDegree(E))
	} else {
		var S []int
		u, decl, k, S = SubGame(r, fmt.Sprintf("s%d", i))
		n = 16
		maxk = NimBound(len(S))
	}
	un := &Unit{Decl: decl}
	g := func(v int) GExpr { return u.Pos(k, v) }
	for range 3 {
		a := r.IntN(n)
		twice := Plus(g(a), g(a))
		u.AskAll(un, twice, maxk)
		un.Ask("moves("+twice.Text+")", u.CheckMoves(twice))
	}
	for range 4 {
		c := Copies(r.IntN(5), g(r.IntN(n)))
		u.AskAll(un, c, maxk)
		un.Ask("moves("+c.Text+")", u.CheckMoves(c))
	}
	for range 3 {
		c := Plus(Copies(1+r.IntN(3), g(r.IntN(n))), g(r.IntN(n)))
		u.AskAll(un, c, -1)
	}
	for range 2 {
		c := Copies(2, Plus(g(r.IntN(n)), Nim(r.IntN(4))))
		u.AskAll(un, c, -1)
		un.Ask("moves("+c.Text+")", u.CheckMoves(c))
	}
	for range 3 {
		a := r.IntN(n)
		xs := []int{a, r.IntN(n), a}
		if r.IntN(2) == 0 {
			xs = append(xs, r.IntN(n))
		}
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		c := u.SumFor(k, xs)
		u.AskAll(un, c, -1)
		un.Ask("moves("+c.Text+")", u.CheckMoves(c))
	}
	// The empty sum and 0 copies are *0, a loss for the player to move.
	un.Ask("outcome(sum of "+g(0).Text+" for x in [])", func(got string) string {
		if got != "P" {
			return "want: P (the empty sum)"
		}
		return ""
	})
	return un
}
