package build

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/opndmask"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/strtest"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Sets of small ints and of small cells as bitmaps. A set whose elements
// are all ints in 0 .. bitSetMax-1, or all pairs (r, c) of ints in 0 .. 63
// (the cells of a board), is a bitmap of bitSetMax bits: its argument key
// (argkey.go) is that bitmap, a set decoded from such a key keeps it
// (Set.bm), and the search builds the sets of a move (X - {(r, c), (r, c +
// 1)}, X | Y, X & Y, X ^ Y, set literals and comprehensions) as bitmaps
// with word operations, packing the result straight into the key. A set
// or element outside that shape, or an operand that is not a set, sends
// the operation to the operator itself, with the values.

// setBuildFn builds a set in an empty set scratch.
type setBuildFn func(fr *engine.Frame, s *value.SetScratch)

// genSet compiles plan p (setPlan): a build in an empty set scratch.
func (bd *Builders) genSet(p *BuildPlan) setBuildFn {
	if len(p.Inl) > 0 {
		return genInlined(bd, p, bd.genSet)
	}
	switch p.Kind {
	case SetValue:
		if f := bd.genSetCall(p.Expr); f != nil {
			return f
		}
		x := bd.c.Vals.Expr(p.Expr)
		return func(fr *engine.Frame, s *value.SetScratch) { s.Load(x(fr)) }
	case SetLit:
		es := make([]elemFn, len(p.Elems))
		for i, x := range p.Elems {
			es[i] = bd.elemOf(x)
		}
		return func(fr *engine.Frame, s *value.SetScratch) {
			for i := range es {
				es[i].addTo(fr, s)
			}
		}
	case SetFilter:
		slow := bd.genSet(&BuildPlan{Kind: SetComp, Expr: p.Expr, Elems: []lang.Expr{p.Expr.(*lang.Comp).Body}})
		if f := opndmask.Member(bd.c, p.Expr.(*lang.Comp), func(e lang.Expr) opndmask.Build {
			return bd.genSet(&BuildPlan{Kind: SetValue, Expr: e})
		}, func(op lang.Op) func(fr *engine.Frame, s, t *value.SetScratch) {
			return bd.combine(p.Expr.(*lang.Comp).Pos, op)
		}, slow); f != nil {
			return f // (memberships: S - Y, S & Y)
		}
		return (filters{bd.c}).genFilter(p, slow)
	case SetComp:
		loops := bd.c.Vals.Clauses(p.Expr.(*lang.Comp).Clauses)
		el := bd.elemOf(p.Elems[0])
		run := loops(func(fr *engine.Frame) { el.addTo(fr, fr.Sscr) })
		return func(fr *engine.Frame, s *value.SetScratch) {
			save, stop := fr.Sscr, fr.Stop
			fr.Sscr, fr.Stop = s, false
			run(fr)
			fr.Sscr, fr.Stop = save, stop
		}
	}
	x, y := bd.genSet(p.X), bd.genSet(p.Y)
	general := bd.combine(p.Expr.(*lang.Binary).Pos, p.Op)
	if f := litOperand(bd, p, x, y, general); f != nil {
		return f
	}
	if !bound(p.Y) {
		if f := opndmask.Compile(bd.c, p.Y.Expr, inlined(p.Y), p.Op, x, y, general); f != nil {
			return f // (an operand kept as masks)
		}
	}
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		t := fr.Th.TakeSetScratch()
		y(fr, t)
		general(fr, s, t)
		fr.Th.GiveSetScratch(t)
	}
}

// combine is s op t in scratch s, as operator op (at pos) computes it.
func (bd *Builders) combine(pos engine.Pos, op lang.Op) func(fr *engine.Frame, s, t *value.SetScratch) {
	return func(fr *engine.Frame, s, t *value.SetScratch) {
		if !s.Compatible(t) && !opndmask.Narrow(s, t, op) {
			// A set of small ints or cells with ids of a universe: its
			// ids too, when the universe takes them.
			if u := s.Universe(); u != nil {
				t.ToUniverse(u)
			} else if u := t.Universe(); u != nil {
				s.ToUniverse(u)
			}
		}
		if !s.Compatible(t) {
			a, b := s.Value(), t.Value()
			var r value.Value
			switch op {
			case lang.OpSub:
				r = operator.Sub(pos, a, b)
			case lang.OpBitOr:
				r = operator.BitOr(pos, a, b)
			case lang.OpBitAnd:
				r = operator.BitAnd(pos, a, b)
			default:
				r = operator.Xor(pos, a, b)
			}
			s.Load(r)
		} else {
			s.Combine(op, t)
		}
	}
}

