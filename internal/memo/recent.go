package memo

// The recent keys of a KeyTable: a cache, mapped directly from the hash,
// of the keys of at most 8 bytes looked up last, each two words: the
// key's word (KeyWord) and its meta, id+1 in the low 32 bits, the key's
// length in the next 4 and in the top 28 a final state the game's Table
// holds for it (0: none). A search looks up the positions near the one
// it is at, most of them met a moment before (its options' options, a
// position met again in another order): three lookups in four of a board
// game's search find their key there, with its value, in memory the
// processor has at hand, where the table's slots, its keys and the
// Table's states are three reads at random in memory that it has not.
// The cache grows with the table: from 2^recentMin entries (16 KiB) it
// takes four times as many each time the table holds more than four keys
// an entry, up to 2^recentBits (512 KiB): a script of many small games
// holds little.
const (
	recentMin      = 10
	recentBits     = 15
	metaLenShift   = 32
	metaStateShift = 36
	metaKey        = 1<<metaStateShift - 1 // id+1 and the length
	// MaxCachedState bounds the states the cache holds.
	MaxCachedState = 1<<(64-metaStateShift) - 1
)

// InternWordState is InternWord, with the final state cached for the key
// (0 when none) and where it is in the cache, for CacheState.
func (t *KeyTable) InternWordState(w uint64, n int) (id uint32, st int32, at int, added, ok bool) {
	if t.slots == nil {
		id, added, ok = t.InternWord(w, n)
		return id, 0, -1, added, ok
	}
	if len(t.recent) < 2<<recentBits && t.n >= 2*len(t.recent) {
		t.growRecent()
	}
	j := int(recentAt(w, n, t.rshift))
	ln := uint64(n) << metaLenShift
	if m := t.recent[2*j+1]; m != 0 && m&(0xf<<metaLenShift) == ln && t.recent[2*j] == w {
		return uint32(m) - 1, int32(m >> metaStateShift), j, false, true
	}
	if id, added, ok = t.internWordHash(w, n, t.wordHash(w, n)); !ok {
		return 0, 0, -1, false, false
	}
	t.recent[2*j], t.recent[2*j+1] = w, uint64(id)+1|ln
	return id, 0, j, added, true
}

// recentAt is where the key of n <= 8 bytes whose word is w is in a
// cache of 2^(64-shift) entries (one multiplication: the cache is small,
// and a key met there is compared whole).
func recentAt(w uint64, n int, shift uint8) uint64 {
	return (w ^ uint64(n)<<59) * 0x9e3779b97f4a7c15 >> shift
}

// growRecent makes the cache of recent keys four times as large (its
// first entries, 2^recentMin, when it has none), empty.
func (t *KeyTable) growRecent() {
	bits := recentMin
	if t.recent != nil {
		bits = min(64-int(t.rshift)+2, recentBits)
	}
	t.recent, t.rshift = make([]uint64, 2<<bits), uint8(64-bits)
}

// Recent is the id and the final state of the key of n <= 8 bytes whose
// word is w when the cache holds the key with its state (small enough to
// be inlined: the hot loops ask it before InternWordState).
func (t *KeyTable) Recent(w uint64, n int) (id uint32, st int32, ok bool) {
	r := t.recent
	if j := 2 * recentAt(w, n, t.rshift); j+1 < uint64(len(r)) {
		if m := r[j+1]; r[j] == w && m>>metaLenShift&0xf == uint64(n) && m >= 1<<metaStateShift {
			return uint32(m) - 1, int32(m >> metaStateShift), true
		}
	}
	return 0, 0, false
}

// CacheState caches the state st of the key InternWordState just found
// at at (final: it is to change only through Uncache), here and by its
// bits when it is a small set's (direct.go).
func (t *KeyTable) CacheState(at int, st int32) {
	if at >= 0 && st > 0 && st <= MaxCachedState {
		m := &t.recent[2*at+1]
		*m = *m&metaKey | uint64(st)<<metaStateShift
		if t.DirectTag != 0 || t.ListTag != 0 || t.StrTag != 0 || t.BoolTag != 0 {
			t.cacheDirect(t.recent[2*at], int(*m>>metaLenShift&0xf), st)
		}
	}
}

// Uncache forgets the state cached for key id, if any.
func (t *KeyTable) Uncache(id uint32) {
	k := t.Key(id)
	t.uncacheDirect(k)
	if len(k) > 8 || t.recent == nil {
		return
	}
	j := recentAt(KeyWord(k), len(k), t.rshift)
	if m := t.recent[2*j+1]; uint32(m) == id+1 {
		t.recent[2*j+1] = m & metaKey
	}
}
