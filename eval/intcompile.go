package eval

import (
	"math"

	"github.com/grundy-lang/grundy/internal/kernel"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Int-specialized compilation. An expression is int-typed when it can only
// evaluate to an int or fail: int literals, names known to hold ints (range
// loop variables, and the parameters of a game or def in the variant
// compiled for int arguments), and arithmetic with an int-typed operand.
// Such expressions compile to closures returning int64, which avoids boxing
// every intermediate result in a Value and checking its kind; they raise
// the same errors at the same positions as the generic closures.

// rangeBounds compiles the bounds of a range A .. B to int closures (a
// non-int bound is the same error as building the range).
func (c *compiler) rangeBounds(r *lang.Binary) (intFn, intFn) {
	lo, loV := c.asInt(r.X)
	hi, hiV := c.asInt(r.Y)
	pos := r.Pos
	if lo == nil {
		lo = func(fr *engine.Frame) int64 {
			v := loV(fr)
			if v.K != value.KInt {
				operator.TypeErr(pos, lang.OpRange, v, value.Int(0))
			}
			return v.N
		}
	}
	if hi == nil {
		hi = func(fr *engine.Frame) int64 {
			v := hiV(fr)
			if v.K != value.KInt {
				operator.TypeErr(pos, lang.OpRange, value.Int(0), v)
			}
			return v.N
		}
	}
	return lo, hi
}

// intFn evaluates an int-typed expression.
type intFn func(fr *engine.Frame) int64

// boolFn evaluates a condition.
type boolFn func(fr *engine.Frame) bool

// intExpr compiles e to an int closure, or returns nil when e is not
// int-typed.
func (c *compiler) intExpr(e lang.Expr) intFn {
	// Remember what is not int-typed: binary compiles an operand with
	// intExpr and then, failing that, generically, which asks intExpr
	// again; without this a chain a + b + c + ... took exponential time.
	if !c.on(passes.Ints) {
		return nil
	}
	k := intKey{e, c.scope}
	if c.notInt[k] {
		return nil
	}
	f := c.intExpr1(e)
	if f != nil {
		c.fired(passes.Ints)
	}
	if f == nil {
		if c.notInt == nil {
			c.notInt = map[intKey]bool{}
		}
		c.notInt[k] = true
	}
	return f
}

type intKey struct {
	e lang.Expr
	s *scope
}

func (c *compiler) intExpr1(e lang.Expr) intFn {
	switch e := e.(type) {
	case *lang.IntLit:
		v := e.Val
		return func(*engine.Frame) int64 { return v }
	case *lang.Ident:
		b := c.scope.Lookup(e.Name)
		if b != nil && b.Kind == bLocal && b.IsInt {
			s := b.Slot
			return func(fr *engine.Frame) int64 { return fr.Slots[s].N }
		}
		if b != nil && b.Kind == bGlobal && b.IsInt && !c.inFunc {
			s := b.Slot
			return func(fr *engine.Frame) int64 { return fr.Slots[s].N }
		}
		if b != nil && b.Kind == bGlobal && b.IsInt {
			// In a def or a move rule: the let may not have run yet.
			s, pos, name, tr := b.Slot, e.Pos, e.Name, c.staticTrace()
			return func(fr *engine.Frame) int64 {
				v := fr.Th.Globals[s]
				if v.K != value.KInt {
					pushTrace(fr, tr)
					value.Fail(pos, "%q is used before its let statement has run", name)
				}
				return v.N
			}
		}
	case *lang.Unary:
		if e.Op == lang.OpNeg {
			if x := c.intExpr(e.X); x != nil {
				pos, tr := e.Pos, c.staticTrace()
				return func(fr *engine.Frame) int64 {
					v := x(fr)
					if v == math.MinInt64 {
						pushTrace(fr, tr)
						value.Fail(pos, "integer overflow: -(%d) does not fit in 64 bits", v)
					}
					return -v
				}
			}
		}
	case *lang.IfExpr:
		a, b := c.intExpr(e.Then), c.intExpr(e.Else)
		if a != nil && b != nil {
			cond := c.cond(e.Cond, "the condition of if")
			return func(fr *engine.Frame) int64 {
				if cond(fr) {
					return a(fr)
				}
				return b(fr)
			}
		}
	case *lang.Binary:
		return c.intBinary(e)
	case *argExpr:
		return outside(c, e, c.intExpr)
	case *lang.Call:
		if f := c.intInline(e); f != nil {
			return f
		}
		if len(c.trace) > 0 {
			panic("eval: a call in an int-closed body is not int-closed")
		}
		if bi := c.builtinCallee(e); bi != nil && bi.IntResult && c.on(passes.Composite) {
			// Its result is an int (or an error).
			f := c.call(e)
			return func(fr *engine.Frame) int64 { return f(fr).N }
		}
		if sub, fn, binds := c.inlineCall(e); sub != nil {
			for _, bd := range binds {
				if !bd.b.IsInt {
					return nil // the generic compilation inlines it
				}
			}
			f := inlined(c, fn, func() intFn { return c.intExpr(sub) })
			if f == nil {
				return nil
			}
			return inlineCallFn(c.compileBinds(binds), e.Pos, fn, f)
		}
	}
	return nil
}

// builtinCallee returns the built-in e calls, when it calls one by its
// name with a number of arguments it takes.
func (c *compiler) builtinCallee(e *lang.Call) *engine.Builtin {
	bi := c.calledBuiltin(e)
	if bi == nil || len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
		return nil
	}
	return bi
}

