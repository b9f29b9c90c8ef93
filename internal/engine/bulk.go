package engine

import (
	"slices"
	"strings"
	"unsafe"
)

// This file builds big values: concatenations, repetitions and copies.
// Each accounts for the memory of what it builds before building it
// (Thread.alloc: the memory limit fails it there), and one that copies
// much polls the run's context as it goes, so that a time limit or an
// interruption ends it promptly. A nil thread (an operation outside a
// run) does neither.

// copyChunk is how many elements (or bytes, times 32) are copied between
// two polls of the context: about a millisecond of copying.
const copyChunk = 1 << 16

// poll polls th's context, when there is one.
func pollIf(th *Thread, pos Pos) {
	if th != nil && th.Ctx != nil {
		th.poll(pos)
	}
}

// bigMakeBytes is the size past which makeSlice makes a slice on a
// goroutine of its own.
const bigMakeBytes = 16 << 20

// makeSlice is make([]T, n, c) for a run at pos. The runtime clears a big
// slice before make returns it (always, when its elements hold pointers),
// touching each of its pages: a GB takes 0.2 to 2 s, during which the run
// cannot poll. A big one is made on another goroutine while this one
// waits for it or for the run's end, whichever comes first (an abandoned
// slice is garbage once made).
func makeSlice[T any](th *Thread, pos Pos, n, c int) []T {
	var zero T
	if th == nil || th.Ctx == nil || int64(unsafe.Sizeof(zero))*int64(c) < bigMakeBytes {
		return make([]T, n, c)
	}
	pollIf(th, pos)
	made := make(chan []T, 1)
	go func() { made <- make([]T, n, c) }()
	select {
	case s := <-made:
		return s
	case <-th.Ctx.Done():
		panic(th.ctxErr(pos))
	}
}

// allocIf accounts for n bytes about to be built, when th is set.
func allocIf(th *Thread, pos Pos, n int64) {
	if th != nil {
		th.alloc(pos, n)
	}
}

// concatElems returns a new slice holding xs and then ys.
func concatElems(th *Thread, pos Pos, xs, ys []Value) []Value {
	n := len(xs) + len(ys)
	allocIf(th, pos, elemsBytes(n))
	out := makeSlice[Value](th, pos, 0, n)
	out = appendElems(th, pos, out, xs)
	return appendElems(th, pos, out, ys)
}

// appendElems appends ys to out (whose capacity holds them), polling
// between chunks.
func appendElems(th *Thread, pos Pos, out, ys []Value) []Value {
	for len(ys) > copyChunk {
		out = append(out, ys[:copyChunk]...)
		ys = ys[copyChunk:]
		pollIf(th, pos)
	}
	return append(out, ys...)
}

// concatStr returns x + y.
func concatStr(th *Thread, pos Pos, x, y string) string {
	n := len(x) + len(y)
	allocIf(th, pos, int64(n))
	if n <= 32*copyChunk {
		return x + y
	}
	var b strings.Builder
	b.Grow(n)
	writeChunked(th, pos, &b, x)
	writeChunked(th, pos, &b, y)
	return b.String()
}

// writeChunked writes s to b, polling between chunks.
func writeChunked(th *Thread, pos Pos, b *strings.Builder, s string) {
	for len(s) > 32*copyChunk {
		b.WriteString(s[:32*copyChunk])
		s = s[32*copyChunk:]
		pollIf(th, pos)
	}
	b.WriteString(s)
}

// sumOf is SumOf of two games, accounting for the parts it copies.
func sumOf(th *Thread, pos Pos, a, b Value) Value {
	if a.K == KSum || b.K == KSum {
		allocIf(th, pos, elemsBytes(len(a.Parts())+len(b.Parts())))
	}
	return SumOf([]Value{a, b})
}

