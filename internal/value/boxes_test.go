package value

import "testing"

// StrASCIIBytes is the string of the bytes, of every length, and does
// not change when the bytes do.
func TestStrASCIIBytes(t *testing.T) {
	for n := range 100 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('a' + i%26)
		}
		v := StrASCIIBytes(b)
		want := string(b)
		for i := range b {
			b[i] = '.'
		}
		if v.K != KStr || v.Str() != want || !v.ASCII() {
			t.Fatalf("%d bytes: %q, want %q", n, v.Str(), want)
		}
	}
}
