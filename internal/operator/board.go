package operator

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The operators of boards: bits on ints (& | << >> **), set algebra
// (| & - ^ on sets), slicing and repetition of sequences. Each raises its
// errors at the operator's position; none wraps around.

// maxRepeat bounds the length of a list, tuple or string built by
// repetition (K * X), like maxRange bounds a range built as a list.
const maxRepeat = MaxRange

func BitOr(pos engine.Pos, a, b value.Value) value.Value {
	switch {
	case a.K == value.KInt && b.K == value.KInt:
		return value.Int(a.N | b.N)
	case a.K == value.KSet && b.K == value.KSet:
		if r, ok := value.SetOp(lang.OpBitOr, a, b); ok {
			return r
		}
		return setUnion(a.Elems(), b.Elems())
	}
	boolErr(pos, lang.OpBitOr, "or", a, b)
	return value.None
}

func BitAnd(pos engine.Pos, a, b value.Value) value.Value {
	switch {
	case a.K == value.KInt && b.K == value.KInt:
		return value.Int(a.N & b.N)
	case a.K == value.KSet && b.K == value.KSet:
		if r, ok := value.SetOp(lang.OpBitAnd, a, b); ok {
			return r
		}
		return setMerge(a.Elems(), b.Elems(), false, true, false)
	}
	boolErr(pos, lang.OpBitAnd, "and", a, b)
	return value.None
}

// boolErr is typeErr for & and |, with the hint a programmer from C needs
// when both sides are bools.
func boolErr(pos engine.Pos, op lang.Op, word string, a, b value.Value) {
	if a.K == value.KBool && b.K == value.KBool {
		value.Fail(pos, "cannot apply %q to bool and bool; use %q for conditions (%q is for ints and sets)", op, word, op)
	}
	TypeErr(pos, op, a, b)
}

// setUnion is A | B of two sets' elements.
func setUnion(x, y []value.Value) value.Value { return setMerge(x, y, true, true, true) }

// setMerge walks two ascending element lists and keeps the elements only
// in x (onlyX), in both (both), only in y (onlyY): union, intersection,
// difference and symmetric difference are its four uses.
func setMerge(x, y []value.Value, onlyX, both, onlyY bool) value.Value {
	out := make([]value.Value, 0, max(len(x), len(y)))
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch c := value.Compare(x[i], y[j]); {
		case c < 0:
			if onlyX {
				out = append(out, x[i])
			}
			i++
		case c > 0:
			if onlyY {
				out = append(out, y[j])
			}
			j++
		default:
			if both {
				out = append(out, x[i])
			}
			i++
			j++
		}
	}
	if onlyX {
		out = append(out, x[i:]...)
	}
	if onlyY {
		out = append(out, y[j:]...)
	}
	return value.Value{K: value.KSet, Ref: value.SortedSet(out).Ref}
}

// shiftCount checks the count of a shift: 0 to 63.
func shiftCount(pos engine.Pos, op lang.Op, a, k int64) {
	if k < 0 || k > 63 {
		value.Fail(pos, "cannot shift %d %s %d: the shift count must be from 0 to 63", a, op, k)
	}
}

// Shl is a << k for ints: a must be >= 0 and the result fit in 64 bits.
func Shl(pos engine.Pos, a, k int64) int64 {
	shiftCount(pos, lang.OpShl, a, k)
	if a < 0 {
		value.Fail(pos, "cannot shift the negative int %d left (<< needs a value >= 0)", a)
	}
	if a > math.MaxInt64>>k {
		Overflow(pos, lang.OpShl, a, k)
	}
	return a << k
}

// Shr is a >> k for ints (an arithmetic shift: -8 >> 1 is -4).
func Shr(pos engine.Pos, a, k int64) int64 {
	shiftCount(pos, lang.OpShr, a, k)
	return a >> k
}

// Pow is a ** k for ints, k >= 0, failing on overflow.
func Pow(pos engine.Pos, a, k int64) int64 {
	if k < 0 {
		value.Fail(pos, "cannot raise %d to the negative power %d (** needs an exponent >= 0)", a, k)
	}
	r, ok := PowOK(a, k)
	if !ok {
		Overflow(pos, lang.OpPow, a, k)
	}
	return r
}

