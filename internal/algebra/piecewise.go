package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// maxPieces is the most pairs a query may take the min or max of over
// one range for Piecewise to split it (each split doubles the queries).
const maxPieces = 3

// Piecewise splits a move rule's range whose variable v the clauses after it read in
// min(X, Y), max(X, Y) or a conditional on X < Y (<=, >, >=), X - Y
// being v or -v plus terms bound before the range, at the point where X
// and Y cross, into the two ranges on either side, each with min and
// max written as the side they pick, the conditional as its branch:
//
//	range k = 1 .. a; yield w(min(a - k, b), max(a - k, b))
//	    range k = 1 .. (if a - b - 1 < a then a - b - 1 else a); yield w(b, a - k)
//	    then range k = (if 1 > a - b then 1 else a - b) .. a; yield w(a - k, b)
//
// a position kept in order (a sorted pair) is then an affine option on
// each side, which the fast loops read. Exact for every consumer: the
// two ranges, one after the other, are the range's ints in order; on
// each, min and max of X and Y are the side written; X, Y and the new
// ends are ints that cannot fail (the side not written is not evaluated,
// the crossing point is evaluated once more).
//
// The two ranges are two queries, the first's yields before the
// second's: the range's ints in order where it is the query's first loop
// (only filters and binds before it); a later loop's, for a consumer
// that sees no order (env.Unordered).
func Piecewise(env Env, q *ir.Query) []*ir.Query {
	if !moveRule(q) {
		return nil
	}
	loops := 0
	for i, cl := range q.Clauses {
		switch cl.(type) {
		case *ir.Filter, *ir.Bind:
			continue
		}
		loops++
		r, ok := cl.(*ir.Range)
		if !ok {
			continue
		}
		out := splitRange(env, q, i, r)
		if out == nil {
			continue
		}
		if loops > 1 {
			if q.Consumer != ir.MoveSG {
				continue
			}
			g, ok := env.Unordered(q)
			if !ok {
				continue
			}
			for _, p := range out {
				p.Guard = ir.MergeGuards(p.Guard, g)
			}
		}
		return out
	}
	return nil
}

// crossing is what a range is split by: X - Y <= S (S is 0 or -1) on
// one side of a point, X - Y > S on the other; the min or max of X and
// Y (S = 0), or a conditional on a comparison of them (cond).
type crossing struct {
	x, y lang.Expr
	s    int64
	cond lang.Expr // (nil: min and max)
}

// crossingOf reads e as a crossing: min(X, Y), max(X, Y), or `if X op Y then A
// else B` for an ordering op.
func crossingOf(env Env, e lang.Expr) (crossing, bool) {
	if _, x, y, ok := ir.MinMax(env.R, e); ok {
		return crossing{x: x, y: y}, true
	}
	f, ok := e.(*lang.IfExpr)
	if !ok {
		return crossing{}, false
	}
	b, ok := f.Cond.(*lang.Binary)
	if !ok || !b.Op.Ordering() {
		return crossing{}, false
	}
	c := crossing{x: b.X, y: b.Y, cond: b}
	if b.Op == lang.OpLt || b.Op == lang.OpGe {
		c.s = -1 // (X < Y: X - Y <= -1)
	}
	return c, true
}

// same reports whether c and d split alike.
func (c crossing) same(d crossing) bool {
	if (c.cond == nil) != (d.cond == nil) {
		return false
	}
	if c.cond != nil {
		return ir.Same(c.cond, d.cond)
	}
	return ir.Same(c.x, d.x) && ir.Same(c.y, d.y) || ir.Same(c.x, d.y) && ir.Same(c.y, d.x)
}

// at is e where c's X - Y <= S holds (le) or does not: the side of a min
// or max, the branch of a conditional.
func (c crossing) at(env Env, e lang.Expr, le bool) (lang.Expr, bool) {
	d, ok := crossingOf(env, e)
	if !ok || !c.same(d) {
		return nil, false
	}
	if c.cond != nil {
		f := e.(*lang.IfExpr)
		op := c.cond.(*lang.Binary).Op
		if le == (op == lang.OpLe || op == lang.OpLt) {
			return f.Then, true
		}
		return f.Else, true
	}
	isMax, _, _, _ := ir.MinMax(env.R, e)
	lo, hi := c.x, c.y
	if !le {
		lo, hi = c.y, c.x
	}
	if isMax {
		return hi, true
	}
	return lo, true
}

