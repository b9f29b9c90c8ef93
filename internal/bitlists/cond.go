package bitlists

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

// The tests on the bits. An if clause that reads the bound name v is
// compiled on the bits where its form is one of these, each part as the
// general way compiles it (package compile's CondAt) where it is not:
//
//   - not, and, or: each operand as a condition of its own (what a
//     non-bool is reported as: the operand of not, the operands of and);
//   - all or any of a comprehension of index tests of v, v[j] == K or
//     != (package masks' OfBits: the lines of a board);
//   - a comparison of v[E], len(v) or sum(v) with an expression that
//     does not read v (E an int of the list's: its bit; any other E is
//     indexed as compiled, which fails where it did);
//   - a call of a def whose names mean the same at the call (resolve's
//     Same), with names and int literals as its arguments, and whose body
//     is one of these forms, inlined: a step, a nested call and the call
//     on the trace while its body runs, as when it is called (Invoke).
//
// A form that is neither is compiled as the general way does, the list
// made from the bits first (ensure).

// condFn is a condition on the bits.
type condFn func(fr *engine.Frame, b bits) bool

// termFn is the value of a part of a comparison on the bits.
type termFn func(fr *engine.Frame, b bits) value.Value

// cond compiles condition e (a non-bool reported at pos as what).
func (bt *bound) cond(e lang.Expr, what string, pos engine.Pos) condFn {
	if !bt.mentions(e) {
		f := bt.c.Ints.CondAt(e, what, pos)
		return func(fr *engine.Frame, _ bits) bool { return f(fr) }
	}
	if f := bt.boolOf(e); f != nil {
		return f
	}
	if ix, ok := e.(*lang.Index); ok && bt.isV(ix.X) {
		if f := bt.bare(ix, what, pos); f != nil {
			return f
		}
	}
	return bt.general(bt.c.Ints.CondAt(e, what, pos))
}

// bare compiles v[E] as a condition (what, at pos): the bit of a list of
// bools' (an index that is not one of the list's fails as indexing does);
// any other list's as compiled, which fails there.
func (bt *bound) bare(ix *lang.Index, what string, pos engine.Pos) condFn {
	t := bt.term(ix)
	if t == nil {
		return nil
	}
	slow := bt.general(bt.c.Ints.CondAt(ix, what, pos))
	return func(fr *engine.Frame, b bits) bool {
		if !b.ab.bools {
			return slow(fr, b)
		}
		return t(fr, b).N == 1 // (an element of the list: a bool)
	}
}

// general is f, compiled as the general way does, with the list made
// from the bits first.
func (bt *bound) general(f compile.BoolFn) condFn {
	return func(fr *engine.Frame, b bits) bool {
		bt.ensure(fr, b)
		return f(fr)
	}
}

