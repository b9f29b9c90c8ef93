package compile

import (
	"math"

	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/resolve"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// SGGen compiles game expressions to closures that compute their SG
// values without building them (streaming).
type SGGen struct {
	c     *Compiler
	last1 *sgCall1Parts // what sgCall1 compiled last (sgBatch)
	// What sgBatch compiled last, as a general sweep's alternative.
	lastSweep *kernel.SweepAlt
}

// SGExpr compiles a game expression to a closure that computes its SG value
// without building the game: positions are looked up in the memo (or
// recorded as missing), sums become xors, k * G needs no copies.
//
// Sums, k * G, *n, if and sum of are the language's rules for the SG value
// of a game expression (sg(k * G) takes no copies whatever k), compiled so
// with every pass off too; what PassStream adds is the positions: without
// it each is made as a value and the engine reads its SG value.
func (sg *SGGen) SGExpr(e lang.Expr) SGFn {
	switch e := e.(type) {
	case *lang.Call:
		if b := sg.c.GameCallee(e); b != nil {
			if !sg.c.On(passes.Stream) {
				if b.Game.Check == nil {
					return sg.valueSG(e)
				}
				// A Go family that checks its arguments checks them when
				// the position is computed (the error is at sg's call:
				// spec.md, take-and-break games), as streamed.
				args, pos := sg.c.Vals.exprs(e.Args), e.Pos
				return func(fr *engine.Frame) memo.Sgv {
					g := b.Game
					a := evalAll(fr, args)
					kernel.CheckArity(pos, g, len(a))
					return fr.Gen.Lookup(g, g.Ref(a))
				}
			}
			sg.c.Env.Streamed++
			sg.c.Fired(passes.Stream)
			if f := sg.c.fast.Composite(e, b); f != nil {
				return f
			}
			// b.game is read at run time: a REPL re-declaration replaces it.
			args := sg.c.Vals.exprs(e.Args)
			pos := e.Pos
			ints := make([]IntFn, len(e.Args))
			allInt := true
			for i, a := range e.Args {
				ints[i] = sg.c.Ints.IntExpr(a)
				allInt = allInt && ints[i] != nil
			}
			switch {
			case allInt && len(ints) == 1:
				a0 := sg.c.Ints.OperandOf(e.Args[0], ints[0])
				return func(fr *engine.Frame) memo.Sgv {
					v, g := a0.Eval(fr), b.Game
					if uint64(v) < g.Lim && g.NArgs == 1 {
						if s := g.State(uint64(v)); s >= memo.FinBase {
							return s - memo.FinBase
						}
					}
					return kernel.Lookup1(fr.Gen, pos, g, v)
				}
			case allInt && len(ints) == 2:
				a0, a1 := sg.c.Ints.OperandOf(e.Args[0], ints[0]), sg.c.Ints.OperandOf(e.Args[1], ints[1])
				return func(fr *engine.Frame) memo.Sgv {
					v, w, g := a0.Eval(fr), a1.Eval(fr), b.Game
					if uint64(v) < g.Lim && uint64(w) < g.Lim && g.NArgs == 2 && g.Fixed == nil {
						r := uint64(v)<<g.Bits | uint64(w)
						if s := g.State(r); s >= memo.FinBase {
							return s - memo.FinBase
						}
						return fr.Gen.Lookup(g, r)
					}
					kernel.CheckArity(pos, g, 2)
					return fr.Gen.Lookup(g.SGRef([]value.Value{value.Int(v), value.Int(w)}))
				}
			}
			switch len(args) {
			case 1:
				a0 := args[0]
				return func(fr *engine.Frame) memo.Sgv {
					v, g := a0(fr), b.Game
					if v.K == value.KInt && uint64(v.N) < g.Lim && g.NArgs == 1 {
						return fr.Gen.Lookup(g, uint64(v.N))
					}
					kernel.CheckArity(pos, g, 1)
					return fr.Gen.Lookup(g, g.Ref1(v))
				}
			case 2:
				a0, a1 := args[0], args[1]
				return func(fr *engine.Frame) memo.Sgv {
					v, w, g := a0(fr), a1(fr), b.Game
					if v.K == value.KInt && w.K == value.KInt && uint64(v.N) < g.Lim && uint64(w.N) < g.Lim && g.NArgs == 2 {
						return fr.Gen.Lookup(g, uint64(v.N)<<g.Bits|uint64(w.N))
					}
					kernel.CheckArity(pos, g, 2)
					return fr.Gen.Lookup(g.SGRef([]value.Value{v, w}))
				}
			}
			return func(fr *engine.Frame) memo.Sgv {
				g := b.Game
				kernel.CheckArity(pos, g, len(args))
				return fr.Gen.Lookup(g.SGRef(evalAll(fr, args)))
			}
		}
		// A def inlined where its body is a game by its form (resolve.SurelyGame): its SG value streamed (no value made).
		if !resolve.SurelyGame(e) {
			break
		}
		sub, fn, binds := sg.c.Inl.InlineCall(e)
		if sub == nil {
			// (A def whose body is a sum of positions.)
			var c *lang.Comp
			c, fn, binds = sg.c.Inl.InlineComp(e, lang.SumComp)
			if c != nil {
				sub = c
			}
		}
		if sub != nil {
			set := sg.c.Inl.compileBinds(binds)
			f := Inlined(sg.c, fn, func() SGFn { return sg.SGExpr(sub) })
			return engine.InlineCallFn(set, e.Pos, fn, f)
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd:
			x, y := sg.SGExpr(e.X), sg.SGExpr(e.Y)
			return func(fr *engine.Frame) memo.Sgv {
				a, b := x(fr), y(fr)
				if a|b >= 0 {
					return a ^ b
				}
				return fr.Th.Engine.Add(a, b)
			}
		case lang.OpMul:
			k, kg := sg.c.Vals.Expr(e.X), sg.SGExpr(e.Y)
			pos, ypos := e.Pos, lang.Start(e.Y)
			y := sg.c.Vals.Expr(e.Y)
			// In the body of an inlined def, k * G is what the def returns: the copies are a value there,
			// so that the answer does not depend on the inlining (only an sg argument written as k * G needs no copies).
			build := len(sg.c.Inlining) > 0
			return func(fr *engine.Frame) memo.Sgv {
				kv := k(fr)
				if kv.K == value.KInt {
					if kv.N < 0 {
						value.Fail(pos, "cannot take %d copies of a game: the count must be at least 0", kv.N)
					}
					if build && kv.N > 0 {
						// As the def would: G's value, its check, then
						// its SG value (G evaluated once).
						g := y(fr)
						operator.CheckCopies(pos, kv.N, g)
						return fr.Th.Engine.Times(kv.N, fr.Gen.ValueSG(pos, g))
					}
					return fr.Th.Engine.Times(kv.N, kg(fr))
				}
				if kv.IsGame() {
					n := y(fr)
					if n.K != value.KInt {
						operator.TypeErr(pos, lang.OpMul, kv, n)
					}
					if n.N < 0 {
						value.Fail(ypos, "cannot take %d copies of a game: the count must be at least 0", n.N)
					}
					if build {
						operator.CheckCopies(pos, n.N, kv)
					}
					return fr.Th.Engine.Times(n.N, fr.Gen.ValueSG(pos, kv))
				}
				operator.TypeErr(pos, lang.OpMul, kv, y(fr))
				return 0
			}
		}
	case *lang.Unary:
		if e.Op == lang.OpNimber {
			x := sg.c.Vals.Expr(e.X)
			pos := e.Pos
			return func(fr *engine.Frame) memo.Sgv {
				v := x(fr)
				if v.K != value.KInt || v.N < 0 || v.N > math.MaxInt32 {
					operator.Nimber(pos, v)
				}
				return memo.Sgv(v.N)
			}
		}
	case *lang.SumOf:
		items := make([]SGFn, len(e.Items))
		for i, it := range e.Items {
			items[i] = sg.SGExpr(it)
		}
		return func(fr *engine.Frame) memo.Sgv {
			acc := memo.Sgv(0)
			for _, it := range items {
				v := it(fr)
				if acc|v >= 0 {
					acc ^= v
				} else {
					acc = fr.Th.Engine.Add(acc, v)
				}
			}
			return acc
		}
	case *lang.Comp:
		if e.Kind == lang.SumComp {
			id := func(p lang.Expr) lang.Expr { return p }
			if f, ok := planComp(sg.c, e, ir.SumOf, id, sg.SGExpr); ok {
				return f
			}
			slow := sg.sumComp(e)
			if f := sg.c.fast.Sum(e, slow); f != nil {
				return f
			}
			return slow
		}
	case *lang.IfExpr:
		cond, a, b := sg.c.Vals.Expr(e.Cond), sg.SGExpr(e.Then), sg.SGExpr(e.Else)
		pos := lang.Start(e.Cond)
		return func(fr *engine.Frame) memo.Sgv {
			if operator.NeedBool(pos, cond(fr), "the condition of if") {
				return a(fr)
			}
			return b(fr)
		}
	}
	return sg.valueSG(e)
}

// valueSG compiles e to the SG value of its value, read the general way.
func (sg *SGGen) valueSG(e lang.Expr) SGFn {
	x := sg.c.Vals.Expr(e)
	pos := lang.Start(e)
	return func(fr *engine.Frame) memo.Sgv { return fr.Gen.ValueSG(pos, x(fr)) }
}

// sgCall1 compiles a move whose option is one position g(E) with an int
// argument: the option's value goes straight into the gen, and a missing
// position is traced (gen.pend). nil for other shapes.
func (sg *SGGen) sgCall1(e lang.Expr) func(fr *engine.Frame) {
	if !sg.c.On(passes.Stream) {
		return nil
	}
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	b := sg.c.GameCallee(call)
	if b == nil {
		return nil
	}
	f := sg.c.Ints.IntExpr(call.Args[0])
	if f == nil {
		return nil
	}
	a0, pos := sg.c.Ints.OperandOf(call.Args[0], f), call.Pos
	sg.c.Env.Streamed++
	sg.c.Fired(passes.Stream)
	sg.last1 = &sgCall1Parts{call: call, b: b, a0: a0}
	return func(fr *engine.Frame) { kernel.Emit1(fr.Gen, pos, b.Game, a0.Eval(fr)) }
}

// sgCall1Parts is what sgCall1 compiled last: the call g(X), g's binding
// and X.
type sgCall1Parts struct {
	call *lang.Call
	b    *engine.Binding
	a0   Operand
}

// batchLen is how many options a batched loop computes before it looks
// them up.
const batchLen = 16

// sgBatch compiles the loop last with the body g(X) that sgCall1 has just
// compiled, when X is int arithmetic that can only fail by raising an
// error (intPure): the loop computes X for up to batchLen values of its
// name first, then looks the positions up one after the other, so that
// the memory reads of the memo table overlap instead of waiting for each
// other (dag: 211 -> 170 ms CPU). What it does is what last.step(one)
// does: the same ticks, the same options in the same order, the same
// stop. An X that fails is left to the plain loop: the options before it
// are looked up first, then X runs again and raises its error with its
// trace. In top-level code (engine.MDirect), where a lookup computes a
// missing position at once, the plain loop runs.
func (sg *SGGen) sgBatch(body lang.Expr, last *rangeLoop) func(fr *engine.Frame) {
	p := sg.last1
	sg.last1 = nil
	if last == nil || last.slot < 0 || p == nil || p.call != body || !sg.c.On(passes.FastLoops) || !sg.c.Arith.IntPure(p.call.Args[0]) {
		return nil
	}
	a0, b, pos, slot := p.a0, p.b, p.call.Pos, last.slot
	lo, hi, rpos, guard := last.lo, last.hi, last.rpos, last.guard
	arg := a0.Fn()
	sg.lastSweep = &kernel.SweepAlt{Lo: lo, Hi: hi, Slot: slot, Arg: arg, RPos: rpos, Body: b}
	if guard != nil {
		sg.lastSweep.Clamp = guard.Clamp
	}
	// fill computes X for i = a, a + 1, ... into buf; it returns how
	// many it computed (fewer than asked when one failed).
	lanes := sg.c.fast.Lanes(p.call.Args[0], sg.c.Var(last.name))
	fill := func(fr *engine.Frame, a int64, buf []int64) (n int) {
		if lanes != nil && len(buf) > 1 {
			if vs, ok := lanes(fr, a, len(buf)); ok {
				return copy(buf, vs) // (all at once: package vecint)
			}
		}
		th := fr.Th
		calls := len(th.Calls)
		defer func() {
			if recover() != nil {
				th.Calls = th.Calls[:calls]
			}
		}()
		for n < len(buf) {
			fr.Slots[slot] = value.Value{K: value.KInt, N: a + int64(n)}
			buf[n] = arg(fr)
			n++
		}
		return n
	}
	return func(fr *engine.Frame) {
		gn, g := fr.Gen, b.Game
		a, z := lo(fr), hi(fr)
		if guard != nil && a <= z {
			a, z = guard.Clamp(fr, a, z)
		}
		th := fr.Th
		var buf [batchLen]int64
		for i := a; i <= z; {
			if gn.Mode == engine.MDirect {
				// The plain loop from i on.
				for ; ; i++ {
					th.Tick(rpos)
					fr.Slots[slot] = value.Value{K: value.KInt, N: i}
					kernel.Emit1(gn, pos, g, a0.Eval(fr))
					if fr.Stop || i == z {
						return
					}
				}
			}
			want := uint64(z - i)
			if want >= batchLen {
				want = batchLen - 1
			}
			n := fill(fr, i, buf[:want+1])
			if n > 0 {
				kernel.Touch1(g, buf[:n])
			}
			for _, v := range buf[:n] {
				th.Tick(rpos)
				fr.Slots[slot] = value.Value{K: value.KInt, N: i}
				kernel.Emit1(gn, pos, g, v)
				if fr.Stop || i == z {
					return
				}
				i++
			}
			if n <= int(want) {
				// X failed at i: it runs again and raises its error.
				th.Tick(rpos)
				fr.Slots[slot] = value.Value{K: value.KInt, N: i}
				kernel.Emit1(gn, pos, g, a0.Eval(fr))
				if fr.Stop || i == z {
					return
				}
				i++
			}
		}
	}
}

// sweepAlt is the alternative whose clauses are cls and whose loop sgBatch
// has just compiled, as a general sweep's (kernel.GeneralSweep), or nil:
// the clauses before its loop must be if clauses of int arithmetic (a
// condition IntPure takes as an if's).
func (sg *SGGen) sweepAlt(cls []lang.Clause, last *rangeLoop) *kernel.SweepAlt {
	sw := sg.lastSweep
	sg.lastSweep = nil
	n := len(cls) - 1
	if last.guard != nil {
		n--
	}
	for _, cl := range cls[:max(n, 0)] {
		ifc, ok := cl.(*lang.IfClause)
		if !ok || sw == nil {
			return nil
		}
		if !sg.guardPure(ifc.Cond) {
			return nil
		}
		sw.Conds = append(sw.Conds, sg.c.Ints.Cond(ifc.Cond, "an if clause's condition"))
	}
	return sw
}

// bail appends to sweeps, for pa the rule as written behind the negated
// guard of its plan, the general sweep's alternative that leaves to the
// rule the positions where it runs: where its first clause, an if
// clause of int arithmetic, holds (kernel.SweepAlt.Bail). Sweeps as they
// are otherwise.
func (sg *SGGen) bail(sweeps []kernel.SweepAlt, pa plannedAlt) []kernel.SweepAlt {
	if !pa.written || len(pa.alt.Clauses) == 0 {
		return sweeps
	}
	first, ok := pa.alt.Clauses[0].(*lang.IfClause)
	if !ok {
		return sweeps
	}
	if !sg.guardPure(first.Cond) {
		return sweeps
	}
	return append(sweeps, kernel.SweepAlt{Bail: true, Conds: []func(fr *engine.Frame) bool{sg.c.Ints.Cond(first.Cond, "an if clause's condition")}})
}

// guardPure reports whether condition e does nothing but int arithmetic
// and the planner's tests (a built-in's Test): and, or and not of such.
func (sg *SGGen) guardPure(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.Call:
		if bi := sg.c.BuiltinCallee(x); bi != nil && bi.Test != nil && len(x.Args) == 0 {
			return true
		}
	case *lang.Unary:
		if x.Op == lang.OpNot {
			return sg.guardPure(x.X)
		}
	case *lang.Binary:
		if x.Op == lang.OpAnd || x.Op == lang.OpOr {
			return sg.guardPure(x.X) && sg.guardPure(x.Y)
		}
	}
	zero := &lang.IntLit{Pos: lang.Start(e)}
	return sg.c.Arith.IntPure(&lang.IfExpr{Pos: zero.Pos, Cond: e, Then: zero, Else: zero})
}

