package eval

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"

	"github.com/grundy-lang/grundy/lang"
)

// Inlining of int arithmetic defs without a runtime trace. A def whose body
// is "int-closed" (int literals, its parameters, int globals, - + * / % ^,
// if with int comparisons, and calls of defs that are int-closed in turn),
// called with int arguments, can fail only in its arithmetic. Such a call
// is inlined with the call sites it sits in known when it is compiled (the
// static trace, c.trace): an operator that fails pushes them onto the
// calls just before it raises its error, so the error and its "called
// from" lines are the ones the generic inlining gives (inline.go), but a
// call costs nothing at run time. An argument used once, where the body
// evaluates it first, is compiled in place (argExpr) instead of into a
// hidden local: rnd(x) = mix(mix(x)) becomes one tree of int operators.

// argExpr is an argument compiled in place of the parameter it is passed
// for: it is compiled as the caller sees it, outside the inlined calls
// (depth of them) that contain it.
type argExpr struct {
	lang.Expr
	inl, tr int // len(c.inlining), len(c.trace) where the call is
}

// outside compiles a's argument as the call's caller.
func outside[T any](c *compiler, a *argExpr, f func(lang.Expr) T) T {
	inl, tr := c.inlining, c.trace
	c.inlining, c.trace = inl[:a.inl:a.inl], tr[:a.tr:a.tr]
	defer func() { c.inlining, c.trace = inl, tr }()
	return f(a.Expr)
}

// staticTrace is what an operator compiled now pushes before it fails.
func (c *compiler) staticTrace() []engine.Pos {
	if len(c.trace) == 0 {
		return nil
	}
	return slices.Clone(c.trace)
}

// pushTrace puts a static trace on the calls (before an error is raised).
func pushTrace(fr *engine.Frame, tr []engine.Pos) {
	if len(tr) > 0 {
		fr.Th.Calls = append(fr.Th.Calls, tr...)
	}
}

// intInline compiles e, a call of an int-closed def with int arguments,
// inlined with a static trace; nil when it is not one.
func (c *compiler) intInline(e *lang.Call) intFn {
	fn := c.inlinable(e)
	if fn == nil {
		return nil
	}
	// In an int-closed body the arguments are int arithmetic already.
	for _, a := range e.Args {
		if len(c.trace) == 0 && c.intExpr(a) == nil {
			return nil
		}
	}
	if !c.intClosedDef(fn, 0) {
		return nil
	}
	params := lang.ParamNames(fn.Decl.Params)
	index := map[string]int{}
	for i, p := range params {
		index[p.Name] = i
	}
	uses := map[string]int{}
	countUses(fn.Decl.Body, uses)
	first := firstLeaf(fn.Decl.Body)
	// The last argument that is not a local or a literal may be compiled
	// in place when the body evaluates its parameter first and only
	// there; the others before it go to hidden locals, in order.
	last := -1
	for j, a := range e.Args {
		if !c.plainArg(a) {
			last = j
		}
	}
	args := slices.Clone(e.Args)
	var binds []inlineBind
	for j, a := range e.Args {
		if c.plainArg(a) {
			continue
		}
		name := params[j].Name
		if j == last && uses[name] == 1 && first != nil && first.Name == name {
			args[j] = &argExpr{Expr: a, inl: len(c.inlining), tr: len(c.trace)}
			continue
		}
		c.hidden++
		hidden := fmt.Sprintf("%s%s#%d", hiddenPrefix, name, c.hidden)
		hb := c.newVar(hidden)
		hb.IsInt = true
		binds = append(binds, inlineBind{b: hb, arg: a})
		args[j] = &lang.Ident{Pos: lang.Start(a), Name: hidden}
	}
	body := substitute(fn.Decl.Body, index, args)
	set := c.compileBinds(binds)
	c.inlining = append(c.inlining, fn)
	c.trace = append(c.trace, e.Pos)
	f := c.intExpr(body)
	c.inlining, c.trace = c.inlining[:len(c.inlining)-1], c.trace[:len(c.trace)-1]
	if f == nil {
		panic("eval: an int-closed body did not compile to int arithmetic")
	}
	c.fired(passes.Inline)
	if set == nil {
		return f
	}
	return func(fr *engine.Frame) int64 {
		set(fr)
		return f(fr)
	}
}

