package bitlists

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// Lists of bools. A list of 1 to 64 bools is the bits of a word as a list
// of 0s and 1s is (its pair's bools: bit i is 1 where element i is
// true), updated by update(b, i, false) and splices of [true, false]
// (an update's element a bool: any other, an int among them, gives up,
// as the list the general way makes is not all bools), swept, tested
// (b[i] as a condition, not b[i], b[i] == true, masks of lines) and
// keyed from the bits: byte for byte the key value's AppendArgKey makes
// (TagBoolList, the length, the bits, as a list of 0s and 1s but its
// tag). The empty list is a list of 0s and 1s' bits (its key is that
// one's). A part of a test that is not a bool where the general way
// wants one (a bare b[i] of 0s and 1s, sum of bools) runs as compiled,
// which fails where it did.

// boolBits is the bits of the elements es, if they are 1 to 64 bools.
func boolBits(es []value.Value) (bits, bool) {
	if len(es) == 0 || len(es) > 64 {
		return bits{}, false
	}
	var w uint64
	for i, x := range es {
		if x.K != value.KBool {
			return bits{}, false
		}
		w |= uint64(x.N&1) << i
	}
	return bits{w: w, n: int16(len(es)), ab: pair{bools: true}}, true
}

// boolVals are false and true.
var boolVals = [2]value.Value{value.Bool(false), value.Bool(true)}

// boolKeyWord is the key of the list of the n bools whose bits w holds,
// as its word and its count of bytes (memo.KeyWord), when it has at most
// 8 (n <= 48): value's BitListWord, its tag TagBoolList.
func boolKeyWord(w uint64, n int) (word uint64, nb int, ok bool) {
	word, nb, ok = value.BitListWord(w, n)
	return word&^0xff | uint64(value.TagBoolList), nb, ok
}

// appendBoolBits appends the key of the list of the n <= 64 bools whose
// bits w holds (value's AppendBitWord, its tag TagBoolList).
func appendBoolBits(buf []byte, w uint64, n int) []byte {
	start := len(buf)
	buf = value.AppendBitWord(buf, w, n)
	buf[start] = value.TagBoolList
	return buf
}

// boolFinal is the final state of the position of g whose one argument is
// the list of n bools the bits w hold, when its key is kept by its bits
// or is recent (memo's FinalWord).
//
//go:noinline
func boolFinal(g *engine.Game, w uint64, n int) (int32, bool) {
	if st, ok := g.Keys.DirectBoolsOf(w, n); ok {
		return st, true
	}
	if word, nb, short := boolKeyWord(w, n); short {
		_, st, ok := g.Keys.Recent(word, nb)
		return st, ok
	}
	return 0, false
}
