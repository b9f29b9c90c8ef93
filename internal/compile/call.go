package compile

import (
	"github.com/grundy-lang/grundy/internal/fold"
	"github.com/grundy-lang/grundy/internal/kernel"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/listupd"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// call compiles a call: to a declared game (a position), a def, a built-in,
// or a function value.
func (vg *ValueGen) call(e *lang.Call) engine.EvalFn {
	pos := e.Pos
	argPos := make([]engine.Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	if id, ok := e.Fn.(*lang.Ident); ok {
		b := vg.c.Binding(id)
		if b == nil {
			vg.exprs(e.Args)
			return func(*engine.Frame) value.Value { return value.None }
		}
		switch b.Kind {
		case resolve.Game:
			// (A call with the wrong number of arguments is an error of
			// the resolve pass's; here too, for the body of a def
			// inlined after the declaration it calls changed, a REPL
			// redeclaration.)
			g := b.Game
			if len(e.Args) != g.NArgs {
				vg.c.Errorf(pos, "game %s takes %d argument%s, but %d %s given", g.GName, g.NArgs, value.Plural(g.NArgs), len(e.Args), value.WasWere(len(e.Args)))
			}
			args := vg.exprs(e.Args)
			// b.game is read at run time: a REPL re-declaration replaces it.
			return func(fr *engine.Frame) value.Value {
				g := b.Game
				if len(args) != g.NArgs {
					value.Fail(pos, "game %s now takes %d argument%s, but %d %s given", g.GName, g.NArgs, value.Plural(g.NArgs), len(args), value.WasWere(len(args)))
				}
				if len(args) <= 3 && g.Check == nil {
					// Arguments that pack make a compact position: no allocation.
					var buf [3]value.Value
					a := buf[:len(args)]
					for i, f := range args {
						a[i] = f(fr)
					}
					return g.PositionCopy(a)
				}
				a := evalAll(fr, args)
				g.CheckArity(pos, a)
				return g.PositionValue(a)
			}
		case resolve.Def:
			f := vg.defCall(e, b, pos)
			if w := vg.c.fast.DefCall(e, b, f); w != nil {
				return w
			}
			return f
		case resolve.Builtin:
			bi := b.Bi
			if len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
				vg.c.Errorf(pos, "%s takes %s, but %d %s given", bi.BName, engine.ArgCount(bi), len(e.Args), value.WasWere(len(e.Args)))
			}
			if len(e.Args) == 1 && (bi.Fold != nil || (bi.AllAny != 0 || bi.Sums) && vg.c.On(passes.Masks)) {
				if f := vg.foldInlined(bi, e.Args[0], pos, argPos); f != nil {
					return f
				}
				if comp, ok := e.Args[0].(*lang.Comp); ok && comp.Kind == lang.ListComp {
					call := func(p lang.Expr) lang.Expr {
						return &lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: []lang.Expr{p}, Site: e.Site}
					}
					if f, ok := planComp(vg.c, comp, fold.Consumer(bi), call, vg.Expr); ok {
						return f
					}
					return vg.foldCall(bi, comp, pos, argPos)
				}
				if comps := fold.Concat(e.Args[0]); len(comps) > 1 && vg.c.On(passes.Masks) {
					if comps = vg.c.mergeComps(comps); len(comps) == 1 {
						return vg.Expr(&lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: []lang.Expr{comps[0]}, Site: e.Site})
					}
					return fold.CompileConcat(vg, bi, e, comps, pos, argPos)
				}
			}
			if bi.SGArgs && len(e.Args) == 1 && vg.isGameExpr(e.Args[0]) {
				sg := vg.c.SG.SGExpr(e.Args[0])
				isSG, isOutcome := bi.Query == engine.QuerySG, bi.Query == engine.QueryOutcome
				var probe func(fr *engine.Frame) (memo.Sgv, bool)
				if isSG || isOutcome {
					probe = vg.c.SG.sgProbe(e.Args[0])
				}
				return func(fr *engine.Frame) value.Value {
					if probe != nil {
						// Finished positions only: no search, no error.
						if v, ok := probe(fr); ok {
							if r, ok := kernel.QuickSG(fr.Th.Engine, v, isSG); ok {
								return r
							}
						}
					}
					// The argument is evaluated first (its positions
					// recorded, not computed), then its positions are
					// computed in the order met, from this call (th.Calls),
					// and it is evaluated again with their values known:
					// the errors and their traces are those of the
					// argument made as a value and then asked for its SG
					// value. Inside a move rule too, sg asks for a value
					// now.
					th := fr.Th
					g, col := fr.Gen, th.Collect
					mark := col.Collecting()
					fr.Gen = col
					v := sg(fr)
					th.Calls = append(th.Calls, pos)
					for again := false; col.Solve(mark); again = true {
						if again {
							// (Still missing: computed as met.)
							fr.Gen = th.Direct
						}
						v = sg(fr)
					}
					fr.Gen = g
					if isSG || isOutcome {
						// The common cases, without a call.
						if r, ok := kernel.QuickSG(th.Engine, v, isSG); ok {
							th.Calls = th.Calls[:len(th.Calls)-1]
							return r
						}
					}
					call := th.GetCall(bi.BName, pos, argPos)
					call.Buf[0] = th.Engine.StandIn(v)
					r := bi.Fn(call, call.Buf[:1])
					th.PutCall(call)
					th.Calls = th.Calls[:len(th.Calls)-1]
					return r
				}
			}
			if len(e.Args) == 3 && bi.Updates && vg.c.On(passes.Updates) {
				vg.c.Fired(passes.Updates)
				return listupd.Compile(listupd.Env{Expr: vg.Expr, Slot: vg.c.LocalSlot, Called: vg.c.CalledBuiltin}, bi, e, pos, argPos)
			}
			if f := vg.quickCall(bi, e, pos, argPos); f != nil {
				return f
			}
			args := vg.exprs(e.Args)
			return func(fr *engine.Frame) value.Value { return engine.CallBuiltinArgs(fr, bi, pos, argPos, args) }
		}
	}
	fn := vg.Expr(e.Fn)
	args := vg.exprs(e.Args)
	return func(fr *engine.Frame) value.Value {
		return engine.CallValue(fr, pos, argPos, fn(fr), evalAll(fr, args))
	}
}

