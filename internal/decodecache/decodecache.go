// Package decodecache owns the decoding of a position's argument from its
// key (package engine's Game.DecodeArg) where the argument is a list or
// tuple whose elements are lists, tuples, strings or other values of
// several bytes: the rows of a grid, `((0, 1, 0), (0, 0, 0))` or `["..#",
// "#.."]`. Each element is looked up by its bytes in a cache of the
// elements decoded last (direct-mapped, by a hash of the bytes), and the
// value found there is shared: values never change, and the same bytes
// always decode to equal values (an element's key does not depend on its
// game; a key of a position's whole argument, packed over its game's
// alphabet or universe, is decoded by the engine, not here). Expanding a
// position of a grid then makes one list, not a list per row. Safe for
// concurrent use: a slot holds an immutable entry, swapped atomically.
package decodecache

import (
	"encoding/binary"
	"hash/maphash"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/value"
)

// The tags of a list's and a tuple's keys (of the general encoding).
var (
	tagList  = mustTag(value.List([]value.Value{value.Str("a")}))
	tagTuple = mustTag(value.Tuple([]value.Value{value.Str("a")}))
)

// mustTag is the first byte of v's key.
func mustTag(v value.Value) byte {
	k, _ := value.AppendArgKey(nil, v, value.MaxKeyBytes)
	return k[0]
}

// The cache: its slots, and the longest key of an element it keeps.
const (
	slots   = 1 << 12
	maxElem = 96
)

// entry is an element's key and its value.
type entry struct {
	key string
	v   value.Value
}

var (
	cache [slots]atomic.Pointer[entry]
	seed  = maphash.MakeSeed()
)

// Decode is value.DecodeArgKey of key (the whole of it: one argument),
// each element of a list or tuple of the general encoding read through
// the cache.
func Decode(key []byte) value.Value {
	if t := key[0]; t != tagList && t != tagTuple || len(key) < 2 {
		v, _ := value.DecodeArgKey(key)
		return v
	}
	n, k := binary.Uvarint(key[1:])
	if k <= 0 || n > uint64(len(key)) {
		v, _ := value.DecodeArgKey(key)
		return v
	}
	b := key[1+k:]
	es := make([]value.Value, n)
	for i := range es {
		if b[0] == value.TagRef {
			// (Not of the general encoding: decoded as a whole, which
			// says so.)
			v, _ := value.DecodeArgKey(key)
			return v
		}
		l := value.ArgKeyLen(b)
		es[i] = elem(b[:l])
		b = b[l:]
	}
	if key[0] == tagTuple {
		return value.Tuple(es)
	}
	return value.List(es)
}

// elem is the value of an element's key b: from the cache, or decoded
// (and kept) when it is of a few bytes and not an int.
func elem(b []byte) value.Value {
	if len(b) < 3 || len(b) > maxElem || b[0] == value.TagInt {
		v, _ := value.DecodeArgKey(b)
		return v
	}
	slot := &cache[maphash.Bytes(seed, b)&(slots-1)]
	if e := slot.Load(); e != nil && e.key == string(b) {
		return e.v
	}
	v, _ := value.DecodeArgKey(b)
	if v.K == value.KStr && value.IsASCII(v.Str()) {
		v = value.StrASCII(v.Str()) // (known ASCII: indexed without a scan)
	}
	slot.Store(&entry{string(b), v})
	return v
}
