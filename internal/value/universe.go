package value

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sync/atomic"
)

// Universe numbers the elements of sets. The sets a game's position holds as one argument are
// usually drawn from a few elements known from its first position on:
// the cells of a board, the vertices of a graph, the divisors of N. A
// Universe gives each element such a set has held a dense id, in the
// order met (the first set's elements in ascending order), so that a set
// of them is a bitset of words whatever the elements are (tuples, ints
// past BitSetMax, strings): its argument key is TagUniSet and the bytes
// of its words, and the set decoded from it keeps them (Set.Bm, with U).
//
// The key of a set must be one, however the set was made: a set whose
// elements all have unboxed keys goes to the universe, which takes its
// new elements, until it would hold more than MaxUniverse: then it
// closes for good, and from then on a set with an element it lacks has
// the general key (argkey.go), as it would have had before (the
// elements of a set that got a universe key are in it for good, so its
// key stays the same).
type Universe struct {
	elems  []Value
	ints   map[int64]int32
	keys   map[string]int32
	closed bool
	// ordered: the ids ascend with the elements (Compare), so a
	// bitset's elements are in order; else byOrder is the ids in the
	// elements' order.
	ordered bool
	byOrder []int32
	// small and cells: the ids of small ints and of cells (by CellBit)
	// + 1, 0 for none: ID without a hash.
	small, cells []int32
	// bitOf: the CellBit of each id's element, -1 for an element that
	// is not such a cell (CellRows of a set of ids).
	bitOf []int32
	// nonCells: the ids whose elements are not such cells, as words
	// (CellsOnly without a look at each id).
	nonCells []uint64
	// intOf: the int of each id's element when it is a small int (below
	// BitSetMax), -1 otherwise (intBits: a set of them as small ints).
	intOf  []int32
	keybuf []byte
	wbuf   []uint64
	// size and full are len(elems) and closed for other goroutines
	// (--explain while a run goes on).
	size atomic.Int32
	full atomic.Bool
}

// MaxUniverse bounds the elements of a universe.
const MaxUniverse = 4096

// NewUniverse makes an empty universe.
func NewUniverse() *Universe {
	return &Universe{ints: map[int64]int32{}, keys: map[string]int32{}, ordered: true}
}

// Closed reports whether the universe is full: it takes no new element
// (any goroutine may ask).
func (u *Universe) Closed() bool { return u.full.Load() }

// Len is the number of elements (any goroutine may ask).
func (u *Universe) Len() int { return int(u.size.Load()) }

// ID is the id of x, if x is in the universe.
func (u *Universe) ID(x Value) (int, bool) {
	if x.K == KInt {
		if uint64(x.N) < uint64(len(u.small)) {
			id := u.small[x.N]
			return int(id - 1), id > 0
		}
		id, ok := u.ints[x.N]
		return int(id), ok
	}
	if x.K == KTuple && u.cells != nil {
		if p := x.Elems(); len(p) == 2 && p[0].K == KInt && p[1].K == KInt {
			if b, ok := CellBit(p[0].N, p[1].N); ok {
				id := u.cells[b]
				return int(id - 1), id > 0
			}
		}
	}
	k, boxed := AppendArgKey(u.keybuf[:0], x, MaxKeyBytes)
	u.keybuf = k
	if boxed {
		return 0, false
	}
	id, ok := u.keys[string(k)]
	return int(id), ok
}

// Elem is the element of id.
func (u *Universe) Elem(id int) Value { return u.elems[id] }

// add gives x an id (false when x has a boxed key).
func (u *Universe) add(x Value) bool {
	if x.K == KInt {
		u.ints[x.N] = int32(len(u.elems))
	} else {
		k, boxed := AppendArgKey(u.keybuf[:0], x, MaxKeyBytes)
		u.keybuf = k
		if boxed {
			return false
		}
		u.keys[string(k)] = int32(len(u.elems))
	}
	id := len(u.elems)
	if u.ordered && id > 0 && Compare(u.elems[id-1], x) > 0 {
		u.ordered = false
	}
	u.elems = append(u.elems, x)
	u.size.Store(int32(len(u.elems)))
	u.byOrder = nil
	b, cls := -1, -1
	switch x.K {
	case KInt:
		if uint64(x.N) < BitSetMax {
			b, cls = int(x.N), 0
		}
	case KTuple:
		if p := x.Elems(); len(p) == 2 && p[0].K == KInt && p[1].K == KInt {
			if bit, ok := CellBit(p[0].N, p[1].N); ok {
				b, cls = bit, 1
			}
		}
	}
	if cls == 1 {
		u.bitOf = append(u.bitOf, int32(b))
	} else {
		u.bitOf, u.nonCells = append(u.bitOf, -1), setBit(u.nonCells, id)
	}
	if cls == 0 {
		u.intOf = append(u.intOf, int32(b))
	} else {
		u.intOf = append(u.intOf, -1)
	}
	switch cls {
	case 0:
		if len(u.small) <= b {
			u.small = append(u.small, make([]int32, max(b+1, 2*len(u.small))-len(u.small))...)
			u.small = u.small[:min(len(u.small), BitSetMax)]
		}
		u.small[b] = int32(id + 1)
	case 1:
		if u.cells == nil {
			u.cells = make([]int32, 64*64)
		}
		u.cells[b] = int32(id + 1)
	}
	return true
}

