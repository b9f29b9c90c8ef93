package masks

import (
	"math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// SetFold is a fold compiled by OfSet: its value for the set of the ids
// ids of universe u (bit i: the element of id i is in the set), or false
// (nothing done but evaluating the collection, which is plain) where the
// masks do not apply to the collection: the caller then runs the fold as
// compiled.
type SetFold func(fr *engine.Frame, u *value.Universe, ids []uint64) (r, ok bool)

// OfSet compiles the fold of built-in bi (all or any) over comp as a
// mask test whose tested value S of `j in S` (or not in), a name isV
// recognizes, is a set held as the ids of a universe (package wordsets).
// The lists of the collection are kept as masks of the ids of their
// elements, whatever the elements are (ints, cells, strings, tuples),
// so that the test is word operations on the set's own words: an
// element the universe lacks is in no set of it (its test is false for
// in, true for not in). nil when comp is not such a fold.
func OfSet(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, isV func(lang.Expr) bool) SetFold {
	if bi.AllAny == 0 || !c.On(passes.Masks) {
		return nil
	}
	mk := masks{c}
	p := mk.maskPlan(comp)
	if p == nil || !isV(p.X) {
		return nil
	}
	sets := false
	switch {
	case p.Kind == testIn:
	case p.Kind == testBits && !p.Zero:
		// L & S == L over a list of sets L: all of L's elements in S
		// (!=: any not in).
		sets, p.Inner, p.InnerAll = true, true, !p.Neg
	default:
		return nil
	}
	p.All = bi.AllAny > 0
	coll := c.Vals.Expr(p.Coll)
	c.Fired(passes.Masks)
	c.Note(p.note())
	pos := lang.Start(p.Coll)
	cache := &idMasks{inner: p.Inner, arity: p.Arity, all: p.All, neg: p.Neg, sets: sets}
	cache.innerAll = p.InnerAll || !p.Inner && p.All
	var w [1]uint64
	return func(fr *engine.Frame, u *value.Universe, ids []uint64) (bool, bool) {
		m := cache.of(coll(fr), u)
		switch {
		case !m.ok || p.Count && m.dup:
			return false, false
		case m.n == 0:
			return p.All, true
		}
		fr.Th.Tick(pos)
		switch {
		case p.Count:
			for i := 0; i < m.n; i++ {
				if cmpInts(p.CountOp, int64(m.count(i, ids, p.Neg)), p.CountK) != p.All {
					return !p.All, true
				}
			}
			return p.All, true
		case m.fixed >= 0:
			return m.fixed == 1, true
		case m.nw == 1:
			w[0] = word(ids, 0)
			if p.Neg {
				w[0] = ^w[0]
			}
			if !p.Inner {
				return maskTest(w[:], m.live, p.All), true
			}
			return linesTest(w[0], m.live, p.All, p.InnerAll), true
		}
		for i := 0; i+m.nw <= len(m.live); i += m.nw {
			if m.line(m.live[i:i+m.nw], ids) != p.All {
				return !p.All, true
			}
		}
		return p.All, true
	}
}

// idMasks is what is kept of the last collection a fold over a set of
// ids iterated, for the universe as it was: the mask of the ids of each
// list (of the list itself, where the fold is not over lists of lists),
// and how many of its elements the universe lacked. ok is false where
// the collection is not a list of such lists.
type idMasks struct {
	// The fold: over lists of lists (inner: each of arity elements,
	// when arity > 0), all or any of them, of all or any (innerAll) of
	// the tests of their elements, not in (neg); sets: the lists are
	// sets (any other value: not ok).
	inner, all, innerAll, neg, sets bool
	arity                           int

	coll    value.Value
	u       *value.Universe
	size    int // u's elements when the masks were made
	ok, dup bool
	n, nw   int      // lists, words a mask
	masks   []uint64 // n masks of nw words
	missing []int    // each list's elements that no id stands for
	// live: the masks of the lists whose test reads the set (a list
	// with an element the universe lacks may not: all of in, any of not
	// in); fixed: the fold's value where a list decides it without the
	// set (0 or 1), else -1. (Not for a count.)
	live  []uint64
	fixed int8
}

// of returns the masks of collection v over universe u. A universe only
// takes new elements, so the masks are made again only when it has more.
func (m *idMasks) of(v value.Value, u *value.Universe) *idMasks {
	if m.coll.Ref == v.Ref && m.coll.K == v.K && v.Ref != nil && m.u == u && m.size == u.Len() {
		return m
	}
	m.coll, m.u, m.size, m.ok, m.dup = v, u, u.Len(), false, false
	m.masks, m.missing, m.live, m.fixed = m.masks[:0], m.missing[:0], m.live[:0], -1
	inner, arity := m.inner, m.arity
	es, ok := elemsOf(v)
	if !ok {
		return m
	}
	lists := [][]value.Value{es}
	if inner {
		if lists, ok = listsOf(es, arity, m.sets); !ok {
			return m
		}
	}
	m.n, m.nw = len(lists), max(1, (m.size+63)/64)
	if !inner {
		m.n = 1
	}
	for _, l := range lists {
		start, miss, ones := len(m.masks), 0, 0
		m.masks = append(m.masks, make([]uint64, m.nw)...)
		for _, x := range l {
			id, in := u.ID(x)
			if !in || id >= m.size {
				miss++
				continue
			}
			m.masks[start+id/64] |= 1 << (id % 64)
		}
		for _, x := range m.masks[start:] {
			ones += bits.OnesCount64(x)
		}
		m.missing = append(m.missing, miss)
		m.dup = m.dup || ones+miss != len(l)
		switch {
		case miss > 0 && m.innerAll != m.neg && m.fixed < 0:
			// (all of in, or any of not in: decided by the element
			// lacking, false or true; the fold's value where that is
			// not the outer fold's, else the list is left out.)
			if r := m.neg; !m.inner || r != m.all {
				m.fixed = int8(b2i(r))
			}
		case miss == 0 || m.innerAll == m.neg:
			m.live = append(m.live, m.masks[start:]...)
		}
	}
	m.ok = true
	return m
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// word is word j of the ids w (0 past its end).
func word(w []uint64, j int) uint64 {
	if j < len(w) {
		return w[j]
	}
	return 0
}

// line is all (any: innerAll false) of the tests of the elements of the
// list of mask x against the ids w: membership (neg: not in).
func (m *idMasks) line(x, w []uint64) bool {
	for j, x := range x {
		in := x & word(w, j)
		switch {
		case m.innerAll && !m.neg && in != x, m.innerAll && m.neg && in != 0:
			return false
		case !m.innerAll && !m.neg && in != 0, !m.innerAll && m.neg && in != x:
			return true
		}
	}
	return m.innerAll
}

// count is the number of list i's elements whose test passes against
// the ids w (neg: not in, which its elements the universe lacks pass).
func (m *idMasks) count(i int, w []uint64, neg bool) int {
	n := 0
	for j, x := range m.masks[i*m.nw : (i+1)*m.nw] {
		in := x & word(w, j)
		if neg {
			in = x &^ in
		}
		n += bits.OnesCount64(in)
	}
	if neg {
		n += m.missing[i]
	}
	return n
}
