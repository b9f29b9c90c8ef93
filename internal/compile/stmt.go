package compile

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/comprun"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/licm"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

func (vg *ValueGen) stmts(list []lang.Stmt) []ExecFn {
	var code []ExecFn
	for _, st := range list {
		if e := vg.stmt(st); e != nil {
			code = append(code, e)
		}
	}
	return code
}

func (vg *ValueGen) stmt(st lang.Stmt) ExecFn {
	switch st := st.(type) {
	case *lang.LetStmt:
		val := vg.Expr(st.Value)
		if pat := st.Pattern(); pat.Tuple {
			bind := vg.Pattern(pat)
			return func(fr *engine.Frame) { bind(fr, val(fr)) }
		}
		isInt := vg.c.Ints.Typed(st.Value)
		b := vg.c.NewVar(st.Pattern().Names[0])
		b.IsInt = isInt // always an int once bound: int arithmetic in rules
		slot := b.Slot
		return func(fr *engine.Frame) { fr.Slots[slot] = val(fr) }
	case *lang.DefStmt:
		// (Declared twice, or inside a for statement: the resolve pass reported it.)
		if b := vg.c.decls[st]; b != nil {
			vg.c.CompileDef(b.Fn, st)
		}
		return nil
	case *lang.GameStmt:
		if b := vg.c.decls[st]; b != nil {
			vg.c.CompileGame(b.Game, st)
		}
		return nil
	case *lang.PrintStmt:
		args := make([]engine.EvalFn, len(st.Args))
		for i, a := range st.Args {
			args[i] = vg.Expr(a)
		}
		pos := st.Pos
		return func(fr *engine.Frame) {
			w := value.ValueWriter{Th: fr.Th, Pos: pos}
			for i, a := range args {
				if i > 0 {
					w.Str(" ")
				}
				w.Value(a(fr), false)
			}
			w.Str("\n")
			w.WriteTo(fr.Th)
		}
	case *lang.AssertStmt:
		cond := vg.Expr(st.Cond)
		var msg engine.EvalFn
		if st.Msg != nil {
			msg = vg.Expr(st.Msg)
		}
		pos, cpos := st.Pos, lang.Start(st.Cond)
		return func(fr *engine.Frame) {
			v := cond(fr)
			if v.K != value.KBool {
				value.Fail(cpos, "assert needs true or false, found %s %s", v.TypeName(), value.Shown(v))
			}
			if v.N == 0 {
				if msg != nil {
					value.Fail(pos, "assertion failed: %s", fr.Th.Format(pos, msg(fr), false))
				}
				value.Fail(pos, "assertion failed")
			}
		}
	case *lang.ForStmt:
		iter := vg.Expr(st.Iter)
		target := st.Target.(*lang.Pattern)
		bind := vg.Pattern(target)
		if r, ok := st.Iter.(*lang.Binary); ok && r.Op == lang.OpRange && !target.Tuple {
			vg.c.Var(target.Names[0]).IsInt = true // a range binds ints: its list not built (comprun.ForRange)
			lo, hi, body, rpos, ipos := vg.Expr(r.X), vg.Expr(r.Y), vg.stmts(st.Body), r.Pos, lang.Start(st.Iter)
			return func(fr *engine.Frame) { comprun.ForRange(fr, lo(fr), hi(fr), rpos, ipos, bind, body) }
		}
		body := vg.stmts(st.Body)
		ipos := lang.Start(st.Iter)
		return func(fr *engine.Frame) {
			operator.Iterate(ipos, iter(fr), func(v value.Value) bool {
				fr.Th.Tick(ipos)
				bind(fr, v)
				for _, s := range body {
					s(fr)
				}
				return true
			})
		}
	case *lang.TableStmt:
		return table.Stmt(vg.c.Tables, st)
	case *lang.ExprStmt:
		x := vg.Expr(st.X)
		return func(fr *engine.Frame) { fr.Th.ExprResult(x(fr)) }
	}
	panic(fmt.Sprintf("eval: unknown statement %T", st))
}

