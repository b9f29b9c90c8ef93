package value

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"

	"github.com/grundy-lang/grundy/lang"
)

// bitmap is a set of small ints (pairs false) or cells (pairs true): bit
// x, or r*64 + c, in w (its words up to the last one in use). An empty
// set is either.
type bitmap struct {
	w     []uint64
	Pairs bool
	U     *Universe // the bits are ids in U (universe.go), not ints or cells
}

// CellBit is the bit of the cell (r, c), if it has one.
func CellBit(r, c int64) (int, bool) {
	if uint64(r) >= 64 || uint64(c) >= 64 {
		return 0, false
	}
	return int(r)<<6 | int(c), true
}

func (m *bitmap) Has(b int) bool {
	return b>>6 < len(m.w) && m.w[b>>6]&(1<<(b&63)) != 0
}

func (m *bitmap) Set(b int) {
	for len(m.w) <= b>>6 {
		m.w = append(m.w, 0)
	}
	m.w[b>>6] |= 1 << (b & 63)
}

func (m *bitmap) empty() bool {
	for _, x := range m.w {
		if x != 0 {
			return false
		}
	}
	return true
}

// elems are the elements of the set, ascending.
func (m *bitmap) elems() []Value {
	if m.U != nil {
		return m.U.elemsOf(m.w)
	}
	n := 0
	for _, x := range m.w {
		n += bits.OnesCount64(x)
	}
	e := make([]Value, 0, n)
	for i, x := range m.w {
		for ; x != 0; x &= x - 1 {
			b := int64(i*64 + bits.TrailingZeros64(x))
			if !m.Pairs {
				e = append(e, Value{K: KInt, N: b})
				continue
			}
			e = append(e, Cell(b>>6, b&63))
		}
	}
	return e
}

// value is the set as a value (which keeps a copy of the bitmap).
func (m *bitmap) Value() Value {
	if m.Pairs && m.U == nil {
		return CellSet(m.w) // (one allocation)
	}
	if m.U != nil {
		if v, ok := m.U.smallSet(m.w); ok {
			return v // (made from the words, not kept)
		}
	}
	w := make([]uint64, len(m.w))
	copy(w, m.w)
	kept := &bitmap{w: w, Pairs: m.Pairs, U: m.U}
	return kept.set()
}

// smallSet is the set of the ids w of u when they are all cells (the set
// of their rows: CellSet) or all small ints (the set of their bitmap),
// made in one allocation.
func (u *Universe) smallSet(w []uint64) (Value, bool) {
	var buf [64]uint64
	if rows, ok := u.cellRows(w, buf[:0]); ok {
		return CellSet(rows), true
	}
	if ints, ok := u.intBits(w, buf[:0]); ok {
		return intSet(ints), true
	}
	return Value{}, false
}

// set is the set of bitmap m (which it keeps): of small ints or cells,
// its elements made when asked for (Set.Elements, from m alone); of a
// universe's ids that are all cells, the set of their rows (CellSet);
// that are all small ints, the set of their bitmap; of other ids, made now (the universe grows as a run goes on, and a
// value may be read from another goroutine).
func (m *bitmap) set() Value {
	if m.U == nil {
		return Value{K: KSet, Ref: &Set{Bm: m, lazy: true}}
	}
	if v, ok := m.U.smallSet(m.w); ok {
		// (Of cells or small ints: their bitmap, the elements made when asked.)
		return v
	}
	return Value{K: KSet, Ref: &Set{elems: m.elems(), Bm: m}}
}