// SetExpr compiles X - Y, X | Y, X & Y or X ^ Y (setPlan) with an
// operand that is a set literal or comprehension, built in set scratches
// as word operations: one set made, of bits, its elements made only when
// asked for (each operation falls back to the operator where its operands
// are not such bitmaps, so the values and errors are its). nil otherwise.
func (bd *Builders) SetExpr(e *lang.Binary) engine.EvalFn {
	if !bd.c.On(passes.Composite) {
		return nil
	}
	p := bd.setPlan(e, false)
	if p == nil || p.Kind != SetOp {
		return nil
	}
	bd.c.Fired(passes.Composite)
	build := bd.genSet(p)
	return func(fr *engine.Frame) value.Value {
		th := fr.Th
		s := th.TakeSetScratch()
		build(fr, s)
		v := s.Value()
		th.GiveSetScratch(s)
		return v
	}
}

// SetBuild compiles what SetExpr does (nil where it does not) to build
// the set in a scratch, which the caller reads (value.SetScratch.Words,
// Value).
func (bd *Builders) SetBuild(e lang.Expr) func(fr *engine.Frame, s *value.SetScratch) {
	if !bd.c.On(passes.Composite) {
		return nil
	}
	switch e := e.(type) {
	case *lang.Binary:
		if p := bd.setPlan(e, false); p != nil && p.Kind == SetOp {
			return bd.genSet(p)
		}
	case *lang.Comp:
		// A filter of a set: its bitmap less the elements that fail.
		if p := bd.setPlan(e, true); p != nil && p.Kind == SetFilter {
			return bd.genSet(p)
		}
	}
	return nil
}

// elemFn is an element of a set literal or comprehension: an int, a pair
// (x, y) whose parts are evaluated apart (no tuple is made when they are
// ints), or any value.
type elemFn struct {
	x, y   engine.EvalFn // a pair
	xi, yi compile.IntFn // when they are int-typed
	v      engine.EvalFn
	vi     compile.IntFn
}

func (bd *Builders) elemOf(e lang.Expr) elemFn {
	if t, ok := e.(*lang.TupleLit); ok && len(t.Elems) == 2 {
		el := elemFn{xi: bd.c.Ints.IntExpr(t.Elems[0]), yi: bd.c.Ints.IntExpr(t.Elems[1])}
		if el.xi == nil {
			el.x = bd.c.Vals.Expr(t.Elems[0])
		}
		if el.yi == nil {
			el.y = bd.c.Vals.Expr(t.Elems[1])
		}
		return el
	}
	if f := bd.c.Ints.IntExpr(e); f != nil {
		return elemFn{vi: f}
	}
	return elemFn{v: bd.c.Vals.Expr(e)}
}

// pair evaluates a pair element: its parts, as ints when both are.
func (el *elemFn) pair(fr *engine.Frame) (a, b value.Value) {
	if el.xi != nil {
		a = value.Value{K: value.KInt, N: el.xi(fr)}
	} else {
		a = el.x(fr)
	}
	if el.yi != nil {
		b = value.Value{K: value.KInt, N: el.yi(fr)}
	} else {
		b = el.y(fr)
	}
	return a, b
}

// value evaluates the element as addTo does, to its value (a pair of
// ints a shared cell).
func (el *elemFn) value(fr *engine.Frame) value.Value {
	switch {
	case el.vi != nil:
		return value.Int(el.vi(fr))
	case el.v != nil:
		return el.v(fr)
	}
	a, b := el.pair(fr)
	if a.K == value.KInt && b.K == value.KInt {
		return value.Cell(a.N, b.N)
	}
	return value.Tuple([]value.Value{a, b})
}

func (el *elemFn) addTo(fr *engine.Frame, s *value.SetScratch) {
	switch {
	case el.vi != nil:
		s.AddInt(el.vi(fr))
	case el.v != nil:
		s.Add(el.v(fr))
	default:
		a, b := el.pair(fr)
		if a.K == value.KInt && b.K == value.KInt {
			s.AddCell(a.N, b.N)
		} else {
			s.AddBoxed(value.Tuple([]value.Value{a, b}))
		}
	}
}

// InSet compiles X in S (not: X not in S) for X an int or a pair (a
// tuple literal of two elements; inSet: its plan): a bit of a set that
// has its bitmap, else the operator. nil for other shapes.
func (bd *Builders) InSet(e *lang.Binary, not bool) compile.BoolFn {
	p, _ := bd.inSet(e, not)
	if p == nil {
		return nil
	}
	return bd.genInSet(p)
}

