package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// IndexLoops writes a loop over the indexes of a global list, whose
// variable is read only to index that list, as a loop over its elements:
//
//	range i = 0 .. len(L) - 1; filter L[i] <= n; yield s(n - L[i])     elems i' in L; filter i' <= n; yield s(n - i')
//
// the form the fast loops read (a collection of ints iterated, bounded
// by the filter). The global only: a position's list is iterated by its
// indexes (plan's enumerates goes the other way). Exact where the guard
// says L is a list of ints (package proof: L[i] of the range's i cannot
// fail): iterating it yields L[0], L[1], ... in order, and len(L) and
// L[i] cannot fail; where the guard does not hold, the loop runs as
// written.
func IndexLoops(env Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		r, ok := cl.(*ir.Range)
		if !ok {
			continue
		}
		if lo, ok := ir.IntLit(r.Lo); !ok || lo != 0 {
			continue
		}
		g := lenMinusOne(env, r.Hi)
		if g == nil {
			continue
		}
		gd, v := resolve.Of(g), resolve.NameDecl(r.Var)
		if gd == nil || gd.Kind != resolve.Global || v == nil {
			continue
		}
		// Every read of v after the clause is G[v].
		only := true
		var check func(e lang.Expr) bool
		check = func(e lang.Expr) bool {
			if x, ok := e.(*lang.Index); ok && ir.IsVar(x.Index, v) {
				if id, ok := x.X.(*lang.Ident); ok && resolve.Of(id) == gd {
					return false
				}
			}
			if ir.IsVar(e, v) {
				only = false
			}
			return only
		}
		q.Inspect(i+1, check)
		if !only {
			continue
		}
		d := resolve.NewLocal(r.Var.Name+"'", r.Var.Pos) // (a name no program can write)
		name := &lang.Name{Pos: r.Var.Pos, Name: d.Name, Bind: d}
		elem := &lang.Ident{Pos: r.Var.Pos, Name: d.Name, Bind: d}
		var swap func(e lang.Expr) lang.Expr
		swap = func(e lang.Expr) lang.Expr {
			if x, ok := e.(*lang.Index); ok && ir.IsVar(x.Index, v) {
				if id, ok := x.X.(*lang.Ident); ok && resolve.Of(id) == gd {
					return elem
				}
			}
			return mapExpr(e, swap)
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Elems{Pat: &lang.Pattern{Pos: r.Var.Pos, Names: []*lang.Name{name}}, Coll: g, At: r.At}
		for j := i + 1; j < len(q.Clauses); j++ {
			out.Clauses[j] = mapClause(q.Clauses[j], swap)
		}
		out.Yield = swap(q.Yield)
		if q.Key != nil {
			out.Key = swap(q.Key)
		}
		// (The global iterated: a list or a tuple of ints where the
		// guard holds, elements within it.)
		sf := env.Safety(out)
		if !sf.Conds(out.Clauses[i : i+1]) {
			continue
		}
		guard, ok := sf.Guard(out)
		if !ok {
			continue
		}
		seq := false
		for k, b := range guard {
			if resolve.Of(b.Root) == gd && b.Coll {
				guard[k].Seq, seq = true, true
			}
		}
		if !seq {
			continue
		}
		out.Guard = ir.MergeGuards(q.Guard, guard)
		return out
	}
	return nil
}

// lenMinusOne is G of `len(G) - 1` (the built-in len of a name), or nil.
func lenMinusOne(env Env, e lang.Expr) *lang.Ident {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpSub {
		return nil
	}
	if one, ok := ir.IntLit(b.Y); !ok || one != 1 {
		return nil
	}
	call, ok := b.X.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if bi := env.R.BuiltinCallee(call); bi == nil || bi.BName != "len" {
		return nil
	}
	id, _ := call.Args[0].(*lang.Ident)
	return id
}
