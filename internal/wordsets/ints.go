package wordsets

import (
	mathbits "math/bits"

	"github.com/grundy-lang/grundy/internal/value"
)

// maxInt bounds the ints of a universe's elements that intsOf gives (the
// indexes masks keeps: package masks' maxMaskIndex).
const maxInt = 1<<12 - 1

// intsOf gives the ints of a set of a universe's ids as a bitmap of
// ints (bit j: the int j), for the memberships of ints that masks test.
// It keeps, per universe and for as many elements as it had, whether
// each id is its own element's int (the ints of a board's cells
// numbered from 0, met in order: the words are the bitmap) and else the
// int of each id's element (-1 for an element that is no int from 0 to
// maxInt). A universe only takes new elements: an id's element never
// changes.
type intsOf struct {
	u     *value.Universe
	n     int
	ident bool
	intOf []int32
	buf   []uint64
}

// of is the bitmap of the ints of the ids of scratch s (Class 2); the
// caller may read it, not keep it.
func (t *intsOf) of(s *value.SetScratch) []uint64 {
	u, w := s.Universe(), s.Words()
	if u != t.u || u.Len() != t.n {
		t.learn(u)
	}
	if t.ident {
		return w
	}
	t.buf = t.buf[:0]
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			id := i*64 + mathbits.TrailingZeros64(x)
			if id >= len(t.intOf) || t.intOf[id] < 0 {
				continue
			}
			n := int(t.intOf[id])
			for len(t.buf) <= n>>6 {
				t.buf = append(t.buf, 0)
			}
			t.buf[n>>6] |= 1 << (n & 63)
		}
	}
	return t.buf
}

// learn reads the elements of u.
func (t *intsOf) learn(u *value.Universe) {
	if u != t.u {
		t.u, t.intOf = u, t.intOf[:0]
	}
	t.n = u.Len()
	for id := len(t.intOf); id < t.n; id++ {
		x, n := u.Elem(id), int32(-1)
		if x.K == value.KInt && x.N >= 0 && x.N <= maxInt {
			n = int32(x.N)
		}
		t.intOf = append(t.intOf, n)
	}
	t.ident = true
	for id, n := range t.intOf {
		if int(n) != id {
			t.ident = false
			break
		}
	}
}
