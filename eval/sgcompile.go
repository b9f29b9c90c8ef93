package eval

import (
	"math"

	"github.com/grundy-lang/grundy/lang"
)

// sgExpr compiles a game expression to a closure that computes its SG value
// without building the game: positions are looked up in the memo (or
// recorded as missing), sums become xors, k * G needs no copies.
func (c *compiler) sgExpr(e lang.Expr) sgFn {
	switch e := e.(type) {
	case *lang.Call:
		if b := c.gameCallee(e); b != nil {
			if f := c.sgComposite(e, b); f != nil {
				return f
			}
			// b.game is read at run time: a REPL re-declaration replaces it.
			args := c.exprs(e.Args)
			pos := e.Pos
			ints := make([]intFn, len(e.Args))
			allInt := true
			for i, a := range e.Args {
				ints[i] = c.intExpr(a)
				allInt = allInt && ints[i] != nil
			}
			switch {
			case allInt && len(ints) == 1:
				a0 := c.operandOf(e.Args[0], ints[0])
				return func(fr *frame) sgv {
					v, g := a0.eval(fr), b.game
					if uint64(v) < g.lim && g.arity == 1 {
						if s := g.state(uint64(v)); s >= finBase {
							return s - finBase
						}
					}
					return lookup1(fr.gen, pos, g, v)
				}
			case allInt && len(ints) == 2:
				a0, a1 := c.operandOf(e.Args[0], ints[0]), c.operandOf(e.Args[1], ints[1])
				return func(fr *frame) sgv {
					v, w, g := a0.eval(fr), a1.eval(fr), b.game
					if uint64(v) < g.lim && uint64(w) < g.lim && g.arity == 2 {
						r := uint64(v)<<g.bits | uint64(w)
						if s := g.state(r); s >= finBase {
							return s - finBase
						}
						return fr.gen.lookup(g, r)
					}
					checkArity(pos, g, 2)
					return fr.gen.lookup(g, g.ref([]Value{Int(v), Int(w)}))
				}
			}
			switch len(args) {
			case 1:
				a0 := args[0]
				return func(fr *frame) sgv {
					v, g := a0(fr), b.game
					if v.k == KInt && uint64(v.n) < g.lim && g.arity == 1 {
						return fr.gen.lookup(g, uint64(v.n))
					}
					checkArity(pos, g, 1)
					return fr.gen.lookup(g, g.ref1(v))
				}
			case 2:
				a0, a1 := args[0], args[1]
				return func(fr *frame) sgv {
					v, w, g := a0(fr), a1(fr), b.game
					if v.k == KInt && w.k == KInt && uint64(v.n) < g.lim && uint64(w.n) < g.lim && g.arity == 2 {
						return fr.gen.lookup(g, uint64(v.n)<<g.bits|uint64(w.n))
					}
					checkArity(pos, g, 2)
					return fr.gen.lookup(g, g.ref([]Value{v, w}))
				}
			}
			return func(fr *frame) sgv {
				g := b.game
				checkArity(pos, g, len(args))
				return fr.gen.lookup(g, g.ref(evalAll(fr, args)))
			}
		}
		// A def inlined: its body's SG value, streamed as the body would
		// be (a wrapper of a position: no value made).
		if sub, fn, binds := c.inlineCall(e); sub != nil {
			set := c.compileBinds(binds)
			f := inlined(c, fn, func() sgFn { return c.sgExpr(sub) })
			return inlineCallFn(set, e.Pos, fn, f)
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd:
			x, y := c.sgExpr(e.X), c.sgExpr(e.Y)
			return func(fr *frame) sgv {
				a, b := x(fr), y(fr)
				if a|b >= 0 {
					return a ^ b
				}
				return fr.th.engine.add(a, b)
			}
		case lang.OpMul:
			k, kg := c.expr(e.X), c.sgExpr(e.Y)
			pos, ypos := e.Pos, lang.Start(e.Y)
			y := c.expr(e.Y)
			return func(fr *frame) sgv {
				kv := k(fr)
				if kv.k == KInt {
					if kv.n < 0 {
						fail(pos, "cannot take %d copies of a game: the count must be at least 0", kv.n)
					}
					return fr.th.engine.times(kv.n, kg(fr))
				}
				if kv.IsGame() {
					n := y(fr)
					if n.k != KInt {
						typeErr(pos, lang.OpMul, kv, n)
					}
					if n.n < 0 {
						fail(ypos, "cannot take %d copies of a game: the count must be at least 0", n.n)
					}
					return fr.th.engine.times(n.n, fr.gen.valueSG(pos, kv))
				}
				typeErr(pos, lang.OpMul, kv, y(fr))
				return 0
			}
		}
	case *lang.Unary:
		if e.Op == lang.OpNimber {
			x := c.expr(e.X)
			pos := e.Pos
			return func(fr *frame) sgv {
				v := x(fr)
				if v.k != KInt || v.n < 0 || v.n > math.MaxInt32 {
					opNimber(pos, v)
				}
				return sgv(v.n)
			}
		}
	case *lang.SumOf:
		items := make([]sgFn, len(e.Items))
		for i, it := range e.Items {
			items[i] = c.sgExpr(it)
		}
		return func(fr *frame) sgv {
			acc := sgv(0)
			for _, it := range items {
				v := it(fr)
				if acc|v >= 0 {
					acc ^= v
				} else {
					acc = fr.th.engine.add(acc, v)
				}
			}
			return acc
		}
	case *lang.Comp:
		if e.Kind == lang.SumComp {
			c.push()
			defer c.pop()
			slow := c.sumComp(e)
			if f := c.fastSum(e, slow); f != nil {
				return f
			}
			return slow
		}
	case *lang.IfExpr:
		cond, a, b := c.expr(e.Cond), c.sgExpr(e.Then), c.sgExpr(e.Else)
		pos := lang.Start(e.Cond)
		return func(fr *frame) sgv {
			if needBool(pos, cond(fr), "the condition of if") {
				return a(fr)
			}
			return b(fr)
		}
	}
	x := c.expr(e)
	pos := lang.Start(e)
	return func(fr *frame) sgv { return fr.gen.valueSG(pos, x(fr)) }
}

