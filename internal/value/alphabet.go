package value

import (
	"encoding/binary"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/swar"
)

// Alphabet numbers the characters of strings. The strings a game's
// position holds as one argument are usually rows of a board over a few
// characters ("." and "X"): an Alphabet gives each ASCII character such
// a string has held a dense id, in the order met, so that a string of
// them is packed, 1, 2 or 4 bits a character, whatever the characters
// are: its argument key is TagPackedStr, the bits a character, the
// length and the packed ids (a row of 24 squares of "." and "X" is 6
// bytes), and the string decoded from it is the same string.
//
// The key of a string must be one, however the string was made: a
// string whose characters are all ASCII goes to the alphabet, which
// takes its new characters, until it would hold more than MaxAlphabet:
// then it closes for good, and from then on a string with a character it
// lacks has the general key (its bytes), as it would have had before (a
// character that got an id keeps it, so a string's key stays the same).
// The bits a character are those of the largest id in the string.
type Alphabet struct {
	ids    [128]uint8 // id + 1 of each character, 0 for none
	chars  []byte     // the characters, by id
	closed bool
	// size and full are len(chars) and closed for other goroutines
	// (--explain while a run goes on).
	size atomic.Int32
	full atomic.Bool
}

// MaxAlphabet bounds the characters of an alphabet (4 bits an id).
const MaxAlphabet = 16

// NewAlphabet makes an empty alphabet.
func NewAlphabet() *Alphabet { return &Alphabet{} }

// Len is the number of characters (any goroutine may ask).
func (a *Alphabet) Len() int { return int(a.size.Load()) }

// Closed reports whether the alphabet is full: it takes no new character
// (any goroutine may ask).
func (a *Alphabet) Closed() bool { return a.full.Load() }

// AppendStrKeyIn appends the key of the string of bytes s as an argument
// whose strings draw on alphabet a: packed when a takes its characters,
// else the general key.
func AppendStrKeyIn(a *Alphabet, buf []byte, s string) []byte {
	if len(a.chars) == 2 {
		// Two characters: the bits of the second, 8 bytes at a time,
		// when the first and the second are all of s.
		start := len(buf)
		buf = binary.AppendUvarint(append(buf, TagPackedStr, 1), uint64(len(s)))
		if out, ok := appendBits2(buf, s, a.chars[0], a.chars[1]); ok {
			return out
		}
		buf = buf[:start]
	}
	top, ok := idsOf(a, s)
	if !ok {
		return AppendStrKey(buf, s)
	}
	w := uint(1)
	switch {
	case top >= 4:
		w = 4
	case top >= 2:
		w = 2
	}
	buf = binary.AppendUvarint(append(buf, TagPackedStr, byte(w)), uint64(len(s)))
	var acc uint64
	n := uint(0)
	for i := 0; i < len(s); i++ {
		acc |= uint64(a.ids[s[i]]-1) << n
		if n += w; n == 64 {
			buf = binary.LittleEndian.AppendUint64(buf, acc)
			acc, n = 0, 0
		}
	}
	for ; n > 0; n -= min(n, 8) {
		buf = append(buf, byte(acc))
		acc >>= 8
	}
	return buf
}

// appendBits2 appends the bits of the bytes of s that are c1, a byte of
// the bits for 8 bytes of s; false when a byte is neither c0 nor c1.
func appendBits2(buf []byte, s string, c0, c1 byte) ([]byte, bool) {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
		one, zero := swar.Eq8(x, c1), swar.Eq8(x, c0)
		if one|zero != 0xff {
			return buf, false
		}
		buf = append(buf, byte(one))
	}
	if i < len(s) {
		var b byte
		for k := 0; i+k < len(s); k++ {
			switch s[i+k] {
			case c1:
				b |= 1 << k
			case c0:
			default:
				return buf, false
			}
		}
		buf = append(buf, b)
	}
	return buf, true
}

// idsOf gives the new characters of s ids and returns the largest id of
// s; false, with the alphabet unchanged, when s has a character that is
// not ASCII, or new characters the alphabet cannot take (it closes).
func idsOf(a *Alphabet, s string) (int, bool) {
	top, or := uint8(0), byte(0)
	missing := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		or |= c
		id := a.ids[c&0x7f]
		missing = missing || id == 0
		top = max(top, id)
	}
	if or >= 0x80 {
		return 0, false
	}
	if !missing {
		return int(top) - 1, true
	}
	if a.closed {
		return 0, false
	}
	var fresh [MaxAlphabet]byte
	nf := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if a.ids[c] != 0 {
			continue
		}
		seen := false
		for _, f := range fresh[:nf] {
			seen = seen || f == c
		}
		if seen {
			continue
		}
		if len(a.chars)+nf == MaxAlphabet {
			a.closed = true
			a.full.Store(true)
			return 0, false
		}
		fresh[nf] = c
		nf++
	}
	for _, c := range fresh[:nf] {
		a.chars = append(a.chars, c)
		a.ids[c] = uint8(len(a.chars))
	}
	a.size.Store(int32(len(a.chars)))
	return idsOf(a, s)
}

// DecodeStrKey decodes a key TagPackedStr at the start of b and returns
// the bytes after it.
func (a *Alphabet) DecodeStrKey(b []byte) (Value, []byte) {
	w := uint(b[1])
	n, k := binary.Uvarint(b[2:])
	b = b[2+k:]
	var small [64]byte
	out := small[:0]
	if n > uint64(len(small)) {
		out = make([]byte, n)
	}
	out = out[:n]
	mask := byte(1)<<w - 1
	for i := range out {
		bit := uint(i) * w
		out[i] = a.chars[b[bit/8]>>(bit%8)&mask]
	}
	return StrASCIIBytes(out), b[(uint(n)*w+7)/8:]
}

// packedStrLen is the length of the key TagPackedStr at the start of b.
func packedStrLen(b []byte) int {
	w := uint64(b[1])
	n, k := binary.Uvarint(b[2:])
	return 2 + k + int((n*w+7)/8)
}

// PackedBits says how many bits a character the strings over an alphabet
// of n characters take at most ("1 bit", "2 bits", "4 bits").
func PackedBits(n int) string {
	switch {
	case n <= 2:
		return "1 bit"
	case n <= 4:
		return "2 bits"
	}
	return "4 bits"
}
