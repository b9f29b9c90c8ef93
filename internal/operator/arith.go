package operator

import (
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

func TypeErr(pos engine.Pos, op lang.Op, a, b value.Value) {
	value.Fail(pos, "cannot apply %q to %s and %s", op, a.TypeName(), b.TypeName())
}

func Overflow(pos engine.Pos, op lang.Op, a, b int64) {
	if op == lang.OpPow && a < 0 {
		// (** binds tighter than a unary minus: -2 ** 64 is -(2 ** 64).)
		value.Fail(pos, "integer overflow: (%d) %s %d does not fit in 64 bits", a, op, b)
	}
	value.Fail(pos, "integer overflow: %d %s %d does not fit in 64 bits", a, op, b)
}

// Add is a + b. th, when set, is the run: a concatenation accounts for
// its memory and polls its context (build.go).
func Add(th *engine.Thread, pos engine.Pos, a, b value.Value) value.Value {
	switch {
	case a.K == value.KInt && b.K == value.KInt:
		c, ok := AddOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpAdd, a.N, b.N)
		}
		return value.Int(c)
	case a.K == value.KStr && b.K == value.KStr:
		if a.N == 1 && b.N == 1 {
			return value.StrASCII(concatStr(th, pos, a.Str(), b.Str()))
		}
		return value.Str(concatStr(th, pos, a.Str(), b.Str()))
	case a.K == value.KList && b.K == value.KList:
		return value.List(concatElems(th, pos, a.Elems(), b.Elems()))
	case a.K == value.KTuple && b.K == value.KTuple:
		return value.Tuple(concatElems(th, pos, a.Elems(), b.Elems()))
	case a.IsGame() && b.IsGame():
		return sumOf(th, pos, a, b)
	case a.IsGame() && b.K == value.KInt || a.K == value.KInt && b.IsGame():
		value.Fail(pos, "cannot add %s and %s: write *k for a nim heap of size k", a.TypeName(), b.TypeName())
	}
	TypeErr(pos, lang.OpAdd, a, b)
	return value.None
}

func Sub(pos engine.Pos, a, b value.Value) value.Value {
	if a.K == value.KInt && b.K == value.KInt {
		c, ok := SubOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpSub, a.N, b.N)
		}
		return value.Int(c)
	}
	if a.K == value.KSet && b.K == value.KSet {
		if r, ok := value.SetOp(lang.OpSub, a, b); ok {
			return r
		}
		return setMerge(a.Elems(), b.Elems(), true, false, false)
	}
	TypeErr(pos, lang.OpSub, a, b)
	return value.None
}

// maxCopies bounds k in k * G when the copies are built as a value.
const maxCopies = 1 << 20

// opMul is a * b (th as for Add).
func opMul(th *engine.Thread, pos engine.Pos, a, b value.Value) value.Value {
	switch {
	case a.K == value.KInt && b.K == value.KInt:
		c, ok := MulOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpMul, a.N, b.N)
		}
		return value.Int(c)
	case a.K == value.KInt && b.IsGame():
		return copies(th, pos, a.N, b)
	case a.IsGame() && b.K == value.KInt:
		return copies(th, pos, b.N, a)
	case a.K == value.KInt && isSeq(b):
		return repeat(th, pos, a.N, b)
	case isSeq(a) && b.K == value.KInt:
		return repeat(th, pos, b.N, a)
	}
	TypeErr(pos, lang.OpMul, a, b)
	return value.None
}

func copies(th *engine.Thread, pos engine.Pos, k int64, g value.Value) value.Value {
	if k < 0 {
		value.Fail(pos, "cannot take %d copies of a game: the count must be at least 0", k)
	}
	CheckCopies(pos, k, g)
	return value.SumOf(repeatElems(th, pos, []value.Value{g}, int(k)))
}

// CheckCopies fails when k >= 0 copies of game g are too many to build as
// a value.
func CheckCopies(pos engine.Pos, k int64, g value.Value) {
	if k > maxCopies || k > 0 && int64(len(g.Parts()))*k > maxCopies {
		value.Fail(pos, "%d copies of a game are too many to build (at most %d); sg(k * G) needs no copies", k, maxCopies)
	}
}

func Div(pos engine.Pos, op lang.Op, a, b value.Value) value.Value {
	if a.K != value.KInt || b.K != value.KInt {
		TypeErr(pos, op, a, b)
	}
	if b.N == 0 {
		if op == lang.OpDiv {
			value.Fail(pos, "division by zero")
		}
		value.Fail(pos, "modulo by zero")
	}
	if a.N == math.MinInt64 && b.N == -1 {
		if op == lang.OpDiv {
			Overflow(pos, lang.OpDiv, a.N, b.N)
		}
		return value.Int(0)
	}
	if op == lang.OpDiv {
		return value.Int(a.N / b.N)
	}
	return value.Int(a.N % b.N)
}