// Pattern binds the names of a for target to fresh slots and returns the
// code that assigns a value to them.
func (vg *ValueGen) Pattern(p *lang.Pattern) func(fr *engine.Frame, v value.Value) {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		slots[i] = vg.c.NewVar(n).Slot
	}
	if !p.Tuple {
		s := slots[0]
		return func(fr *engine.Frame, v value.Value) { fr.Slots[s] = v }
	}
	pos := p.Pos
	return func(fr *engine.Frame, v value.Value) {
		if v.K != value.KTuple && v.K != value.KList {
			value.Fail(pos, "cannot unpack %s %s into %d name%s", v.TypeName(), value.Shown(v), len(slots), value.Plural(len(slots)))
		}
		e := v.Elems()
		if len(e) != len(slots) {
			value.Fail(pos, "cannot unpack %s of %d elements into %d name%s", v.TypeName(), len(e), len(slots), value.Plural(len(slots)))
		}
		for i, s := range slots {
			fr.Slots[s] = e[i]
		}
	}
}

// Clauses compiles comprehension Clauses (giving their names slots) and
// returns a function that wraps a body in the loops.
func (vg *ValueGen) Clauses(cls []lang.Clause) func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
	return vg.ClausesThen(cls, nil)
}

// ClausesThen is Clauses of clauses that the if clause next follows, where the
// caller runs next itself (after something that neither fails nor depends on
// the last for clause's elements): a for clause last in cls may visit only the
// elements that can pass it (EqFor, EqSet); next is not compiled here.
func (vg *ValueGen) ClausesThen(cls []lang.Clause, next *lang.IfClause) func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
	type step func(inner func(fr *engine.Frame)) func(fr *engine.Frame)
	var steps []step
	for i := 0; i < len(cls); i++ {
		switch cl := cls[i].(type) {
		case *lang.IfClause:
			cond := vg.c.Ints.Cond(cl.Cond, "an if clause's condition")
			steps = append(steps, func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
				return func(fr *engine.Frame) {
					if cond(fr) {
						inner(fr)
					}
				}
			})
		case *lang.ForClause:
			var ifc *lang.IfClause
			if i+1 < len(cls) {
				ifc, _ = cls[i+1].(*lang.IfClause)
			}
			eqIf := ir.JoinIfs(cls[i+1:])
			if i == len(cls)-1 {
				eqIf = next
			}
			st, tookIf := vg.forClause(cl, ifc, eqIf)
			steps = append(steps, st)
			if tookIf {
				i++
			}
		}
	}
	return func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
		f := body
		for i := len(steps) - 1; i >= 0; i-- {
			f = steps[i](f)
		}
		return f
	}
}

// rangeLoop is a for clause over a range (a .. b), compiled.
type rangeLoop struct {
	lo, hi IntFn
	bind   func(fr *engine.Frame, v value.Value)
	slot   int    // the loop's one int name (-1: a tuple pattern, bind)
	cond   BoolFn // the if clause taken in, or nil
	rpos   engine.Pos
	guard  *guardBound                                                   // the if clause after it, as a bound, or nil
	name   *lang.Name                                                    // the loop's one name (nil: a tuple pattern)
	eq     func(fr *engine.Frame, a, b int64) ([]int64, bool)            // Fast.EqRange's
	mask   func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool) // Fast.RangeMask's (nil: none)
}

// walk is the loop as Fast.Walk takes it, or false when it binds a
// tuple or takes an if clause in.
func (rl *rangeLoop) walk() (RangeWalk, bool) {
	if rl == nil || rl.slot < 0 || rl.cond != nil || rl.name == nil {
		return RangeWalk{}, false
	}
	lo, hi, guard := rl.lo, rl.hi, rl.guard
	bounds := func(fr *engine.Frame) (int64, int64) {
		a, b := lo(fr), hi(fr)
		if guard != nil && a <= b {
			a, b = guard.Clamp(fr, a, b)
		}
		return a, b
	}
	return RangeWalk{Bounds: bounds, Var: rl.name, Slot: rl.slot, RPos: rl.rpos}, true
}

