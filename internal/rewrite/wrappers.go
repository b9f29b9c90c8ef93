package rewrite

import (
	"github.com/grundy-lang/grundy/internal/resolve"
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

// ComputedWrapper returns the position that a call of wrapper defs stands
// for, with the defs' bodies substituted, when its arguments are int
// arithmetic; nil otherwise.
func ComputedWrapper(r *resolve.Resolver, e *lang.Call) *lang.Call {
	cur := e
	for depth := 0; depth < resolve.MaxInlineDepth; depth++ {
		sub := SubstCall(r, cur)
		call, ok := sub.(*lang.Call)
		if !ok {
			return nil
		}
		if r.GameCallee(call) != nil {
			for _, a := range call.Args {
				if !resolve.IntArith(a, func(lang.Expr) bool { return true }, func(*lang.Call) bool { return false }) {
					return nil
				}
			}
			return call
		}
		cur = call
	}
	return nil
}

// SubstCall returns the body of the def that e calls with e's arguments
// in place of its parameters, when the def is inlinable, uses each of
// its parameters (an argument the body drops is still evaluated by the
// call: the fast loop would not) and its other names mean the same here;
// nil otherwise.
func SubstCall(r *resolve.Resolver, e *lang.Call) lang.Expr {
	fn := r.Inlinable(e)
	if fn == nil || !resolve.SameLoose(e) {
		return nil
	}
	index := resolve.ParamIndex(fn)
	ok := true
	used := map[*resolve.Decl]bool{}
	lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			_, param := index[resolve.Of(x)]
			used[resolve.Of(x)] = param
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
	return resolve.Substitute(fn.Decl.Body, index, e.Args, resolve.SiteOf(e))
}

// WrapperCall sees through a def that only wraps a position: for
// `def piece(a, b) = cut(a, b)`, piece(E1, E2) is cut(E1, E2). It applies
// when the def's body is a call of a game whose arguments are the def's
// parameters, each once and in their order, or int literals (so every
// argument is evaluated once, in the same order, and nothing else runs:
// the same values and errors), and the game's name means the same here as
// in the def. Wrappers of wrappers are seen through too. nil otherwise.
func WrapperCall(r *resolve.Resolver, e *lang.Call) *lang.Call {
	for depth := 0; depth < resolve.MaxInlineDepth; depth++ {
		fn := r.Inlinable(e)
		if fn == nil {
			return nil
		}
		body, ok := fn.Decl.Body.(*lang.Call)
		if !ok {
			return nil
		}
		id, ok := body.Fn.(*lang.Ident)
		if !ok || !resolve.SameLoose(e) {
			return nil
		}
		params := lang.ParamNames(fn.Decl.Params)
		args := make([]lang.Expr, len(body.Args))
		next := 0
		for i, a := range body.Args {
			switch a := a.(type) {
			case *lang.IntLit:
				args[i] = a
				continue
			case *lang.Ident:
				if next < len(params) && a.Name == params[next].Name {
					args[i] = e.Args[next]
					next++
					continue
				}
			}
			return nil
		}
		if next != len(params) {
			return nil // a parameter unused (its argument would not be evaluated)
		}
		out := &lang.Call{Pos: e.Pos, Fn: &lang.Ident{Pos: e.Pos, Name: id.Name, Bind: id.Bind}, Lparen: e.Lparen, Args: args, Site: e.Site}
		if r.GameCallee(out) != nil {
			return out
		}
		e = out // another wrapper
	}
	return nil
}
