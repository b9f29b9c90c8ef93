package value

import (
	"slices"
	"unsafe"
)

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

// Strings in one allocation: the string's header and its bytes side by
// side (strN), where Str makes the bytes and the header apart.
type (
	str8 struct {
		s string
		b [8]byte
	}
	str16 struct {
		s string
		b [16]byte
	}
	str32 struct {
		s string
		b [32]byte
	}
	str64 struct {
		s string
		b [64]byte
	}
)

// StrASCIIBytes is StrASCII(string(b)) in one allocation (b is ASCII).
func StrASCIIBytes(b []byte) Value {
	var s *string
	switch n := len(b); {
	case n == 0:
		return StrASCII("")
	case n <= 8:
		p := &str8{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 16:
		p := &str16{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 32:
		p := &str32{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 64:
		p := &str64{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	default:
		return StrASCII(string(b))
	}
	return Value{K: KStr, N: 1, Ref: s}
}
