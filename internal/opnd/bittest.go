package opnd

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// Plain reports whether the operand is a local int or a constant: reading
// it cannot fail, and nothing it evaluates comes before or after another
// operand's.
func (o *Operand) Plain() bool { return o.kind == opndSlot || o.kind == opndConst }

// BitTest compiles a test of bit K of X, written
//
//	(X >> K) & 1 == 1 (or != 1, == 0, != 0)
//	X & (1 << K) != 0 (or == 0; (1 << K) & X too)
//
// with X and K plain operands (of returns them): the bit read at once,
// and where K is outside 0 .. 62 the test slow compiled as written
// (which raises the error the shift raises there). nil for other shapes.
func BitTest(e *lang.Binary, of func(lang.Expr) Operand, slow func(fr *engine.Frame) bool) func(fr *engine.Frame) bool {
	if e.Op != lang.OpEq && e.Op != lang.OpNe {
		return nil
	}
	lit, ok := e.Y.(*lang.IntLit)
	and, isAnd := e.X.(*lang.Binary)
	if !ok || !isAnd || and.Op != lang.OpBitAnd || lit.Val != 0 && lit.Val != 1 {
		return nil
	}
	var x, k lang.Expr
	set := lit.Val == 1 // the test holds where the bit is 1 (with ==)
	if one, ok := and.Y.(*lang.IntLit); ok && one.Val == 1 {
		if sh, ok := and.X.(*lang.Binary); ok && sh.Op == lang.OpShr {
			x, k = sh.X, sh.Y
		}
	} else if lit.Val == 0 {
		for _, p := range [2][2]lang.Expr{{and.X, and.Y}, {and.Y, and.X}} {
			if sh, ok := p[1].(*lang.Binary); ok && sh.Op == lang.OpShl {
				if one, ok := sh.X.(*lang.IntLit); ok && one.Val == 1 {
					x, k = p[0], sh.Y
					break
				}
			}
		}
	}
	if x == nil {
		return nil
	}
	xo, ko := of(x), of(k)
	if !xo.Plain() || !ko.Plain() {
		return nil
	}
	want := int64(1)
	if set != (e.Op == lang.OpEq) {
		want = 0
	}
	if xo.kind == opndSlot && ko.kind == opndSlot {
		xs, ks := xo.a, ko.a
		return func(fr *engine.Frame) bool {
			k := fr.Slots[ks].N
			if uint64(k) > 62 {
				return slow(fr)
			}
			return (fr.Slots[xs].N>>k)&1 == want
		}
	}
	return func(fr *engine.Frame) bool {
		k := ko.Eval(fr)
		if uint64(k) > 62 {
			return slow(fr)
		}
		return (xo.Eval(fr)>>k)&1 == want
	}
}
