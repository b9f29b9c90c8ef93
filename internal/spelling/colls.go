package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The collection and order families: what a for clause iterates spelled
// as another collection, and the order of alternatives and of the parts
// of a sum where nothing can see it.

// litInts returns the values of a list of int literals.
func litInts(xs []lang.Expr) ([]int64, bool) {
	var vs []int64
	for _, x := range xs {
		switch x := x.(type) {
		case *lang.IntLit:
			vs = append(vs, x.Val)
		case *lang.Unary:
			l, ok := x.X.(*lang.IntLit)
			if x.Op != lang.OpNeg || !ok || l.Val < 0 {
				return nil, false
			}
			vs = append(vs, -l.Val)
		default:
			return nil, false
		}
	}
	return vs, true
}

func intLits(vs []int64) []lang.Expr {
	var xs []lang.Expr
	for _, v := range vs {
		xs = append(xs, intLit(v))
	}
	return xs
}

// collLiteral: a literal of ints that a for clause or statement iterates
// spelled as a set, a list or a tuple: a set iterates in ascending order
// (spec.md 6.6, 8.11), so {4, 1, 3, 1} is [1, 3, 4] and (1, 3, 4). In a
// game's alternative, where nothing in the script shows the order of
// options, a list may also be shuffled and repeat elements (the same
// options, spec.md 9.4).
func collLiteral(r *rand.Rand, f *lang.File) bool {
	free := orderFree(f)
	type cand struct {
		slot *lang.Expr
		vs   []int64
		alt  bool
	}
	var cands []cand
	add := func(slot *lang.Expr, alt bool) {
		var elems []lang.Expr
		switch e := (*slot).(type) {
		case *lang.SetLit:
			elems = e.Elems
		case *lang.ListLit:
			elems = e.Elems
		case *lang.TupleLit:
			elems = e.Elems
		default:
			return
		}
		vs, ok := litInts(elems)
		if !ok || len(vs) == 0 {
			return
		}
		_, isSet := (*slot).(*lang.SetLit)
		if isSet || ascending(vs) || alt && free {
			cands = append(cands, cand{slot, vs, alt && free})
		}
	}
	for _, i := range collect(f).iters() {
		add(i.slot, i.inGame())
	}
	c, ok := pick(r, cands)
	if !ok {
		return false
	}
	vs := slices.Clone(c.vs)
	if _, isSet := (*c.slot).(*lang.SetLit); isSet || !ascending(vs) {
		slices.Sort(vs)
		vs = slices.Compact(vs)
	}
	switch n := r.IntN(4); {
	case n == 0 && c.alt:
		// shuffled, with repeats
		vs = append(vs, vs[r.IntN(len(vs))])
		r.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
		*c.slot = &lang.ListLit{Elems: intLits(vs)}
	case n == 1:
		*c.slot = &lang.TupleLit{Elems: intLits(vs)}
	case n == 2:
		*c.slot = &lang.SetLit{Elems: intLits(vs)}
	default:
		*c.slot = &lang.ListLit{Elems: intLits(vs)}
	}
	return true
}

func ascending(vs []int64) bool {
	for i := 1; i < len(vs); i++ {
		if vs[i] <= vs[i-1] {
			return false
		}
	}
	return true
}

