// Package maskcache owns the masks a filter or a set operator's operand
// keeps over a set's bits for each value of the names it reads (package
// build's filters, list filters and cached operands): found by index for
// one small int, by a word for a few small ints and cells, else by a key
// of their values; forgotten when a let they read is made again or the
// universe of their ids changes.
package maskcache

import (
	"encoding/binary"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// Entry is the mask of one value of a filter's other names: Known
// has the bits of the elements tested, Pass those that passed. (An
// operand's bits, Keep: Known is computed, and Size, when not 0, the
// size of the universe they hold for.)
type Entry struct {
	Known, Pass []uint64
	Size        int
}

// New returns an empty cache.
func New() *Cache { return &Cache{masks: map[string]*Entry{}} }

// Cache is a filter's masks, by the class of the set's bits and
// the values of the locals its conditions read; lets: the values of the
// lets they read when the masks were made.
type Cache struct {
	lets []value.Value
	uni  *value.Universe // the universe of the masks of class 2
	// byInt: the masks of one local that is a small int, by class and
	// value (no key made), also in masks.
	byInt [3][]*Entry
	// byWord: the masks of up to 3 locals that are each a small int or
	// a cell, by a word of their values (wordKey: no key made, no
	// string hashed), also in masks.
	byWord  map[uint64]*Entry
	masks   map[string]*Entry
	key     []byte
	entries int
	// calls and fresh count the entries asked for and those made new
	// (Off).
	calls, fresh int
	// The lists, sets, maps and tuples the locals held, each an id in
	// the masks' keys: by the value's key (objKeys, objBytes of keys in
	// all), and the values met last by identity (objs: a graph passed
	// unchanged from position to position is not encoded again).
	objs     [objRecent]objID
	objAt    int
	objKeys  map[string]uint32
	objBytes int
	// objRefs: the ids of sets met, by their identity (a set never
	// changes; the map keeps it alive), up to maxObjRefs.
	objRefs map[*value.Set]uint32
}

// objID is a value met as a local, and its id.
type objID struct {
	v  value.Value
	id uint32
}

// objRecent is how many values objs holds; maxObjKey and maxObjBytes
// bound the key of one and the keys of all (past them, no mask is kept).
const (
	maxObjRefs  = 1 << 12
	objRecent   = 8
	maxObjKey   = 1 << 14
	maxObjBytes = 1 << 22
)

// objectID is the id of v, a list, set, map or tuple: one id for equal
// values; false when its key is too long or the ids' keys too many.
func (fc *Cache) objectID(v value.Value) (uint32, bool) {
	for i := range fc.objs {
		if o := &fc.objs[i]; o.v.K == v.K && o.v.N == v.N && o.v.Ref != nil && sameRef(o.v.Ref, v.Ref) {
			return o.id, true
		}
	}
	ref, byRef := v.Ref.(*value.Set)
	if byRef {
		// (A set met before by its identity, of many: the lines of a
		// board, each a set, tested one after the other.)
		if id, ok := fc.objRefs[ref]; ok {
			fc.remember(v, id)
			return id, true
		}
	}
	k, boxed := value.AppendArgKey(nil, v, maxObjKey)
	if boxed || len(k) > maxObjKey {
		return 0, false
	}
	id, ok := fc.objKeys[string(k)]
	if !ok {
		if fc.objBytes+len(k) > maxObjBytes {
			return 0, false
		}
		if fc.objKeys == nil {
			fc.objKeys = map[string]uint32{}
		}
		id = uint32(len(fc.objKeys))
		fc.objKeys[string(k)] = id
		fc.objBytes += len(k)
	}
	if byRef && len(fc.objRefs) < maxObjRefs {
		if fc.objRefs == nil {
			fc.objRefs = map[*value.Set]uint32{}
		}
		fc.objRefs[ref] = id
	}
	fc.remember(v, id)
	return id, true
}

// remember makes v, whose id is id, one of the values met last.
func (fc *Cache) remember(v value.Value, id uint32) {
	fc.objs[fc.objAt] = objID{v, id}
	fc.objAt = (fc.objAt + 1) % objRecent
}

// maxFilterEntries bounds the masks a filter keeps; past it, a set is
// filtered element by element (still as a bitmap).
const maxFilterEntries = 1 << 14

// maxFilterKey bounds the key of the locals' values a mask is kept for.
const maxFilterKey = 64

// Entry is the mask for the current values of the locals (slots) that
// the conditions read, in bit class cls; nil when none is kept (a
// local's value too large for a key, too many masks). The ints extra,
// when given, are of the key too (the ends of a range the operand loops
// over: purecond.RangeNames).
func (fc *Cache) Entry(fr *engine.Frame, cls uint8, u *value.Universe, locals, lets []int, extra ...int64) *Entry {
	fc.calls++
	if cls == 2 && u != fc.uni {
		// (Masks of ids of another universe: the masks of class 2 go.)
		for k := range fc.masks {
			if k[0] == 2 {
				delete(fc.masks, k)
				fc.entries--
			}
		}
		for k := range fc.byWord {
			if k>>62 == 2 {
				delete(fc.byWord, k)
				fc.entries--
			}
		}
		fc.byInt[2] = nil
		fc.uni = u
	}
	for i, s := range lets {
		g := fr.Th.Globals[s]
		if i >= len(fc.lets) {
			fc.lets = append(fc.lets, g)
			continue
		}
		if l := fc.lets[i]; l.K != g.K || l.N != g.N || !sameRef(l.Ref, g.Ref) {
			// A let made again: the masks were of its old value.
			clear(fc.masks)
			clear(fc.byWord)
			fc.byInt = [3][]*Entry{}
			fc.entries = 0
			fc.lets = fc.lets[:0]
			return fc.Entry(fr, cls, u, locals, lets, extra...)
		}
	}
	small := -1
	if len(locals) == 1 && len(extra) == 0 {
		if v := fr.Slots[locals[0]]; v.K == value.KInt && uint64(v.N) < smallFilterInts {
			small = int(v.N)
			if small < len(fc.byInt[cls]) && fc.byInt[cls][small] != nil {
				return fc.byInt[cls][small]
			}
		}
	}
	if w, ok := wordKey(fr, cls, locals, extra); ok && small < 0 {
		if ent := fc.byWord[w]; ent != nil {
			return ent
		}
		if fc.entries >= maxFilterEntries {
			return nil
		}
		fc.entries++
		fc.fresh++
		ent := &Entry{}
		if fc.byWord == nil {
			fc.byWord = map[uint64]*Entry{}
		}
		fc.byWord[w] = ent
		return ent
	}
	key := append(fc.key[:0], cls)
	for _, s := range locals {
		v := fr.Slots[s]
		if v.K == value.KInt {
			key = binary.AppendVarint(append(key, value.TagInt), v.N)
			continue
		}
		if v.K == value.KList || v.K == value.KSet || v.K == value.KMap || v.K == value.KTuple {
			id, ok := fc.objectID(v)
			if !ok {
				fc.key = key
				return nil
			}
			key = binary.AppendUvarint(append(key, value.TagRef), uint64(id))
			continue
		}
		var boxed bool
		key, boxed = value.AppendArgKey(key, v, maxFilterKey)
		if boxed || len(key) > maxFilterKey {
			fc.key = key
			return nil
		}
	}
	for _, x := range extra {
		key = binary.AppendVarint(append(key, value.TagInt), x)
	}
	fc.key = key
	if ent, ok := fc.masks[string(key)]; ok {
		return ent
	}
	if fc.entries >= maxFilterEntries {
		return nil
	}
	fc.entries++
	fc.fresh++
	ent := &Entry{}
	fc.masks[string(key)] = ent
	if small >= 0 {
		for len(fc.byInt[cls]) <= small {
			fc.byInt[cls] = append(fc.byInt[cls], nil)
		}
		fc.byInt[cls][small] = ent
	}
	return ent
}

// Off reports whether the masks asked for have mostly been new ones
// (after 1,024 asked): values of the names that do not come again, a
// mask made per position (an operand that reads the set it is combined
// with). Its user then computes as written, as cheaply.
func (fc *Cache) Off() bool { return fc.calls >= 1024 && 2*fc.fresh > fc.calls }

// sameRef reports whether a and b hold the same dynamic type and data
// word: the same value made once (a let read again), without comparing
// what they point to (a let made again with an equal value that is not
// the same object counts as another: its masks are made again).
func sameRef(a, b any) bool { return SameRef(a, b) }

// SameRef reports whether a and b, two values' Refs, hold the same
// dynamic type and data word: the same value made once.
func SameRef(a, b any) bool {
	p, q := (*[2]unsafe.Pointer)(unsafe.Pointer(&a)), (*[2]unsafe.Pointer)(unsafe.Pointer(&b))
	return p[0] == q[0] && p[1] == q[1] // (not an array compare: no call)
}

// wordKey is the word of the values of the locals (slots) a filter's
// conditions read and of the ints extra after them (Entry), in bit class
// cls, when there are at most 3 and each
// is an int from 0 to 2^18 - 1, a cell (r, c) with 0 <= r, c < 64 or a
// triple of ints from 0 to 63 (tupleField):
// each is 20 bits (a tag and the int, the cell's bit or the triple), the
// class the top 2; or when there are 4 and each is such an int below
// 2^13 or such a cell: each is 15 bits. Two lists of values (of one length) have one
// word only when they are equal.
func wordKey(fr *engine.Frame, cls uint8, locals []int, extra []int64) (uint64, bool) {
	if len(locals)+len(extra) > 4 {
		return 0, false
	}
	vb, fb := uint(18), uint(20)
	if len(locals)+len(extra) == 4 {
		vb, fb = 13, 15
	}
	w := uint64(cls) << 62
	for i, s := range locals {
		v := fr.Slots[s]
		var f uint64
		switch {
		case v.K == value.KInt && uint64(v.N) < 1<<vb:
			f = 1<<vb | uint64(v.N)
		case v.K == value.KTuple:
			var ok bool
			if f, ok = tupleField(v.Elems(), vb); !ok {
				return 0, false
			}
		default:
			return 0, false
		}
		w |= f << (fb * uint(i))
	}
	for j, x := range extra {
		if uint64(x) >= 1<<vb {
			return 0, false
		}
		w |= (1<<vb | uint64(x)) << (fb * uint(len(locals)+j))
	}
	return w, true
}

// tupleField is wordKey's field of a tuple, its tag above vb bits: a
// cell (r, c), 0 <= r, c < 64 (tag 2), or, when vb is 18, a triple of
// ints from 0 to 63 (tag 3).
func tupleField(p []value.Value, vb uint) (uint64, bool) {
	for _, x := range p {
		if x.K != value.KInt || uint64(x.N) >= 64 {
			return 0, false
		}
	}
	switch {
	case len(p) == 2:
		b, _ := value.CellBit(p[0].N, p[1].N)
		return 2<<vb | uint64(b), true
	case len(p) == 3 && vb >= 18:
		return 3<<vb | uint64(p[0].N)<<12 | uint64(p[1].N)<<6 | uint64(p[2].N), true
	}
	return 0, false
}

// smallFilterInts bounds the ints of a filter's one local whose masks
// are found by index (byInt).
const smallFilterInts = 1 << 16
