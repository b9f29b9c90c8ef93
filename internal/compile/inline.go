package compile

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Inlining of small defs. A call of a def whose body is a small expression
// (no comprehension, no names of its own) compiles as that body with the
// parameters replaced by the arguments, when that means the same: every
// other name in the body means the same thing at the call as in the def
// (the call's Site, from the resolve pass), and the def is not being
// inlined already (no recursion). An argument that is a local name or a
// literal is substituted; any other is evaluated first, in order, into a
// hidden local the body reads, as a call evaluates its arguments before
// its body. The call's position is on the trace while the body runs, so a
// runtime error inside points into the def's body with the same "called
// from" lines. A call then costs no frame, and an int def called with
// ints becomes int arithmetic (rnd(8 * v + k) % v). In the REPL, a def
// declared again has what inlined it compiled again (redeclare.go of
// package eval).

// InlineBind is an argument evaluated into a hidden local before the
// inlined body runs (one that is not a local name or a literal).
type InlineBind struct {
	b   *engine.Binding
	arg lang.Expr
}

// Arg is the argument the hidden local is bound to, and its slot when it
// is a local (else -1).
func (ib InlineBind) Arg() (lang.Expr, int) {
	if ib.b.Kind == resolve.Global {
		return ib.arg, -1
	}
	return ib.arg, ib.b.Slot
}

// Inliner compiles the calls of defs that are inlined.
type Inliner struct{ c *Compiler }

// InlineCall returns the body of the def that e calls with its parameters
// replaced by e's arguments (or by the hidden locals binds sets), and the
// def, when inlining is equivalent; nil otherwise.
func (g *Inliner) InlineCall(e *lang.Call) (lang.Expr, *engine.Func, []InlineBind) {
	return g.inline(e, resolve.InlineShape)
}

// InlineBuilt is InlineCall of a body that may hold comprehensions (resolve.InlineShapeComps), for the builders.
func (g *Inliner) InlineBuilt(e *lang.Call) (lang.Expr, *engine.Func, []InlineBind) {
	return g.inline(e, resolve.InlineShapeComps)
}

// InlineComp is InlineCall of a def whose body is a comprehension of kind
// k (a list a fold streams, call.go; a sum of positions an SG value
// streams, sgcompile.go), its names its own.
func (g *Inliner) InlineComp(e *lang.Call, k lang.CompKind) (*lang.Comp, *engine.Func, []InlineBind) {
	sub, fn, binds := g.inline(e, func(x lang.Expr) bool {
		c, ok := x.(*lang.Comp)
		return ok && c.Kind == k
	})
	c, _ := sub.(*lang.Comp)
	return c, fn, binds
}

func (g *Inliner) inline(e *lang.Call, shape func(lang.Expr) bool) (lang.Expr, *engine.Func, []InlineBind) {
	fn := g.c.Inlinable(e) // not recursive: inlining it ends
	// Every name of the body besides the parameters must mean the same
	// here as in the def's body.
	if fn == nil || !resolve.Same(e) || !shape(fn.Decl.Body) {
		return nil, nil, nil
	}
	params := lang.ParamNames(fn.Decl.Params)
	index := resolve.ParamIndex(fn)
	// Arguments that are not names or literals are evaluated first, in
	// order, into hidden locals, as a call evaluates them before its body
	// (so errors in them, and what runs, are the same); so are parameters
	// called as functions, whose call must stay a call of a value.
	called := resolve.CalledParams(fn)
	args := slices.Clone(e.Args)
	var binds []InlineBind
	for j, a := range e.Args {
		switch a := a.(type) {
		case *lang.IntLit:
			continue
		case *lang.StrLit:
			if !called[params[j].Name] {
				continue
			}
		case *lang.Ident:
			// A local, or a def, game or built-in, cannot fail to
			// evaluate: substituted (a global may not be bound yet).
			if g.c.Binding(a) == nil {
				return nil, nil, nil // an unknown name (reported)
			}
			b := g.c.Lookup(a)
			if !called[params[j].Name] && (b == nil || b.Kind != resolve.Global) {
				continue
			}
		}
		hidden, hb := g.c.NewHidden(params[j].Name, lang.Start(a))
		hb.IsInt = g.c.Ints.Typed(a)
		binds = append(binds, InlineBind{b: hb, arg: a})
		args[j] = hidden
	}
	g.c.Fired(passes.Inline)
	return resolve.Substitute(fn.Decl.Body, index, args, resolve.SiteOf(e)), fn, binds
}

// CompileBinds is compileBinds (for the fast paths).
func (g *Inliner) CompileBinds(binds []InlineBind) func(fr *engine.Frame) {
	return g.compileBinds(binds)
}

// compileBinds compiles the assignments of an inlined call's hidden
// locals (nil when there are none).
func (g *Inliner) compileBinds(binds []InlineBind) func(fr *engine.Frame) {
	if len(binds) == 0 {
		return nil
	}
	sets := make([]func(fr *engine.Frame), len(binds))
	for i, bd := range binds {
		slot, global := bd.b.Slot, bd.b.Kind == resolve.Global
		if bd.b.IsInt {
			f := g.c.Ints.IntExpr(bd.arg)
			if global {
				sets[i] = func(fr *engine.Frame) { fr.Th.Globals[slot] = value.Value{K: value.KInt, N: f(fr)} }
			} else {
				sets[i] = func(fr *engine.Frame) { fr.Slots[slot] = value.Value{K: value.KInt, N: f(fr)} }
			}
			continue
		}
		f := g.c.Vals.Expr(bd.arg)
		sets[i] = func(fr *engine.Frame) {
			v := f(fr)
			if global {
				fr.Th.Globals[slot] = v
			} else {
				fr.Slots[slot] = v
			}
		}
	}
	if len(sets) == 1 {
		return sets[0]
	}
	return func(fr *engine.Frame) {
		for _, set := range sets {
			set(fr)
		}
	}
}

// Inlined compiles an Inlined body with fn marked as being Inlined.
func Inlined[T any](c *Compiler, fn *engine.Func, compile func() T) T {
	c.Inlining = append(c.Inlining, fn)
	defer func() { c.Inlining = c.Inlining[:len(c.Inlining)-1] }()
	return compile()
}
