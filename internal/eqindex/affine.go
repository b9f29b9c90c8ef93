package eqindex

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Affine equalities. Over a set of ints, an equality whose sides are
// affine in the loop's name with coefficient 1 or -1 there,
//
//	cram(S - {i, j}) for i in S for j in S if j - i == 1 or j - i == W
//
// names one value of it: j is i + 1, or i + W. The loop visits that
// value where the set holds it (EqSet). Exact where, as written, the
// equality is false without an error at every other element: the set's
// elements and the other names' values are ints of at most 2^40 in
// magnitude (checked at run time), and the sides, so bounded, cannot
// overflow (checked when compiled).

// affBound bounds the magnitude of the ints the names of an affine
// equality hold.
const affBound = 1 << 40

// solved is an equality solved for the loop's name: the value, and the
// names it reads (each must hold a small int).
type solved struct {
	val   lang.Expr
	names []*lang.Ident
}

// solve solves the equality b for the name d, or returns false.
func solve(b *lang.Binary, d *resolve.Decl, bound map[*resolve.Decl]bool) (solved, bool) {
	var names []*lang.Ident
	isVar := func(id *lang.Ident) bool {
		x := resolve.Of(id)
		if x != d {
			if bound[x] || x == nil {
				return false
			}
			names = append(names, id)
		}
		return true
	}
	l, ok1 := ir.AffineOf(b.X, isVar)
	r, ok2 := ir.AffineOf(b.Y, isVar)
	if !ok1 || !ok2 || magnitude(b.X) >= 1<<62 || magnitude(b.Y) >= 1<<62 {
		return solved{}, false
	}
	diff, ok := l.Add(r, -1)
	a := diff.Coef[d]
	if !ok || a != 1 && a != -1 {
		return solved{}, false
	}
	delete(diff.Coef, d)
	sol, ok := diff.Scale(-a)
	if !ok {
		return solved{}, false
	}
	// (The value: its terms, then its constant.)
	var val lang.Expr
	add := func(x lang.Expr, neg bool) {
		switch {
		case val == nil && neg:
			val = &lang.Unary{Pos: b.Pos, Op: lang.OpNeg, X: x}
		case val == nil:
			val = x
		case neg:
			val = &lang.Binary{Pos: b.Pos, Op: lang.OpSub, X: val, Y: x}
		default:
			val = &lang.Binary{Pos: b.Pos, Op: lang.OpAdd, X: val, Y: x}
		}
	}
	seen := map[*resolve.Decl]bool{}
	for _, id := range names {
		x := resolve.Of(id)
		k := sol.Coef[x]
		if seen[x] || k == 0 {
			continue
		}
		seen[x] = true
		t := lang.Expr(&lang.Ident{Pos: id.Pos, Name: id.Name, Bind: id.Bind})
		if k != 1 && k != -1 {
			t = &lang.Binary{Pos: b.Pos, Op: lang.OpMul, X: &lang.IntLit{Pos: b.Pos, Val: abs64(k)}, Y: t}
		}
		add(t, k < 0)
	}
	if sol.Const != 0 || val == nil {
		add(&lang.IntLit{Pos: b.Pos, Val: abs64(sol.Const)}, sol.Const < 0)
	}
	return solved{val, names}, true
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// magnitude bounds what e and each of its operands can be when its
// names hold ints of at most affBound (an affine form, AffineOf's).
func magnitude(e lang.Expr) float64 {
	switch e := e.(type) {
	case *lang.IntLit:
		return math.Abs(float64(e.Val))
	case *lang.Ident:
		return affBound
	case *lang.Unary:
		return magnitude(e.X)
	case *lang.Binary:
		if e.Op == lang.OpMul {
			return magnitude(e.X) * magnitude(e.Y)
		}
		return magnitude(e.X) + magnitude(e.Y)
	}
	return math.Inf(1)
}

// smallInts reports whether fns (the names an affine value reads) hold
// ints of at most affBound now, and the set s only such ints (by
// elements, once for each set: last).
func smallInts(fr *engine.Frame, fns []engine.EvalFn, s value.Value, last *intsOf) (*intsOf, bool) {
	for _, f := range fns {
		v, ok := engine.Try(fr, f)
		if !ok || v.K != value.KInt || v.N > affBound || v.N < -affBound {
			return last, false
		}
	}
	if last == nil || last.ref != s.Ref {
		last = &intsOf{ref: s.Ref, ok: true}
		for _, e := range s.Elems() {
			if e.K != value.KInt || e.N > affBound || e.N < -affBound {
				last.ok = false
				break
			}
		}
	}
	return last, last.ok
}

// intsOf is whether a set (ref, its Value.Ref) holds only small ints.
type intsOf struct {
	ref any
	ok  bool
}
