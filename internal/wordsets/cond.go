package wordsets

import (
	"fmt"
	mathbits "math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// The tests on the words. An if clause that reads the bound name v is
// compiled on the words where its form is one of these, each part as the
// general way compiles it (package compile's CondAt) where it is not:
//
//   - not, and, or: each operand as a condition of its own (what a
//     non-bool is reported as: the operand of not, the operands of and);
//   - all or any of a comprehension of memberships of v, j in v or not
//     in (package masks' OfSet: the lines of a board);
//   - E in v, E not in v, E an expression that does not read v: the bit
//     of E's id in the universe (none: not in; what `in` a set finds,
//     value.SetHas, which never fails);
//   - a comparison of len(v) with an expression that does not read v,
//     or arithmetic of len(v), as the operators compute it;
//   - a call of a def whose names mean the same at the call (resolve's
//     Same), with names and int literals as its arguments, and whose body
//     is one of these forms, inlined: a step, a nested call and the call
//     on the trace while its body runs, as when it is called (Invoke).
//
// A form that is neither is compiled as the general way does, the set
// made from the words first (ensure).

// condFn is a condition on the words of scratch s.
type condFn func(fr *engine.Frame, s *value.SetScratch) bool

// termFn is the value of a part of a comparison on the words.
type termFn func(fr *engine.Frame, s *value.SetScratch) value.Value

// cond compiles condition e (a non-bool reported at pos as what).
func (bt *bound) cond(e lang.Expr, what string, pos engine.Pos) condFn {
	if !bt.mentions(e) {
		f := bt.c.Ints.CondAt(e, what, pos)
		return func(fr *engine.Frame, _ *value.SetScratch) bool { return f(fr) }
	}
	if f := bt.boolOf(e); f != nil {
		return f
	}
	f := bt.c.Ints.CondAt(e, what, pos)
	if bt.x != nil && !bt.reads(e) {
		// (A def called that does not read the set: as compiled.)
		return func(fr *engine.Frame, _ *value.SetScratch) bool { return f(fr) }
	}
	return bt.general(f)
}

// general is f, compiled as the general way does, with the set made
// from the words first.
func (bt *bound) general(f compile.BoolFn) condFn {
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		bt.ensure(fr, s)
		return f(fr)
	}
}

// boolOf compiles e on the words when it is a form whose value is a bool
// or an error of its own (see above); nil otherwise.
func (bt *bound) boolOf(e lang.Expr) condFn {
	switch e := e.(type) {
	case *lang.BoolLit:
		v := e.Val
		return func(*engine.Frame, *value.SetScratch) bool { return v }
	case *lang.Unary:
		if e.Op == lang.OpNot {
			x := bt.cond(e.X, "the operand of not", e.Pos)
			return func(fr *engine.Frame, s *value.SetScratch) bool { return !x(fr, s) }
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			x, y := bt.cond(e.X, "the operands of and", lang.Start(e.X)), bt.cond(e.Y, "the operands of and", lang.Start(e.Y))
			return func(fr *engine.Frame, s *value.SetScratch) bool { return x(fr, s) && y(fr, s) }
		case lang.OpOr:
			x, y := bt.cond(e.X, "the operands of or", lang.Start(e.X)), bt.cond(e.Y, "the operands of or", lang.Start(e.Y))
			return func(fr *engine.Frame, s *value.SetScratch) bool { return x(fr, s) || y(fr, s) }
		case lang.OpIn, lang.OpNotIn:
			if f := bt.member(e); f != nil {
				return f
			}
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			if f := bt.compare(e); f != nil {
				return f
			}
		}
		return nil
	case *lang.Call:
		if bi := bt.c.BuiltinCallee(e); bi != nil {
			if bi.AllAny != 0 && len(e.Args) == 1 {
				return bt.fold(e, bi)
			}
			return nil
		}
		return bt.inline(e)
	}
	return nil
}

// member compiles E in v (or not in), E not reading v; nil otherwise.
func (bt *bound) member(e *lang.Binary) condFn {
	if !bt.isV(e.Y) || bt.mentions(e.X) {
		return nil
	}
	x := bt.elem(e.X)
	bt.uses = append(bt.uses, fmt.Sprintf("%s a bit", ir.Expr(e)))
	neg := e.Op == lang.OpNotIn
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		id, in := s.Universe().ID(x(fr))
		if in {
			w := s.Words()
			in = id>>6 < len(w) && w[id>>6]>>(id&63)&1 == 1
		}
		return in != neg
	}
}

// elem compiles the value of e: an int or a pair of ints (a shared cell)
// without a value made, when int-typed.
func (bt *bound) elem(e lang.Expr) engine.EvalFn {
	if t, ok := e.(*lang.TupleLit); ok && len(t.Elems) == 2 {
		r, c := bt.c.Ints.IntExpr(t.Elems[0]), bt.c.Ints.IntExpr(t.Elems[1])
		if r != nil && c != nil {
			return func(fr *engine.Frame) value.Value { return value.Cell(r(fr), c(fr)) }
		}
	}
	if f := bt.c.Ints.IntExpr(e); f != nil {
		return func(fr *engine.Frame) value.Value { return value.Value{K: value.KInt, N: f(fr)} }
	}
	return bt.c.Vals.Expr(e)
}

