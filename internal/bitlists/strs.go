package bitlists

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Strings of two characters. A string of up to 64 characters, each one of
// the characters of ids 0 and 1 of the alphabet of the strings its game's
// positions hold (engine.Game's StrPair: the first two characters its
// keys met), is the bits of a word as a list of 0s and 1s is: bit i is 1
// where character i is the second. Its key is then made from the bits,
// byte for byte the key the general way makes (value's AppendStrKeyIn:
// TagPackedStr, 1 bit a character, the length, the bits). An update's
// element is a string of one of the two characters (the bit it puts);
// anything else (an int, another character, a longer string), a string
// with another character or longer, an alphabet with fewer than two
// characters (or none: PassStrings off) gives up as a list that is not
// 0s and 1s does: the move runs as compiled.

// pair is what the bits hold: the characters of a string's (str), ids 0
// and 1 of its game's alphabet, or (bools) a list of bools' (false 0,
// true 1: bools.go), or a tuple of 0s and 1s' (c0 tupleMark, not str);
// the zero pair is a list of 0s and 1s'. (Four bytes: a bits, passed
// by value everywhere, is two words; a fifth field made the search of
// strings 15% slower.)
type pair struct {
	str    bool
	c0, c1 byte
	bools  bool
}

// tupleMark is c0 of a tuple's pair.
const tupleMark = 1

// tuple reports whether ab is a tuple of 0s and 1s'.
func (ab pair) tuple() bool { return !ab.str && ab.c0 == tupleMark }

// pairOf is the pair of the strings that are the argument of gb's
// positions, a game of one argument (str false: none yet, or not such
// a game).
func pairOf(gb *engine.Binding) pair {
	if gb == nil {
		return pair{}
	}
	g := gb.Game
	if g.NArgs != 1 || g.Tuples != nil {
		return pair{}
	}
	c0, c1, ok := g.StrPair(0)
	return pair{str: ok, c0: c0, c1: c1}
}

// strBits is the bits of s over ab, if it is up to 64 of its two
// characters.
func strBits(s string, ab pair) (bits, bool) {
	if len(s) > 64 || !ab.str {
		return bits{}, false
	}
	var w uint64
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ab.c1:
			w |= 1 << i
		case ab.c0:
		default:
			return bits{}, false
		}
	}
	return bits{w: w, n: int16(len(s)), ab: ab}, true
}

// charBit is the bit of the one-character string v over ab: 0 or 1, or
// 2 when v is not one of its characters.
func charBit(v value.Value, ab pair) uint64 {
	if v.K != value.KStr {
		return 2
	}
	s := v.Str()
	switch {
	case len(s) != 1:
		return 2
	case s[0] == ab.c0:
		return 0
	case s[0] == ab.c1:
		return 1
	}
	return 2
}

// litBit is the bit the literal e puts in bits over ab (a list's: an int
// literal 0 or 1; a list of bools': true or false; a string's: a string
// literal of one of its characters), or 2.
func litBit(e lang.Expr, ab pair) uint64 {
	switch e := e.(type) {
	case *lang.IntLit:
		if ab == (pair{}) && uint64(e.Val) <= 1 {
			return uint64(e.Val)
		}
	case *lang.BoolLit:
		if ab.bools && e.Val {
			return 1
		} else if ab.bools {
			return 0
		}
	case *lang.StrLit:
		if ab.str {
			return charBit(value.Str(e.Val), ab)
		}
	}
	return 2
}

// charVals are the strings of one ASCII character.
var charVals = func() (vs [128]value.Value) {
	for c := range vs {
		vs[c] = value.StrASCII(string(rune(c)))
	}
	return vs
}()

// charValue is the character of bit x over ab, a string.
func charValue(ab pair, x uint64) value.Value {
	if x == 1 {
		return charVals[ab.c1&0x7f]
	}
	return charVals[ab.c0&0x7f]
}

// strValue is the string the bits b hold.
func strValue(b bits) value.Value {
	var out [64]byte
	for i := range b.n {
		out[i] = b.ab.c0
		if b.w>>i&1 == 1 {
			out[i] = b.ab.c1
		}
	}
	return value.StrASCIIBytes(out[:b.n])
}

// strKeyWord is the key of the string the bits w of n characters hold, as
// its word and its count of bytes (memo.KeyWord), when it has at most 8
// (n <= 40).
func strKeyWord(w uint64, n int) (word uint64, nb int, ok bool) {
	if n > 40 {
		return 0, 0, false
	}
	return uint64(value.TagPackedStr) | 1<<8 | uint64(n)<<16 | w<<24, 3 + (n+7)/8, true
}

// appendStrBits appends the key of the string the bits w of n <= 64
// characters hold (its length one byte of uvarint).
func appendStrBits(buf []byte, w uint64, n int) []byte {
	buf = append(buf, value.TagPackedStr, 1, byte(n))
	for i := 0; i < n; i += 8 {
		buf = append(buf, byte(w>>i))
	}
	return buf
}
