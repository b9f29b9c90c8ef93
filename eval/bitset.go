package eval

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// Sets of small ints and of small cells as bitmaps. A set whose elements
// are all ints in 0 .. bitSetMax-1, or all pairs (r, c) of ints in 0 .. 63
// (the cells of a board), is a bitmap of bitSetMax bits: its argument key
// (argkey.go) is that bitmap, a set decoded from such a key keeps it
// (Set.bm), and the search builds the sets of a move (X - {(r, c), (r, c +
// 1)}, X | Y, X & Y, X ^ Y, set literals and comprehensions) as bitmaps
// with word operations, packing the result straight into the key. A set
// or element outside that shape, or an operand that is not a set, sends
// the operation to the operator itself, with the values.

// bitmap is a set of small ints (pairs false) or cells (pairs true): bit
// x, or r*64 + c, in w (its words up to the last one in use). An empty
// set is either.
type bitmap struct {
	w     []uint64
	pairs bool
}

// cellBit is the bit of the cell (r, c), if it has one.
func cellBit(r, c int64) (int, bool) {
	if uint64(r) >= 64 || uint64(c) >= 64 {
		return 0, false
	}
	return int(r)<<6 | int(c), true
}

func (m *bitmap) has(b int) bool {
	return b>>6 < len(m.w) && m.w[b>>6]&(1<<(b&63)) != 0
}

func (m *bitmap) set(b int) {
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
	n := 0
	for _, x := range m.w {
		n += bits.OnesCount64(x)
	}
	e := make([]Value, 0, n)
	var pairs []Value
	var seqs []Seq
	if m.pairs {
		pairs, seqs = make([]Value, 2*n), make([]Seq, n)
	}
	for i, x := range m.w {
		for ; x != 0; x &= x - 1 {
			b := int64(i*64 + bits.TrailingZeros64(x))
			if !m.pairs {
				e = append(e, Value{k: KInt, n: b})
				continue
			}
			j := len(e)
			p := pairs[2*j : 2*j+2 : 2*j+2]
			p[0], p[1] = Value{k: KInt, n: b >> 6}, Value{k: KInt, n: b & 63}
			seqs[j].Elems = p
			e = append(e, Value{k: KTuple, ref: &seqs[j]})
		}
	}
	return e
}

// value is the set as a value (which keeps a copy of the bitmap).
func (m *bitmap) value() Value {
	w := make([]uint64, len(m.w))
	copy(w, m.w)
	kept := &bitmap{w: w, pairs: m.pairs}
	return Value{k: KSet, ref: &Set{Elems: kept.elems(), bm: kept}}
}

// appendKey appends the argument key of the set: what appendArgKey gives
// for its value.
func (m *bitmap) appendKey(buf []byte) []byte {
	nb := 0
	for i := len(m.w) - 1; i >= 0; i-- {
		if x := m.w[i]; x != 0 {
			nb = i*8 + (bits.Len64(x)+7)/8
			break
		}
	}
	tag := tagBitSet
	if m.pairs && nb > 0 {
		tag = tagPairSet
	}
	buf = append(buf, tag)
	buf = binary.AppendUvarint(buf, uint64(nb))
	for i := 0; i < nb; i++ {
		buf = append(buf, byte(m.w[i/8]>>(8*(i%8))))
	}
	return buf
}

// bitmapOf returns the bitmap of a set value, when it has the shape.
func bitmapOf(v Value, into *bitmap) bool {
	s := v.ref.(*Set)
	if s.bm != nil {
		into.w = append(into.w[:0], s.bm.w...)
		into.pairs = s.bm.pairs
		return true
	}
	into.w = into.w[:0]
	into.pairs = false
	if len(s.Elems) == 0 {
		return true
	}
	if s.Elems[0].k == KInt {
		for _, x := range s.Elems {
			if x.k != KInt || uint64(x.n) >= bitSetMax {
				return false
			}
			into.set(int(x.n))
		}
		return true
	}
	into.pairs = true
	for _, x := range s.Elems {
		if x.k != KTuple {
			return false
		}
		p := x.Elems()
		if len(p) != 2 || p[0].k != KInt || p[1].k != KInt {
			return false
		}
		b, ok := cellBit(p[0].n, p[1].n)
		if !ok {
			return false
		}
		into.set(b)
	}
	return true
}

// setScratch is a set under construction: a bitmap; or (boxed) elements
// of any kind, in any order, with repeats; or (whole) a value, which may
// not be a set.
type setScratch struct {
	m     bitmap
	kind  uint8 // of the bitmap's elements so far: setAny (none), setInts, setPairs
	boxed bool
	vals  []Value
	whole bool
	v     Value
}

