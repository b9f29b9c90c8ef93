// Package ranges is an interval analysis of a script's int expressions,
// for grundy emit: an operation it proves unable to fail is written as
// plain C++ (a + b rather than rt::add(a, b, site)), and a def's result
// carries its interval to the C++ compiler, which then drops checks of its
// own. Only what is proved counts: an operand of unknown range leaves the
// check in place.
package ranges

import (
	"math"
	"math/big"
	"strconv"

	"github.com/grundy-lang/grundy/lang"
)

// Ival is the closed interval [Lo, Hi] of an int expression's values.
type Ival struct{ Lo, Hi int64 }

// Analyzer finds intervals. IsInt says whether an expression is of type
// int (not an SG value, whose use as an int is checked); Def gives a call
// of a def its identity and its body (ok false for anything else).
type Analyzer struct {
	IsInt func(x lang.Expr) bool
	Def   func(x *lang.Call) (key any, body lang.Expr, ok bool)
	defs  map[any]*Ival // the defs' results' intervals, nil if none
}

// Of is the interval of x's values, if the analysis proves one.
func (a *Analyzer) Of(x lang.Expr) (Ival, bool) {
	if !a.IsInt(x) {
		return Ival{}, false
	}
	switch x := x.(type) {
	case *lang.IntLit:
		return Ival{x.Val, x.Val}, true
	case *lang.IfExpr:
		p, ok1 := a.Of(x.Then)
		q, ok2 := a.Of(x.Else)
		if !ok1 || !ok2 {
			return Ival{}, false
		}
		return Ival{min(p.Lo, q.Lo), max(p.Hi, q.Hi)}, true
	case *lang.Binary:
		return a.binary(x)
	case *lang.Call:
		if key, body, ok := a.Def(x); ok {
			return a.def(key, body)
		}
	}
	return Ival{}, false
}

// Safe reports whether the int operator x (+ - * %) cannot fail: its
// operands are ints and the analysis bounds its result (for %, its divisor
// is known positive).
func (a *Analyzer) Safe(x *lang.Binary) bool {
	if !a.IsInt(x.X) || !a.IsInt(x.Y) {
		return false
	}
	_, ok := a.binary(x)
	return ok
}

// OfCall is the interval of a def call's results whatever its arguments.
func (a *Analyzer) OfCall(x *lang.Call) (Ival, bool) {
	if key, body, ok := a.Def(x); ok {
		return a.def(key, body)
	}
	return Ival{}, false
}

// binary is the interval of an int operator's result: + - * when both
// operands' intervals are known and no value of them overflows, % by a
// divisor known positive.
func (a *Analyzer) binary(x *lang.Binary) (Ival, bool) {
	if x.Op == lang.OpMod {
		return a.mod(x)
	}
	if x.Op != lang.OpAdd && x.Op != lang.OpSub && x.Op != lang.OpMul {
		return Ival{}, false
	}
	p, ok1 := a.Of(x.X)
	q, ok2 := a.Of(x.Y)
	if !ok1 || !ok2 {
		return Ival{}, false
	}
	return combine(x.Op, p, q)
}

// combine is p op q over intervals, if every result fits in 64 bits.
func combine(op lang.Op, p, q Ival) (Ival, bool) {
	f := map[lang.Op]func(z, x, y *big.Int) *big.Int{lang.OpAdd: (*big.Int).Add, lang.OpSub: (*big.Int).Sub, lang.OpMul: (*big.Int).Mul}[op]
	lo, hi := big.NewInt(math.MaxInt64), big.NewInt(math.MinInt64)
	for _, x := range []int64{p.Lo, p.Hi} {
		for _, y := range []int64{q.Lo, q.Hi} {
			r := f(new(big.Int), big.NewInt(x), big.NewInt(y))
			if !r.IsInt64() {
				return Ival{}, false
			}
			if r.Cmp(lo) < 0 {
				lo = r
			}
			if r.Cmp(hi) > 0 {
				hi = r
			}
		}
	}
	return Ival{lo.Int64(), hi.Int64()}, true
}

// mod is the interval of p % q for q known positive: the result has p's
// sign (the script's % truncates) and is below q in magnitude.
func (a *Analyzer) mod(x *lang.Binary) (Ival, bool) {
	q, ok := a.Of(x.Y)
	if !ok || q.Lo <= 0 {
		return Ival{}, false
	}
	m := q.Hi - 1
	p, ok := a.Of(x.X)
	switch {
	case ok && p.Lo >= 0:
		return Ival{0, min(p.Hi, m)}, true
	case ok && p.Hi <= 0:
		return Ival{max(p.Lo, -m), 0}, true
	}
	return Ival{-m, m}, true
}

// def is the interval of a def's results whatever its arguments (none
// while it is being computed: a recursive def has none).
func (a *Analyzer) def(key any, body lang.Expr) (Ival, bool) {
	if a.defs == nil {
		a.defs = map[any]*Ival{}
	}
	if r, seen := a.defs[key]; seen {
		if r == nil {
			return Ival{}, false
		}
		return *r, true
	}
	a.defs[key] = nil
	r, ok := a.Of(body)
	if ok {
		a.defs[key] = &r
	}
	return r, ok
}

// C is v as a C++ literal of type long long.
func C(v int64) string {
	if v == math.MinInt64 {
		return "LLONG_MIN"
	}
	return strconv.FormatInt(v, 10) + "LL"
}
