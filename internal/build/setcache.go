package build

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

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
