package value

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// randomCellRows returns random rows of cells (up to h rows of w
// columns, some rows empty) and the set of those cells made of fresh
// tuples (the plain representation: its elements, no bitmap).
func randomCellRows(r *rand.Rand, h, w int) ([]uint64, Value) {
	rows := make([]uint64, h)
	var e []Value
	p := 1 + r.Intn(4)
	for i := range rows {
		for j := range w {
			if r.Intn(p+1) == 0 {
				continue
			}
			rows[i] |= 1 << j
			e = append(e, Tuple([]Value{Int(int64(i)), Int(int64(j))}))
		}
	}
	return rows, SetOf(e)
}

// sameValue fails unless a and b are one value to every reader: equal,
// of order 0 both ways, printed alike, with the same keys.
func sameValue(t *testing.T, what string, a, b Value) {
	t.Helper()
	if !Equal(a, b) || Compare(a, b) != 0 || Compare(b, a) != 0 {
		t.Fatalf("%s: %s and %s differ", what, Format(a), Format(b))
	}
	if Format(a) != Format(b) {
		t.Fatalf("%s: printed %s and %s", what, Format(a), Format(b))
	}
	ka, _ := AppendArgKey(nil, a, MaxKeyBytes)
	kb, _ := AppendArgKey(nil, b, MaxKeyBytes)
	if !bytes.Equal(ka, kb) || !bytes.Equal(AppendKey(nil, a), AppendKey(nil, b)) {
		t.Fatalf("%s: keys of %s differ", what, Format(a))
	}
}

// TestCellSets: a set of cells made from rows (CellSet) is the set of
// its cells made of elements, to every reader (print, ==, the order of
// sets, keys, len, in), its rows read back (CellRows) from its bitmap,
// from its elements and from the ids of a universe; and the order of two
// such sets is that of their elements, both ways.
func TestCellSets(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	var prev []Value
	for range 400 {
		h, w := 1+r.Intn(9), 1+r.Intn(64)
		if r.Intn(8) == 0 {
			h = 64
		}
		rows, plain := randomCellRows(r, h, w)
		bm := CellSet(rows)
		sameValue(t, "CellSet", bm, plain)
		if Count(bm) != len(plain.Elems()) {
			t.Fatalf("Count %d, want %d", Count(bm), len(plain.Elems()))
		}
		u := NewUniverse()
		uv, _ := u.DecodeUniKey(keyOf(u, plain))
		for _, v := range []Value{bm, plain, uv} {
			got, ok := CellRows(v, nil)
			if !ok || !slices.Equal(got, trimRows(rows)) {
				t.Fatalf("CellRows(%s) = %v %v, want %v", Format(v), got, ok, trimRows(rows))
			}
		}
		for range 8 {
			x := Cell(int64(r.Intn(h+1)), int64(r.Intn(w+1)))
			has, ok := SetHas(bm, x)
			if want := slices.ContainsFunc(plain.Elems(), func(y Value) bool { return Equal(x, y) }); !ok || has != want {
				t.Fatalf("%s in %s: %v %v, want %v", Format(x), Format(bm), has, ok, want)
			}
		}
		for _, q := range prev {
			qb, _ := CellRows(q, nil)
			want := Compare(q, plain)
			if got := Compare(q, bm); got != want || Compare(CellSet(qb), bm) != want || Compare(bm, CellSet(qb)) != -want {
				t.Fatalf("Compare(%s, %s) = %d, want %d", Format(q), Format(bm), got, want)
			}
		}
		prev = append(prev, plain)
		if len(prev) > 6 {
			prev = prev[1:]
		}
	}
	if _, ok := CellRows(SetOf([]Value{Int(3)}), nil); ok {
		t.Fatal("CellRows of a set of ints: ok")
	}
	if _, ok := CellRows(SetOf([]Value{Tuple([]Value{Int(1), Int(64)})}), nil); ok {
		t.Fatal("CellRows of a cell past column 63: ok")
	}
	if rows, ok := CellRows(SetOf(nil), nil); !ok || len(rows) != 0 {
		t.Fatal("CellRows of the empty set: not ok")
	}
}

