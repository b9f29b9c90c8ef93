package fastpath

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Sweeps. The ladder computes the positions of a game of one int from the
// lowest unknown one up (ladder.go), each with all its options known as a
// rule. When the rule is one inner loop (one alternative, one for clause,
// bounds of the loop variable that are int arithmetic, one position of
// the game itself per move), a position is computed by sweepFn's kernel
// straight from the flat table: no run of the rule, no gen. It gives up
// (the rule then runs as usual) when an option is not known, is 64 or
// more, or is off the table, before anything else happened.

// sweepParts are what a sweep reads of its fast loop compiled (gen.go).
type sweepParts struct {
	isRange  bool
	rlo, rhi compile.IntFn
	iter     engine.EvalFn
	clamps   []fastClamp
	ft       fastTerm
	xslot    int
	ipos     engine.Pos
	setElems func(s *value.Set) ([]int64, bool)
	// listElems is setElems for a list or tuple (ints in ascending
	// order); constElems the elements of a literal (nil when not one).
	listElems  func(vs []value.Value) ([]int64, bool)
	constElems []int64
	global     bool // the domain is the same at every position (SweepPlan.Global)
	// at: the domain is G[I] (recognizer.globalAt): evaluated where it
	// can fail, a list's ints in any order where no bound narrows them.
	at bool
	// guards: the tests before the loop (LoopPlan.Guards): a position
	// where one does not hold is left to the rule.
	guards []compile.BoolFn
	// stride: SweepPlan's Stride, ArgCoef, BoundCoefs and Affine
	// (stride.go).
	stride  bool
	argCoef int64
	bcoefs  []int64
	affine  []bool
}

// sweepFn returns the sweep of a fast loop whose plan has one
// (recognizer.sweep), or nil when a part it reads as an int is not one.
func sweepFn(p sweepParts) engine.SweepFunc {
	if p.ft.ints[0] == nil {
		return nil
	}
	for _, cl := range p.clamps {
		if cl.lin == nil && cl.boundInt == nil {
			return nil
		}
	}
	ft := p.ft
	coef, op := ft.coefs[0], &ft.opnds[0]
	ops := make([]lang.Op, len(p.clamps))
	for i, cl := range p.clamps {
		ops[i] = cl.op
	}
	global := p.global
	sr := newStrider(p.stride && global && len(p.guards) == 0, p.argCoef, p.bcoefs, p.affine, p.clamps)
	// one computes the position whose argument is in the frame; all is
	// the global set's elements.
	one := func(fr *engine.Frame, g *engine.Game, all []int64) (memo.Sgv, bool) {
		for _, t := range p.guards {
			if !t(fr) {
				return 0, false
			}
		}
		var lo, hi int64
		var elems []int64
		if p.isRange {
			lo, hi = p.rlo(fr), p.rhi(fr)
		} else if global {
			if elems = all; len(elems) == 0 {
				return 0, true
			}
			lo, hi = elems[0], elems[len(elems)-1]
		} else {
			var v value.Value
			if p.at {
				var ok bool
				if v, ok = engine.Try(fr, p.iter); !ok {
					return 0, false
				}
			} else {
				v = p.iter(fr)
			}
			var ints []int64
			var ok bool
			switch {
			case v.K == value.KSet:
				ints, ok = p.setElems(v.Ref.(*value.Set))
			case p.at && len(p.clamps) == 0 && (v.K == value.KList || v.K == value.KTuple):
				// (The options' values: a mex, in any order.)
				ints, ok = kernel.IntElems(v.Elems())
				if ok && len(ints) > 0 {
					lo, hi = slices.Min(ints), slices.Max(ints)
				}
			}
			if !ok {
				return 0, false
			}
			if elems = ints; len(elems) == 0 {
				return 0, true
			}
			if v.K == value.KSet {
				lo, hi = elems[0], elems[len(elems)-1]
			}
		}
		// The bounds, in order, while some value is left (as the rule
		// evaluates them).
		for i := range p.clamps {
			cl := &p.clamps[i]
			if lo > hi {
				return 0, true
			}
			var e int64
			if cl.lin != nil {
				var ok bool
				if e, ok = cl.lin.bound(fr, lo, hi); !ok {
					return 0, false
				}
			} else {
				e = cl.boundInt(fr)
			}
			var left bool
			if lo, hi, elems, left = narrowBy(ops[i], e, lo, hi, elems); !left {
				return 0, true
			}
		}
		if lo > hi {
			return 0, true
		}
		// The keys at both ends, as the rule computes them. (The loop
		// variable's slot holds an int: the sweep wrote one there.)
		fr.Slots[p.xslot].N = lo
		return optionsMex(fr.Th, g, lo, hi, elems, op.Eval(fr), coef)
	}
	return func(fr *engine.Frame, g *engine.Game, k, end uint64, room int64, mine []uint64, m uint64) uint64 {
		if ft.b.Game != g || g.Flat == nil || g.NArgs != 1 {
			return k
		}
		th := fr.Th
		e := th.Engine
		// Positions visited, as many as the budget and the state limit
		// leave (the ladder's step at the next one raises the limit's
		// error).
		room = min(room, th.Limits.MaxStates-e.States)
		end = min(end, uint64(len(g.Flat)), g.Lim)
		all := p.constElems
		if global && all == nil {
			var ints []int64
			var ok bool
			switch v := p.iter(fr); v.K {
			case value.KSet:
				ints, ok = p.setElems(v.Ref.(*value.Set))
			case value.KList, value.KTuple:
				ints, ok = p.listElems(v.Elems())
			}
			if !ok {
				return k
			}
			all = ints
		}
		// (The position's and the loop variable's slots hold ints from
		// here on: one writes only their numbers.)
		e.Current = g
		fr.Slots[0] = value.Value{K: value.KInt}
		fr.Slots[p.xslot] = value.Value{K: value.KInt}
		arg := &fr.Slots[0].N
		flat := g.Flat
		skip := uint64(0) // (positions before a strided run is tried again)
		for ; k < end && room > 0; k++ {
			if sr != nil && len(all) > 0 && k >= skip {
				k0 := k
				var stop bool
				if k, room, stop = sr.run(fr, &p, ops, g, k, end, room, all, mine, m); stop || k >= end || room <= 0 {
					break
				}
				if k != k0 {
					k-- // (the loop's k++)
					continue
				}
				// (Its corners failed: a run position by position.)
				skip = k + strideBlock
			}
			s := flat[k]
			if s != memo.StUnknown {
				if memo.Finished(s) {
					continue
				}
				break
			}
			e.CurrentR = k
			*arg = int64(k)
			v, ok := one(fr, g, all)
			if !ok {
				break
			}
			if x := memo.StateOf(v); !g.SetFast(k, x) {
				g.SetStateSlow(k, x)
			}
			if mine != nil {
				i := k - m
				mine[i/64] |= 1 << (i % 64)
			}
			e.States++
			room--
			// (Counted as the ladder's steps count a position.)
			if th.Steps++; th.Steps >= th.CheckAt {
				th.CheckLimits(p.ipos)
			}
		}
		return k
	}
}

