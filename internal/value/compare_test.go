package value

import (
	"cmp"
	"math/rand"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// randCompValue is a small random value of ints, strings, lists and
// tuples, nested up to depth, drawn from few enough shapes that equal
// values and common prefixes of different lengths are frequent.
func randCompValue(r *rand.Rand, depth int) Value {
	k := r.Intn(4)
	if depth == 0 {
		k = r.Intn(2)
	}
	switch k {
	case 0:
		return Int(int64(r.Intn(3)))
	case 1:
		return Str([]string{"a", "b"}[r.Intn(2)])
	}
	elems := make([]Value, r.Intn(4))
	for i := range elems {
		elems[i] = randCompValue(r, depth-1)
	}
	if k == 2 {
		return List(elems)
	}
	return Tuple(elems)
}

// TestCompareIterMatchesRec: the walks without recursion (compareIter,
// orderCompareIter) order pairs of values as the recursive ones do,
// which small values never send past their bounds.
func TestCompareIterMatchesRec(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	sign := func(c int) int { return cmp.Compare(c, 0) }
	for i := 0; i < 20000; i++ {
		a, b := randCompValue(r, 3), randCompValue(r, 3)
		steps := 1 << 30
		want, ok := compareRec(a, b, 0, 0, &steps)
		if !ok {
			t.Fatalf("compareRec refused %s and %s", Repr(a), Repr(b))
		}
		if got := compareIter(a, b, 0); sign(got) != sign(want) {
			t.Fatalf("compareIter(%s, %s) = %d, want the sign of %d", Repr(a), Repr(b), got, want)
		}
		if !orderableTree(a, b) {
			continue // an error
		}
		steps = 1 << 30
		want, ok = orderCompareRec(Pos{}, lang.OpLt, a, b, 0, &steps)
		if !ok {
			t.Fatalf("orderCompareRec refused %s and %s", Repr(a), Repr(b))
		}
		if got := orderCompareIter(Pos{}, lang.OpLt, a, b); sign(got) != sign(want) {
			t.Fatalf("orderCompareIter(%s, %s) = %d, want the sign of %d", Repr(a), Repr(b), got, want)
		}
	}
}

// orderableTree reports whether ordering a and b raises no error: each
// pair of elements it reaches has one kind.
func orderableTree(a, b Value) bool {
	if a.K != b.K {
		return false
	}
	if a.K != KList && a.K != KTuple {
		return true
	}
	x, y := a.Elems(), b.Elems()
	for i := 0; i < len(x) && i < len(y); i++ {
		if !orderableTree(x[i], y[i]) {
			return false
		}
		if Compare(x[i], y[i]) != 0 {
			return true
		}
	}
	return true
}
