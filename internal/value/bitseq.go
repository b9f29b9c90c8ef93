package value

import "sync/atomic"

// bitSeq is a list of up to 64 ints 0 and 1 (or bools), or a tuple of
// 0s and 1s, kept as the bits of a word, bit i element i: a position's
// argument decoded from its key, or what a kernel of words made. A rule
// reading it only by kernels of words (its length, b[i], an index test's
// mask, an update chain) never makes its elements; another read makes
// them once (Elems).
type bitSeq struct {
	w     uint64
	n     int
	bools bool
	tuple bool // a tuple of ints 0 and 1 (BitTuple), not a list
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

// BitTuple is the tuple of the 1 <= n <= 64 ints 0 and 1 w holds.
func BitTuple(w uint64, n int) Value {
	v := BitList(w, n, false)
	v.K, v.Ref.(*bitSeq).tuple = KTuple, true
	return v
}

// SeqBits is the word, length, bools and tuple of a list or tuple kept as
// bits (BitList, BitTuple, or decoded from a key of bits), its elements
// not made; false for any other value, whatever its elements.
func SeqBits(v Value) (w uint64, n int, bools, tuple, ok bool) {
	if s, isBits := v.Ref.(*bitSeq); isBits && (v.K == KList || v.K == KTuple) {
		return s.w, s.n, s.bools, s.tuple, true
	}
	return 0, 0, false, false, false
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

// tupleBits is the bits of the bytes of a tuple's key (AppendBitTuple),
// if each is a 0 or a 1.
func tupleBits(b []byte) (w uint64, ok bool) {
	for i, x := range b {
		if x&^2 != 0 {
			return 0, false
		}
		w |= uint64(x>>1) << i
	}
	return w, true
}

// elems makes (once) and returns the elements.
func (s *bitSeq) elems() []Value {
	if p := s.made.Load(); p != nil {
		return *p
	}
	_, e := newSeq(s.n, s.tuple)
	for i := range e {
		e[i], _ = SeqAt(Value{K: KList, Ref: s}, int64(i))
	}
	s.made.Store(&e)
	return e
}

// AppendBitTuple appends the key of the tuple of the n <= 64 ints 0 and
// 1 whose bits w holds: AppendIntSeqBytes's, a byte an int.
func AppendBitTuple(buf []byte, w uint64, n int) []byte {
	buf = append(buf, TagIntTuple, byte(n))
	for i := range n {
		buf = append(buf, IntSeqByte(int64(w>>i&1)))
	}
	return buf
}

// appendBitSeqKey appends the key of the list s (appendSeqKey's).
func appendBitSeqKey(buf []byte, s *bitSeq) []byte {
	if s.tuple {
		return AppendBitTuple(buf, s.w, s.n)
	}
	out := AppendBitWord(buf, s.w, s.n)
	if s.bools {
		out[len(buf)] = TagBoolList // (the same bytes, the tag of bools)
	}
	return out
}
