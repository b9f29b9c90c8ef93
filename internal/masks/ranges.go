package masks

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Tests of a range of indexes. A fold of a test of each int of a range,
//
//	all([z not in S for z in y + 1 .. x - 1])      no coin between y and x
//	any([b[k] == "X" for k in i .. j])             an X among squares i to j
//
// (in, not in, == and != a literal, negated by not) is the mask of the
// ints lo to hi against the word of the indexes that pass (passMask):
// one word operation a word. The range's ends are evaluated first, as
// the comprehension evaluates them; an empty range tests nothing (the
// tested value is not evaluated, as the comprehension would not); ends
// that are not ints from 0 to maxMaskIndex, or a tested value the masks
// do not read, run the fold as written (the ends evaluated again: plain,
// they give the same values).

// rangeMasks compiles such a fold of built-in bi over comp, with slow the
// fold as written; nil when comp is not one.
func (mk masks) rangeMasks(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn) engine.EvalFn {
	if len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	r, ok := cl.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange || !Plain(mk.c, r.X) || !Plain(mk.c, r.Y) {
		return nil
	}
	j := cl.Target.Names[0]
	if mk.mentions(r.X, j) || mk.mentions(r.Y, j) {
		return nil
	}
	body, neg := comp.Body, false
	if u, ok := body.(*lang.Unary); ok && u.Op == lang.OpNot {
		body, neg = u.X, true
	}
	p := &MaskPlan{Comp: comp, Coll: cl.Iter, Var: j}
	if !mk.indexTest(p, body, j) || p.Kind == testBits {
		return nil
	}
	neg = neg != p.Neg
	lo, hi, x := mk.c.Vals.Expr(r.X), mk.c.Vals.Expr(r.Y), mk.c.Vals.Expr(p.X)
	var k value.Value
	if p.K != nil {
		k = litValue(p.K)
	}
	all, kind, pos := bi.AllAny > 0, p.Kind, lang.Start(cl.Iter)
	mk.c.Fired(passes.Masks)
	mk.c.Note(fmt.Sprintf("%s of the comprehension at line %d: its test of each int of %s, a mask of words, against the mask of the range", map[bool]string{true: "all", false: "any"}[all], comp.Pos.Line, ir.Expr(cl.Iter)))
	var w []uint64
	return func(fr *engine.Frame) value.Value {
		a, b := lo(fr), hi(fr)
		if a.K != value.KInt || b.K != value.KInt {
			return slow(fr)
		}
		if b.N < a.N {
			return value.Bool(all)
		}
		if a.N < 0 || b.N > maxMaskIndex {
			return slow(fr)
		}
		fr.Th.Tick(pos)
		top := int(b.N)
		var ok bool
		if w, ok = passMask(w[:0], x(fr), k, kind, top, top/64+1, false); !ok {
			return slow(fr)
		}
		for i := int(a.N) / 64; i <= top/64; i++ {
			m := ^uint64(0)
			if i == int(a.N)/64 {
				m &^= 1<<(a.N%64) - 1
			}
			if i == top/64 && top%64 != 63 {
				m &= 1<<(top%64+1) - 1
			}
			pass := w[i]
			if neg {
				pass = ^pass
			}
			switch {
			case all && m&^pass != 0:
				return value.False
			case !all && m&pass != 0:
				return value.True
			}
		}
		return value.Bool(all)
	}
}

// Bounds from a fold over a range. In a loop over a range of v whose if
// clause folds a test of each int of a range one of whose ends is v,
//
//	for p in 0 .. i - 1 if all([s[k] == "." for k in p .. i - 1])
//	for y in 0 .. x - 1 if ... and all([z not in S for z in y + 1 .. x - 1])
//	for p in i + 1 .. n - 1 if not any([b[k] == "X" for k in i + 1 .. p])
//
// the fold holds for v exactly when the range v + c .. E (E .. v + c)
// misses the ints that fail the test: v above the last int up to E that
// fails (below the first from E on), found at the loop's entry from the
// word of the ints that pass. Where the ints v + c are not 0 to
// maxMaskIndex, the tested value not one the masks read (which cannot
// fail the test then), or an end not an int, it does not bound.