// plainArg reports whether argument a is substituted as it is: an int
// literal or a local (which cannot fail to evaluate).
func (c *compiler) plainArg(a lang.Expr) bool {
	switch a := a.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := c.scope.Lookup(a.Name)
		return b != nil && b.Kind == bLocal
	}
	return false
}

// intClosedDef reports whether fn's body, with int parameters, is
// int-closed where it is being compiled: every name it uses besides its
// parameters means the same here as in the def and is an int global, and
// every def it calls is int-closed too.
func (c *compiler) intClosedDef(fn *engine.Func, depth int) bool {
	if len(c.inlining)+depth >= maxInlineDepth {
		return false
	}
	params := map[string]bool{}
	for _, p := range lang.ParamNames(fn.Decl.Params) {
		params[p.Name] = true
	}
	size := 0
	return intArith(fn.Decl.Body, func(x lang.Expr) bool {
		if size++; size > maxInlineSize {
			return false
		}
		if id, ok := x.(*lang.Ident); ok && !params[id.Name] {
			b := c.scope.Lookup(id.Name)
			return b != nil && b == fn.Free[id.Name] && b.Kind == bGlobal && b.IsInt
		}
		return true
	}, func(x *lang.Call) bool {
		id, ok := x.Fn.(*lang.Ident)
		if !ok {
			return false
		}
		b := c.scope.Lookup(id.Name)
		if b == nil || b != fn.Free[id.Name] || b.Kind != bDef {
			return false
		}
		callee := b.Fn
		if callee.Decl == nil || callee.Free == nil || recursiveNow(callee) ||
			len(lang.ParamNames(callee.Decl.Params)) != len(x.Args) {
			return false
		}
		return c.intClosedDef(callee, depth+1)
	})
}

// intArith reports whether e is int arithmetic: int literals and names,
// - + * / % ^, if with comparisons of such (and, or, not), and calls with
// such arguments. Every node is first shown to node (false rejects it),
// every name after it must be an int one to node, and every call to call.
func intArith(e lang.Expr, node func(x lang.Expr) bool, call func(x *lang.Call) bool) bool {
	var num, cond func(x lang.Expr) bool
	num = func(x lang.Expr) bool {
		if !node(x) {
			return false
		}
		switch x := x.(type) {
		case *lang.IntLit, *lang.Ident:
			return true
		case *lang.Unary:
			return intOps[x.Op] == intArithOp && num(x.X)
		case *lang.Binary:
			return intOps[x.Op] == intArithOp && num(x.X) && num(x.Y)
		case *lang.IfExpr:
			return cond(x.Cond) && num(x.Then) && num(x.Else)
		case *lang.Call:
			for _, a := range x.Args {
				if !num(a) {
					return false
				}
			}
			return call(x)
		}
		return false
	}
	cond = func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.BoolLit:
			return true
		case *lang.Unary:
			return x.Op == lang.OpNot && cond(x.X)
		case *lang.Binary:
			switch x.Op {
			case lang.OpAnd, lang.OpOr:
				return cond(x.X) && cond(x.Y)
			case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
				return num(x.X) && num(x.Y)
			}
		}
		return false
	}
	return num(e)
}

// countUses counts the uses of each name in x.
func countUses(x lang.Expr, uses map[string]int) {
	lang.Inspect(x, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok {
			uses[x.Name]++
		}
		return true
	})
}

// firstLeaf returns the name an int-closed expression evaluates before
// anything else that could fail, or nil.
func firstLeaf(x lang.Expr) *lang.Ident {
	switch x := x.(type) {
	case *lang.Ident:
		return x
	case *lang.Unary:
		return firstLeaf(x.X)
	case *lang.Binary:
		return firstLeaf(x.X)
	case *lang.IfExpr:
		return firstLeaf(x.Cond)
	case *lang.Call:
		if len(x.Args) > 0 {
			return firstLeaf(x.Args[0])
		}
	}
	return nil
}

