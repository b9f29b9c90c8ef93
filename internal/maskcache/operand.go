package maskcache

import (
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// computed marks an entry whose operand bits are known (Keep).
var computed = []uint64{}

// Kept reports whether the entry holds an operand's bits (Keep) that
// hold for universe u as it is now.
func (e *Entry) Kept(u *value.Universe) bool {
	return e.Known != nil && (e.Size == 0 || e.Size == u.Len())
}

// Keep keeps in the entry the bits of scratch t, the right operand of
// set operator op over the ids of universe u, and reports whether it
// could: t is a plain set whose elements u holds (turned into its ids);
// or, for - and & (an element u lacks is in no set of it, and changes
// nothing), any set, its elements u lacks left out, the bits then
// holding only while u has its size (an element it takes later may be
// one of them: cells off the board, `S - {(r + dr, c + dc) for (dr, dc)
// in DIRS}`).
func (e *Entry) Keep(t *value.SetScratch, u *value.Universe, op lang.Op) bool {
	e.Size = 0
	lacks := (op == lang.OpSub || op == lang.OpBitAnd) && u != nil // (an element u lacks changes nothing)
	switch {
	case !t.Plain() || lacks && t.Kind != value.SetAny && t.Class() != 2:
		// (Elements of another kind of bits, read by their ids in u:
		// u does not take them.)
		if !lacks {
			return false
		}
		v := t.Value()
		if v.K != value.KSet {
			return false
		}
		e.Pass = e.Pass[:0]
		for _, x := range v.Elems() {
			id, ok := u.ID(x)
			if !ok {
				e.Size = u.Len()
				continue
			}
			for len(e.Pass) <= id>>6 {
				e.Pass = append(e.Pass, 0)
			}
			e.Pass[id>>6] |= 1 << (id & 63)
		}
		e.Known = computed
		return true
	case t.Kind == value.SetAny:
		t.Reset()
	case t.Class() != 2 && !t.ToUniverse(u):
		return false
	case t.Class() == 2 && t.Universe() != u:
		return false
	}
	e.Pass = append(e.Pass[:0], t.Words()...)
	e.Known = computed
	return true
}