// gameCallee returns the binding of the declared game a call names, if it
// does (with the right number of arguments).
func (c *compiler) gameCallee(e *lang.Call) *binding {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := c.scope.lookup(id.Name)
	if b == nil || b.kind != bGame || len(e.Args) != b.game.arity {
		return nil
	}
	return b
}

// lookup1 is gen.lookup of position g(v), checking its arity.
func lookup1(gn *gen, pos Pos, g *Game, v int64) sgv {
	if uint64(v) < g.lim && g.arity == 1 {
		return gn.lookup(g, uint64(v))
	}
	checkArity(pos, g, 1)
	return gn.lookup(g, g.ref1(Int(v)))
}

// sgCall1 compiles a move whose option is one position g(E) with an int
// argument: the option's value goes straight into the gen, and a missing
// position is traced (gen.pend). nil for other shapes.
func (c *compiler) sgCall1(e lang.Expr) func(fr *frame) {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	b := c.gameCallee(call)
	if b == nil {
		return nil
	}
	f := c.intExpr(call.Args[0])
	if f == nil {
		return nil
	}
	a0, pos := c.operandOf(call.Args[0], f), call.Pos
	return func(fr *frame) {
		gn, v, g := fr.gen, a0.eval(fr), b.game
		if uint64(v) < g.lim && g.arity == 1 {
			if s := g.state(uint64(v)); s >= finBase {
				gn.emitSG(s - finBase)
				return
			}
		}
		gn.tracing = true
		x := lookup1(gn, pos, g, v)
		gn.tracing = false
		gn.emitSG(x)
	}
}

func checkArity(pos Pos, g *Game, n int) {
	if g.arity != n {
		fail(pos, "game %s now takes %d argument%s, but %d %s given", g.name, g.arity, plural(g.arity), n, wasWere(n))
	}
}

// sumComp compiles sum of E for ... the general way: each element's SG
// value xored in (with the rule for infinite values).
func (c *compiler) sumComp(e *lang.Comp) sgFn {
	c.push()
	defer c.pop()
	loops := c.clauses(e.Clauses)
	body := c.sgExpr(e.Body)
	return func(fr *frame) sgv {
		acc := sgv(0)
		run := loops(func(fr *frame) {
			v := body(fr)
			if acc|v >= 0 {
				acc ^= v
			} else {
				acc = fr.th.engine.add(acc, v)
			}
		})
		run(fr)
		return acc
	}
}