// genInSet compiles plan p (inSet).
func (bd *Builders) genInSet(p *InSetPlan) compile.BoolFn {
	e, not, isPair := p.Expr, p.Not, p.Pair
	pos := e.Pos
	if sl, ok := e.Y.(*lang.Slice); ok && p.Value {
		if f := (strtest.Tests{C: bd.c}).In(e, sl, not); f != nil {
			return f // (a substring's test, on the string's bytes)
		}
	}
	if f := bd.inLiteral(e, not); f != nil {
		return f
	}
	if p.Value {
		// X's value, then S: a bit of S's bitmap when it has one (the
		// operator reads the same bit), else the operator.
		x, y := bd.c.Vals.Expr(e.X), bd.c.Vals.Expr(e.Y)
		bd.c.Fired(passes.Composite)
		var lm maskcache.ListMask
		return func(fr *engine.Frame) bool {
			xv := x(fr)
			v := y(fr)
			if v.K == value.KSet {
				if has, ok := value.SetHas(v, xv); ok {
					return has != not
				}
			} else if has, ok := lm.HasValue(v, xv); ok {
				return has != not
			}
			return operator.In(pos, xv, v) != not
		}
	}
	el := bd.elemOf(e.X)
	if !isPair && el.vi == nil {
		return nil // (recognized as int-typed: not met)
	}
	bd.c.Fired(passes.Composite)
	y := bd.c.Vals.Expr(e.Y)
	var lm maskcache.ListMask
	return func(fr *engine.Frame) bool {
		if isPair {
			a, b := el.pair(fr)
			v := y(fr)
			if v.K == value.KSet && a.K == value.KInt && b.K == value.KInt {
				if m := v.Ref.(*value.Set).Bm; m != nil && m.U == nil {
					bit, ok := value.CellBit(a.N, b.N)
					return (ok && m.Pairs && m.Has(bit)) != not
				}
				// (A cell: one value made once, shared.)
				x := value.Cell(a.N, b.N)
				if has, ok := value.SetHas(v, x); ok {
					return has != not
				}
				return operator.In(pos, x, v) != not
			}
			return operator.In(pos, value.Tuple([]value.Value{a, b}), v) != not
		}
		x := value.Value{K: value.KInt, N: el.vi(fr)}
		v := y(fr)
		if v.K == value.KSet {
			if m := v.Ref.(*value.Set).Bm; m != nil && m.U == nil {
				return (uint64(x.N) < value.BitSetMax && !m.Pairs && m.Has(int(x.N))) != not
			}
			if has, ok := value.SetHas(v, x); ok {
				return has != not
			}
		} else if has, ok := lm.Has(v, x.N); ok {
			return has != not
		}
		return operator.In(pos, x, v) != not
	}
}

// genSetCall compiles set(X), an operand of a built set operator
// (S - set(NB[v])), as X's elements added to the scratch: no set is made
// for each move. A value of X that is not a list or tuple goes to the
// built-in, which makes its set or raises its error, at the call as the
// call would. nil for other expressions.
func (bd *Builders) genSetCall(e lang.Expr) setBuildFn {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	bi := bd.c.CalledBuiltin(call)
	if bi == nil || bi.BName != "set" {
		return nil
	}
	x := bd.c.Vals.Expr(call.Args[0])
	pos, argPos := call.Pos, []engine.Pos{lang.Start(call.Args[0])}
	return func(fr *engine.Frame, s *value.SetScratch) {
		v := x(fr)
		if v.K == value.KList || v.K == value.KTuple {
			s.Reset()
			for _, e := range v.Elems() {
				s.Add(e)
			}
			return
		}
		th := fr.Th
		c := th.GetCall(bi.BName, pos, argPos)
		c.Buf[0] = v
		th.Calls = append(th.Calls, pos)
		r := bi.Fn(c, c.Buf[:1])
		th.PutCall(c)
		th.Calls = th.Calls[:len(th.Calls)-1]
		s.Load(r)
	}
}

// inLiteral compiles X in [A, B, ...] (or a tuple) whose elements are
// names and literals: X compared with each element in turn, no list
// made. Exact: the elements cannot fail, and the operator compares them
// so (value.Equal). nil otherwise.
func (bd *Builders) inLiteral(e *lang.Binary, not bool) compile.BoolFn {
	var elems []lang.Expr
	switch y := e.Y.(type) {
	case *lang.ListLit:
		elems = y.Elems
	case *lang.TupleLit:
		elems = y.Elems
	default:
		return nil
	}
	es := make([]engine.EvalFn, len(elems))
	for i, a := range elems {
		switch a.(type) {
		case *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		default:
			return nil
		}
		if id, ok := a.(*lang.Ident); ok {
			if b := bd.c.Lookup(id); b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
				return nil
			}
		}
		es[i] = bd.c.Vals.Expr(a)
	}
	x := bd.c.Vals.Expr(e.X)
	bd.c.Fired(passes.Composite)
	return func(fr *engine.Frame) bool {
		xv := x(fr)
		for _, f := range es {
			if value.Equal(xv, f(fr)) {
				return !not
			}
		}
		return not
	}
}