// IDs puts in w the bitset of the ids of the elements e (ascending, as a
// set holds them), adding those the universe lacks. False, with the
// universe unchanged, when it cannot take them (an element with a boxed
// key, or more than MaxUniverse in all: it closes).
func (u *Universe) IDs(e []Value, w []uint64) ([]uint64, bool) {
	w = w[:0]
	var fresh []Value
	for _, x := range e {
		id, ok := u.ID(x)
		if !ok {
			if u.closed {
				return w, false
			}
			fresh = append(fresh, x)
			continue
		}
		w = setBit(w, id)
	}
	return u.addFresh(w, fresh)
}

// addFresh adds the elements fresh (ascending, none in u) to u and their
// ids to w, as IDs does.
func (u *Universe) addFresh(w []uint64, fresh []Value) ([]uint64, bool) {
	if len(fresh) == 0 {
		return w, true
	}
	if len(u.elems)+len(fresh) > MaxUniverse {
		u.closed = true
		u.full.Store(true)
		return w, false
	}
	for _, x := range fresh {
		if x.K != KInt {
			if _, boxed := AppendArgKey(u.keybuf[:0], x, MaxKeyBytes); boxed {
				return w, false
			}
		}
	}
	for _, x := range fresh {
		u.add(x)
		w = setBit(w, len(u.elems)-1)
	}
	return w, true
}

// bitsIDs is IDs of the elements of the bitmap m of small ints or cells,
// read from its bits: no element made but those u lacks.
func (u *Universe) bitsIDs(m *bitmap, w []uint64) ([]uint64, bool) {
	w = w[:0]
	tab := u.small
	if m.Pairs {
		tab = u.cells
	}
	var fresh []Value
	for i, x := range m.w {
		for ; x != 0; x &= x - 1 {
			b := i*64 + bits.TrailingZeros64(x)
			if b < len(tab) && tab[b] > 0 {
				w = setBit(w, int(tab[b]-1))
				continue
			}
			if u.closed {
				return w, false
			}
			fresh = append(fresh, BitElem(b, m.Pairs))
		}
	}
	return u.addFresh(w, fresh)
}

func setBit(w []uint64, b int) []uint64 {
	for len(w) <= b>>6 {
		w = append(w, 0)
	}
	w[b>>6] |= 1 << (b & 63)
	return w
}

// Order is the ids of u in the order of their elements, or nil when
// the ids ascend with the elements (ids added later are not in it).
func (u *Universe) Order() []int32 {
	if u.ordered {
		return nil
	}
	u.sortOrder()
	return u.byOrder
}

// sortOrder makes byOrder, the ids in the order of their elements.
func (u *Universe) sortOrder() {
	if u.byOrder == nil {
		u.byOrder = make([]int32, len(u.elems))
		for i := range u.byOrder {
			u.byOrder[i] = int32(i)
		}
		slices.SortFunc(u.byOrder, func(a, b int32) int { return Compare(u.elems[a], u.elems[b]) })
	}
}

// elemsOf are the elements of the ids of w, in ascending order.
func (u *Universe) elemsOf(w []uint64) []Value {
	n := 0
	for _, x := range w {
		n += bits.OnesCount64(x)
	}
	e := make([]Value, 0, n)
	if u.ordered {
		for i, x := range w {
			for ; x != 0; x &= x - 1 {
				e = append(e, u.elems[i*64+bits.TrailingZeros64(x)])
			}
		}
		return e
	}
	u.sortOrder()
	for _, id := range u.byOrder {
		if int(id>>6) < len(w) && w[id>>6]&(1<<(id&63)) != 0 {
			e = append(e, u.elems[id])
		}
	}
	return e
}

