package eqindex

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Memberships. A loop over a range whose if clause first tests the
// loop's variable, or a pair that holds it, for membership in a
// collection that does not depend on it,
//
//	h(n - k) for k in 1 .. n if k in PR
//	dag(u) for u in 0 .. n - 1 if (v, u) in E
//
// visits only the ints of the range that the collection holds (as the
// ints it holds, or as the other half of its pairs whose half is the
// value), from an index of the collection built when a run gets the
// same collection (by identity) as the run before it. Exactness: an int
// skipped makes the membership false, and a membership in a list or set
// never fails (the pair's other half is computed without an error, else
// the loop runs as written), so an `and` stops there; the if clause
// still runs on each int visited.

// memberIndex is a collection's ints, or the ints paired with each key
// (an int or a string), ascending, each once.
type memberIndex struct {
	src  any
	ints []int64
	byN  map[int64][]int64
	byS  map[string][]int64
}

// memberRange is EqRange for a membership (nil: not one).
func memberRange(c *compile.Compiler, cl *lang.ForClause, ifc *lang.IfClause) func(fr *engine.Frame, a, b int64) ([]int64, bool) {
	v := resolve.NameDecl(cl.Target.Names[0])
	bound := map[*resolve.Decl]bool{v: true}
	in, ok := conjuncts(ifc.Cond, nil)[0].(*lang.Binary)
	if !ok || in.Op != lang.OpIn || !masks.Plain(c, in.Y) || reads(in.Y, bound) {
		return nil
	}
	half := -1 // the pair's half that is v (-1: v itself)
	var other lang.Expr
	if !isName(in.X, v) {
		t, ok := in.X.(*lang.TupleLit)
		if !ok || len(t.Elems) != 2 {
			return nil
		}
		for i, e := range t.Elems {
			if isName(e, v) {
				half, other = i, t.Elems[1-i]
			}
		}
		if half < 0 || !masks.Plain(c, other) || reads(other, bound) {
			return nil
		}
	}
	c.Fired(passes.EqIndex)
	c.Note(fmt.Sprintf("the for clause at line %d visits only the ints that %s holds, from an index built when a run gets what the run before it got", cl.Pos.Line, lang.SExpr(in.Y)))
	coll := c.Vals.Expr(in.Y)
	var otherFn engine.EvalFn
	if other != nil {
		otherFn = c.Vals.Expr(other)
	}
	var cache atomic.Pointer[memberIndex]
	var seen atomic.Pointer[source]
	return func(fr *engine.Frame, a, b int64) ([]int64, bool) {
		s, ok := engine.Try(fr, coll)
		if !ok || s.K != value.KSet && s.K != value.KList && s.K != value.KTuple {
			return nil, false
		}
		x := cache.Load()
		if x == nil || x.src != s.Ref {
			if last := seen.Swap(&source{s.Ref}); last == nil || last.ref != s.Ref {
				return nil, false
			}
			x = buildMembers(s, half)
			cache.Store(x)
		}
		ints := x.ints
		if half >= 0 {
			w, ok := engine.Try(fr, otherFn)
			if !ok {
				return nil, false
			}
			switch w.K {
			case value.KInt:
				ints = x.byN[w.N]
			case value.KStr:
				ints = x.byS[w.Str()]
			default:
				if len(x.byN) > 0 || len(x.byS) > 0 {
					return nil, false // (a pair of it may be in the collection)
				}
				ints = nil
			}
		}
		lo, _ := slices.BinarySearch(ints, a)
		hi, _ := slices.BinarySearch(ints, b+1)
		if b == 1<<63-1 {
			hi = len(ints)
		}
		return ints[lo:max(lo, hi):max(lo, hi)], true
	}
}

// isName reports whether e is the name d declares.
func isName(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == d
}

// buildMembers indexes the ints of s (half -1), or the ints at half of
// its pairs by their other half, when that is an int or a string (pairs
// of other keys are left out: a lookup with a key of another kind runs
// as written).
func buildMembers(s value.Value, half int) *memberIndex {
	x := &memberIndex{src: s.Ref}
	for _, e := range s.Elems() {
		if half < 0 {
			if e.K == value.KInt {
				x.ints = append(x.ints, e.N)
			}
			continue
		}
		if e.K != value.KTuple {
			continue
		}
		p := e.Elems()
		if len(p) != 2 || p[half].K != value.KInt {
			continue
		}
		switch k := p[1-half]; k.K {
		case value.KInt:
			if x.byN == nil {
				x.byN = map[int64][]int64{}
			}
			x.byN[k.N] = append(x.byN[k.N], p[half].N)
		case value.KStr:
			if x.byS == nil {
				x.byS = map[string][]int64{}
			}
			x.byS[k.Str()] = append(x.byS[k.Str()], p[half].N)
		}
	}
	x.ints = sortedInts(x.ints)
	for k, l := range x.byN {
		x.byN[k] = sortedInts(l)
	}
	for k, l := range x.byS {
		x.byS[k] = sortedInts(l)
	}
	return x
}

// sortedInts is l ascending, each once.
func sortedInts(l []int64) []int64 {
	slices.Sort(l)
	return slices.Compact(l)
}
