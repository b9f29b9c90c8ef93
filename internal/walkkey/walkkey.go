// Package walkkey owns the keys of a walk (package build, walk.go): a
// move rule's last range of x whose option is a list of ints that
// changes with x in a few elements, each x plus or minus what does not
// change: which elements change and how (Changes), the list the options
// start from read once a position (Base), the form of an element and its
// value at the first x (Value), and the key of the list for each x,
// rewritten from the one before, as a word when it has at most 8 bytes
// (Walker).
package walkkey

import (
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/value"
	"math"
)

// MaxChanges bounds the elements that change with x.
const MaxChanges = 8

// Changes are the elements of a list (of fewer than 128) that change
// with x: element at[k] by d[k] (1 or -1) a value of x. (Small: returned
// as a value.)
type Changes struct {
	N  int
	At [MaxChanges]uint8
	D  [MaxChanges]int8
}

// WordStart is the key at x0 of a list whose key is a byte an int of at
// most 8 bytes (ok): its word, its length, whether an element that does
// not change is more than 1 (big) and whether it is a tuple.
type WordStart struct {
	Word  uint64
	N     int
	Big   bool
	Tuple bool
	OK    bool
}

// Base is what a walk reads of the list its options start from, once
// for all the runs of a position's moves: its ints, and when its key is
// a byte an int of at most 8 bytes (small), that key as a word and how
// many of its ints are more than 1.
type Base struct {
	ints  value.IntsCache
	first *value.Value
	n     int
	word  uint64
	big   int
	small bool
}

// Of returns the ints of the list of elements e (false when they are not
// all ints), working out the rest when e is another list than last time.
func (b *Base) Of(e []value.Value) ([]int64, bool) {
	base, ok := b.ints.Of(e)
	if !ok || len(e) == 0 {
		return base, ok
	}
	if b.first != &e[0] || b.n != len(e) {
		b.first, b.n = &e[0], len(e)
		b.small, b.big = len(base) <= 8-value.IntSeqByteAt, 0
		for _, x := range base {
			b.small = b.small && uint64(x) < 64
			if x > 1 {
				b.big++
			}
		}
		if b.small {
			var kb [8]byte
			b.word = memo.KeyWord(value.AppendIntSeqBytes(kb[:0], false, base))
		}
	}
	return base, true
}

// Start is the word start of a list of base b (its key tagged for a
// tuple when tuple) with its elements at[k] = vals[k] (bases: their ints
// in b), when b is small.
func (b *Base) Start(ch *Changes, vals, bases *[MaxChanges]int64, tuple bool) WordStart {
	if !b.small {
		return WordStart{}
	}
	ws := WordStart{Word: b.word, N: value.IntSeqByteAt + b.n, Tuple: tuple, OK: true}
	if tuple {
		// (The tag's byte, the key's first.)
		ws.Word = ws.Word&^0xff | uint64(value.TagIntTuple)
	}
	big := b.big
	for k := range ch.N {
		sh := 8 * (value.IntSeqByteAt + uint(ch.At[k]))
		// (Two's complement: exact once every byte is in 0 .. 126.)
		ws.Word += uint64(2*(vals[k]-bases[k])) << sh
		if bases[k] > 1 {
			big--
		}
	}
	ws.Big = big > 0
	return ws
}

// A direct element: x (ElemX), base[i] + x (ElemPlus), base[i] - x
// (ElemMinus), x - base[i] (ElemXMinus), base[i] (ElemBase) or base[i] +
// -x (ElemPlusNeg), with i
// its index.
const (
	ElemNone = iota
	ElemX
	ElemPlus
	ElemMinus
	ElemXMinus
	ElemBase
	ElemPlusNeg // base[i] + -x
)

// Value is the value at x0 of an element of form f whose base
// element is e, and its change a value of x; false when it overflows.
func Value(f int, e, x0 int64) (v, d int64, ok bool) {
	switch f {
	case ElemX:
		return x0, 1, true
	case ElemPlus:
		v, ok = operator.AddOK(e, x0)
		return v, 1, ok
	case ElemMinus:
		v, ok = operator.SubOK(e, x0)
		return v, -1, ok
	case ElemPlusNeg:
		// (-x0 overflows where x0 is the least int, as E - x0 need not.)
		v, ok = operator.SubOK(e, x0)
		return v, -1, ok && x0 != math.MinInt64
	case ElemXMinus:
		v, ok = operator.SubOK(x0, e)
		return v, 1, ok
	}
	return e, 0, true
}

// Walker holds a walk's key: the list built for x0 (ints, tuple), the
// elements that change with x (at, by d a value of x, from v0 at x0),
// and the key (of keyLen bytes): a word, word0, and its change a value of
// x, step, when it has at most 8 bytes; else written a byte an int in
// buf.
type Walker struct {
	ints  []int64
	tuple bool
	x0    int64
	Changes
	v0 [MaxChanges]int64
	// The values of x - x0 for which each element changing is in 0 ..
	// 63 (one interval: they move one way each).
	lo, hi int64
	// big: an element that does not change is more than 1 (the key is
	// then never a list of 0s and 1s).
	big         bool
	KeyLen      int
	buf         []byte
	word0, step uint64
	Gone        bool // x - x0 is past hi: the elements do not come back
}

