package fastpath

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Row sweeps' alternatives (package kernel's row.go: a game of two ints
// computed row by row). A fast loop that is its alternative's only for
// clause (after if clauses that test the position and cannot fail), over a range whose bounds are int arithmetic, with bounds of its
// variable that are int arithmetic and one or two positions per option
// whose arguments are (a sum's values xored), is walked for the position
// in the frame straight over the compact table: the domain and its bounds
// as the fast loop works them out, the keys at the domain's ends, then
// the walk kernels into the sweep's accumulator.

// rowParts are what a row sweep's alternative reads of its fast loop
// compiled (gen.go).
type rowParts struct {
	rlo, rhi compile.IntFn
	// rangeCall: the domain is range(A, B), rhi B (A .. B - 1)
	rangeCall bool
	clamps    []fastClamp
	fts       []fastTerm
	xslot     int
	// guards: the if clauses before the for clause (LoopPlan.Guards):
	// where one does not hold the alternative has no option.
	guards []compile.BoolFn
}

// rowShape recognizes the fast loops that can be a row sweep's
// alternatives.
type rowShape struct{ c *compile.Compiler }

// rowable reports whether plan p, its alternative's only for clause, can
// be an alternative of a row sweep: what the sweep evaluates is int
// arithmetic and nothing else (the position is not marked as being
// computed: a value asked for inside would not be the error it is in the
// rule).
func (rc rowShape) rowable(p *loopplan.LoopPlan) bool {
	if !rc.c.On(passes.Sweep) || !p.Domain.Ranged() || len(p.Once) > 0 || len(p.Terms) > 2 {
		return false
	}
	if p.Domain.Lo != nil && !rc.rowPure(p.Domain.Lo) || !rc.rowPure(p.Domain.Hi) {
		return false // (range(B): no A)
	}
	for _, cl := range p.Clamps {
		if cl.Scale > 0 {
			return false
		}
		if cl.Lin != nil {
			if !rc.rowPure(cl.Lin.LR[0]) || !rc.rowPure(cl.Lin.LR[1]) {
				return false
			}
			continue
		}
		if !rc.c.Ints.Typed(cl.Bound) || !rc.rowPure(cl.Bound) {
			return false
		}
	}
	for _, t := range p.Terms {
		if t.Wrapped != nil || len(t.Call.Args) != 2 {
			return false
		}
		for _, a := range t.Call.Args {
			if !rc.c.Ints.Typed(a) || !rc.rowPure(a) {
				return false
			}
		}
	}
	return true
}

// rowPure reports whether e is int arithmetic (Arith.IntPure) where a
// call may also be one of a pure built-in (min, max, abs: it asks for no
// game's value; a result that is not an int is the error the fast loop
// raises, or the sweep leaves the position to the rule).
func (rc rowShape) rowPure(e lang.Expr) bool {
	return resolve.IntArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			b := rc.c.Lookup(id)
			return b != nil && b.IsInt && (b.Kind == resolve.Local || b.Kind == resolve.Global)
		}
		return true
	}, func(x *lang.Call) bool {
		if bi := rc.c.BuiltinCallee(x); bi != nil {
			return bi.Pure
		}
		return rc.c.Arith.IntPure(x)
	})
}

// rowAltFn returns the row sweep's alternative of a fast loop, or nil
// when a part it reads as an int is not one.
func rowAltFn(p rowParts) kernel.RowAlt {
	if p.rlo == nil || p.rhi == nil {
		return nil
	}
	for _, cl := range p.clamps {
		if cl.lin == nil && cl.boundInt == nil {
			return nil
		}
	}
	for _, ft := range p.fts {
		for _, f := range ft.ints {
			if f == nil {
				return nil
			}
		}
	}
	return func(fr *engine.Frame, g *engine.Game, acc *kernel.RowAcc) (int64, bool) {
		for _, t := range p.guards {
			if !t(fr) {
				return 0, true
			}
		}
		lo, hi := p.rlo(fr), p.rhi(fr)
		if p.rangeCall {
			// range(lo, hi) is lo .. hi - 1: empty when hi is the least
			// int; past maxRange an error, which the rule raises.
			if hi == engine.MinInt {
				return 0, true
			}
			if hi--; lo <= hi && (hi-lo < 0 || hi-lo >= operator.MaxRange) {
				return 0, false
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
			if lo, hi, _, left = narrowBy(cl.op, e, lo, hi, nil); !left {
				return 0, true
			}
		}
		if lo > hi {
			return 0, true
		}
		n := hi - lo + 1
		if n <= 0 {
			return 0, false // (hi - lo overflows)
		}
		fr.Slots[p.xslot] = value.Value{K: value.KInt, N: lo}
		var is, dis [2]int64
		for t := range p.fts {
			i, di, ok := rowIndex(fr, g, &p.fts[t], n-1)
			if !ok {
				return 0, false
			}
			is[t], dis[t] = i, di
		}
		if len(p.fts) == 1 {
			return n, acc.Walk(g.Flat2, is[0], dis[0], n)
		}
		m := n
		if dis[1] == -dis[0] && is[1] == is[0]+(n-1)*dis[0] && fr.Th.Engine.On&passes.Symmetric != 0 {
			// g(.. x ..) + g(.. c - x ..) over a range symmetric about
			// c/2: the options from the middle on are those before it
			// (the two positions the other way round: the walks meet),
			// so half the range has every option, as in the fast loop.
			m = (n-1)/2 + 1
		}
		return n, acc.WalkPair(g.Flat2, is[0], dis[0], is[1], dis[1], m)
	}
}

// rowIndex is the index in the compact table of term ft's position at
// the loop variable's first value (in the frame) and its step, the walk
// span steps long inside the table of game g (ft's game); false where
// the fast loop would not run, or a position is off the compact table.
func rowIndex(fr *engine.Frame, g *engine.Game, ft *fastTerm, span int64) (i, di int64, ok bool) {
	if ft.b.Game != g {
		return 0, 0, false
	}
	var v0s, v1s [2]int64
	if span >= 1<<20 {
		return 0, 0, false // (a walk longer than the table, or the same position throughout)
	}
	for a := range 2 {
		// (v0 below Lim, |coef| below 2^40 (ir.CoefOf's) and span below
		// 2^20: the end does not overflow.)
		v0 := ft.opnds[a].Eval(fr)
		if uint64(v0) >= g.Lim {
			return 0, 0, false
		}
		t := v0 + ft.coefs[a]*span
		if uint64(t) >= g.Lim {
			return 0, 0, false
		}
		v0s[a], v1s[a] = v0, t
	}
	// (Each argument moves linearly between its two ends, in the table.)
	if !g.Flat2Fits(uint64(v0s[0]), uint64(v0s[1])) || !g.Flat2Fits(uint64(v1s[0]), uint64(v1s[1])) {
		return 0, 0, false
	}
	return v0s[0]*memo.Flat2Stride + v0s[1], ft.coefs[0]*memo.Flat2Stride + ft.coefs[1], true
}
