package fastpath

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The generator of the fast loops: a plan (package loopplan) compiled to closures.
// The general closure of the same clauses, slow, is always compiled
// first; the fast loop falls back to it for any frame where the plan's
// assumptions do not hold (a value not an int, an argument off the dense
// table, an overflow at the interval's ends), so the errors and values
// are the general way's.

// fastTerm is one position of the body compiled: a game and its
// arguments, each affine in the loop variable.
type fastTerm struct {
	b     *engine.Binding
	args  []engine.EvalFn   // each argument, evaluated at the first value only
	ints  []compile.IntFn   // the same compiled for an int x (nil where not int-typed)
	opnds []compile.Operand // ints as operands (evaluated in place when simple)
	coefs []int64
}

// fastClamp is a bound of the loop variable compiled (ClampPlan): it
// narrows the loop's interval.
type fastClamp struct {
	op       lang.Op // as seen with x on the left
	bound    engine.EvalFn
	boundInt compile.IntFn // the bound compiled as an int, when it is int-typed
	scale    int64         // K * x OP E (K >= 2), or 0
	lin      *linClamp     // L OP R affine in x: E and the guard (linclamp.go), or nil
}

// genLoop compiles plan p; slow is the general closure of the same
// clauses and body. It returns the loop, its probe, its sweep and its
// row sweep's alternative (nil when the plan has none).
func (l *loops) genLoop(p *loopplan.LoopPlan, slow func(fr *engine.Frame)) (run func(fr *engine.Frame), probe engine.ProbeFunc, sweep engine.SweepFunc, row kernel.RowAlt) {
	isRange, rangeCall := p.Domain.Ranged(), p.Domain.Kind == loopplan.DomRangeCall
	var rlo, rhi compile.IntFn
	var iter engine.EvalFn
	switch p.Domain.Kind {
	case loopplan.DomRange:
		rlo, rhi = l.c.Ints.RangeBounds(p.Domain.Iter.(*lang.Binary))
	case loopplan.DomRangeCall:
		// range(A, B) is the range A .. B - 1 (rhi returns B; see prep).
		if p.Domain.Lo == nil {
			rlo = func(*engine.Frame) int64 { return 0 }
		} else {
			rlo = l.c.Ints.IntExpr(p.Domain.Lo)
		}
		rhi = l.c.Ints.IntExpr(p.Domain.Hi)
		if rlo == nil || rhi == nil {
			return slow, nil, nil, nil // (recognized as int-typed: not met)
		}
	default:
		iter = l.c.Vals.Expr(p.Domain.Iter)
	}
	ipos := p.Pos
	xb := l.c.NewVar(p.Name)
	xb.IsInt = isRange
	xslot := xb.Slot
	clamps := make([]fastClamp, len(p.Clamps))
	for i, cl := range p.Clamps {
		fc := fastClamp{op: cl.Op, scale: cl.Scale}
		if cl.Lin != nil {
			fc.lin = l.clamps.linear(cl.Lin)
		} else {
			fc.bound, fc.boundInt = l.c.Vals.Expr(cl.Bound), l.c.Ints.IntExpr(cl.Bound)
		}
		clamps[i] = fc
	}
	once := make([]compile.BoolFn, len(p.Once))
	for i, e := range p.Once {
		once[i] = l.c.Ints.Cond(e, "an if clause's condition")
	}
	// The arguments are compiled with x an int (the fast way runs on int
	// values only).
	xb.IsInt = true
	fts := make([]fastTerm, len(p.Terms))
	for i, t := range p.Terms {
		ft := fastTerm{b: t.Game, coefs: t.Coefs}
		var wvals []engine.EvalFn
		var wints []compile.IntFn
		if t.Wrapped != nil {
			wvals, wints = l.wrappedArgs(t.Wrapped, t.Call)
		}
		for j, a := range t.Call.Args {
			var v engine.EvalFn
			var f compile.IntFn
			if wvals != nil {
				v, f = wvals[j], wints[j]
			} else {
				v, f = l.c.Vals.Expr(a), l.c.Ints.IntExpr(a)
			}
			ft.args = append(ft.args, v)
			ft.ints = append(ft.ints, f)
			var o compile.Operand
			if f != nil {
				o = l.c.Ints.OperandOf(a, f)
			}
			ft.opnds = append(ft.opnds, o)
		}
		fts[i] = ft
	}
	top, kern := p.Resume, p.Kernel
	var setCache struct {
		ref  *value.Set
		ints []int64
	}
	// setElems returns the elements of set s as ints (cached).
	setElems := func(s *value.Set) ([]int64, bool) {
		if setCache.ref != s {
			ints, ok := kernel.IntElems(s.Elements())
			if !ok {
				return nil, false
			}
			setCache.ref, setCache.ints = s, ints
		}
		return setCache.ints, true
	}
	var listCache struct {
		first *value.Value
		n     int
		ints  []int64
	}
	// listElems returns the elements of a list or tuple as ints, when
	// they are ints in ascending order (cached by the elements' array: a
	// list's elements do not change).
	listElems := func(vs []value.Value) ([]int64, bool) {
		if len(vs) == 0 {
			return nil, true
		}
		if listCache.first != &vs[0] || listCache.n != len(vs) {
			ints, ok := kernel.IntElems(vs)
			if !ok || !slices.IsSorted(ints) {
				return nil, false
			}
			listCache.first, listCache.n, listCache.ints = &vs[0], len(vs), ints
		}
		return listCache.ints, true
	}
	// A literal of int literals (in ascending order, for a list or a
	// tuple) is the same at every run: its ints, made once.
	constElems := p.Domain.Ints
	if p.Sweep != nil {
		guards := make([]compile.BoolFn, len(p.Guards))
		for i, e := range p.Guards {
			guards[i] = l.c.Ints.Cond(e, "an if clause's condition")
		}
		sweep = sweepFn(sweepParts{isRange: isRange, rlo: rlo, rhi: rhi, iter: iter, clamps: clamps, ft: fts[0],
			xslot: xslot, ipos: ipos, setElems: setElems, listElems: listElems, constElems: constElems, global: p.Sweep.Global, guards: guards, at: p.Sweep.At,
			stride: p.Sweep.Stride, argCoef: p.Sweep.ArgCoef, bcoefs: p.Sweep.BoundCoefs, affine: p.Sweep.Affine})
	}
	if p.Row && isRange {
		guards := make([]compile.BoolFn, len(p.Guards))
		for i, e := range p.Guards {
			guards[i] = l.c.Ints.Cond(e, "an if clause's condition")
		}
		row = rowAltFn(rowParts{rlo: rlo, rhi: rhi, rangeCall: rangeCall, clamps: clamps, fts: fts, xslot: xslot, guards: guards})
	}
	// prep works out a run of the loop for a frame: its domain (lo .. hi,
	// or elems) and the keys of its positions at lo. run false: the loop
	// has no option here; slow: the general way must take the frame.
	// resume: a resumed run goes on from where it stopped.
	type prepared struct {
		st        engine.FastState
		lo, hi    int64
		elems     []int64
		run, slow bool
	}
	prep := func(fr *engine.Frame, resume bool, p *prepared) {
		*p = prepared{}
		// The domain: an interval of a range, or a sorted slice of ints.
		var lo, hi int64
		var elems []int64
		if isRange {
			lo, hi = rlo(fr), rhi(fr)
			if rangeCall {
				// range(lo, hi): empty when hi is the least int; a list
				// past maxRange is an error, which the general way raises.
				if hi == engine.MinInt {
					return
				}
				hi--
				if n, ok := operator.SubOK(hi, lo); lo <= hi && (!ok || n >= operator.MaxRange) {
					slow(fr)
					return
				}
			}
		} else if constElems != nil {
			elems = constElems
			lo, hi = elems[0], elems[len(elems)-1]
		} else {
			v := iter(fr)
			switch v.K {
			case value.KSet:
				ints, ok := setElems(v.Ref.(*value.Set))
				if !ok {
					p.slow = true
					return
				}
				elems = ints
			case value.KList, value.KTuple:
				ints, ok := listElems(v.Elems())
				if !ok {
					p.slow = true
					return
				}
				elems = ints
			default:
				p.slow = true
				return
			}
			if len(elems) == 0 {
				return
			}
			lo, hi = elems[0], elems[len(elems)-1]
		}
		if lo > hi {
			return
		}
		// Each bound narrows the interval (and the elements); a bound is
		// only evaluated when some value passed the ones before it, as
		// the conditions would be.
		for _, cl := range clamps {
			var e int64
			if cl.lin != nil {
				var ok bool
				if e, ok = cl.lin.bound(fr, lo, hi); !ok {
					p.slow = true
					return
				}
			} else if cl.boundInt != nil {
				e = cl.boundInt(fr)
			} else {
				bv := cl.bound(fr)
				if bv.K != value.KInt {
					p.slow = true
					return
				}
				e = bv.N
			}
			if k := cl.scale; k > 0 {
				// K * x OP e for every x left, when none of them makes
				// K * x overflow (the general way fails there).
				if lo < engine.MinInt/k || hi > engine.MaxInt/k {
					p.slow = true
					return
				}
				switch cl.op {
				case lang.OpLt:
					hi = min(hi, kernel.CeilDiv(e, k)-1)
				case lang.OpLe:
					hi = min(hi, kernel.FloorDiv(e, k))
				case lang.OpGt:
					lo = max(lo, kernel.FloorDiv(e, k)+1)
				case lang.OpGe:
					lo = max(lo, kernel.CeilDiv(e, k))
				}
				var ok bool
				if lo, hi, elems, ok = narrowElems(lo, hi, elems); !ok {
					return
				}
				continue
			}
			var ok bool
			if lo, hi, ok = kernel.Bound(cl.op, e, lo, hi); !ok {
				return
			}
			if lo, hi, elems, ok = narrowElems(lo, hi, elems); !ok {
				return
			}
		}
		for _, cond := range once {
			if !cond(fr) {
				return
			}
		}
		if gn := fr.Gen; resume && gn.Skip && gn.Alt == gn.SkipAlt {
			// A resumed run: the values below skipX are done.
			gn.Skip = false
			if lo = max(lo, gn.SkipX); lo > hi {
				return
			}
		}
		// Keys at the two ends, and their steps. (hi >= lo here; the
		// arguments are read with the loop variable at lo.)
		fr.Slots[xslot] = value.Value{K: value.KInt, N: lo}
		st := &p.st
		st.Lo, st.Nt = lo, len(fts)
		st.Cursor = top && elems == nil
		for t := range fts {
			ft := &fts[t]
			g := ft.b.Game
			if g.NArgs != len(ft.args) || g.NArgs == 0 || g.Bits == 0 {
				p.slow = true
				return
			}
			st.Games[t] = g
			var k0, k1, d uint64
			for a := range ft.args {
				// The argument at the first value, evaluated as the
				// general way evaluates it first (same errors); at the
				// last, by its coefficient.
				var v0 int64
				if ft.ints[a] != nil {
					v0 = ft.opnds[a].Eval(fr)
				} else if v := ft.args[a](fr); v.K == value.KInt {
					v0 = v.N
				} else {
					p.slow = true
					return
				}
				t, ok := operator.MulOK(ft.coefs[a], hi-lo)
				if ok && hi-lo >= 0 {
					t, ok = operator.AddOK(v0, t)
				}
				if !ok || hi-lo < 0 {
					slow(fr)
					return
				}
				if uint64(v0) >= g.Lim || uint64(t) >= g.Lim {
					p.slow = true
					return
				}
				sh := g.Bits * uint(g.NArgs-1-a)
				k0 |= uint64(v0) << sh
				k1 |= uint64(t) << sh
				d += uint64(ft.coefs[a]) << sh
			}
			if lo < hi && k0+uint64(hi-lo)*d != k1 {
				p.slow = true // the arguments are not what the coefficients say
				return
			}
			st.Keys[t], st.Steps[t] = k0, d
		}
		p.lo, p.hi, p.elems, p.run = lo, hi, elems, true
	}
	// (The loop's probe; under outer for clauses loops.fastAlt runs it for
	// each of their values.)
	// Declared games that are take-and-break games. A game of one int whose
	// every alternative is a fast loop over positions of the game itself
	// (package fastpath: its for clause is the first clause) is read heap by heap
	// through the loops' probes: the keys each loop would walk and its
	// domain, without running it. When, for every heap, the options are those
	// of a fixed take-and-break rule (take t tokens, leave one heap; or split
	// the rest into two, of different sizes or not: Kayles, Dawson's Kayles,
	// Grundy's game, subtraction games, written as loops), the values come
	// from package takebreak, as octal(CODE)'s do. Each heap's options are
	// checked against the rule before its value is used; at the first heap
	// where they differ, the game goes back to the general engine from there.
	// A declared game's period is observed, never proved: the theorem needs
	// the rule for every heap, and only the heaps computed are checked.
	probe = func(fr *engine.Frame, each engine.ProbeRun) bool {
		var p prepared
		prep(fr, false, &p)
		if p.slow {
			return false
		}
		return !p.run || each(p.st, p.lo, p.hi, p.elems)
	}
	run = func(fr *engine.Frame) {
		if fr.Stop {
			return
		}
		var p prepared
		prep(fr, true, &p)
		if p.slow {
			slow(fr)
			return
		}
		if !p.run {
			return
		}
		st, lo, hi, elems := &p.st, p.lo, p.hi, p.elems
		gn := fr.Gen
		th := fr.Th
		var n int64
		if elems == nil {
			n = hi - lo + 1 // (the moves the rule has, counted in full)
			if st.Nt == 2 && st.Games[0] == st.Games[1] && st.Steps[1] == -st.Steps[0] &&
				st.Keys[1] == st.Keys[0]+uint64(hi-lo)*st.Steps[0] && th.Engine.On&passes.Symmetric != 0 {
				// g(.. x ..) + g(.. c - x ..) for x over a range
				// symmetric about c/2: x and c - x are the same sum,
				// so half the range has every option.
				hi = lo + (hi-lo)/2
			}
			switch {
			case kern == loopplan.KernelRange && st.Nt == 2 && kernel.SmallStep(st.Steps[0]) && kernel.SmallStep(st.Steps[1]):
				kernel.FastRangePaged(gn, fr, st, hi)
			case kern == loopplan.KernelRange:
				kernel.FastRange(gn, fr, st, hi)
			default:
				for x := lo; x <= hi && st.Emit(gn, fr, x); x++ {
				}
			}
		} else {
			n = int64(len(elems))
			if kern == loopplan.KernelElems {
				kernel.FastElems(gn, fr, st, elems)
			} else {
				for _, x := range elems {
					if !st.Emit(gn, fr, x) {
						break
					}
				}
			}
		}
		th.Steps += n
		gn.E.Edges += n
		gn.Scanned += n
		if th.Steps >= th.CheckAt {
			th.CheckLimits(ipos)
		}
	}
	return run, probe, sweep, row
}

