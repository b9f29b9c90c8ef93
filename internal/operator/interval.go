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

// SlotInterval recognizes e as an Interval: a comparison of a local (its
// slot, by slot) with an int constant (by konst), either way round, a
// conjunction of such on the same local, and the negation of either. It
// cannot fail, and has no effect.
func SlotInterval(e lang.Expr, slot func(lang.Expr) (int, bool), konst func(lang.Expr) (int64, bool)) (Interval, bool) {
	switch e := e.(type) {
	case *lang.Unary:
		if e.Op == lang.OpNot {
			iv, ok := SlotInterval(e.X, slot, konst)
			iv.Neg = !iv.Neg
			return iv, ok
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			a, ok1 := SlotInterval(e.X, slot, konst)
			if !ok1 || a.Neg {
				return Interval{}, false
			}
			b, ok2 := SlotInterval(e.Y, slot, konst)
			if !ok2 || b.Neg || a.Slot != b.Slot {
				return Interval{}, false
			}
			return Interval{Slot: a.Slot, Lo: max(a.Lo, b.Lo), Hi: min(a.Hi, b.Hi)}, true
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			op := e.Op
			s, ok := slot(e.X)
			k, isK := konst(e.Y)
			if !ok || !isK {
				if s, ok = slot(e.Y); !ok {
					return Interval{}, false
				}
				if k, isK = konst(e.X); !isK {
					return Interval{}, false
				}
				op = op.Flip()
			}
			return CmpInterval(s, op, k), true
		}
	}
	return Interval{}, false
}
