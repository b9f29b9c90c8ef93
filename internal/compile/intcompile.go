package compile

import (
	"fmt"
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/opnd"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/stage"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Int-specialized compilation. An expression is int-typed when it can only
// evaluate to an int or fail: int literals, names known to hold ints (range
// loop variables, and the parameters of a game or def in the variant
// compiled for int arguments), and arithmetic with an int-typed operand.
// Which ones are is package resolve's analysis (Arith.IntTyped); this
// file builds their closures. Such expressions compile to closures returning int64, which avoids boxing
// every intermediate result in a Value and checking its kind; they raise
// the same errors at the same positions as the generic closures.

// IntGen compiles int-typed expressions to int closures and conditions to
// bool closures.
type IntGen struct {
	c      *Compiler
	stages map[lang.Expr]*stage.MulAdd // expressions compiled to exactly a fused stage (intinline.go)
	affine map[lang.Expr]*stage.MulAdd // expressions compiled to exactly X * M + y, no modulo (stage.Operand.Aff)
	trace  []engine.Pos                // the calls of int-closed inlined bodies (intinline.go)
}

// RangeBounds compiles the bounds of a range A .. B to int closures (a
// non-int bound is the same error as building the range).
func (g *IntGen) RangeBounds(r *lang.Binary) (IntFn, IntFn) {
	lo, loV := g.asInt(r.X)
	hi, hiV := g.asInt(r.Y)
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

// IntFn evaluates an int-typed expression.
type IntFn func(fr *engine.Frame) int64

// BoolFn evaluates a condition.
type BoolFn func(fr *engine.Frame) bool

// IntExpr compiles e to an int closure, or returns nil when e is not
// int-typed: the resolve pass's analysis decides (Arith.IntTyped), this
// builds. Inside an int-closed body inlined (g.trace) every expression is
// int-typed (IntClosed said so), and an argument compiled in place
// (argExpr) is what its expression is outside.
func (g *IntGen) IntExpr(e lang.Expr) IntFn {
	if !g.c.On(passes.Ints) {
		return nil
	}
	_, isArg := e.(*argExpr)
	decided := !isArg && len(g.trace) == 0
	if decided && !g.c.Arith.IntTyped(e) {
		if g.c.Arith.IntFires(e) {
			g.c.Fired(passes.Ints) // (an operand, a branch was)
		}
		if VerifyInts && g.intExpr1(e) != nil {
			panic(fmt.Sprintf("compile: the analysis says %T at %s is not int-typed, and it compiled to an int closure", e, lang.FormatPos(lang.Start(e))))
		}
		return nil
	}
	f := g.intExpr1(e)
	if f == nil && decided && VerifyInts {
		panic(fmt.Sprintf("compile: the analysis says %T at %s is int-typed, and it did not compile to an int closure", e, lang.FormatPos(lang.Start(e))))
	}
	if f != nil {
		g.c.Fired(passes.Ints)
	}
	return f
}

// Typed reports whether e is int-typed here: whether IntExpr would build
// an int closure for it, without building one (the analysis's answer, the
// Ints pass counted as fired as IntExpr counts it).
func (g *IntGen) Typed(e lang.Expr) bool {
	if !g.c.On(passes.Ints) {
		return false
	}
	if _, isArg := e.(*argExpr); isArg || len(g.trace) > 0 || VerifyInts {
		return g.IntExpr(e) != nil
	}
	if g.c.Arith.IntFires(e) {
		g.c.Fired(passes.Ints)
	}
	return g.c.Arith.IntTyped(e)
}

// strArg reports whether a call has a string literal argument (which
// the inliner writes in place: the body is then no int arithmetic, as
// the analysis says of the call).
func strArg(e *lang.Call) bool {
	for _, a := range e.Args {
		if _, ok := a.(*lang.StrLit); ok {
			return true
		}
	}
	return false
}

// VerifyInts makes IntExpr check the analysis against what it compiles
// (it panics when they disagree): the tests of package eval set it.
var VerifyInts bool

func (g *IntGen) intExpr1(e lang.Expr) IntFn {
	switch e := e.(type) {
	case *lang.IntLit:
		v := e.Val
		return func(*engine.Frame) int64 { return v }
	case *lang.Ident:
		b := g.c.Lookup(e)
		if b != nil && b.Kind == resolve.Local && b.IsInt {
			s := b.Slot
			return func(fr *engine.Frame) int64 { return fr.Slots[s].N }
		}
		if b != nil && b.Kind == resolve.Global && b.IsInt && !g.c.InFunc {
			s := b.Slot
			return func(fr *engine.Frame) int64 { return fr.Slots[s].N }
		}
		if b != nil && b.Kind == resolve.Global && b.IsInt {
			// In a def or a move rule: the let may not have run yet.
			s, pos, name, tr := b.Slot, e.Pos, e.Name, g.staticTrace()
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
		if e.Op == lang.OpBitNot {
			if x := g.IntExpr(e.X); x != nil {
				return func(fr *engine.Frame) int64 { return ^x(fr) }
			}
		}
		if e.Op == lang.OpNeg {
			if x := g.IntExpr(e.X); x != nil {
				pos, tr := e.Pos, g.staticTrace()
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
		a, b := g.IntExpr(e.Then), g.IntExpr(e.Else)
		if a != nil && b != nil {
			cond := g.Cond(e.Cond, "the condition of if")
			return func(fr *engine.Frame) int64 {
				if cond(fr) {
					return a(fr)
				}
				return b(fr)
			}
		}
	case *lang.Binary:
		return g.intBinary(e)
	case *lang.Index:
		return g.intElem(e)
	case *argExpr:
		delete(g.stages, e.Expr)
		f := outside(g.c, e, g.IntExpr)
		g.passStage(e, e.Expr)
		return f
	case *lang.Call:
		if f := g.intInline(e); f != nil {
			return f
		}
		if len(g.trace) > 0 {
			panic("eval: a call in an int-closed body is not int-closed")
		}
		if bi := g.c.BuiltinCallee(e); bi != nil && (bi.IntResult || bi.IntFold != 0 && g.intArgs(e.Args)) && g.c.On(passes.Composite) {
			// Its result is an int (or an error): min and max of ints too.
			f := g.c.Vals.call(e)
			return func(fr *engine.Frame) int64 { return f(fr).N }
		}
		if sub, fn, binds := g.c.Inl.InlineCall(e); sub != nil && !strArg(e) {
			for _, bd := range binds {
				if !bd.b.IsInt {
					return nil // the generic compilation inlines it
				}
			}
			f := Inlined(g.c, fn, func() IntFn { return g.IntExpr(sub) })
			if f == nil {
				return nil
			}
			return engine.InlineCallFn(g.c.Inl.compileBinds(binds), e.Pos, fn, f)
		}
	}
	return nil
}

// intArgs reports whether there are two or more args, all int-typed.
func (g *IntGen) intArgs(args []lang.Expr) bool {
	for _, a := range args {
		if !g.Typed(a) {
			return false
		}
	}
	return len(args) >= 2
}

// asInt compiles an operand as an int closure: the int-typed compilation
// when there is one, else the generic value checked at run time (a non-int
// goes to fallback, which raises the generic operator's error).
func (g *IntGen) asInt(e lang.Expr) (IntFn, engine.EvalFn) {
	if f := g.IntExpr(e); f != nil {
		return f, nil
	}
	return nil, g.c.Vals.Expr(e)
}

func (g *IntGen) intBinary(e *lang.Binary) IntFn {
	if resolve.IntOps[e.Op] != resolve.IntArithOp {
		return nil
	}
	if f := g.fused(e); f != nil {
		return f
	}
	if f := g.offsetChain(e); f != nil {
		return f
	}
	delete(g.stages, e.X)
	xi, xv := g.asInt(e.X)
	yi, yv := g.asInt(e.Y)
	if xi == nil && yi == nil {
		return nil
	}
	if e.Op == lang.OpMul && (xi == nil || yi == nil) {
		return nil // k * G: the other operand may be a game
	}
	pos, op, tr := e.Pos, e.Op, g.staticTrace()
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
	xo, yo := g.iopnd(e.X, x), g.iopnd(e.Y, y)
	if yo.f == nil && xi != nil && g.c.On(passes.Fuse) {
		if f := g.modLocal(e, yo.s); f != nil {
			g.c.Fired(passes.Fuse)
			return f
		}
	}
	if lit, ok := e.Y.(*lang.IntLit); ok && xi != nil && g.c.On(passes.Fuse) {
		if f := g.stageLit(e, lit.Val); f != nil {
			g.c.Fired(passes.Fuse)
			return f
		}
	}
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
				kc := stage.NewDivK(k) // (a multiply, not a divide)
				return func(fr *engine.Frame) int64 { return kc.Div(xo.get(fr)) }
			}
		case lang.OpMod:
			if k != 0 && k != -1 {
				kc := stage.NewDivK(k)
				return func(fr *engine.Frame) int64 { return kc.Mod(xo.get(fr)) }
			}
		case lang.OpShr:
			if k >= 0 && k <= 63 {
				return func(fr *engine.Frame) int64 { return xo.get(fr) >> k }
			}
		case lang.OpBitAnd:
			return func(fr *engine.Frame) int64 { return xo.get(fr) & k }
		}
	}
	// and constant left operands of + and * (1 + x, 2 * x): the error
	// shows them first.
	if lit, ok := e.X.(*lang.IntLit); ok && (op == lang.OpAdd || op == lang.OpMul) {
		k := lit.Val
		if op == lang.OpAdd {
			return func(fr *engine.Frame) int64 {
				b := yo.get(fr)
				s, ok := operator.AddOK(k, b)
				if !ok {
					pushTrace(fr, tr)
					operator.Overflow(pos, lang.OpAdd, k, b)
				}
				return s
			}
		}
		return func(fr *engine.Frame) int64 {
			b := yo.get(fr)
			p, ok := operator.MulOK(k, b)
			if !ok {
				pushTrace(fr, tr)
				operator.Overflow(pos, lang.OpMul, k, b)
			}
			return p
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
	f IntFn
}

func (g *IntGen) iopnd(e lang.Expr, f IntFn) iopnd {
	if id, ok := e.(*lang.Ident); ok {
		if b := g.c.Lookup(id); b != nil && b.IsInt && (b.Kind == resolve.Local || b.Kind == resolve.Global && !g.c.InFunc) {
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

// Operand is an int-typed expression in one of the shapes move rules use
// most (package opnd).
type Operand = opnd.Operand

// OperandOf compiles an int-typed expression (f is its int closure).
func (g *IntGen) OperandOf(e lang.Expr, f IntFn) Operand {
	slotOf := func(e lang.Expr) int {
		if id, ok := e.(*lang.Ident); ok {
			if b := g.c.Lookup(id); b != nil && b.Kind == resolve.Local && b.IsInt {
				return b.Slot
			}
		}
		return -1
	}
	switch x := e.(type) {
	case *lang.IntLit:
		return opnd.Const(x.Val)
	case *lang.Ident:
		if s := slotOf(x); s >= 0 {
			return opnd.Slot(s)
		}
	case *lang.Binary:
		if x.Op == lang.OpAdd || x.Op == lang.OpSub {
			if s := slotOf(x.X); s >= 0 {
				if lit, ok := x.Y.(*lang.IntLit); ok && lit.Val != math.MinInt64 {
					k := lit.Val
					if x.Op == lang.OpSub {
						k = -k
					}
					return opnd.SlotPlusConst(s, k, f)
				}
				if t := slotOf(x.Y); t >= 0 && x.Op == lang.OpSub {
					return opnd.SlotMinusSlot(s, t, f)
				}
				if t := g.c.LocalSlot(x.Y); t >= 0 && x.Op == lang.OpSub {
					return opnd.SlotMinusAny(s, t, f)
				}
			}
		}
	}
	return opnd.Func(f)
}

// intElem compiles X[I], X a local holding a list or tuple of ints
// (IntElems) and I int-typed: the element, an int.
func (g *IntGen) intElem(e *lang.Index) IntFn {
	if id, ok := e.X.(*lang.Ident); ok {
		if b := g.c.Lookup(id); b != nil && b.Kind == resolve.Local && b.IntElems && g.IntExpr(e.Index) != nil {
			f := g.c.Vals.Expr(e)
			return func(fr *engine.Frame) int64 { return f(fr).N }
		}
	}
	return nil
}
