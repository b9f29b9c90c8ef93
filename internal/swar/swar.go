// Package swar reads bytes a word at a time (SIMD within a register):
// which of 8 bytes are a given byte, in a few operations on one word.
package swar

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// Load64 is the 8 bytes of s from i, little-endian.
func Load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Eq8 is the byte of the bits k set where byte k of x is ch (8 bytes
// compared at once: the high bit of each zero byte of x ^ ch..., then
// gathered).
func Eq8(x uint64, ch byte) uint64 {
	x ^= uint64(ch) * lows
	z := ^((x&^highs + ^uint64(highs)) | x) & highs
	return (z >> 7) * 0x0102040810204080 >> 56
}

// AppendEqBits appends to dst the bitset of the indexes i < n of s whose
// byte is ch (n <= len(s)), a word a 64 bytes.
func AppendEqBits(dst []uint64, s string, n int, ch byte) []uint64 {
	for base := 0; base < n; base += 64 {
		var w uint64
		end := min(base+64, n)
		i := base
		for ; i+8 <= end; i += 8 {
			w |= Eq8(Load64(s, i), ch) << (i - base)
		}
		for ; i < end; i++ {
			if s[i] == ch {
				w |= 1 << (i - base)
			}
		}
		dst = append(dst, w)
	}
	return dst
}
