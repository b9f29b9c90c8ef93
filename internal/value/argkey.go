package value

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// Argument keys: the canonical byte encoding of a position's arguments
// that the memo of a game interns when they do not pack into one integer
// (package engine). Equal values encode alike and different values differently,
// and the encodings of several arguments laid end to end stay apart
// (each is self-delimiting). The common composite arguments are compact
// and decode without the values they came from:
//
//   - an int is its zigzag varint (one byte for -64 .. 63);
//   - a list or tuple of ints is a tag, the length and the ints; a list
//     of ints that are all 0 or 1 a bit an element (a row of 24 pins is
//     5 bytes);
//   - a set of ints in 0 .. bitSetMax-1 is a bitmap, and a set of pairs of
//     ints in 0 .. 63 (the cells of a board) a bitmap of r*64 + c;
//   - strings, bools, none, nimbers, nested lists, tuples, sets and maps of
//     those, element by element.
//
// Positions, sums, infinite values and functions are encoded by appendKey
// after a tag (boxed): the memo keeps the arguments of such a position as
// values, since their encoding does not give them back.
const (
	tagNone byte = iota
	tagFalse
	tagTrue
	TagInt
	tagStr
	tagNim
	TagIntList
	TagIntTuple
	tagList
	tagTuple
	TagBitSet
	TagPairSet
	tagSet
	tagMap
	tagBoxed
	TagRef     // an argument kept in its game's dictionary: the id follows (Game.shorten)
	TagUniSet  // a set as the bitset of its elements' ids in the argument's Universe (universe.go)
	TagBitList // a list of ints that are all 0 or 1: its length and a bit an element
	// TagPackedStr: a string as the ids of its characters in the
	// argument's Alphabet (alphabet.go): the bits an id, the length and
	// the ids packed.
	TagPackedStr
	// TagUniList and TagUniSortedList: a list as the ids of its elements
	// in the argument's Universe (package idlist): a byte or two an id
	// in its order, or, when its elements strictly ascend, the bitset of
	// their ids.
	TagUniList
	TagUniSortedList
	TagBoolList // a list of bools: its length and a bit an element (true 1), as TagBitList
)

// BitSetMax bounds the ints of a set encoded as a bitmap.
const BitSetMax = 1 << 12

// AppendArgKey appends the key of v. It stops early, leaving more than
// limit bytes, once the key is longer than limit (values can be huge);
// boxed reports a part encoded by appendKey.
func AppendArgKey(buf []byte, v Value, limit int) (out []byte, boxed bool) {
	return appendArgKeyAt(buf, v, limit, 0)
}

// appendArgKeyAt is appendArgKey of a value nested depth levels inside
// the argument. Past recDepth the rest of the value is boxed: encoded by
// appendKey, which walks it without recursion (an equal argument has its
// parts at the same depths, so it encodes alike), and decoding and
// measuring keys recurse at most that deep.
func appendArgKeyAt(buf []byte, v Value, limit, depth int) (out []byte, boxed bool) {
	if len(buf) > limit {
		return buf, false
	}
	if depth > recDepth {
		return appendKeyMax(append(buf, tagBoxed), v, limit), true
	}
	switch v.K {
	case KNone:
		return append(buf, tagNone), false
	case KBool:
		return append(buf, tagFalse+byte(v.N)), false
	case KInt:
		return binary.AppendVarint(append(buf, TagInt), v.N), false
	case KNim:
		return binary.AppendVarint(append(buf, tagNim), v.N), false
	case KStr:
		return AppendStrKey(buf, v.Str()), false
	case KList, KTuple:
		if s, ok := v.Ref.(*bitSeq); ok {
			return appendBitSeqKey(buf, s), false
		}
		return appendSeqKey(buf, v.K == KTuple, v.Elems(), limit, depth)
	case KSet:
		if m := v.Ref.(*Set).Bm; m != nil && m.U == nil {
			return m.AppendKey(buf), false
		}
		e := v.Elems()
		if out, ok := appendBitSet(buf, e); ok {
			return out, false
		}
		if out, ok := appendPairSet(buf, e); ok {
			return out, false
		}
		return appendArgKeys(binary.AppendUvarint(append(buf, tagSet), uint64(len(e))), e, limit, depth)
	case KMap:
		m := v.Map()
		buf = binary.AppendUvarint(append(buf, tagMap), uint64(len(m.Keys)))
		boxed := false
		for i := range m.Keys {
			var b1, b2 bool
			buf, b1 = appendArgKeyAt(buf, m.Keys[i], limit, depth+1)
			buf, b2 = appendArgKeyAt(buf, m.Vals[i], limit, depth+1)
			boxed = boxed || b1 || b2
		}
		return buf, boxed
	}
	return appendKeyMax(append(buf, tagBoxed), v, limit), true
}

