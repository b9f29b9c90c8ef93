package memo

import (
	"math"
	"math/bits"
	"slices"
)

// Sgv is a generalized SG value while computing: finite >= 0, infinite
// -(j+1) (j the id of its K set in InfValues), or SgMissing for an
// option whose parts are not known yet.
type Sgv = int32

// SgMissing is the value of an option whose parts are not known yet.
const SgMissing Sgv = math.MinInt32

// Memo states; finite values v are stored as v + FinBase, infinite values
// (id j in the engine's table of K sets) as -(j+1).
const (
	StUnknown int32 = 0
	StGray    int32 = 1 // on the depth-first search path
	StLoopy   int32 = 2 // reaches a cycle: left to the loopy solver
	FinBase   int32 = 8
)

// Finished reports whether state s is a value.
func Finished(s int32) bool { return s >= FinBase || s < 0 }

// StateOf is the state that stores value v.
func StateOf(v Sgv) int32 {
	if v >= 0 {
		return v + FinBase
	}
	return v
}

// ValueOf is the value a finished state stores.
func ValueOf(s int32) Sgv {
	if s >= FinBase {
		return s - FinBase
	}
	return s
}

// MexAbove continues a mex past a bitset whose bits are all set below m:
// the least value from m on that is not in big (the options above the
// bitset, in any order: big is sorted in place).
func MexAbove[T int32 | int64](m T, big []T) T {
	slices.Sort(big)
	for _, b := range big {
		if b == m {
			m++
		} else if b > m {
			break
		}
	}
	return m
}

// MexWords is the least value whose bit is clear in words (len(words)*64
// when all are set).
func MexWords(words []uint64) int {
	for w, x := range words {
		if x != ^uint64(0) {
			return w*64 + bits.TrailingZeros64(^x)
		}
	}
	return len(words) * 64
}
