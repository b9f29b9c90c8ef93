package memo

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// KeyTable interns byte strings (the keys of positions' arguments) as ids
// 0, 1, 2, ... in the order they were first seen. The keys lie in one
// arena without pointers (the collector never scans it), and a table
// with open addressing and linear probing maps a key's hash to its id: 8
// to 16 bytes for its slot (the slots are from three eighths to three
// quarters full) besides the key itself, where a Go map from string keys
// took some 60. While every key is at most MaxShortKey bytes (short: a
// board's keys are), key id is a record of stride bytes at id*stride in
// the arena, its bytes, zeros and its length in the last byte: found
// from its id alone, one read of memory. Once a longer key comes (long),
// the keys lie end to end and ends[id] is where key id ends (it starts
// where id-1 ends): 4 bytes more per key. When Mapped, its arrays are
// mapped from the system once big (Off): they take their size once in
// the process, not about twice as in the Go heap. The keys of at most 8
// bytes looked up last are also in a small cache with their states once
// final (recent.go).
type KeyTable struct {
	arena  []byte
	n      int // the number of keys
	stride int // the records' size while short
	long   bool
	ends   []uint32
	// slots: 0 when empty, else the high 32 bits of the key's hash and
	// id+1. A key's slot is found from the top bits of its hash (home),
	// which the slot keeps: growing moves the slots without hashing the
	// keys again.
	slots []uint64
	// recent: the keys of at most 8 bytes looked up last (recent.go).
	recent []uint64
	// sets, lists, strs, bools: the final states of small sets, short
	// lists of 0s and 1s, short strings of two characters and short lists
	// of bools by their bits (direct.go), for the keys that start with
	// DirectTag, ListTag, StrTag and BoolTag (0: none).
	sets, lists, strs, bools direct
	DirectTag                byte
	ListTag                  byte
	StrTag                   byte
	BoolTag                  byte
	rshift                   uint8 // 64 - log2 of its entries
	seed                     maphash.Seed
	wseed                    uint64 // the seed of keys of at most 16 bytes (shortHash)
	// Room, when set, is told the bytes of an array the table is about
	// to allocate, before it does (the run's memory limit, which fails
	// there when they do not fit): a table of millions of keys grows by
	// tens of megabytes at a time.
	Room func(n int64)
	// Mapped: the arrays are mapped from the system once big (Off holds
	// them; the memory limit counts Off.Bytes).
	Mapped bool
	Off    Off
}

// MaxShortKey bounds the keys kept as records of one size.
const MaxShortKey = 16

// The arrays of a KeyTable in its Off.
const (
	offArena = iota
	offEnds
	offSlots
)

// MaxArena bounds the bytes of a game's keys (ends are 32-bit).
const MaxArena = 1<<32 - 1

// Len is the number of keys.
func (t *KeyTable) Len() int { return t.n }

// Key returns key id (aliasing the arena: not to be kept across an add).
func (t *KeyTable) Key(id uint32) []byte {
	if !t.long {
		r := t.record(id)
		n := int(r[len(r)-1])
		return r[:n:n]
	}
	start := uint32(0)
	if id > 0 {
		start = t.ends[id-1]
	}
	return t.arena[start:t.ends[id]:t.ends[id]]
}

// record is the record of key id while the keys are short.
func (t *KeyTable) record(id uint32) []byte {
	start := int(id) * t.stride
	return t.arena[start : start+t.stride : start+t.stride]
}

// equal reports whether key id is k.
func (t *KeyTable) equal(id uint32, k []byte) bool {
	if t.long {
		return bytes.Equal(t.Key(id), k)
	}
	r := t.record(id)
	if int(r[len(r)-1]) != len(k) {
		return false
	}
	if len(k) <= 8 {
		return KeyWord(r[:len(k)]) == KeyWord(k)
	}
	return string(r[:len(k)]) == string(k)
}

// equalWord reports whether key id is the key of n <= 8 bytes whose word
// (KeyWord) is w.
func (t *KeyTable) equalWord(id uint32, w uint64, n int) bool {
	if t.long {
		k := t.Key(id)
		return len(k) == n && KeyWord(k) == w
	}
	r := t.record(id)
	return int(r[len(r)-1]) == n && KeyWord(r[:n]) == w
}