// splitRange is Piecewise at range clause i, or nil.
func splitRange(env Env, q *ir.Query, i int, r *ir.Range) []*ir.Query {
	v := resolve.NameDecl(r.Var)
	inner := map[*resolve.Decl]bool{}
	for _, cl := range q.Clauses[i:] {
		for _, n := range cl.Binds() {
			inner[resolve.NameDecl(n)] = true
		}
	}
	var cands []crossing
	look := func(e lang.Expr) bool {
		if _, isComp := e.(*lang.Comp); isComp {
			return false // (its own names: left to its own plan)
		}
		if c, ok := crossingOf(env, e); ok && ir.MentionsDecl(c.x, v) || ok && ir.MentionsDecl(c.y, v) {
			for _, d := range cands {
				if d.same(c) {
					return true
				}
			}
			cands = append(cands, c)
		}
		return true
	}
	q.Inspect(i+1, look)
	if len(cands) == 0 || len(cands) > maxPieces {
		return nil
	}
	sf := env.Safety(q)
	for _, c := range cands {
		diff, ok := ir.AffineOf(&lang.Binary{Op: lang.OpSub, X: c.x, Y: c.y}, func(*lang.Ident) bool { return true })
		if !ok || diff.Coef[v] != 1 && diff.Coef[v] != -1 {
			continue
		}
		own := false
		for d := range diff.Coef {
			own = own || d != v && inner[d]
		}
		if own {
			continue // (the point depends on a later loop)
		}
		if _, ok := sf.Int(c.x); !ok {
			continue
		}
		if _, ok := sf.Int(c.y); !ok {
			continue
		}
		pos := r.At
		at0 := func(e lang.Expr) lang.Expr {
			return resolve.Substitute(e, map[*resolve.Decl]int{v: 0}, []lang.Expr{&lang.IntLit{Pos: pos, Val: 0}}, nil)
		}
		sub := func(a, b lang.Expr) lang.Expr { return &lang.Binary{Pos: pos, Op: lang.OpSub, X: a, Y: b} }
		shift := func(e lang.Expr, k int64) lang.Expr {
			for ; k < 0; k++ {
				e = ir.PlusOne(e, -1, pos)
			}
			for ; k > 0; k-- {
				e = ir.PlusOne(e, 1, pos)
			}
			return e
		}
		// The last v of the first side, and whether X - Y <= S there:
		// X - Y = v + D <= S where v <= S - D; X - Y = -v + D <= S
		// where v >= D - S.
		var last lang.Expr
		leFirst := diff.Coef[v] == 1
		if leFirst {
			last = shift(sub(at0(c.y), at0(c.x)), c.s)
		} else {
			last = shift(sub(at0(c.x), at0(c.y)), -c.s-1)
		}
		cx := &ctx{env: env, sf: sf}
		last = cx.rewrite(last)
		next := cx.rewrite(ir.PlusOne(last, 1, pos))
		first := &ir.Range{Var: r.Var, Lo: r.Lo, Hi: ir.MinExpr(r.Hi, last, pos), At: r.At, OpPos: r.OpPos}
		second := &ir.Range{Var: r.Var, Lo: ir.MaxExpr(r.Lo, next, pos), Hi: r.Hi, At: r.At, OpPos: r.OpPos}
		a, oka := piece(env, q, i, first, c, leFirst)
		b, okb := piece(env, q, i, second, c, !leFirst)
		if !oka || !okb {
			continue
		}
		for _, p := range []*ir.Query{a, b} {
			psf := env.Safety(p)
			rg := p.Clauses[i].(*ir.Range)
			if _, ok := psf.Int(rg.Lo); !ok {
				return nil
			}
			if _, ok := psf.Int(rg.Hi); !ok {
				return nil
			}
			g, ok := psf.Guard(p)
			if !ok {
				return nil
			}
			p.Guard = ir.MergeGuards(q.Guard, g)
		}
		return []*ir.Query{a, b}
	}
	return nil
}

// piece is q with range clause i written as r and, in the clauses after
// it, what c picks on the side where X - Y <= S holds (le) or not; false
// where one was left (in a place the rewrite does not look into).
func piece(env Env, q *ir.Query, i int, r *ir.Range, c crossing, le bool) (*ir.Query, bool) {
	var pick func(e lang.Expr) lang.Expr
	pick = func(e lang.Expr) lang.Expr {
		if x, ok := c.at(env, e, le); ok {
			return pick(x)
		}
		return mapExpr(e, pick)
	}
	out := q.Clone()
	out.Clauses[i] = r
	for j := i + 1; j < len(q.Clauses); j++ {
		out.Clauses[j] = mapClause(q.Clauses[j], pick)
	}
	out.Yield = pick(q.Yield)
	if q.Key != nil {
		out.Key = pick(q.Key)
	}
	left := false
	out.Inspect(i+1, func(e lang.Expr) bool {
		if _, isComp := e.(*lang.Comp); isComp {
			return false
		}
		if d, ok := crossingOf(env, e); ok && d.same(c) {
			left = true
		}
		return !left
	})
	return out, !left
}