// Fused arithmetic. A multiply by a constant, then an add or subtract of a
// constant or a local, then perhaps a modulo by a constant (x * 1103515245
// + 12345) % 2147483647, 8 * v + k) runs as one closure instead of one per
// operator; when an operator overflows, its own error is raised as if it
// had run alone.

// mulAdd is X * m + y, where y is the constant d or the local int slot.
type mulAdd struct {
	x       iopnd
	m       int64
	mulPos  engine.Pos
	swapped bool // C * X in the source (the error shows C first)
	// Y + X * C in the source (the error shows Y first)
	addSwapped bool
	sub        bool // X * m - y
	d          int64
	slot       int // y is this local (-1: the constant d)
	addPos     engine.Pos
	addOp      lang.Op
	tr         []engine.Pos
	ok         bool
	mod        int64 // a final % mod when not 0
}

// fuseMulAdd recognizes e as X * C ± Y or Y + X * C (Y a literal or an
// int local).
func (c *compiler) fuseMulAdd(e *lang.Binary) (f mulAdd) {
	if e.Op != lang.OpAdd && e.Op != lang.OpSub {
		return f
	}
	yExpr := e.Y
	mul, ok := e.X.(*lang.Binary)
	if !ok || mul.Op != lang.OpMul {
		// Y + X * C: the same sum, the operands shown the other way.
		m2, ok2 := e.Y.(*lang.Binary)
		if e.Op != lang.OpAdd || !ok2 || m2.Op != lang.OpMul {
			return f
		}
		mul, yExpr, f.addSwapped = m2, e.X, true
	}
	f.slot = -1
	switch y := yExpr.(type) {
	case *lang.IntLit:
		f.d = y.Val
	case *lang.Ident:
		b := c.scope.Lookup(y.Name)
		if b == nil || b.Kind != bLocal || !b.IsInt {
			return f
		}
		f.slot = b.Slot
	default:
		return f
	}
	x := mul.X
	if lit, ok := mul.Y.(*lang.IntLit); ok {
		f.m = lit.Val
	} else if lit, ok := mul.X.(*lang.IntLit); ok {
		f.m, f.swapped, x = lit.Val, true, mul.Y
	} else {
		return f
	}
	xf := c.intExpr(x)
	if xf == nil {
		return f
	}
	f.x = c.iopnd(x, xf)
	f.mulPos, f.addPos, f.addOp, f.sub = mul.Pos, e.Pos, e.Op, e.Op == lang.OpSub
	f.tr, f.ok = c.staticTrace(), true
	return f
}

// fail raises the error of the operator that overflowed on a.
func (f *mulAdd) fail(fr *engine.Frame, a int64) {
	pushTrace(fr, f.tr)
	p, ok := operator.MulOK(a, f.m)
	if !ok {
		if f.swapped {
			operator.Overflow(f.mulPos, lang.OpMul, f.m, a)
		}
		operator.Overflow(f.mulPos, lang.OpMul, a, f.m)
	}
	y := f.d
	if f.slot >= 0 {
		y = fr.Slots[f.slot].N
	}
	if f.addSwapped {
		operator.Overflow(f.addPos, f.addOp, y, p)
	}
	operator.Overflow(f.addPos, f.addOp, p, y)
}

