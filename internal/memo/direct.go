package memo

// The final states of the keys of small sets, short lists of 0s and 1s
// and short strings of two characters, by their bits: a key of a set of ids of a universe (package
// value's UniKeyWord1: a word of DirectTag, the count of bytes of bits,
// then the bits) whose bits are below 2^directMaxBits has a byte at index
// bits, the state's value + 1 once final and small (0: none); a key of a
// list of n <= directMaxBits 0s and 1s (value's BitListWord: a word of
// ListTag, n, then the bits) has one at index bits + 2^n (each length its
// own range, so lists of every length up to the bound share one array),
// and a key of a string of n <= directMaxBits characters packed a bit a
// character (value's AppendStrKeyIn: StrTag, 1, n, the bits) one at
// index bits + 2^n in an array of its own, and so has a key of a list of
// n bools (BoolTag, n, the bits: a list of 0s and 1s' but its tag). A
// board of up to 22 cells as a set, or a row of up to 22 coins as a list,
// is every position's value in at most 4 or 8 MiB, read with one access
// to memory where the table reads three at random (the cache of recent
// keys holds the ones met last): the search of a small board asks it
// first. Filled as the recent keys are, when a lookup in the table finds
// a final state; what forgets a state there forgets it here (Uncache).

// directMaxBits bounds the bits of the keys kept by their bits; once a
// set of more ids has been met, the bytes kept are at most directDensity
// a key interned (a board of 25 cells, whose search meets few of the
// 2^22 sets of its first 22 cells, keeps few; one of 21 cells keeps the
// 2^21 bytes of all its sets).
const (
	directMaxBits = 22
	directDensity = 8
)

// direct is one array of final states by index (sets' or lists').
type direct struct {
	b    []uint8
	wide bool // a key of its kind past directMaxBits was met
}

// get is the final state kept at index x.
func (d *direct) get(x uint64) (st int32, ok bool) {
	if x < uint64(len(d.b)) {
		if b := d.b[x]; b != 0 {
			return FinBase + int32(b) - 1, true
		}
	}
	return 0, false
}

// put keeps final state st at index x of t's array d.
func (d *direct) put(t *KeyTable, x uint64, st int32) {
	if st < FinBase || st-FinBase >= 255 {
		return
	}
	if x >= uint64(len(d.b)) {
		size := max(uint64(1)<<12, uint64(2*len(d.b)))
		for size <= x {
			size *= 2
		}
		if d.wide && size > 1<<12 && size > directDensity*uint64(t.n) {
			// (Keys of more bits than it holds: the small ones, which
			// the keys interned fill too sparsely to be worth a byte
			// each, are not kept.)
			return
		}
		if t.Room != nil {
			t.Room(int64(size))
		}
		b := make([]uint8, size)
		copy(b, d.b)
		d.b = b
	}
	d.b[x] = uint8(st-FinBase) + 1
}

// DirectOf is the final state of the set whose bits are x, if kept.
func (t *KeyTable) DirectOf(x uint64) (st int32, ok bool) {
	if x >= 1<<directMaxBits {
		t.sets.wide = true
		return 0, false
	}
	return t.sets.get(x)
}

// DirectListOf is the final state of the list of the n 0s and 1s whose
// bits are w (bit i element i), if kept.
func (t *KeyTable) DirectListOf(w uint64, n int) (st int32, ok bool) {
	if n > directMaxBits {
		t.lists.wide = true
		return 0, false
	}
	return t.lists.get(w | 1<<n)
}

// DirectBoolsOf is the final state of the list of the n bools whose bits
// are w (bit i: element i is true), if kept.
func (t *KeyTable) DirectBoolsOf(w uint64, n int) (st int32, ok bool) {
	if n > directMaxBits {
		t.bools.wide = true
		return 0, false
	}
	return t.bools.get(w | 1<<n)
}

// directIndex is the array and index of the key of n bytes whose word is
// w when it is a set's or a list's kept by its bits (d nil when of
// neither kind; ok false when of one but past the bound).
func (t *KeyTable) directIndex(w uint64, n int) (d *direct, x uint64, ok bool) {
	switch {
	case t.DirectTag != 0 && byte(w) == t.DirectTag && n >= 2 && n <= 5:
		x = w >> 16
		return &t.sets, x, x < 1<<directMaxBits
	case t.StrTag != 0 && byte(w) == t.StrTag && byte(w>>8) == 1 && n >= 3 && n <= 6:
		// (A string packed a bit a character: StrTag, 1, its length and
		// the bits; value's AppendStrKeyIn.)
		c := w >> 16 & 0xff
		if c > directMaxBits {
			return &t.strs, 0, false
		}
		return &t.strs, w>>24 | 1<<c, true
	case t.ListTag != 0 && byte(w) == t.ListTag && n >= 2 && n <= 5:
		c := w >> 8 & 0xff
		if c > directMaxBits {
			return &t.lists, 0, false
		}
		return &t.lists, w>>16 | 1<<c, true
	case t.BoolTag != 0 && byte(w) == t.BoolTag && n >= 3 && n <= 5:
		// (A list of 1 to 22 bools: BoolTag, n, the bits.)
		c := w >> 8 & 0xff
		if c > directMaxBits {
			return &t.bools, 0, false
		}
		return &t.bools, w>>16 | 1<<c, true
	}
	return nil, 0, false
}

// FinalWord is the final state of the key of n <= 8 bytes whose word is
// w, when it is kept by its bits or in the cache of recent keys (what a
// lookup of the key finds, without the table's hash).
func (t *KeyTable) FinalWord(w uint64, n int) (st int32, ok bool) {
	if d, x, ok := t.directIndex(w, n); ok {
		if st, ok := d.get(x); ok {
			return st, true
		}
	}
	_, st, ok = t.Recent(w, n)
	return st, ok
}

// cacheDirect keeps final state st for the key of n bytes whose word is
// w, when it is a set's or a list's kept by its bits.
func (t *KeyTable) cacheDirect(w uint64, n int, st int32) {
	d, x, ok := t.directIndex(w, n)
	if d == nil {
		return
	}
	if !ok {
		d.wide = true
		return
	}
	d.put(t, x, st)
}

// uncacheDirect forgets the state kept for the key k.
func (t *KeyTable) uncacheDirect(k []byte) {
	if len(k) <= 8 {
		if d, x, ok := t.directIndex(KeyWord(k), len(k)); ok && x < uint64(len(d.b)) {
			d.b[x] = 0
		}
	}
}