// Init starts the walk from the list built for x0 (in s, whose key
// buffer it takes); false for too long a list.
func (w *Walker) Init(s *value.Scratch, x0 int64) bool {
	if len(s.Ints) >= 128 {
		return false
	}
	w.ints, w.tuple, w.x0 = s.Ints, s.Tuple, x0
	w.buf = value.AppendIntSeqBytes(s.Key[:0], w.tuple, s.Ints)
	w.KeyLen = len(w.buf)
	s.Key = w.buf
	return true
}

// Start sets the elements that change (some must) and works out what
// key reads: false when an element that does not change is out of 0 ..
// 63 (the key never a byte an int).
func (w *Walker) Start(ch Changes) bool {
	w.Changes = ch
	if w.N == 0 {
		return false
	}
	var changed [2]uint64 // (fewer than 128 elements)
	for k := range w.N {
		changed[w.At[k]>>6] |= 1 << (w.At[k] & 63)
		w.v0[k] = w.ints[w.At[k]]
	}
	for i, e := range w.ints {
		if changed[i>>6]>>(i&63)&1 == 0 {
			if uint64(e) >= 64 {
				return false
			}
			w.big = w.big || e > 1
		}
	}
	if len(w.buf) <= 8 {
		// (The bytes that change as 2 * v0 added, two's complement: an
		// element out of 0 .. 63 at x0 borrows from the bytes above, and
		// the word is exact at each x where they are all in it.)
		w.word0 = memo.KeyWord(w.buf)
		for k := range w.N {
			sh := 8 * (value.IntSeqByteAt + uint(w.At[k]))
			w.word0 = w.word0&^(0xff<<sh) + uint64(2*w.v0[k])<<sh
		}
	}
	w.bounds()
	return true
}

// StartWord starts the walk at x0 from a key of at most 8 bytes (ws) and
// the values at x0 of the elements that change (vals, in their order).
func (w *Walker) StartWord(ch Changes, ws WordStart, vals []int64, x0 int64) bool {
	w.Changes = ch
	if w.N == 0 {
		return false
	}
	copy(w.v0[:w.N], vals)
	w.x0, w.tuple, w.big, w.KeyLen, w.word0 = x0, ws.Tuple, ws.Big, ws.N, ws.Word
	w.bounds()
	return true
}

// bounds works out lo and hi, and a short key's step.
func (w *Walker) bounds() {
	w.lo, w.hi = 0, 63
	for k := range w.N {
		e := w.v0[k]
		lo, hi := -e, 63-e // (x - x0 for e + (x - x0) in 0 .. 63)
		if w.D[k] < 0 {
			lo, hi = e-63, e
		}
		w.lo, w.hi = max(w.lo, lo), min(w.hi, hi)
		w.step += uint64(int64(w.D[k])) << (8*(value.IntSeqByteAt+int(w.At[k])) + 1) // (a byte is 2e)
	}
}

// Key is the key of the list for x > x0, when each of its ints is a byte
// (fit): as a word (key nil) when it has at most 8 bytes; gone when x is
// past the values for which the elements that change are in 0 .. 63.
func (w *Walker) Key(x int64) (word uint64, key []byte, fit bool) {
	dx := x - w.x0
	if dx > w.hi {
		w.Gone = true
		return 0, nil, false
	}
	if dx < w.lo {
		return 0, nil, false
	}
	if !w.big && !w.tuple {
		// (A list of 0s and 1s has another key.)
		big := false
		for k := range w.N {
			big = big || w.v0[k]+dx*int64(w.D[k]) > 1
		}
		if !big {
			return 0, nil, false
		}
	}
	if w.KeyLen <= 8 {
		// (Each byte stays in 0 .. 126: no carry between them.)
		return w.word0 + uint64(dx)*w.step, nil, true
	}
	for k := range w.N {
		w.buf[value.IntSeqByteAt+int(w.At[k])] = value.IntSeqByte(w.v0[k] + dx*int64(w.D[k]))
	}
	return 0, w.buf, true
}

// Change notes that element i changes by d a value of x (d 0: it does
// not; an element changed again keeps the last change); false when too
// many do.
func (w *Changes) Change(i int, d int64) bool {
	if i >= 128 {
		return false
	}
	for k := range w.N {
		if int(w.At[k]) == i {
			// (Set again by an update: its own change replaces it.)
			w.N--
			copy(w.At[k:w.N], w.At[k+1:w.N+1])
			copy(w.D[k:w.N], w.D[k+1:w.N+1])
			break
		}
	}
	if d == 0 {
		return true
	}
	if w.N == MaxChanges {
		return false
	}
	w.At[w.N], w.D[w.N] = uint8(i), int8(d)
	w.N++
	return true
}

// Has reports whether element i changes with x.
func (w *Changes) Has(i int) bool {
	for k := range w.N {
		if int(w.At[k]) == i {
			return true
		}
	}
	return false
}