// appendKey appends the argument key of the set: what appendArgKey gives
// for its value.
func (m *bitmap) AppendKey(buf []byte) []byte {
	if m.U != nil {
		return appendUniKey(buf, m.w)
	}
	if m.Pairs && !m.empty() {
		// Word r is row r: the key packs the rows cw bits apart, cw
		// the columns up to the last in use (a 5 x 5 board: 4 bytes).
		var cols uint64
		for _, x := range m.w {
			cols |= x
		}
		cw := bits.Len64(cols)
		rows := len(m.w)
		for rows > 0 && m.w[rows-1] == 0 {
			rows--
		}
		return appendPacked(buf, cw, rows, func(r int) uint64 { return m.w[r] })
	}
	nb := 0
	for i := len(m.w) - 1; i >= 0; i-- {
		if x := m.w[i]; x != 0 {
			nb = i*8 + (bits.Len64(x)+7)/8
			break
		}
	}
	buf = append(buf, TagBitSet)
	buf = binary.AppendUvarint(buf, uint64(nb))
	for i := 0; i < nb; i++ {
		buf = append(buf, byte(m.w[i/8]>>(8*(i%8))))
	}
	return buf
}

// bitmapOf returns the bitmap of a set value, when it has the shape.
func bitmapOf(v Value, into *bitmap) bool {
	s := v.Ref.(*Set)
	if s.Bm != nil && s.Bm.U == nil {
		into.w = append(into.w[:0], s.Bm.w...)
		into.Pairs = s.Bm.Pairs
		return true
	}
	into.w = into.w[:0]
	into.Pairs = false
	if len(s.Elements()) == 0 {
		return true
	}
	if s.Elements()[0].K == KInt {
		for _, x := range s.Elements() {
			if x.K != KInt || uint64(x.N) >= BitSetMax {
				return false
			}
			into.Set(int(x.N))
		}
		return true
	}
	into.Pairs = true
	for _, x := range s.Elements() {
		if x.K != KTuple {
			return false
		}
		p := x.Elems()
		if len(p) != 2 || p[0].K != KInt || p[1].K != KInt {
			return false
		}
		b, ok := CellBit(p[0].N, p[1].N)
		if !ok {
			return false
		}
		into.Set(b)
	}
	return true
}

// SetScratch is a set under construction: a bitmap; or (boxed) elements
// of any kind, in any order, with repeats; or (whole) a value, which may
// not be a set.
type SetScratch struct {
	m     bitmap
	Kind  uint8 // of the bitmap's elements so far: setAny (none), setInts, setPairs
	boxed bool
	vals  []Value
	whole bool
	v     Value
	// Key is a buffer for the key of the position being built (its
	// user's: the scratch keeps it between uses).
	Key []byte
}

const (
	SetAny uint8 = iota
	setInts
	setPairs
	setUni // ids of a universe (m.U)
)

func (p *Pools) TakeSetScratch() *SetScratch {
	if n := len(p.setScratches); n > 0 {
		s := p.setScratches[n-1]
		p.setScratches = p.setScratches[:n-1]
		s.Reset()
		return s
	}
	return &SetScratch{}
}

func (p *Pools) GiveSetScratch(s *SetScratch) {
	clear(s.vals)
	s.v = None
	p.setScratches = append(p.setScratches, s)
}

// Plain reports whether the scratch holds a bitmap.
func (s *SetScratch) Plain() bool { return !s.whole && !s.boxed }

// Value is the set built (a new value).
func (s *SetScratch) Value() Value {
	switch {
	case s.whole:
		return s.v
	case s.boxed:
		return SetOf(slices.Clone(s.vals))
	}
	s.m.Pairs = s.Kind == setPairs
	if s.Kind != setUni {
		s.m.U = nil
	}
	return s.m.Value()
}

// Load makes the scratch hold v.
func (s *SetScratch) Load(v Value) {
	s.boxed, s.vals, s.whole, s.v, s.m.U = false, s.vals[:0], false, None, nil
	if v.K == KSet {
		if m := v.Ref.(*Set).Bm; m != nil && m.U != nil {
			s.m.w, s.m.Pairs = append(s.m.w[:0], m.w...), false
			s.Kind = setUni
			if s.m.empty() {
				s.Kind, s.m.U = SetAny, nil
			} else {
				s.m.U = m.U
			}
			return
		}
	}
	if v.K == KSet && bitmapOf(v, &s.m) {
		s.Kind = SetAny
		if !s.m.empty() {
			s.Kind = setInts
			if s.m.Pairs {
				s.Kind = setPairs
			}
		}
		return
	}
	s.whole, s.v = true, v
}

