package value

import "sync/atomic"

// bitSeq is a list of up to 64 ints 0 and 1 (or of bools) kept as the
// bits of a word, bit i element i, until its elements are asked for: a
// position's argument decoded from its key (TagBitList, TagBoolList), or
// a list a kernel of words made. A move rule whose reads of the list are
// kernels of words (its length, its elements by index, a mask of an
// index test, an option's update chain) never makes the elements; any
// other read makes them once (Elems).
type bitSeq struct {
	w     uint64
	n     int
	bools bool
	// made: the elements, once Elems made them (stored atomically: a
	// value may be read by several goroutines at once).
	made atomic.Pointer[[]Value]
}

// BitList is the list of the n <= 64 ints 0 and 1 (bools, when bools)
// whose bits w holds (bit i element i; none at n or above).
func BitList(w uint64, n int, bools bool) Value {
	if n < 64 {
		w &= 1<<n - 1 // (n is 0 to 64)
	}
	bools = bools && n > 0 // (the empty list's key is one of ints)
	return Value{K: KList, Ref: &bitSeq{w: w, n: n, bools: bools}}
}

// ListBits is the bits of a list that BitList made (or that was decoded
// from a key of bits), without making its elements: its word, its
// length and whether its elements are bools. It reports false for any
// other value, whatever its elements.
func ListBits(v Value) (w uint64, n int, bools, ok bool) {
	if v.K != KList {
		return 0, 0, false, false
	}
	s, ok := v.Ref.(*bitSeq)
	if !ok {
		return 0, 0, false, false
	}
	return s.w, s.n, s.bools, true
}

// SeqAt is element i of the list or tuple v, if it has one, without
// making the elements of a list kept as bits.
func SeqAt(v Value, i int64) (Value, bool) {
	if s, ok := v.Ref.(*Seq); ok {
		if uint64(i) < uint64(len(s.Elems)) {
			return s.Elems[i], true
		}
		return None, false
	}
	if s := v.Ref.(*bitSeq); uint64(i) < uint64(s.n) {
		if s.bools {
			return Bool(s.w>>i&1 != 0), true
		}
		return Int(int64(s.w >> i & 1)), true
	}
	return None, false
}

// elems makes (once) and returns the elements.
func (s *bitSeq) elems() []Value {
	if p := s.made.Load(); p != nil {
		return *p
	}
	k := KInt
	if s.bools {
		k = KBool
	}
	_, e := newSeq(s.n, false)
	for i := range e {
		e[i] = Value{K: k, N: int64(s.w >> i & 1)}
	}
	s.made.Store(&e)
	return e
}

// appendBitSeqKey appends the key of the list s (appendSeqKey's).
func appendBitSeqKey(buf []byte, s *bitSeq) []byte {
	if s.bools {
		return appendBitList(buf, TagBoolList, s.n, func(i int) bool { return s.w>>i&1 != 0 })
	}
	return AppendBitWord(buf, s.w, s.n)
}