// quickCall compiles a call of a built-in with Quick1 or Quick2 (see
// Builtin): nil when it has neither for the number of arguments.
func (vg *ValueGen) quickCall(bi *engine.Builtin, e *lang.Call, pos engine.Pos, argPos []engine.Pos) (f engine.EvalFn) {
	if !vg.c.On(passes.Composite) {
		return nil
	}
	defer func() { vg.c.FiredIf(passes.Composite, f != nil) }()
	if bi.Joins && len(e.Args) == 2 {
		if f = vg.c.fast.Built(e); f != nil {
			return f
		}
	}
	switch {
	case len(e.Args) == 1 && bi.Quick1 != nil:
		x := vg.Expr(e.Args[0])
		return func(fr *engine.Frame) value.Value {
			a := x(fr)
			if r, ok := bi.Quick1(a); ok {
				return r
			}
			return engine.CallBuiltin2(fr, bi, pos, argPos, a, value.None, 1)
		}
	case len(e.Args) == 2 && bi.Quick2 != nil:
		x, y := vg.Expr(e.Args[0]), vg.Expr(e.Args[1])
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if r, ok := bi.Quick2(a, b); ok {
				return r
			}
			return engine.CallBuiltin2(fr, bi, pos, argPos, a, b, 2)
		}
	}
	return nil
}

// foldInlined streams into the fold the comprehension a def called as
// its argument returns (`max(opts(n))`, def opts(n) = [...]), inlined:
// the call on the trace while it runs, as the def's call would be; the
// fold's own errors (an empty list, values it cannot order or add) are
// raised off the trace, as after the call (engine.InlineFoldFn).
func (vg *ValueGen) foldInlined(bi *engine.Builtin, arg lang.Expr, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	call, ok := arg.(*lang.Call)
	if !ok {
		return nil
	}
	comp, fn, binds := vg.c.Inl.InlineComp(call, lang.ListComp)
	if comp == nil {
		return nil
	}
	f := Inlined(vg.c, fn, func() engine.EvalFn { return vg.foldCall(bi, comp, pos, argPos) })
	return engine.InlineFoldFn(vg.c.Inl.compileBinds(binds), call.Pos, fn, f, pos, argPos[0])
}