// guardBound is an if clause after a for clause over a range of x that
// bounds x (kernel.Guard, which says when and how exactly).
type guardBound = kernel.Guard

// guardNote is what --explain says of a loop whose if clause is a bound
// (rl may be nil).
func (rl *rangeLoop) guardNote() string {
	if rl == nil || rl.guard == nil {
		return ""
	}
	return "; its if clause is a bound of the range, computed once"
}

// guardOf compiles the if clause ifc after the for clause cl over a range
// as a bound of its variable (guardBound), or returns nil. The clause may
// call a guard def with locals and literals (def ok(v, k) = k < deg(v)):
// its body stands in its place, E compiled as inlined at the call (an
// error in it names the call in its trace).
func (vg *ValueGen) guardOf(cl *lang.ForClause, ifc *lang.IfClause) *guardBound {
	if cl.Target.Tuple || !vg.c.On(passes.FastLoops) {
		return nil
	}
	gp, ok := vg.c.GuardOf(cl.Target.Names[0], ifc.Cond)
	if !ok {
		return nil
	}
	if gp.Via != nil {
		vg.c.Inlining, vg.c.Ints.trace = append(vg.c.Inlining, gp.Via), append(vg.c.Ints.trace, gp.CallPos)
		defer func() {
			vg.c.Inlining, vg.c.Ints.trace = vg.c.Inlining[:len(vg.c.Inlining)-1], vg.c.Ints.trace[:len(vg.c.Ints.trace)-1]
		}()
	}
	g := &guardBound{Op: gp.Op, Conj: gp.Conj, Slot: -1}
	if gp.Unless != nil {
		what := "the operands of or"
		if gp.Conj {
			what = "the operands of and"
		}
		g.Unless = vg.c.Ints.Cond(gp.Unless, what)
	}
	if gp.IntPure {
		if g.E = vg.c.Ints.IntExpr(gp.E); g.E == nil {
			return nil
		}
	} else {
		g.EV = vg.Expr(gp.E)
	}
	return g
}

// rangeLoop compiles cl when it iterates over a range (nil otherwise),
// taking in the if clause ifc when it binds one name.
func (vg *ValueGen) rangeLoop(cl *lang.ForClause, ifc *lang.IfClause) *rangeLoop {
	r, ok := cl.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange {
		return nil
	}
	rl := &rangeLoop{slot: -1, rpos: r.Pos}
	rl.lo, rl.hi = vg.c.Ints.RangeBounds(r)
	rl.bind = vg.Pattern(cl.Target)
	if !cl.Target.Tuple {
		b := vg.c.Var(cl.Target.Names[0])
		b.IsInt = true
		rl.slot, rl.name = b.Slot, cl.Target.Names[0]
		if ifc != nil {
			rl.cond, rl.mask = vg.c.Ints.Cond(ifc.Cond, "an if clause's condition"), vg.c.fast.RangeMask(cl, ifc, rl.slot)
		}
	}
	rl.eq = vg.c.fast.EqRange(cl, ifc, rl.slot)
	return rl
}

func (rl *rangeLoop) step(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	lo, hi, bind, slot, cond, rpos, eq := rl.lo, rl.hi, rl.bind, rl.slot, rl.cond, rl.rpos, rl.eq
	guard, mask := rl.guard, rl.mask
	return func(fr *engine.Frame) {
		a, b := lo(fr), hi(fr)
		if guard != nil && a <= b {
			a, b = guard.Clamp(fr, a, b)
		}
		if mask != nil && comprun.Masked(fr, mask, a, b, slot, cond, rpos, inner) {
			return
		}
		ids, ok := eq(fr, a, b)
		comprun.Range(fr, a, b, ids, ok, slot, bind, cond, rpos, inner)
	}
}

