package plan

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Membership: a filter X in C, C a literal of int literals (or a global
// bound to one) and X affine in the variable v of the last generator
// before it, a range, with coefficient ±1 there,
//
//	range k = 0 .. n - 1; filter n - k in {1, 3, 4}
//
// is a generator over C: each element c fixes v (X == c), and the
// elements are taken in the order that makes v ascend, each once,
//
//	elems w in [-4, -3, -1]; bind k = n + w; filter k >= 0; filter k <= n - 1
//
// so the loop runs over C instead of the range. Exactness: as written the
// rule tests the membership for every v of the range in ascending order
// and goes on with those that pass; the planned query takes the same v
// in the same order, each once. Every expression either evaluates (the
// range's ends, X, the filters between, v computed from c) is safe
// (safety.go) under the query's guard, and a membership of a safe int in
// a literal of ints cannot fail: the rule as written would have met no
// error either. (Equalities, with which it shares the pass, is the case
// of one element.)
func membership(env *Env, q *ir.Query) *ir.Query {
	for fi, cl := range q.Clauses {
		if out := memberAt(env, q, fi, cl); out != nil {
			return out
		}
	}
	return nil
}

// memberAt turns the membership at clause fi into a generator, or
// returns nil.
func memberAt(env *Env, q *ir.Query, fi int, cl ir.Clause) *ir.Query {
	f, ok := cl.(*ir.Filter)
	if !ok {
		return nil
	}
	in, ok := f.Cond.(*lang.Binary)
	if !ok || in.Op != lang.OpIn {
		return nil
	}
	ints, ok := proof.LiteralInts(algebra.GlobalLit(in.Y))
	if !ok || len(ints) == 0 {
		return nil
	}
	gi, r := rangeBefore(q, fi)
	if r == nil {
		return nil
	}
	v := resolve.NameDecl(r.Var)
	x, ok := ir.AffineOf(in.X, func(*lang.Ident) bool { return true })
	a := x.Coef[v]
	if !ok || v == nil || a != 1 && a != -1 {
		return nil
	}
	// X = a*v + rest: v = a*c - a*rest = w - a*rest, w = a*c ascending.
	rest := x
	rest.Coef = map[*resolve.Decl]int64{}
	for d, k := range x.Coef {
		if d != v {
			rest.Coef[d] = k
		}
	}
	shift, ok := rest.Scale(-a)
	if !ok {
		return nil
	}
	var ws []int64
	for _, c := range ints {
		if a < 0 && c == -c && c != 0 {
			return nil // (the least int has no negation)
		}
		ws = append(ws, a*c)
	}
	slices.Sort(ws)
	ws = slices.Compact(ws)
	lit := &lang.ListLit{Pos: in.Y.Position()}
	for _, w := range ws {
		lit.Elems = append(lit.Elems, &lang.IntLit{Pos: in.Y.Position(), Val: w})
	}
	wd := resolve.NewLocal(r.Var.Name+"'", r.Var.Pos) // (a name no program can write)
	wn := &lang.Name{Pos: r.Var.Pos, Name: wd.Name, Bind: wd}
	wid := &lang.Ident{Pos: in.Pos, Name: wd.Name, Bind: wd}
	names := identsOf(in)
	names[wd] = wid
	shift.Coef[wd] = 1
	val := build(shift, names, in.Pos)
	vid := &lang.Ident{Pos: in.Pos, Name: r.Var.Name, Bind: r.Var.Bind}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:gi]...)
	out.Clauses = append(out.Clauses,
		&ir.Elems{Pat: &lang.Pattern{Pos: r.Var.Pos, Names: []*lang.Name{wn}}, Coll: lit, At: r.At},
		&ir.Bind{Pat: &lang.Pattern{Pos: r.Var.Pos, Names: []*lang.Name{r.Var}}, X: val, At: r.At, Lit: in.Pos},
		&ir.Filter{Cond: &lang.Binary{Pos: in.Pos, Op: lang.OpGe, X: vid, Y: r.Lo}, At: f.At},
		&ir.Filter{Cond: &lang.Binary{Pos: in.Pos, Op: lang.OpLe, X: vid, Y: r.Hi}, At: f.At})
	out.Clauses = append(out.Clauses, q.Clauses[gi+1:fi]...)
	out.Clauses = append(out.Clauses, q.Clauses[fi+1:]...)
	// What the rule as written evaluates, then what the planned one does.
	sf := newSafety(env, q)
	if _, ok := sf.Int(in.X); !ok || !sf.Conds(q.Clauses[gi+1:fi]) {
		return nil
	}
	sf.Q = out
	if !sf.Conds(out.Clauses[gi : fi+3]) {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	return inlineBind(out, gi+1)
}
