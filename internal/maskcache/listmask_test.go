package maskcache

import (
	"math/rand"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestListMaskBits: Has and Bits of random lists of ints (small ones,
// negative ones, ones past the bitmap) and of lists that are not of
// ints, over runs anywhere (negative, inside, past the end), against the
// elements compared one by one; a list met again after another.
func TestListMaskBits(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	var m ListMask
	var lists []value.Value
	for range 300 {
		var es []value.Value
		for range r.Intn(12) {
			switch r.Intn(10) {
			case 0:
				es = append(es, value.Int(int64(-r.Intn(5)-1)))
			case 1:
				es = append(es, value.Int(int64(value.BitSetMax+r.Intn(3))))
			case 2:
				if r.Intn(4) == 0 {
					es = append(es, value.Str("a"))
					break
				}
				fallthrough
			default:
				es = append(es, value.Int(int64(r.Intn(200))))
			}
		}
		v := value.List(es)
		if r.Intn(3) == 0 {
			v = value.Tuple(es)
		}
		lists = append(lists, v)
		if r.Intn(4) == 0 {
			v = lists[r.Intn(len(lists))]
		}
		allInts := true
		for _, e := range v.Elems() {
			allInts = allInts && e.K == value.KInt && e.N >= 0 && e.N < value.BitSetMax
		}
		lo, n := int64(r.Intn(300)-50), 1+r.Intn(64)
		bits, ok := m.Bits(v, lo, n)
		if ok != allInts {
			t.Fatalf("Bits(%s): ok %v, want %v", value.Format(v), ok, allInts)
		}
		if !ok {
			continue
		}
		for j := range n {
			x := lo + int64(j)
			want := false
			for _, e := range v.Elems() {
				want = want || e.N == x
			}
			has, _ := m.Has(v, x)
			if got := bits>>j&1 == 1; got != want || has != want {
				t.Fatalf("%d in %s: Bits %v, Has %v, want %v", x, value.Format(v), got, has, want)
			}
		}
		if n < 64 && bits>>n != 0 {
			t.Fatalf("Bits(%s, %d, %d) = %x: bits past n", value.Format(v), lo, n, bits)
		}
	}
}

// TestListMaskHasValue: HasValue of ints and strings (and values of other
// kinds) in random lists of small ints, big ints, strings or a mix, each
// list asked several times in a row (a sorted copy is made at the
// second), against operator-free comparison one by one; ok false only
// where the caller must ask the operator.
func TestListMaskHasValue(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	var m ListMask
	found := map[value.Kind]int{}
	for trial := range 400 {
		var es []value.Value
		kind := trial % 5
		for range r.Intn(30) {
			x := int64(r.Intn(40))
			switch {
			case kind == 4:
				es = append(es, value.Tuple([]value.Value{value.Int(x % 3), value.Int(x % 5)}))
				continue
			case kind == 1:
				x = x*100003 - 50
			case kind == 2 || kind == 3 && r.Intn(5) == 0:
				es = append(es, value.Str(string(rune('a'+x%26))))
				continue
			}
			es = append(es, value.Int(x))
		}
		v := value.List(es)
		for range 1 + r.Intn(4) {
			var x value.Value
			switch r.Intn(5) {
			case 3:
				x = value.Tuple([]value.Value{value.Int(int64(r.Intn(4))), value.Int(int64(r.Intn(6)))})
			case 4:
				x = value.Tuple([]value.Value{value.Int(int64(r.Intn(4))), value.Str("a")})
			case 0:
				x = value.Int(int64(r.Intn(40)))
			case 1:
				x = value.Int(int64(r.Intn(40))*100003 - 50)
			default:
				x = value.Str(string(rune('a' + r.Intn(28))))
			}
			want := false
			for _, e := range es {
				want = want || value.Equal(e, x)
			}
			has, ok := m.HasValue(v, x)
			if ok && has != want {
				t.Fatalf("HasValue(%s, %s) = %v, want %v", value.Format(v), value.Format(x), has, want)
			}
			if ok && has {
				found[x.K]++
			}
		}
	}
	if found[value.KInt] == 0 || found[value.KStr] == 0 || found[value.KTuple] == 0 {
		t.Fatalf("no int or no string found by a mask or a sorted copy: %v", found)
	}
}
