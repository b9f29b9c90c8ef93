package operator

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// Interval is a condition on one int local (or a global read in place)
// compared with constants: whether the local's value is in lo .. hi, or
// not in it (neg). An empty range has lo > hi.
type Interval struct {
	Slot   int
	Lo, Hi int64
	Neg    bool
}

// CmpInterval is x OP k for the local in slot s.
func CmpInterval(s int, op lang.Op, k int64) Interval {
	iv := Interval{Slot: s, Lo: math.MinInt64, Hi: math.MaxInt64}
	switch op {
	case lang.OpEq, lang.OpNe:
		iv.Lo, iv.Hi, iv.Neg = k, k, op == lang.OpNe
	case lang.OpLt:
		if k == math.MinInt64 {
			iv.Lo, iv.Hi = 1, 0
		} else {
			iv.Hi = k - 1
		}
	case lang.OpLe:
		iv.Hi = k
	case lang.OpGt:
		if k == math.MaxInt64 {
			iv.Lo, iv.Hi = 1, 0
		} else {
			iv.Lo = k + 1
		}
	case lang.OpGe:
		iv.Lo = k
	}
	return iv
}

// Test compiles the condition.
func (iv Interval) Test() func(fr *engine.Frame) bool {
	s, lo, neg := iv.Slot, uint64(iv.Lo), iv.Neg
	if iv.Lo > iv.Hi {
		return func(*engine.Frame) bool { return neg }
	}
	w := uint64(iv.Hi) - lo
	if neg {
		return func(fr *engine.Frame) bool { return uint64(fr.Slots[s].N)-lo > w }
	}
	return func(fr *engine.Frame) bool { return uint64(fr.Slots[s].N)-lo <= w }
}
