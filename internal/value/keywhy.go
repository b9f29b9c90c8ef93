package value

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// KeyFacts are what a game knows of the keys of one of its arguments
// besides their tags, for --explain to say why a key is a general one:
// whether its strings and sets may be packed (the passes on), whether
// its alphabet or universe is full, and the tags of the elements of its
// lists and tuples with the general key (ElemTags).
type KeyFacts struct {
	StrsOn, SetsOn     bool
	AlphaFull, UniFull bool
	Inner              uint32
}

// KeyWhy is KeyKind of tag t, with the reason of a general key taken
// from facts f: the one that applies, where KeyKind lists them all.
func KeyWhy(t byte, f KeyFacts) string {
	switch t {
	case tagStr:
		why := "a character is not ASCII"
		switch {
		case !f.StrsOn:
			why = "the strings pass is off"
		case f.AlphaFull:
			why = fmt.Sprintf("the alphabet of the argument is full, %d characters, and a string has others", MaxAlphabet)
		}
		return "general key: a string, its bytes (" + why + ")"
	case tagSet:
		why := "an element is a position, a sum, a function or an infinite value"
		switch {
		case !f.SetsOn:
			why = "the bitsets pass is off"
		case f.UniFull:
			why = fmt.Sprintf("the universe of the argument is full, %s elements, and a set has others", thousands(MaxUniverse))
		}
		return "general key: a set, element by element (" + why + ")"
	case tagList, tagTuple:
		s := "general key: a list or tuple with elements that are not all ints, element by element"
		if f.Inner != 0 {
			var kinds []string
			for x := f.Inner; x != 0; x &= x - 1 {
				kinds = append(kinds, innerKind(byte(bits.TrailingZeros32(x))))
			}
			s += " (its elements: " + strings.Join(kinds, "; ") + ")"
		}
		return s
	}
	return KeyKind(t)
}

// innerKind is what an element of a list or tuple with the general key
// is, by its tag.
func innerKind(t byte) string {
	switch t {
	case tagStr:
		return "a string, its bytes (a string inside another value is not packed)"
	case tagSet:
		return "a set, element by element (a set inside another value is a bitset only of small ints or of cells)"
	case tagList, tagTuple:
		return "a list or tuple, element by element"
	}
	return KeyKind(t)
}

// ElemTags is the tags of the first elements of the key k of a list or
// tuple with the general key, a bit a tag (0 for another key), up to
// the first that is a list, tuple, set or map.
func ElemTags(k []byte) uint32 {
	if len(k) == 0 || k[0] != tagList && k[0] != tagTuple {
		return 0
	}
	n, i := binary.Uvarint(k[1:])
	i++
	var tags uint32
	for e := 0; e < int(min(n, 16)) && i < len(k); e++ {
		t := k[i]
		if t == tagBoxed {
			break // (a boxed part has no length)
		}
		tags |= 1 << (t & 31)
		if t == tagList || t == tagTuple || t == tagSet || t == tagMap {
			break // (it may hold a boxed part: not measured)
		}
		i += ArgKeyLen(k[i:])
	}
	return tags
}

// thousands is n with commas between its groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