func Xor(pos engine.Pos, a, b value.Value) value.Value {
	if a.K == value.KInt && b.K == value.KInt {
		return value.Int(a.N ^ b.N)
	}
	if a.K == value.KSet && b.K == value.KSet {
		if r, ok := value.SetOp(lang.OpXor, a, b); ok {
			return r
		}
		return setMerge(a.Elems(), b.Elems(), true, false, true)
	}
	TypeErr(pos, lang.OpXor, a, b)
	return value.None
}

// MaxRange bounds the length of a range built as a list.
const MaxRange = 10_000_000

func opRange(th *engine.Thread, pos engine.Pos, a, b value.Value) value.Value {
	if a.K != value.KInt || b.K != value.KInt {
		TypeErr(pos, lang.OpRange, a, b)
	}
	if b.N < a.N {
		return value.List(nil)
	}
	if n, ok := SubOK(b.N, a.N); !ok || n >= MaxRange {
		value.Fail(pos, "the range %d .. %d is too long to build as a list (at most %d elements)", a.N, b.N, MaxRange)
	}
	n := int(b.N - a.N + 1)
	engine.AllocIf(th, pos, engine.ElemsBytes(n))
	xs := make([]value.Value, n)
	for i := range xs {
		if i&(engine.CopyChunk-1) == 0 {
			engine.PollIf(th, pos)
		}
		xs[i] = value.Int(a.N + int64(i))
	}
	return value.List(xs)
}

func opNeg(pos engine.Pos, a value.Value) value.Value {
	if a.K != value.KInt {
		value.Fail(pos, "cannot negate %s", a.TypeName())
	}
	if a.N == math.MinInt64 {
		value.Fail(pos, "integer overflow: -(%d) does not fit in 64 bits", a.N)
	}
	return value.Int(-a.N)
}

// BitNot is ~a, the bitwise not of an int: -a - 1, which never
// overflows.
func BitNot(pos engine.Pos, a value.Value) value.Value {
	if a.K != value.KInt {
		value.Fail(pos, "cannot apply \"~\" to %s", a.TypeName())
	}
	return value.Int(^a.N)
}

func Nimber(pos engine.Pos, a value.Value) value.Value {
	if a.K != value.KInt {
		value.Fail(pos, "a nimber needs an int size, found %s", a.TypeName())
	}
	if a.N < 0 {
		value.Fail(pos, "a nimber cannot be negative (*%d)", a.N)
	}
	if a.N > math.MaxInt32 {
		value.Fail(pos, "nimber *%d is too large (at most *%d)", a.N, math.MaxInt32)
	}
	return value.Nimber(a.N)
}

