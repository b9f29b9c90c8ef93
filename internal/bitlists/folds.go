package bitlists

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/recdef"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// A fold's link. A call of a def that puts one element at each index of
// a list, one update a call (recdef.Fold),
//
//	def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
//	nk(clear(b, [v] + NB[v]))
//
// is a link of the chain of its accumulator's argument: the bits of
// that list with a mask of the indexes cleared or set, the mask made
// from the list's elements, with no list made per call. It gives up,
// before anything is put, where the call may not compute that: the list
// is not a list or tuple of ints each an index of the bits, the start
// is not one of its places, the element is not one the bits hold, or
// the call's nested calls would not fit the limits; the option is then
// built as compiled, the def called. An index recursion's list, read
// inside the def, is evaluated on the call's place on the trace. A list
// that is a concatenation, [v] + NB[v], is not made: its parts are
// evaluated in order, as + evaluates them, and read one after the other
// where they are all lists or all tuples (else + fails, or makes what
// the fold does not read: the call as compiled runs).

// folder reads calls as folds: with the compiler, the test of plain
// parts, and the chains of the accumulator's argument.
type folder struct {
	c       *compile.Compiler
	plain   func(lang.Expr) bool
	chainOf func(lang.Expr) *chain
}

// chain is call as a chain over a Fold, or nil where it is none (or the
// pass recdefs is off).
func (fo folder) chain(call *lang.Call) *chain {
	if !fo.c.On(passes.RecDefs) {
		return nil
	}
	f := recdef.FoldOf(fo.c.Resolver, call)
	if f == nil || !fo.plain(f.List) || !fo.plain(f.To) || f.Start != nil && !fo.plain(f.Start) {
		return nil
	}
	ch := fo.chainOf(f.Acc)
	if ch == nil {
		if !fo.plain(f.Acc) {
			return nil
		}
		ch = &chain{base: f.Acc}
	}
	ch.links = append(ch.links, link{in: f.Acc, fold: f, callPos: call.Pos})
	return ch
}

// foldFn is a fold's link compiled.
type foldFn struct {
	f        *recdef.Fold
	pos      engine.Pos      // the call's
	parts    []engine.EvalFn // the list's, concatenated
	start    anyInt
	hasStart bool
	to       anyInt
}

func newFoldFn(c *compile.Compiler, l link) *foldFn {
	f := &foldFn{f: l.fold, pos: l.callPos, to: anyIntOf(c, l.fold.To)}
	var parts func(e lang.Expr)
	parts = func(e lang.Expr) {
		if x, ok := e.(*lang.Binary); ok && x.Op == lang.OpAdd {
			parts(x.X)
			parts(x.Y)
			return
		}
		f.parts = append(f.parts, c.Vals.Expr(e))
	}
	parts(l.fold.List)
	if l.fold.Start != nil {
		f.start, f.hasStart = anyIntOf(c, l.fold.Start), true
	}
	return f
}

// apply puts the fold in b; false where it gives up.
func (f *foldFn) apply(fr *engine.Frame, b bits) (bits, bool) {
	th, fn := fr.Th, f.f.Fn
	var one [4]value.Value
	lvs := one[:0]
	if f.f.InCall {
		th.Enter(f.pos, fn)
		th.Calls = append(th.Calls, f.pos)
	}
	for _, p := range f.parts {
		lvs = append(lvs, p(fr))
	}
	if f.f.InCall {
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
	}
	n, start := int64(0), int64(0)
	for _, lv := range lvs {
		if lv.K != value.KList && (lv.K != value.KTuple || f.f.ListOnly) || lv.K != lvs[0].K {
			return bits{}, false
		}
		n += int64(len(lv.Elems()))
	}
	if f.hasStart {
		s, ok := f.start.get(fr)
		switch {
		case !ok || s < 0 || s > n && !f.f.AnyStart:
			return bits{}, false
		case s > n:
			s = n
		}
		start = s
	}
	calls := f.f.Calls(n, start)
	if !proof.NestFits(th, calls, int64(fn.Cost)) {
		return bits{}, false
	}
	if start < n {
		to := f.to.bit(fr, b.ab)
		if to > 1 {
			return bits{}, false
		}
		var m uint64
		skip := start
		for _, lv := range lvs {
			es := lv.Elems()
			if skip >= int64(len(es)) {
				skip -= int64(len(es))
				continue
			}
			for _, x := range es[skip:] {
				if x.K != value.KInt || uint64(x.N) >= uint64(b.n) {
					return bits{}, false
				}
				m |= 1 << uint64(x.N)
			}
			skip = 0
		}
		b.w = b.w&^m | -to&m
	}
	th.Ticks(f.pos, calls)
	return b, true
}
