// Package splices owns the reading of splices, a list, tuple or string
// written as slices of one name around literals (b[:i] + "X" + b[i +
// 1:], h[:i] + (x,) + h[i + 1:j] + (y,) + h[j + 1:]): the bounds of the
// slices and the indexes they share (what package build's splices read),
// and the building of two splices or more in a scratch (Many).
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
			// (By its declaration: a name the planner binds, i' of a
			// range over quotients, has no slot until its clause is
			// compiled, after this asks.)
			d := resolve.Of(x)
			ok = ok && d != nil && (d.Kind == resolve.Local || d.Kind == resolve.Global)
		case *lang.IntLit, *lang.StrLit, *lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// Splices: X[:I] + C + X[I + K:J] + D + X[J + L:] (and so on, up to
// maxSplices), X a name, C, D, ... list (tuple) literals of K, L, ...
// elements, J and the later starts local names, as Moore's Nim written
// with slices changes two heaps,
//
//	h[:i] + (x,) + h[i + 1:j] + (y,) + h[j + 1:]
//
// are X with its elements I .. I + K - 1, J .. J + L - 1, ... replaced by
// the literals' elements, when X is a list (a tuple for tuple literals)
// and 0 <= I, I + K <= J, ..., and the last ends within X: one copy of
// X into the scratch, where the concatenation slices and appends at
// each part. The values are evaluated in the concatenation's order: X
// and I, C's elements, J (a name: it cannot fail, read first), D's, ...;
// none of the slices can fail where the bounds hold. Anywhere else the
// concatenation runs as written (general: its values and errors), and
// neither counts a step. (One splice is package build's.)

// maxSplices bounds the splices of one concatenation.
const maxSplices = 8

// splice is one place written: its start and its literal's elements.
type splice struct {
	at    lang.Expr
	elems []lang.Expr
}

// parts is X and the splices of e when it is two or more splices
// (above); ok false otherwise.
func parts(c *compile.Compiler, e lang.Expr) (x *lang.Ident, sp []splice, tuple, ok bool) {
	var ps []lang.Expr
	var flat func(e lang.Expr) bool
	flat = func(e lang.Expr) bool {
		if b, isAdd := e.(*lang.Binary); isAdd && b.Op == lang.OpAdd {
			return flat(b.X) && flat(b.Y)
		}
		ps = append(ps, e)
		return len(ps) <= 2*maxSplices+1
	}
	if !flat(e) || len(ps) < 5 || len(ps)%2 == 0 {
		return
	}
	var slices []*lang.Slice
	for k, p := range ps {
		if k%2 == 0 {
			sl, isSlice := p.(*lang.Slice)
			if !isSlice {
				return nil, nil, false, false
			}
			y, _ := sl.X.(*lang.Ident)
			if y == nil || x != nil && !SameName(x, y) {
				return nil, nil, false, false
			}
			x, slices = y, append(slices, sl)
			continue
		}
		var es []lang.Expr
		var isTuple bool
		switch l := p.(type) {
		case *lang.TupleLit:
			es, isTuple = l.Elems, true
		case *lang.ListLit:
			es = l.Elems
		default:
			return nil, nil, false, false
		}
		if len(es) < 1 || len(es) > 8 || k > 1 && isTuple != tuple {
			return nil, nil, false, false
		}
		tuple = isTuple
		sp = append(sp, splice{elems: es})
	}
	last := slices[len(slices)-1]
	if c.LocalSlot(x) < 0 || !ZeroBound(slices[0].Lo) || !LenBound(c, last.Hi, x) || slices[0].Hi == nil {
		return nil, nil, false, false
	}
	sp[0].at = slices[0].Hi
	for k := range sp {
		// (The slice after splice k starts at its start plus its
		// length, written v + a then v + b, b - a = K; it ends at the
		// next splice's start, a name.)
		next := slices[k+1]
		if next.Lo == nil || k+1 < len(sp) && next.Hi == nil {
			return nil, nil, false, false
		}
		ib, ia := OffsetOf(sp[k].at)
		mb, ma := OffsetOf(next.Lo)
		if !SameIndex(c, ib, mb) || ma-ia != int64(len(sp[k].elems)) {
			return nil, nil, false, false
		}
		if k+1 < len(sp) {
			j, isName := next.Hi.(*lang.Ident)
			if !isName || c.LocalSlot(j) < 0 {
				return nil, nil, false, false
			}
			sp[k+1].at = j
		}
	}
	return x, sp, tuple, true
}

// Many compiles e, a concatenation, as two or more splices, with
// general where they do not hold; nil when e is not such splices.
func Many(c *compile.Compiler, e lang.Expr, general func(*engine.Frame, *value.Scratch)) func(*engine.Frame, *value.Scratch) {
	x, sp, tuple, ok := parts(c, e)
	if !ok {
		return nil
	}
	xf := c.Vals.Expr(x)
	type compiled struct {
		at    engine.EvalFn
		elems []engine.EvalFn
	}
	cs := make([]compiled, len(sp))
	for k, p := range sp {
		cs[k].at = c.Vals.Expr(p.at)
		for _, e := range p.elems {
			cs[k].elems = append(cs[k].elems, c.Vals.Expr(e))
		}
	}
	kind := value.KList
	if tuple {
		kind = value.KTuple
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		xv := xf(fr)
		if xv.K != kind {
			general(fr, s)
			return
		}
		es := xv.Elems()
		// (Each start, in order, at least where the one before ends.)
		var ats [maxSplices]int64
		end := int64(0)
		for k := range cs {
			v := cs[k].at(fr)
			if v.K != value.KInt || v.N < end || v.N > int64(len(es))-int64(len(cs[k].elems)) {
				general(fr, s)
				return
			}
			ats[k], end = v.N, v.N+int64(len(cs[k].elems))
		}
		// (X copied first: the elements, evaluated in order after the
		// starts, cannot change it.)
		s.SetSeq(es, tuple)
		for k, p := range cs {
			for e, f := range p.elems {
				at, v := ats[k]+int64(e), f(fr)
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
}