// sgProbe compiles a game expression to a probe that returns its value
// when every position in it is finished, without side effects or errors:
// positions of declared games with local or literal int arguments, sums,
// and *k of a local or literal. nil for other shapes. sg(G) and
// outcome(G) try the probe first and, when it fails, run as they would
// without it.
func (c *compiler) sgProbe(e lang.Expr) func(fr *frame) (sgv, bool) {
	if !c.on(PassFastLoops) {
		return nil
	}
	arg := c.probeArg
	read := func(fr *frame, slot int, k int64) int64 {
		if slot >= 0 {
			return fr.slots[slot].n
		}
		return k
	}
	switch e := e.(type) {
	case *lang.Call:
		b := c.gameCallee(e)
		if b == nil || len(e.Args) == 0 || len(e.Args) > 2 {
			return nil
		}
		s0, k0, ok0 := arg(e.Args[0])
		if !ok0 {
			return nil
		}
		if len(e.Args) == 1 {
			return func(fr *frame) (sgv, bool) {
				v, g := read(fr, s0, k0), b.game
				if uint64(v) >= g.lim || g.arity != 1 {
					return 0, false
				}
				s := g.state(uint64(v))
				return valueOf(s), finished(s)
			}
		}
		s1, k1, ok1 := arg(e.Args[1])
		if !ok1 {
			return nil
		}
		return func(fr *frame) (sgv, bool) {
			v, w, g := read(fr, s0, k0), read(fr, s1, k1), b.game
			if uint64(v) >= g.lim || uint64(w) >= g.lim || g.arity != 2 {
				return 0, false
			}
			s := g.state(uint64(v)<<g.bits | uint64(w))
			return valueOf(s), finished(s)
		}
	case *lang.Binary:
		if e.Op != lang.OpAdd {
			return nil
		}
		if f := c.sgProbeNim(e); f != nil {
			return f
		}
		x, y := c.sgProbe(e.X), c.sgProbe(e.Y)
		if x == nil || y == nil {
			return nil
		}
		return func(fr *frame) (sgv, bool) {
			a, ok := x(fr)
			if !ok {
				return 0, false
			}
			b, ok := y(fr)
			if !ok {
				return 0, false
			}
			if a|b >= 0 {
				return a ^ b, true
			}
			return fr.th.engine.add(a, b), true
		}
	case *lang.Unary:
		if e.Op != lang.OpNimber {
			return nil
		}
		s0, k0, ok := arg(e.X)
		if !ok {
			return nil
		}
		return func(fr *frame) (sgv, bool) {
			v := read(fr, s0, k0)
			if v < 0 || v > math.MaxInt32 {
				return 0, false
			}
			return sgv(v), true
		}
	}
	return nil
}

// sgProbeNim is sgProbe of g(a) + *k (either way round), a and k local or
// literal ints, in one closure.
func (c *compiler) sgProbeNim(e *lang.Binary) func(fr *frame) (sgv, bool) {
	call, nim := e.X, e.Y
	if u, ok := e.X.(*lang.Unary); ok && u.Op == lang.OpNimber {
		call, nim = e.Y, u
	}
	u, ok := nim.(*lang.Unary)
	ca, ok2 := call.(*lang.Call)
	if !ok || !ok2 || u.Op != lang.OpNimber || len(ca.Args) != 1 {
		return nil
	}
	b := c.gameCallee(ca)
	sa, ka, oka := c.probeArg(ca.Args[0])
	sk, kk, okk := c.probeArg(u.X)
	if b == nil || !oka || !okk {
		return nil
	}
	return func(fr *frame) (sgv, bool) {
		v, k, g := ka, kk, b.game
		if sa >= 0 {
			v = fr.slots[sa].n
		}
		if sk >= 0 {
			k = fr.slots[sk].n
		}
		if uint64(v) >= g.lim || g.arity != 1 || k < 0 || k > math.MaxInt32 {
			return 0, false
		}
		s := g.state(uint64(v))
		if !finished(s) {
			return 0, false
		}
		a := valueOf(s)
		if a >= 0 {
			return a ^ sgv(k), true
		}
		return fr.th.engine.add(a, sgv(k)), true
	}
}

// probeArg returns how a probe reads an argument without a closure or a
// failure: a local int (its slot; at top level, where globals are the
// frame's slots, a global) or a literal (slot -1, the value).
func (c *compiler) probeArg(a lang.Expr) (slot int, k int64, ok bool) {
	switch a := a.(type) {
	case *lang.IntLit:
		return -1, a.Val, true
	case *lang.Ident:
		if b := c.scope.lookup(a.Name); b != nil && b.isInt && (b.kind == bLocal || b.kind == bGlobal && !c.inFunc) {
			return b.slot, 0, true
		}
	}
	return 0, 0, false
}
