package swar

import (
	"math/rand/v2"
	"testing"
)

// AppendEqBits marks the bytes that are ch, as a loop does, for every
// length and every byte value around ch.
func TestAppendEqBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for range 2000 {
		n := r.IntN(200)
		b := make([]byte, n)
		ch := byte(r.IntN(256))
		for i := range b {
			switch r.IntN(4) {
			case 0:
				b[i] = ch
			case 1:
				b[i] = ch ^ 0x80
			case 2:
				b[i] = ch + 1
			default:
				b[i] = byte(r.IntN(256))
			}
		}
		m := r.IntN(n + 1)
		got := AppendEqBits(nil, string(b), m, ch)
		if len(got) != (m+63)/64 {
			t.Fatalf("%d words for %d bytes", len(got), m)
		}
		for i := range m {
			if (got[i/64]>>(i%64)&1 == 1) != (b[i] == ch) {
				t.Fatalf("byte %d (%#x) against %#x: bit %d", i, b[i], ch, got[i/64]>>(i%64)&1)
			}
		}
		for i := m; i < len(got)*64; i++ {
			if got[i/64]>>(i%64)&1 == 1 {
				t.Fatalf("bit %d past %d set", i, m)
			}
		}
	}
}