// optionsMex is the value of a position whose options are at keys v0 +
// coef*(x - lo) for x in lo .. hi (or the elements elems, lo and hi the
// first and last), v0 as the rule computes it, counting its steps and
// moves; false when a key is off the table, or an option is not known or
// is 64 or more.
func optionsMex(th *engine.Thread, g *engine.Game, lo, hi int64, elems []int64, v0, coef int64) (memo.Sgv, bool) {
	t, ok := operator.MulOK(coef, hi-lo)
	if ok {
		t, ok = operator.AddOK(v0, t)
	}
	if !ok || hi-lo < 0 || uint64(v0) >= g.Lim || uint64(t) >= g.Lim {
		return 0, false
	}
	k0, d := uint64(v0), uint64(coef)
	var low uint64
	var n int64
	if elems != nil {
		var taken int
		taken, low = kernel.ElemsFlat(g.Flat, elems, k0-uint64(lo)*d, d, 0)
		if taken < len(elems) {
			return 0, false
		}
		n = int64(len(elems))
	} else {
		// (Both ends in the table: every key between is.)
		if nf := uint64(len(g.Flat)); k0 >= nf || uint64(t) >= nf {
			return 0, false
		}
		var taken int64
		taken, low = kernel.Walk2Narrow(g.Flat, int64(k0), coef, hi-lo+1, 0)
		if taken <= hi-lo {
			return 0, false
		}
		n = hi - lo + 1
	}
	th.Steps += n
	th.Engine.Edges += n
	return memo.Sgv(bits.TrailingZeros64(^low)), true
}

// narrowBy narrows a sweep's domain lo .. hi (and its elements elems, nil
// for a range) by the bound x OP e; false when no value is left.
func narrowBy(op lang.Op, e, lo, hi int64, elems []int64) (int64, int64, []int64, bool) {
	switch op {
	case lang.OpLt:
		if e == engine.MinInt {
			return lo, hi, elems, false
		}
		hi = min(hi, e-1)
	case lang.OpLe:
		hi = min(hi, e)
	case lang.OpGt:
		if e == engine.MaxInt {
			return lo, hi, elems, false
		}
		lo = max(lo, e+1)
	case lang.OpGe:
		lo = max(lo, e)
	}
	if elems != nil && lo <= hi && (lo > elems[0] || hi < elems[len(elems)-1]) {
		i, _ := slices.BinarySearch(elems, lo)
		j, found := slices.BinarySearch(elems, hi)
		if found {
			j++
		}
		if elems = elems[i:j]; len(elems) == 0 {
			return lo, hi, elems, false
		}
		lo, hi = elems[0], elems[len(elems)-1]
	}
	return lo, hi, elems, true
}
