package ir

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Expressions the planner's rewrites build and test.

// MinExpr is `if a < b then a else b`; MaxExpr `if a > b then a else b`
// (the smaller or larger literal when both are int literals).
func MinExpr(a, b lang.Expr, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(a); ok {
		if y, ok := IntLit(b); ok {
			return pick(x < y, a, b)
		}
	}
	return &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpLt, X: a, Y: b}, Then: a, Else: b}
}

func MaxExpr(a, b lang.Expr, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(a); ok {
		if y, ok := IntLit(b); ok {
			return pick(x > y, a, b)
		}
	}
	return &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpGt, X: a, Y: b}, Then: a, Else: b}
}

func pick(first bool, a, b lang.Expr) lang.Expr {
	if first {
		return a
	}
	return b
}

// PlusOne is e + d (d is 1 or -1): a literal when e is one (that does
// not overflow).
func PlusOne(e lang.Expr, d int64, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(e); ok && (d > 0) == (x+d > x) {
		return &lang.IntLit{Pos: pos, Val: x + d}
	}
	op := lang.OpAdd
	if d < 0 {
		op = lang.OpSub
	}
	return &lang.Binary{Pos: pos, Op: op, X: e, Y: &lang.IntLit{Pos: pos, Val: 1}}
}

// IsVar reports whether e is the name d declares.
func IsVar(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// MentionsDecl reports whether e names d.
func MentionsDecl(e lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			found = true
		}
		return !found
	})
	return found
}

// IntLit is the value of an int literal or a negated one.
func IntLit(e lang.Expr) (int64, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		return e.Val, true
	case *lang.Unary:
		if x, ok := e.X.(*lang.IntLit); ok && e.Op == lang.OpNeg && x.Val != -1<<63 {
			return -x.Val, true
		}
	}
	return 0, false
}
