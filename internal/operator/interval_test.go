package operator

import (
	"math"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// TestSlotInterval: a comparison of a local with a constant, a
// conjunction of two and the negation of either, as one interval test
// (Interval), agree with the comparisons themselves at the edges of int64
// and around the constants.
func TestSlotInterval(t *testing.T) {
	ks := []int64{math.MinInt64, math.MinInt64 + 1, -509734688, -1, 0, 1, 5, 509734688, math.MaxInt64 - 1, math.MaxInt64}
	var xs []int64
	for _, k := range ks {
		xs = append(xs, k)
		if k > math.MinInt64 {
			xs = append(xs, k-1)
		}
		if k < math.MaxInt64 {
			xs = append(xs, k+1)
		}
	}
	ops := []lang.Op{lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe}
	fr := &engine.Frame{Slots: make([]value.Value, 3)}
	at := func(iv Interval, x int64) bool {
		fr.Slots[2] = value.Int(x)
		return iv.Test()(fr)
	}
	for _, op := range ops {
		for _, k := range ks {
			a := CmpInterval(2, op, k)
			for _, x := range xs {
				want := kernel.CmpInts(op, x, k)
				if got := at(a, x); got != want {
					t.Fatalf("x %s %d at x = %d: %v, want %v", op, k, x, got, want)
				}
				n := a
				n.Neg = !n.Neg
				if got := at(n, x); got == want {
					t.Fatalf("not (x %s %d) at x = %d: %v, want %v", op, k, x, got, !want)
				}
			}
			if a.Neg {
				continue
			}
			for _, op2 := range ops {
				for _, k2 := range ks {
					b := CmpInterval(2, op2, k2)
					if b.Neg {
						continue
					}
					both := Interval{Slot: 2, Lo: max(a.Lo, b.Lo), Hi: min(a.Hi, b.Hi)}
					for _, x := range xs {
						want := kernel.CmpInts(op, x, k) && kernel.CmpInts(op2, x, k2)
						if got := at(both, x); got != want {
							t.Fatalf("x %s %d and x %s %d at x = %d: %v, want %v", op, k, op2, k2, x, got, want)
						}
					}
				}
			}
		}
	}
}