// compile returns the fused closure: the common shapes without the
// branches of the general one (one closure for all: dag 0.21 -> 0.24 s).
func (f mulAdd) compile() intFn {
	m, d, slot, mod := f.m, f.d, f.slot, f.mod
	x := f.x
	switch {
	case slot < 0 && !f.sub && mod != 0:
		// The operands for which neither operator overflows: one
		// comparison (as unsigned, from lo).
		lo, hi, ok := mulAddRange(m, d)
		if !ok {
			break
		}
		span := uint64(hi) - uint64(lo)
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			if uint64(a)-uint64(lo) > span {
				f.fail(fr, a)
			}
			return (a*m + d) % mod
		}
	case slot < 0 && !f.sub && mod == 0:
		lo, hi, ok := mulAddRange(m, d)
		if !ok {
			break
		}
		span := uint64(hi) - uint64(lo)
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			if uint64(a)-uint64(lo) > span {
				f.fail(fr, a)
			}
			return a*m + d
		}
	case slot >= 0 && !f.sub && mod == 0:
		lo, hi, ok := mulAddRange(m, 0)
		if !ok {
			break
		}
		span := uint64(hi) - uint64(lo)
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			s, ok := operator.AddOK(a*m, fr.Slots[slot].N)
			if uint64(a)-uint64(lo) > span || !ok {
				f.fail(fr, a)
			}
			return s
		}
	}
	sub := f.sub
	return func(fr *engine.Frame) int64 {
		a := x.get(fr)
		p, ok1 := operator.MulOK(a, m)
		y := d
		if slot >= 0 {
			y = fr.Slots[slot].N
		}
		var s int64
		var ok2 bool
		if sub {
			s, ok2 = operator.SubOK(p, y)
		} else {
			s, ok2 = operator.AddOK(p, y)
		}
		if !ok1 || !ok2 {
			f.fail(fr, a)
		}
		if mod != 0 {
			return s % mod
		}
		return s
	}
}

// mulAddRange is the range of a for which a*m and a*m + d are int64s
// (false when it is empty, and for m = 0).
func mulAddRange(m, d int64) (lo, hi int64, ok bool) {
	if m == 0 {
		return 0, 0, false
	}
	minI, maxI := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	bm, bd := big.NewInt(m), big.NewInt(d)
	// a*m in [min, max] and in [min - d, max - d]: a*m in [l, h].
	l, h := new(big.Int).Sub(minI, bd), new(big.Int).Sub(maxI, bd)
	if l.Cmp(minI) < 0 {
		l.Set(minI)
	}
	if h.Cmp(maxI) > 0 {
		h.Set(maxI)
	}
	// a in [ceil(l/m), floor(h/m)] for m > 0; the other way for m < 0.
	if m < 0 {
		l, h = h.Neg(h), l.Neg(l)
		bm.Neg(bm)
	}
	a0 := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(l), bm)) // ceil(l / m)
	a1 := new(big.Int).Div(h, bm)                                     // floor(h / m)
	if a0.Cmp(minI) < 0 {
		a0.Set(minI)
	}
	if a1.Cmp(maxI) > 0 {
		a1.Set(maxI)
	}
	if a0.Cmp(a1) > 0 {
		return 0, 0, false
	}
	return a0.Int64(), a1.Int64(), true
}

// fused compiles e as fused arithmetic, or returns nil.
func (c *compiler) fused(e *lang.Binary) (f intFn) {
	if !c.on(passes.Fuse) {
		return nil
	}
	defer func() {
		if f != nil {
			c.fired(passes.Fuse)
		}
	}()
	if e.Op == lang.OpMod {
		lit, ok := e.Y.(*lang.IntLit)
		x, ok2 := e.X.(*lang.Binary)
		if !ok || !ok2 || lit.Val == 0 || lit.Val == -1 {
			return nil
		}
		f := c.fuseMulAdd(x)
		if !f.ok {
			return nil
		}
		f.mod = lit.Val
		return f.compile()
	}
	if f := c.fuseMulAdd(e); f.ok {
		return f.compile()
	}
	return nil
}

// intPure reports whether e is int arithmetic only, here: int literals,
// int names, - + * / % ^, if with comparisons of such, and calls of
// int-closed defs with such arguments (nothing that asks for a value).
func (c *compiler) intPure(e lang.Expr) bool {
	return intArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			b := c.scope.Lookup(id.Name)
			return b != nil && b.IsInt && (b.Kind == bLocal || b.Kind == bGlobal)
		}
		return true
	}, func(x *lang.Call) bool {
		fn := c.inlinable(x)
		return fn != nil && c.intClosedDef(fn, 0)
	})
}