// asInt compiles an operand as an int closure: the int-typed compilation
// when there is one, else the generic value checked at run time (a non-int
// goes to fallback, which raises the generic operator's error).
func (c *compiler) asInt(e lang.Expr) (intFn, engine.EvalFn) {
	if f := c.intExpr(e); f != nil {
		return f, nil
	}
	return nil, c.expr(e)
}

// intKind says what the int generator makes of an operator on ints.
type intKind uint8

const (
	intUnknown intKind = iota // not said: TestEveryOperatorIsKnown fails
	intArithOp                // an int from ints (intBinary, intUnary)
	intCond                   // a condition on ints (condAt, intCompare)
	intNone                   // no int form (a list, a set test, a game)
)

// intOps is what the int generator does with each operator.
var intOps = [lang.NumOps]intKind{
	lang.OpOr: intCond, lang.OpAnd: intCond, lang.OpNot: intCond,
	lang.OpEq: intCond, lang.OpNe: intCond, lang.OpLt: intCond, lang.OpLe: intCond, lang.OpGt: intCond, lang.OpGe: intCond,
	lang.OpIn: intNone, lang.OpNotIn: intNone, lang.OpRange: intNone, lang.OpNimber: intNone,
	lang.OpBitOr: intArithOp, lang.OpXor: intArithOp, lang.OpBitAnd: intArithOp, lang.OpShl: intArithOp, lang.OpShr: intArithOp,
	lang.OpAdd: intArithOp, lang.OpSub: intArithOp, lang.OpMul: intArithOp, lang.OpDiv: intArithOp, lang.OpMod: intArithOp,
	lang.OpPow: intArithOp, lang.OpNeg: intArithOp,
}