// collSorted: what a for clause or statement iterates spelled through a
// built-in. `sorted(XS)` where XS gives ascending ints (a set of int
// literals, divisors(n), a range in a for statement): the same list
// (spec.md 12). `set(XS)` in a game's alternative where XS is a list or
// set (a literal, a comprehension, sorted or divisors), when nothing in
// the script shows the order of options: the same options, each once,
// in ascending order. A range in a clause stays as it is: it is never
// built there, and sorted() or set() would build it (spec.md 8.4).
func collSorted(r *rand.Rand, f *lang.File) bool {
	free := orderFree(f)
	type cand struct {
		slot   *lang.Expr
		toSet  bool
		sorted bool
	}
	var cands []cand
	ix := collect(f)
	add := func(slot *lang.Expr, alt, clause bool) {
		if clause && isIntRange(*slot) {
			return
		}
		asc, coll := ascendingInts(f, *slot)
		c := cand{slot: slot, sorted: asc && builtinOK(f, "sorted"), toSet: alt && free && coll && builtinOK(f, "set")}
		if c.sorted || c.toSet {
			cands = append(cands, c)
		}
	}
	for _, i := range ix.iters() {
		add(i.slot, i.inGame(), i.it != nil)
	}
	c, ok := pick(r, cands)
	if !ok {
		return false
	}
	if c.toSet && (!c.sorted || r.IntN(2) == 0) {
		*c.slot = call("set", *c.slot)
	} else {
		*c.slot = call("sorted", *c.slot)
	}
	return true
}

// ascendingInts reports whether e is (when it does not fail) a list of
// ascending ints, or a set of ints; and whether it is a list or a set
// at all.
func ascendingInts(f *lang.File, e lang.Expr) (asc, coll bool) {
	switch e := e.(type) {
	case *lang.Binary:
		return e.Op == lang.OpRange, e.Op == lang.OpRange
	case *lang.SetLit:
		_, ints := litInts(e.Elems)
		return ints, true
	case *lang.ListLit:
		vs, ints := litInts(e.Elems)
		return ints && ascending(vs), true
	case *lang.Comp:
		return false, e.Kind == lang.ListComp || e.Kind == lang.SetComp
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		if !ok || !builtinOK(f, id.Name) {
			return false, false
		}
		switch id.Name {
		case "divisors", "primes", "fibs":
			return len(e.Args) == 1, len(e.Args) == 1
		case "sorted":
			return false, len(e.Args) == 1
		}
	}
	return false, false
}

// altSwap: two alternatives of a game swapped, when nothing in the
// script shows the order of options (no moves, winning or graph): a
// position has the same options (spec.md 9.1), and its SG value, outcome
// and remoteness do not depend on their order (spec.md 10, 11).
func altSwap(r *rand.Rand, f *lang.File) bool {
	if !orderFree(f) {
		return false
	}
	var games []*lang.GameStmt
	for _, s := range f.Stmts {
		if g, ok := s.(*lang.GameStmt); ok && len(g.Alts) >= 2 {
			games = append(games, g)
		}
	}
	g, ok := pick(r, games)
	if !ok {
		return false
	}
	i := r.IntN(len(g.Alts))
	j := (i + 1 + r.IntN(len(g.Alts)-1)) % len(g.Alts)
	g.Alts[i], g.Alts[j] = g.Alts[j], g.Alts[i]
	return true
}

// altDup: an alternative of a game repeated at the end: its options come
// again after all the others, so the distinct options and their first
// places do not change (spec.md 9.4).
func altDup(r *rand.Rand, f *lang.File) bool {
	var games []*lang.GameStmt
	for _, s := range f.Stmts {
		if g, ok := s.(*lang.GameStmt); ok {
			games = append(games, g)
		}
	}
	g, ok := pick(r, games)
	if !ok {
		return false
	}
	a := g.Alts[r.IntN(len(g.Alts))].(*lang.Alt)
	g.Alts = append(g.Alts, cloneAlt(a))
	return true
}

// sumSwap: `G + H` becomes `H + G` where only its SG value counts: in
// the argument of sg, outcome or remoteness (the value of a sum is the
// xor of its parts', spec.md 10.1; outcomes of sums with cycles, 11.3,
// do not depend on the order either), and in an option of a game when
// nothing shows the order of options (sums with the same parts are
// equal, spec.md 7).
func sumSwap(r *rand.Rand, f *lang.File) bool {
	free := orderFree(f)
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		b, ok := (*s.slot).(*lang.Binary)
		return ok && b.Op == lang.OpAdd && (s.stream == sgArg || s.stream == option && free)
	}))
	if !ok {
		return false
	}
	b := (*s.slot).(*lang.Binary)
	b.X, b.Y = b.Y, b.X
	return true
}