// KeyWord is a key of at most 8 bytes as a word: its bytes,
// little-endian, zero-padded (read a word or two at most).
func KeyWord(k []byte) uint64 {
	switch n := len(k); {
	case n >= 8:
		return binary.LittleEndian.Uint64(k)
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(k)) | uint64(binary.LittleEndian.Uint32(k[n-4:]))<<(8*(n-4))
	case n > 0:
		return uint64(k[0]) | uint64(k[n>>1])<<(8*(n>>1)) | uint64(k[n-1])<<(8*(n-1))
	}
	return 0
}

func (t *KeyTable) hash(k []byte) uint64 {
	switch n := len(k); {
	case n <= 8:
		return t.wordHash(KeyWord(k), n)
	case n <= 16:
		// (wyhash's way with short inputs: two words that cover its
		// bytes, mixed by multiplications.)
		h := mix(binary.LittleEndian.Uint64(k)^0xa0761d6478bd642f, binary.LittleEndian.Uint64(k[n-8:])^t.wseed)
		return mix(h^0xe7037ed1a0b428db, uint64(n)^0x8ebc6af09c88c6e3)
	}
	return maphash.Bytes(t.seed, k)
}

// wordHash is the hash of the key of n <= 8 bytes whose word is w.
func (t *KeyTable) wordHash(w uint64, n int) uint64 {
	h := mix(w^0xa0761d6478bd642f, t.wseed^uint64(n))
	return mix(h^0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3)
}

// mix is the high and low words of a*b xored.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// Intern returns the id of key k, adding it when it is new (added). It
// reports !ok, adding nothing, when the arena would pass MaxArena.
func (t *KeyTable) Intern(k []byte) (id uint32, added, ok bool) {
	if t.slots == nil {
		t.seed, t.wseed = maphash.MakeSeed(), rand.Uint64()
		t.slots = make([]uint64, 64)
	}
	h := t.hash(k)
	mask := uint64(len(t.slots) - 1)
	tag := h >> 32 << 32
	i := t.home(h)
	for {
		s := t.slots[i]
		if s == 0 {
			break
		}
		if s&^(1<<32-1) == tag {
			if id := uint32(s) - 1; t.equal(id, k) {
				return id, false, true
			}
		}
		i = (i + 1) & mask
	}
	if uint64(len(t.arena))+uint64(len(k)) > MaxArena {
		return 0, false, false
	}
	id = uint32(t.n)
	if overlaps(k, t.arena[:cap(t.arena)]) {
		k = bytes.Clone(k) // (the arena may move)
	}
	if !t.long && (len(k) > MaxShortKey || uint64(t.n+1)*uint64(max(t.stride, len(k)+1)) > MaxArena) {
		t.toLong()
	}
	if t.long {
		if len(t.arena)+len(k) > cap(t.arena) {
			t.arena = growFor(t, offArena, t.arena, len(k))
		}
		if len(t.ends) == cap(t.ends) {
			t.ends = growFor(t, offEnds, t.ends, 1)
		}
		t.arena = append(t.arena, k...)
		t.ends = append(t.ends, uint32(len(t.arena)))
	} else {
		if len(k)+1 > t.stride {
			t.restride(len(k) + 1)
		}
		if len(t.arena)+t.stride > cap(t.arena) {
			t.arena = growFor(t, offArena, t.arena, t.stride)
		}
		n := len(t.arena)
		t.arena = t.arena[:n+t.stride]
		r := t.arena[n:]
		clear(r[copy(r, k):])
		r[t.stride-1] = byte(len(k))
	}
	t.n++
	t.slots[i] = tag | uint64(id+1)
	if 4*t.n > 3*len(t.slots) { // (at most three quarters full)
		t.grow()
	}
	return id, true, true
}

// InternWord is Intern of the key of n <= 8 bytes whose word (KeyWord)
// is w.
func (t *KeyTable) InternWord(w uint64, n int) (id uint32, added, ok bool) {
	if t.slots == nil {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		return t.Intern(b[:n])
	}
	return t.internWordHash(w, n, t.wordHash(w, n))
}

