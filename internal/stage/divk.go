package stage

import (
	"math"
	"math/bits"
)

// DivK is a division or modulo by a constant k, for numerators >= 0 by a
// multiply and a shift where a divide would be (Granlund and Montgomery:
// for n < 2^63 and d = |k| not a power of two, 2^(l-1) < d < 2^l,
// m = ceil(2^(63+l) / d) fits in 64 bits and n / d = (n * m) >> (63+l));
// a power of two by a mask and a shift; a negative numerator, and k of 0,
// 1, -1 or math.MinInt64, by the operators themselves (the callers keep
// their own checks for 0 and -1). Its results are Go's n / k and n % k.
type DivK struct {
	k     int64
	d     uint64 // |k|
	m     uint64 // the magic number; 0: the operators run
	shift uint   // l - 1, or log2(d) for a power of two (m == 1)
}

// NewDivK returns the division by k.
func NewDivK(k int64) DivK {
	c := DivK{k: k}
	if k == 0 || k == 1 || k == -1 || k == math.MinInt64 {
		return c
	}
	d := uint64(k)
	if k < 0 {
		d = uint64(-k)
	}
	c.d = d
	if d&(d-1) == 0 {
		c.m, c.shift = 1, uint(bits.TrailingZeros64(d))
		return c
	}
	l := uint(bits.Len64(d))
	q, r := bits.Div64(1<<(l-1), 0, d) // 2^(63+l) / d
	if r != 0 {
		q++
	}
	c.m, c.shift = q, l-1
	return c
}

// quo is n / |k| for n >= 0 (m != 0).
func (c *DivK) quo(n int64) uint64 {
	if c.m == 1 {
		return uint64(n) >> c.shift
	}
	hi, _ := bits.Mul64(uint64(n), c.m)
	return hi >> c.shift
}

// Mod is n % k.
func (c *DivK) Mod(n int64) int64 {
	if n >= 0 && c.m != 0 {
		return n - int64(c.quo(n)*c.d)
	}
	return n % c.k
}

// Div is n / k.
func (c *DivK) Div(n int64) int64 {
	if n >= 0 && c.m != 0 {
		if q := int64(c.quo(n)); c.k > 0 {
			return q
		} else {
			return -q
		}
	}
	return n / c.k
}
