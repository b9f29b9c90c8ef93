package ir

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Same reports whether a and b are the same expression: the same
// operators, literals and declarations of names (nil for nil: sameOpt).
func Same(a, b lang.Expr) bool {
	switch x := a.(type) {
	case *lang.Ident:
		y, ok := b.(*lang.Ident)
		return ok && resolve.Of(x) != nil && resolve.Of(x) == resolve.Of(y)
	case *lang.IntLit:
		y, ok := b.(*lang.IntLit)
		return ok && x.Val == y.Val
	case *lang.StrLit:
		y, ok := b.(*lang.StrLit)
		return ok && x.Val == y.Val
	case *lang.BoolLit:
		y, ok := b.(*lang.BoolLit)
		return ok && x.Val == y.Val
	case *lang.Unary:
		y, ok := b.(*lang.Unary)
		return ok && x.Op == y.Op && Same(x.X, y.X)
	case *lang.Binary:
		y, ok := b.(*lang.Binary)
		return ok && x.Op == y.Op && Same(x.X, y.X) && Same(x.Y, y.Y)
	case *lang.IfExpr:
		y, ok := b.(*lang.IfExpr)
		return ok && Same(x.Cond, y.Cond) && Same(x.Then, y.Then) && Same(x.Else, y.Else)
	case *lang.Index:
		y, ok := b.(*lang.Index)
		return ok && Same(x.X, y.X) && Same(x.Index, y.Index)
	case *lang.Slice:
		y, ok := b.(*lang.Slice)
		return ok && Same(x.X, y.X) && SameOpt(x.Lo, y.Lo) && SameOpt(x.Hi, y.Hi)
	case *lang.Call:
		y, ok := b.(*lang.Call)
		return ok && Same(x.Fn, y.Fn) && SameAll(x.Args, y.Args)
	case *lang.TupleLit:
		y, ok := b.(*lang.TupleLit)
		return ok && SameAll(x.Elems, y.Elems)
	case *lang.ListLit:
		y, ok := b.(*lang.ListLit)
		return ok && SameAll(x.Elems, y.Elems)
	case *lang.SetLit:
		y, ok := b.(*lang.SetLit)
		return ok && SameAll(x.Elems, y.Elems)
	}
	return false
}

// SameOpt is Same of two expressions either of which may be nil.
func SameOpt(a, b lang.Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return Same(a, b)
}

// SameAll is Same of each expression of a and b, of one length.
func SameAll(a, b []lang.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Same(a[i], b[i]) {
			return false
		}
	}
	return true
}
