package value

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// randArg is a random argument value: ints (small, negative, huge), bools,
// none, strings, nimbers, and lists, tuples, sets and maps of them, nested,
// with the shapes the compact keys are for (lists of ints, sets of small
// ints and of small pairs) often.
func randArg(r *rand.Rand, depth int) Value {
	ints := []int64{0, 1, 2, 3, 63, 64, 65, -1, -64, -65, 127, 4095, 4096, 1 << 40, math.MaxInt64, math.MinInt64}
	anInt := func() Value {
		if r.IntN(3) == 0 {
			return Int(ints[r.IntN(len(ints))])
		}
		return Int(int64(r.IntN(8)))
	}
	k := r.IntN(12)
	if depth > 2 {
		k = r.IntN(5)
	}
	switch k {
	case 0, 1:
		return anInt()
	case 2:
		return Bool(r.IntN(2) == 0)
	case 3:
		return []Value{None, Str(""), Str("a"), Str("ab\x00c"), Nimber(3), Nimber(0)}[r.IntN(6)]
	case 4, 5, 6: // list or tuple of ints, of bools, of 0s and 1s and bools
		e := make([]Value, r.IntN(6))
		mode := r.IntN(4)
		for i := range e {
			switch {
			case mode == 1 || mode == 2 && r.IntN(2) == 0:
				e[i] = Bool(r.IntN(2) == 0)
			case mode == 2:
				e[i] = Int(int64(r.IntN(2)))
			default:
				e[i] = anInt()
			}
		}
		if k == 6 {
			return Tuple(e)
		}
		return List(e)
	case 7: // a set of small ints or of small pairs
		e := make([]Value, r.IntN(6))
		for i := range e {
			if k := r.IntN(10); k == 0 {
				e[i] = anInt()
			} else if k < 5 {
				e[i] = Int(int64(r.IntN(70)))
			} else {
				e[i] = Tuple([]Value{Int(int64(r.IntN(66))), Int(int64(r.IntN(66)))})
			}
		}
		if r.IntN(2) == 0 {
			// all of one shape
			for i := range e {
				e[i] = Tuple([]Value{Int(int64(r.IntN(64))), Int(int64(r.IntN(64)))})
			}
		}
		return SetOf(e)
	case 8:
		keys, vals := make([]Value, r.IntN(4)), make([]Value, 0, 4)
		for i := range keys {
			keys[i] = randArg(r, depth+1)
			vals = append(vals, randArg(r, depth+1))
		}
		return MapOf(keys, vals)
	}
	e := make([]Value, r.IntN(4))
	for i := range e {
		e[i] = randArg(r, depth+1)
	}
	switch k {
	case 9:
		return Tuple(e)
	case 10:
		return SetOf(e)
	}
	return List(e)
}

func argKey(v Value) []byte {
	b, boxed := AppendArgKey(nil, v, MaxKeyBytes)
	if boxed {
		panic("boxed")
	}
	return b
}

// Keys decode to the value they came from, two keys end to end decode
// apart, and equal values (only they) have equal keys.
func TestArgKeyRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var vals []Value
	for range 20000 {
		v := randArg(r, 0)
		vals = append(vals, v)
		k := argKey(v)
		w := randArg(r, 0)
		both := append(bytes.Clone(k), argKey(w)...)
		got, rest := DecodeArgKey(both)
		got2, rest2 := DecodeArgKey(rest)
		if !Equal(got, v) || got.K != v.K || !Equal(got2, w) || len(rest2) != 0 {
			t.Fatalf("%s then %s decode as %s then %s (%d bytes left)", Repr(v), Repr(w), Repr(got), Repr(got2), len(rest2))
		}
		if Repr(got) != Repr(v) {
			t.Fatalf("%s decodes as %s", Repr(v), Repr(got))
		}
	}
	for i := 0; i+1 < len(vals); i += 2 {
		a, b := vals[i], vals[i+1]
		if r.IntN(4) == 0 {
			b, _ = DecodeArgKey(argKey(a)) // equal, built apart
		}
		if eq, same := Equal(a, b), bytes.Equal(argKey(a), argKey(b)); eq != same {
			t.Fatalf("Equal(%s, %s) = %v but keys equal = %v", Repr(a), Repr(b), eq, same)
		}
	}
}

// The compact forms: sizes, and the encoding of an int list built from
// ints is the value's.
func TestArgKeyCompact(t *testing.T) {
	row := make([]Value, 24)
	xs := make([]int64, 24)
	for i := range row {
		row[i] = Int(int64(i % 2))
		xs[i] = int64(i % 2)
	}
	// A list of 0s and 1s: a bit an element (tag, length, 3 bytes).
	if k := argKey(List(row)); len(k) != 5 || !bytes.Equal(k, AppendIntSeq(nil, false, xs)) {
		t.Errorf("a row of 24 cells: %d bytes, %v", len(k), k)
	}
	for _, n := range []int{0, 1, 7, 8, 9, 24} {
		l := List(row[:n])
		k := argKey(l)
		if v, rest := DecodeArgKey(k); len(rest) != 0 || !Equal(v, l) || ArgKeyLen(k) != len(k) {
			t.Errorf("a row of %d: key %v decodes to %s", n, k, Repr(v))
		}
	}
	if k, k2 := argKey(List([]Value{Int(0), Int(2)})), argKey(List([]Value{Int(0), Int(1)})); k[0] == k2[0] {
		t.Errorf("a list with a 2 is packed as bits: %v", k)
	}
	if !bytes.Equal(argKey(Tuple(row)), AppendIntSeq(nil, true, xs)) {
		t.Errorf("a tuple of ints differs from AppendIntSeq's")
	}
	if bytes.Equal(argKey(Tuple(row)), argKey(List(row))) {
		t.Errorf("a tuple and a list have the same key")
	}
	cells := SetOf([]Value{Tuple([]Value{Int(0), Int(0)}), Tuple([]Value{Int(7), Int(7)})})
	if k := argKey(cells); k[0] != TagPairSet || len(k) != 3+8 {
		t.Errorf("cells of a board: %v (8 rows of 8 columns: 8 bytes)", k)
	}
	if k := argKey(SetOf([]Value{Int(5), Int(9)})); k[0] != TagBitSet || len(k) != 4 {
		t.Errorf("a set of small ints: %v", k)
	}
	if _, boxed := AppendArgKey(nil, List([]Value{Int(1), FuncValue(testFunc("f"))}), MaxKeyBytes); !boxed {
		t.Errorf("a function inside a list is not boxed")
	}
}

