package bitlists

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// TestStrKeyFromBits: the key made from a string's bits is byte for byte
// the key value's AppendStrKeyIn makes of the string, over alphabets
// whose first two characters are the pair (of two characters, and of
// three once a third is met), for strings of 0 to 64 characters; its
// word is memo's KeyWord of it when it has at most 8 bytes.
func TestStrKeyFromBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, first := range []string{"TH", "HT", ".X"} {
		a := value.NewAlphabet()
		value.AppendStrKeyIn(a, nil, first) // (ids 0 and 1: its characters)
		ab := pair{str: true, c0: first[0], c1: first[1]}
		for round := range 2 {
			if round == 1 {
				value.AppendStrKeyIn(a, nil, "Z") // (a third character)
			}
			for n := 0; n <= 64; n++ {
				for range 20 {
					s := make([]byte, n)
					for i := range s {
						s[i] = first[r.IntN(2)]
					}
					b, ok := strBits(string(s), ab)
					if !ok || int(b.n) != n {
						t.Fatalf("%q: no bits", s)
					}
					want := value.AppendStrKeyIn(a, nil, string(s))
					if got := appendStrBits(nil, b.w, int(b.n)); !bytes.Equal(got, want) {
						t.Fatalf("%q over %q (round %d): key %v, want %v", s, first, round, got, want)
					}
					if w, nb, ok := strKeyWord(b.w, int(b.n)); ok != (len(want) <= 8) || ok && (nb != len(want) || w != memo.KeyWord(want)) {
						t.Fatalf("%q: word %x of %d bytes (%v), want %x of %d", s, w, nb, ok, memo.KeyWord(want), len(want))
					}
					if v := strValue(b); v.Str() != string(s) {
						t.Fatalf("%q: value %q", s, v.Str())
					}
				}
			}
		}
		if _, ok := strBits(first[:1]+"Z", ab); ok {
			t.Errorf("a string with a third character has bits")
		}
	}
}
