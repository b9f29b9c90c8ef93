package value

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestBitListIsTheList checks that a list kept as bits is, by every
// reading, the list of its elements: its key, its elements, its count,
// equality and order with the plain list, and the decoding of its key.
func TestBitListIsTheList(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		n := rng.IntN(65)
		if trial < 65 {
			n = trial
		}
		bools := n > 0 && rng.IntN(3) == 0
		w := rng.Uint64()
		es := make([]Value, n)
		for i := range es {
			es[i] = Int(int64(w >> i & 1))
			if bools {
				es[i] = Bool(w>>i&1 != 0)
			}
		}
		plain, lazy := List(es), BitList(w, n, bools)
		kp, _ := AppendArgKey(nil, plain, MaxKeyBytes)
		kl, _ := AppendArgKey(nil, lazy, MaxKeyBytes)
		if !bytes.Equal(kp, kl) {
			t.Fatalf("n=%d bools=%v: key %x, the plain list's %x", n, bools, kl, kp)
		}
		if Count(lazy) != n {
			t.Fatalf("n=%d: count %d", n, Count(lazy))
		}
		if !Equal(lazy, plain) || !Equal(plain, lazy) || Compare(lazy, plain) != 0 {
			t.Fatalf("n=%d bools=%v: not equal to the plain list", n, bools)
		}
		if got := lazy.Elems(); len(got) != n || !Equal(List(got), plain) {
			t.Fatalf("n=%d: elements %v", n, got)
		}
		dec, rest := DecodeArgKey(kp)
		if len(rest) != 0 || !Equal(dec, plain) {
			t.Fatalf("n=%d: decoded %v", n, dec)
		}
		if gw, gn, gb, _, ok := SeqBits(dec); n > 0 && (!ok || gn != n || gb != bools || gw != w&(lowMask(n))) {
			t.Fatalf("n=%d: decoded bits %x %d %v %v", n, gw, gn, gb, ok)
		}
		// Another list, one element apart: unequal, ordered as the plain.
		if n > 0 {
			i := rng.IntN(n)
			other := make([]Value, n)
			copy(other, es)
			if bools {
				other[i] = Bool(other[i].N == 0)
			} else {
				other[i] = Int(1 - other[i].N)
			}
			lo := BitList(w^1<<i, n, bools)
			if Equal(lo, lazy) || Compare(lo, lazy) != Compare(List(other), plain) {
				t.Fatalf("n=%d: compared with a list one element apart", n)
			}
		}
	}
}

// lowMask is the mask of the n lowest bits.
func lowMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}
