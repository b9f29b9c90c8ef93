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
