// Package splices owns the reading of splices, a list, tuple or string
// written as slices of one name around literals (b[:i] + "X" + b[i +
// 1:], h[:i] + (x,) + h[i + 1:j] + (y,) + h[j + 1:]): the bounds of the
// slices and the indexes they share (what package build's splices read),
// and the building of two splices in a scratch (Two).
package splices

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// OffsetOf is e as v + a: e less the int literals added to it or
// subtracted from it (a small), and their sum.
func OffsetOf(e lang.Expr) (lang.Expr, int64) {
	var a int64
	for {
		b, ok := e.(*lang.Binary)
		if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
			return e, a
		}
		n, ok := b.Y.(*lang.IntLit)
		if !ok || n.Val > 1<<20 || n.Val < -(1<<20) || a > 1<<40 || a < -(1<<40) {
			return e, a
		}
		if b.Op == lang.OpAdd {
			a += n.Val
		} else {
			a -= n.Val
		}
		e = b.X
	}
}

// ZeroBound reports whether a slice's start is left out or 0.
func ZeroBound(e lang.Expr) bool {
	n, ok := e.(*lang.IntLit)
	return e == nil || ok && n.Val == 0
}

// LenBound reports whether a slice's end is left out or len(x) (where x
// is a string or list, X[A:len(X)] is X[A:]).
func LenBound(c *compile.Compiler, e lang.Expr, x *lang.Ident) bool {
	if e == nil {
		return true
	}
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return false
	}
	bi := c.CalledBuiltin(call)
	y, isName := call.Args[0].(*lang.Ident)
	return bi != nil && bi.BName == "len" && isName && SameName(x, y)
}

// SameName reports whether a and b are the same name, bound alike.
func SameName(a, b *lang.Ident) bool {
	return a.Name == b.Name && resolve.Of(a) != nil && resolve.Of(a) == resolve.Of(b)
}

// SameIndex reports whether a and b are the same name, or the same
// plain expression (no name in it bound anew: the same text means the
// same names).
func SameIndex(c *compile.Compiler, a, b lang.Expr) bool {
	if x, ok := a.(*lang.Ident); ok {
		y, ok := b.(*lang.Ident)
		return ok && SameName(x, y)
	}
	return PlainIndex(c, a) && PlainIndex(c, b) && lang.SExpr(a) == lang.SExpr(b)
}

