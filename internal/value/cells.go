package value

import "math/bits"

// Sets of cells as rows of bits, end to end: the built-ins and operators
// that read a set of cells (r, c) of 0 <= r, c < 64 read its rows (word
// r, bit c: CellRows) from its bitmap, from the ids of its universe or,
// only when it has neither, from its elements; and those that make one
// make it from rows (CellSet), its elements made only when asked for
// (Set.Elements: sorted, as a set's elements always are).

// CellRows returns the rows of the set v of cells: word r holds bit c for
// the cell (r, c), up to the last row in use. ok is false when v is not a
// set, or an element is not a pair of ints in 0 .. 63. The words may be
// v's own (the caller only reads them) or buf's.
func CellRows(v Value, buf []uint64) (rows []uint64, ok bool) {
	if v.K != KSet {
		return nil, false
	}
	s := v.Ref.(*Set)
	if m := s.Bm; m != nil {
		switch {
		case m.U != nil:
			return m.U.cellRows(m.w, buf[:0])
		case m.Pairs:
			return trimRows(m.w), true
		}
		return nil, m.empty()
	}
	rows = buf[:0]
	for _, x := range s.Elements() {
		if x.K != KTuple {
			return nil, false
		}
		p := x.Elems()
		if len(p) != 2 || p[0].K != KInt || p[1].K != KInt {
			return nil, false
		}
		b, in := CellBit(p[0].N, p[1].N)
		if !in {
			return nil, false
		}
		rows = setBit(rows, b)
	}
	return rows, true
}

// trimRows is w without its zero words at the end.
func trimRows(w []uint64) []uint64 {
	for len(w) > 0 && w[len(w)-1] == 0 {
		w = w[:len(w)-1]
	}
	return w
}

// cellRows is CellRows of the set of the ids w of u.
func (u *Universe) cellRows(w, rows []uint64) ([]uint64, bool) {
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			b := u.bitOf[i*64+bits.TrailingZeros64(x)]
			if b < 0 {
				return nil, false
			}
			rows = setBit(rows, int(b))
		}
	}
	return rows, true
}

// CellsOnly reports whether the elements of the ids w are all cells.
func (u *Universe) CellsOnly(w []uint64) bool {
	for i, x := range w[:min(len(w), len(u.nonCells))] {
		if x&u.nonCells[i] != 0 {
			return false
		}
	}
	return true
}

// intBits is the bitmap of small ints (words of bits) of the elements of
// the ids w, when each is a small int.
func (u *Universe) intBits(w, out []uint64) ([]uint64, bool) {
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			n := u.intOf[i*64+bits.TrailingZeros64(x)]
			if n < 0 {
				return nil, false
			}
			out = setBit(out, int(n))
		}
	}
	return out, true
}

// cellSetBox3 .. cellSetBox16 are a set of cells of up to 3, 4, 8 or
// 16 rows made from rows: its set, bitmap and words in one allocation.
type (
	cellSetBox3 struct {
		s Set
		m bitmap
		w [3]uint64
	}
	cellSetBox4 struct {
		s Set
		m bitmap
		w [4]uint64
	}
	cellSetBox8 struct {
		s Set
		m bitmap
		w [8]uint64
	}
	cellSetBox16 struct {
		s Set
		m bitmap
		w [16]uint64
	}
)

// CellSet is the set of the cells of rows (word r, bit c: the cell (r,
// c)), which it copies; its elements are made when asked for.
func CellSet(rows []uint64) Value {
	rows = trimRows(rows)
	s, m := boxSet(len(rows))
	copy(m.w, rows)
	m.Pairs = len(rows) > 0
	return Value{K: KSet, Ref: s}
}

// intSet is the set of the small ints whose bitmap is w (bit b the int
// b), which it copies; its elements are made when asked for.
func intSet(w []uint64) Value {
	s, m := boxSet(len(w))
	copy(m.w, w)
	return Value{K: KSet, Ref: s}
}

// boxSet is a lazy set and its bitmap of n words, in one allocation
// where n is at most 16.
func boxSet(n int) (*Set, *bitmap) {
	var s *Set
	var m *bitmap
	switch {
	case n <= 3:
		box := &cellSetBox3{}
		s, m = &box.s, &box.m
		m.w = box.w[:n]
	case n <= 4:
		box := &cellSetBox4{}
		s, m = &box.s, &box.m
		m.w = box.w[:n]
	case n <= 8:
		box := &cellSetBox8{}
		s, m = &box.s, &box.m
		m.w = box.w[:n]
	case n <= 16:
		box := &cellSetBox16{}
		s, m = &box.s, &box.m
		m.w = box.w[:n]
	default:
		s, m = &Set{}, &bitmap{w: make([]uint64, n)}
	}
	s.Bm, s.lazy = m, true
	return s, m
}

// SetBits returns the bitmap of a set whose elements are made from its
// bits only when asked for: its words (bit b the int b, or the cell (b
// >> 6, b & 63) when pairs), to be read, not changed. ok is false for
// other sets (their elements are there, or they are ids of a universe:
// Uni).
func SetBits(v Value) (w []uint64, pairs, ok bool) {
	s := v.Ref.(*Set)
	if !s.lazy || s.Bm.U != nil {
		return nil, false, false
	}
	return s.Bm.w, s.Bm.Pairs, true
}

// BitElem is the element of bit b of a bitmap of ints or of cells
// (pairs), a shared value for a cell.
func BitElem(b int, pairs bool) Value {
	if pairs {
		return Cell(int64(b>>6), int64(b&63))
	}
	return Value{K: KInt, N: int64(b)}
}

// Count is the number of elements of a list, tuple, set or map (a set
// made from bits: its bits, its elements not made).
func Count(v Value) int {
	if v.K == KSet {
		if s := v.Ref.(*Set); s.lazy {
			n := 0
			for _, x := range s.Bm.w {
				n += bits.OnesCount64(x)
			}
			return n
		}
	}
	if v.K == KList || v.K == KTuple {
		if s, ok := v.Ref.(*bitSeq); ok {
			return s.n
		}
	}
	return len(v.Elems())
}

// BitsHash is a hash of the bits of a set that has a bitmap of small
// ints or cells (false for other values).
func BitsHash(v Value) (uint64, bool) {
	if v.K != KSet {
		return 0, false
	}
	m := v.Ref.(*Set).Bm
	if m == nil || m.U != nil {
		return 0, false
	}
	h := uint64(len(m.w))
	for _, x := range m.w {
		h = (h ^ x) * 0x9e3779b97f4a7c15
	}
	return h, true
}

// AppendCellRowsKey appends the argument key (AppendArgKey) of the set of
// the cells of rows, as CellSet(rows) has it, without making the set.
func AppendCellRowsKey(buf []byte, rows []uint64) []byte {
	m := bitmap{w: trimRows(rows), Pairs: true}
	return m.AppendKey(buf)
}
