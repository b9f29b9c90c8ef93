package value

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// appendIntSeqPlain is AppendIntSeq without its fast path for small ints:
// the encoding argkey.go describes, written out.
func appendIntSeqPlain(buf []byte, tuple bool, xs []int64) []byte {
	if !tuple {
		bitsOnly := true
		for _, x := range xs {
			bitsOnly = bitsOnly && uint64(x) <= 1
		}
		if bitsOnly {
			return appendBitList(buf, TagBitList, len(xs), func(i int) bool { return xs[i] == 1 })
		}
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

// A list or tuple of ints encodes alike with the fast path for ints in
// 0 .. 63 and without it, at the edges (0, 1, 63, 64, negative ints, 127
// and 128 elements), after a prefix, and decodes to itself.
func TestAppendIntSeqFast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pick := []int64{0, 1, 2, 62, 63, 64, 65, -1, -64, 1 << 40}
	for i := range 20000 {
		n := r.IntN(8)
		switch r.IntN(20) {
		case 0:
			n = 126 + r.IntN(4)
		case 1:
			n = 0
		}
		xs := make([]int64, n)
		top := 2 + r.IntN(len(pick)-1)
		for j := range xs {
			xs[j] = pick[r.IntN(top)]
		}
		tuple := r.IntN(3) == 0
		prefix := []byte{TagInt, 5}[:r.IntN(3)]
		got := AppendIntSeq(bytes.Clone(prefix), tuple, xs)
		want := appendIntSeqPlain(bytes.Clone(prefix), tuple, xs)
		if !bytes.Equal(got, want) {
			t.Fatalf("case %d: AppendIntSeq(%v, tuple %v) = %v, want %v", i, xs, tuple, got, want)
		}
		v, rest := DecodeArgKey(got[len(prefix):])
		e := make([]Value, n)
		for j, x := range xs {
			e[j] = Int(x)
		}
		w := List(e)
		if tuple {
			w = Tuple(e)
		}
		if len(rest) != 0 || !Equal(v, w) {
			t.Fatalf("case %d: %v decodes to %v (%d bytes left)", i, xs, v, len(rest))
		}
	}
}

// IntsCache gives the ints of the list asked about, again from the cache
// for the same list, and nothing for a list with an element not an int.
func TestIntsCache(t *testing.T) {
	var c IntsCache
	a := []Value{Int(3), Int(-1), Int(7)}
	b := []Value{Int(3), Int(-1)}
	for _, tc := range []struct {
		e    []Value
		want []int64
		ok   bool
	}{
		{a, []int64{3, -1, 7}, true},
		{a, []int64{3, -1, 7}, true},
		{a[:2], []int64{3, -1}, true}, // (the same array, shorter)
		{b, []int64{3, -1}, true},
		{[]Value{Int(1), Str("x")}, nil, false},
		{nil, nil, true},
		{a, []int64{3, -1, 7}, true},
	} {
		got, ok := c.Of(tc.e)
		if ok != tc.ok || ok && !slices.Equal(got, tc.want) {
			t.Fatalf("Of(%v) = %v, %v; want %v, %v", tc.e, got, ok, tc.want, tc.ok)
		}
	}
	var s Scratch
	s.Vals, s.Boxed, s.Str = []Value{Str("x")}, true, true
	if !s.SetCached(&c, Tuple(a)) || s.Boxed || s.Str || !s.Tuple || !slices.Equal(s.Ints, []int64{3, -1, 7}) {
		t.Fatalf("SetCached of a tuple: %+v", s)
	}
	if s.SetCached(&c, Str("ab")) || s.SetCached(&c, List([]Value{Str("x")})) {
		t.Fatal("SetCached of a value not a sequence of ints")
	}
}
