package proof

import (
	"math"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Bits: with Prover.Bits, the bit operators of ints are safe too. A & B,
// A | B and A ^ B never fail on ints, and their result is no larger in
// size than twice the larger operand (both lie in -2^p .. 2^p - 1 for
// the least 2^p above that size, and so does the result); ~A is -A - 1.
// A >> K never fails for K from 0 to 63 and is no larger than A; A << K
// is proved only for A an int literal at least 0 and K from 0 to a
// largest count that keeps A << K within the safe bound: an int literal,
// or a range's variable from a literal at least 0 to an end bounded by a
// constant.

// bitOps are the operators bits proves.
var bitOps = map[lang.Op]bool{lang.OpBitAnd: true, lang.OpBitOr: true, lang.OpXor: true, lang.OpShl: true, lang.OpShr: true}

// bits bounds e, a binary bit operator.
func (s *Prover) bits(e *lang.Binary) (lin, bool) {
	switch e.Op {
	case lang.OpShl:
		a, ok := ConstInt(e.X)
		if !ok || a < 0 {
			return lin{}, false
		}
		hi, ok := s.count(e.Y)
		if !ok || hi > 62 || float64(a)*math.Ldexp(1, int(hi)) > maxSafe {
			return lin{}, false
		}
		return lin{0, float64(a) * math.Ldexp(1, int(hi))}, true
	case lang.OpShr:
		x, ok := s.Int(e.X)
		if !ok {
			return lin{}, false
		}
		if _, ok := s.count(e.Y); !ok {
			return lin{}, false
		}
		return x, true
	}
	x, ok1 := s.Int(e.X)
	y, ok2 := s.Int(e.Y)
	if !ok1 || !ok2 {
		return lin{}, false
	}
	return lin{2 * (x.c + y.c), 2*(x.d+y.d) + 1}, true
}

// count is the largest value of shift count k, known to be from 0 to
// it, and at most 63; false where that is not known.
func (s *Prover) count(k lang.Expr) (int64, bool) {
	if v, ok := ConstInt(k); ok {
		return v, v >= 0 && v <= 63
	}
	id, ok := k.(*lang.Ident)
	if !ok {
		return 0, false
	}
	r, ok := s.Binder(resolve.Of(id)).(*ir.Range)
	if !ok {
		return 0, false
	}
	lo, ok := ConstInt(r.Lo)
	if !ok || lo < 0 {
		return 0, false
	}
	if _, ok := s.Int(r.Lo); !ok {
		return 0, false
	}
	hi, ok := s.Int(r.Hi)
	if !ok || hi.c != 0 || hi.d > 63 {
		return 0, false
	}
	return int64(hi.d), true
}
