package strtest

import (
	"math"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// A substring test as a bound. For x in A .. B if C in X[x:I] (or
// X[I:x], negated: not (C in ...), C not in ...; the first operand of
// the clause's ands), C a string of one character and X a string of
// ASCII characters, I an int at least 0 or left out, and A at least 0:
// C in X[x:I] holds exactly where x <= L, L the last place of C in
// X[:I] (-1: none), and C in X[I:x] where x > F, F its first place in
// X[I:]. The loop runs over the x that pass that bound only, each
// tested by its if clause as written; the others, left out, would be
// rejected by the test without an error (X, C and I are names or
// literals, I plus or less a literal: read, they cannot fail), and no
// step is counted for them (as for package eqindex's ranges). Anywhere
// else (X not such a string, C not one character, I negative or not an
// int, A negative) every x of the range is tested, as written.

// iotaInts are the ints 0, 1, ...: a range of them, shared (read only).
var iotaInts = func() []int64 {
	s := make([]int64, 1<<12)
	for i := range s {
		s[i] = int64(i)
	}
	return s
}()

// Range returns, for a for clause cl over a range of one name (in slot)
// followed by the if clause ifc, the function that gives the ints of the
// range a .. b that can pass ifc, ascending (ok false: every int), when
// ifc tests a substring as above; nil otherwise.
func (st Tests) Range(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) ([]int64, bool) {
	if !st.C.On(passes.Strings) || ifc == nil || cl.Target.Tuple || slot < 0 {
		return nil
	}
	xd := resolve.NameDecl(cl.Target.Names[0])
	isX := func(e lang.Expr) bool { id, ok := e.(*lang.Ident); return ok && resolve.Of(id) == xd }
	cond := ifc.Cond
	for {
		b, ok := cond.(*lang.Binary)
		if !ok || b.Op != lang.OpAnd {
			break
		}
		cond = b.X
	}
	neg := false
	if u, ok := cond.(*lang.Unary); ok && u.Op == lang.OpNot {
		neg, cond = true, u.X
	}
	in, ok := cond.(*lang.Binary)
	if !ok || in.Op != lang.OpIn && in.Op != lang.OpNotIn {
		return nil
	}
	neg = neg != (in.Op == lang.OpNotIn)
	sl, ok := in.Y.(*lang.Slice)
	if !ok {
		return nil
	}
	upper, other := false, sl.Hi
	switch {
	case isX(sl.Lo) && !isX(sl.Hi):
	case isX(sl.Hi) && !isX(sl.Lo):
		upper, other = true, sl.Lo
	default:
		return nil
	}
	sv, cv := st.name(sl.X, xd), st.name(in.X, xd)
	if c, isLit := in.X.(*lang.StrLit); isLit && len(c.Val) == 1 {
		v := value.StrASCII(c.Val)
		cv = func(*engine.Frame) value.Value { return v }
	}
	var iv engine.EvalFn
	var off int64
	if other != nil {
		base, k, ok := offsetOf(other)
		if iv = st.name(base, xd); !ok || iv == nil && !isIntLit(base) {
			return nil
		}
		if iv == nil {
			n := base.(*lang.IntLit).Val
			iv = func(*engine.Frame) value.Value { return value.Int(n) }
		}
		off = k
	}
	if sv == nil || cv == nil {
		return nil
	}
	st.C.Fired(passes.Strings)
	return func(fr *engine.Frame, a, b int64) ([]int64, bool) {
		xs, c := sv(fr), cv(fr)
		if a > b || a < 0 || xs.K != value.KStr || !xs.ASCII() || c.K != value.KStr || len(c.Str()) != 1 {
			return nil, false
		}
		str, ch := xs.Str(), c.Str()[0]
		n := int64(len(str))
		i := n
		if upper {
			i = 0
		}
		if iv != nil {
			v := iv(fr)
			// (I + K overflowing, or negative: the slice fails.)
			if v.K != value.KInt || v.N > math.MaxInt64-(1<<20) || v.N+off < 0 {
				return nil, false
			}
			i = min(v.N+off, n)
		}
		lo, hi := a, b
		if !upper {
			// (C in X[x:I]: x <= L.)
			l := int64(strings.LastIndexByte(str[:i], ch))
			if neg {
				lo = max(lo, l+1)
			} else {
				hi = min(hi, l)
			}
		} else {
			// (C in X[I:x]: x > F, none without F.)
			f := int64(strings.IndexByte(str[i:], ch))
			switch {
			case f >= 0 && neg:
				hi = min(hi, f+i)
			case f >= 0:
				lo = max(lo, f+i+1)
			case !neg:
				return iotaInts[:0], true
			}
		}
		if lo > hi {
			return iotaInts[:0], true
		}
		if hi >= int64(len(iotaInts)) {
			return nil, false
		}
		return iotaInts[lo : hi+1], true
	}
}

// name compiles e when it is a name (a local or a global, not x): read,
// it cannot fail; nil otherwise.
func (st Tests) name(e lang.Expr, xd *resolve.Decl) engine.EvalFn {
	id, ok := e.(*lang.Ident)
	if !ok || resolve.Of(id) == xd {
		return nil
	}
	if b := st.C.Lookup(id); b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
		return nil
	}
	return st.C.Vals.Expr(id)
}

// offsetOf is e as v + k: e less an int literal added or subtracted (k
// small), and k.
func offsetOf(e lang.Expr) (lang.Expr, int64, bool) {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return e, 0, true
	}
	n, ok := b.Y.(*lang.IntLit)
	if !ok || n.Val > 1<<20 || n.Val < -(1<<20) {
		return e, 0, false
	}
	if b.Op == lang.OpSub {
		return b.X, -n.Val, true
	}
	return b.X, n.Val, true
}

func isIntLit(e lang.Expr) bool { _, ok := e.(*lang.IntLit); return ok }
