package value

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// A string's key over an alphabet is one key for one string, whatever
// was keyed before it: equal strings have equal keys, different strings
// different ones, each decodes to its string, and ArgKeyLen measures it.
// The alphabet takes up to MaxAlphabet characters, in the order met;
// then it closes, and a string with another character has its general
// key (as one that is not ASCII always does).
func TestAlphabetKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	for round := range 200 {
		a := NewAlphabet()
		chars := []byte(".X")
		if round%3 == 1 {
			chars = []byte("abcde")
		} else if round%3 == 2 {
			chars = []byte("abcdefghijklmnopqrstu") // more than MaxAlphabet
		}
		keys := map[string]string{}
		for range 60 {
			n := r.IntN(80)
			b := make([]byte, n)
			for i := range b {
				b[i] = chars[r.IntN(len(chars))]
			}
			if r.IntN(20) == 0 && n > 0 {
				b[r.IntN(n)] = 0xc3 // not ASCII
			}
			s := string(b)
			k := AppendStrKeyIn(a, nil, s)
			if old, ok := keys[s]; ok && old != string(k) {
				t.Fatalf("%q keyed %x, then %x", s, old, k)
			}
			for s2, k2 := range keys {
				if s2 != s && k2 == string(k) {
					t.Fatalf("%q and %q have the key %x", s, s2, k)
				}
			}
			keys[s] = string(k)
			if ArgKeyLen(k) != len(k) {
				t.Fatalf("%q: key of %d bytes measured %d", s, len(k), ArgKeyLen(k))
			}
			var v Value
			if k[0] == TagPackedStr {
				v, _ = a.DecodeStrKey(k)
				if !v.ASCII() {
					t.Fatalf("%q decoded is not marked ASCII", s)
				}
			} else {
				if !bytes.Equal(k, AppendStrKey(nil, s)) {
					t.Fatalf("%q: general key %x", s, k)
				}
				v, _ = DecodeArgKey(k)
			}
			if v.K != KStr || v.Str() != s {
				t.Fatalf("%q decoded as %v", s, v)
			}
		}
		if a.Len() > MaxAlphabet {
			t.Fatalf("%d characters", a.Len())
		}
		if len(chars) > MaxAlphabet && !a.Closed() {
			t.Fatalf("%d characters met, and the alphabet is open", len(chars))
		}
	}
}

// The key of a string over two characters (a word at a time) is the one
// the general packing gives.
func TestAlphabetTwoCharacters(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 7))
	for range 500 {
		a := NewAlphabet()
		AppendStrKeyIn(a, nil, "X.")
		n := r.IntN(150)
		b := make([]byte, n)
		for i := range b {
			b[i] = ".X"[r.IntN(2)]
		}
		got := AppendStrKeyIn(a, nil, string(b))
		a.chars = append(a.chars, '#') // (the general packing)
		a.ids['#'] = 3
		want := AppendStrKeyIn(a, nil, string(b))
		if !bytes.Equal(got, want) {
			t.Fatalf("%q: %x, want %x", b, got, want)
		}
	}
}
