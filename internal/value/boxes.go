package value

import "slices"

// Values made in one allocation with their elements: a list or tuple of
// up to 8 (a position's list decoded from its key, the regions of a
// board: newSeq, ListOf), a sum of up to 4 parts (SumOfCopy). A value
// and its parts are immutable, so the box is the value's for good.

// ListOf is the list of the elements xs, copied: the list and its
// elements in one allocation for up to 8 (newSeq).
func ListOf(xs []Value) Value {
	v, e := newSeq(len(xs), false)
	copy(e, xs)
	return v
}

// seqBox1 .. seqBox8 are a list or tuple of up to 1, 2, 4, 6 or 8
// elements, with them.
type (
	seqBox1 struct {
		s Seq
		a [1]Value
	}
	seqBox2 struct {
		s Seq
		a [2]Value
	}
	seqBox4 struct {
		s Seq
		a [4]Value
	}
	seqBox6 struct {
		s Seq
		a [6]Value
	}
	seqBox8 struct {
		s Seq
		a [8]Value
	}
)

// newSeq makes a list (a tuple when tuple) of n elements, zero, to be
// filled in before the value is shared: the list and its elements in one
// allocation for up to 8 (a position's list decoded from its key, the
// regions of a board).
func newSeq(n int, tuple bool) (Value, []Value) {
	var s *Seq
	switch {
	case n <= 1:
		box := &seqBox1{}
		s = &box.s
		s.Elems = box.a[:n:n]
	case n <= 2:
		box := &seqBox2{}
		s = &box.s
		s.Elems = box.a[:n:n]
	case n <= 4:
		box := &seqBox4{}
		s = &box.s
		s.Elems = box.a[:n:n]
	case n <= 6:
		box := &seqBox6{}
		s = &box.s
		s.Elems = box.a[:n:n]
	case n <= 8:
		box := &seqBox8{}
		s = &box.s
		s.Elems = box.a[:n:n]
	default:
		s = &Seq{Elems: make([]Value, n)}
	}
	if tuple {
		return Value{K: KTuple, Ref: s}, s.Elems
	}
	return Value{K: KList, Ref: s}, s.Elems
}

// sumBox is a sum of up to 4 parts, with them.
type sumBox struct {
	s Sum
	a [4]Value
}

// SumOfCopy is SumOf of a copy of games (the caller keeps games): a sum
// of up to 4 parts and its parts in one allocation.
func SumOfCopy(games []Value) Value {
	switch {
	case len(games) < 2 || slices.ContainsFunc(games, func(g Value) bool { return g.K == KSum }):
		return SumOf(games) // (none of games kept: no part, one, or a new list of parts)
	case len(games) <= 4:
		box := &sumBox{}
		n := copy(box.a[:], games)
		box.s.Parts = box.a[:n:n]
		return Value{K: KSum, Ref: &box.s}
	}
	return SumOf(slices.Clone(games))
}