// AddInt and AddCell add an element; Add adds any value.
func (s *SetScratch) AddInt(x int64) {
	if s.Kind == setUni && s.Plain() {
		s.Add(Int(x))
		return
	}
	if s.Plain() && uint64(x) < BitSetMax && s.Kind != setPairs {
		s.Kind = setInts
		s.m.Set(int(x))
		return
	}
	s.AddBoxed(Int(x))
}

func (s *SetScratch) AddCell(r, c int64) {
	if s.Kind == setUni && s.Plain() {
		s.Add(Cell(r, c))
		return
	}
	if b, ok := CellBit(r, c); ok && s.Plain() && s.Kind != setInts && s.Kind != setUni {
		s.Kind = setPairs
		s.m.Set(b)
		return
	}
	s.AddBoxed(Tuple([]Value{Int(r), Int(c)}))
}

func (s *SetScratch) Add(v Value) {
	if s.Kind == setUni && s.Plain() {
		if id, ok := s.m.U.ID(v); ok {
			s.m.Set(id)
			return
		}
		s.AddBoxed(v)
		return
	}
	switch {
	case v.K == KInt:
		s.AddInt(v.N)
		return
	case v.K == KTuple:
		if p := v.Elems(); len(p) == 2 && p[0].K == KInt && p[1].K == KInt {
			if _, ok := CellBit(p[0].N, p[1].N); ok && s.Plain() && s.Kind != setInts && s.Kind != setUni {
				s.AddCell(p[0].N, p[1].N)
				return
			}
		}
	}
	s.AddBoxed(v)
}

// AddBoxed adds v to the elements, moving the bitmap's there first.
func (s *SetScratch) AddBoxed(v Value) {
	if !s.boxed {
		s.m.Pairs = s.Kind == setPairs
		s.vals = append(s.vals[:0], s.m.elems()...)
		s.boxed = true
	}
	s.vals = append(s.vals, v)
}

// AppendKeyFor appends the key of the set built as an argument whose
// sets draw on the universe u (nil: none).
func (s *SetScratch) AppendKeyFor(buf []byte, u *Universe) ([]byte, bool) {
	switch {
	case u == nil && s.Plain() && s.Kind != setUni:
		s.m.Pairs, s.m.U = s.Kind == setPairs, nil
		return s.m.AppendKey(buf), false
	case s.Plain() && (s.m.U == u || s.ToUniverse(u)):
		return appendUniKey(buf, s.m.w), false
	case u != nil:
		if v := s.Value(); v.K == KSet {
			return u.AppendSetKey(buf, v, MaxKeyBytes)
		}
	}
	return AppendArgKey(buf, s.Value(), MaxKeyBytes)
}

// ToUniverse turns a plain scratch of small ints or cells (or none)
// into the bitset of their ids in u, which takes them (false, the
// scratch unchanged, when it cannot).
func (s *SetScratch) ToUniverse(u *Universe) bool {
	if u == nil || !s.Plain() || s.Kind == setUni {
		return false
	}
	s.m.Pairs = s.Kind == setPairs
	var e []Value
	w := u.wbuf[:0]
	for i, x := range s.m.w {
		for ; x != 0; x &= x - 1 {
			b := i*64 + bits.TrailingZeros64(x)
			// (A cell's or small int's id without making its value,
			// which is made only when the universe lacks it: a shared
			// cell, Cell.)
			var ids []int32
			if s.m.Pairs {
				ids = u.cells
			} else {
				ids = u.small
			}
			if b < len(ids) && ids[b] > 0 {
				w = setBit(w, int(ids[b]-1))
				continue
			}
			var v Value
			if s.m.Pairs {
				v = Cell(int64(b>>6), int64(b&63))
			} else {
				v = Int(int64(b))
			}
			if id, ok := u.ID(v); ok {
				w = setBit(w, id)
			} else {
				e = append(e, v)
			}
		}
	}
	if len(e) > 0 {
		w2, ok := u.IDs(e, nil)
		if !ok {
			u.wbuf = w
			return false
		}
		for len(w) < len(w2) {
			w = append(w, 0)
		}
		for i, x := range w2 {
			w[i] |= x
		}
	}
	s.m.w, u.wbuf = append(s.m.w[:0], w...), w
	s.m.Pairs, s.m.U, s.Kind = false, u, setUni
	if s.m.empty() {
		s.Kind = SetAny
		s.m.U = nil
	}
	return true
}