// foldCall streams the elements of a list comprehension into a built-in's
// Fold (len, min, max of [E for ...] build no list).
func (vg *ValueGen) foldCall(bi *engine.Builtin, comp *lang.Comp, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	slow := fold.Compile(vg, bi, []*lang.Comp{comp}, pos, argPos)
	if f := vg.c.fast.Fold(bi, comp, slow, pos, argPos); f != nil {
		return f
	}
	return slow
}

// Plain reports whether evaluating e cannot fail: a literal, a local's
// name, a global's at the top level (fold.Gen).
func (vg *ValueGen) Plain(e lang.Expr) bool {
	switch b := e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Ident:
		return vg.c.LocalSlot(b) >= 0 || vg.c.Lookup(b) != nil && vg.c.Lookup(b).Kind == resolve.Global && !vg.c.InFunc
	}
	return false
}

// Fired records that pass p changed what is compiled (fold.Gen).
func (vg *ValueGen) Fired(p passes.Pass) { vg.c.Fired(p) }

// Sink is a hidden local's slot for a fold's state, or -1 (fold.Gen).
func (vg *ValueGen) Sink() int { return vg.c.Sink() }

// isGameExpr reports whether e is syntactically a game expression whose SG
// value can be streamed (a sum, a nimber, copies, a game position call).
func (vg *ValueGen) isGameExpr(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Call:
		if vg.c.GameCallee(e) != nil {
			return true
		}
		// A def that inlines here (sgExpr inlines it the same way) whose
		// body is one.
		sub, fn, _ := vg.c.Inl.InlineCall(e)
		if fn := vg.c.Inlinable(e); fn != nil && resolve.Same(e) {
			if c, ok := fn.Decl.Body.(*lang.Comp); ok && c.Kind == lang.SumComp {
				return true // (a sum of positions: sgcompile.go inlines it)
			}
		}
		return sub != nil && Inlined(vg.c, fn, func() bool { return vg.isGameExpr(sub) })
	case *lang.SumOf:
		return true
	case *lang.Comp:
		return e.Kind == lang.SumComp
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.Binary:
		return (e.Op == lang.OpAdd || e.Op == lang.OpMul) && (vg.isGameExpr(e.X) || vg.isGameExpr(e.Y))
	}
	return false
}

// defCall compiles call e of the def of b, inlined where it can be.
func (vg *ValueGen) defCall(e *lang.Call, b *engine.Binding, pos engine.Pos) engine.EvalFn {
	sub, fn, binds := vg.c.Inl.InlineCall(e)
	if sub == nil {
		// (A def whose body is a sum of positions: a move's regions, split(F - {a, b}).)
		if c, cfn, cbinds := vg.c.Inl.InlineComp(e, lang.SumComp); c != nil {
			sub, fn, binds = c, cfn, cbinds
		}
	}
	if sub != nil {
		set := vg.c.Inl.compileBinds(binds)
		f := Inlined(vg.c, fn, func() engine.EvalFn { return vg.Expr(sub) })
		return engine.InlineCallFn(set, pos, fn, f)
	}
	fn = b.Fn
	if len(e.Args) != len(fn.Params) {
		vg.c.Errorf(pos, "%s takes %d argument%s, but %d %s given", fn.FName, len(fn.Params), value.Plural(len(fn.Params)), len(e.Args), value.WasWere(len(e.Args)))
	}
	args := vg.exprs(e.Args)
	return func(fr *engine.Frame) value.Value {
		fn := b.Fn
		if len(args) != len(fn.Params) {
			value.Fail(pos, "%s now takes %d argument%s, but %d %s given", fn.FName, len(fn.Params), value.Plural(len(fn.Params)), len(args), value.WasWere(len(args)))
		}
		return engine.CallDef(fr, pos, fn, args)
	}
}
