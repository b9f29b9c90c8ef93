package rewrite

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Guards written as helper defs of several levels (`def fits(i, w) =
// wide(i) and wide(w - i)`): ExpandGuard writes the defs' bodies in place
// of their calls, so that the fast loops (package fastpath) read the
// comparisons as bounds of their variable.

// ExpandGuard returns e with the calls of defs in it replaced by their
// bodies (the arguments substituted), when each is inlinable and its body
// is made of names, literals, operators and such calls; nil otherwise.
func ExpandGuard(r *resolve.Resolver, e lang.Expr, depth int) lang.Expr {
	if depth > resolve.MaxInlineDepth {
		return nil
	}
	switch e := e.(type) {
	case *lang.Ident, *lang.IntLit, *lang.BoolLit:
		return e
	case *lang.Unary:
		x := ExpandGuard(r, e.X, depth)
		if x == nil {
			return nil
		}
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: x}
	case *lang.Binary:
		x, y := ExpandGuard(r, e.X, depth), ExpandGuard(r, e.Y, depth)
		if x == nil || y == nil {
			return nil
		}
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: x, Y: y}
	case *lang.Call:
		args := make([]lang.Expr, len(e.Args))
		for i, a := range e.Args {
			if args[i] = ExpandGuard(r, a, depth); args[i] == nil {
				return nil
			}
		}
		// (Every argument is in the body: one dropped would not be
		// evaluated.)
		sub := SubstCall(r, &lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: args, Site: e.Site})
		if sub == nil {
			return nil
		}
		return ExpandGuard(r, sub, depth+1)
	}
	return nil
}

// PlainAffine reports whether e is built from locals, int literals, +, -,
// unary - and * (evaluating it can fail only by overflowing).
func PlainAffine(r *resolve.Resolver, e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := r.Lookup(e)
		return b != nil && b.Kind == resolve.Local
	case *lang.Unary:
		return e.Op == lang.OpNeg && PlainAffine(r, e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub, lang.OpMul:
			return PlainAffine(r, e.X) && PlainAffine(r, e.Y)
		}
	}
	return false
}
