package bitlists

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// TestBoolKeyFromBits: the key made from a list of bools' bits is byte for
// byte the key value's AppendArgKey makes of the list, for lists of 1 to
// 64 bools; its word is memo's KeyWord of it when it has at most 8 bytes;
// the list made from the bits is the list. The empty list and lists not
// all bools (an int among them, all ints) have no bools' bits.
func TestBoolKeyFromBits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 1; n <= 64; n++ {
		for range 20 {
			es := make([]value.Value, n)
			for i := range es {
				es[i] = value.Bool(r.IntN(2) == 1)
			}
			b, ok := listBits(es)
			if !ok || int(b.n) != n || !b.ab.bools {
				t.Fatalf("%v: no bools' bits", es)
			}
			want, _ := value.AppendArgKey(nil, value.List(es), value.MaxKeyBytes)
			if got := appendBoolBits(nil, b.w, int(b.n)); !bytes.Equal(got, want) {
				t.Fatalf("%v: key %v, want %v", es, got, want)
			}
			if w, nb, ok := boolKeyWord(b.w, int(b.n)); ok != (len(want) <= 8) || ok && (nb != len(want) || w != memo.KeyWord(want)) {
				t.Fatalf("%v: word %x of %d bytes (%v), want %x of %d", es, w, nb, ok, memo.KeyWord(want), len(want))
			}
			if v := b.value(); !value.Equal(v, value.List(es)) {
				t.Fatalf("%v: value %v", es, v)
			}
		}
	}
	if b, ok := listBits(nil); !ok || b.ab.bools {
		t.Errorf("the empty list: %v %v, want a list of 0s and 1s' bits", b, ok)
	}
	for _, es := range [][]value.Value{{value.Bool(true), value.Int(1)}, {value.Int(1), value.Bool(true)}, {value.Int(0), value.Int(1)}} {
		if b, ok := listBits(es); ok && b.ab.bools {
			t.Errorf("%v: bools' bits", es)
		}
	}
}