// AppendStrKey appends the key of the string of bytes s.
func AppendStrKey(buf []byte, s string) []byte {
	buf = binary.AppendUvarint(append(buf, tagStr), uint64(len(s)))
	return append(buf, s...)
}

// appendSeqKey appends the key of the list (or tuple) of the elements e.
func appendSeqKey(buf []byte, tuple bool, e []Value, limit, depth int) ([]byte, bool) {
	if t := bitsTag(e); !tuple && t != 0 {
		return appendBitList(buf, t, len(e), func(i int) bool { return e[i].N == 1 }), false
	}
	if allInts(e) {
		t := TagIntList
		if tuple {
			t = TagIntTuple
		}
		buf = binary.AppendUvarint(append(buf, t), uint64(len(e)))
		for _, x := range e {
			buf = binary.AppendVarint(buf, x.N)
		}
		return buf, false
	}
	t := tagList
	if tuple {
		t = tagTuple
	}
	return appendArgKeys(binary.AppendUvarint(append(buf, t), uint64(len(e))), e, limit, depth)
}

// appendArgKeys appends the keys of the elements e of a value nested
// depth levels deep.
func appendArgKeys(buf []byte, e []Value, limit, depth int) ([]byte, bool) {
	boxed := false
	for _, x := range e {
		var b bool
		buf, b = appendArgKeyAt(buf, x, limit, depth+1)
		boxed = boxed || b
	}
	return buf, boxed
}

func allInts(e []Value) bool {
	for _, x := range e {
		if x.K != KInt {
			return false
		}
	}
	return true
}

// bitsTag is TagBitList when the elements e are all the ints 0 and 1,
// TagBoolList when they are all bools (and some are), else 0.
func bitsTag(e []Value) byte {
	for _, x := range e {
		if x.K != e[0].K || x.K != KInt && x.K != KBool || uint64(x.N) > 1 {
			return 0
		}
	}
	if len(e) > 0 && e[0].K == KBool {
		return TagBoolList
	}
	return TagBitList
}

// appendBitList appends the key of a list of n ints that are 0 or 1
// (one(i): element i is 1): tag, n and the bits, 8 a byte.
func appendBitList(buf []byte, tag byte, n int, one func(i int) bool) []byte {
	buf = binary.AppendUvarint(append(buf, tag), uint64(n))
	var acc byte
	for i := range n {
		if one(i) {
			acc |= 1 << (i % 8)
		}
		if i%8 == 7 || i == n-1 {
			buf = append(buf, acc)
			acc = 0
		}
	}
	return buf
}

// BitListWord is the key of the list of the n ints 0 and 1 whose bits w
// holds (bit i is element i, none at n or above), as the word of its
// bytes (memo.KeyWord) and their number, when there are at most 8 (n <=
// 48): what appendSeqKey gives for the list.
func BitListWord(w uint64, n int) (word uint64, nb int, ok bool) {
	if n > 48 {
		return 0, 0, false
	}
	return uint64(TagBitList) | uint64(n)<<8 | w<<16, 2 + (n+7)/8, true
}