// A set of cells has one key, made from its bitmap (a move rule's
// scratch) or from its value, and it decodes to the set: rows of any
// width and count, empty rows and columns at either end.
func TestPairSetKeyOneWay(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		rows, cols := 1+r.IntN(64), 1+r.IntN(64)
		var e []Value
		var m bitmap
		m.Pairs = true
		for range 1 + r.IntN(20) {
			x, y := r.IntN(rows), r.IntN(cols)
			e = append(e, Tuple([]Value{Int(int64(x)), Int(int64(y))}))
			b, _ := CellBit(int64(x), int64(y))
			m.Set(b)
		}
		v := SetOf(e)
		k := argKey(v)
		if got := m.AppendKey(nil); !bytes.Equal(got, k) {
			t.Fatalf("%s: bitmap key %v, value key %v", Repr(v), got, k)
		}
		back, rest := DecodeArgKey(k)
		if !Equal(back, v) || len(rest) != 0 || Repr(back) != Repr(v) {
			t.Fatalf("%s decodes as %s", Repr(v), Repr(back))
		}
		if n := ArgKeyLen(append(k, 9)); n != len(k) {
			t.Fatalf("%s: key of %d bytes, argKeyLen %d", Repr(v), len(k), n)
		}
	}
}

// testFunc is a function value for the tests (a built-in's stand-in).
type testFunc string

func (f testFunc) Name() string     { return string(f) }
func (f testFunc) KindName() string { return "built-in" }

// AppendIntSeq (ints, packed 8 bits at a time when they are 0s and 1s)
// gives the key the list or tuple of the same ints has as a value.
func TestAppendIntSeqIsValueKey(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for range 20000 {
		xs := make([]int64, r.IntN(40))
		vs := make([]Value, len(xs))
		span := []int64{2, 2, 64, 200, 1 << 40}[r.IntN(5)]
		for i := range xs {
			xs[i] = r.Int64N(span)
			if r.IntN(20) == 0 {
				xs[i] = -xs[i]
			}
			vs[i] = Int(xs[i])
		}
		tuple := r.IntN(3) == 0
		v := List(vs)
		if tuple {
			v = Tuple(vs)
		}
		if got, want := AppendIntSeq([]byte{9}, tuple, xs), append([]byte{9}, argKey(v)...); !bytes.Equal(got, want) {
			t.Fatalf("%s: AppendIntSeq gives %v, the value's key is %v", Repr(v), got, want)
		}
	}
}

// A set of small ints or of cells decoded from its key makes its
// elements only when asked for, and then they are the set's.
func TestBitmapSetDecodedLazily(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	for range 2000 {
		var e []Value
		cells := r.IntN(2) == 0
		for range r.IntN(30) {
			if cells {
				e = append(e, Cell(r.Int64N(8), r.Int64N(64)))
			} else {
				e = append(e, Int(r.Int64N(300)))
			}
		}
		want := SetOf(e)
		v, rest := DecodeArgKey(argKey(Tuple([]Value{Int(3), want})))
		s := v.Elems()[1]
		if len(rest) != 0 || s.Ref.(*Set).Bm == nil || s.Ref.(*Set).elems != nil {
			t.Fatalf("%s decodes with its elements made (or no bitmap)", Repr(want))
		}
		if _, _, ok := Uni(s); ok {
			t.Fatalf("%s: a bitmap of ints or cells taken for a universe's ids", Repr(want))
		}
		if !Equal(s, want) || Repr(s) != Repr(want) || len(s.Elems()) != len(want.Elems()) {
			t.Fatalf("%s decodes as %s", Repr(want), Repr(s))
		}
		// A set made of two by an operator: lazy too.
		x := SetOf([]Value{Int(7)})
		if cells {
			x = SetOf([]Value{Cell(1, 2)})
		}
		union, ok := SetOp(lang.OpBitOr, s, x)
		if !ok || union.Ref.(*Set).elems != nil {
			t.Fatalf("%s | %s: not a lazy bitmap", Repr(s), Repr(x))
		}
		if wantU := SetOf(append(slices.Clone(want.Elems()), x.Elems()...)); !Equal(union, wantU) || Repr(union) != Repr(wantU) {
			t.Fatalf("%s | %s = %s, want %s", Repr(s), Repr(x), Repr(union), Repr(wantU))
		}
	}
	// Its elements made by goroutines at once: one list, the same.
	v, _ := DecodeArgKey(argKey(SetOf([]Value{Int(1), Int(70), Int(300)})))
	var wg sync.WaitGroup
	got := make([][]Value, 4)
	for i := range got {
		wg.Go(func() { got[i] = v.Elems() })
	}
	wg.Wait()
	for _, e := range got {
		if len(e) != 3 || &e[0] != &got[0][0] {
			t.Fatalf("elements made apart: %v", got)
		}
	}
}
