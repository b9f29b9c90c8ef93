package ir

import (
	"math"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The one affine analysis of int expressions: an expression as
// sum of coefficient * variable + constant, exact (a coefficient or the
// constant that would not fit in 64 bits makes it not affine). It says
// what the expression's value is; whether evaluating it as written
// overflows on the way is a separate question (package plan bounds every
// node of it).

// Affine is c1*v1 + ... + ck*vk + Const over int variables (their
// declarations); a zero coefficient is not kept.
type Affine struct {
	Coef  map[*resolve.Decl]int64
	Const int64
}

// AffineOf returns e as an affine form over the names isVar accepts
// (int literals, those names, +, -, unary - and * with a constant side),
// or false.
func AffineOf(e lang.Expr, isVar func(*lang.Ident) bool) (Affine, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		return Affine{Const: e.Val}, true
	case *lang.Ident:
		d := resolve.Of(e)
		if d == nil || !isVar(e) {
			return Affine{}, false
		}
		return Affine{Coef: map[*resolve.Decl]int64{d: 1}}, true
	case *lang.Unary:
		if e.Op != lang.OpNeg {
			return Affine{}, false
		}
		a, ok := AffineOf(e.X, isVar)
		if !ok {
			return a, false
		}
		return a.Scale(-1)
	case *lang.Binary:
		a, ok1 := AffineOf(e.X, isVar)
		b, ok2 := AffineOf(e.Y, isVar)
		if !ok1 || !ok2 {
			return Affine{}, false
		}
		switch e.Op {
		case lang.OpAdd:
			return a.Add(b, 1)
		case lang.OpSub:
			return a.Add(b, -1)
		case lang.OpMul:
			if len(a.Coef) == 0 {
				return b.Scale(a.Const)
			}
			if len(b.Coef) == 0 {
				return a.Scale(b.Const)
			}
		}
	}
	return Affine{}, false
}

// Add returns a + s*b (s is 1 or -1), or false on overflow.
func (a Affine) Add(b Affine, s int64) (Affine, bool) {
	out := Affine{Coef: map[*resolve.Decl]int64{}}
	for d, k := range a.Coef {
		out.Coef[d] = k
	}
	var ok bool
	for d, k := range b.Coef {
		if out.Coef[d], ok = addMul(out.Coef[d], k, s); !ok {
			return Affine{}, false
		}
		if out.Coef[d] == 0 {
			delete(out.Coef, d)
		}
	}
	if out.Const, ok = addMul(a.Const, b.Const, s); !ok {
		return Affine{}, false
	}
	return out, true
}

// Scale returns k*a, or false on overflow.
func (a Affine) Scale(k int64) (Affine, bool) {
	out := Affine{Coef: map[*resolve.Decl]int64{}}
	var ok bool
	for d, c := range a.Coef {
		if k == 0 {
			break
		}
		if out.Coef[d], ok = mul(c, k); !ok {
			return Affine{}, false
		}
	}
	if out.Const, ok = mul(a.Const, k); !ok {
		return Affine{}, false
	}
	return out, true
}

// addMul is x + s*y (s = ±1), false on overflow.
func addMul(x, y, s int64) (int64, bool) {
	if s < 0 {
		if y == math.MinInt64 {
			return 0, false
		}
		y = -y
	}
	r := x + y
	if (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0) {
		return 0, false
	}
	return r, true
}

// mul is x * y, false on overflow.
func mul(x, y int64) (int64, bool) {
	if x == 0 || y == 0 {
		return 0, true
	}
	if x == math.MinInt64 || y == math.MinInt64 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(abs(x)), uint64(abs(y)))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if (x < 0) != (y < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// CoefOf returns c when e is x*c plus terms that do not mention the name
// x (built with +, -, unary - and multiplication by an int literal; the
// terms without x may be anything): the slope of e in x, which the fast
// loops step their memo keys by. Coefficients stay below 2^20 in size.
func CoefOf(e lang.Expr, x string) (int64, bool) {
	if !resolve.Mentions(e, x) {
		return 0, true
	}
	const lim = 1 << 20
	switch e := e.(type) {
	case *lang.Ident:
		return 1, e.Name == x
	case *lang.Unary:
		if e.Op == lang.OpNeg {
			c, ok := CoefOf(e.X, x)
			return -c, ok && c > -lim && c < lim
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			a, ok1 := CoefOf(e.X, x)
			b, ok2 := CoefOf(e.Y, x)
			if !ok1 || !ok2 || a < -lim || a > lim || b < -lim || b > lim {
				return 0, false
			}
			if e.Op == lang.OpSub {
				b = -b
			}
			return a + b, true
		case lang.OpMul:
			if k, ok := e.X.(*lang.IntLit); ok && k.Val > -lim && k.Val < lim {
				c, ok := CoefOf(e.Y, x)
				return c * k.Val, ok && c > -lim && c < lim
			}
			if k, ok := e.Y.(*lang.IntLit); ok && k.Val > -lim && k.Val < lim {
				c, ok := CoefOf(e.X, x)
				return c * k.Val, ok && c > -lim && c < lim
			}
		}
	}
	return 0, false
}
