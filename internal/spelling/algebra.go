package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The spellings the planner's algebra pass (internal/algebra) brings
// back: a split summed over a literal, a split's heaps as their min and
// max, an option behind a conditional its filter decides.

// gameNames is the games f declares.
func gameNames(f *lang.File) map[string]bool {
	games := map[string]bool{}
	for _, s := range f.Stmts {
		if g, ok := s.(*lang.GameStmt); ok {
			games[g.Name.Name] = true
		}
	}
	return games
}

// splitArg returns the index of the one argument in which two calls of
// one game at s differ, or -1.
func splitArg(ix *index, s *site, games map[string]bool, x, y lang.Expr) int {
	a, ok1 := x.(*lang.Call)
	b, ok2 := y.(*lang.Call)
	if !ok1 || !ok2 || !isGame(ix, s, a, games) || lang.SExpr(a.Fn) != lang.SExpr(b.Fn) || len(a.Args) != len(b.Args) {
		return -1
	}
	k := -1
	for i := range a.Args {
		if lang.SExpr(a.Args[i]) != lang.SExpr(b.Args[i]) {
			if k >= 0 {
				return -1
			}
			k = i
		}
	}
	return k
}

// sumLit: `G(.., a, ..) + G(.., b, ..)`, two positions of one game that
// differ in one argument, as `(sum of G(.., r, ..) for r in [a, b])`: the
// same parts summed in the same order (spec.md 8.2: `sum of` over a
// list; the arguments a and b are evaluated first, which may change
// which of two failures is reported).
func sumLit(r *rand.Rand, f *lang.File) bool {
	games := gameNames(f)
	ix := collect(f)
	var cands []*site
	for _, s := range ix.sites {
		if b, ok := (*s.slot).(*lang.Binary); ok && b.Op == lang.OpAdd && splitArg(ix, s, games, b.X, b.Y) >= 0 {
			cands = append(cands, s)
		}
	}
	s, ok := pick(r, cands)
	if !ok {
		return false
	}
	b := (*s.slot).(*lang.Binary)
	k := splitArg(ix, s, games, b.X, b.Y)
	x, y := b.X.(*lang.Call), b.Y.(*lang.Call)
	v := newNamer(f).fresh("part")
	body := clone(x).(*lang.Call)
	body.Args[k] = ident(v)
	*s.slot = &lang.Comp{Kind: lang.SumComp, Body: body, Clauses: []lang.Clause{
		forClause(pattern(v), &lang.ListLit{Elems: []lang.Expr{x.Args[k], y.Args[k]}}),
	}}
	return true
}

// minMaxSplit: `G(.., a, ..) + G(.., b, ..)` of ints a and b, where only
// its SG value counts (and the order of the options is free), as `G(..,
// min(a, b), ..) + G(.., max(a, b), ..)`: the same two positions, summed
// (spec.md 10.1: + of games is their sum, whose value is the xor).
func minMaxSplit(r *rand.Rand, f *lang.File) bool {
	if !builtinOK(f, "min", "max") {
		return false
	}
	games := gameNames(f)
	free := orderFree(f)
	ix := collect(f)
	var cands []*site
	for _, s := range ix.sites {
		b, ok := (*s.slot).(*lang.Binary)
		if !ok || b.Op != lang.OpAdd || !(s.stream == sgArg || s.stream == option && free) {
			continue
		}
		if k := splitArg(ix, s, games, b.X, b.Y); k >= 0 && intish(b.X.(*lang.Call).Args[k], s.ints) && intish(b.Y.(*lang.Call).Args[k], s.ints) {
			cands = append(cands, s)
		}
	}
	s, ok := pick(r, cands)
	if !ok {
		return false
	}
	b := (*s.slot).(*lang.Binary)
	k := splitArg(ix, s, games, b.X, b.Y)
	x, y := b.X.(*lang.Call), b.Y.(*lang.Call)
	p, q := x.Args[k], y.Args[k]
	x.Args[k] = call("min", clone(p), clone(q))
	y.Args[k] = call("max", clone(p), clone(q))
	return true
}

// intish reports whether e is an int wherever it evaluates: a known int,
// or a sum or difference with one (+ and - of an int and another value
// fail).
func intish(e lang.Expr, ints []string) bool {
	if b, ok := e.(*lang.Binary); ok && (b.Op == lang.OpAdd || b.Op == lang.OpSub) {
		return intish(b.X, ints) || intish(b.Y, ints)
	}
	return knownInt(e, ints)
}

// ifKnown: the option E of an alternative with a clause `if C` as `(if
// C then E else *0)`, where no for clause after the `if` binds a name C
// reads: C, evaluated again at the option, holds (spec.md 8.4: a clause
// filters what follows it; evaluation is repeatable).
func ifKnown(r *rand.Rand, f *lang.File) bool {
	type cand struct {
		alt *lang.Alt
		c   lang.Expr
	}
	var cands []cand
	for _, st := range f.Stmts {
		g, ok := st.(*lang.GameStmt)
		if !ok {
			continue
		}
		for _, a := range g.Alts {
			alt, ok := a.(*lang.Alt)
			if !ok {
				continue
			}
			for k, cl := range alt.Clauses {
				ic, ok := cl.(*lang.IfClause)
				if !ok {
					continue
				}
				reads := freeNames(ic.Cond)
				if !slices.ContainsFunc(clauseNames(alt.Clauses[k+1:]), func(n string) bool { return slices.Contains(reads, n) }) {
					cands = append(cands, cand{alt, ic.Cond})
				}
			}
		}
	}
	c, ok := pick(r, cands)
	if !ok {
		return false
	}
	c.alt.Body = &lang.IfExpr{Cond: clone(c.c), Then: c.alt.Body, Else: &lang.Unary{Op: lang.OpNimber, X: intLit(0)}}
	return true
}
