package build

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Operands kept as masks. In a set operator whose right operand is plain
// (operators over literals, names of locals and lets, pure built-ins and
// defs that inline, comprehensions of such: purecond.Plain), or pure (resolve.PureNames: what it
// computes, comprehensions and defs called too, asks no game for a
// value),
//
//	S - NB[v] - {v}        S - set(NB[v])        S & G[v]        S - set(nbrs(v))
//
// the right operand's bits over the left one's universe are kept per
// value of the locals it reads (a filter's masks, maskcache.Cache: the lets
// it and the defs it calls read are checked at each use, and the defs
// themselves, which a declaration may replace): it is evaluated once per
// value of v, the first time, not once per move (so are its steps); for
// - and &, its elements the universe lacks left out while the universe
// keeps its size (maskcache's Keep: S - {(r + dr, c + dc) for (dr, dc) in
// DIRS} at the edge of the board).
// Exact: a plain or pure operand evaluated again gives its value again,
// and one that failed, or was not a set
// whose elements the universe holds, was kept as nothing: it is
// evaluated each time, and the operator computes the value or meets the
// error as written; the left operand is built first, as written.

// cachedSetOp compiles set operator p with its right operand kept as
// masks, or returns nil when the operand is not plain.
func cachedSetOp(bd *Builders, p *BuildPlan, x, y setBuildFn, general func(fr *engine.Frame, s, t *value.SetScratch)) setBuildFn {
	if inlined(p.Y) {
		return nil
	}
	var locals, lets []int
	var defs []*engine.Binding
	var ends []engine.EvalFn
	if purecond.Plain(bd.c, p.Y.Expr) {
		locals, lets = purecond.Names(bd.c, []lang.Expr{p.Y.Expr})
		if l, g, es, ok := purecond.RangeNames(bd.c, p.Y.Expr); ok {
			locals, lets, ends = l, g, []engine.EvalFn{bd.c.Vals.Expr(es[0]), bd.c.Vals.Expr(es[1])}
		}
	} else {
		pn := resolve.PureNames{R: bd.c.Resolver, Seen: map[*engine.Func]bool{}}
		if !pn.Expr(p.Y.Expr, true, 0) {
			return nil
		}
		locals, lets, defs = pn.Locals, pn.Lets, pn.Defs
	}
	cache := maskcache.New()
	fns := make([]*engine.Func, len(defs))
	for i, b := range defs {
		fns[i] = b.Fn
	}
	op := p.Op
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		for i, b := range defs {
			if b.Fn != fns[i] {
				// (A def declared again: the bits were of the old one.)
				*cache, fns[i] = *maskcache.New(), b.Fn
			}
		}
		var ent *maskcache.Entry
		if s.Class() == 2 && !cache.Off() {
			var ex [2]int64 // (the range's ends: their values, as Y would find them first)
			keyed := true
			for i, end := range ends {
				v := end(fr)
				ex[i], keyed = v.N, keyed && v.K == value.KInt
			}
			if keyed {
				ent = cache.Entry(fr, 2, s.Universe(), locals, lets, ex[:len(ends)]...)
			}
			if ent != nil && ent.Kept(s.Universe()) {
				s.CombineWords(op, ent.Pass)
				return
			}
		}
		t := fr.Th.TakeSetScratch()
		if ent != nil {
			// (Elements that are not small ints or cells, strings, as
			// ids too.)
			t.InUniverse(s.Universe())
		}
		y(fr, t)
		if ent != nil && ent.Keep(t, s.Universe(), op) {
			s.CombineWords(op, ent.Pass)
		} else {
			general(fr, s, t)
		}
		fr.Th.GiveSetScratch(t)
	}
}

// litOperand: X op {e1, ..., ek}, a literal of at most 8 plain
// elements (ints, or values; pairs written as literals where one may be off the board: outside), over a scratch of a universe's ids, is X's words with the
// elements' ids cleared, kept, set or flipped: no set made for the
// literal and no bits kept for it (finding k ids costs less than finding
// kept bits). The elements evaluate as the literal evaluates them, in
// order; where X is not such a scratch, or | or ^ meets an element the
// universe lacks, the operation runs as compiled (the elements evaluated
// again: plain, they give the same values).
func litOperand(bd *Builders, p *BuildPlan, x, y setBuildFn, general func(fr *engine.Frame, s, t *value.SetScratch)) setBuildFn {
	if p.Y.Kind != SetLit || len(p.Y.Elems) == 0 || len(p.Y.Elems) > 8 || inlined(p.Y) {
		return nil
	}
	els, ids := make([]elemFn, len(p.Y.Elems)), slices.ContainsFunc(p.Y.Elems, func(e lang.Expr) bool { return outside(p.Op, e) })
	for i, e := range p.Y.Elems {
		if !(filters{bd.c}).plainCond(e) {
			return nil
		}
		// (Not a pair written as a literal: the bits kept for pairs
		// of ints, cells, by the ints, are found faster than their
		// ids. A name holding a tuple, a string, any value: its id,
		// where the kept bits would be keyed by the value.)
		if els[i] = bd.elemOf(e); els[i].vi == nil && els[i].v == nil && !ids {
			return nil
		}
	}
	op := p.Op
	if len(els) == 1 {
		el := &els[0]
		return func(fr *engine.Frame, s *value.SetScratch) {
			x(fr, s)
			if s.Class() == 2 && s.Plain() && s.OpElems(op, []value.Value{el.value(fr)}) {
				return
			}
			t := fr.Th.TakeSetScratch()
			y(fr, t)
			general(fr, s, t)
			fr.Th.GiveSetScratch(t)
		}
	}
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		if s.Class() == 2 && s.Plain() {
			var buf [8]value.Value
			xs := buf[:len(els)]
			for i := range els {
				xs[i] = els[i].value(fr)
			}
			if s.OpElems(op, xs) {
				return
			}
		}
		t := fr.Th.TakeSetScratch()
		y(fr, t)
		general(fr, s, t)
		fr.Th.GiveSetScratch(t)
	}
}

// outside reports whether pair literal e in the right operand of - or &
// may be a cell off the board ((r - 1, c)): no universe holds it, so its
// literal's ids are looked up (a set of a universe lacks the others).
func outside(op lang.Op, e lang.Expr) bool {
	t, ok := e.(*lang.TupleLit)
	neg := func(i int) bool { b, ok := t.Elems[i].(*lang.Binary); return ok && b.Op == lang.OpSub }
	return ok && len(t.Elems) == 2 && (op == lang.OpSub || op == lang.OpBitAnd) && (neg(0) || neg(1))
}
