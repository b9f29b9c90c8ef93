package ranges

import (
	"math"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

func lit(v int64) lang.Expr { return &lang.IntLit{Val: v} }

func bin(op lang.Op, x, y lang.Expr) *lang.Binary { return &lang.Binary{Op: op, X: x, Y: y} }

func analyzer() *Analyzer {
	return &Analyzer{
		IsInt: func(lang.Expr) bool { return true },
		Def:   func(*lang.Call) (any, lang.Expr, bool) { return nil, nil, false },
	}
}

// TestIntervals: what the analysis proves, and what it must not.
func TestIntervals(t *testing.T) {
	x := &lang.Ident{Name: "x"} // a value of unknown range
	mix := bin(lang.OpMod, bin(lang.OpAdd, bin(lang.OpMul, x, lit(1103515245)), lit(12345)), lit(2147483647))
	cases := []struct {
		name   string
		e      *lang.Binary
		lo, hi int64
		ok     bool
	}{
		{"constant", bin(lang.OpMul, lit(3), lit(-4)), -12, -12, true},
		{"overflow", bin(lang.OpMul, lit(math.MaxInt64), lit(2)), 0, 0, false},
		{"unknown operand", bin(lang.OpAdd, x, lit(1)), 0, 0, false},
		{"mod of unknown", bin(lang.OpMod, x, lit(5)), -4, 4, true},
		{"mod by zero", bin(lang.OpMod, lit(7), lit(0)), 0, 0, false},
		{"mod by -1", bin(lang.OpMod, lit(7), lit(-1)), 0, 0, false},
		{"mod of a nonnegative", bin(lang.OpMod, lit(7), lit(5)), 0, 4, true},
		{"mod of a negative", bin(lang.OpMod, lit(-7), lit(5)), -4, 0, true},
		{"mix * 2^32 fits", bin(lang.OpMul, mix, lit(1<<32)), -2147483646 << 32, 2147483646 << 32, true},
		{"mix * 2^33 does not", bin(lang.OpMul, mix, lit(1<<33)), 0, 0, false},
	}
	for _, c := range cases {
		r, ok := analyzer().Of(c.e)
		if ok != c.ok || ok && (r.Lo != c.lo || r.Hi != c.hi) {
			t.Errorf("%s: got %v %v, want [%d, %d] %v", c.name, r, ok, c.lo, c.hi, c.ok)
		}
		if analyzer().Safe(c.e) != c.ok {
			t.Errorf("%s: Safe is %v", c.name, !c.ok)
		}
	}
}

// TestSGOperand: an operand that is an SG value (checked finite when used
// as an int) keeps the operator's check.
func TestSGOperand(t *testing.T) {
	sg := lit(3)
	a := analyzer()
	a.IsInt = func(x lang.Expr) bool { return x != sg }
	if a.Safe(bin(lang.OpAdd, sg, lit(1))) {
		t.Error("an SG operand's + is safe")
	}
}

// TestRecursiveDef: a def whose result depends on itself has no interval.
func TestRecursiveDef(t *testing.T) {
	call := &lang.Call{}
	body := &lang.IfExpr{Then: lit(0), Else: bin(lang.OpAdd, call, lit(1))}
	a := analyzer()
	a.Def = func(*lang.Call) (any, lang.Expr, bool) { return "f", body, true }
	if r, ok := a.OfCall(call); ok {
		t.Errorf("a recursive def's interval: %v", r)
	}
}
