// Package idlist owns the keys of lists over a universe. A list argument
// of a game whose rule filters it (package build's list filters: the
// divisors left, the cells of a board, the vertices of a graph, as a
// list) is keyed by the ids of its elements in the argument's universe
// (value.Universe), whatever the elements are (ints past 4,095, tuples,
// strings), in one of two forms, one key for one list:
//
//   - a list whose elements strictly ascend (value.Compare) is the bitset
//     of their ids, as a set's key (value.TagUniSortedList): its order is
//     its elements' order, which the universe knows;
//   - any other list is its ids in its order (value.TagUniList), a byte
//     each when all are below 256, else two.
//
// The universe takes the elements it lacks (as it does a set's); a list
// with an element it cannot take (a position inside, or the universe
// full) has the general key (value.AppendArgKey), as it had before: an
// element once in a universe stays, so a list has one key for good.
package idlist

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/value"
)

// AppendKey appends the key of the list v as an argument over u, using
// ids as a buffer (returned, to be reused); boxed as
// value.AppendArgKey's.
func AppendKey(u *value.Universe, buf []byte, v value.Value, ids []int32) ([]byte, []int32, bool) {
	e := v.Elems()
	ids, ok := IDs(u, e, ids[:0])
	if !ok {
		out, boxed := value.AppendArgKey(buf, v, value.MaxKeyBytes)
		return out, ids, boxed
	}
	if Ascending(e) {
		return AppendSorted(buf, bitsOf(ids, nil)), ids, false
	}
	return appendList(buf, ids), ids, false
}

// AppendKeyInts is AppendKey of the list of the ints xs, without the
// list: false, nothing appended, where u lacks one of them (AppendKey of
// the list then adds it).
func AppendKeyInts(u *value.Universe, buf []byte, xs []int64) ([]byte, bool) {
	var ib [64]int32
	ids := ib[:0]
	asc := true
	for i, x := range xs {
		id, ok := u.ID(value.Int(x))
		if !ok {
			return buf, false
		}
		ids = append(ids, int32(id))
		asc = asc && (i == 0 || xs[i-1] < x)
	}
	if asc {
		var wb [8]uint64
		return AppendSorted(buf, bitsOf(ids, wb[:0])), true
	}
	return appendList(buf, ids), true
}

// IDs appends to ids the ids of the elements e in u, in order, adding
// those u lacks; false when u cannot take them (value.Universe.IDs).
func IDs(u *value.Universe, e []value.Value, ids []int32) ([]int32, bool) {
	start := len(ids)
	for _, x := range e {
		id, ok := u.ID(x)
		if !ok {
			return addIDs(u, e, ids[:start])
		}
		ids = append(ids, int32(id))
	}
	return ids, true
}

// addIDs is IDs where u lacks an element: u takes them (ascending, once
// each, as a set's), then each is looked up.
func addIDs(u *value.Universe, e []value.Value, ids []int32) ([]int32, bool) {
	fresh := make([]value.Value, 0, len(e))
	for _, x := range e {
		if _, ok := u.ID(x); !ok {
			fresh = append(fresh, x)
		}
	}
	slices.SortFunc(fresh, value.Compare)
	fresh = slices.CompactFunc(fresh, value.Equal)
	if _, ok := u.IDs(fresh, nil); !ok {
		return ids, false
	}
	for _, x := range e {
		id, _ := u.ID(x)
		ids = append(ids, int32(id))
	}
	return ids, true
}

// Ascending reports whether the elements e strictly ascend.
func Ascending(e []value.Value) bool {
	for i := 1; i < len(e); i++ {
		a, b := e[i-1], e[i]
		if a.K == value.KInt && b.K == value.KInt {
			if a.N >= b.N {
				return false
			}
		} else if value.Compare(a, b) >= 0 {
			return false
		}
	}
	return true
}

// bitsOf is the bitset of the ids, in w's storage.
func bitsOf(ids []int32, w []uint64) []uint64 {
	w = w[:0]
	for _, id := range ids {
		for len(w) <= int(id>>6) {
			w = append(w, 0)
		}
		w[id>>6] |= 1 << (id & 63)
	}
	return w
}