// AppendKey is AppendKeyFor without a universe.
func (s *SetScratch) AppendKey(buf []byte) ([]byte, bool) { return s.AppendKeyFor(buf, nil) }

// Compatible reports whether the bitmaps of s and t mean the same
// elements (Combine applies).
func (s *SetScratch) Compatible(t *SetScratch) bool {
	if !s.Plain() || !t.Plain() {
		return false
	}
	if s.Kind == SetAny || t.Kind == SetAny {
		return true
	}
	return s.Kind == t.Kind && s.m.U == t.m.U
}

// Combine applies a set operator to two bitmaps of one kind.
func (s *SetScratch) Combine(op lang.Op, t *SetScratch) {
	s.m.w = combineWords(op, s.m.w, t.m.w)
	if s.Kind == SetAny {
		s.Kind, s.m.U = t.Kind, t.m.U
	}
	if s.m.empty() {
		s.Kind, s.m.U = SetAny, nil
	}
}

// combineWords applies op to the words a and b, in a's room.
func combineWords(op lang.Op, a, b []uint64) []uint64 {
	switch op {
	case lang.OpSub:
		for i := range min(len(a), len(b)) {
			a[i] &^= b[i]
		}
	case lang.OpBitAnd:
		a = a[:min(len(a), len(b))]
		for i := range a {
			a[i] &= b[i]
		}
	default:
		for len(a) < len(b) {
			a = append(a, 0)
		}
		for i, x := range b {
			if op == lang.OpBitOr {
				a[i] |= x
			} else {
				a[i] ^= x
			}
		}
	}
	return a
}

// Words are the words of the scratch's bitmap (Plain only): bit b is
// the element Elem(b). The caller may read them, not keep them.
func (s *SetScratch) Words() []uint64 { return s.m.w }

// CombineWords applies op to a scratch of ids of a universe (Class 2)
// and the ids w of the same universe: Combine with a scratch of w.
func (s *SetScratch) CombineWords(op lang.Op, w []uint64) {
	s.m.w = combineWords(op, s.m.w, w)
	if s.Kind == SetAny {
		s.Kind = setUni
	}
	if s.m.empty() {
		s.Kind, s.m.U = SetAny, nil
	}
}

// InUniverse makes an empty plain scratch hold the elements added next
// as their ids in u (those u lacks as values, as Add does).
func (s *SetScratch) InUniverse(u *Universe) {
	if u != nil && s.Plain() && s.m.empty() {
		s.Kind, s.m.U = setUni, u
	}
}

// Class tells apart the meanings of a plain scratch's bits: 0 for small
// ints (or no element), 1 for cells, 2 for the ids of a universe.
func (s *SetScratch) Class() uint8 {
	switch s.Kind {
	case setPairs:
		return 1
	case setUni:
		return 2
	}
	return 0
}

// Universe is the universe of a scratch's ids (Class 2), or nil.
func (s *SetScratch) Universe() *Universe { return s.m.U }

