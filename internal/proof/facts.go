package proof

import (
	"math"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Facts refuted. Where an expression is evaluated, the facts known
// (Prover.facts) hold: the conditions around it, and with Ordered the
// filters before it and, for each range before it, that the range is not
// empty (its lower end at most its upper: the clauses after a range run
// only for its values). A root r cannot be v there when some fact,
// evaluated with r written as v, is false: its other names need not be
// known where an if's condition, or an and's or an or's side, decides
// without them. So `% v` inside
//
//	for k in 0 .. (if v == 0 then 0 else 1 + f(v)) - 1
//
// cannot divide by 0 (with v = 0 the fact 0 <= (if ...) - 1 is
// 0 <= -1), with no guard that v is not 0.

// rangeFact is the fact that range cl is not empty: Lo <= Hi.
func rangeFact(cl *ir.Range) lang.Expr {
	return &lang.Binary{Pos: cl.OpPos, Op: lang.OpLe, X: cl.Lo, Y: cl.Hi}
}

// refutes reports whether some fact known is false where the name
// declared by d is v.
func (s *Prover) refutes(d *resolve.Decl, v int64) bool {
	for _, f := range s.facts {
		if x, ok := evalAt(f, d, v, 0); ok && x.isBool && !x.b {
			return true
		}
	}
	return false
}

// known is the value of an expression folded: an int, or a bool.
type known struct {
	i      int64
	b      bool
	isBool bool
}

// maxFold is how deep evalAt folds an expression.
const maxFold = 64

// evalAt folds e where the name declared by d is v: ok when its value is
// known without evaluating anything that may fail (an overflow, a
// division by 0: then not known).
func evalAt(e lang.Expr, d *resolve.Decl, v int64, depth int) (known, bool) {
	if depth > maxFold {
		return known{}, false
	}
	switch e := e.(type) {
	case *lang.IntLit:
		return known{i: e.Val}, true
	case *lang.BoolLit:
		return known{b: e.Val, isBool: true}, true
	case *lang.Ident:
		if resolve.Of(e) == d && d != nil {
			return known{i: v}, true
		}
		if c, ok := ConstInt(e); ok {
			return known{i: c}, true
		}
	case *lang.Unary:
		x, ok := evalAt(e.X, d, v, depth+1)
		switch {
		case !ok:
		case e.Op == lang.OpNot && x.isBool:
			return known{b: !x.b, isBool: true}, true
		case e.Op == lang.OpNeg && !x.isBool && x.i != math.MinInt64:
			return known{i: -x.i}, true
		}
	case *lang.IfExpr:
		c, ok := evalAt(e.Cond, d, v, depth+1)
		if !ok || !c.isBool {
			return known{}, false
		}
		if c.b {
			return evalAt(e.Then, d, v, depth+1)
		}
		return evalAt(e.Else, d, v, depth+1)
	case *lang.Binary:
		return evalBinary(e, d, v, depth)
	}
	return known{}, false
}

// evalBinary folds a binary expression (evalAt): and and or decided by
// one side where it decides.
func evalBinary(e *lang.Binary, d *resolve.Decl, v int64, depth int) (known, bool) {
	x, okx := evalAt(e.X, d, v, depth+1)
	y, oky := evalAt(e.Y, d, v, depth+1)
	if e.Op == lang.OpAnd || e.Op == lang.OpOr {
		decides := e.Op == lang.OpOr // (true decides an or, false an and)
		for _, side := range []struct {
			k  known
			ok bool
		}{{x, okx}, {y, oky}} {
			if side.ok && side.k.isBool && side.k.b == decides {
				return known{b: decides, isBool: true}, true
			}
		}
		if okx && oky && x.isBool && y.isBool {
			return known{b: !decides, isBool: true}, true
		}
		return known{}, false
	}
	if !okx || !oky || x.isBool || y.isBool {
		return known{}, false
	}
	a, b := x.i, y.i
	cmp := func(r bool) (known, bool) { return known{b: r, isBool: true}, true }
	switch e.Op {
	case lang.OpEq:
		return cmp(a == b)
	case lang.OpNe:
		return cmp(a != b)
	case lang.OpLt:
		return cmp(a < b)
	case lang.OpLe:
		return cmp(a <= b)
	case lang.OpGt:
		return cmp(a > b)
	case lang.OpGe:
		return cmp(a >= b)
	case lang.OpAdd:
		if r := a + b; (r > a) == (b > 0) || b == 0 {
			return known{i: r}, true
		}
	case lang.OpSub:
		if r := a - b; (r < a) == (b > 0) || b == 0 {
			return known{i: r}, true
		}
	case lang.OpMul:
		if a == 0 || b == 0 {
			return known{}, true
		}
		if r := a * b; r/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64) {
			return known{i: r}, true
		}
	case lang.OpDiv, lang.OpMod:
		if b == 0 || b == -1 && a == math.MinInt64 {
			return known{}, false
		}
		if e.Op == lang.OpDiv {
			return known{i: a / b}, true
		}
		return known{i: a % b}, true
	}
	return known{}, false
}