const (
	setAny uint8 = iota
	setInts
	setPairs
)

func (th *Thread) takeSetScratch() *setScratch {
	if n := len(th.setScratches); n > 0 {
		s := th.setScratches[n-1]
		th.setScratches = th.setScratches[:n-1]
		s.m.w, s.m.pairs, s.kind, s.boxed, s.vals, s.whole, s.v = s.m.w[:0], false, setAny, false, s.vals[:0], false, None
		return s
	}
	return &setScratch{}
}

func (th *Thread) giveSetScratch(s *setScratch) {
	clear(s.vals)
	s.v = None
	th.setScratches = append(th.setScratches, s)
}

// plain reports whether the scratch holds a bitmap.
func (s *setScratch) plain() bool { return !s.whole && !s.boxed }

// value is the set built (a new value).
func (s *setScratch) value() Value {
	switch {
	case s.whole:
		return s.v
	case s.boxed:
		return SetOf(slices.Clone(s.vals))
	}
	s.m.pairs = s.kind == setPairs
	return s.m.value()
}

// load makes the scratch hold v.
func (s *setScratch) load(v Value) {
	s.boxed, s.vals, s.whole, s.v = false, s.vals[:0], false, None
	if v.k == KSet && bitmapOf(v, &s.m) {
		s.kind = setAny
		if !s.m.empty() {
			s.kind = setInts
			if s.m.pairs {
				s.kind = setPairs
			}
		}
		return
	}
	s.whole, s.v = true, v
}

// addInt and addCell add an element; add adds any value.
func (s *setScratch) addInt(x int64) {
	if s.plain() && uint64(x) < bitSetMax && s.kind != setPairs {
		s.kind = setInts
		s.m.set(int(x))
		return
	}
	s.addBoxed(Int(x))
}

func (s *setScratch) addCell(r, c int64) {
	if b, ok := cellBit(r, c); ok && s.plain() && s.kind != setInts {
		s.kind = setPairs
		s.m.set(b)
		return
	}
	s.addBoxed(Tuple([]Value{Int(r), Int(c)}))
}

func (s *setScratch) add(v Value) {
	switch {
	case v.k == KInt:
		s.addInt(v.n)
		return
	case v.k == KTuple:
		if p := v.Elems(); len(p) == 2 && p[0].k == KInt && p[1].k == KInt {
			if _, ok := cellBit(p[0].n, p[1].n); ok && s.plain() && s.kind != setInts {
				s.addCell(p[0].n, p[1].n)
				return
			}
		}
	}
	s.addBoxed(v)
}

// addBoxed adds v to the elements, moving the bitmap's there first.
func (s *setScratch) addBoxed(v Value) {
	if !s.boxed {
		s.m.pairs = s.kind == setPairs
		s.vals = append(s.vals[:0], s.m.elems()...)
		s.boxed = true
	}
	s.vals = append(s.vals, v)
}

func (s *setScratch) appendKey(buf []byte) ([]byte, bool) {
	if !s.plain() {
		return appendArgKey(buf, s.value(), maxKeyBytes)
	}
	s.m.pairs = s.kind == setPairs
	return s.m.appendKey(buf), false
}

// setBuildFn builds a set in an empty set scratch.
type setBuildFn func(fr *frame, s *setScratch)

// setBuilder compiles e when it is a set built as a bitmap: a set literal
// or comprehension, or - | & ^ with such an operand. nil otherwise.
func (c *compiler) setBuilder(e lang.Expr) setBuildFn {
	if !c.on(PassComposite) {
		return nil
	}
	switch e := e.(type) {
	case *lang.SetLit:
		es := make([]elemFn, len(e.Elems))
		for i, x := range e.Elems {
			es[i] = c.elemOf(x)
		}
		return func(fr *frame, s *setScratch) {
			for i := range es {
				es[i].addTo(fr, s)
			}
		}
	case *lang.Comp:
		if e.Kind != lang.SetComp {
			return nil
		}
		c.push()
		defer c.pop()
		loops := c.clauses(e.Clauses)
		el := c.elemOf(e.Body)
		run := loops(func(fr *frame) { el.addTo(fr, fr.sscr) })
		return func(fr *frame, s *setScratch) {
			save, stop := fr.sscr, fr.stop
			fr.sscr, fr.stop = s, false
			run(fr)
			fr.sscr, fr.stop = save, stop
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
		default:
			return nil
		}
		if c.setBuilder(e.X) == nil && c.setBuilder(e.Y) == nil {
			return nil
		}
		x, y := c.setAny(e.X), c.setAny(e.Y)
		pos, op := e.Pos, e.Op
		return func(fr *frame, s *setScratch) {
			x(fr, s)
			t := fr.th.takeSetScratch()
			y(fr, t)
			if !s.plain() || !t.plain() || s.kind != t.kind && s.kind != setAny && t.kind != setAny {
				a, b := s.value(), t.value()
				var r Value
				switch op {
				case lang.OpSub:
					r = opSub(pos, a, b)
				case lang.OpBitOr:
					r = opBitOr(pos, a, b)
				case lang.OpBitAnd:
					r = opBitAnd(pos, a, b)
				default:
					r = opXor(pos, a, b)
				}
				s.load(r)
			} else {
				s.combine(op, t)
			}
			fr.th.giveSetScratch(t)
		}
	}
	return nil
}