// AppendSorted appends the key of the list of strictly ascending
// elements whose ids are the bitset w.
func AppendSorted(buf []byte, w []uint64) []byte {
	n := len(buf)
	buf = value.AppendUniKey(buf, w)
	buf[n] = value.TagUniSortedList
	return buf
}

// AppendIDs appends the key of the list of the elements of u whose ids
// are ids, in order.
func AppendIDs(u *value.Universe, buf []byte, ids []int32) []byte {
	for i := 1; i < len(ids); i++ {
		if value.Compare(u.Elem(int(ids[i-1])), u.Elem(int(ids[i]))) >= 0 {
			return appendList(buf, ids)
		}
	}
	var wb [8]uint64
	return AppendSorted(buf, bitsOf(ids, wb[:0]))
}

// appendList appends the key of the list of the ids, in order: the tag,
// the count times 2 plus 1 when the ids take two bytes, and the ids.
func appendList(buf []byte, ids []int32) []byte {
	wide := 0
	for _, id := range ids {
		if id > 255 {
			wide = 1
		}
	}
	buf = binary.AppendUvarint(append(buf, value.TagUniList), uint64(len(ids)<<1|wide))
	for _, id := range ids {
		if buf = append(buf, byte(id)); wide == 1 {
			buf = append(buf, byte(id>>8))
		}
	}
	return buf
}

// Tagged reports whether a key with tag t is a list's over a universe.
func Tagged(t byte) bool { return t == value.TagUniList || t == value.TagUniSortedList }

// Decode is the list of the key at the start of b (Tagged) over u, and
// the bytes after it; w is the bitset of its ids when its elements
// ascend (in buf's storage), nil otherwise.
func Decode(u *value.Universe, b []byte, buf []uint64) (v value.Value, rest []byte, w []uint64) {
	tag := b[0]
	n, k := binary.Uvarint(b[1:])
	b = b[1+k:]
	if tag == value.TagUniSortedList {
		w = buf[:0]
		for i, x := range b[:n] {
			if i%8 == 0 {
				w = append(w, 0)
			}
			w[i/8] |= uint64(x) << (8 * (i % 8))
		}
		return value.List(decodeSorted(u, w)), b[n:], w
	}
	cnt, wide := int(n>>1), int(n&1)
	e := make([]value.Value, cnt)
	for i := range e {
		id := int(b[0])
		if wide == 1 {
			id |= int(b[1]) << 8
		}
		e[i], b = u.Elem(id), b[1+wide:]
	}
	return value.List(e), b, nil
}

// decodeSorted is the elements of the ids of bitset w, in their order.
func decodeSorted(u *value.Universe, w []uint64) []value.Value {
	n := 0
	for _, x := range w {
		n += bits.OnesCount64(x)
	}
	e := make([]value.Value, 0, n)
	if order := u.Order(); order != nil {
		for _, id := range order {
			if int(id>>6) < len(w) && w[id>>6]&(1<<(id&63)) != 0 {
				e = append(e, u.Elem(int(id)))
			}
		}
		return e
	}
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			e = append(e, u.Elem(i*64+bits.TrailingZeros64(x)))
		}
	}
	return e
}

// Known is the list over a universe decoded last (a position's
// argument, which its moves filter) and the bitset of its ids when its
// elements ascend: a list filter reads them rather than look each
// element up again.
type Known struct {
	seq *value.Seq
	u   *value.Universe
	w   []uint64
}

// Decode is the package's Decode, noting the list in k.
func (k *Known) Decode(u *value.Universe, b []byte) value.Value {
	v, _, w := Decode(u, b, k.w[:0])
	k.seq = nil
	if w != nil {
		k.seq, k.u, k.w = v.Ref.(*value.Seq), u, w
	}
	return v
}

// Bits is the bitset of the ids in u of the list v when it is the one k
// noted (its elements ascend): not to be changed.
func (k *Known) Bits(v value.Value, u *value.Universe) ([]uint64, bool) {
	if sq, _ := v.Ref.(*value.Seq); sq != nil && sq == k.seq && u == k.u {
		return k.w, true
	}
	return nil, false
}