// PowOK is a ** k by repeated squaring; false when k < 0 or the result
// does not fit in 64 bits. The base is squared only when a higher bit of
// k still needs it, so (-2) ** 63 fits.
func PowOK(a, k int64) (int64, bool) {
	if k < 0 {
		return 0, false
	}
	r, base := int64(1), a
	for {
		if k&1 != 0 {
			var ok bool
			if r, ok = MulOK(r, base); !ok {
				return 0, false
			}
		}
		k >>= 1
		if k == 0 {
			return r, true
		}
		if base == 0 || base == 1 {
			return r * base, true // every higher power of 0 or 1 is itself
		}
		var ok bool
		if base, ok = MulOK(base, base); !ok {
			return 0, false
		}
	}
}

// opShift is a << b or a >> b (Binary's entry for both).
func opShift(_ *engine.Thread, pos engine.Pos, op lang.Op, a, b value.Value) value.Value {
	if a.K != value.KInt || b.K != value.KInt {
		TypeErr(pos, op, a, b)
	}
	if op == lang.OpShl {
		return value.Int(Shl(pos, a.N, b.N))
	}
	return value.Int(Shr(pos, a.N, b.N))
}

func opPow(pos engine.Pos, a, b value.Value) value.Value {
	if a.K != value.KInt || b.K != value.KInt {
		TypeErr(pos, lang.OpPow, a, b)
	}
	return value.Int(Pow(pos, a.N, b.N))
}

// repeat is K * X for an int K and a list, tuple or string X.
func repeat(th *engine.Thread, pos engine.Pos, k int64, x value.Value) value.Value {
	if k < 0 {
		value.Fail(pos, "cannot repeat a %s %d times: the count must be at least 0", x.TypeName(), k)
	}
	n := int64(0)
	if x.K == value.KStr {
		n = int64(len(x.Str()))
	} else {
		n = int64(len(x.Elems()))
	}
	if n > 0 && k > maxRepeat/n {
		value.Fail(pos, "%d copies of a %s of length %d are too long to build (at most %d elements)", k, x.TypeName(), n, maxRepeat)
	}
	switch x.K {
	case value.KStr:
		return value.Str(repeatStr(th, pos, x.Str(), int(k)))
	case value.KList:
		return value.List(repeatElems(th, pos, x.Elems(), int(k)))
	}
	return value.Tuple(repeatElems(th, pos, x.Elems(), int(k)))
}

// isSeq reports whether v can be repeated or sliced.
func isSeq(v value.Value) bool {
	return v.K == value.KList || v.K == value.KTuple || v.K == value.KStr
}

// Slice is X[lo:hi] of a list, tuple or string: bounds clamped to
// 0 .. len(X), none meaning the start or the end; a negative bound fails.
func Slice(pos engine.Pos, x, lo, hi value.Value) value.Value {
	if !isSeq(x) {
		value.Fail(pos, "cannot slice %s (only lists, tuples and strings)", x.TypeName())
	}
	var n int64
	var runes []rune
	if x.K == value.KStr {
		s := x.Str()
		if x.ASCII() {
			n = int64(len(s))
		} else {
			runes = []rune(s)
			n = int64(len(runes))
		}
	} else {
		n = int64(len(x.Elems()))
	}
	a, b := SliceBounds(pos, n, lo, hi)
	switch {
	case a == 0 && b == n:
		return x // (the whole of it: a value never changes)
	case x.K == value.KStr && runes != nil:
		return value.Str(string(runes[a:b]))
	case x.K == value.KStr:
		return value.StrASCII(x.Str()[a:b])
	case x.K == value.KList:
		return value.List(x.Elems()[a:b:b])
	}
	return value.Tuple(x.Elems()[a:b:b])
}

// SliceBounds are the bounds of X[lo:hi] for an X of length n.
func SliceBounds(pos engine.Pos, n int64, lo, hi value.Value) (int64, int64) {
	a, b := int64(0), n
	if lo.K == value.KInt && lo.N >= 0 {
		a = min(lo.N, n)
	} else if lo.K != value.KNone {
		a = sliceBound(pos, n, lo, 0, "start")
	}
	if hi.K == value.KInt && hi.N >= 0 {
		b = min(hi.N, n)
	} else if hi.K != value.KNone {
		b = sliceBound(pos, n, hi, n, "end")
	}
	return a, max(a, b)
}

// sliceBound is the bound v of a slice of a sequence of length n (def
// when it is left out), or its error (which: "start" or "end").
func sliceBound(pos engine.Pos, n int64, v value.Value, def int64, which string) int64 {
	switch v.K {
	case value.KNone:
		return def
	case value.KInt:
		if v.N < 0 {
			value.Fail(pos, "the %s of a slice cannot be negative (%d)", which, v.N)
		}
		return min(v.N, n)
	}
	value.Fail(pos, "the %s of a slice must be an int, found %s", which, v.TypeName())
	return 0
}
