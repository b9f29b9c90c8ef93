package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// setToggle: `if j in X then X - {j} else X | {j}` (the branches the
// other way round under `not in` or `not`, `{j} | X` too) is X ^ {j},
// the symmetric difference, where X is a set whenever it evaluates (a
// set literal or comprehension, or an operator -, |, & or ^ with one
// such side: any other value there fails) and j cannot fail. Exact:
// both evaluate X first, which fails alike (j, read first in the
// condition, cannot); where it does not, X is a set, `j in X` cannot
// fail, X again is the same set (the session's code is repeatable), and
// each branch is X with j toggled, as X ^ {j} is. (X - {j} has the set
// on its left; the union either way round.)
//
// A call of a def whose body is such a conditional on its parameters is
// its body with them written as the arguments, where each argument but
// one X cannot fail: the call's only error is X's, met first either way.
func setToggle(c *ctx, e lang.Expr) lang.Expr {
	if call, ok := e.(*lang.Call); ok {
		fn := proof.HelperDef(c.env.R, call)
		if fn == nil {
			return nil
		}
		if _, ok := fn.Decl.Body.(*lang.IfExpr); !ok {
			return nil
		}
		unsafe := 0
		for _, a := range call.Args {
			if !c.sf.Arg(a) {
				unsafe++
			}
		}
		if unsafe > 1 {
			return nil
		}
		return toggle(c, resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, nil))
	}
	return toggle(c, e)
}

func toggle(c *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.IfExpr)
	if !ok || !c.env.Repeatable {
		return nil
	}
	cond, rm, add := x.Cond, x.Then, x.Else
	if u, ok := cond.(*lang.Unary); ok && u.Op == lang.OpNot {
		cond, rm, add = u.X, add, rm
	}
	in, ok := cond.(*lang.Binary)
	if !ok || in.Op != lang.OpIn && in.Op != lang.OpNotIn {
		return nil
	}
	if in.Op == lang.OpNotIn {
		rm, add = add, rm
	}
	j, set := in.X, in.Y
	if !setValued(set) || !c.sf.Arg(j) {
		return nil
	}
	if !isSetOp(rm, lang.OpSub, set, j, false) || !isSetOp(add, lang.OpBitOr, set, j, true) {
		return nil
	}
	// (X as the condition reads it: what fails there fails first.)
	b := rm.(*lang.Binary)
	one := b.Y
	if ir.Same(b.Y, set) {
		one = b.X
	}
	return &lang.Binary{Pos: b.Pos, Op: lang.OpXor, X: set, Y: one}
}

// isSetOp reports whether e is `set OP {j}` (or, either, also `{j} OP
// set`).
func isSetOp(e lang.Expr, op lang.Op, set, j lang.Expr, either bool) bool {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != op {
		return false
	}
	one := func(s lang.Expr) bool {
		l, ok := s.(*lang.SetLit)
		return ok && len(l.Elems) == 1 && ir.Same(l.Elems[0], j)
	}
	return ir.Same(b.X, set) && one(b.Y) || either && ir.Same(b.Y, set) && one(b.X)
}

// setValued reports whether e is a set wherever it evaluates without
// failing.
func setValued(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.SetLit:
		return true
	case *lang.Comp:
		return e.Kind == lang.SetComp
	case *lang.Binary:
		switch e.Op {
		case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
			return setValued(e.X) || setValued(e.Y)
		}
	}
	return false
}