// repeatElems returns k copies of xs, one after another.
func repeatElems(th *Thread, pos Pos, xs []Value, k int) []Value {
	allocIf(th, pos, elemsBytes(len(xs)*k))
	out := makeSlice[Value](th, pos, 0, len(xs)*k)
	last := 0 // len(out) at the last poll
	for range k {
		out = appendElems(th, pos, out, xs)
		if len(out)-last > copyChunk {
			pollIf(th, pos)
			last = len(out)
		}
	}
	return out
}

// repeatStr returns k copies of s.
func repeatStr(th *Thread, pos Pos, s string, k int) string {
	allocIf(th, pos, int64(len(s)*k))
	if len(s)*k <= 32*copyChunk {
		return strings.Repeat(s, k)
	}
	var b strings.Builder
	b.Grow(len(s) * k)
	last := 0 // b.Len() at the last poll
	for range k {
		writeChunked(th, pos, &b, s)
		if b.Len()-last > 32*copyChunk {
			pollIf(th, pos)
			last = b.Len()
		}
	}
	return b.String()
}

// accum is a run of + on strings, lists or tuples in a Chain, built in
// place rather than copied at each step (1 + ... written as "a" + "a" +
// ... 100,000 times would copy its result that many times): what the
// steps would build, as they would build it.
type Accum struct {
	k    Kind // KNone: no run in progress
	b    strings.Builder
	xs   []Value
	used int64 // bytes accounted for
}

// add tries v + y as the next step of a run: it reports false (and
// builds nothing) when that is not a concatenation of two strings, lists
// or tuples, or a sum of two games, which the caller computes the general
// way.
func (a *Accum) Add(th *Thread, pos Pos, v, y Value) bool {
	switch {
	case a.k == KSum && y.IsGame():
		a.xs = appendElems(th, pos, RoomForN(th, pos, a.xs, len(y.Parts())), y.Parts())
		return true
	case a.k == KNone && v.IsGame() && y.IsGame():
		// As SumOf flattens (((a + b) + c) + d) into its parts.
		a.k = KSum
		a.xs = append(append([]Value(nil), v.Parts()...), y.Parts()...)
		return true
	case a.k == KNone && v.K == y.K && (v.K == KStr || v.K == KList || v.K == KTuple):
		a.k = v.K
		if v.K == KStr {
			a.b.Reset()
			a.grow(th, pos, int64(len(v.Str())+len(y.Str())))
			writeChunked(th, pos, &a.b, v.Str())
		} else {
			a.xs = nil
			a.grow(th, pos, elemsBytes(len(v.Elems())+len(y.Elems())))
			a.xs = appendElems(th, pos, a.xs, v.Elems())
		}
	case a.k != KNone && y.K == a.k:
	default:
		return false
	}
	if a.k == KStr {
		a.grow(th, pos, int64(a.b.Len()+len(y.Str())))
		writeChunked(th, pos, &a.b, y.Str())
	} else {
		a.grow(th, pos, elemsBytes(len(a.xs)+len(y.Elems())))
		a.xs = appendElems(th, pos, a.xs, y.Elems())
	}
	return true
}

// grow makes room for n bytes in all, doubling, and accounts for them.
func (a *Accum) grow(th *Thread, pos Pos, n int64) {
	if a.k == KStr && int64(a.b.Cap()) >= n || a.k != KStr && elemsBytes(cap(a.xs)) >= n {
		return
	}
	n = max(n, 2*a.used)
	allocIf(th, pos, n)
	a.used = n
	if a.k == KStr {
		a.b.Grow(int(n) - a.b.Len())
	} else {
		a.xs = appendElems(th, pos, makeSlice[Value](th, pos, 0, int(n/valueBytes)), a.xs)
	}
}

// value ends the run in progress and returns what it built (v, when none
// is in progress).
func (a *Accum) Value(v Value) Value {
	k := a.k
	a.k, a.used = KNone, 0
	switch k {
	case KStr:
		s := a.b.String()
		a.b = strings.Builder{}
		return Str(s)
	case KList:
		xs := a.xs
		a.xs = nil
		return List(xs)
	case KTuple:
		xs := a.xs
		a.xs = nil
		return Tuple(xs)
	case KSum:
		xs := a.xs
		a.xs = nil
		return SumOf(xs)
	}
	return v
}