func (c *compiler) intBinary(e *lang.Binary) intFn {
	if intOps[e.Op] != intArithOp {
		return nil
	}
	if f := c.fused(e); f != nil {
		return f
	}
	xi, xv := c.asInt(e.X)
	yi, yv := c.asInt(e.Y)
	if xi == nil && yi == nil {
		return nil
	}
	if e.Op == lang.OpMul && (xi == nil || yi == nil) {
		return nil // k * G: the other operand may be a game
	}
	pos, op, tr := e.Pos, e.Op, c.staticTrace()
	// Non-int operand: the generic operator decides (it fails).
	f := operator.Binary[op]
	generic := func(a, b value.Value) int64 { return f(nil, pos, op, a, b).N }
	x, y := xi, yi
	if x == nil {
		x = func(fr *engine.Frame) int64 {
			v := xv(fr)
			if v.K != value.KInt {
				return generic(v, value.Int(yi(fr)))
			}
			return v.N
		}
	}
	if y == nil {
		y = func(fr *engine.Frame) int64 {
			v := yv(fr)
			if v.K != value.KInt {
				return generic(value.Int(0), v)
			}
			return v.N
		}
	}
	// Local ints are read in place, not through a closure.
	xo, yo := c.iopnd(e.X, x), c.iopnd(e.Y, y)
	// Constant right operands are common (n - 1, x % 8): specialize them.
	if lit, ok := e.Y.(*lang.IntLit); ok {
		k := lit.Val
		switch op {
		case lang.OpAdd:
			return func(fr *engine.Frame) int64 {
				a := xo.get(fr)
				s, ok := operator.AddOK(a, k)
				if !ok {
					pushTrace(fr, tr)
					operator.Overflow(pos, lang.OpAdd, a, k)
				}
				return s
			}
		case lang.OpSub:
			return func(fr *engine.Frame) int64 {
				a := xo.get(fr)
				s, ok := operator.SubOK(a, k)
				if !ok {
					pushTrace(fr, tr)
					operator.Overflow(pos, lang.OpSub, a, k)
				}
				return s
			}
		case lang.OpMul:
			return func(fr *engine.Frame) int64 {
				a := xo.get(fr)
				p, ok := operator.MulOK(a, k)
				if !ok {
					pushTrace(fr, tr)
					operator.Overflow(pos, lang.OpMul, a, k)
				}
				return p
			}
		case lang.OpDiv:
			if k != 0 && k != -1 {
				return func(fr *engine.Frame) int64 { return xo.get(fr) / k }
			}
		case lang.OpMod:
			if k != 0 && k != -1 {
				return func(fr *engine.Frame) int64 { return xo.get(fr) % k }
			}
		case lang.OpShr:
			if k >= 0 && k <= 63 {
				return func(fr *engine.Frame) int64 { return xo.get(fr) >> k }
			}
		case lang.OpBitAnd:
			return func(fr *engine.Frame) int64 { return xo.get(fr) & k }
		}
	}
	if lit, ok := e.X.(*lang.IntLit); ok && op == lang.OpShl && lit.Val == 1 {
		// 1 << v, the bit of cell v: only the count can fail.
		return func(fr *engine.Frame) int64 {
			k := yo.get(fr)
			if uint64(k) > 62 {
				pushTrace(fr, tr)
				return operator.Shl(pos, 1, k)
			}
			return 1 << k
		}
	}
	switch op {
	case lang.OpAdd:
		return func(fr *engine.Frame) int64 {
			a, b := xo.get(fr), yo.get(fr)
			s, ok := operator.AddOK(a, b)
			if !ok {
				pushTrace(fr, tr)
				operator.Overflow(pos, lang.OpAdd, a, b)
			}
			return s
		}
	case lang.OpSub:
		return func(fr *engine.Frame) int64 {
			a, b := xo.get(fr), yo.get(fr)
			s, ok := operator.SubOK(a, b)
			if !ok {
				pushTrace(fr, tr)
				operator.Overflow(pos, lang.OpSub, a, b)
			}
			return s
		}
	case lang.OpMul:
		return func(fr *engine.Frame) int64 {
			a, b := xo.get(fr), yo.get(fr)
			s, ok := operator.MulOK(a, b)
			if !ok {
				pushTrace(fr, tr)
				operator.Overflow(pos, lang.OpMul, a, b)
			}
			return s
		}
	case lang.OpDiv, lang.OpMod:
		return func(fr *engine.Frame) int64 {
			a, b := xo.get(fr), yo.get(fr)
			if b == 0 || a == math.MinInt64 && b == -1 {
				pushTrace(fr, tr)
				return operator.Div(pos, op, value.Int(a), value.Int(b)).N
			}
			if op == lang.OpDiv {
				return a / b
			}
			return a % b
		}
	case lang.OpBitAnd:
		return func(fr *engine.Frame) int64 { return xo.get(fr) & yo.get(fr) }
	case lang.OpBitOr:
		return func(fr *engine.Frame) int64 { return xo.get(fr) | yo.get(fr) }
	case lang.OpShl:
		return func(fr *engine.Frame) int64 {
			a, k := xo.get(fr), yo.get(fr)
			if uint64(k) > 63 || a < 0 || a > math.MaxInt64>>k {
				pushTrace(fr, tr)
				return operator.Shl(pos, a, k)
			}
			return a << k
		}
	case lang.OpShr:
		return func(fr *engine.Frame) int64 {
			a, k := xo.get(fr), yo.get(fr)
			if uint64(k) > 63 {
				pushTrace(fr, tr)
				return operator.Shr(pos, a, k)
			}
			return a >> k
		}
	case lang.OpPow:
		return func(fr *engine.Frame) int64 {
			a, k := xo.get(fr), yo.get(fr)
			r, ok := operator.PowOK(a, k)
			if !ok {
				pushTrace(fr, tr)
				return operator.Pow(pos, a, k)
			}
			return r
		}
	}
	return func(fr *engine.Frame) int64 { return xo.get(fr) ^ yo.get(fr) }
}

