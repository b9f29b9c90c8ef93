package fastpath

import (
	"math"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/kernel"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Fast folds: the questions a script asks of a whole table,
//
//	len([x for x in A .. B if sg(g(ARGS)) OP K])
//	max([sg(g(ARGS)) for x in A .. B])   (and min)
//
// at the top level, with ARGS affine in x and K an int literal or name,
// step a position's key through the memo (as Sum does) instead of
// evaluating the comprehension's closures for each x. An element whose
// position is not known yet is evaluated the general way (which computes
// it), so errors and values are those of the general way.
//
// Both are recognized as a FoldPlan (recognizer.sum, recognizer.fold in
// recognize.go) and compiled from it here.

// Fold returns the fast fold of comp for bi (recognizer.fold), or nil.
func (l *loops) Fold(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	p := recognizer{l.c}.fold(bi, comp)
	if p == nil {
		return nil
	}
	return l.genFold(p, slow, pos, argPos)
}

// genFold compiles fold plan p; slow is the general closure of the call.
func (l *loops) genFold(p *loopplan.FoldPlan, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	bi, comp, b, op, outcome := p.By, p.Comp, p.Term.Game, p.Op, p.Outcome
	lo, hi := l.c.Ints.RangeBounds(p.Range)
	xb := l.c.NewVar(p.Name)
	xb.IsInt = true
	// K (or J): a literal or an int name, read at each x.
	kslot, kval := -1, int64(0)
	switch {
	case p.KVar:
		kslot = xb.Slot
	case p.KGlobal != nil:
		kslot = p.KGlobal.Slot
	case p.K != nil:
		kval = p.K.(*lang.IntLit).Val
	}
	aa := l.affineArgs(p.Term, xb.Slot)
	// The general way for one element.
	var elemCond compile.BoolFn
	var elemBody engine.EvalFn
	if bi.Count {
		elemCond = l.c.Ints.Cond(comp.Clauses[1].(*lang.IfClause).Cond, "an if clause's condition")
	} else {
		elemBody = l.c.Vals.Expr(comp.Body)
	}
	xslot, rpos, nim := xb.Slot, p.Range.Pos, p.Nim
	// The outcome wanted, 0 for a string that is none.
	wantB, eq := byte(0), op == lang.OpEq
	if outcome != nil && len(outcome.Val) == 1 {
		wantB = outcome.Val[0]
	}
	return func(fr *engine.Frame) value.Value {
		g := b.Game
		if fr.Gen.Mode != engine.MDirect {
			return slow(fr)
		}
		a, z := lo(fr), hi(fr)
		if a > z {
			return slow(fr)
		}
		k0, d, ok := aa.keys(fr, g, a, z)
		if !ok {
			return slow(fr)
		}
		th := fr.Th
		ca := &engine.Call{Th: th, Name: bi.BName, Pos: pos, Args: argPos}
		var acc value.Value
		n := 0
		k := k0
		// A count whose K (or J) is the same for every x: what each state
		// counts, looked up (no branch on the value that the processor
		// would guess wrong half the time).
		var tbl []byte
		var off int64
		if bi.Count && (kslot < 0 || kslot != xslot) {
			tbl, off = kernel.CountTable(th.Engine, outcome != nil, op, kernel.ReadK(fr, kslot, kval, xslot, 0), wantB)
		}
		counted := 0
		stretchFn := func(states []int32) int {
			if tbl != nil {
				j, c := kernel.CountFlat(states, tbl, off)
				counted += c
				return j
			}
			j, best := kernel.BestFlat(states, bi.IntFold > 0)
			if j > 0 {
				acc = kernel.FoldInt(ca, bi, acc, value.Value{K: value.KInt, N: int64(best - memo.FinBase)}, n)
				n += j
			}
			return j
		}
		x, tried := a, a
		for {
			if d == 1 && k < uint64(len(g.Flat)) && (tbl != nil || bi.IntFold != 0 && outcome == nil) {
				// A stretch of the flat table, while its states are
				// counted by the table (or finite, for max and min).
				j, done, full := kernel.Stretch(th, g.Flat, k, x, z, rpos, stretchFn)
				if done {
					break
				}
				if x, k = x+j, k+uint64(j); full {
					continue
				}
			}
			s := g.State(k)
			if rs, ok := th.Engine.Solver.(engine.RunSolver); ok && d == 1 && x >= tried && !memo.Finished(s) && g.Sweep != nil && room(th) > 0 {
				// (The positions from x on that are missing, computed in
				// the order asking each would, by the game's sweep.)
				tried = x + 1
				if rs.SweepRun(g, k, min(z-x+1, room(th))) > 0 {
					s = g.State(k)
				}
			}
			if i := uint64(int64(s) + off); i < uint64(len(tbl)) && tbl[i] < 2 {
				counted += int(tbl[i])
			} else if outcome == nil && s >= memo.FinBase {
				// Known values here; the others, and a *J that fails, the
				// general way.
				v := int64(s - memo.FinBase)
				if !bi.Count {
					acc = kernel.FoldInt(ca, bi, acc, value.Value{K: value.KInt, N: v}, n)
					n++
				} else if kernel.CmpInts(op, v, kernel.ReadK(fr, kslot, kval, xslot, x)) {
					n++
				}
			} else if j := kernel.NimJ(fr, nim, kslot, kval, xslot, x); outcome != nil && memo.Finished(s) && j >= 0 && j <= math.MaxInt32 {
				// outcome(g(..) [+ *J]) == "S"
				if kernel.OutcomeWith(th.Engine, s, memo.Sgv(j)) == wantB == eq {
					n++
				}
			} else {
				fr.Slots[xslot] = value.Value{K: value.KInt, N: x}
				if !bi.Count {
					acc = kernel.FoldInt(ca, bi, acc, elemBody(fr), n)
					n++
				} else if elemCond(fr) {
					n++
				}
			}
			if x&1023 == 0 {
				th.Steps += 1024
				if th.Steps >= th.CheckAt {
					th.CheckLimits(rpos)
				}
			}
			if x == z {
				break
			}
			x, k = x+1, k+d
		}
		n += counted
		if n == 0 {
			return bi.Fn(ca, []value.Value{value.List(nil)})
		}
		if bi.Count {
			return value.Int(int64(n))
		}
		return acc
	}
}

// room is how many positions a sweep may compute: the limits leave 8
// times the room they can take (what it computes is what the elements
// would, but it counts steps as it goes, where a run of the elements
// checks them now and then: near a limit the two could stop apart).
func room(th *engine.Thread) int64 {
	lim := th.Limits
	return min((lim.MaxStates-th.Engine.States)/8, (lim.MaxSteps-th.Steps)/8/(kernel.SweepMaxOpts+1))
}

// Sum compiles `sum of g(ARGS) for x in A .. B`, the arguments affine
// in x, at the top level (where every position is computed when asked):
// the SG values are xored straight from the memo, stepping the key (in
// sg's first pass, a missing one is recorded, as a lookup would). The
// same closure run inside a move rule, or with arguments outside the dense
// table, takes the general way. nil when the shape does not fit.
func (l *loops) Sum(e *lang.Comp, slow compile.SGFn) compile.SGFn {
	p := recognizer{l.c}.sum(e)
	if p == nil {
		return nil
	}
	lo, hi := l.c.Ints.RangeBounds(p.Range)
	xb := l.c.NewVar(p.Name)
	xb.IsInt = true
	b := p.Term.Game
	aa := l.affineArgs(p.Term, xb.Slot)
	rpos := p.Range.Pos
	l.c.Env.Streamed++
	l.c.Fired(passes.Stream)
	return func(fr *engine.Frame) memo.Sgv {
		gn := fr.Gen
		g := b.Game
		if gn.Mode != engine.MDirect && gn.Mode != engine.MCollect {
			return slow(fr)
		}
		a, z := lo(fr), hi(fr)
		if a > z {
			return 0
		}
		k0, d, ok := aa.keys(fr, g, a, z)
		if !ok {
			return slow(fr)
		}
		th := fr.Th
		acc := memo.Sgv(0)
		xorStretch := func(states []int32) int {
			j, xs := kernel.XorFlat(states)
			acc ^= xs
			return j
		}
		x, k := a, k0
		for {
			if d == 1 && acc >= 0 && k < uint64(len(g.Flat)) {
				// A stretch of the flat table, while its values are
				// finite and known.
				j, done, full := kernel.Stretch(th, g.Flat, k, x, z, rpos, xorStretch)
				if done {
					break
				}
				if x, k = x+j, k+uint64(j); full {
					continue
				}
			}
			var v memo.Sgv
			if s := g.State(k); s >= memo.FinBase {
				v = s - memo.FinBase
			} else if gn.Mode == engine.MCollect {
				// The rest of the range, in one record: its positions
				// are computed in this order, then the sum again.
				gn.CollectRun(g, k, d, z-x+1)
				return memo.SgMissing
			} else {
				fr.Slots[xb.Slot] = value.Value{K: value.KInt, N: x}
				v = gn.Lookup(g, k)
			}
			if acc|v >= 0 {
				acc ^= v
			} else {
				acc = th.Engine.Add(acc, v)
			}
			if x == z {
				break
			}
			x, k = x+1, k+d
			if x&1023 == 0 {
				th.Steps += 1024
				if th.Steps >= th.CheckAt {
					th.CheckLimits(rpos)
				}
			}
		}
		return acc
	}
}

// affineArgs are a position's arguments affine in a loop variable (in
// slot xslot): their closures and coefficients.
type affineArgs struct {
	args  []engine.EvalFn
	coefs []int64
	xslot int
}

func (l *loops) affineArgs(t loopplan.TermPlan, xslot int) affineArgs {
	aa := affineArgs{args: make([]engine.EvalFn, len(t.Call.Args)), coefs: t.Coefs, xslot: xslot}
	for i, a := range t.Call.Args {
		aa.args[i] = l.c.Vals.Expr(a)
	}
	return aa
}

// keys returns the memo key of the position at loop value a and its step
// per value, when every position for a .. z (a <= z) has a packed key of
// g. The arguments are evaluated at a, as the general way evaluates them
// first, and found at z by their coefficients.
func (aa *affineArgs) keys(fr *engine.Frame, g *engine.Game, a, z int64) (k0, d uint64, ok bool) {
	if g.NArgs != len(aa.coefs) || g.Bits == 0 || z-a < 0 {
		return 0, 0, false // (z - a < 0: it overflowed)
	}
	for i := range aa.coefs {
		fr.Slots[aa.xslot] = value.Value{K: value.KInt, N: a}
		v := aa.args[i](fr)
		if v.K != value.KInt {
			return 0, 0, false
		}
		t1, ok := operator.MulOK(aa.coefs[i], z-a)
		if ok {
			t1, ok = operator.AddOK(v.N, t1)
		}
		if !ok || uint64(v.N) >= g.Lim || uint64(t1) >= g.Lim {
			return 0, 0, false
		}
		sh := g.Bits * uint(g.NArgs-1-i)
		k0 |= uint64(v.N) << sh
		d += uint64(aa.coefs[i]) << sh
	}
	return k0, d, true
}

// rangeFor returns the name and the range of cl when it is a for clause
// of one name over a range (for x in lo..hi); r is nil otherwise.
func rangeFor(cl lang.Clause) (x string, r *lang.Binary) {
	f, ok := cl.(*lang.ForClause)
	if !ok || f.Target.Tuple || len(f.Target.Names) != 1 {
		return "", nil
	}
	if r, ok = f.Iter.(*lang.Binary); !ok || r.Op != lang.OpRange {
		return "", nil
	}
	return f.Target.Names[0].Name, r
}
