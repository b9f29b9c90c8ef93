package kernel

import (
	"math"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/engine"
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
func IntElems(vs []engine.Value) ([]int64, bool) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		if v.K != engine.KInt {
			return nil, false
		}
		out[i] = v.N
	}
	return out, true
}

// Divisor is a constant divisor d > 0 whose remainders are taken by a
// multiplication instead of a division (a 64-bit division takes 40 to 90
// cycles; the hashes and pseudo-random rules of games divide by constants
// in every option): the method of Granlund and Montgomery (1994, fig.
// 4.1), exact for every dividend. Mod gives what Go's % gives.
type Divisor struct {
	d     uint64
	magic uint64 // floor(2^64 * (2^l - d) / d) + 1, l = ceil(log2 d)
	shift uint   // l - 1
	mask  uint64 // d - 1 when d is a power of two (magic unused)
	pow2  bool
}

// ModBy returns the Divisor that takes remainders by k as Go's % does
// (n % k is n % -k), for k other than 0, -1 and the most negative int.
func ModBy(k int64) (Divisor, bool) {
	if k == 0 || k == -1 || k == math.MinInt64 {
		return Divisor{}, false
	}
	return NewDivisor(max(k, -k)), true
}

// NewDivisor prepares remainders by d > 0.
func NewDivisor(d int64) Divisor {
	if d <= 0 {
		panic("kernel: a divisor must be positive")
	}
	u := uint64(d)
	if u&(u-1) == 0 {
		return Divisor{d: u, mask: u - 1, pow2: true}
	}
	l := uint(bits.Len64(u - 1)) // 2^(l-1) < d < 2^l
	q, _ := bits.Div64((uint64(1)<<l)-u, 0, u)
	return Divisor{d: u, magic: q + 1, shift: l - 1}
}

// Mod returns n % d (the sign of n, as Go's %).
func (v Divisor) Mod(n int64) int64 {
	if n < 0 {
		return n % int64(v.d)
	}
	u := uint64(n)
	if v.pow2 {
		return int64(u & v.mask)
	}
	t, _ := bits.Mul64(u, v.magic)
	q := (t + (u-t)>>1) >> v.shift
	return int64(u - q*v.d)
}
