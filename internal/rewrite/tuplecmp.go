package rewrite

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// TupleCompare rewrites a comparison of two tuple literals of one
// length, (a, b) == (x, y) or (dr, dc) != (0, 0), as the comparisons of
// their elements, a == x and b == y (or a != x or b != y), when no
// element can fail: each a local's name or a literal. Exact: == of two
// tuples is == of their elements, which never fails, and an element not
// evaluated (and, or stop early) would have raised nothing; no tuple is
// made. nil where it does not apply.
func TupleCompare(e *lang.Binary) lang.Expr {
	if e.Op != lang.OpEq && e.Op != lang.OpNe {
		return nil
	}
	x, ok1 := e.X.(*lang.TupleLit)
	y, ok2 := e.Y.(*lang.TupleLit)
	if !ok1 || !ok2 || len(x.Elems) != len(y.Elems) || len(x.Elems) == 0 {
		return nil
	}
	join := lang.OpAnd
	if e.Op == lang.OpNe {
		join = lang.OpOr
	}
	var out lang.Expr
	for i := range x.Elems {
		if !cannotFail(x.Elems[i]) || !cannotFail(y.Elems[i]) {
			return nil
		}
		c := &lang.Binary{Pos: e.Pos, Op: e.Op, X: x.Elems[i], Y: y.Elems[i]}
		if out == nil {
			out = c
		} else {
			out = &lang.Binary{Pos: e.Pos, Op: join, X: out, Y: c}
		}
	}
	return out
}

// cannotFail reports whether evaluating e cannot fail: a local's name,
// a literal, a negated int literal.
func cannotFail(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Ident:
		d := resolve.Of(e)
		return d != nil && d.Kind == resolve.Local
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Unary:
		_, lit := e.X.(*lang.IntLit)
		return e.Op == lang.OpNeg && lit
	}
	return false
}