// elemFn is an element of a set literal or comprehension: an int, a pair
// (x, y) whose parts are evaluated apart (no tuple is made when they are
// ints), or any value.
type elemFn struct {
	x, y   evalFn // a pair
	xi, yi intFn  // when they are int-typed
	v      evalFn
	vi     intFn
}

func (c *compiler) elemOf(e lang.Expr) elemFn {
	if t, ok := e.(*lang.TupleLit); ok && len(t.Elems) == 2 {
		el := elemFn{xi: c.intExpr(t.Elems[0]), yi: c.intExpr(t.Elems[1])}
		if el.xi == nil {
			el.x = c.expr(t.Elems[0])
		}
		if el.yi == nil {
			el.y = c.expr(t.Elems[1])
		}
		return el
	}
	if f := c.intExpr(e); f != nil {
		return elemFn{vi: f}
	}
	return elemFn{v: c.expr(e)}
}

// pair evaluates a pair element: its parts, as ints when both are.
func (el *elemFn) pair(fr *frame) (a, b Value) {
	if el.xi != nil {
		a = Value{k: KInt, n: el.xi(fr)}
	} else {
		a = el.x(fr)
	}
	if el.yi != nil {
		b = Value{k: KInt, n: el.yi(fr)}
	} else {
		b = el.y(fr)
	}
	return a, b
}

func (el *elemFn) addTo(fr *frame, s *setScratch) {
	switch {
	case el.vi != nil:
		s.addInt(el.vi(fr))
	case el.v != nil:
		s.add(el.v(fr))
	default:
		a, b := el.pair(fr)
		if a.k == KInt && b.k == KInt {
			s.addCell(a.n, b.n)
		} else {
			s.addBoxed(Tuple([]Value{a, b}))
		}
	}
}

// combine applies a set operator to two bitmaps of one kind.
func (s *setScratch) combine(op lang.Op, t *setScratch) {
	a, b := s.m.w, t.m.w
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
	s.m.w = a
	if s.kind == setAny {
		s.kind = t.kind
	}
	if s.m.empty() {
		s.kind = setAny
	}
}

// setAny compiles e to build its value in a set scratch.
func (c *compiler) setAny(e lang.Expr) setBuildFn {
	if b := c.setBuilder(e); b != nil {
		return b
	}
	x := c.expr(e)
	return func(fr *frame, s *setScratch) { s.load(x(fr)) }
}

// inSet compiles X in S (not: X not in S) for X an int or a pair (a
// tuple literal of two elements): a bit of a set that has its bitmap,
// else the operator. nil for other shapes.
func (c *compiler) inSet(e *lang.Binary, not bool) boolFn {
	if !c.on(PassComposite) {
		return nil
	}
	_, isPair := e.X.(*lang.TupleLit)
	el := c.elemOf(e.X)
	if isPair && len(e.X.(*lang.TupleLit).Elems) != 2 || !isPair && el.vi == nil {
		return nil
	}
	y := c.expr(e.Y)
	pos := e.Pos
	return func(fr *frame) bool {
		if isPair {
			a, b := el.pair(fr)
			v := y(fr)
			if v.k == KSet && a.k == KInt && b.k == KInt {
				if m := v.ref.(*Set).bm; m != nil {
					bit, ok := cellBit(a.n, b.n)
					return (ok && m.pairs && m.has(bit)) != not
				}
			}
			return opIn(pos, Tuple([]Value{a, b}), v) != not
		}
		x := Value{k: KInt, n: el.vi(fr)}
		v := y(fr)
		if v.k == KSet {
			if m := v.ref.(*Set).bm; m != nil {
				return (uint64(x.n) < bitSetMax && !m.pairs && m.has(int(x.n))) != not
			}
		}
		return opIn(pos, x, v) != not
	}
}
