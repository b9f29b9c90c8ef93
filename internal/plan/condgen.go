package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Conditional generators: a generator over `if C then A else E`, E an
// empty literal (a guard written as a loop),
//
//	elems p in (if n >= 1 then [0] else [])       filter n >= 1; elems p in [0]
//
// is a filter and a generator over A (over E and A with `not C` when A
// is the empty one). Exact: as written, C is evaluated where the
// collection is, then A (or nothing) is iterated; so it is here.
func condGen(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok {
			continue
		}
		x, ok := el.Coll.(*lang.IfExpr)
		if !ok {
			continue
		}
		cond, coll := x.Cond, x.Then
		switch {
		case empty(x.Else):
		case empty(x.Then):
			cond, coll = &lang.Unary{Pos: x.Pos, Op: lang.OpNot, X: x.Cond}, x.Else
		default:
			continue
		}
		out := q.Clone()
		var gen ir.Clause = &ir.Elems{Pat: el.Pat, Coll: coll, At: el.At}
		if one := resolve.LiteralElems(coll); len(one) == 1 && isSingleton(coll) {
			gen = &ir.Bind{Pat: el.Pat, X: one[0], At: el.At, Lit: coll.Position()}
		}
		out.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:i]...),
			&ir.Filter{Cond: cond, At: el.At}, gen), q.Clauses[i+1:]...)
		if b, ok := gen.(*ir.Bind); ok {
			if _, unused := unusedBind(out, b); unused {
				out.Clauses = append(out.Clauses[:i+1:i+1], out.Clauses[i+2:]...)
			}
		}
		return out
	}
	return nil
}

// empty reports whether e is an empty list, tuple or set literal.
func empty(e lang.Expr) bool {
	switch l := e.(type) {
	case *lang.ListLit:
		return len(l.Elems) == 0
	case *lang.TupleLit:
		return len(l.Elems) == 0
	case *lang.SetLit:
		return len(l.Elems) == 0
	}
	return false
}

// isSingleton reports whether e is a list, tuple or set literal.
func isSingleton(e lang.Expr) bool {
	switch e.(type) {
	case *lang.ListLit, *lang.TupleLit, *lang.SetLit:
		return true
	}
	return false
}

// unusedBind reports whether the names b binds are read nowhere in q and
// its value cannot fail (so the bind may go).
func unusedBind(q *ir.Query, b *ir.Bind) (*ir.Bind, bool) {
	if _, lit := b.X.(*lang.IntLit); !lit {
		return b, false
	}
	used := false
	check := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			for _, n := range b.Pat.Names {
				if resolve.Of(id) == resolve.NameDecl(n) {
					used = true
				}
			}
		}
		return !used
	}
	q.Inspect(0, check)
	return b, !used
}