// iopnd is an operand of an int operator: a local int read in place
// (f nil), or a closure.
type iopnd struct {
	s int
	f intFn
}

func (c *compiler) iopnd(e lang.Expr, f intFn) iopnd {
	if id, ok := e.(*lang.Ident); ok {
		if b := c.scope.Lookup(id.Name); b != nil && b.IsInt && (b.Kind == bLocal || b.Kind == bGlobal && !c.inFunc) {
			return iopnd{s: b.Slot}
		}
	}
	return iopnd{f: f}
}

func (o *iopnd) get(fr *engine.Frame) int64 {
	if o.f == nil {
		return fr.Slots[o.s].N
	}
	return o.f(fr)
}

// cond compiles a condition (which must be true or false at run time).
func (c *compiler) cond(e lang.Expr, what string) boolFn { return c.condAt(e, what, lang.Start(e)) }

// condAt is cond with the position a non-bool is reported at.
func (c *compiler) condAt(e lang.Expr, what string, pos engine.Pos) boolFn {
	switch e := e.(type) {
	case *lang.BoolLit:
		v := e.Val
		return func(*engine.Frame) bool { return v }
	case *lang.Unary:
		if e.Op == lang.OpNot {
			x := c.condAt(e.X, "the operand of not", e.Pos)
			return func(fr *engine.Frame) bool { return !x(fr) }
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			x, y := c.cond(e.X, "the operands of and"), c.cond(e.Y, "the operands of and")
			return func(fr *engine.Frame) bool { return x(fr) && y(fr) }
		case lang.OpOr:
			x, y := c.cond(e.X, "the operands of or"), c.cond(e.Y, "the operands of or")
			return func(fr *engine.Frame) bool { return x(fr) || y(fr) }
		case lang.OpIn, lang.OpNotIn:
			if r, ok := e.Y.(*lang.Binary); !ok || r.Op != lang.OpRange {
				if f := c.inSet(e, e.Op == lang.OpNotIn); f != nil {
					return f
				}
			}
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			if f := c.intCompare(e); f != nil {
				return f
			}
			if f := c.strEquals(e); f != nil {
				return f
			}
		}
	}
	x := c.expr(e)
	return func(fr *engine.Frame) bool { return operator.NeedBool(pos, x(fr), what) }
}

