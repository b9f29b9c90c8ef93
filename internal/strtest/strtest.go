// Package strtest owns the tests of a string's characters in place:
// X[I] == "c" and X[A:B] == "lit" (or !=) compared on X's bytes, and
// C in X[A:B] searched in X's bytes, for package build's Builders.StrTest
// and InSet.
package strtest

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Tests of a string's characters. X[I] == "c" and X[A:B] == "lit" (or
// !=), for X a string of ASCII characters (a board's row "x.x", a ring
// of pins), compare the bytes of X where they are: no string of one
// character, no slice made. X, I, A and B are evaluated as the index or
// slice evaluates them, in order; when X is not such a string, or the
// index is not one of its characters, the index or slice runs as
// written (operator.Index, operator.Slice), so the values and the
// errors are its.

// Tests compiles the tests of a string's characters (package build's
// Builders.StrTest) with c.
type Tests struct{ C *compile.Compiler }

// Test compiles other == want (eq) or other != want when other is an
// index or a slice; nil otherwise.
func (st Tests) Test(other lang.Expr, want string, eq bool) compile.BoolFn {
	if !st.C.On(passes.Strings) {
		return nil
	}
	switch e := other.(type) {
	case *lang.Index:
		st.C.Fired(passes.Strings)
		return st.index(e, want, eq)
	case *lang.Slice:
		st.C.Fired(passes.Strings)
		if f := st.slice(e, want, eq); f != nil {
			return f
		}
		x, lo, hi := st.C.Vals.Expr(e.X), st.C.Vals.OptExpr(e.Lo), st.C.Vals.OptExpr(e.Hi)
		pos := e.Pos
		return func(fr *engine.Frame) bool {
			xv := x(fr)
			l, h := lo(fr), hi(fr)
			if xv.K == value.KStr && xv.ASCII() {
				str := xv.Str()
				a, b := operator.SliceBounds(pos, int64(len(str)), l, h)
				return (str[a:b] == want) == eq
			}
			v := operator.Slice(pos, xv, l, h)
			return (v.K == value.KStr && v.Str() == want) == eq
		}
	}
	return nil
}

// index compiles X[I] == want (eq) or X[I] != want.
func (st Tests) index(e *lang.Index, want string, eq bool) compile.BoolFn {
	pos := e.Pos
	x := st.C.Vals.Expr(e.X)
	if s := st.C.LocalSlot(e.X); s >= 0 {
		x = func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	}
	// (A string of one character compares with one byte.)
	one := len(want) == 1
	var c byte
	if one {
		c = want[0]
	}
	if fi := st.C.Ints.IntExpr(e.Index); fi != nil {
		return func(fr *engine.Frame) bool {
			xv, i := x(fr), fi(fr)
			if xv.K == value.KStr {
				if str := xv.Str(); uint64(i) < uint64(len(str)) && xv.ASCII() {
					return (one && str[i] == c) == eq
				}
			}
			v := operator.Index(pos, xv, value.Int(i))
			return (v.K == value.KStr && v.Str() == want) == eq
		}
	}
	ix := st.C.Vals.Expr(e.Index)
	return func(fr *engine.Frame) bool {
		xv, iv := x(fr), ix(fr)
		if xv.K == value.KStr && iv.K == value.KInt {
			if str := xv.Str(); uint64(iv.N) < uint64(len(str)) && xv.ASCII() {
				return (one && str[iv.N] == c) == eq
			}
		}
		v := operator.Index(pos, xv, iv)
		return (v.K == value.KStr && v.Str() == want) == eq
	}
}

// slice is test of X[A:B] for X a local and A and B int-typed (or left
// out): the bounds as ints, not values; nil otherwise.
func (st Tests) slice(e *lang.Slice, want string, eq bool) compile.BoolFn {
	s := st.C.LocalSlot(e.X)
	if s < 0 {
		return nil
	}
	zero := func(*engine.Frame) int64 { return 0 }
	lo, hi := compile.IntFn(zero), compile.IntFn(zero)
	if e.Lo != nil {
		lo = st.C.Ints.IntExpr(e.Lo)
	}
	if e.Hi != nil {
		hi = st.C.Ints.IntExpr(e.Hi)
	}
	if lo == nil || hi == nil {
		return nil
	}
	pos, hasLo, hasHi := e.Pos, e.Lo != nil, e.Hi != nil
	return func(fr *engine.Frame) bool {
		xv := fr.Slots[s]
		l, h := lo(fr), hi(fr)
		if xv.K == value.KStr && l >= 0 && h >= 0 && xv.ASCII() {
			str := xv.Str()
			n := int64(len(str))
			a, b := min(l, n), n
			if hasHi {
				b = min(h, n)
			}
			return (str[a:max(a, b)] == want) == eq
		}
		lv, hv := value.None, value.None
		if hasLo {
			lv = value.Int(l)
		}
		if hasHi {
			hv = value.Int(h)
		}
		v := operator.Slice(pos, xv, lv, hv)
		return (v.K == value.KStr && v.Str() == want) == eq
	}
}

// In compiles C in X[A:B] (not: C not in X[A:B]), e, for Y its slice:
// C, X, A and B evaluated in order, and where C and X are strings, X of
// ASCII characters, C searched in X's bytes from A to B (the bounds as
// the slice reads them: operator.SliceBounds, its errors), no slice
// made; anywhere else the slice and the operator as written. nil when
// the pass is off.
func (st Tests) In(e *lang.Binary, y *lang.Slice, not bool) compile.BoolFn {
	if !st.C.On(passes.Strings) {
		return nil
	}
	st.C.Fired(passes.Strings)
	c, x, lo, hi := st.C.Vals.Expr(e.X), st.C.Vals.Expr(y.X), st.C.Vals.OptExpr(y.Lo), st.C.Vals.OptExpr(y.Hi)
	pos, spos := e.Pos, y.Pos
	return func(fr *engine.Frame) bool {
		cv, xv := c(fr), x(fr)
		l, h := lo(fr), hi(fr)
		if cv.K == value.KStr && xv.K == value.KStr && xv.ASCII() {
			str := xv.Str()
			a, b := operator.SliceBounds(spos, int64(len(str)), l, h)
			return strings.Contains(str[a:b], cv.Str()) != not
		}
		return operator.In(pos, cv, operator.Slice(spos, xv, l, h)) != not
	}
}