// narrowElems narrows the domain lo .. hi of a loop (elems: its sorted
// ints, or nil for a range) to the elements within it, and lo and hi to
// the first and last of them; false when no value is left.
func narrowElems(lo, hi int64, elems []int64) (int64, int64, []int64, bool) {
	if lo > hi {
		return lo, hi, elems, false
	}
	if elems == nil {
		return lo, hi, elems, true
	}
	i, j := 0, len(elems)
	if lo > elems[0] {
		i, _ = slices.BinarySearch(elems, lo)
	}
	if hi < elems[j-1] {
		var found bool
		j, found = slices.BinarySearch(elems, hi)
		if found {
			j++
		}
	}
	elems = elems[i:j]
	if len(elems) == 0 {
		return lo, hi, elems, false
	}
	return elems[0], elems[len(elems)-1], elems, true
}

// CallProbe returns the probe (package fastpath, gen.go: declared games
// that are take-and-break games) of an alternative whose option is one
// position of a game with one int argument (sgCall1's shape), its
// clauses run by loops: the arguments of its options, as a domain of
// elements (the probe of a rule that asks for no game's value only: it
// runs the clauses).
func (l *loops) CallProbe(body lang.Expr, loops func(func(fr *engine.Frame)) func(fr *engine.Frame)) engine.ProbeFunc {
	call := body.(*lang.Call)
	b := l.c.GameCallee(call)
	f := l.c.Ints.IntExpr(call.Args[0])
	if b == nil || f == nil {
		return nil
	}
	a0 := l.c.Ints.OperandOf(call.Args[0], f)
	var args []int64
	run := loops(func(fr *engine.Frame) { args = append(args, a0.Eval(fr)) })
	return func(fr *engine.Frame, each engine.ProbeRun) bool {
		args = args[:0]
		run(fr)
		slices.Sort(args)
		st := engine.FastState{Nt: 1}
		st.Games[0], st.Steps[0] = b.Game, 1
		return len(args) == 0 || each(st, 0, 0, args)
	}
}