// fold compiles all or any (bi) of e's argument: as masks when it is a
// comprehension of memberships of v and the collection has them.
func (bt *bound) fold(e *lang.Call, bi *engine.Builtin) condFn {
	slow := bt.general(bt.c.Ints.CondAt(e, "", lang.Start(e)))
	comp, ok := e.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp {
		return slow
	}
	f := masks.OfSet(bt.c, bi, comp, bt.isV)
	if f == nil {
		return slow
	}
	bt.uses = append(bt.uses, fmt.Sprintf("%s at line %d on the words (masks)", bi.BName, e.Pos.Line))
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		if r, ok := f(fr, s.Universe(), s.Words()); ok {
			return r
		}
		return slow(fr, s)
	}
}

// inline compiles a call of a def whose body is a form on the words,
// inlined (see above); nil otherwise.
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
	if bt.x != nil {
		if body = replaceExpr(body, bt.x, bt.ref); !bt.mentions(body) {
			return nil
		}
	}
	n := len(bt.uses)
	f := compile.Inlined(c, fn, func() condFn { return bt.boolOf(body) })
	if f == nil {
		return nil
	}
	if len(bt.uses) > n {
		bt.uses = append(bt.uses, fmt.Sprintf("%s inlined", fn.FName))
	}
	// (A body the inliner inlines, small and without names of its own,
	// counts no step of its call, as there.)
	pos, tick := e.Pos, !resolve.InlineShape(fn.Decl.Body)
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		th := fr.Th
		if tick {
			th.Tick(pos)
		}
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		r := f(fr, s)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		return r
	}
}

// compare compiles a comparison of a term on the words (term) with an
// expression that does not read v, or with another term; nil otherwise.
func (bt *bound) compare(e *lang.Binary) condFn {
	x, xt := bt.side(e.X)
	y, yt := bt.side(e.Y)
	if x == nil || y == nil || !xt && !yt {
		return nil
	}
	op, pos := e.Op, e.Pos
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		a, c := x(fr, s), y(fr, s)
		if a.K == value.KInt && c.K == value.KInt {
			return kernel.CmpInts(op, a.N, c.N)
		}
		return operator.Compare(pos, op, a, c)
	}
}

// side compiles an operand of a comparison: a term (true), or an
// expression that does not read v; nil otherwise.
func (bt *bound) side(e lang.Expr) (termFn, bool) {
	if !bt.mentions(e) {
		if f := bt.c.Ints.IntExpr(e); f != nil {
			return func(fr *engine.Frame, _ *value.SetScratch) value.Value { return value.Value{K: value.KInt, N: f(fr)} }, false
		}
		f := bt.c.Vals.Expr(e)
		return func(fr *engine.Frame, _ *value.SetScratch) value.Value { return f(fr) }, false
	}
	t := bt.term(e)
	return t, t != nil
}

// term compiles len(v), or arithmetic of it; nil otherwise.
func (bt *bound) term(e lang.Expr) termFn {
	switch e := e.(type) {
	case *lang.Binary:
		return bt.arith(e)
	case *lang.Call:
		bi := bt.c.BuiltinCallee(e)
		if bi == nil || len(e.Args) != 1 || !bt.isV(e.Args[0]) || !bi.Count {
			return nil
		}
		bt.uses = append(bt.uses, fmt.Sprintf("%s a count of bits", ir.Expr(e)))
		return func(_ *engine.Frame, s *value.SetScratch) value.Value {
			n := 0
			for _, x := range s.Words() {
				n += mathbits.OnesCount64(x)
			}
			return value.Int(int64(n))
		}
	}
	return nil
}

// arith compiles + - * / % of a term and a term or an expression that
// does not read v: the operator's value and errors (operator.Binary),
// ints added and subtracted in place; nil otherwise.
func (bt *bound) arith(e *lang.Binary) termFn {
	switch e.Op {
	case lang.OpAdd, lang.OpSub, lang.OpMul, lang.OpDiv, lang.OpMod:
	default:
		return nil
	}
	x, xt := bt.side(e.X)
	y, yt := bt.side(e.Y)
	if x == nil || y == nil || !xt && !yt {
		return nil
	}
	f, op, pos := operator.Binary[e.Op], e.Op, e.Pos
	return func(fr *engine.Frame, s *value.SetScratch) value.Value {
		a, c := x(fr, s), y(fr, s)
		if a.K == value.KInt && c.K == value.KInt {
			switch op {
			case lang.OpAdd:
				if r, ok := operator.AddOK(a.N, c.N); ok {
					return value.Int(r)
				}
			case lang.OpSub:
				if r, ok := operator.SubOK(a.N, c.N); ok {
					return value.Int(r)
				}
			}
		}
		return f(fr.Th, pos, op, a, c)
	}
}
