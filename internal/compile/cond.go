package compile

import (
	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/opnd"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Cond compiles a condition (which must be true or false at run time).
func (g *IntGen) Cond(e lang.Expr, what string) BoolFn { return g.CondAt(e, what, lang.Start(e)) }

// CondAt is cond with the position a non-bool is reported at.
func (g *IntGen) CondAt(e lang.Expr, what string, pos engine.Pos) BoolFn {
	if iv, ok := g.slotInterval(e); ok {
		g.c.Fired(passes.Ints)
		return iv.Test()
	}
	switch e := e.(type) {
	case *lang.BoolLit:
		v := e.Val
		return func(*engine.Frame) bool { return v }
	case *lang.Call:
		if bi := g.c.BuiltinCallee(e); bi != nil && bi.Test != nil && len(e.Args) == 0 {
			return bi.Test
		} else if bi != nil && bi.Test1 != nil && len(e.Args) == 1 {
			x, t := g.c.Vals.Expr(e.Args[0]), bi.Test1
			return func(fr *engine.Frame) bool { return t(x(fr)) }
		}
	case *lang.Unary:
		if e.Op == lang.OpNot {
			x := g.CondAt(e.X, "the operand of not", e.Pos)
			return func(fr *engine.Frame) bool { return !x(fr) }
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			x, y := g.Cond(e.X, "the operands of and"), g.Cond(e.Y, "the operands of and")
			return func(fr *engine.Frame) bool { return x(fr) && y(fr) }
		case lang.OpOr:
			x, y := g.Cond(e.X, "the operands of or"), g.Cond(e.Y, "the operands of or")
			return func(fr *engine.Frame) bool { return x(fr) || y(fr) }
		case lang.OpIn, lang.OpNotIn:
			if r, ok := e.Y.(*lang.Binary); !ok || r.Op != lang.OpRange {
				if f := g.c.fast.InSet(e, e.Op == lang.OpNotIn); f != nil {
					return f
				}
			}
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			if x := algebra.CountAsAny(g.c.Resolver, e); x != nil && g.c.On(passes.Algebra) {
				return g.CondAt(x, what, pos)
			}
			if x := rewrite.TupleCompare(e); x != nil && g.c.On(passes.Ints) {
				return g.CondAt(x, what, pos)
			}
			if f := g.intCompare(e); f != nil {
				return f
			}
			if f := g.strEquals(e); f != nil {
				return f
			}
		}
	}
	x := g.c.Vals.Expr(e)
	return func(fr *engine.Frame) bool { return operator.NeedBool(pos, x(fr), what) }
}

// intCompare compiles a comparison with an int-typed operand.
func (g *IntGen) intCompare(e *lang.Binary) BoolFn {
	xi, xv := g.asInt(e.X)
	yi, yv := g.asInt(e.Y)
	if xi == nil && yi == nil {
		return nil
	}
	op := e.Op
	if xi == nil || yi == nil {
		generic := g.intCompareMixed(e, xi, yi)
		// sg(G) OP n: when G's positions are finished (a probe, without
		// side effects), compare the value without building it.
		probe, other, swap := g.sgCallProbe(e.X), yi, false
		if probe == nil || other == nil {
			probe, other, swap = g.sgCallProbe(e.Y), xi, true
		}
		if probe != nil && other != nil {
			if swap {
				op = op.Flip()
			}
			return func(fr *engine.Frame) bool {
				if v, ok := probe(fr); ok && v >= 0 {
					return kernel.CmpInts(op, int64(v), other(fr))
				}
				return generic(fr)
			}
		}
		return generic
	}
	_, _ = xv, yv
	// Local ints are read in place, not through a closure.
	xo, yo := g.iopnd(e.X, xi), g.iopnd(e.Y, yi)
	slow := func(fr *engine.Frame) bool { return kernel.CmpInts(op, xo.get(fr), yo.get(fr)) }
	if f := opnd.BitTest(e, func(x lang.Expr) Operand { return g.OperandOf(x, g.IntExpr(x)) }, slow); f != nil {
		return f
	}
	switch op {
	case lang.OpEq:
		return func(fr *engine.Frame) bool { return xo.get(fr) == yo.get(fr) }
	case lang.OpNe:
		return func(fr *engine.Frame) bool { return xo.get(fr) != yo.get(fr) }
	case lang.OpLt:
		return func(fr *engine.Frame) bool { return xo.get(fr) < yo.get(fr) }
	case lang.OpLe:
		return func(fr *engine.Frame) bool { return xo.get(fr) <= yo.get(fr) }
	case lang.OpGt:
		return func(fr *engine.Frame) bool { return xo.get(fr) > yo.get(fr) }
	}
	return func(fr *engine.Frame) bool { return xo.get(fr) >= yo.get(fr) }
}

// sgCallProbe returns the probe of G when e is sg(G) with the built-in sg
// and G a game expression sgProbe takes; nil otherwise.
func (g *IntGen) sgCallProbe(e lang.Expr) func(fr *engine.Frame) (memo.Sgv, bool) {
	return g.queryProbe(e, engine.QuerySG)
}

// queryProbe is sgCallProbe for the built-in whose Query is q.
func (g *IntGen) queryProbe(e lang.Expr, q engine.Query) func(fr *engine.Frame) (memo.Sgv, bool) {
	if !g.c.IsQueryCall(e, q) {
		return nil // not a call of the built-in
	}
	return g.c.SG.sgProbe(e.(*lang.Call).Args[0])
}

// intCompareMixed compiles a comparison with one int-typed operand (xi or
// yi) and one that is not known to be an int.
func (g *IntGen) intCompareMixed(e *lang.Binary, xi, yi IntFn) BoolFn {
	pos, op := e.Pos, e.Op
	// Compare generically unless the other side is an int at run
	// time. A local on the unknown side is read directly.
	if s := g.c.LocalSlot(e.X); s >= 0 && yi != nil {
		return func(fr *engine.Frame) bool {
			a := fr.Slots[s]
			if a.K == value.KInt {
				return kernel.CmpInts(op, a.N, yi(fr))
			}
			return operator.Compare(pos, op, a, value.Int(yi(fr)))
		}
	}
	if s := g.c.LocalSlot(e.Y); s >= 0 && xi != nil {
		return func(fr *engine.Frame) bool {
			a, b := xi(fr), fr.Slots[s]
			if b.K == value.KInt {
				return kernel.CmpInts(op, a, b.N)
			}
			return operator.Compare(pos, op, value.Int(a), b)
		}
	}
	x, y := g.c.Vals.Expr(e.X), g.c.Vals.Expr(e.Y)
	return func(fr *engine.Frame) bool {
		a, b := x(fr), y(fr)
		if a.K == value.KInt && b.K == value.KInt {
			return kernel.CmpInts(op, a.N, b.N)
		}
		return operator.Compare(pos, op, a, b)
	}
}

// strEquals compiles X == "s" or X != "s" (either way round), which
// compares as Equal does without building a bool value.
func (g *IntGen) strEquals(e *lang.Binary) BoolFn {
	if e.Op != lang.OpEq && e.Op != lang.OpNe {
		return nil
	}
	other, lit := e.X, e.Y
	if l, ok := e.X.(*lang.StrLit); ok {
		other, lit = e.Y, l
	}
	l, ok := lit.(*lang.StrLit)
	if !ok {
		return nil
	}
	if f := g.c.fast.StrTest(other, l.Val, e.Op == lang.OpEq); f != nil {
		return f
	}
	x, want, eq := g.c.Vals.Expr(other), l.Val, e.Op == lang.OpEq
	if probe := g.queryProbe(other, engine.QueryOutcome); probe != nil {
		// outcome(G) == "P": when G's positions are finished, its
		// outcome comes from the value (what outcome would return).
		return func(fr *engine.Frame) bool {
			if v, ok := probe(fr); ok {
				return kernel.OutcomeIs(fr.Th.Engine, v, want) == eq
			}
			v := x(fr)
			return (v.K == value.KStr && v.Str() == want) == eq
		}
	}
	return func(fr *engine.Frame) bool {
		v := x(fr)
		return (v.K == value.KStr && v.Str() == want) == eq
	}
}

// slotInterval is operator.SlotInterval of e on the int locals read in
// place (the planner's guard -T <= x and x <= T, and its negation, run
// at every position: one test instead of a closure per operator).
func (g *IntGen) slotInterval(e lang.Expr) (operator.Interval, bool) {
	if !g.c.On(passes.Ints) {
		return operator.Interval{}, false
	}
	return operator.SlotInterval(e, g.intSlot, proof.ConstInt)
}

// intSlot returns the slot of e when it is an int local read in place
// (as iopnd reads it).
func (g *IntGen) intSlot(e lang.Expr) (int, bool) {
	if id, ok := e.(*lang.Ident); ok {
		if b := g.c.Lookup(id); b != nil && b.IsInt && (b.Kind == resolve.Local || b.Kind == resolve.Global && !g.c.InFunc) {
			return b.Slot, true
		}
	}
	return 0, false
}