// boolOf compiles e on the bits when it is a form whose value is a bool
// or an error of its own (see above); nil otherwise.
func (bt *bound) boolOf(e lang.Expr) condFn {
	switch e := e.(type) {
	case *lang.BoolLit:
		v := e.Val
		return func(*engine.Frame, bits) bool { return v }
	case *lang.Unary:
		if e.Op == lang.OpNot {
			x := bt.cond(e.X, "the operand of not", e.Pos)
			return func(fr *engine.Frame, b bits) bool { return !x(fr, b) }
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			x, y := bt.cond(e.X, "the operands of and", lang.Start(e.X)), bt.cond(e.Y, "the operands of and", lang.Start(e.Y))
			return func(fr *engine.Frame, b bits) bool { return x(fr, b) && y(fr, b) }
		case lang.OpOr:
			x, y := bt.cond(e.X, "the operands of or", lang.Start(e.X)), bt.cond(e.Y, "the operands of or", lang.Start(e.Y))
			return func(fr *engine.Frame, b bits) bool { return x(fr, b) || y(fr, b) }
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			if f := bt.compare(e); f != nil {
				return f
			}
			return bt.general(bt.c.Ints.CondAt(e, "", lang.Start(e)))
		}
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

// fold compiles all or any (bi) of e's argument: as masks when it is a
// comprehension of index tests of v and the collection has them.
func (bt *bound) fold(e *lang.Call, bi *engine.Builtin) condFn {
	slow := bt.general(bt.c.Ints.CondAt(e, "", lang.Start(e)))
	comp, ok := e.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp {
		return slow
	}
	note := fmt.Sprintf("%s at line %d on the bits (masks)", bi.BName, e.Pos.Line)
	if eq, k, bare := masks.OfBitsEq(bt.c, bi, comp, bt.isV); eq != nil {
		// (The indexes whose element is K: the bits, their complement or
		// none; a string's by K's character, a list of bools' by K's
		// truth. A bare test: bools only.)
		bt.uses = append(bt.uses, note)
		one, zero := k.K == value.KInt && k.N == 1, k.K == value.KInt && k.N == 0
		return func(fr *engine.Frame, b bits) bool {
			var pass uint64
			switch {
			case bare && !b.ab.bools:
				return slow(fr, b)
			case b.ab.bools:
				if k.K == value.KBool {
					pass = b.w
					if k.N == 0 {
						pass = ^b.w
					}
				}
			case b.ab.str:
				switch charBit(k, b.ab) {
				case 1:
					pass = b.w
				case 0:
					pass = ^b.w
				}
			case one:
				pass = b.w
			case zero:
				pass = ^b.w
			}
			if r, ok := eq(fr, pass, int(b.n)); ok {
				return r
			}
			return slow(fr, b)
		}
	}
	f := masks.OfBits(bt.c, bi, comp, bt.isV)
	if f == nil {
		return slow
	}
	bt.uses = append(bt.uses, note)
	return func(fr *engine.Frame, b bits) bool {
		if b.ab == (pair{}) { // (a count of a string's characters or of bools is not one)
			if r, ok := f(fr, b.w, int(b.n)); ok {
				return r
			}
		}
		return slow(fr, b)
	}
}

// inline compiles a call of a def whose body is a form on the bits,
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
	return func(fr *engine.Frame, b bits) bool {
		th := fr.Th
		if tick {
			th.Tick(pos)
		}
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		r := f(fr, b)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		return r
	}
}

// compare compiles a comparison of a term on the bits (term) with an
// expression that does not read v, or with another term; nil otherwise.
func (bt *bound) compare(e *lang.Binary) condFn {
	x, xt := bt.side(e.X)
	y, yt := bt.side(e.Y)
	if x == nil || y == nil || !xt && !yt {
		return nil
	}
	op, pos := e.Op, e.Pos
	return func(fr *engine.Frame, b bits) bool {
		a, c := x(fr, b), y(fr, b)
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
			return func(fr *engine.Frame, _ bits) value.Value { return value.Value{K: value.KInt, N: f(fr)} }, false
		}
		f := bt.c.Vals.Expr(e)
		return func(fr *engine.Frame, _ bits) value.Value { return f(fr) }, false
	}
	t := bt.term(e)
	return t, t != nil
}

// term compiles v[E], len(v) or sum(v) on the bits; nil otherwise.
func (bt *bound) term(e lang.Expr) termFn {
	switch e := e.(type) {
	case *lang.Index:
		if !bt.isV(e.X) {
			return nil
		}
		i, _ := bt.side(e.Index)
		if i == nil {
			return nil
		}
		pos, slot := e.Pos, bt.slot
		bt.uses = append(bt.uses, fmt.Sprintf("%s a bit", ir.Expr(e)))
		return func(fr *engine.Frame, b bits) value.Value {
			iv := i(fr, b)
			if iv.K == value.KInt && uint64(iv.N) < uint64(b.n) {
				x := b.w >> iv.N & 1
				if b.ab.str {
					return charValue(b.ab, x)
				}
				if b.ab.bools {
					return boolVals[x]
				}
				return value.Value{K: value.KInt, N: int64(x)}
			}
			// (Not an index of the list: indexed as compiled.)
			bt.ensure(fr, b)
			return operator.Index(pos, fr.Slots[slot], iv)
		}
	case *lang.Binary:
		return bt.arith(e)
	case *lang.Call:
		bi := bt.c.BuiltinCallee(e)
		if bi == nil || len(e.Args) != 1 || !bt.isV(e.Args[0]) {
			return nil
		}
		switch {
		case bi.Count:
			bt.uses = append(bt.uses, fmt.Sprintf("%s its length", ir.Expr(e)))
			return func(_ *engine.Frame, b bits) value.Value { return value.Int(int64(b.n)) }
		case bi.Sums:
			bt.uses = append(bt.uses, fmt.Sprintf("%s a count of bits", ir.Expr(e)))
			general := bt.c.Vals.Expr(e)
			return func(fr *engine.Frame, b bits) value.Value {
				if b.ab != (pair{}) { // (a sum of a string or of bools: as compiled)
					bt.ensure(fr, b)
					return general(fr)
				}
				return value.Int(int64(mathbits.OnesCount64(b.w)))
			}
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
	return func(fr *engine.Frame, b bits) value.Value {
		a, c := x(fr, b), y(fr, b)
		if a.K == value.KInt && c.K == value.KInt {
			switch op {
			case lang.OpAdd:
				if s, ok := operator.AddOK(a.N, c.N); ok {
					return value.Int(s)
				}
			case lang.OpSub:
				if s, ok := operator.SubOK(a.N, c.N); ok {
					return value.Int(s)
				}
			}
		}
		return f(fr.Th, pos, op, a, c)
	}
}