// clausesLast is Clauses, the last clause apart when it is a for clause
// over a range: the loops of the others wrap the body of that one's step.
// So is a for clause over a range followed by one if clause that bounds
// its variable (guardOf): the if clause is the range's guard.
func (vg *ValueGen) clausesLast(cls []lang.Clause) (loops func(body func(fr *engine.Frame)) func(fr *engine.Frame), last *rangeLoop) {
	if n := len(cls); n > 1 {
		cl, isFor := cls[n-2].(*lang.ForClause)
		ifc, isIf := cls[n-1].(*lang.IfClause)
		if isFor && isIf {
			if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
				outer := vg.Clauses(cls[:n-2])
				if g := vg.guardOf(cl, ifc); g != nil {
					rl := vg.rangeLoop(cl, nil)
					rl.guard, g.Slot = g, rl.slot
					if g.EV != nil {
						g.Written = vg.c.Ints.Cond(ifc.Cond, "an if clause's condition")
					}
					return outer, rl
				}
				inner := vg.Clauses(cls[n-2:])
				return func(body func(fr *engine.Frame)) func(fr *engine.Frame) { return outer(inner(body)) }, nil
			}
		}
	}
	if n := len(cls); n > 0 {
		if cl, ok := cls[n-1].(*lang.ForClause); ok {
			if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
				loops = vg.Clauses(cls[:n-1])
				return loops, vg.rangeLoop(cl, nil)
			}
		}
	}
	return vg.Clauses(cls), nil
}

// forClause compiles a for clause. Over a range of one name, it takes in
// the if clause ifc that follows it, when there is one (tookIf): the loop
// then tests it itself, a call less per value. eqIf is the if clause that
// follows it for EqFor and EqSet (ifc, or ClausesThen's next).
func (vg *ValueGen) forClause(cl *lang.ForClause, ifc, eqIf *lang.IfClause) (step func(inner func(fr *engine.Frame)) func(fr *engine.Frame), tookIf bool) {
	ipos := lang.Start(cl.Iter)
	if step := vg.forHoisted(cl); step != nil {
		return step, false
	}
	// A range iterates without building a list.
	if rl := vg.rangeLoop(cl, ifc); rl != nil {
		return rl.step, rl.cond != nil
	}
	if step := vg.forInts(cl); step != nil {
		return step, false
	}
	if step := vg.forLiteral(cl); step != nil {
		return step, false
	}
	iter := vg.Expr(cl.Iter)
	if c, ok := cl.Iter.(*lang.Call); ok && len(c.Args) == 1 && vg.c.CalledBuiltin(c) != nil && vg.c.CalledBuiltin(c).Sorts && vg.c.On(passes.Composite) {
		// sorted(S) of a set S of ints or of strings: S, in order already.
		vg.c.Fired(passes.Composite)
		x, bi, argPos := vg.Expr(c.Args[0]), vg.c.CalledBuiltin(c), []engine.Pos{lang.Start(c.Args[0])}
		iter = func(fr *engine.Frame) value.Value {
			v := x(fr)
			if a := v; v.K != value.KSet || !comprun.InOrder(v) {
				v = engine.CallBuiltinArgs(fr, bi, c.Pos, argPos, []engine.EvalFn{func(*engine.Frame) value.Value { return a }})
			}
			return v
		}
	}
	iter, bind := vg.c.fast.ConstIter(cl, iter), vg.Pattern(cl.Target)
	if !cl.Target.Tuple && vg.c.IntElemsOf(cl.Iter) {
		vg.c.Var(cl.Target.Names[0]).IsInt = true // (an element of a list of ints)
	}
	eq := vg.c.fast.EqFor(cl, eqIf, bind)
	eqSet := vg.c.fast.EqSet(cl, eqIf, bind, ipos)
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			v := iter(fr)
			switch v.K {
			case value.KList, value.KTuple, value.KSet:
				if v.K == value.KSet {
					if eqSet != nil && eqSet(fr, v, inner) {
						return
					}
					if u, w, ok := value.Uni(v); ok {
						// (A set decoded from its key: its elements from its bits, none made.)
						comprun.Uni(fr, u, w, ipos, bind, inner)
						return
					}
					if w, pairs, ok := value.SetBits(v); ok {
						comprun.Bits(fr, w, pairs, ipos, bind, inner)
						return
					}
				}
				ids, ok := eq(fr, v)
				comprun.Seq(fr, v.Elems(), ids, ok, ipos, bind, inner)
			default:
				operator.Iterate(ipos, v, func(e value.Value) bool {
					bind(fr, e)
					inner(fr)
					return !fr.Stop
				})
			}
		}
	}, false
}

