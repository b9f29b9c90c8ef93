package eval

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Wrappers that compute their game's arguments: `def take(n, s) =
// sub(n - s)` called `take(n, s)`, or `def part(x, y) = cut(x + 1, y)`
// called through other wrappers, in a move rule whose last for clause is
// a fast loop. With the defs' bodies substituted for the calls, the
// position is sub(n - s), whose arguments are affine in the loop's
// variable: the loop reads its keys as for a position written so. The
// fast loop evaluates the arguments only at its first value (and checks
// its ends, taking the general way when they leave the tables): there,
// it evaluates the call as written (the defs run, with their calls on
// the trace of an error, in their order) and reads the arguments of the
// position it makes. The substituted arguments only give the slopes.

// computedWrapper returns the position that a call of wrapper defs stands
// for, with the defs' bodies substituted, when its arguments are int
// arithmetic; nil otherwise.
func (c *compiler) computedWrapper(e *lang.Call) *lang.Call {
	cur := e
	for depth := 0; depth < maxInlineDepth; depth++ {
		sub := c.substCall(cur)
		call, ok := sub.(*lang.Call)
		if !ok {
			return nil
		}
		if c.gameCallee(call) != nil {
			for _, a := range call.Args {
				if !intArith(a, func(lang.Expr) bool { return true }, func(*lang.Call) bool { return false }) {
					return nil
				}
			}
			return call
		}
		cur = call
	}
	return nil
}

// substCall returns the body of the def that e calls with e's arguments
// in place of its parameters, when the def is inlinable, uses each of
// its parameters (an argument the body drops is still evaluated by the
// call: the fast loop would not) and its other names mean the same here;
// nil otherwise.
func (c *compiler) substCall(e *lang.Call) lang.Expr {
	fn := c.inlinable(e)
	if fn == nil {
		return nil
	}
	index := map[string]int{}
	for i, p := range lang.ParamNames(fn.Decl.Params) {
		index[p.Name] = i
	}
	ok := true
	used := map[string]bool{}
	lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			_, param := index[x.Name]
			used[x.Name] = param
			if !param && fn.Free[x.Name] != c.scope.Lookup(x.Name) {
				ok = false
			}
		case *lang.IntLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.Call:
		default:
			ok = false
		}
		return ok
	})
	for p := range index {
		ok = ok && used[p]
	}
	if !ok {
		return nil
	}
	return substitute(fn.Decl.Body, index, e.Args)
}

// wrappedArgs compiles the arguments of the position that call (a call
// of wrappers, computedWrapper) makes: argument j of the position its
// evaluation returns. ints[j] is nil where the substituted argument is not
// int-typed.
func (c *compiler) wrappedArgs(call *lang.Call, pos *lang.Call) (vals []engine.EvalFn, ints []intFn) {
	whole := c.expr(call)
	for j, a := range pos.Args {
		vals = append(vals, func(fr *engine.Frame) value.Value { return argOf(whole(fr), j) })
		n := len(c.errs)
		if c.intExpr(a) != nil {
			ints = append(ints, func(fr *engine.Frame) int64 { return argOf(whole(fr), j).N })
		} else {
			ints = append(ints, nil)
		}
		c.errs = c.errs[:n]
	}
	return vals, ints
}

// argOf is argument j of position v.
func argOf(v value.Value, j int) value.Value {
	if g, ok := v.Ref.(*engine.Game); ok {
		r := uint64(v.N) >> (uint(g.NArgs-1-j) * g.Bits)
		return value.Int(g.Unfield(r & (1<<g.Bits - 1)))
	}
	return v.Position().Args[j]
}
