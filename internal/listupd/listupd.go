// Package listupd owns the compiled calls of the built-in update on a
// list or tuple: update(X, I, V), where X is a list or tuple of at most
// engine.CopyChunk elements and I an int index of it, is the copy of X
// with element I replaced, made without the built-in's call (its memory
// accounted as the built-in accounts it, with the call on the trace);
// any other X, I or V calls the built-in with the values, so every
// result and error is its own. The update of a cell of a grid (a list
// of rows), a move written as a newcomer writes it,
//
//	def put(g, r, c) = update(g, r, update(g[r], c, 1))
//
// reads the row X[I] from the X and I already evaluated (X and I locals
// or I an int literal: evaluating them again gives the same values, and
// reading a local is no step), where it is in range; elsewhere the index
// is the operator's, with its error.
package listupd

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the compiler gives: its compilation of an expression, the
// slot of a local (-1 for any other expression) and the built-in a call
// calls (nil for any other call).
type Env struct {
	Expr   func(lang.Expr) engine.EvalFn
	Slot   func(lang.Expr) int
	Called func(*lang.Call) *engine.Builtin
}

// Compile compiles e, a call of bi (a built-in that Updates) with three
// arguments (pos: the call's, argPos: its arguments').
func Compile(env Env, bi *engine.Builtin, e *lang.Call, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	if in, ok := e.Args[2].(*lang.Call); ok && len(in.Args) == 3 && env.Called(in) == bi {
		if ix, ok := in.Args[0].(*lang.Index); ok && sameLocal(env, ix.X, e.Args[0]) && sameIndex(env, ix.Index, e.Args[1]) {
			return nested(env, bi, e, in, ix, pos, argPos)
		}
	}
	x, i, v := env.Expr(e.Args[0]), env.Expr(e.Args[1]), env.Expr(e.Args[2])
	return func(fr *engine.Frame) value.Value {
		a := x(fr)
		b := i(fr)
		return Update(fr, bi, pos, argPos, a, b, v(fr))
	}
}

// nested compiles update(X, I, update(X[I], J, V)), e the outer call and
// in the inner one.
func nested(env Env, bi *engine.Builtin, e, in *lang.Call, ix *lang.Index, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	x, i := env.Expr(e.Args[0]), env.Expr(e.Args[1])
	j, v := env.Expr(in.Args[1]), env.Expr(in.Args[2])
	ixPos, inPos := ix.Pos, in.Pos
	inArgPos := make([]engine.Pos, 3)
	for k, a := range in.Args {
		inArgPos[k] = lang.Start(a)
	}
	return func(fr *engine.Frame) value.Value {
		a := x(fr)
		b := i(fr)
		var row value.Value
		if (a.K == value.KList || a.K == value.KTuple) && b.K == value.KInt {
			if el := a.Elems(); uint64(b.N) < uint64(len(el)) {
				row = el[b.N]
			}
		}
		if row.K == value.KNone {
			row = operator.Index(ixPos, a, b)
		}
		c := j(fr)
		return Update(fr, bi, pos, argPos, a, b, Update(fr, bi, inPos, inArgPos, row, c, v(fr)))
	}
}

// Update is update(x, i, v) called at pos: the copy made here where x is
// a list or tuple of at most engine.CopyChunk elements and i an index of
// it, else the built-in called with the values.
func Update(fr *engine.Frame, bi *engine.Builtin, pos engine.Pos, argPos []engine.Pos, x, i, v value.Value) value.Value {
	if (x.K == value.KList || x.K == value.KTuple) && i.K == value.KInt {
		if el := x.Elems(); uint64(i.N) < uint64(len(el)) && len(el) <= engine.CopyChunk {
			th := fr.Th
			th.Calls = append(th.Calls, pos)
			th.Alloc(pos, engine.ElemsBytes(len(el)))
			th.Calls = th.Calls[:len(th.Calls)-1]
			xs := make([]value.Value, len(el))
			copy(xs, el)
			xs[i.N] = v
			if x.K == value.KList {
				return value.List(xs)
			}
			return value.Tuple(xs)
		}
	}
	th := fr.Th
	call := th.GetCall(bi.BName, pos, argPos)
	th.Calls = append(th.Calls, pos)
	r := bi.Fn(call, []value.Value{x, i, v})
	th.PutCall(call)
	th.Calls = th.Calls[:len(th.Calls)-1]
	return r
}

// sameLocal reports whether a and b are the same local, read by name.
func sameLocal(env Env, a, b lang.Expr) bool {
	x, ok1 := a.(*lang.Ident)
	y, ok2 := b.(*lang.Ident)
	if !ok1 || !ok2 || resolve.Of(x) == nil || resolve.Of(x) != resolve.Of(y) {
		return false
	}
	s := env.Slot(a)
	return s >= 0 && s == env.Slot(b)
}

// sameIndex reports whether a and b are the same local or the same int
// literal.
func sameIndex(env Env, a, b lang.Expr) bool {
	if x, ok := a.(*lang.IntLit); ok {
		y, ok := b.(*lang.IntLit)
		return ok && x.Val == y.Val
	}
	return sameLocal(env, a, b)
}
