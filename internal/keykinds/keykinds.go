// Package keykinds owns what --explain says of the key a position's
// argument has: its representation (an int, a bitset over a universe, a
// list packed a bit an element, ...) and, where it is a general key
// (element by element), why.
package keykinds

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/value"
)

// Facts are what a game knows of the keys of one of its arguments
// besides their tags, for --explain to say why a key is a general one:
// whether its strings and sets may be packed (the passes on), whether
// its alphabet or universe is full, and the tags of the elements of its
// lists and tuples with the general key (ElemTags).
type Facts struct {
	StrsOn, SetsOn     bool
	AlphaFull, UniFull bool
	Inner              uint32
}

// Why is Kind of tag t, with the reason of a general key taken
// from facts f: the one that applies, where KeyKind lists them all.
func Why(t byte, f Facts) string {
	switch t {
	case value.TagStr:
		why := "a character is not ASCII"
		switch {
		case !f.StrsOn:
			why = "the strings pass is off"
		case f.AlphaFull:
			why = fmt.Sprintf("the alphabet of the argument is full, %d characters, and a string has others", value.MaxAlphabet)
		}
		return "general key: a string, its bytes (" + why + ")"
	case value.TagSet:
		why := "an element is a position, a sum, a function or an infinite value"
		switch {
		case !f.SetsOn:
			why = "the bitsets pass is off"
		case f.UniFull:
			why = fmt.Sprintf("the universe of the argument is full, %s elements, and a set has others", thousands(value.MaxUniverse))
		}
		return "general key: a set, element by element (" + why + ")"
	case value.TagList, value.TagTuple:
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
	return Kind(t)
}

// innerKind is what an element of a list or tuple with the general key
// is, by its tag.
func innerKind(t byte) string {
	switch t {
	case value.TagStr:
		return "a string, its bytes (a string inside another value is not packed)"
	case value.TagSet:
		return "a set, element by element (a set inside another value is a bitset only of small ints or of cells)"
	case value.TagList, value.TagTuple:
		return "a list or tuple, element by element"
	}
	return Kind(t)
}

// thousands is n with commas between its groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Kind says what representation an argument whose key starts with
// tag t has, and why it is a general key where it is one (--explain).
func Kind(t byte) string {
	switch t {
	case value.TagInt:
		return "an int"
	case value.TagNone, value.TagFalse, value.TagTrue, value.TagNim:
		return "a constant (none, a bool or a nimber)"
	case value.TagStr:
		return "general key: a string, its bytes (the strings pass is off, a character is not ASCII, the alphabet is full, or the string is inside another value)"
	case value.TagPackedStr:
		return "a string over an alphabet of its characters, packed"
	case value.TagBitList:
		return "a list of 0s and 1s, packed a bit an element"
	case value.TagBoolList:
		return "a list of bools, packed a bit an element"
	case value.TagIntList, value.TagIntTuple:
		return "a list or tuple of ints, packed as varints"
	case value.TagList, value.TagTuple:
		return "general key: a list or tuple with elements that are not all ints, element by element"
	case value.TagBitSet:
		return "a bitset of small ints (0 to 4,095)"
	case value.TagPairSet:
		return "a bitset of cells (r, c), r and c from 0 to 63"
	case value.TagUniSet:
		return "a bitset over a universe of its elements"
	case value.TagUniSortedList:
		return "a list of ascending elements, as the bitset of their ids over a universe"
	case value.TagUniList:
		return "a list as the ids of its elements over a universe, a byte or two each"
	case value.TagSet:
		return "general key: a set, element by element (no universe: an element is a position, a sum, a function or an infinite value, the bitsets pass is off, the universe is full, or the set is inside another value)"
	case value.TagMap:
		return "general key: a map, key by key"
	}
	return "boxed: kept as values (a position, a sum, a function or an infinite value inside)"
}

// ElemTags is the tags of the first elements of the key k of a list or
// tuple with the general key, a bit a tag (0 for another key), up to
// the first that is a list, tuple, set or map.
func ElemTags(k []byte) uint32 {
	if len(k) == 0 || k[0] != value.TagList && k[0] != value.TagTuple {
		return 0
	}
	n, i := binary.Uvarint(k[1:])
	i++
	var tags uint32
	for e := 0; e < int(min(n, 16)) && i < len(k); e++ {
		t := k[i]
		if t == value.TagBoxed {
			break // (a boxed part has no length)
		}
		tags |= 1 << (t & 31)
		if t == value.TagList || t == value.TagTuple || t == value.TagSet || t == value.TagMap {
			break // (it may hold a boxed part: not measured)
		}
		i += value.ArgKeyLen(k[i:])
	}
	return tags
}
