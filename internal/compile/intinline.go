package compile

import (
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Inlining of int arithmetic defs without a runtime trace. A def whose body
// is "int-closed" (int literals, its parameters, int globals, - + * / % ^,
// if with int comparisons, and calls of defs that are int-closed in turn),
// called with int arguments, can fail only in its arithmetic. Such a call
// is inlined with the call sites it sits in known when it is compiled (the
// static trace, g.trace): an operator that fails pushes them onto the
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
	inl, tr int // len(g.c.Inlining), len(g.trace) where the call is
}

// outside compiles a's argument as the call's caller.
func outside[T any](c *Compiler, a *argExpr, f func(lang.Expr) T) T {
	inl, tr := c.Inlining, c.Ints.trace
	c.Inlining, c.Ints.trace = inl[:a.inl:a.inl], tr[:a.tr:a.tr]
	defer func() { c.Inlining, c.Ints.trace = inl, tr }()
	return f(a.Expr)
}

// staticTrace is what an operator compiled now pushes before it fails.
func (g *IntGen) staticTrace() []engine.Pos {
	if len(g.trace) == 0 {
		return nil
	}
	return slices.Clone(g.trace)
}

// pushTrace puts a static trace on the calls (before an error is raised).
func pushTrace(fr *engine.Frame, tr []engine.Pos) {
	if len(tr) > 0 {
		fr.Th.Calls = append(fr.Th.Calls, tr...)
	}
}

// intInline compiles e, a call of an int-closed def with int arguments,
// inlined with a static trace; nil when it is not one.
func (g *IntGen) intInline(e *lang.Call) IntFn {
	fn := g.c.Inlinable(e)
	if fn == nil {
		return nil
	}
	// In an int-closed body the arguments are int arithmetic already.
	for _, a := range e.Args {
		if len(g.trace) == 0 && !g.Typed(a) {
			return nil
		}
	}
	if !g.c.Arith.IntClosedCall(e) {
		return nil
	}
	params := lang.ParamNames(fn.Decl.Params)
	index := resolve.ParamIndex(fn)
	uses := map[string]int{}
	resolve.CountUses(fn.Decl.Body, uses)
	first := resolve.FirstLeaf(fn.Decl.Body)
	// The last argument that is not a local or a literal may be compiled
	// in place when the body evaluates its parameter first and only
	// there; the others before it go to hidden locals, in order.
	last := -1
	for j, a := range e.Args {
		if !g.c.PlainArg(a) {
			last = j
		}
	}
	args := slices.Clone(e.Args)
	var binds []InlineBind
	for j, a := range e.Args {
		if g.c.PlainArg(a) {
			continue
		}
		name := params[j].Name
		if j == last && uses[name] == 1 && first != nil && first.Name == name {
			args[j] = &argExpr{Expr: a, inl: len(g.c.Inlining), tr: len(g.trace)}
			continue
		}
		hidden, hb := g.c.NewHidden(name, lang.Start(a))
		hb.IsInt = true
		binds = append(binds, InlineBind{b: hb, arg: a})
		args[j] = hidden
	}
	body := resolve.Substitute(fn.Decl.Body, index, args, resolve.SiteOf(e))
	delete(g.stages, body)
	set := g.c.Inl.compileBinds(binds)
	g.c.Inlining = append(g.c.Inlining, fn)
	g.trace = append(g.trace, e.Pos)
	f := g.IntExpr(body)
	g.c.Inlining, g.trace = g.c.Inlining[:len(g.c.Inlining)-1], g.trace[:len(g.trace)-1]
	if f == nil {
		panic("eval: an int-closed body did not compile to int arithmetic")
	}
	g.c.Fired(passes.Inline)
	if set == nil {
		g.passStage(e, body)
		return f
	}
	return func(fr *engine.Frame) int64 {
		set(fr)
		return f(fr)
	}
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
	// inner is X when X is itself fused arithmetic with a modulo whose
	// every result this stage takes without overflow (mix(mix(x)) with
	// def mix(x) = (x * C + D) % K): the two run as one closure.
	inner *mulAdd
}

