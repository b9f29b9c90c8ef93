package solve

import "math/bits"

// nimset is a set of small SG values, a bit each (the pruned search's
// sets of values a position may still have, and of values asked for).
type nimset []uint64

// fill makes s the values 0 .. n, in words taken from buf.
func fill(buf []uint64, n int32) nimset {
	w := int(n)/64 + 1
	s := nimset(grow(buf, w))
	for i := range s {
		s[i] = ^uint64(0)
	}
	if r := (n + 1) % 64; r != 0 {
		s[w-1] = 1<<r - 1
	}
	return s
}

// grow is buf[:n], reallocated when it has not the room.
func grow(buf []uint64, n int) []uint64 {
	if cap(buf) < n {
		return make([]uint64, n, max(n, 2*cap(buf)))
	}
	return buf[:n]
}

func (s nimset) has(x int32) bool {
	return x >= 0 && int(x>>6) < len(s) && s[x>>6]&(1<<(x&63)) != 0
}

func (s nimset) add(x int32) { s[x>>6] |= 1 << (x & 63) }

func (s nimset) del(x int32) { s[x>>6] &^= 1 << (x & 63) }

// max is the largest value of s, or -1 when it is empty.
func (s nimset) max() int32 {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != 0 {
			return int32(i*64 + 63 - bits.LeadingZeros64(s[i]))
		}
	}
	return -1
}

// min is the least value of s, or -1 when it is empty.
func (s nimset) min() int32 {
	for i, w := range s {
		if w != 0 {
			return int32(i*64 + bits.TrailingZeros64(w))
		}
	}
	return -1
}

// drop removes x from s when s has it, else the largest value of s: one
// option's value crossed out of the values a position may have (see
// pruned.go).
func (s nimset) drop(x int32) {
	if s.has(x) {
		s.del(x)
	} else if m := s.max(); m >= 0 {
		s.del(m)
	}
}

// below clears the values above top (none when top < 0).
func (s nimset) below(top int32) {
	if top < 0 {
		clear(s)
		return
	}
	for i := range s {
		lo := int32(i * 64)
		switch {
		case lo > top:
			s[i] = 0
		case top-lo < 63:
			s[i] &= 1<<(top-lo+1) - 1
		}
	}
}

// request is a set of values asked for: every value (all), or the values
// x ^ y for x in s; top is its largest value.
type request struct {
	all bool
	s   nimset
	y   int32
	top int32
}

// everything is the request of every value: the exact value.
var everything = request{all: true, top: 1<<31 - 1}

// requestOf is the request of the values x ^ y for x in s.
func requestOf(s nimset, y int32) request {
	q := request{s: s, y: y, top: -1}
	for i, w := range s {
		for ; w != 0; w &= w - 1 {
			q.top = max(q.top, int32(i*64+bits.TrailingZeros64(w))^y)
		}
	}
	return q
}

// notBits is how many small values the pruned search remembers a
// position has not (a mask of 0 .. notBits-1).
const notBits = 31

// meets reports whether some value of p, but those of the mask not, is
// asked for.
func (q request) meets(p nimset, not uint32) bool {
	for i, w := range p {
		if i == 0 {
			w &^= uint64(not)
		}
		if q.all && w != 0 {
			return true
		}
		for ; w != 0 && !q.all; w &= w - 1 {
			if q.s.has(int32(i*64+bits.TrailingZeros64(w)) ^ q.y) {
				return true
			}
		}
	}
	return false
}

// within reports whether every value asked for is in the mask not.
func (q request) within(not uint32) bool {
	if q.all {
		return false
	}
	for i, w := range q.s {
		for ; w != 0; w &= w - 1 {
			if x := int32(i*64+bits.TrailingZeros64(w)) ^ q.y; x >= notBits || not&(1<<x) == 0 {
				return false
			}
		}
	}
	return true
}
