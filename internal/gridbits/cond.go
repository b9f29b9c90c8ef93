package gridbits

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/linemasks"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The tests on the bits. An if clause that reads the bound name v is
// compiled on the bits where its form is one of these, each part as the
// general way compiles it (package compile's CondAt) where it is not:
//
//   - not, and, or: each operand as a condition of its own (what a
//     non-bool is reported as: the operand of not, the operands of and);
//   - all or any of a comprehension of tests of v's cells, lines of
//     cells (package linemasks' OfGrid);
//   - a call of a def whose names mean the same at the call (resolve's
//     Same), with names and int literals as its arguments, and whose body
//     is one of these forms, inlined: a step, a nested call and the call
//     on the trace while its body runs, as when it is called.
//
// A form that is neither, or a fold whose lines the grid does not hold,
// is compiled as the general way does, the grid made from the bits first
// (ensure).

// condFn is a condition on the bits.
type condFn func(fr *engine.Frame, g grid) bool

// cond compiles condition e (a non-bool reported at pos as what).
func (bt *bound) cond(e lang.Expr, what string, pos engine.Pos) condFn {
	if !bt.mentions(e) {
		f := bt.c.Ints.CondAt(e, what, pos)
		return func(fr *engine.Frame, _ grid) bool { return f(fr) }
	}
	if f := bt.boolOf(e); f != nil {
		return f
	}
	return bt.general(bt.c.Ints.CondAt(e, what, pos))
}

// mentions reports whether e reads the bound name.
func (bt *bound) mentions(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || bt.isV(x)
		return !found
	})
	return found
}

// general is f, compiled as the general way does, with the grid made
// from the bits first.
func (bt *bound) general(f compile.BoolFn) condFn {
	return func(fr *engine.Frame, g grid) bool {
		bt.ensure(fr, g)
		return f(fr)
	}
}

// boolOf compiles e on the bits when it is a form whose value is a bool
// or an error of its own (see above); nil otherwise.
func (bt *bound) boolOf(e lang.Expr) condFn {
	switch e := e.(type) {
	case *lang.Unary:
		if e.Op == lang.OpNot {
			x := bt.cond(e.X, "the operand of not", e.Pos)
			return func(fr *engine.Frame, g grid) bool { return !x(fr, g) }
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			x, y := bt.cond(e.X, "the operands of and", lang.Start(e.X)), bt.cond(e.Y, "the operands of and", lang.Start(e.Y))
			return func(fr *engine.Frame, g grid) bool { return x(fr, g) && y(fr, g) }
		case lang.OpOr:
			x, y := bt.cond(e.X, "the operands of or", lang.Start(e.X)), bt.cond(e.Y, "the operands of or", lang.Start(e.Y))
			return func(fr *engine.Frame, g grid) bool { return x(fr, g) || y(fr, g) }
		}
	case *lang.Call:
		if bi := bt.c.BuiltinCallee(e); bi != nil {
			if bi.AllAny != 0 && len(e.Args) == 1 {
				return bt.fold(e)
			}
			return nil
		}
		return bt.inline(e)
	}
	return nil
}

// fold compiles all or any of a comprehension of tests of the grid's
// cells as masks of lines (linemasks.OfGrid); the fold as compiled
// where the lines do not apply.
func (bt *bound) fold(e *lang.Call) condFn {
	slow := bt.general(bt.c.Ints.CondAt(e, "", lang.Start(e)))
	comp, ok := e.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp {
		return slow
	}
	bi := bt.c.BuiltinCallee(e)
	f := linemasks.OfGrid(bt.c, bi, comp, func(d *resolve.Decl) bool { return d == bt.decl })
	if f == nil {
		return slow
	}
	bt.uses = append(bt.uses, fmt.Sprintf("%s at line %d on the bits (lines as masks)", bi.BName, e.Pos.Line))
	return func(fr *engine.Frame, g grid) bool {
		if r, ok := f(fr, g.w, g.h, g.wd); ok {
			return r
		}
		return slow(fr, g)
	}
}

// inline compiles a call of a def with the bound name as an argument as
// its body on the bits, the call on the trace while it runs; nil where
// the call is not one to inline or its body is no form of the bits.
func (bt *bound) inline(e *lang.Call) condFn {
	c := bt.c
	fn := c.Inlinable(e)
	if fn == nil || c.GameCallee(e) != nil || !resolve.Same(e) || len(resolve.CalledParams(fn)) > 0 {
		return nil
	}
	for _, a := range e.Args {
		switch a := a.(type) {
		case *lang.IntLit:
		case *lang.Ident:
			if d := resolve.Of(a); d == nil || d.Kind != resolve.Local {
				return nil
			}
		default:
			return nil
		}
	}
	body := resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), e.Args, resolve.SiteOf(e))
	n := len(bt.uses)
	f := compile.Inlined(c, fn, func() condFn { return bt.boolOf(body) })
	if f == nil || len(bt.uses) == n {
		return nil // (nothing of it on the bits: the call as compiled)
	}
	bt.uses = append(bt.uses, fmt.Sprintf("%s inlined", fn.FName))
	// (A body the inliner inlines, small and without names of its own,
	// counts no step of its call, as there.)
	pos, tick := e.Pos, !resolve.InlineShape(fn.Decl.Body)
	return func(fr *engine.Frame, g grid) bool {
		th := fr.Th
		if tick {
			th.Tick(pos)
		}
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		r := f(fr, g)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		return r
	}
}