// AppendBitWord appends the key of the list of the n <= 64 ints 0 and 1
// whose bits w holds (BitListWord).
func AppendBitWord(buf []byte, w uint64, n int) []byte {
	buf = binary.AppendUvarint(append(buf, TagBitList), uint64(n))
	for i := 0; i < n; i += 8 {
		buf = append(buf, byte(w>>i))
	}
	return buf
}

// appendBitInts is appendBitList of the ints xs, each 0 or 1, packed 8
// at a time.
func appendBitInts(buf []byte, xs []int64) []byte {
	buf = binary.AppendUvarint(append(buf, TagBitList), uint64(len(xs)))
	for len(xs) >= 8 {
		buf = append(buf, byte(xs[0])|byte(xs[1])<<1|byte(xs[2])<<2|byte(xs[3])<<3|
			byte(xs[4])<<4|byte(xs[5])<<5|byte(xs[6])<<6|byte(xs[7])<<7)
		xs = xs[8:]
	}
	if len(xs) > 0 {
		var acc byte
		for j, x := range xs {
			acc |= byte(x) << j
		}
		buf = append(buf, acc)
	}
	return buf
}

// AppendIntSeq appends the key of a list (or tuple) of the ints xs: what
// appendArgKey gives for the value.
func AppendIntSeq(buf []byte, tuple bool, xs []int64) []byte {
	var or uint64
	for _, x := range xs {
		or |= uint64(x)
	}
	switch {
	case or < 64 && len(xs) < 128 && (tuple || or > 1):
		return AppendIntSeqBytes(buf, tuple, xs)
	case !tuple && or <= 1:
		return appendBitInts(buf, xs)
	}
	t := TagIntList
	if tuple {
		t = TagIntTuple
	}
	buf = binary.AppendUvarint(append(buf, t), uint64(len(xs)))
	for _, x := range xs {
		buf = binary.AppendVarint(buf, x)
	}
	return buf
}

// IntSeqByteAt is where the byte of a key's first int is, when each int
// is a byte (AppendIntSeqBytes).
const IntSeqByteAt = 2

// IntSeqByte is the byte of an int in 0 .. 63 in a key (its zigzag
// varint).
func IntSeqByte(x int64) byte { return byte(x) << 1 }

// AppendIntSeqBytes appends the key of the list (tuple) of the ints xs
// with each int a byte (every int in 0 .. 63, fewer than 128 of them, a
// tuple or not a list of 0s and 1s): the tag, the length's uvarint
// (a byte) and a byte an int.
func AppendIntSeqBytes(buf []byte, tuple bool, xs []int64) []byte {
	t := TagIntList
	if tuple {
		t = TagIntTuple
	}
	n := len(buf)
	buf = slices.Grow(buf, IntSeqByteAt+len(xs))[:n+IntSeqByteAt+len(xs)]
	buf[n], buf[n+1] = t, byte(len(xs))
	out := buf[n+IntSeqByteAt:]
	for i, x := range xs[:len(out)] {
		out[i] = IntSeqByte(x)
	}
	return buf
}

// appendBitSet appends the bitmap key of a set of ints in 0 ..
// bitSetMax-1 (ascending, as a set holds them), if it is one: the bytes
// up to the last one with a bit set.
func appendBitSet(buf []byte, e []Value) ([]byte, bool) {
	for _, x := range e {
		if x.K != KInt || uint64(x.N) >= BitSetMax {
			return buf, false
		}
	}
	return appendBitmap(buf, TagBitSet, len(e), func(i int) int { return int(e[i].N) }), true
}

// appendPairSet appends the bitmap key of a set of pairs (tuples of two
// ints in 0 .. 63), if it is one.
func appendPairSet(buf []byte, e []Value) ([]byte, bool) {
	if len(e) == 0 {
		return buf, false // the empty set is a bit set
	}
	for _, x := range e {
		if x.K != KTuple {
			return buf, false
		}
		p := x.Elems()
		if len(p) != 2 || p[0].K != KInt || p[1].K != KInt || uint64(p[0].N) >= 64 || uint64(p[1].N) >= 64 {
			return buf, false
		}
	}
	cw, rows := 0, 0
	for _, x := range e {
		p := x.Elems()
		cw, rows = max(cw, int(p[1].N)+1), max(rows, int(p[0].N)+1)
	}
	var w [64]uint64
	for _, x := range e {
		p := x.Elems()
		w[p[0].N] |= 1 << p[1].N
	}
	return appendPacked(buf, cw, rows, func(r int) uint64 { return w[r] }), true
}