// forHoisted compiles the planner's bind of an int hoisted before loops
// (licm.Hoisted): bound, an int where it is int-typed, without a step.
// nil for other clauses.
func (vg *ValueGen) forHoisted(cl *lang.ForClause) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	e := licm.Hoisted(cl)
	if e == nil {
		return nil
	}
	f, b := vg.c.Ints.IntExpr(e), vg.c.NewVar(cl.Target.Names[0])
	if b.IsInt = f != nil; f == nil {
		return licm.BindValue(b.Slot, vg.Expr(e))
	}
	return licm.BindInt(b.Slot, f)
}

// forLiteral compiles `for x in [E1, E2, ...]`: the elements evaluated
// first, in order, as the list literal evaluates them, into a scratch of
// the thread's, not a list (PassComposite). nil for other clauses.
func (vg *ValueGen) forLiteral(cl *lang.ForClause) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	lit, ok := cl.Iter.(*lang.ListLit)
	if !ok || !vg.c.On(passes.Composite) {
		return nil
	}
	vg.c.Fired(passes.Composite)
	elems := vg.exprs(lit.Elems)
	bind := vg.Pattern(cl.Target)
	ipos := lang.Start(cl.Iter)
	if len(elems) == 1 {
		// One element (a name bound to a value: for x in [E]).
		f := elems[0]
		return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
			return func(fr *engine.Frame) {
				v := f(fr)
				fr.Th.Tick(ipos)
				bind(fr, v)
				inner(fr)
			}
		}
	}
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			s := fr.Th.TakeScratch()
			for _, f := range elems {
				s.Vals = append(s.Vals, f(fr))
			}
			for _, e := range s.Vals {
				fr.Th.Tick(ipos)
				bind(fr, e)
				inner(fr)
				if fr.Stop {
					break
				}
			}
			fr.Th.GiveScratch(s)
		}
	}
}

// forInts compiles `for x in f(ARGS)` for a built-in f with Ints (see
// Builtin): its ints go into a buffer of the thread's, and x is an int.
// nil for other clauses.
func (vg *ValueGen) forInts(cl *lang.ForClause) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	call, ok := cl.Iter.(*lang.Call)
	if !vg.c.On(passes.FastLoops) || !ok || cl.Target.Tuple || len(call.Args) > 2 {
		return nil
	}
	bi := vg.c.CalledBuiltin(call)
	if bi == nil || bi.Ints == nil || len(call.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(call.Args) > bi.MaxArgs {
		return nil
	}
	args := vg.exprs(call.Args)
	pos, ipos := call.Pos, lang.Start(cl.Iter)
	argPos := make([]engine.Pos, len(call.Args))
	for i, a := range call.Args {
		argPos[i] = lang.Start(a)
	}
	vg.Pattern(cl.Target)
	b := vg.c.Var(cl.Target.Names[0])
	b.IsInt = true
	slot := b.Slot
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			th := fr.Th
			// The arguments and the call as the general way makes them.
			var a, b2 value.Value
			if len(args) > 0 {
				a = args[0](fr)
			}
			if len(args) > 1 {
				b2 = args[1](fr)
			}
			ca := th.GetCall(bi.BName, pos, argPos)
			ca.Buf = [2]value.Value{a, b2}
			th.Calls = append(th.Calls, pos)
			buf := th.IntsBuf()
			xs := bi.Ints(ca, ca.Buf[:len(args)], buf[:0])
			th.PutCall(ca)
			th.Calls = th.Calls[:len(th.Calls)-1]
			for _, x := range xs {
				th.Tick(ipos)
				fr.Slots[slot] = value.Value{K: value.KInt, N: x}
				inner(fr)
				if fr.Stop {
					break
				}
			}
			th.PutInts(xs)
		}
	}
}