// intCompare compiles a comparison with an int-typed operand.
func (c *compiler) intCompare(e *lang.Binary) boolFn {
	xi, xv := c.asInt(e.X)
	yi, yv := c.asInt(e.Y)
	if xi == nil && yi == nil {
		return nil
	}
	op := e.Op
	if xi == nil || yi == nil {
		generic := c.intCompareMixed(e, xi, yi)
		// sg(G) OP n: when G's positions are finished (a probe, without
		// side effects), compare the value without building it.
		probe, other, swap := c.sgCallProbe(e.X), yi, false
		if probe == nil || other == nil {
			probe, other, swap = c.sgCallProbe(e.Y), xi, true
		}
		if probe != nil && other != nil {
			if swap {
				op = flipCmp(op)
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
	xo, yo := c.iopnd(e.X, xi), c.iopnd(e.Y, yi)
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

// flipCmp is the comparison with its operands swapped (a < b is b > a).
func flipCmp(op lang.Op) lang.Op {
	switch op {
	case lang.OpLt:
		return lang.OpGt
	case lang.OpLe:
		return lang.OpGe
	case lang.OpGt:
		return lang.OpLt
	case lang.OpGe:
		return lang.OpLe
	}
	return op
}

// sgCallProbe returns the probe of G when e is sg(G) with the built-in sg
// and G a game expression sgProbe takes; nil otherwise.
func (c *compiler) sgCallProbe(e lang.Expr) func(fr *engine.Frame) (memo.Sgv, bool) {
	return c.queryProbe(e, engine.QuerySG)
}

// queryProbe is sgCallProbe for the built-in whose Query is q.
func (c *compiler) queryProbe(e lang.Expr, q engine.Query) func(fr *engine.Frame) (memo.Sgv, bool) {
	if !c.isQueryCall(e, q) {
		return nil // not a call of the built-in
	}
	return c.sgProbe(e.(*lang.Call).Args[0])
}

// intCompareMixed compiles a comparison with one int-typed operand (xi or
// yi) and one that is not known to be an int.
func (c *compiler) intCompareMixed(e *lang.Binary, xi, yi intFn) boolFn {
	pos, op := e.Pos, e.Op
	// Compare generically unless the other side is an int at run
	// time. A local on the unknown side is read directly.
	if s := c.localSlot(e.X); s >= 0 && yi != nil {
		return func(fr *engine.Frame) bool {
			a := fr.Slots[s]
			if a.K == value.KInt {
				return kernel.CmpInts(op, a.N, yi(fr))
			}
			return operator.Compare(pos, op, a, value.Int(yi(fr)))
		}
	}
	if s := c.localSlot(e.Y); s >= 0 && xi != nil {
		return func(fr *engine.Frame) bool {
			a, b := xi(fr), fr.Slots[s]
			if b.K == value.KInt {
				return kernel.CmpInts(op, a, b.N)
			}
			return operator.Compare(pos, op, value.Int(a), b)
		}
	}
	x, y := c.expr(e.X), c.expr(e.Y)
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
func (c *compiler) strEquals(e *lang.Binary) boolFn {
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
	x, want, eq := c.expr(other), l.Val, e.Op == lang.OpEq
	if probe := c.queryProbe(other, engine.QueryOutcome); probe != nil {
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

// localSlot is the slot of a local name (of any type), or -1.
func (c *compiler) localSlot(e lang.Expr) int {
	if id, ok := e.(*lang.Ident); ok {
		if b := c.scope.Lookup(id.Name); b != nil && b.Kind == bLocal {
			return b.Slot
		}
	}
	return -1
}

// operand is an int-typed expression in one of the shapes move rules use
// most (a local, a constant, local ± constant, local - local), evaluated by
// a switch instead of a tree of closures; other shapes call f.
type operand struct {
	kind uint8
	a, b int   // slots
	k    int64 // constant
	pos  engine.Pos
	f    intFn
}

const (
	opndFunc uint8 = iota
	opndSlot
	opndConst
	opndSlotPlusConst
	opndSlotMinusSlot
	opndSlotMinusAny // b is any local: used when it holds an int
)

// operandOf compiles an int-typed expression (f is its int closure).
func (c *compiler) operandOf(e lang.Expr, f intFn) operand {
	slotOf := func(e lang.Expr) int {
		if id, ok := e.(*lang.Ident); ok {
			if b := c.scope.Lookup(id.Name); b != nil && b.Kind == bLocal && b.IsInt {
				return b.Slot
			}
		}
		return -1
	}
	switch x := e.(type) {
	case *lang.IntLit:
		return operand{kind: opndConst, k: x.Val}
	case *lang.Ident:
		if s := slotOf(x); s >= 0 {
			return operand{kind: opndSlot, a: s}
		}
	case *lang.Binary:
		if x.Op == lang.OpAdd || x.Op == lang.OpSub {
			if s := slotOf(x.X); s >= 0 {
				if lit, ok := x.Y.(*lang.IntLit); ok && lit.Val != math.MinInt64 {
					k := lit.Val
					if x.Op == lang.OpSub {
						k = -k
					}
					return operand{kind: opndSlotPlusConst, a: s, k: k, pos: x.Pos, f: f}
				}
				if t := slotOf(x.Y); t >= 0 && x.Op == lang.OpSub {
					return operand{kind: opndSlotMinusSlot, a: s, b: t, pos: x.Pos, f: f}
				}
				if t := c.localSlot(x.Y); t >= 0 && x.Op == lang.OpSub {
					return operand{kind: opndSlotMinusAny, a: s, b: t, pos: x.Pos, f: f}
				}
			}
		}
	}
	return operand{kind: opndFunc, f: f}
}

// eval evaluates the operand (overflow falls back to the closure, which
// raises the error).
func (o *operand) eval(fr *engine.Frame) int64 {
	switch o.kind {
	case opndSlot:
		return fr.Slots[o.a].N
	case opndConst:
		return o.k
	case opndSlotPlusConst:
		a := fr.Slots[o.a].N
		if s, ok := operator.AddOK(a, o.k); ok {
			return s
		}
	case opndSlotMinusSlot:
		a, b := fr.Slots[o.a].N, fr.Slots[o.b].N
		if s, ok := operator.SubOK(a, b); ok {
			return s
		}
	case opndSlotMinusAny:
		if v := fr.Slots[o.b]; v.K == value.KInt {
			if s, ok := operator.SubOK(fr.Slots[o.a].N, v.N); ok {
				return s
			}
		}
	}
	return o.f(fr)
}