// appendUniKey appends the key of the bitset w of ids: TagUniSet, the
// byte count and the bytes up to the last one in use.
func appendUniKey(buf []byte, w []uint64) []byte {
	nb := 0
	for i := len(w) - 1; i >= 0; i-- {
		if x := w[i]; x != 0 {
			nb = i*8 + (bits.Len64(x)+7)/8
			break
		}
	}
	buf = binary.AppendUvarint(append(buf, TagUniSet), uint64(nb))
	// (Word by word, the last one cut to the bytes in use.)
	for i := 0; nb > 0; i++ {
		buf = binary.LittleEndian.AppendUint64(buf, w[i])
		if nb < 8 {
			buf = buf[:len(buf)-8+nb]
		}
		nb -= 8
	}
	return buf
}

// AppendUniKey appends the key of the set whose elements are the ids of
// the bitset w in a universe (the key of such a set as an argument whose
// sets draw on that universe: Universe.AppendSetKey).
func AppendUniKey(buf []byte, w []uint64) []byte { return appendUniKey(buf, w) }

// UniKeyWord is the key of the set of the ids of the bitset w, in a word
// (memo.KeyWord), with its length, when it has at most 8 bytes (ids
// below 48).
func UniKeyWord(w []uint64) (word uint64, n int, ok bool) {
	var x uint64
	switch {
	case len(w) == 1:
		x = w[0]
	case len(w) > 1:
		return 0, 0, false // (as appendUniKey: the bytes up to the last one in use)
	}
	return UniKeyWord1(x)
}

// UniKeyWord1 is UniKeyWord of a bitset of one word, x.
func UniKeyWord1(x uint64) (word uint64, n int, ok bool) {
	nb := (bits.Len64(x) + 7) / 8
	if nb > 6 {
		return 0, 0, false
	}
	return uint64(TagUniSet) | uint64(nb)<<8 | x<<16, 2 + nb, true
}

// UniWords is the bitset of the ids of the elements of set v in its
// universe, when it has one (aliasing the set: not to be changed).
func UniWords(v Value) (*Universe, []uint64, bool) {
	if v.K != KSet {
		return nil, nil, false
	}
	if m := v.Ref.(*Set).Bm; m != nil && m.U != nil {
		return m.U, m.w, true
	}
	return nil, nil, false
}

// AppendSetKey appends the key of the set v as an argument whose sets
// draw on u: the bitmap key of a set of small ints or cells, else the
// bitset of its ids when u takes its elements, else the general key.
func (u *Universe) AppendSetKey(buf []byte, v Value, limit int) ([]byte, bool) {
	s := v.Ref.(*Set)
	if m := s.Bm; m != nil && m.U == u {
		return appendUniKey(buf, m.w), false
	}
	if m := s.Bm; m != nil && m.U == nil {
		if w, ok := u.bitsIDs(m, u.wbuf[:0]); ok {
			u.wbuf = w
			return appendUniKey(buf, w), false
		}
	}
	if w, ok := u.IDs(s.Elements(), u.wbuf[:0]); ok {
		u.wbuf = w
		return appendUniKey(buf, w), false
	}
	return AppendArgKey(buf, v, limit)
}

// DecodeUniKey decodes a key TagUniSet at the start of b (a set keeping
// its ids) and returns the bytes after it; a key of another kind is
// DecodeArgKey's.
func (u *Universe) DecodeUniKey(b []byte) (Value, []byte) {
	if b[0] != TagUniSet {
		return DecodeArgKey(b)
	}
	n, k := binary.Uvarint(b[1:])
	var st *Set
	var m *bitmap
	if n <= 8 {
		// (A set of a universe of up to 64 elements: its set, bitmap
		// and word in one allocation.)
		box := &smallUniSet{}
		st, m = &box.s, &box.m
		m.w = box.w[:(n+7)/8]
	} else {
		st, m = &Set{}, &bitmap{w: make([]uint64, (n+7)/8)}
	}
	m.U = u
	for i, x := range b[1+k : 1+k+int(n)] {
		m.w[i/8] |= uint64(x) << (8 * (i % 8))
	}
	// (Its elements are made when asked for: Set.Elements.)
	st.Bm, st.lazy = m, true
	return Value{K: KSet, Ref: st}, b[1+k+int(n):]
}

// smallUniSet is a set decoded from a key of a universe of up to 64
// elements, with its bitmap and its word.
type smallUniSet struct {
	s Set
	m bitmap
	w [1]uint64
}
