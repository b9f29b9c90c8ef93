package compile

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/stage"

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

// Fused arithmetic (package stage compiles it): a multiply by a
// constant, then an add or subtract of a constant or a local, then
// perhaps a modulo by a constant, as one closure.

// noteStage records that e compiled to exactly the stage f (not
// wrapped), so that an enclosing stage can take it in (stage.MulAdd.Inner).
// The same node can be compiled again elsewhere (another scope, another
// trace): whoever reads g.stages[x] deletes it before compiling x, so
// what it reads comes from that compilation.
func (g *IntGen) noteStage(e lang.Expr, f *stage.MulAdd) {
	if _, _, ok := f.Stage(); !ok || f.Inner != nil && !f.Takes(f.Inner) {
		return
	}
	if g.stages == nil {
		g.stages = map[lang.Expr]*stage.MulAdd{}
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
func (g *IntGen) fuseMulAdd(e *lang.Binary) (f stage.MulAdd) {
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
		mul, yExpr, f.AddSwapped = m2, e.X, true
	}
	f.Slot = -1
	switch y := yExpr.(type) {
	case *lang.IntLit:
		f.D = y.Val
	case *lang.Ident:
		b := g.c.Lookup(y)
		if b == nil || b.Kind != resolve.Local || !b.IsInt {
			return f
		}
		f.Slot = b.Slot
	default:
		return f
	}
	x := mul.X
	if lit, ok := mul.Y.(*lang.IntLit); ok {
		f.M = lit.Val
	} else if lit, ok := mul.X.(*lang.IntLit); ok {
		f.M, f.Swapped, x = lit.Val, true, mul.Y
	} else {
		return f
	}
	delete(g.stages, x)
	xf := g.IntExpr(x)
	if xf == nil {
		return f
	}
	o := g.iopnd(x, xf)
	f.X = stage.Operand{Slot: o.s, F: o.f, Aff: g.affine[x]}
	f.Inner = g.stages[x]
	f.MulPos, f.AddPos, f.AddOp, f.Sub = mul.Pos, e.Pos, e.Op, e.Op == lang.OpSub
	f.Trace, f.OK = g.staticTrace(), true
	return f
}

// modLocal compiles X % y, X exactly a fused stage (g.stages) and y the
// int local in slot.
func (g *IntGen) modLocal(e *lang.Binary, slot int) IntFn {
	if f := g.stages[e.X]; f != nil && e.Op == lang.OpMod {
		return f.ModLocal(e.Pos, g.staticTrace(), slot)
	}
	return nil
}

// stageLit compiles X % k or X / k, X exactly a fused stage (g.stages)
// and k an int literal other than 0 and -1: one closure for both.
func (g *IntGen) stageLit(e *lang.Binary, k int64) IntFn {
	if f := g.stages[e.X]; f != nil {
		return f.Lit(e.Op, k)
	}
	return nil
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
		if !f.OK {
			return nil
		}
		f.Mod = lit.Val
		g.noteStage(e, &f)
		return IntFn(f.Compile())
	}
	if f := g.fuseMulAdd(e); f.OK {
		if g.affine == nil {
			g.affine = map[lang.Expr]*stage.MulAdd{}
		}
		g.affine[e] = &f
		return IntFn(f.Compile())
	}
	return nil
}

// offsetChain compiles e, additions and subtractions of int literals on
// an int expression X, perhaps under a final % or / by an int literal,
// two or more of them, as one closure (stage.Offset); nil otherwise.
func (g *IntGen) offsetChain(e *lang.Binary) IntFn {
	if !g.c.On(passes.Fuse) {
		return nil
	}
	o := stage.Offset{Trace: g.staticTrace()}
	var x lang.Expr = e
	if lit, ok := e.Y.(*lang.IntLit); ok && (e.Op == lang.OpMod || e.Op == lang.OpDiv) {
		o.Final, o.By, x = e.Op, lit.Val, e.X
	}
	x, o.Steps = stage.OffsetSteps(x)
	var f IntFn
	if ie, ok := x.(*lang.IfExpr); ok && len(o.Steps) > 0 {
		f = g.offsetIf(ie, o)
	} else if len(o.Steps) > 1 || len(o.Steps) == 1 && o.Final != 0 {
		f = g.offsetOn(x, o)
	}
	g.c.FiredIf(passes.Fuse, f != nil)
	return f
}

// offsetOn compiles int expression x followed by o's steps (an int
// literal folded into one); nil when x is no int expression or no value
// of it takes the steps.
func (g *IntGen) offsetOn(x lang.Expr, o stage.Offset) IntFn {
	if lit, ok := x.(*lang.IntLit); ok {
		if v, ok := o.Fold(lit.Val); ok {
			return func(*engine.Frame) int64 { return v }
		}
	}
	if !g.Typed(x) {
		return nil
	}
	if o.X = g.IntExpr(x); o.X == nil {
		return nil
	}
	return o.Compile()
}

// offsetIf compiles (if C then A else B) followed by o's steps as if C
// then A and them else B and them ((if v == 0 then 0 else 1 + X) - 1:
// -1, or X): the same operators run in the same order.
func (g *IntGen) offsetIf(ie *lang.IfExpr, o stage.Offset) IntFn {
	branch := func(b lang.Expr) IntFn {
		x, steps := stage.OffsetSteps(b)
		ob := o
		ob.Steps = append(steps, o.Steps...)
		return g.offsetOn(x, ob)
	}
	a, b := branch(ie.Then), branch(ie.Else)
	if a == nil || b == nil {
		return nil
	}
	cond := g.Cond(ie.Cond, "the condition of if")
	return func(fr *engine.Frame) int64 {
		if cond(fr) {
			return a(fr)
		}
		return b(fr)
	}
}
