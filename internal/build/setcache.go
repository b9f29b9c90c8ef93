package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Operands kept as masks. In a set operator whose right operand is plain
// (operators over literals, names of locals and lets, pure built-ins and
// defs that inline: plainFilterCond) and reads no name the left one
// builds from by itself,
//
//	S - NB[v] - {v}        S - set(NB[v])        S & G[v]
//
// the right operand's bits over the left one's universe are kept per
// value of the locals it reads (a filter's masks, filterCache: the lets
// it reads are checked at each use): it is evaluated once per value of
// v, the first time, not once per move. Exact: a plain operand evaluated
// again gives its value again, and one that failed, or was not a set
// whose elements the universe holds, was kept as nothing: it is
// evaluated each time, and the operator computes the value or meets the
// error as written; the left operand is built first, as written.

// cachedSetOp compiles set operator p with its right operand kept as
// masks, or returns nil when the operand is not plain.
func cachedSetOp(bd *Builders, p *BuildPlan, x, y setBuildFn, general func(fr *engine.Frame, s, t *value.SetScratch)) setBuildFn {
	fl := filters{bd.c}
	if inlined(p.Y) || !fl.plainFilterCond(p.Y.Expr, 0) {
		return nil
	}
	var locals, lets []int
	fl.inspectInlined(p.Y.Expr, func(e lang.Expr) bool {
		if id, ok := e.(*lang.Ident); ok && bd.c.Lookup(id) != nil {
			switch b := bd.c.Lookup(id); b.Kind {
			case resolve.Local:
				locals = appendNew(locals, b.Slot)
			case resolve.Global:
				lets = appendNew(lets, b.Slot)
			}
		}
		return true
	}, 0)
	cache := &filterCache{masks: map[string]*filterEntry{}}
	op := p.Op
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		var ent *filterEntry
		if s.Class() == 2 {
			if ent = cache.entry(fr, 2, s.Universe(), locals, lets); ent != nil && ent.known != nil {
				s.CombineWords(op, ent.pass)
				return
			}
		}
		t := fr.Th.TakeSetScratch()
		y(fr, t)
		if ent != nil && keepable(t, s.Universe()) {
			ent.pass = append(ent.pass[:0], t.Words()...)
			ent.known = computed
			s.CombineWords(op, ent.pass)
		} else {
			general(fr, s, t)
		}
		fr.Th.GiveSetScratch(t)
	}
}

// computed marks an entry of cachedSetOp's cache whose bits are known.
var computed = []uint64{}

// keepable reports whether scratch t is a plain set whose elements
// universe u holds (turning them into its ids): its bits can be kept.
func keepable(t *value.SetScratch, u *value.Universe) bool {
	switch {
	case !t.Plain():
		return false
	case t.Kind == value.SetAny:
		t.Reset()
		return true
	case t.Class() != 2 && !t.ToUniverse(u):
		return false
	}
	return t.Class() != 2 || t.Universe() == u
}
