package kernel

import (
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// OutcomeIs reports whether the outcome of a game of value v is want ("P",
// "N" or "D"; anything else is no outcome), as outcome(G) == want.
func OutcomeIs(e *engine.Engine, v memo.Sgv, want string) bool {
	if len(want) != 1 {
		return false
	}
	o := byte('N')
	switch {
	case v == 0:
		o = 'P'
	case v < 0:
		o = e.Outcome(v)[0]
	}
	return o == want[0]
}

// CountFlat counts states by tbl (see countTable) up to the first state
// the table leaves to the general way; it returns how many it took.
func CountFlat(states []int32, tbl []byte, off int64) (int, int) {
	n := 0
	for i, s := range states {
		j := uint64(int64(s) + off)
		if j >= uint64(len(tbl)) || tbl[j] > 1 {
			return i, n
		}
		n += int(tbl[j])
	}
	return len(states), n
}

// BestFlat is the largest (smallest when !larger) of the finite states
// up to the first state that is not one, and how many it took.
func BestFlat(states []int32, larger bool) (int, int32) {
	if len(states) == 0 || states[0] < memo.FinBase {
		return 0, 0
	}
	if larger {
		return maxFlat(states)
	}
	return minFlat(states)
}

// maxFlat and minFlat are BestFlat's loops (states[0] finite): eight
// states at a time while all eight are finite (one test of their least).
func maxFlat(states []int32) (int, int32) {
	b0, b1 := states[0], states[0]
	i := 0
	for ; i+8 <= len(states); i += 8 {
		c := (*[8]int32)(states[i : i+8])
		if min(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]) < memo.FinBase {
			break
		}
		b0 = max(b0, c[0], c[1], c[2], c[3])
		b1 = max(b1, c[4], c[5], c[6], c[7])
	}
	best := max(b0, b1)
	for ; i < len(states); i++ {
		s := states[i]
		if s < memo.FinBase {
			return i, best
		}
		best = max(best, s)
	}
	return len(states), best
}

func minFlat(states []int32) (int, int32) {
	best := states[0]
	i := 0
	for ; i+8 <= len(states); i += 8 {
		c := (*[8]int32)(states[i : i+8])
		lo := min(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7])
		if lo < memo.FinBase {
			break
		}
		best = min(best, lo)
	}
	for ; i < len(states); i++ {
		s := states[i]
		if s < memo.FinBase {
			return i, best
		}
		best = min(best, s)
	}
	return len(states), best
}

// CountTable returns what a count whose K (or J) is k counts for each
// memo state s, at index s + off: 1 or 0 for a finished position, 2 for
// the general way (a position not known yet, an infinite value compared
// with an int, a J out of range, a finite value past the table). An
// infinite value interned later is past it too.
func CountTable(e *engine.Engine, outcome bool, op lang.Op, k int64, wantB byte) ([]byte, int64) {
	if outcome && (k < 0 || k > math.MaxInt32) {
		return nil, 0
	}
	const vals = 256
	n := len(e.Infs)
	tbl := make([]byte, n+int(memo.FinBase)+vals)
	for i := range tbl {
		s := int32(i - n)
		t := byte(2)
		var yes bool
		switch {
		case outcome && memo.Finished(s):
			yes, t = OutcomeWith(e, s, memo.Sgv(k)) == wantB == (op == lang.OpEq), 0
		case !outcome && s >= memo.FinBase:
			yes, t = CmpInts(op, int64(s-memo.FinBase), k), 0
		}
		if yes {
			t = 1
		}
		tbl[i] = t
	}
	return tbl, int64(n)
}

// OutcomeWith is the outcome ('P', 'N' or 'D') of G + *j for a position G
// of finished state s and j >= 0, as outcome(G + *j) finds it: the sum of
// ∞K and *j is ∞(K xor j), which has an option of value 0 when j is in K.
func OutcomeWith(e *engine.Engine, s int32, j memo.Sgv) byte {
	switch {
	case s >= memo.FinBase && s-memo.FinBase == j:
		return 'P'
	case s >= memo.FinBase || slices.Contains(e.Infs[-s-1], int64(j)):
		return 'N'
	}
	return 'D'
}

// FoldInt folds v, the n-th element, into acc as foldCall does (ints
// compared without the fold).
func FoldInt(ca *engine.Call, bi *engine.Builtin, acc, v value.Value, n int) value.Value {
	if bi.IntFold != 0 && v.K == value.KInt && n > 0 && acc.K == value.KInt {
		if bi.IntFold > 0 && v.N > acc.N || bi.IntFold < 0 && v.N < acc.N {
			return v
		}
		return acc
	}
	return bi.Fold(ca, acc, v, n)
}

// ReadK reads a fast fold's K (or J): the literal k, the loop variable's
// value x, or the int in slot.
func ReadK(fr *engine.Frame, slot int, k int64, xslot int, x int64) int64 {
	switch {
	case slot == xslot:
		return x
	case slot >= 0:
		return fr.Slots[slot].N
	}
	return k
}

// NimJ is a fast fold's J when it has one (yes), else 0.
func NimJ(fr *engine.Frame, yes bool, slot int, k int64, xslot int, x int64) int64 {
	if !yes {
		return 0
	}
	return ReadK(fr, slot, k, xslot, x)
}

var outcomeN, outcomeP, outcomeD = value.Str("N"), value.Str("P"), value.Str("D")

// QuickSG is what sg (isSG) or outcome returns for a game of value v,
// when that needs no call of the built-in: a finite value, an outcome.
func QuickSG(e *engine.Engine, v memo.Sgv, isSG bool) (value.Value, bool) {
	switch {
	case isSG:
		return value.Value{K: value.KInt, N: int64(v)}, v >= 0
	case v == memo.SgMissing:
		return value.Value{}, false
	case v == 0:
		return outcomeP, true
	case v > 0 || e.Outcome(v) == "N":
		return outcomeN, true
	}
	return outcomeD, true
}
