package value

import "unsafe"

// Bytes a word at a time.

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// load64 is the 8 bytes of s from i, little-endian.
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// eq8 is the byte of the bits k set where byte k of x is ch (8 bytes
// compared at once: the high bit of each zero byte of x ^ ch..., then
// gathered).
func eq8(x uint64, ch byte) uint64 {
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
			w |= eq8(load64(s, i), ch) << (i - base)
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

// Strings in one allocation: the string's header and its bytes side by
// side (strN), where Str makes the bytes and the header apart.
type (
	str8 struct {
		s string
		b [8]byte
	}
	str16 struct {
		s string
		b [16]byte
	}
	str32 struct {
		s string
		b [32]byte
	}
	str64 struct {
		s string
		b [64]byte
	}
)

// StrASCIIBytes is StrASCII(string(b)) in one allocation (b is ASCII).
func StrASCIIBytes(b []byte) Value {
	var s *string
	switch n := len(b); {
	case n == 0:
		return StrASCII("")
	case n <= 8:
		p := &str8{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 16:
		p := &str16{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 32:
		p := &str32{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	case n <= 64:
		p := &str64{}
		s, p.s = &p.s, unsafe.String(&p.b[0], copy(p.b[:], b))
	default:
		return StrASCII(string(b))
	}
	return Value{K: KStr, N: 1, Ref: s}
}