// appendPacked appends the key of a nonempty set of pairs: TagPairSet,
// the columns cw, the byte count and the rows 0 .. rows-1 (the columns
// of row r: bits 0 .. cw-1 of row(r)), cw bits each. The pair (r, c) is
// bit r*cw + c: one key for one set, however it was made.
func appendPacked(buf []byte, cw, rows int, row func(r int) uint64) []byte {
	nb := (rows*cw + 7) / 8
	buf = binary.AppendUvarint(append(buf, TagPairSet, byte(cw)), uint64(nb))
	// A row at a time, not a bit: acc holds the n < 8 bits not yet
	// written; a row (cw <= 64 bits) joins them, and the whole bytes go.
	var acc uint64
	n := 0
	for r := range rows {
		x := row(r)
		lo, hi := acc|x<<n, uint64(0)
		if n > 0 {
			hi = x >> (64 - n) // (the bits past 64)
		}
		for n += cw; n >= 8; n -= 8 {
			buf = append(buf, byte(lo))
			lo, hi = lo>>8|hi<<56, hi>>8
		}
		acc = lo
	}
	if n > 0 {
		buf = append(buf, byte(acc))
	}
	return buf
}

// appendBitmap appends tag, the byte count and the bitmap of n ascending
// bit numbers bit(0) .. bit(n-1).
func appendBitmap(buf []byte, tag byte, n int, bit func(i int) int) []byte {
	nb := 0
	if n > 0 {
		nb = bit(n-1)/8 + 1
	}
	buf = binary.AppendUvarint(append(buf, tag), uint64(nb))
	start := len(buf)
	buf = append(buf, make([]byte, nb)...)
	for i := range n {
		b := bit(i)
		buf[start+b/8] |= 1 << (b % 8)
	}
	return buf
}

