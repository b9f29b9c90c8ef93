package kernel

import (
	"math"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// CmpInts is comparison op of two ints.
func CmpInts(op lang.Op, a, b int64) bool {
	switch op {
	case lang.OpEq:
		return a == b
	case lang.OpNe:
		return a != b
	case lang.OpLt:
		return a < b
	case lang.OpLe:
		return a <= b
	case lang.OpGt:
		return a > b
	}
	return a >= b
}

// Bound narrows the range lo .. hi to its values x with x OP e (OP one of
// < <= > >=); ok is false when no int is left (x < MinInt64, x > MaxInt64),
// else the range left is empty when hi < lo.
func Bound(op lang.Op, e, lo, hi int64) (int64, int64, bool) {
	switch op {
	case lang.OpLt:
		if e == math.MinInt64 {
			return lo, hi, false
		}
		hi = min(hi, e-1)
	case lang.OpLe:
		hi = min(hi, e)
	case lang.OpGt:
		if e == math.MaxInt64 {
			return lo, hi, false
		}
		lo = max(lo, e+1)
	case lang.OpGe:
		lo = max(lo, e)
	}
	return lo, hi, true
}

// FloorDiv divides by k > 1 rounding down.
func FloorDiv(a, k int64) int64 {
	q := a / k
	if a%k != 0 && a < 0 {
		q--
	}
	return q
}

// CeilDiv divides by k > 1 rounding up.
func CeilDiv(a, k int64) int64 {
	q := a / k
	if a%k != 0 && a > 0 {
		q++
	}
	return q
}

// IntElems returns the elements as ints, if they all are.
func IntElems(vs []value.Value) ([]int64, bool) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		if v.K != value.KInt {
			return nil, false
		}
		out[i] = v.N
	}
	return out, true
}