// mapExpr is e with f applied to each operand of its operators, calls,
// literals, conditionals and indexes (e itself where none changes; a
// comprehension is left as written).
func mapExpr(e lang.Expr, f func(lang.Expr) lang.Expr) lang.Expr {
	all := func(xs []lang.Expr) ([]lang.Expr, bool) {
		out, changed := make([]lang.Expr, len(xs)), false
		for i, x := range xs {
			out[i] = f(x)
			changed = changed || out[i] != x
		}
		return out, changed
	}
	switch x := e.(type) {
	case *lang.Unary:
		if y := f(x.X); y != x.X {
			return &lang.Unary{Pos: x.Pos, Op: x.Op, X: y}
		}
	case *lang.Binary:
		a, b := f(x.X), f(x.Y)
		if a != x.X || b != x.Y {
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: a, Y: b}
		}
	case *lang.IfExpr:
		a, b, d := f(x.Cond), f(x.Then), f(x.Else)
		if a != x.Cond || b != x.Then || d != x.Else {
			return &lang.IfExpr{Pos: x.Pos, Cond: a, Then: b, Else: d}
		}
	case *lang.Index:
		a, b := f(x.X), f(x.Index)
		if a != x.X || b != x.Index {
			return &lang.Index{Pos: x.Pos, X: a, Index: b}
		}
	case *lang.Call:
		if args, changed := all(x.Args); changed {
			return &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: args, Site: x.Site}
		}
	case *lang.TupleLit:
		if xs, changed := all(x.Elems); changed {
			return &lang.TupleLit{Pos: x.Pos, Elems: xs}
		}
	case *lang.ListLit:
		if xs, changed := all(x.Elems); changed {
			return &lang.ListLit{Pos: x.Pos, Elems: xs}
		}
	}
	return e
}

// Invariant writes a move rule whose option reads a conditional `if C then A else B` whose condition reads none of the
// rule's own variables (the position's arguments and globals only) as
// two queries, `filter C` then the rule with A, and `filter not C` then
// the rule with B:
//
//	range k = 1 .. n; yield g(if n % 2 == 0 then n - k else n - 2 * k)
//	    filter n % 2 == 0; range k = 1 .. n; yield g(n - k)
//	    then filter not (n % 2 == 0); range k = 1 .. n; yield g(n - 2 * k)
//
// each an affine rule. Exact for every consumer: C has one value for the
// whole query (a repeatable session), so the yields all come from one of
// the two, in their order; C cannot fail, so evaluating it first, or
// where the rule yields nothing, changes no error.
func Invariant(env Env, q *ir.Query) []*ir.Query {
	if !moveRule(q) || !env.Repeatable {
		return nil
	}
	own := map[*resolve.Decl]bool{}
	for _, cl := range q.Clauses {
		for _, n := range cl.Binds() {
			own[resolve.NameDecl(n)] = true
		}
	}
	var cond lang.Expr
	lang.Inspect(q.Yield, func(e lang.Expr) bool {
		if cond != nil {
			return false
		}
		if _, isComp := e.(*lang.Comp); isComp {
			return false
		}
		if f, ok := e.(*lang.IfExpr); ok && !readsAny(f.Cond, own) {
			cond = f.Cond
			return false
		}
		return true
	})
	if cond == nil || !ir.Same(cond, cond) {
		// (A condition the split could not find again, one with a
		// comprehension: not split, or it would split for ever.)
		return nil
	}
	sf := env.Safety(q)
	if !sf.Cond(cond) {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	branch := func(then bool) *ir.Query {
		var pick func(e lang.Expr) lang.Expr
		pick = func(e lang.Expr) lang.Expr {
			if f, ok := e.(*lang.IfExpr); ok && ir.Same(f.Cond, cond) {
				if then {
					return pick(f.Then)
				}
				return pick(f.Else)
			}
			return mapExpr(e, pick)
		}
		c := cond
		if !then {
			c = &lang.Unary{Pos: cond.Position(), Op: lang.OpNot, X: cond}
		}
		out := q.Clone()
		out.Clauses = []ir.Clause{&ir.Filter{Cond: c, At: cond.Position()}}
		for _, cl := range q.Clauses {
			out.Clauses = append(out.Clauses, mapClause(cl, pick))
		}
		out.Yield = pick(q.Yield)
		if q.Key != nil {
			out.Key = pick(q.Key)
		}
		out.Guard = ir.MergeGuards(q.Guard, g)
		return out
	}
	return []*ir.Query{branch(true), branch(false)}
}

// readsAny reports whether e reads a name of decls.
func readsAny(e lang.Expr, decls map[*resolve.Decl]bool) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && decls[resolve.Of(id)] {
			found = true
		}
		return !found
	})
	return found
}