// sortValues sorts xs stably by Compare, polling th's context as it
// compares (a sort of millions of values takes seconds).
func sortValues(th *Thread, pos Pos, xs []Value) {
	if th == nil || th.Ctx == nil || len(xs) < pollEvery {
		slices.SortStableFunc(xs, Compare)
		return
	}
	n := 0
	slices.SortStableFunc(xs, func(a, b Value) int {
		n++
		th.PollN(pos, n)
		return Compare(a, b)
	})
}

// setOf is SetOf for the run th at pos (its sort polls the context).
func BuildSet(th *Thread, pos Pos, elems []Value) Value {
	sortValues(th, pos, elems)
	elems = slices.CompactFunc(elems, Equal)
	return Value{K: KSet, Ref: &Set{Elems: elems}}
}

// mapOf is MapOf for the run th at pos (its sort polls the context).
func BuildMap(th *Thread, pos Pos, keys, vals []Value) Value {
	if len(keys) < pollEvery {
		return MapOf(keys, vals)
	}
	n := 0
	return mapSorted(keys, vals, func(a, b int) int {
		n++
		th.PollN(pos, n)
		return Compare(keys[a], keys[b])
	})
}

// Built-ins build big values through these.

// Sort sorts xs stably by Compare, polling the run's context as it goes.
func (c *Call) Sort(xs []Value) { sortValues(c.Th, c.Pos, xs) }

// SetOf is SetOf for the call's run (its sort polls the context).
func (c *Call) SetOf(elems []Value) Value { return BuildSet(c.Th, c.Pos, elems) }

// AllocValues accounts for n values about to be built (see Alloc).
func (c *Call) AllocValues(n int) { c.Th.alloc(c.Pos, elemsBytes(n)) }

// Poll polls the run's context every pollEvery calls, i counting them:
// for a built-in's loop over the elements of a big value.
func (c *Call) Poll(i int) { c.Th.PollN(c.Pos, i) }

// Clone returns a copy of xs, accounting for its memory and polling as it
// copies.
func (c *Call) Clone(xs []Value) []Value {
	return appendElems(c.Th, c.Pos, c.Alloced(len(xs)), xs)
}

// Alloced returns an empty slice with room for n values, accounted for.
func (c *Call) Alloced(n int) []Value {
	c.AllocValues(n)
	return makeSlice[Value](c.Th, c.Pos, 0, n)
}

// roomFor returns xs, with room for one more element: when append would
// grow it, it grows it here, after accounting for the new array.
func RoomFor(th *Thread, pos Pos, xs []Value) []Value { return RoomForN(th, pos, xs, 1) }

// roomForN is roomFor for k more elements.
func RoomForN(th *Thread, pos Pos, xs []Value, k int) []Value {
	if len(xs)+k <= cap(xs) || len(xs)+k < 1024 {
		return xs
	}
	n := max(cap(xs)+cap(xs)/4, len(xs)+k) // as append grows a big slice
	allocIf(th, pos, elemsBytes(n))
	return appendElems(th, pos, makeSlice[Value](th, pos, 0, n), xs)
}

// grown returns s with room for n more elements. When it must grow and is
// big, it is copied into the new array in chunks, th's context polled
// between them (the loopy solver's buffers reach hundreds of megabytes),
// after accounting for the new array's memory.
func Grown[T any](th *Thread, pos Pos, s []T, n int) []T {
	if len(s)+n <= cap(s) || cap(s) < copyChunk {
		return s
	}
	size := max(2*cap(s), len(s)+n)
	var zero T
	allocIf(th, pos, int64(unsafe.Sizeof(zero))*int64(size))
	out := makeSlice[T](th, pos, len(s), size)
	for i := 0; i < len(s); i += copyChunk {
		copy(out[i:], s[i:min(len(s), i+copyChunk)])
		pollIf(th, pos)
	}
	return out
}
