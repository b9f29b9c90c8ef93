package eval

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Guards written as helper defs of several levels: an if clause of a
// fast loop over x that calls a def whose body, with the defs it calls
// inlined in turn, is a conjunction of comparisons affine in x,
//
//	def wide(x) = x >= 2
//	def fits(i, w) = wide(i) and wide(w - i)
//	... for i in 0 .. w if fits(i, w)
//
// is the linear bounds of those comparisons (linclamp.go), one shape with
// `for i in 2 .. w - 2`. It applies when every name left after inlining
// is a local of the rule and every constant an int literal: nothing in
// the comparisons can fail but an overflow, which the bounds check for
// at the ends of the loop, running the general way (the if clause as
// written, with its calls) when there is one. `and` evaluates its right
// side only where its left is true; both bound x, so the values of x that
// pass are the same.

// guardClamps returns the bounds of an if clause calling such a def, or
// nil.
func (c *clamps) guardClamps(call *lang.Call, x string) []fastClamp {
	e := expandGuard(c.Resolver, call, 0)
	if e == nil {
		return nil
	}
	var clamps []fastClamp
	var split func(e lang.Expr) bool
	split = func(e lang.Expr) bool {
		switch b := e.(type) {
		case *lang.BoolLit:
			return b.Val
		case *lang.Binary:
			if b.Op == lang.OpAnd {
				return split(b.X) && split(b.Y)
			}
		}
		b, ok := negated(e)
		if !ok {
			if b, ok = e.(*lang.Binary); !ok {
				return false
			}
		}
		if !plainAffine(c.Resolver, b.X) || !plainAffine(c.Resolver, b.Y) {
			return false
		}
		lc := c.linearClamp(b, x)
		if lc == nil {
			return false
		}
		clamps = append(clamps, *lc)
		return true
	}
	if !split(e) || len(clamps) == 0 {
		return nil
	}
	return clamps
}

// expandGuard returns e with the calls of defs in it replaced by their
// bodies (the arguments substituted), when each is inlinable and its body
// is made of names, literals, operators and such calls; nil otherwise.
func expandGuard(c *resolve.Resolver, e lang.Expr, depth int) lang.Expr {
	if depth > resolve.MaxInlineDepth {
		return nil
	}
	switch e := e.(type) {
	case *lang.Ident, *lang.IntLit, *lang.BoolLit:
		return e
	case *lang.Unary:
		x := expandGuard(c, e.X, depth)
		if x == nil {
			return nil
		}
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: x}
	case *lang.Binary:
		x, y := expandGuard(c, e.X, depth), expandGuard(c, e.Y, depth)
		if x == nil || y == nil {
			return nil
		}
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: x, Y: y}
	case *lang.Call:
		args := make([]lang.Expr, len(e.Args))
		for i, a := range e.Args {
			if args[i] = expandGuard(c, a, depth); args[i] == nil {
				return nil
			}
		}
		// (Every argument is in the body: one dropped would not be
		// evaluated.)
		sub := substCall(c, &lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: args})
		if sub == nil {
			return nil
		}
		return expandGuard(c, sub, depth+1)
	}
	return nil
}

// plainAffine reports whether e is built from locals, int literals, +, -,
// unary - and * (evaluating it can fail only by overflowing).
func plainAffine(c *resolve.Resolver, e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := c.Scope.Lookup(e.Name)
		return b != nil && b.Kind == resolve.Local
	case *lang.Unary:
		return e.Op == lang.OpNeg && plainAffine(c, e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub, lang.OpMul:
			return plainAffine(c, e.X) && plainAffine(c, e.Y)
		}
	}
	return false
}
