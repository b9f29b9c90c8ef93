package proof

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// GuardExpr is the conjunction of -T <= Root <= T, and Root != 0 and
// Root >= 1 where the bound says so (ints compared with literals: it
// cannot fail), or for an Ints bound, the test that Root is a list of
// ints within T (IntsCall, which cannot fail either; for a Coll bound,
// that the global is a collection of them, GlobalIntsCall); a global's
// bound is tested from its slot (GlobalIntCall).
func GuardExpr(r *resolve.Resolver, gs []ir.Bound, pos lang.Pos) lang.Expr {
	var out lang.Expr
	for _, g := range gs {
		if x := boundExpr(r, g, pos); out == nil {
			out = x
		} else {
			out = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: out, Y: x}
		}
	}
	return out
}

// boundExpr is the test of bound g (GuardExpr).
func boundExpr(r *resolve.Resolver, g ir.Bound, pos lang.Pos) lang.Expr {
	id := &lang.Ident{Pos: pos, Name: g.Root.Name, Bind: g.Root.Bind}
	b := r.Lookup(g.Root)
	switch {
	case g.Str:
		return StrCall(id, g.MinLen, pos)
	case g.Coll:
		lo := -g.T
		if g.NonNeg {
			lo = 0
		}
		if b == nil || b.Kind != resolve.Global {
			return CollCall(id, g.T, lo, g.Arity, pos)
		}
		return GlobalIntsCall(id, b.Slot, g.T, lo, g.Seq, g.Arity, pos)
	case g.Ints:
		out := IntsCall(id, g.T, g.MinLen, pos)
		for _, n := range g.Nests {
			out = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: out, Y: NestCall(id, n, pos)}
		}
		return out
	case b != nil && b.Kind == resolve.Global:
		// (Read from its slot: a let that has not run makes it false.)
		return GlobalIntCall(id, b.Slot, g.T, g.NonZero, g.Positive, pos)
	case g.Any:
		// (A local of any value: tested for an int first.)
		return IntCall(id, g.T, g.NonZero, g.Positive, pos)
	}
	cmp := func(op lang.Op, v int64) lang.Expr {
		return &lang.Binary{Pos: pos, Op: op, X: id, Y: &lang.IntLit{Pos: pos, Val: v}}
	}
	out := lang.Expr(&lang.Binary{Pos: pos, Op: lang.OpAnd, X: cmp(lang.OpGe, -g.T), Y: cmp(lang.OpLe, g.T)})
	if g.NonZero {
		out = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: out, Y: cmp(lang.OpNe, 0)}
	}
	if g.Positive {
		out = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: out, Y: cmp(lang.OpGe, 1)}
	}
	return out
}