// FoldBounds is such a bound: at a loop's entry over a .. b (v not
// bound), the ints lo .. hi outside which the fold is false and does not
// fail, or ok false where it cannot tell.
type FoldBounds func(fr *engine.Frame, a, b int64) (lo, hi int64, ok bool)

// FoldBound compiles the bound of v by e, when e is such a fold (all of a
// list comprehension, or not any); nil otherwise.
func FoldBound(c *compile.Compiler, e lang.Expr, v *lang.Name) FoldBounds {
	return masks{c}.foldBound(e, v)
}

func (mk masks) foldBound(e lang.Expr, v *lang.Name) FoldBounds {
	want := true // (what each test must give for the fold to hold)
	if u, ok := e.(*lang.Unary); ok && u.Op == lang.OpNot {
		e, want = u.X, false
	}
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	bi := mk.builtinOf(call)
	if bi == nil || bi.AllAny == 0 || (bi.AllAny > 0) != want {
		return nil
	}
	comp, ok := call.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	r, ok := cl.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange {
		return nil
	}
	j := cl.Target.Names[0]
	low := mk.mentions(r.X, v) // (the range starts at v + c)
	vEnd, other := r.X, r.Y
	if !low {
		vEnd, other = r.Y, r.X
	}
	c, ok := mk.offset(vEnd, v)
	if !ok || mk.mentions(other, v) || mk.mentions(other, j) || !Plain(mk.c, other) {
		return nil
	}
	body, neg := comp.Body, false
	if u, ok := body.(*lang.Unary); ok && u.Op == lang.OpNot {
		body, neg = u.X, true
	}
	p := &MaskPlan{Comp: comp, Coll: cl.Iter, Var: j}
	if !mk.indexTest(p, body, j) || p.Kind == testBits || mk.mentions(p.X, v) {
		return nil
	}
	neg = neg != p.Neg
	pass := want != neg // (the pass bit a test must have)
	end, x := mk.c.Vals.Expr(other), mk.c.Vals.Expr(p.X)
	var k value.Value
	if p.K != nil {
		k = litValue(p.K)
	}
	kind := p.Kind
	return func(fr *engine.Frame, a, b int64) (int64, int64, bool) {
		ev, ok := engine.Try(fr, end)
		if !ok || ev.K != value.KInt || a > b || a+c < 0 || b+c > maxMaskIndex {
			return 0, 0, false
		}
		// The ints the tests read: v + c .. E for v from a (low), E .. v
		// + c for v up to b.
		from, top := a+c, ev.N
		if !low {
			from, top = ev.N, b+c
		}
		if from < 0 || top > maxMaskIndex {
			return 0, 0, false
		}
		if top < from {
			return a, b, true // (every range empty: the fold holds)
		}
		xv, ok := engine.Try(fr, x)
		if !ok {
			return 0, 0, false
		}
		var buf [maxMaskIndex/64 + 1]uint64
		w, ok := passMask(buf[:0], xv, k, kind, int(top), int(top)/64+1, false)
		if !ok {
			return 0, 0, false
		}
		fails := func(i int64) bool { return (w[i/64]>>(i%64)&1 != 0) != pass }
		if low {
			for i := top; i >= from; i-- {
				if fails(i) {
					return max(a, i-c+1), b, true
				}
			}
			return a, b, true
		}
		for i := from; i <= top; i++ {
			if fails(i) {
				return a, min(b, i-c-1), true
			}
		}
		return a, b, true
	}
}

// offset is c where e is v, v + c, c + v or v - c (c an int literal).
func (mk masks) offset(e lang.Expr, v *lang.Name) (int64, bool) {
	if mk.isName(e, v) {
		return 0, true
	}
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return 0, false
	}
	x, y := b.X, b.Y
	if b.Op == lang.OpAdd && mk.isName(y, v) {
		x, y = y, x
	}
	n, ok := y.(*lang.IntLit)
	if !ok || !mk.isName(x, v) || n.Val < 0 || n.Val > maxMaskIndex {
		return 0, false
	}
	if b.Op == lang.OpSub {
		return -n.Val, true
	}
	return n.Val, true
}
