package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Disjunctions: a filter that is a disjunction of equalities L == R whose
// sides are int arithmetic,
//
//	range s = 1 .. n; filter s == 1 or s == 3 or s == 4
//
// is, when every disjunct is the same affine form D but for its constant
// (D == c1 or D == c2 ...), the membership D in [c1, c2, ...], which
// the membership pass (membership.go) then turns into a generator over
// the constants, in the order that keeps the range's variable ascending:
//
//	elems s' in [1, 3, 4]; filter s' >= 1; filter s' <= n; yield g(n - s')
//
// Exact for every consumer: `or` evaluates the disjuncts in order until
// one holds, `in` compares D with each constant; both give the same bool
// and neither can fail (every side is safe, safety.go, under the guard).
// Otherwise (`x + y == a + b - 1 or x == a - 2`), for a consumer that
// sees neither the order nor the repeats of the yields (unordered.go),
// the query is several, one a disjunct in its place,
//
//	range x = 0 .. a; range y = 0 .. b; filter x + y == a + b - 1; yield g(x, y)
//	then
//	range x = 0 .. a; range y = 0 .. b; filter x == a - 2; yield g(x, y)
//
// each of which the equalities pass solves. Exact: a binding that passes
// the disjunction passes one disjunct at least and is yielded once for
// each: the same yields, in another order, some repeated; nothing
// evaluated can fail (`or` short-circuits: a disjunct it would not have
// evaluated is evaluated, which is why it must not fail), so the consumer
// sees neither.
func disjunctions(env *Env, q *ir.Query) []*ir.Query {
	if out := splitDisjunctions(env, q); out != nil {
		return out
	}
	return chains(env, q)
}

func splitDisjunctions(env *Env, q *ir.Query) []*ir.Query {
	for fi, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		if out := unequal(env, q, fi, f); out != nil {
			return out
		}
		ds := disjuncts(f.Cond)
		if len(ds) < 2 {
			continue
		}
		sf := newSafety(env, q)
		if !sf.Cond(f.Cond) {
			continue
		}
		// (Each disjunct on its own too: one that the ones before it
		// keep from failing, `i == 0 or b[i - 1] == 0`, fails in a
		// query of its own.)
		alone := true
		for _, d := range ds {
			alone = alone && sf.Cond(d)
		}
		if !alone {
			continue
		}
		g0, ok := sf.Guard(q)
		if !ok {
			continue
		}
		// (One variable: the membership loops over the constants; more:
		// each part's equality binds one of them, and the bounds narrow
		// the others' ranges, which the membership's loop would not.)
		multi := len(queryVars(q, f.Cond)) > 1
		if !multi {
			if out := asMembership(env, q, fi, f, ds, g0); out != nil {
				return []*ir.Query{out}
			}
		}
		if out := union(env, q, fi, f, ds); out != nil {
			return out
		}
		if multi {
			if out := asMembership(env, q, fi, f, ds, g0); out != nil {
				return []*ir.Query{out}
			}
		}
	}
	return nil
}

// union is q once for each disjunct of ds, in the place of filter fi,
// for the SG search when it sees neither the order nor the repeats (a
// move rule's alternative may become several; a comprehension may not);
// or nil.
func union(env *Env, q *ir.Query, fi int, f *ir.Filter, ds []lang.Expr) []*ir.Query {
	if q.Consumer != ir.MoveSG {
		return nil // (a comprehension is planned as one query)
	}
	g, ok := unordered(env, q)
	if !ok {
		return nil
	}
	var out []*ir.Query
	for _, d := range ds {
		x := q.Clone()
		// (A conjunction as its filters, in order: `and` evaluates its
		// right side where its left one holds.)
		var fs []ir.Clause
		for _, c := range andSides(d) {
			fs = append(fs, &ir.Filter{Cond: c, At: f.At})
		}
		x.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:fi]...), fs...), q.Clauses[fi+1:]...)
		x.Guard = g
		out = append(out, x)
	}
	return out
}

