package masks

import (
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// isName reports whether e is a name (Masks' V: maskPlan checks it is a
// local's or a let's).
func isName(e lang.Expr) bool {
	_, ok := e.(*lang.Ident)
	return ok
}

// boolsUpTo reports whether v is a list or tuple whose elements 0 to top
// are bools (passMask checks it has them).
func boolsUpTo(v value.Value, top int) bool {
	if v.K != value.KList && v.K != value.KTuple {
		return false
	}
	es := v.Elems()
	if len(es) <= top {
		return false
	}
	for _, e := range es[:top+1] {
		if e.K != value.KBool {
			return false
		}
	}
	return true
}

// Bare tests of lists of bools. An index test may be the element itself,
//
//	any([all([b[j] for j in L]) for L in LINES])
//	any([b[x] and b[y] and b[z] for (x, y, z) in LINES])
//
// which, where the element is a bool, is the test b[j] == true: Masks
// and OfBitsEq plan the comprehension with each such bare V[j] (the
// body, an operand of not, and, or, the body of an inner fold) read as
// V[j] == true, and mark it bare: Masks applies it where V is a list or
// tuple whose elements up to the greatest index are all bools, OfBitsEq's
// caller to bools only; anything else runs the fold as compiled (an
// element that is not a bool fails there).

// bareComp is comp with its bare tests of V (isV) read as V[j] == true;
// false when it has none.
func bareComp(comp *lang.Comp, isV func(lang.Expr) bool) (*lang.Comp, bool) {
	body, ok := eqTrue(comp.Body, isV)
	if !ok {
		return nil, false
	}
	c := *comp
	c.Body = body
	return &c, true
}

// eqTrue is e with its bare tests of V read as V[j] == true, and whether
// it had one.
func eqTrue(e lang.Expr, isV func(lang.Expr) bool) (lang.Expr, bool) {
	switch x := e.(type) {
	case *lang.Index:
		if isV(x.X) {
			return &lang.Binary{Pos: x.Pos, Op: lang.OpEq, X: x, Y: &lang.BoolLit{Pos: x.Pos, Val: true}}, true
		}
	case *lang.Unary:
		if y, ok := eqTrue(x.X, isV); ok && x.Op == lang.OpNot {
			c := *x
			c.X = y
			return &c, true
		}
	case *lang.Binary:
		if x.Op == lang.OpAnd || x.Op == lang.OpOr {
			a, okA := eqTrue(x.X, isV)
			b, okB := eqTrue(x.Y, isV)
			if okA || okB {
				c := *x
				c.X, c.Y = a, b
				return &c, true
			}
		}
	case *lang.Call:
		if len(x.Args) == 1 {
			if inner, ok := x.Args[0].(*lang.Comp); ok {
				if ic, ok := bareComp(inner, isV); ok {
					c := *x
					c.Args = []lang.Expr{ic}
					return &c, true
				}
			}
		}
	}
	return e, false
}