// internWordHash is InternWord of the key of hash h.
func (t *KeyTable) internWordHash(w uint64, n int, h uint64) (id uint32, added, ok bool) {
	mask := uint64(len(t.slots) - 1)
	tag := h >> 32 << 32
	for i := t.home(h); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			break
		}
		if s&^(1<<32-1) == tag {
			if id := uint32(s) - 1; t.equalWord(id, w, n) {
				return id, false, true
			}
		}
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], w)
	return t.Intern(b[:n])
}

// Find returns the id of key k, if the table holds it (adding nothing).
func (t *KeyTable) Find(k []byte) (id uint32, ok bool) {
	if t.slots == nil {
		return 0, false
	}
	h := t.hash(k)
	mask := uint64(len(t.slots) - 1)
	tag := h >> 32 << 32
	for i := t.home(h); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return 0, false
		}
		if s&^(1<<32-1) == tag {
			if id := uint32(s) - 1; t.equal(id, k) {
				return id, true
			}
		}
	}
}

// restride makes the records stride bytes (more than they are: a
// longer key is to be added), moving them in place from the last.
func (t *KeyTable) restride(stride int) {
	old := t.stride
	t.stride = stride
	if t.n == 0 {
		return
	}
	if need := t.n * stride; need > cap(t.arena) {
		t.arena = growFor(t, offArena, t.arena, need-len(t.arena))
	}
	t.arena = t.arena[:t.n*stride]
	for id := t.n - 1; id >= 0; id-- {
		src := t.arena[id*old : id*old+old]
		n := int(src[old-1])
		dst := t.arena[id*stride : id*stride+stride]
		copy(dst, src[:n])
		clear(dst[n:])
		dst[stride-1] = byte(n)
	}
}

// toLong lays the keys, short so far, end to end with their ends (a key
// too long for a record is to be added), moving them in place from the
// first.
func (t *KeyTable) toLong() {
	t.ends = growFor(t, offEnds, t.ends[:0], t.n+1)
	end := 0
	for id := range t.n {
		r := t.arena[id*t.stride : id*t.stride+t.stride]
		n := int(r[t.stride-1])
		copy(t.arena[end:], r[:n])
		end += n
		t.ends = append(t.ends, uint32(end))
	}
	t.arena = t.arena[:end]
	t.long = true
}

// grow doubles the slots, hashing the keys again.
func (t *KeyTable) grow() {
	if t.Room != nil {
		t.Room(16 * int64(len(t.slots)))
	}
	old := t.slots
	var mem []byte
	if t.Mapped {
		t.slots, mem = offMake[uint64](2 * len(old))
	} else {
		t.slots = make([]uint64, 2*len(old))
	}
	defer t.Off.set(offSlots, mem)
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := t.home(s)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// home is the first slot a key of hash h (or a slot, which keeps its
// top 32 bits) may be in: the top bits of h, as many as the table has
// slots (at most 2^32: ids are 32-bit).
func (t *KeyTable) home(h uint64) uint64 {
	return h >> (64 - bits.TrailingZeros(uint(len(t.slots))))
}

// Reset forgets every key.
func (t *KeyTable) Reset() {
	t.Off.Free()
	*t = KeyTable{Room: t.Room, Mapped: t.Mapped, Off: t.Off, DirectTag: t.DirectTag, ListTag: t.ListTag, StrTag: t.StrTag, BoolTag: t.BoolTag}
}

// growFor returns s, array i of the table, with room for n more elements
// (a quarter more, as append grows a big slice), after telling t.Room its
// size.
func growFor[T byte | uint32](t *KeyTable, i int, s []T, n int) []T {
	size := max(cap(s)+cap(s)/4, len(s)+n, 256)
	if t.Room != nil {
		var zero T
		t.Room(int64(unsafe.Sizeof(zero)) * int64(size))
	}
	if t.Mapped {
		return offGrow(&t.Off, i, s, size)
	}
	out := make([]T, len(s), size)
	copy(out, s)
	return out
}

// overlaps reports whether a and b share memory.
func overlaps(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	pa, pb := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0]))
	return pa < pb+uintptr(len(b)) && pb < pa+uintptr(len(a))
}

// Bytes is the memory the table holds.
func (t *KeyTable) Bytes() int64 {
	return int64(cap(t.arena)) + 4*int64(cap(t.ends)) + 8*int64(len(t.slots)) + 8*int64(len(t.recent)) + int64(len(t.sets.b)) + int64(len(t.lists.b)) + int64(len(t.bools.b))
}