// unequal is q as two queries, X < Y and then X > Y in the place of a
// filter X != Y of ints that reads one variable of q, a range's (for the
// SG search, as union): each half of the range is then a bound, which
// the bounds and the fast loops take (`a != n - a`: a < n - a, then
// a > n - a); or nil. Exact as union: for ints, X != Y holds where
// exactly one of the two does, and none of them can fail.
func unequal(env *Env, q *ir.Query, fi int, f *ir.Filter) []*ir.Query {
	b, ok := f.Cond.(*lang.Binary)
	if !ok || b.Op != lang.OpNe {
		return nil
	}
	vs := queryVars(q, b)
	if len(vs) != 1 {
		return nil
	}
	if _, isRange := newSafety(env, q).Binder(vs[0]).(*ir.Range); !isRange {
		return nil
	}
	for _, x := range []lang.Expr{b.X, b.Y} {
		if _, ok := ir.AffineOf(x, func(*lang.Ident) bool { return true }); !ok {
			return nil // (a half would be no bound)
		}
	}
	if sf := newSafety(env, q); !sf.Cond(b) {
		return nil
	}
	lt := &lang.Binary{Pos: b.Pos, Op: lang.OpLt, X: b.X, Y: b.Y}
	gt := &lang.Binary{Pos: b.Pos, Op: lang.OpGt, X: b.X, Y: b.Y}
	return union(env, q, fi, f, []lang.Expr{lt, gt})
}

// queryVars returns the variables of q that e reads.
func queryVars(q *ir.Query, e lang.Expr) []*resolve.Decl {
	var out []*resolve.Decl
	for d := range identsOf(e) {
		for _, cl := range q.Clauses {
			for _, n := range cl.Binds() {
				if resolve.NameDecl(n) == d {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// andSides is the conjuncts of e's top-level `and`s, in order.
func andSides(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return append(andSides(b.X), andSides(b.Y)...)
	}
	return []lang.Expr{e}
}

// disjuncts returns the equalities whose disjunction c is, in order, or
// nil.
func disjuncts(c lang.Expr) []lang.Expr {
	b, ok := c.(*lang.Binary)
	if !ok {
		return nil
	}
	switch b.Op {
	case lang.OpEq:
		return []lang.Expr{b}
	case lang.OpAnd:
		// (A conjunction with an equality: a query of its own, for the
		// SG search, that the equality solves.)
		for _, c := range []lang.Expr{b.X, b.Y} {
			if len(disjuncts(c)) == 1 {
				return []lang.Expr{b}
			}
		}
		return nil
	case lang.OpOr:
		x, y := disjuncts(b.X), disjuncts(b.Y)
		if x == nil || y == nil {
			return nil
		}
		return append(x, y...)
	}
	return nil
}

// asMembership rewrites the disjunction of equalities ds at filter fi as
// a membership and plans it (membership.go), or returns nil; guard: the
// one under which the disjunction cannot fail.
func asMembership(env *Env, q *ir.Query, fi int, f *ir.Filter, ds []lang.Expr, guard []ir.Bound) *ir.Query {
	any := func(*lang.Ident) bool { return true }
	var (
		base  ir.Affine
		names = map[*resolve.Decl]*lang.Ident{}
		lit   = &lang.ListLit{Pos: f.Cond.Position()}
	)
	for _, d := range ds {
		if d.(*lang.Binary).Op != lang.OpEq {
			return nil // (a conjunction: a query of its own)
		}
	}
	for i, d := range ds {
		eq := d.(*lang.Binary)
		l, ok1 := ir.AffineOf(eq.X, any)
		r, ok2 := ir.AffineOf(eq.Y, any)
		if !ok1 || !ok2 {
			return nil
		}
		diff, ok := l.Add(r, -1) // D + c == 0: D in [-c]
		if !ok || len(diff.Coef) == 0 {
			return nil
		}
		c := diff.Const
		diff.Const = 0
		if i == 0 {
			base = diff
		} else if !sameCoefs(base, diff) {
			// (D + c == 0 is -D - c == 0.)
			neg, ok := diff.Scale(-1)
			if !ok || !sameCoefs(base, neg) || c == -c && c != 0 {
				return nil
			}
			c = -c
		}
		if c == -c && c != 0 {
			return nil // (the least int has no negation)
		}
		lit.Elems = append(lit.Elems, &lang.IntLit{Pos: eq.Pos, Val: -c})
		for k, v := range identsOf(eq) {
			if _, seen := names[k]; !seen {
				names[k] = v
			}
		}
	}
	pos := f.Cond.Position()
	in := &lang.Binary{Pos: pos, Op: lang.OpIn, X: build(base, names, pos), Y: lit}
	x := q.Clone()
	x.Clauses[fi] = &ir.Filter{Cond: in, At: f.At}
	x.Guard = guard // (what the disjuncts read: a name may cancel in D)
	return memberAt(env, x, fi, x.Clauses[fi])
}

// sameCoefs reports whether a and b have the same coefficients.
func sameCoefs(a, b ir.Affine) bool {
	if len(a.Coef) != len(b.Coef) {
		return false
	}
	for d, k := range a.Coef {
		if b.Coef[d] != k {
			return false
		}
	}
	return true
}
