package masks

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"

	"github.com/grundy-lang/grundy/lang"
)

// SetFold is a fold compiled by OfSet: its value for the set whose ints
// from 0 on are the bits ints (bit j: the int j is in the set; an int
// past the words' is not), or false (nothing done but evaluating the
// collection, which is plain) where the masks do not apply to the
// collection: the caller then runs the fold as compiled.
type SetFold func(fr *engine.Frame, ints []uint64) (r, ok bool)

// OfSet compiles the fold of built-in bi (all or any) over comp as a
// mask test whose tested value S of `j in S` (or not in), a name isV
// recognizes, is a set held as words (package wordsets): the indexes
// that pass are the set's ints, which the caller gives, as genMasks
// finds them in a set value (AppendSetInts), with the same step. nil
// when comp is not such a fold.
func OfSet(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, isV func(lang.Expr) bool) SetFold {
	if bi.AllAny == 0 || !c.On(passes.Masks) {
		return nil
	}
	mk := masks{c}
	p := mk.maskPlan(comp)
	if p == nil || p.Kind != testIn || !isV(p.X) {
		return nil
	}
	p.All = bi.AllAny > 0
	coll := c.Vals.Expr(p.Coll)
	c.Fired(passes.Masks)
	c.Note(p.note())
	pos, cache := lang.Start(p.Coll), &collMasks{}
	all, inner, innerAll, neg, arity := p.All, p.Inner, p.InnerAll, p.Neg, p.Arity
	var w []uint64
	return func(fr *engine.Frame, ints []uint64) (bool, bool) {
		m := cache.of(coll(fr), inner, false, arity)
		switch {
		case !m.ok:
			return false, false
		case m.n == 0 || m.top < 0:
			// (As genMasks: nothing evaluated.)
			return inner && m.n > 0 && innerAll || !(inner && m.n > 0) && all, true
		}
		fr.Th.Tick(pos)
		w = w[:0]
		for i := range m.nw {
			var x uint64
			if i < len(ints) {
				x = ints[i]
			}
			if neg {
				x = ^x
			}
			w = append(w, x)
		}
		if r := (m.top + 1) % 64; r != 0 {
			w[len(w)-1] &= 1<<r - 1
		}
		if !inner {
			return maskTest(w, m.masks, all), true
		}
		if m.nw == 1 {
			return linesTest(w[0], m.masks, all, innerAll), true
		}
		for i := 0; i < m.n; i++ {
			if maskTest(w, m.masks[i*m.nw:(i+1)*m.nw], innerAll) != all {
				return !all, true
			}
		}
		return all, true
	}
}