// Elem is the element of bit b of a plain scratch.
func (s *SetScratch) Elem(b int) Value {
	if s.Kind == setUni {
		return s.m.U.Elem(b)
	}
	if s.Kind == setPairs {
		return Tuple([]Value{Int(int64(b >> 6)), Int(int64(b & 63))})
	}
	return Int(int64(b))
}

// Reset empties the scratch.
func (s *SetScratch) Reset() {
	s.m.U = nil
	s.m.w, s.m.Pairs, s.Kind, s.boxed, s.vals, s.whole, s.v = s.m.w[:0], false, SetAny, false, s.vals[:0], false, None
}

// OpElems applies op (- | & ^) to a scratch of a universe's ids (Class
// 2) and the set of the elements xs, without making it; false (nothing
// done) when an element is not in the universe and op needs its id (|,
// ^: the set would leave the universe).
func (s *SetScratch) OpElems(op lang.Op, xs []Value) bool {
	u, w := s.m.U, s.m.w
	if op == lang.OpBitAnd {
		var keep [4]uint64
		k := keep[:0]
		for _, x := range xs {
			if id, in := u.ID(x); in {
				k = setBit(k, id)
			}
		}
		s.Keep(k)
		return true
	}
	for _, x := range xs {
		if _, in := u.ID(x); !in && op != lang.OpSub {
			return false
		}
	}
	var bits [4]uint64 // (| and ^: the set of xs, an element twice toggled once)
	m := bits[:0]
	for _, x := range xs {
		if id, in := u.ID(x); in && op == lang.OpSub && id>>6 < len(w) {
			w[id>>6] &^= 1 << (id & 63)
		} else if in && op != lang.OpSub {
			m = setBit(m, id)
		}
	}
	w = append(w, make([]uint64, max(0, len(m)-len(w)))...)
	for i, b := range m {
		if op == lang.OpBitOr {
			w[i] |= b
		} else {
			w[i] ^= b
		}
	}
	s.m.w = w
	if s.m.empty() {
		s.Kind, s.m.U = SetAny, nil
	}
	return true
}

// Keep keeps the elements whose bits are set in keep (a plain scratch;
// the words past keep's are cleared).
func (s *SetScratch) Keep(keep []uint64) {
	w := s.m.w
	for i := range w {
		if i < len(keep) {
			w[i] &= keep[i]
		} else {
			w[i] = 0
		}
	}
	if s.m.empty() {
		s.m.w, s.Kind, s.m.U = w[:0], SetAny, nil
	}
}

// SetHas reports whether the set s holds x, by a bit of its bitmap when
// it has one (ok false when it has none).
func SetHas(s, x Value) (has, ok bool) {
	m := s.Ref.(*Set).Bm
	if m == nil {
		return false, false
	}
	if m.U != nil {
		id, in := m.U.ID(x)
		return in && m.Has(id), true
	}
	switch x.K {
	case KInt:
		return !m.Pairs && uint64(x.N) < BitSetMax && m.Has(int(x.N)), true
	case KTuple:
		p := x.Elems()
		if len(p) != 2 || p[0].K != KInt || p[1].K != KInt {
			return false, true // (a set of ints or cells holds no other tuple)
		}
		b, in := CellBit(p[0].N, p[1].N)
		return in && m.Pairs && m.Has(b), true
	}
	return false, true
}

