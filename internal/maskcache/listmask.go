package maskcache

import (
	"encoding/binary"
	"slices"

	"github.com/grundy-lang/grundy/internal/value"
)

// ListMask is what a test x in L keeps of the list (or tuple) L it met
// last: when L's elements are all ints in 0 .. value.BitSetMax-1, their
// bitmap, so that an int is found by a bit (L is made once and read by
// many tests: the neighbours of a vertex, G[v], for each element of a
// board). The list is known by its identity (values are immutable; the
// mask holds it, so its memory is not reused while known).
//
// A list of ints that are not all small (the primes below 100,000), or
// of strings, met by two tests in a row keeps its elements sorted
// instead, so that one is found by a binary search, not by a scan of the
// list.
type ListMask struct {
	last *value.Seq
	ref  any // last's value's Ref (last is made for a list kept as bits)
	mask []uint64
	ok   bool
	// sorted: the ints of last, sorted, when it is a list of ints not
	// all small that came twice in a row (big: it is such a list, or a
	// list of strings or of tuples of ints, whose keys, strKey, are strs
	// once it came twice).
	sorted []int64
	strs   []string
	big    bool
}

// Has reports whether the int x is an element of v, and false for ok when
// v is not such a list (the caller asks the operator).
func (m *ListMask) Has(v value.Value, x int64) (has, ok bool) {
	if !m.load(v) {
		if m.sorted != nil && m.ref == v.Ref {
			_, has = slices.BinarySearch(m.sorted, x)
			return has, true
		}
		return false, false
	}
	return uint64(x) < uint64(len(m.mask))*64 && m.mask[x>>6]>>(x&63)&1 != 0, true
}

// Bits is the bits j < n (at most 64) of the ints lo + j that are
// elements of v, and false for ok as Has.
func (m *ListMask) Bits(v value.Value, lo int64, n int) (bits uint64, ok bool) {
	if !m.load(v) {
		return 0, false
	}
	if lo < 0 {
		for j := range n {
			if has, _ := m.Has(v, lo+int64(j)); has {
				bits |= 1 << j
			}
		}
		return bits, true
	}
	word := func(i int64) uint64 {
		if i < int64(len(m.mask)) {
			return m.mask[i]
		}
		return 0
	}
	w, off := lo>>6, uint(lo&63)
	bits = word(w) >> off
	if off > 0 {
		bits |= word(w+1) << (64 - off)
	}
	return bits & (^uint64(0) >> (64 - n)), true
}

// load makes the mask of v, when it is not the list met last; false when
// v is not a list or tuple of small ints.
func (m *ListMask) load(v value.Value) bool {
	if v.K != value.KList && v.K != value.KTuple {
		return false
	}
	if v.Ref == m.ref {
		s := m.last
		if m.big && m.sorted == nil && m.strs == nil {
			// (Twice in a row: its ints or strings sorted.)
			if k := s.Elems[0].K; k != value.KInt {
				m.strs = make([]string, len(s.Elems))
				for i, e := range s.Elems {
					m.strs[i], _ = strKey(e)
				}
				slices.Sort(m.strs)
			} else {
				m.sorted = make([]int64, len(s.Elems))
				for i, e := range s.Elems {
					m.sorted[i] = e.N
				}
				slices.Sort(m.sorted)
			}
		}
		return m.ok
	}
	s, ok := v.Ref.(*value.Seq)
	if !ok {
		s = &value.Seq{Elems: v.Elems()} // (a list kept as bits)
	}
	m.last, m.ref, m.mask, m.ok, m.sorted, m.big, m.strs = s, v.Ref, m.mask[:0], true, nil, false, nil
	for i, e := range s.Elems {
		if e.K != value.KInt || uint64(e.N) >= value.BitSetMax {
			m.ok = false
			m.big = i == 0 && allKeyed(s.Elems) || e.K == value.KInt && allOf(s.Elems[i:], value.KInt)
			break
		}
		for int(e.N>>6) >= len(m.mask) {
			m.mask = append(m.mask, 0)
		}
		m.mask[e.N>>6] |= 1 << (e.N & 63)
	}
	return m.ok
}

// allOf reports whether vs are all of kind k.
func allOf(vs []value.Value, k value.Kind) bool {
	for _, e := range vs {
		if e.K != k {
			return false
		}
	}
	return true
}

// allKeyed reports whether vs are all strings, or all tuples (or all
// lists) of ints: what strKey encodes.
func allKeyed(vs []value.Value) bool {
	for _, e := range vs {
		if _, ok := strKey(e); !ok || e.K != vs[0].K {
			return false
		}
	}
	return true
}

// strKey is the string of a string, or the ints of a tuple or list of
// ints as a string (8 bytes each): equal values, equal keys, for values
// of one kind.
func strKey(v value.Value) (string, bool) {
	switch v.K {
	case value.KStr:
		return v.Str(), true
	case value.KTuple, value.KList:
		es := v.Elems()
		b := make([]byte, 0, 8*len(es))
		for _, e := range es {
			if e.K != value.KInt {
				return "", false
			}
			b = binary.LittleEndian.AppendUint64(b, uint64(e.N))
		}
		return string(b), true
	}
	return "", false
}

// HasValue is Has of any value x: an int as Has, a string or a tuple of
// ints in a list of strings or of tuples of ints that came twice in a
// row by a binary search; false for ok otherwise (the caller asks the
// operator).
func (m *ListMask) HasValue(v, x value.Value) (has, ok bool) {
	switch x.K {
	case value.KInt:
		return m.Has(v, x.N)
	case value.KStr, value.KTuple, value.KList:
		if !m.load(v) && m.strs != nil && m.ref == v.Ref {
			if m.last.Elems[0].K != x.K {
				return false, true // (no element of its kind)
			}
			k, ok := strKey(x)
			if !ok {
				return false, false
			}
			_, has = slices.BinarySearch(m.strs, k)
			return has, true
		}
		if m.ok && m.ref == v.Ref {
			return false, true // (a list of small ints)
		}
	}
	return false, false
}