// stage is the one-range-check form (X * m + d) % mod, d a constant: its
// operands for which nothing overflows are [lo, lo + span].
func (f *mulAdd) stage() (lo int64, span uint64, ok bool) {
	if !f.ok || f.slot >= 0 || f.sub || f.mod == 0 {
		return 0, 0, false
	}
	return operator.MulAddSpan(f.m, f.d)
}

// takes reports whether every result of stage in (|in.mod| > r > -|in.mod|)
// is an operand of f's for which nothing overflows.
func (f *mulAdd) takes(in *mulAdd) bool {
	lo, span, ok := f.stage()
	if !ok || in.inner != nil {
		return false
	}
	k := in.mod
	if k < 0 {
		k = -k
	}
	return k > 0 && k != math.MinInt64 && uint64(-(k-1))-uint64(lo) <= span && uint64(k-1)-uint64(lo) <= span
}

// noteStage records that e compiled to exactly the stage f (not
// wrapped), so that an enclosing stage can take it in (mulAdd.inner).
// The same node can be compiled again elsewhere (another scope, another
// trace): whoever reads g.stages[x] deletes it before compiling x, so
// what it reads comes from that compilation.
func (g *IntGen) noteStage(e lang.Expr, f *mulAdd) {
	if _, _, ok := f.stage(); !ok || f.inner != nil && !f.takes(f.inner) {
		return
	}
	if g.stages == nil {
		g.stages = map[lang.Expr]*mulAdd{}
	}
	g.stages[e] = f
}

// passStage records that from compiled to exactly what to compiled to.
func (g *IntGen) passStage(from, to lang.Expr) {
	if f := g.stages[to]; f != nil {
		g.stages[from] = f
	}
}