// DecodeArgKey returns the value of the key at the start of b and the
// bytes after it. b must hold keys appendArgKey made, none boxed.
func DecodeArgKey(b []byte) (Value, []byte) {
	t := b[0]
	b = b[1:]
	switch t {
	case tagNone:
		return None, b
	case tagFalse, tagTrue:
		return Bool(t == tagTrue), b
	case TagInt, tagNim:
		n, k := binary.Varint(b)
		if t == tagNim {
			return Nimber(n), b[k:]
		}
		return Int(n), b[k:]
	case tagStr:
		n, k := binary.Uvarint(b)
		return Str(string(b[k : k+int(n)])), b[k+int(n):]
	case TagIntList, TagIntTuple:
		n, k := binary.Uvarint(b)
		b = b[k:]
		if t == TagIntTuple && n >= 1 && n <= 64 && len(b) >= int(n) {
			if w, ok := tupleBits(b[:n]); ok {
				return BitTuple(w, int(n)), b[n:] // (0s and 1s: kept as bits)
			}
		}
		seq, e := newSeq(int(n), t == TagIntTuple)
		i := 0
		// (Ints of one byte, -64 .. 63, the common case: no varint read.)
		for ; i < len(e) && i < len(b) && b[i] < 0x80; i++ {
			e[i] = Value{K: KInt, N: int64(b[i]>>1) ^ -int64(b[i]&1)}
		}
		b = b[i:]
		for ; i < len(e); i++ {
			x, k := binary.Varint(b)
			e[i] = Value{K: KInt, N: x}
			b = b[k:]
		}
		return seq, b
	case TagBitList, TagBoolList:
		n, k := binary.Uvarint(b)
		b = b[k:]
		if n <= 64 && n > 0 && len(b) >= int(n+7)/8 {
			var w uint64
			for i, x := range b[:(n+7)/8] {
				w |= uint64(x) << (8 * i)
			}
			return BitList(w, int(n), t == TagBoolList), b[(n+7)/8:]
		}
		seq, e := newSeq(int(n), false)
		kind := KInt
		if t == TagBoolList {
			kind = KBool
		}
		for i := range e {
			e[i] = Value{K: kind, N: int64(b[i/8] >> (i % 8) & 1)}
		}
		return seq, b[(n+7)/8:]
	case tagList, tagTuple, tagSet:
		n, k := binary.Uvarint(b)
		b = b[k:]
		e := make([]Value, n)
		for i := range e {
			e[i], b = DecodeArgKey(b)
		}
		switch t {
		case tagTuple:
			return Tuple(e), b
		case tagSet:
			return Value{K: KSet, Ref: &Set{elems: e}}, b
		}
		return List(e), b
	case TagBitSet:
		n, k := binary.Uvarint(b)
		m := &bitmap{w: make([]uint64, (n+7)/8)}
		for i, x := range b[k : k+int(n)] {
			m.w[i/8] |= uint64(x) << (8 * (i % 8))
		}
		// (Its elements are made when asked for: Set.Elements.)
		return Value{K: KSet, Ref: &Set{Bm: m, lazy: true}}, b[k+int(n):]
	case TagPairSet:
		cw := int(b[0])
		n, k := binary.Uvarint(b[1:])
		bs := b[1+k : 1+k+int(n)]
		m := &bitmap{w: make([]uint64, 8*len(bs)/cw), Pairs: true}
		for i, x := range bs {
			for ; x != 0; x &= x - 1 {
				bit := 8*i + bits.TrailingZeros8(x)
				m.w[bit/cw] |= 1 << (bit % cw)
			}
		}
		for len(m.w) > 0 && m.w[len(m.w)-1] == 0 {
			m.w = m.w[:len(m.w)-1]
		}
		return Value{K: KSet, Ref: &Set{Bm: m, lazy: true}}, b[1+k+int(n):]
	case tagMap:
		n, k := binary.Uvarint(b)
		b = b[k:]
		m := &Map{Keys: make([]Value, n), Vals: make([]Value, n)}
		for i := range m.Keys {
			m.Keys[i], b = DecodeArgKey(b)
			m.Vals[i], b = DecodeArgKey(b)
		}
		return Value{K: KMap, Ref: m}, b
	}
	panic("eval: a boxed argument key decoded")
}

// ArgKeyLen is the length of the key at the start of b (made by
// appendArgKey, not boxed).
func ArgKeyLen(b []byte) int {
	t := b[0]
	i := 1
	switch t {
	case tagNone, tagFalse, tagTrue:
	case TagInt, tagNim:
		_, k := binary.Varint(b[i:])
		i += k
	case tagStr, TagBitSet, TagUniSet, TagUniSortedList:
		n, k := binary.Uvarint(b[i:])
		i += k + int(n)
	case TagUniList:
		n, k := binary.Uvarint(b[i:])
		i += k + int(n>>1)*int(1+n&1)
	case TagPairSet:
		n, k := binary.Uvarint(b[i+1:])
		i += 1 + k + int(n)
	case TagRef:
		_, k := binary.Uvarint(b[i:])
		i += k
	case TagBitList, TagBoolList:
		n, k := binary.Uvarint(b[i:])
		i += k + int((n+7)/8)
	case TagPackedStr:
		i = packedStrLen(b)
	case TagIntList, TagIntTuple:
		n, k := binary.Uvarint(b[i:])
		i += k
		for range n {
			_, k := binary.Varint(b[i:])
			i += k
		}
	case tagList, tagTuple, tagSet, tagMap:
		n, k := binary.Uvarint(b[i:])
		i += k
		if t == tagMap {
			n *= 2
		}
		for range n {
			i += ArgKeyLen(b[i:])
		}
	default:
		panic("eval: a boxed argument key measured")
	}
	return i
}
