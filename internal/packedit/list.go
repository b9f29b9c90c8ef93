package packedit

import (
	"encoding/binary"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/value"
)

// form is how a List holds its elements.
type form uint8

const (
	none   form = iota
	bitsF       // a list of ints 0 and 1: bit i of the words element i (TagBitList)
	boolsF      // a list of bools: bit i of the words element i is true (TagBoolList)
	bytesF      // a list or tuple of fewer than 128 ints in 0 .. 63: byte i of the words element i
)

// maxBytes bounds the elements of a list of ints held a byte each (the
// key's length is then one byte: value.AppendIntSeqBytes).
const maxBytes = 127

// List is a list or tuple being edited, held as the words of its key
// (see the package comment).
type List struct {
	f     form
	tuple bool
	n     int
	w     []uint64
}

// Len is the number of elements.
func (l *List) Len() int { return l.n }

// Base reads the list argument of a position once for all its moves: the
// words of the last list or tuple asked about, by its first element's
// address and its length (a list's elements never change, and the cache
// keeps them alive: an array of the same address is the same array), as
// value.IntsCache reads its ints.
type Base struct {
	first *value.Value
	n     int
	tuple bool
	f     form
	w     []uint64
}

// Load makes l hold a copy of v when v is a list or tuple the words can
// hold (ints 0 and 1, bools, or fewer than 128 ints in 0 .. 63), reading
// it through b; false (l unchanged) otherwise. Ints only: bools are not
// held (an edit that computes c[j] + X).
func (b *Base) Load(v value.Value, l *List, intsOnly bool) bool {
	if v.K != value.KList && v.K != value.KTuple {
		return false
	}
	e, tuple := v.Elems(), v.K == value.KTuple
	if len(e) == 0 {
		l.n, l.tuple, l.w = 0, tuple, l.w[:0]
		if l.f = bitsF; tuple {
			l.f = bytesF
		}
		return true
	}
	if b.first != &e[0] || b.n != len(e) || b.tuple != tuple {
		b.first, b.n, b.tuple = &e[0], len(e), tuple
		b.f, b.w = of(e, tuple, b.w[:0])
	}
	if b.f == none || intsOnly && b.f == boolsF {
		return false
	}
	l.f, l.tuple, l.n = b.f, tuple, len(e)
	l.w = append(l.w[:0], b.w...)
	return true
}

// of is the form and words of the elements e of a list (tuple).
func of(e []value.Value, tuple bool, w []uint64) (form, []uint64) {
	k := e[0].K
	var or uint64
	for _, x := range e {
		if x.K != k || k != value.KInt && k != value.KBool {
			return none, w
		}
		or |= uint64(x.N)
	}
	switch {
	case k == value.KBool && tuple:
		return none, w
	case k == value.KBool || !tuple && or <= 1:
		f := bitsF
		if k == value.KBool {
			f = boolsF
		}
		w = append(w, make([]uint64, (len(e)+63)/64)...)
		for i, x := range e {
			w[i>>6] |= uint64(x.N) << (i & 63)
		}
		return f, w
	case or < 64 && len(e) <= maxBytes:
		w = append(w, make([]uint64, (len(e)+7)/8)...)
		for i, x := range e {
			w[i>>3] |= uint64(x.N) << (8 * (i & 7))
		}
		return bytesF, w
	}
	return none, w
}

// SetInt makes element j (an index of l) the int x, when the words can
// hold it (a list of 0s and 1s given another int in 0 .. 63 becomes one
// of a byte an element); false (l unchanged) otherwise.
func (l *List) SetInt(j, x int64) bool {
	switch l.f {
	case bitsF:
		if uint64(x) <= 1 {
			l.w[j>>6] = l.w[j>>6]&^(1<<(j&63)) | uint64(x)<<(j&63)
			return true
		}
		if uint64(x) >= 64 || l.n > maxBytes {
			return false
		}
		l.widen()
		fallthrough
	case bytesF:
		if uint64(x) >= 64 {
			return false
		}
		sh := 8 * (j & 7)
		l.w[j>>3] = l.w[j>>3]&^(0xff<<sh) | uint64(x)<<sh
		return true
	}
	return false
}

// Set makes element j (an index of l) the value x, when the words can
// hold it; false (l unchanged) otherwise.
func (l *List) Set(j int64, x value.Value) bool {
	switch {
	case x.K == value.KInt && l.f != boolsF:
		return l.SetInt(j, x.N)
	case x.K == value.KBool && l.f == boolsF:
		l.w[j>>6] = l.w[j>>6]&^(1<<(j&63)) | uint64(x.N)<<(j&63)
		return true
	}
	return false
}