// fuseMulAdd recognizes e as X * C ± Y or Y + X * C (Y a literal or an
// int local).
func (g *IntGen) fuseMulAdd(e *lang.Binary) (f mulAdd) {
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
		b := g.c.Lookup(y)
		if b == nil || b.Kind != resolve.Local || !b.IsInt {
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
	delete(g.stages, x)
	xf := g.IntExpr(x)
	if xf == nil {
		return f
	}
	f.x = g.iopnd(x, xf)
	f.inner = g.stages[x]
	f.mulPos, f.addPos, f.addOp, f.sub = mul.Pos, e.Pos, e.Op, e.Op == lang.OpSub
	f.tr, f.ok = g.staticTrace(), true
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
func (f mulAdd) compile() IntFn {
	m, d, slot, mod := f.m, f.d, f.slot, f.mod
	x := f.x
	if p := f.run(); p != nil {
		return p.stageFn()
	}
	switch {
	case slot < 0 && !f.sub && mod == 0:
		lo, span, ok := operator.MulAddSpan(m, d)
		if !ok {
			break
		}
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			if uint64(a)-uint64(lo) > span {
				f.fail(fr, a)
			}
			return a*m + d
		}
	case slot >= 0 && !f.sub && mod == 0:
		lo, span, ok := operator.MulAddSpan(m, 0)
		if !ok {
			break
		}
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

// modLocal compiles X % y, X exactly a fused stage (g.stages) and y the
// int local in slot.
func (g *IntGen) modLocal(e *lang.Binary, slot int) IntFn {
	f := g.stages[e.X]
	if f == nil || e.Op != lang.OpMod {
		return nil
	}
	p := f.run()
	if p == nil {
		return nil
	}
	pos, tr := e.Pos, g.staticTrace()
	rem := func(fr *engine.Frame, r int64) int64 {
		pushTrace(fr, tr)
		return operator.Div(pos, lang.OpMod, value.Int(r), value.Int(0)).N
	}
	if p.two {
		return func(fr *engine.Frame) int64 {
			a := p.x.get(fr)
			if uint64(a)-uint64(p.lo) > p.span {
				p.in.fail(fr, a)
			}
			r := ((a*p.m1+p.d1)%p.k1*p.m + p.d) % p.mod
			if b := fr.Slots[slot].N; b != 0 {
				return r % b
			}
			return rem(fr, r)
		}
	}
	return func(fr *engine.Frame) int64 {
		a := p.x.get(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		r := (a*p.m + p.d) % p.mod
		if b := fr.Slots[slot].N; b != 0 {
			return r % b
		}
		return rem(fr, r)
	}
}

// stageLit compiles X % k or X / k, X exactly a fused stage (g.stages)
// and k an int literal other than 0 and -1: one closure for both.
func (g *IntGen) stageLit(e *lang.Binary, k int64) IntFn {
	f := g.stages[e.X]
	if f == nil || e.Op != lang.OpMod && e.Op != lang.OpDiv || k == 0 || k == -1 {
		return nil
	}
	p := f.run()
	if p == nil {
		return nil
	}
	stage := p.stageFn()
	if e.Op == lang.OpDiv {
		if p.two {
			return func(fr *engine.Frame) int64 {
				a := p.x.get(fr)
				if uint64(a)-uint64(p.lo) > p.span {
					p.in.fail(fr, a)
				}
				return ((a*p.m1+p.d1)%p.k1*p.m + p.d) % p.mod / k
			}
		}
		return func(fr *engine.Frame) int64 { return stage(fr) / k }
	}
	if p.two {
		return func(fr *engine.Frame) int64 {
			a := p.x.get(fr)
			if uint64(a)-uint64(p.lo) > p.span {
				p.in.fail(fr, a)
			}
			return ((a*p.m1+p.d1)%p.k1*p.m + p.d) % p.mod % k
		}
	}
	return func(fr *engine.Frame) int64 {
		a := p.x.get(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		return (a*p.m + p.d) % p.mod % k
	}
}

// stageRun is a fused stage (X * m + d) % mod, or two, ((a * m1 + d1) %
// k1 * m + d) % mod, as its closures read it: one block behind one
// pointer (a closure that captures each number keeps them all on its
// stack across the call that reads X).
type stageRun struct {
	x          iopnd // X (a)
	lo         int64 // a is in range when uint64(a)-uint64(lo) <= span
	span       uint64
	in         *mulAdd // the stage whose range it is (fail)
	two        bool
	m1, d1, k1 int64
	m, d, mod  int64
}

// run returns f as a stageRun, or nil when it is no stage of one range
// check (stage; with an inner stage, one it takes).
func (f *mulAdd) run() *stageRun {
	if in := f.inner; in != nil && f.takes(in) {
		// (((a * m1 + d1) % k1) * m + d) % mod: only the first stage
		// can overflow.
		lo, span, _ := in.stage()
		return &stageRun{x: in.x, lo: lo, span: span, in: in, two: true, m1: in.m, d1: in.d, k1: in.mod, m: f.m, d: f.d, mod: f.mod}
	}
	lo, span, ok := f.stage()
	if !ok {
		return nil
	}
	return &stageRun{x: f.x, lo: lo, span: span, in: f, m: f.m, d: f.d, mod: f.mod}
}

// stageFn is the stage's closure.
func (p *stageRun) stageFn() IntFn {
	if p.two {
		return func(fr *engine.Frame) int64 {
			a := p.x.get(fr)
			if uint64(a)-uint64(p.lo) > p.span {
				p.in.fail(fr, a)
			}
			return ((a*p.m1+p.d1)%p.k1*p.m + p.d) % p.mod
		}
	}
	return func(fr *engine.Frame) int64 {
		a := p.x.get(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		return (a*p.m + p.d) % p.mod
	}
}

// fused compiles e as fused arithmetic, or returns nil.
func (g *IntGen) fused(e *lang.Binary) (f IntFn) {
	if !g.c.On(passes.Fuse) {
		return nil
	}
	defer func() { g.c.FiredIf(passes.Fuse, f != nil) }()
	if e.Op == lang.OpMod {
		lit, ok := e.Y.(*lang.IntLit)
		x, ok2 := e.X.(*lang.Binary)
		if !ok || !ok2 || lit.Val == 0 || lit.Val == -1 {
			return nil
		}
		f := g.fuseMulAdd(x)
		if !f.ok {
			return nil
		}
		f.mod = lit.Val
		g.noteStage(e, &f)
		return f.compile()
	}
	if f := g.fuseMulAdd(e); f.ok {
		return f.compile()
	}
	return nil
}
