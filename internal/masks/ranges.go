package masks

import (
	"fmt"

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