// sumComp compiles sum of E for ... the general way: each element's SG
// value xored in (with the rule for infinite values).
func (sg *SGGen) sumComp(e *lang.Comp) SGFn {
	loops := sg.c.Vals.Clauses(e.Clauses)
	body := sg.SGExpr(e.Body)
	// (The loops made once: the value of the evaluation under way is
	// the frame's Acc.)
	run := loops(func(fr *engine.Frame) {
		v := body(fr)
		acc := fr.Acc.(*memo.Sgv)
		if *acc|v >= 0 {
			*acc ^= v
		} else {
			*acc = fr.Th.Engine.Add(*acc, v)
		}
	})
	return func(fr *engine.Frame) memo.Sgv {
		acc, save := new(memo.Sgv), fr.Acc
		fr.Acc = acc
		run(fr)
		fr.Acc = save
		return *acc
	}
}

// sgProbe compiles a game expression to a probe that returns its value when
// every position in it is finished, without side effects or errors: positions
// of declared games with local or literal int arguments, sums, and *k of a
// local or literal. nil for other shapes. sg(G) and outcome(G) try the probe
// first and, when it fails, run as they would without it.
func (sg *SGGen) sgProbe(e lang.Expr) func(fr *engine.Frame) (memo.Sgv, bool) {
	if !sg.c.On(passes.FastLoops) { // (off without PassStream too)
		return nil
	}
	arg := sg.probeArg
	read := func(fr *engine.Frame, slot int, k int64) int64 {
		if slot >= 0 {
			return fr.Slots[slot].N
		}
		return k
	}
	switch e := e.(type) {
	case *lang.Call:
		b := sg.c.GameCallee(e)
		if b == nil || len(e.Args) == 0 || len(e.Args) > 2 {
			return nil
		}
		s0, k0, ok0 := arg(e.Args[0])
		if !ok0 {
			return nil
		}
		if len(e.Args) == 1 {
			return func(fr *engine.Frame) (memo.Sgv, bool) {
				v, g := read(fr, s0, k0), b.Game
				if uint64(v) >= g.Lim || g.NArgs != 1 {
					return 0, false
				}
				s := g.State(uint64(v))
				return memo.ValueOf(s), memo.Finished(s)
			}
		}
		s1, k1, ok1 := arg(e.Args[1])
		if !ok1 {
			return nil
		}
		return func(fr *engine.Frame) (memo.Sgv, bool) {
			v, w, g := read(fr, s0, k0), read(fr, s1, k1), b.Game
			if uint64(v) >= g.Lim || uint64(w) >= g.Lim || g.NArgs != 2 {
				return 0, false
			}
			s := g.State(uint64(v)<<g.Bits | uint64(w))
			return memo.ValueOf(s), memo.Finished(s)
		}
	case *lang.Binary:
		if e.Op != lang.OpAdd {
			return nil
		}
		if f := sg.sgProbeNim(e); f != nil {
			return f
		}
		x, y := sg.sgProbe(e.X), sg.sgProbe(e.Y)
		if x == nil || y == nil {
			return nil
		}
		return func(fr *engine.Frame) (memo.Sgv, bool) {
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
			return fr.Th.Engine.Add(a, b), true
		}
	case *lang.Unary:
		if e.Op != lang.OpNimber {
			return nil
		}
		s0, k0, ok := arg(e.X)
		if !ok {
			return nil
		}
		return func(fr *engine.Frame) (memo.Sgv, bool) {
			v := read(fr, s0, k0)
			if v < 0 || v > math.MaxInt32 {
				return 0, false
			}
			return memo.Sgv(v), true
		}
	}
	return nil
}

