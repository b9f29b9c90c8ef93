package engine

import (
	"slices"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/value"
)

// This file builds big values: concatenations, repetitions and copies.
// Each accounts for the memory of what it builds before building it
// (Thread.alloc: the memory limit fails it there), and one that copies
// much polls the run's context as it goes, so that a time limit or an
// interruption ends it promptly. A nil thread (an operation outside a
// run) does neither.

// CopyChunk is how many elements (or bytes, times 32) are copied between
// two polls of the context: about a millisecond of copying.
const CopyChunk = 1 << 16

// PollIf polls th's context, when there is one.
func PollIf(th *Thread, pos Pos) {
	if th != nil && th.Ctx != nil {
		th.Poll(pos)
	}
}

// bigMakeBytes is the size past which makeSlice makes a slice on a
// goroutine of its own.
const bigMakeBytes = 16 << 20

// MakeSlice is make([]T, n, c) for a run at pos. The runtime clears a big
// slice before make returns it (always, when its elements hold pointers),
// touching each of its pages: a GB takes 0.2 to 2 s, during which the run
// cannot poll. A big one is made on another goroutine while this one
// waits for it or for the run's end, whichever comes first (an abandoned
// slice is garbage once made).
func MakeSlice[T any](th *Thread, pos Pos, n, c int) []T {
	var zero T
	if th == nil || th.Ctx == nil || int64(unsafe.Sizeof(zero))*int64(c) < bigMakeBytes {
		return make([]T, n, c)
	}
	PollIf(th, pos)
	made := make(chan []T, 1)
	go func() { made <- make([]T, n, c) }()
	select {
	case s := <-made:
		return s
	case <-th.Ctx.Done():
		panic(th.ctxErr(pos))
	}
}

// AllocIf accounts for n bytes about to be built, when th is set.
func AllocIf(th *Thread, pos Pos, n int64) {
	if th != nil {
		th.Alloc(pos, n)
	}
}

// AppendElems appends ys to out (whose capacity holds them), polling
// between chunks.
func AppendElems(th *Thread, pos Pos, out, ys []value.Value) []value.Value {
	for len(ys) > CopyChunk {
		out = append(out, ys[:CopyChunk]...)
		ys = ys[CopyChunk:]
		PollIf(th, pos)
	}
	return append(out, ys...)
}

// sortValues sorts xs stably by Compare, polling th's context as it
// compares (a sort of millions of values takes seconds).
func sortValues(th *Thread, pos Pos, xs []value.Value) {
	if th == nil || th.Ctx == nil || len(xs) < pollEvery {
		slices.SortStableFunc(xs, value.Compare)
		return
	}
	n := 0
	slices.SortStableFunc(xs, func(a, b value.Value) int {
		n++
		th.PollN(pos, n)
		return value.Compare(a, b)
	})
}

// BuildSet is the set of elems, built for the run th at pos (its sort
// polls the context).
func BuildSet(th *Thread, pos Pos, elems []value.Value) value.Value {
	sortValues(th, pos, elems)
	elems = slices.CompactFunc(elems, value.Equal)
	return value.Value{K: value.KSet, Ref: value.SortedSet(elems).Ref}
}

// BuildMap is the map of keys to vals, built for the run th at pos (its
// sort polls the context).
func BuildMap(th *Thread, pos Pos, keys, vals []value.Value) value.Value {
	if len(keys) < pollEvery {
		return value.MapOf(keys, vals)
	}
	n := 0
	return value.MapSorted(keys, vals, func(a, b int) int {
		n++
		th.PollN(pos, n)
		return value.Compare(keys[a], keys[b])
	})
}

// RoomFor returns xs, with room for one more element: when append would
// grow it, it grows it here, after accounting for the new array.
func RoomFor(th *Thread, pos Pos, xs []value.Value) []value.Value { return RoomForN(th, pos, xs, 1) }

// RoomForN is roomFor for k more elements.
func RoomForN(th *Thread, pos Pos, xs []value.Value, k int) []value.Value {
	if len(xs)+k <= cap(xs) || len(xs)+k < 1024 {
		return xs
	}
	n := max(cap(xs)+cap(xs)/4, len(xs)+k) // as append grows a big slice
	AllocIf(th, pos, ElemsBytes(n))
	return AppendElems(th, pos, MakeSlice[value.Value](th, pos, 0, n), xs)
}

// Grown returns s with room for n more elements. When it must grow and is
// big, it is copied into the new array in chunks, th's context polled
// between them (the loopy solver's buffers reach hundreds of megabytes),
// after accounting for the new array's memory.
func Grown[T any](th *Thread, pos Pos, s []T, n int) []T {
	if len(s)+n <= cap(s) || cap(s) < CopyChunk {
		return s
	}
	size := max(2*cap(s), len(s)+n)
	var zero T
	AllocIf(th, pos, int64(unsafe.Sizeof(zero))*int64(size))
	out := MakeSlice[T](th, pos, len(s), size)
	for i := 0; i < len(s); i += CopyChunk {
		copy(out[i:], s[i:min(len(s), i+CopyChunk)])
		PollIf(th, pos)
	}
	return out
}