func Compare(pos engine.Pos, op lang.Op, a, b value.Value) bool {
	switch op {
	case lang.OpEq:
		return value.Equal(a, b)
	case lang.OpNe:
		return !value.Equal(a, b)
	}
	if a.K == value.KInf || b.K == value.KInf {
		value.Fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	c := value.OrderCompare(pos, op, a, b)
	switch op {
	case lang.OpLt:
		return c < 0
	case lang.OpLe:
		return c <= 0
	case lang.OpGt:
		return c > 0
	}
	return c >= 0
}

func In(pos engine.Pos, x, coll value.Value) bool {
	switch coll.K {
	case value.KList, value.KTuple:
		for _, e := range coll.Elems() {
			if value.Equal(x, e) {
				return true
			}
		}
		return false
	case value.KSet:
		if has, ok := value.SetHas(coll, x); ok {
			return has
		}
		_, ok := slices.BinarySearchFunc(coll.Elems(), x, value.Compare)
		return ok
	case value.KMap:
		keys := coll.Map().Keys
		if x.K == value.KInt && uint64(x.N) < uint64(len(keys)) && keys[x.N].K == value.KInt && keys[x.N].N == x.N {
			return true // (the keys sorted and distinct: the key at its own place)
		}
		if x.K == value.KInt && len(keys) <= 16 {
			for _, k := range keys {
				if k.K == value.KInt && k.N == x.N {
					return true
				}
			}
		}
		_, ok := slices.BinarySearchFunc(keys, x, value.Compare)
		return ok
	case value.KStr:
		if x.K != value.KStr {
			value.Fail(pos, "\"in\" a string needs a string on the left, found %s", x.TypeName())
		}
		return strings.Contains(coll.Str(), x.Str())
	}
	value.Fail(pos, "\"in\" needs a list, set, map, range or string on the right, found %s", coll.TypeName())
	return false
}

func Index(pos engine.Pos, x, i value.Value) value.Value {
	switch x.K {
	case value.KList, value.KTuple:
		if i.K == value.KInt {
			if y, ok := value.SeqAt(x, i.N); ok {
				return y // (a list kept as bits: its elements not made)
			}
		}
		e := x.Elems()
		if i.K != value.KInt {
			value.Fail(pos, "a %s index must be an int, found %s", x.TypeName(), i.TypeName())
		}
		if i.N < 0 || i.N >= int64(len(e)) {
			value.Fail(pos, "index %d out of range (the %s has %d element%s)", i.N, x.TypeName(), len(e), value.Plural(len(e)))
		}
		return e[i.N]
	case value.KStr:
		if str := x.Str(); i.K == value.KInt && uint64(i.N) < uint64(len(str)) && x.ASCII() {
			// (One byte a character: no runes, no new string.)
			return value.Char(str[i.N])
		}
		s := []rune(x.Str())
		if i.K != value.KInt {
			value.Fail(pos, "a string index must be an int, found %s", i.TypeName())
		}
		if i.N < 0 || i.N >= int64(len(s)) {
			value.Fail(pos, "index %d out of range (the string has %d character%s)", i.N, len(s), value.Plural(len(s)))
		}
		return value.Str(string(s[i.N]))
	case value.KMap:
		m := x.Map()
		if i.K == value.KInt && uint64(i.N) < uint64(len(m.Keys)) && m.Keys[i.N].K == value.KInt && m.Keys[i.N].N == i.N {
			// (A map of the ints 0 .. n - 1, among other keys: the key at
			// its own place, the one the search finds, keys being distinct.)
			return m.Vals[i.N]
		}
		if i.K == value.KInt && len(m.Keys) <= 16 {
			// (A small map's int key by a scan: the key equal to it, the
			// one the search finds.)
			for j, k := range m.Keys {
				if k.K == value.KInt && k.N == i.N {
					return m.Vals[j]
				}
			}
		}
		j, ok := slices.BinarySearchFunc(m.Keys, i, value.Compare)
		if !ok {
			value.Fail(pos, "key %s not found in the map", value.Shown(i))
		}
		return m.Vals[j]
	}
	value.Fail(pos, "cannot index %s", x.TypeName())
	return value.None
}

func NeedBool(pos engine.Pos, v value.Value, what string) bool {
	if v.K != value.KBool {
		value.Fail(pos, "%s must be true or false, found %s %s", what, v.TypeName(), value.Shown(v))
	}
	return v.N != 0
}

// Iterate calls f for each element of an iterable value, in order; f
// returns false to stop.
func Iterate(pos engine.Pos, v value.Value, f func(value.Value) bool) {
	switch v.K {
	case value.KList, value.KTuple, value.KSet:
		for _, e := range v.Elems() {
			if !f(e) {
				return
			}
		}
	case value.KMap:
		for _, e := range v.Map().Keys {
			if !f(e) {
				return
			}
		}
	case value.KStr:
		for _, r := range v.Str() {
			if !f(value.Str(string(r))) {
				return
			}
		}
	default:
		value.Fail(pos, "cannot iterate over %s", v.TypeName())
	}
}

// Checked integer arithmetic.

func AddOK(a, b int64) (int64, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

func SubOK(a, b int64) (int64, bool) {
	c := a - b
	return c, (c < a) == (b > 0)
}

func MulOK(a, b int64) (int64, bool) {
	c := a * b
	if int64(int32(a)) == a && int64(int32(b)) == b {
		// Both fit in 32 bits: the product fits in 64 (no division).
		return c, true
	}
	return c, a == 0 || c/a == b && (a != -1 || b != math.MinInt64)
}

// MulAddSpan is MulAddRange as the test a closure makes: a is in range
// when uint64(a)-uint64(lo) <= span.
func MulAddSpan(m, d int64) (lo int64, span uint64, ok bool) {
	lo, hi, ok := MulAddRange(m, d)
	return lo, uint64(hi) - uint64(lo), ok
}

// MulAddRange is the range of a for which a*m and a*m + d are int64s
// (false when it is empty, and for m = 0).
func MulAddRange(m, d int64) (lo, hi int64, ok bool) {
	if m == 0 {
		return 0, 0, false
	}
	minI, maxI := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	bm, bd := big.NewInt(m), big.NewInt(d)
	// a*m in [min, max] and in [min - d, max - d]: a*m in [l, h].
	l, h := new(big.Int).Sub(minI, bd), new(big.Int).Sub(maxI, bd)
	if l.Cmp(minI) < 0 {
		l.Set(minI)
	}
	if h.Cmp(maxI) > 0 {
		h.Set(maxI)
	}
	// a in [ceil(l/m), floor(h/m)] for m > 0; the other way for m < 0.
	if m < 0 {
		l, h = h.Neg(h), l.Neg(l)
		bm.Neg(bm)
	}
	a0 := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(l), bm)) // ceil(l / m)
	a1 := new(big.Int).Div(h, bm)                                     // floor(h / m)
	if a0.Cmp(minI) < 0 {
		a0.Set(minI)
	}
	if a1.Cmp(maxI) > 0 {
		a1.Set(maxI)
	}
	if a0.Cmp(a1) > 0 {
		return 0, 0, false
	}
	return a0.Int64(), a1.Int64(), true
}
