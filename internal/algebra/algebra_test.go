package algebra

import (
	"math"
	"testing"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

func intLit(v int64) lang.Expr {
	if v < 0 {
		return &lang.Unary{Op: lang.OpNeg, X: &lang.IntLit{Val: -v}}
	}
	return &lang.IntLit{Val: v}
}

// TestLitArith: the arithmetic of two int literals folds to the value Go
// computes where it fits in 64 bits, and not at all where it overflows
// (the error is met where the program runs).
func TestLitArith(t *testing.T) {
	vals := []int64{0, 1, -1, 2, 7, -9, 1 << 32, math.MaxInt64, math.MaxInt64 - 1, math.MinInt64 + 1, -3037000500, 3037000500}
	for _, x := range vals {
		for _, y := range vals {
			for _, op := range []lang.Op{lang.OpAdd, lang.OpSub, lang.OpMul} {
				got := litArith(nil, &lang.Binary{Op: op, X: intLit(x), Y: intLit(y)})
				want, fits := exact(op, x, y)
				if !fits || want == math.MinInt64 {
					if got != nil {
						t.Errorf("%d %v %d overflows, folded to %s", x, op, y, ir.Expr(got))
					}
					continue
				}
				v, ok := ir.IntLit(got)
				if !ok || v != want {
					t.Errorf("%d %v %d: got %v, want %d", x, op, y, got, want)
				}
			}
		}
	}
}

// exact is x op y and whether it fits in 64 bits (computed in 128).
func exact(op lang.Op, x, y int64) (int64, bool) {
	a, b := bigInt(x), bigInt(y)
	var r [2]int64
	switch op {
	case lang.OpAdd:
		r = add128(a, b)
	case lang.OpSub:
		r = add128(a, neg128(b))
	case lang.OpMul:
		if x == 0 || y == 0 {
			return 0, true
		}
		p := x * y
		if p/y != x || x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 {
			return 0, false
		}
		return p, true
	}
	if r[0] != 0 && r[0] != -1 || (r[0] == -1) != (r[1] < 0) {
		return 0, false
	}
	return r[1], true
}

func bigInt(x int64) [2]int64 {
	if x < 0 {
		return [2]int64{-1, x}
	}
	return [2]int64{0, x}
}

func add128(a, b [2]int64) [2]int64 {
	lo := uint64(a[1]) + uint64(b[1])
	carry := int64(0)
	if lo < uint64(a[1]) {
		carry = 1
	}
	return [2]int64{a[0] + b[0] + carry, int64(lo)}
}

func neg128(a [2]int64) [2]int64 {
	return add128([2]int64{^a[0], ^a[1]}, [2]int64{0, 1})
}

// TestLitCompare: comparisons of literals fold to Go's answer; a
// comparison of an int and a string does not fold.
func TestLitCompare(t *testing.T) {
	ops := map[lang.Op]func(a, b int64) bool{
		lang.OpEq: func(a, b int64) bool { return a == b }, lang.OpNe: func(a, b int64) bool { return a != b },
		lang.OpLt: func(a, b int64) bool { return a < b }, lang.OpLe: func(a, b int64) bool { return a <= b },
		lang.OpGt: func(a, b int64) bool { return a > b }, lang.OpGe: func(a, b int64) bool { return a >= b },
	}
	for op, f := range ops {
		for _, x := range []int64{-2, 0, 3} {
			for _, y := range []int64{-2, 0, 3} {
				got, ok := boolLit(litCompare(nil, &lang.Binary{Op: op, X: intLit(x), Y: intLit(y)}))
				if !ok || got != f(x, y) {
					t.Errorf("%d %v %d: got %v (folded %v)", x, op, y, got, ok)
				}
			}
		}
	}
	if e := litCompare(nil, &lang.Binary{Op: lang.OpEq, X: intLit(1), Y: &lang.StrLit{Val: "1"}}); e != nil {
		t.Errorf("1 == \"1\" folded to %s", ir.Expr(e))
	}
	if v, ok := boolLit(litCompare(nil, &lang.Binary{Op: lang.OpNe, X: &lang.StrLit{Val: "a"}, Y: &lang.StrLit{Val: "b"}})); !ok || !v {
		t.Errorf(`"a" != "b" did not fold to true`)
	}
}

// TestAndOrLit: a literal side folds an and or an or only where the
// other side is a condition (a bool whenever it evaluates): `true and
// x` is x's value whatever it is, which is not a rewrite to make of an
// int.
func TestAndOrLit(t *testing.T) {
	x := &lang.Ident{Name: "x"}
	cond := &lang.Binary{Op: lang.OpLt, X: x, Y: intLit(3)}
	tr, fa := &lang.BoolLit{Val: true}, &lang.BoolLit{Val: false}
	cases := []struct {
		e    lang.Expr
		want lang.Expr
	}{
		{&lang.Binary{Op: lang.OpAnd, X: fa, Y: x}, fa},
		{&lang.Binary{Op: lang.OpOr, X: tr, Y: x}, tr},
		{&lang.Binary{Op: lang.OpAnd, X: tr, Y: cond}, cond},
		{&lang.Binary{Op: lang.OpOr, X: fa, Y: cond}, cond},
		{&lang.Binary{Op: lang.OpAnd, X: cond, Y: tr}, cond},
		{&lang.Binary{Op: lang.OpAnd, X: tr, Y: x}, nil},
		{&lang.Binary{Op: lang.OpOr, X: x, Y: fa}, nil},
	}
	for _, c := range cases {
		if got := andOrLit(nil, c.e); got != c.want {
			t.Errorf("%s: got %v, want %v", ir.Expr(c.e), got, c.want)
		}
	}
}
