package stage

import (
	"math"
	"math/big"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/lang"
)

// OffStep is an addition or a subtraction of the int literal K (Left: K +
// x in the source, whose error shows K first).
type OffStep struct {
	Pos  engine.Pos
	Op   lang.Op // lang.OpAdd or lang.OpSub
	K    int64
	Left bool
}

// Offset is X, then additions and subtractions of int literals in order
// (v + t + 500000 - 20, 1 + x - 1), then perhaps a final % or / by an int
// literal other than 0 and -1 (Final, By): one closure, which adds the
// steps' sum where no step overflows and runs them one by one, raising the
// error of the one that overflows, elsewhere.
type Offset struct {
	X     func(fr *engine.Frame) int64
	Steps []OffStep
	Final lang.Op // lang.OpMod, lang.OpDiv, or 0: none
	By    int64
	Trace []engine.Pos // the static trace pushed before an error
}

// span returns the steps' sum c and the x for which no step overflows,
// [lo, lo + span]; false when there is none or c is no int64.
func (o *Offset) span() (c, lo int64, span uint64, ok bool) {
	minI, maxI := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	acc, l, h := new(big.Int), new(big.Int).Set(minI), new(big.Int).Set(maxI)
	for _, s := range o.Steps {
		if s.Op == lang.OpSub {
			acc.Sub(acc, big.NewInt(s.K))
		} else {
			acc.Add(acc, big.NewInt(s.K))
		}
		// x + acc in int64: x in [min - acc, max - acc].
		if lo := new(big.Int).Sub(minI, acc); lo.Cmp(l) > 0 {
			l = lo
		}
		if hi := new(big.Int).Sub(maxI, acc); hi.Cmp(h) < 0 {
			h = hi
		}
	}
	if !acc.IsInt64() || l.Cmp(h) > 0 {
		return 0, 0, 0, false
	}
	return acc.Int64(), l.Int64(), uint64(h.Int64()) - uint64(l.Int64()), true
}

// Fold is the steps (and the final % or /) applied to a, when none
// overflows.
func (o *Offset) Fold(a int64) (int64, bool) {
	c, lo, span, ok := o.span()
	if !ok || uint64(a)-uint64(lo) > span || o.Final != 0 && (o.By == 0 || o.By == -1) {
		return 0, false
	}
	kc := NewDivK(o.By)
	switch o.Final {
	case lang.OpMod:
		return kc.Mod(a + c), true
	case lang.OpDiv:
		return kc.Div(a + c), true
	}
	return a + c, true
}

// Compile returns the closure, or nil when no x can take the steps
// without an overflow (they then run as written).
func (o Offset) Compile() func(fr *engine.Frame) int64 {
	c, lo, span, ok := o.span()
	if !ok || o.Final != 0 && (o.By == 0 || o.By == -1) {
		return nil
	}
	x, kc, final := o.X, NewDivK(o.By), o.Final
	slow := func(fr *engine.Frame, a int64) int64 {
		for _, s := range o.Steps {
			r, ok := operator.AddOK(a, s.K)
			if s.Op == lang.OpSub {
				r, ok = operator.SubOK(a, s.K)
			}
			if !ok {
				pushTrace(fr, o.Trace)
				if s.Left {
					operator.Overflow(s.Pos, s.Op, s.K, a)
				}
				operator.Overflow(s.Pos, s.Op, a, s.K)
			}
			a = r
		}
		return a
	}
	switch final {
	case lang.OpMod:
		return func(fr *engine.Frame) int64 {
			if a := x(fr); uint64(a)-uint64(lo) <= span {
				return kc.Mod(a + c)
			} else {
				return kc.Mod(slow(fr, a))
			}
		}
	case lang.OpDiv:
		return func(fr *engine.Frame) int64 {
			if a := x(fr); uint64(a)-uint64(lo) <= span {
				return kc.Div(a + c)
			} else {
				return kc.Div(slow(fr, a))
			}
		}
	}
	return func(fr *engine.Frame) int64 {
		if a := x(fr); uint64(a)-uint64(lo) <= span {
			return a + c
		} else {
			return slow(fr, a)
		}
	}
}

// OffsetSteps returns the additions and subtractions of int literals on
// top of x, in the order they run, and what they apply to.
func OffsetSteps(x lang.Expr) (lang.Expr, []OffStep) {
	var steps []OffStep
	for {
		b, ok := x.(*lang.Binary)
		if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
			break
		}
		if lit, ok := b.Y.(*lang.IntLit); ok {
			steps, x = append(steps, OffStep{Pos: b.Pos, Op: b.Op, K: lit.Val}), b.X
		} else if lit, ok := b.X.(*lang.IntLit); ok && b.Op == lang.OpAdd {
			steps, x = append(steps, OffStep{Pos: b.Pos, Op: b.Op, K: lit.Val, Left: true}), b.Y
		} else {
			break
		}
	}
	slices.Reverse(steps)
	return x, steps
}