// PlainIndex reports whether e is plain (masks.Plain: literals, names
// of locals and globals, operators, indexing, no call) but for calls of
// len, (i + 1) % len(b): evaluated again, it gives its value again and
// counts no step.
func PlainIndex(c *compile.Compiler, e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Call:
			bi := c.CalledBuiltin(x)
			ok = ok && bi != nil && bi.BName == "len" && len(x.Args) == 1 && PlainIndex(c, x.Args[0])
			return false
		case *lang.Ident:
			b := c.Lookup(x)
			ok = ok && b != nil && (b.Kind == resolve.Local || b.Kind == resolve.Global)
		case *lang.IntLit, *lang.StrLit, *lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// Two splices: X[:I] + C + X[I + K:J] + D + X[J + L:], X a name, C and
// D list (tuple) literals of K and L elements, J a local name, as
// Moore's Nim written with slices changes two heaps,
//
//	h[:i] + (x,) + h[i + 1:j] + (y,) + h[j + 1:]
//
// are X with its elements I .. I + K - 1 and J .. J + L - 1 replaced by
// C's and D's, when X is a list (a tuple for tuple literals) and 0 <= I,
// I + K <= J, J + L <= len(X): one copy of X into the scratch, where the
// concatenation slices three times and appends four times. The values
// are evaluated in the concatenation's order: X and I, C's elements, J
// (a name: it cannot fail, read first), D's; none of the slices can
// fail where the bounds hold. Anywhere else the concatenation runs as
// written (general: its values and errors), and neither counts a step.

// twoParts is X, I, J and the literals of e when it is two splices
// (above); ok false otherwise.
func twoParts(c *compile.Compiler, e lang.Expr) (x *lang.Ident, i lang.Expr, j *lang.Ident, lc, ld []lang.Expr, tuple, ok bool) {
	var parts []lang.Expr
	var flat func(e lang.Expr) bool
	flat = func(e lang.Expr) bool {
		if b, isAdd := e.(*lang.Binary); isAdd && b.Op == lang.OpAdd {
			return flat(b.X) && flat(b.Y)
		}
		parts = append(parts, e)
		return len(parts) <= 5
	}
	if !flat(e) || len(parts) != 5 {
		return
	}
	s1, ok1 := parts[0].(*lang.Slice)
	s2, ok2 := parts[2].(*lang.Slice)
	s3, ok3 := parts[4].(*lang.Slice)
	if !ok1 || !ok2 || !ok3 {
		return
	}
	lit := func(e lang.Expr) ([]lang.Expr, bool, bool) {
		switch e := e.(type) {
		case *lang.TupleLit:
			return e.Elems, true, len(e.Elems) >= 1 && len(e.Elems) <= 8
		case *lang.ListLit:
			return e.Elems, false, len(e.Elems) >= 1 && len(e.Elems) <= 8
		}
		return nil, false, false
	}
	lc, t1, ok1 := lit(parts[1])
	ld, t2, ok2 := lit(parts[3])
	x, _ = s1.X.(*lang.Ident)
	x2, _ := s2.X.(*lang.Ident)
	x3, _ := s3.X.(*lang.Ident)
	if !ok1 || !ok2 || t1 != t2 || x == nil || x2 == nil || x3 == nil || !SameName(x, x2) || !SameName(x, x3) || c.LocalSlot(x) < 0 {
		return
	}
	if !ZeroBound(s1.Lo) || !LenBound(c, s3.Hi, x) || s1.Hi == nil || s2.Lo == nil || s2.Hi == nil || s3.Lo == nil {
		return
	}
	i = s1.Hi
	// (X[I + K:J]: I written v + a, its start v + b with b - a = K.)
	ib, ia := OffsetOf(i)
	mb, ma := OffsetOf(s2.Lo)
	if !SameIndex(c, ib, mb) || ma-ia != int64(len(lc)) {
		return
	}
	j, isName := s2.Hi.(*lang.Ident)
	if !isName || c.LocalSlot(j) < 0 {
		return
	}
	jb, ja := OffsetOf(s3.Lo)
	if y, isName := jb.(*lang.Ident); !isName || !SameName(j, y) || ja != int64(len(ld)) {
		return
	}
	return x, i, j, lc, ld, t1, true
}

// Two compiles e, a concatenation, as two splices, with general where
// they do not hold; nil when e is not two splices.
func Two(c *compile.Compiler, e lang.Expr, general func(*engine.Frame, *value.Scratch)) func(*engine.Frame, *value.Scratch) {
	x, i, j, lc, ld, tuple, ok := twoParts(c, e)
	if !ok {
		return nil
	}
	xf, jf, kf := c.Vals.Expr(x), c.Vals.Expr(i), c.Vals.Expr(j)
	var fs []engine.EvalFn
	for _, e := range append(append([]lang.Expr(nil), lc...), ld...) {
		fs = append(fs, c.Vals.Expr(e))
	}
	kind := value.KList
	if tuple {
		kind = value.KTuple
	}
	nc, nd := int64(len(lc)), int64(len(ld))
	return func(fr *engine.Frame, s *value.Scratch) {
		xv := xf(fr)
		if xv.K != kind {
			general(fr, s)
			return
		}
		es := xv.Elems()
		iv := jf(fr)
		if iv.K != value.KInt || iv.N < 0 || iv.N > int64(len(es))-nc {
			general(fr, s)
			return
		}
		jv := kf(fr)
		if jv.K != value.KInt || jv.N < iv.N+nc || jv.N > int64(len(es))-nd {
			general(fr, s)
			return
		}
		var buf [16]value.Value
		vs := buf[:0]
		for _, f := range fs {
			vs = append(vs, f(fr))
		}
		s.SetSeq(es, tuple)
		for t, v := range vs {
			at := iv.N + int64(t)
			if int64(t) >= nc {
				at = jv.N + int64(t) - nc
			}
			switch {
			case !s.Boxed && v.K == value.KInt:
				s.Ints[at] = v.N
			default:
				if !s.Boxed {
					s.Box()
				}
				s.Vals[at] = v
			}
		}
	}
}