// Put makes x every element whose index has its bit in mask (keep:
// every one whose bit is clear), mask holding a bit for every index;
// false (l unchanged) when the words cannot hold x.
func (l *List) Put(mask []uint64, keep bool, x value.Value) bool {
	switch {
	case x.K == value.KInt && l.f == bitsF && uint64(x.N) <= 1, x.K == value.KBool && l.f == boolsF:
		for i := range l.w {
			m := mask[i]
			if keep {
				m = ^m
			}
			if i == len(l.w)-1 && l.n&63 != 0 {
				m &= 1<<(l.n&63) - 1
			}
			if x.N == 0 {
				l.w[i] &^= m
			} else {
				l.w[i] |= m
			}
		}
		return true
	case x.K == value.KInt && l.f == bytesF && uint64(x.N) < 64:
		for i := range (l.n + 63) / 64 {
			m := mask[i]
			if keep {
				m = ^m
			}
			if i == (l.n-1)/64 && l.n&63 != 0 {
				m &= 1<<(l.n&63) - 1
			}
			for ; m != 0; m &= m - 1 {
				j := int64(i)<<6 | int64(bits.TrailingZeros64(m))
				sh := 8 * (j & 7)
				l.w[j>>3] = l.w[j>>3]&^(0xff<<sh) | uint64(x.N)<<sh
			}
		}
		return true
	}
	return false
}

// widen makes a list of 0s and 1s one of a byte an element.
func (l *List) widen() {
	var w [(maxBytes + 7) / 8]uint64
	for i := range l.n {
		w[i>>3] |= (l.w[i>>6] >> (i & 63) & 1) << (8 * (i & 7))
	}
	l.w = append(l.w[:0], w[:(l.n+7)/8]...)
	l.f = bytesF
}

// AppendKey appends the argument key of the list: what
// value.AppendArgKey gives for it, byte for byte.
func (l *List) AppendKey(buf []byte) []byte {
	if l.f == bytesF {
		var or uint64
		for _, x := range l.w {
			or |= x
		}
		or |= or >> 32
		or |= or >> 16
		or |= or >> 8
		if l.tuple || or&0xff > 1 {
			t := value.TagIntList
			if l.tuple {
				t = value.TagIntTuple
			}
			buf = append(buf, t, byte(l.n))
			for i, x := range l.w {
				buf = binary.LittleEndian.AppendUint64(buf, x<<1)
				if i == len(l.w)-1 {
					buf = buf[:len(buf)-(8*len(l.w)-l.n)]
				}
			}
			return buf
		}
		// (A list whose ints are all 0 or 1 is keyed a bit each.)
		var w [(maxBytes + 63) / 64]uint64
		for i := range l.n {
			w[i>>6] |= (l.w[i>>3] >> (8 * (i & 7)) & 1) << (i & 63)
		}
		return appendBits(buf, value.TagBitList, w[:(l.n+63)/64], l.n)
	}
	t := value.TagBitList
	if l.f == boolsF {
		t = value.TagBoolList
	}
	return appendBits(buf, t, l.w, l.n)
}

// appendBits appends the key of n elements a bit each, the bits w.
func appendBits(buf []byte, tag byte, w []uint64, n int) []byte {
	buf = binary.AppendUvarint(append(buf, tag), uint64(n))
	for i := 0; i < n; i += 8 {
		buf = append(buf, byte(w[i>>6]>>(i&63)))
	}
	return buf
}

// Unpack makes s hold the list l holds, as a scratch holds it (the ints,
// or the bools as values).
func (l *List) Unpack(s *value.Scratch) {
	s.Reset()
	s.Tuple = l.tuple
	switch l.f {
	case boolsF:
		s.Boxed = true
		for i := range l.n {
			s.Vals = append(s.Vals, value.Bool(l.w[i>>6]>>(i&63)&1 == 1))
		}
	case bitsF:
		for i := range l.n {
			s.Ints = append(s.Ints, int64(l.w[i>>6]>>(i&63)&1))
		}
	default:
		for i := range l.n {
			s.Ints = append(s.Ints, int64(l.w[i>>3]>>(8*(i&7))&0xff))
		}
	}
}

// AsList makes l a list (what a comprehension over a tuple's elements
// makes).
func (l *List) AsList() { l.tuple = false }

// Lists are Lists to build into, taken and given back last in, first
// out (a build may look up a position whose rule builds with them too).
type Lists struct{ free []*List }

// Take takes a List.
func (ls *Lists) Take() *List {
	if n := len(ls.free); n > 0 {
		l := ls.free[n-1]
		ls.free = ls.free[:n-1]
		return l
	}
	return new(List)
}

// Give gives l back.
func (ls *Lists) Give(l *List) { ls.free = append(ls.free, l) }