// TestCellSetOps: the set operators of two sets of cells as word
// operations (SetOp) give the sets their elements give (merged here),
// whichever of them is made of rows, of elements or of a universe's ids.
func TestCellSetOps(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	merge := func(op lang.Op, a, b []Value) Value {
		in := func(x Value, s []Value) bool {
			return slices.ContainsFunc(s, func(y Value) bool { return Equal(x, y) })
		}
		var out []Value
		for _, x := range a {
			if op == lang.OpBitOr || in(x, b) == (op == lang.OpBitAnd) {
				out = append(out, x)
			}
		}
		if op == lang.OpBitOr || op == lang.OpXor {
			for _, x := range b {
				if !in(x, a) {
					out = append(out, x)
				}
			}
		}
		return SetOf(out)
	}
	for range 300 {
		h, w := 1+r.Intn(6), 1+r.Intn(10)
		ra, pa := randomCellRows(r, h, w)
		rb, pb := randomCellRows(r, 1+r.Intn(6), 1+r.Intn(10))
		for _, op := range []lang.Op{lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor} {
			want := merge(op, pa.Elems(), pb.Elems())
			for _, pair := range [][2]Value{{CellSet(ra), pb}, {pa, CellSet(rb)}, {CellSet(ra), CellSet(rb)}} {
				got, ok := SetOp(op, pair[0], pair[1])
				if !ok {
					t.Fatalf("%s %s %s: no word operation", Format(pair[0]), op, Format(pair[1]))
				}
				sameValue(t, Format(pair[0])+" "+op.String()+" "+Format(pair[1]), got, want)
			}
		}
	}
}

// TestUniverseBitmapKeys: a set of cells or small ints made of bits gets
// the key its elements get in a universe, and the universe the same ids
// in the same order (two universes fed the same sets, one as bitmaps, one
// as elements, stay alike).
func TestUniverseBitmapKeys(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	ub, ue := NewUniverse(), NewUniverse()
	for i := range 200 {
		var bm, plain Value
		if i%3 == 0 {
			var e []Value
			var m bitmap
			for x := range 1 + r.Intn(200) {
				if r.Intn(3) == 0 {
					e = append(e, Int(int64(x)))
					m.Set(x)
				}
			}
			bm, plain = m.Value(), SetOf(e)
		} else {
			var rows []uint64
			rows, plain = randomCellRows(r, 1+r.Intn(8), 1+r.Intn(12))
			bm = CellSet(rows)
		}
		kb, ke := keyOf(ub, bm), keyOf(ue, plain)
		if !bytes.Equal(kb, ke) {
			t.Fatalf("set %s: key %v from bits, %v from elements", Format(plain), kb, ke)
		}
		db, _ := ub.DecodeUniKey(kb)
		sameValue(t, "decoded", db, plain)
	}
	if !slices.EqualFunc(ub.elems, ue.elems, Equal) {
		t.Fatal("the universes differ")
	}
}

// TestListAndSumCopies: ListOf and SumOfCopy keep no part of the slice
// they are given, and give what List and SumOf of a copy give (nested
// sums flattened, no part *0, one part itself).
func TestListAndSumCopies(t *testing.T) {
	inner := SumOf([]Value{Nimber(5), Nimber(6)})
	for n := range 7 {
		xs := make([]Value, n)
		for i := range xs {
			xs[i] = Nimber(int64(i + 1))
		}
		if n == 3 {
			xs[1] = inner
		}
		wantL, wantS := List(slices.Clone(xs)), SumOf(slices.Clone(xs))
		l, s := ListOf(xs), SumOfCopy(xs)
		for i := range xs {
			xs[i] = Int(99)
		}
		sameValue(t, "ListOf", l, wantL)
		if Format(s) != Format(wantS) || !Equal(s, wantS) {
			t.Fatalf("SumOfCopy of %d parts: %s, want %s", n, Format(s), Format(wantS))
		}
	}
}

// TestCellsOnly: a universe of cells, ints, strings and cells past
// column 63, filled in a random order, tells the sets of its ids whose
// elements are all cells (its words against a mask) as a look at each
// element does.
func TestCellsOnly(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for range 50 {
		u := NewUniverse()
		var elems []Value
		for range 1 + r.Intn(300) {
			var x Value
			switch r.Intn(4) {
			case 0:
				x = Int(int64(r.Intn(100)))
			case 1:
				x = Str(fmt.Sprint("s", r.Intn(50)))
			case 2:
				x = Tuple([]Value{Int(int64(r.Intn(3))), Int(int64(60 + r.Intn(8)))})
			default:
				x = Cell(int64(r.Intn(10)), int64(r.Intn(10)))
			}
			if _, ok := u.ID(x); !ok && u.add(x) {
				elems = append(elems, x)
			}
		}
		for range 40 {
			w := make([]uint64, (len(elems)+63)/64)
			want := true
			for id := range elems {
				if r.Intn(3) == 0 {
					w[id/64] |= 1 << (id % 64)
					p := elems[id].Elems
					if elems[id].K != KTuple || p()[0].K != KInt || p()[1].N > 63 {
						want = false
					}
				}
			}
			if got := u.CellsOnly(w); got != want {
				t.Fatalf("CellsOnly(%x) = %v, want %v", w, got, want)
			}
		}
	}
}
