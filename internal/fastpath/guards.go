package fastpath

import (
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/lang"
)

// Guards written as helper defs of several levels: an if clause of a
// fast loop over x that calls a def whose body, with the defs it calls
// inlined in turn, is a conjunction of comparisons affine in x,
//
//	def wide(x) = x >= 2
//	def fits(i, w) = wide(i) and wide(w - i)
//	... for i in 0 .. w if fits(i, w)
//
// is the linear bounds of those comparisons (linclamp.go), one shape with
// `for i in 2 .. w - 2`. It applies when every name left after inlining
// is a local of the rule and every constant an int literal: nothing in
// the comparisons can fail but an overflow, which the bounds check for
// at the ends of the loop, running the general way (the if clause as
// written, with its calls) when there is one. `and` evaluates its right
// side only where its left is true; both bound x, so the values of x that
// pass are the same.

// guardClamps returns the bounds of an if clause calling such a def, or
// nil.
func (rc recognizer) guardClamps(call *lang.Call, x string) []loopplan.ClampPlan {
	e := rewrite.ExpandGuard(rc.c.Resolver, call, 0)
	if e == nil {
		return nil
	}
	var clamps []loopplan.ClampPlan
	var split func(e lang.Expr) bool
	split = func(e lang.Expr) bool {
		switch b := e.(type) {
		case *lang.BoolLit:
			return b.Val
		case *lang.Binary:
			if b.Op == lang.OpAnd {
				return split(b.X) && split(b.Y)
			}
		}
		b, ok := negated(e)
		if !ok {
			if b, ok = e.(*lang.Binary); !ok {
				return false
			}
		}
		if !rewrite.PlainAffine(rc.c.Resolver, b.X) || !rewrite.PlainAffine(rc.c.Resolver, b.Y) {
			return false
		}
		lc := rc.linearClamp(b, x)
		if lc == nil {
			return false
		}
		clamps = append(clamps, *lc)
		return true
	}
	if !split(e) || len(clamps) == 0 {
		return nil
	}
	return clamps
}