// sgProbeNim is sgProbe of g(a) + *k (either way round), a and k local or
// literal ints, in one closure.
func (sg *SGGen) sgProbeNim(e *lang.Binary) func(fr *engine.Frame) (memo.Sgv, bool) {
	call, nim := e.X, e.Y
	if u, ok := e.X.(*lang.Unary); ok && u.Op == lang.OpNimber {
		call, nim = e.Y, u
	}
	u, ok := nim.(*lang.Unary)
	ca, ok2 := call.(*lang.Call)
	if !ok || !ok2 || u.Op != lang.OpNimber || len(ca.Args) != 1 {
		return nil
	}
	b := sg.c.GameCallee(ca)
	sa, ka, oka := sg.probeArg(ca.Args[0])
	sk, kk, okk := sg.probeArg(u.X)
	if b == nil || !oka || !okk {
		return nil
	}
	return func(fr *engine.Frame) (memo.Sgv, bool) {
		v, k, g := ka, kk, b.Game
		if sa >= 0 {
			v = fr.Slots[sa].N
		}
		if sk >= 0 {
			k = fr.Slots[sk].N
		}
		if uint64(v) >= g.Lim || g.NArgs != 1 || k < 0 || k > math.MaxInt32 {
			return 0, false
		}
		s := g.State(uint64(v))
		if !memo.Finished(s) {
			return 0, false
		}
		a := memo.ValueOf(s)
		if a >= 0 {
			return a ^ memo.Sgv(k), true
		}
		return fr.Th.Engine.Add(a, memo.Sgv(k)), true
	}
}

// probeArg returns how a probe reads an argument without a closure or a
// failure: a local int (its slot; at top level, where globals are the
// frame's slots, a global) or a literal (slot -1, the value).
func (sg *SGGen) probeArg(a lang.Expr) (slot int, k int64, ok bool) {
	switch a := a.(type) {
	case *lang.IntLit:
		return -1, a.Val, true
	case *lang.Ident:
		if b := sg.c.Lookup(a); b != nil && b.IsInt && (b.Kind == resolve.Local || b.Kind == resolve.Global && !sg.c.InFunc) {
			return b.Slot, 0, true
		}
	}
	return 0, 0, false
}
