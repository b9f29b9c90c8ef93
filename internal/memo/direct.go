package memo

// The final states of the keys of small sets, by their bits: a key of a
// set of ids of a universe (package value's UniKeyWord1: a word of
// DirectTag, the count of bytes of bits, then the bits) whose bits are
// below 2^directMaxBits has a byte at index bits, the state's value + 1
// once final and small (0: none). A board of up to 22 cells as a set is
// every position's value in at most 4 MiB, read with one access to
// memory where the table reads three at random (the cache of recent keys
// holds the ones met last): the search of a small board asks it first.
// Filled as the recent keys are, when a lookup in the table finds a
// final state; what forgets a state there forgets it here (Uncache).

// directMaxBits bounds the bits of the keys kept by their bits; once a
// set of more ids has been met, the bytes kept are at most directDensity
// a key interned (a board of 25 cells, whose search meets few of the
// 2^22 sets of its first 22 cells, keeps few; one of 21 cells keeps the
// 2^21 bytes of all its sets).
const (
	directMaxBits = 22
	directDensity = 8
)

// DirectOf is the final state of the set whose bits are x, if kept.
func (t *KeyTable) DirectOf(x uint64) (st int32, ok bool) {
	if x < uint64(len(t.direct)) {
		if b := t.direct[x]; b != 0 {
			return FinBase + int32(b) - 1, true
		}
	} else if x >= 1<<directMaxBits {
		t.directWide = true
	}
	return 0, false
}

// directIndex is the bits of the key of n bytes whose word is w when it
// is a set's kept by its bits.
func (t *KeyTable) directIndex(w uint64, n int) (uint64, bool) {
	if t.DirectTag == 0 || byte(w) != t.DirectTag || n < 2 || n > 5 {
		return 0, false
	}
	x := w >> 16
	return x, x < 1<<directMaxBits
}

// cacheDirect keeps final state st for the key of n bytes whose word is
// w, when it is a set's kept by its bits.
func (t *KeyTable) cacheDirect(w uint64, n int, st int32) {
	if t.DirectTag == 0 || byte(w) != t.DirectTag {
		return
	}
	x, ok := t.directIndex(w, n)
	if !ok {
		t.directWide = true // (a set of more than directMaxBits ids)
		return
	}
	if st < FinBase || st-FinBase >= 255 {
		return
	}
	if x >= uint64(len(t.direct)) {
		size := max(uint64(1)<<12, uint64(2*len(t.direct)))
		for size <= x {
			size *= 2
		}
		if t.directWide && size > 1<<12 && size > directDensity*uint64(t.n) {
			// (Sets of more ids than it holds: the bits of the small
			// ones, which the keys interned fill too sparsely to be
			// worth a byte each, are not kept.)
			return
		}
		if t.Room != nil {
			t.Room(int64(size))
		}
		d := make([]uint8, size)
		copy(d, t.direct)
		t.direct = d
	}
	t.direct[x] = uint8(st-FinBase) + 1
}

// uncacheDirect forgets the state kept for the key k.
func (t *KeyTable) uncacheDirect(k []byte) {
	if len(k) <= 8 {
		if x, ok := t.directIndex(KeyWord(k), len(k)); ok && x < uint64(len(t.direct)) {
			t.direct[x] = 0
		}
	}
}
