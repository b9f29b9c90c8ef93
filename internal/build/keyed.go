package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/packedit"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/scratchcalls"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Keyed builds (the packedits pass): the one argument of a position
// that is a list edited, an edit or mask edit of a list, update(X, I, V)
// of one (or of a list itself) or a splice X[:I] + [E] + X[I + 1:], is
// built as the words of its key (package packedit): the list edited is
// read once a position into words (a bit an element for 0s and 1s and
// bools, a byte for small ints), each option's copy of them changed by
// word operations and its key written from them, where the plain build
// copies the list element by element into a scratch and packs it again.
// Each expression is evaluated as the plain build evaluates it; where an
// element does not fit the words (or an index is out of the list) the
// build goes on in the scratch from what they hold.

// keyedFn builds into l (true: l holds the value built) or, where it
// cannot, into s as the plain build does (false).
type keyedFn func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool

// genKeyed compiles plan p to a build into the words of a key; nil when
// p is not one it builds so.
func genKeyed(bd *Builders, p *BuildPlan) keyedFn {
	if !bd.c.On(passes.PackEdits) || len(p.Inl) > 0 {
		return nil
	}
	var f keyedFn
	switch p.Kind {
	case BuildEdit:
		f = edits{bd}.keyed(p)
	case BuildMasked:
		f = maskedit.CompileKeyed(bd.c, p.Mask)
	case BuildUpdate:
		f = keyedUpdate(bd, p)
	case BuildConcat:
		f = keyedSplice(bd, p)
	}
	if f != nil {
		bd.c.Fired(passes.PackEdits)
	}
	return f
}

// keyedUpdate is genKeyed of update(X, I, V), X the list as it is or
// built into words.
func keyedUpdate(bd *Builders, p *BuildPlan) keyedFn {
	if p.Splice || p.By == nil || len(p.X.Inl) > 0 {
		return nil
	}
	var x keyedFn
	if p.X.Kind == BuildValue {
		x = keyedValue(bd, p.X)
	} else if x = genKeyed(bd, p.X); x == nil {
		return nil
	}
	i, v := bd.c.Vals.Expr(p.Elems[0]), bd.c.Vals.Expr(p.Elems[1])
	upd := updateIn(bd, p)
	return func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
		if !x(fr, s, l) {
			upd(fr, s, i(fr), v(fr))
			return false
		}
		iv, vv := i(fr), v(fr)
		if iv.K == value.KInt && uint64(iv.N) < uint64(l.Len()) && l.Set(iv.N, vv) {
			return true
		}
		l.Unpack(s)
		upd(fr, s, iv, vv)
		return false
	}
}

// keyedValue is a list as it is, X of update(X, I, V), read into words
// where they hold it (else loaded into the scratch as BuildValue loads
// it).
func keyedValue(bd *Builders, p *BuildPlan) keyedFn {
	x := bd.c.Vals.Expr(p.Expr)
	var words packedit.Base
	var c value.IntsCache
	strs := bd.c.On(passes.Strings)
	return func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
		v := x(fr)
		switch {
		case words.Load(v, l, false):
			return true
		case s.SetCached(&c, v):
		case strs:
			s.SetStr(v)
		default:
			s.Set(v)
		}
		return false
	}
}

// updateIn is update(X, I, V) of plan p (BuildUpdate) done in the
// scratch s that holds X, given I and V's values (genCall's).
func updateIn(bd *Builders, p *BuildPlan) func(fr *engine.Frame, s *value.Scratch, iv, vv value.Value) {
	e, bi := p.Expr.(*lang.Call), p.By
	pos := e.Pos
	argPos := make([]engine.Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	return func(fr *engine.Frame, s *value.Scratch, iv, vv value.Value) {
		if s.Str && iv.K == value.KInt && uint64(iv.N) < uint64(len(s.Bytes)) && vv.K == value.KStr {
			if c := vv.Str(); len(c) == 1 && c[0] < 0x80 {
				// (A character of an ASCII string replaced by one.)
				s.Bytes[iv.N] = c[0]
				return
			}
		}
		if !s.Whole && !s.Str && iv.K == value.KInt && iv.N >= 0 && iv.N < int64(s.Len()) {
			if !s.Boxed && vv.K == value.KInt {
				s.Ints[iv.N] = vv.N
				return
			}
			if !s.Boxed {
				s.Box()
			}
			s.Vals[iv.N] = vv
			return
		}
		s.Set(scratchcalls.Call(fr, bi, pos, argPos, []value.Value{s.Value(), iv, vv}))
	}
}

// keyedSplice is genKeyed of X[:I] + [E] + X[I + 1:], X a list (a
// splice of one element: splice.go); nil when p is not one.
func keyedSplice(bd *Builders, p *BuildPlan) keyedFn {
	x, i, c, ok := spliceParts(bd, p)
	if !ok || !c.list || c.xs != nil {
		return nil
	}
	general := bd.genBuild(p) // (the splice, in a scratch)
	xf, jf := bd.c.Vals.Expr(x), bd.c.Vals.Expr(i)
	var ef engine.EvalFn
	if c.x != nil {
		ef = bd.c.Vals.Expr(c.x)
	}
	var words packedit.Base
	return func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
		// (genSplice's order: X, I, then E where I is one of X's
		// indexes.)
		xv := xf(fr)
		if xv.K != value.KList {
			general(fr, s)
			return false
		}
		e := xv.Elems()
		j := jf(fr)
		if j.K != value.KInt || uint64(j.N) >= uint64(len(e)) {
			general(fr, s)
			return false
		}
		v := value.Int(c.n)
		if ef != nil {
			v = ef(fr)
		}
		if words.Load(xv, l, false) && l.Set(j.N, v) {
			return true
		}
		s.SetSeq(e, false)
		packedit.PutAt(s, j.N, v)
		return false
	}
}