// SetOp is A - B, A | B, A & B or A ^ B (op) of two sets as word
// operations, when one of them has a bitmap and the other's elements
// have bits of the same meaning (ok false otherwise: the caller merges
// the elements). The result keeps its bitmap.
func SetOp(op lang.Op, a, b Value) (Value, bool) {
	sa, sb := a.Ref.(*Set), b.Ref.(*Set)
	if sa.Bm == nil && sb.Bm == nil {
		return None, false
	}
	var x, y bitmap
	if !bitsLike(sa, &x, sb.Bm) || !bitsLike(sb, &y, sa.Bm) {
		return None, false
	}
	xe, ye := x.empty(), y.empty()
	if !xe && !ye && (x.U != y.U || x.Pairs != y.Pairs) {
		return None, false
	}
	m := &bitmap{Pairs: x.Pairs, U: x.U}
	if xe {
		m.Pairs, m.U = y.Pairs, y.U
	}
	n := max(len(x.w), len(y.w))
	m.w = make([]uint64, n)
	for i := range n {
		var p, q uint64
		if i < len(x.w) {
			p = x.w[i]
		}
		if i < len(y.w) {
			q = y.w[i]
		}
		switch op {
		case lang.OpSub:
			m.w[i] = p &^ q
		case lang.OpBitOr:
			m.w[i] = p | q
		case lang.OpBitAnd:
			m.w[i] = p & q
		default:
			m.w[i] = p ^ q
		}
	}
	for len(m.w) > 0 && m.w[len(m.w)-1] == 0 {
		m.w = m.w[:len(m.w)-1]
	}
	if len(m.w) == 0 {
		m.Pairs, m.U = false, nil
	}
	return m.set(), true
}

// bitsLike puts in into the bits of set s: its bitmap's, or its
// elements' in the meaning of like (ids of like's universe, or small
// ints or cells). False when an element has no such bit.
func bitsLike(s *Set, into *bitmap, like *bitmap) bool {
	if s.Bm != nil {
		*into = *s.Bm
		return true
	}
	if like != nil && like.U != nil {
		into.U = like.U
		for _, x := range s.Elements() {
			id, ok := like.U.ID(x)
			if !ok {
				return false
			}
			into.Set(id)
		}
		return true
	}
	return bitmapOf(Value{K: KSet, Ref: s}, into)
}

// AppendSetInts appends to dst the nw words of the bitset of the ints
// from 0 to top that are elements of the set v: from its bitmap (its
// bits, or the ids of its universe, element by element) without its
// elements, else from its elements.
func AppendSetInts(dst []uint64, v Value, top, nw int) []uint64 {
	start := len(dst)
	for range nw {
		dst = append(dst, 0)
	}
	w := dst[start:]
	add := func(x Value) {
		if x.K == KInt && x.N >= 0 && x.N <= int64(top) {
			w[x.N/64] |= 1 << (x.N % 64)
		}
	}
	s := v.Ref.(*Set)
	switch m := s.Bm; {
	case m != nil && m.U != nil:
		for i, x := range m.w {
			for ; x != 0; x &= x - 1 {
				add(m.U.elems[i*64+bits.TrailingZeros64(x)])
			}
		}
	case m != nil && !m.Pairs:
		for i := range min(len(w), len(m.w)) {
			w[i] = m.w[i]
		}
		if r := (top + 1) % 64; r != 0 {
			w[len(w)-1] &= 1<<r - 1
		}
	case m != nil:
		// (Cells: no ints.)
	default:
		for _, x := range s.Elements() {
			add(x)
		}
	}
	return dst
}

// cells are the tuples (r, c) of 0 <= r, c < 64, made once, when first
// asked for (Cell).
var (
	cellsOnce sync.Once
	cells     []Value
)

// Cell is the tuple (r, c): for 0 <= r, c < 64 one value made once and
// shared (values do not change), else a new one.
func Cell(r, c int64) Value {
	b, ok := CellBit(r, c)
	if !ok {
		return Tuple([]Value{{K: KInt, N: r}, {K: KInt, N: c}})
	}
	cellsOnce.Do(func() {
		cells = make([]Value, 64*64)
		seqs := make([]Seq, 64*64)
		parts := make([]Value, 2*64*64)
		for i := range cells {
			p := parts[2*i : 2*i+2 : 2*i+2]
			p[0], p[1] = Value{K: KInt, N: int64(i >> 6)}, Value{K: KInt, N: int64(i & 63)}
			seqs[i].Elems = p
			cells[i] = Value{K: KTuple, Ref: &seqs[i]}
		}
	})
	return cells[b]
}
