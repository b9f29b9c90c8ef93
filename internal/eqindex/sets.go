package eqindex

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// EqSet returns, for a for clause cl over a set followed by the if
// clause ifc that compares the names it binds (one, or two of a tuple)
// with values that do not depend on them,
//
//	cram(S - {i, j}) for i in S for j in S if j == i + 1 or j == i + W
//	for (r2, c2) in F if (r2 == r and c2 == c + 1) or (r2 == r + 1 and c2 == c)
//
// the loop over the set coll (the clause's iterable, evaluated) that
// visits only the values the set holds, ascending (the set's order),
// each once: it binds each (bind), counts a step at ipos and runs inner,
// until the frame stops. It reports false, having run nothing, where the
// loop runs as written (always when the clause is not of that kind: nil).
// A set is its own index: the loop costs the values, not the set's size.
// Exactness is EqFor's: an element skipped differs from every value
// (binding it and == never fail: one name, or a set of cells, pairs of
// ints, for two), and the values are computed without an error (else
// the loop runs as written).
func (ix *Indexes) EqSet(cl *lang.ForClause, ifc *lang.IfClause, bind func(fr *engine.Frame, v value.Value), ipos engine.Pos) func(fr *engine.Frame, coll value.Value, inner func(fr *engine.Frame)) bool {
	c := ix.c
	if ifc == nil {
		return nil
	}
	if !c.On(passes.EqIndex) || len(cl.Target.Names) == 0 || cl.Target.Tuple && len(cl.Target.Names) != 2 {
		return filterSet(c, cl, ifc, bind, ipos)
	}
	names := make([]*resolve.Decl, len(cl.Target.Names))
	bound := map[*resolve.Decl]bool{}
	for i, n := range cl.Target.Names {
		names[i] = resolve.NameDecl(n)
		bound[names[i]] = true
	}
	var guard []*lang.Ident // (the names affine equalities read: small ints)
	affined := false
	affine := func(b *lang.Binary) (lang.Expr, bool) {
		if len(names) != 1 {
			return nil, false
		}
		sol, ok := solve(b, names[0], bound)
		guard, affined = append(guard, sol.names...), affined || ok
		return sol.val, ok
	}
	cands := candidates(ifc.Cond, names, func(e lang.Expr) bool { return masks.Plain(c, e) && !reads(e, bound) }, affine)
	if cands == nil {
		return filterSet(c, cl, ifc, bind, ipos)
	}
	guardFns := make([]engine.EvalFn, len(guard))
	for i, id := range guard {
		guardFns[i] = c.Vals.Expr(id)
	}
	var lastInts atomic.Pointer[intsOf]
	c.Fired(passes.EqIndex)
	switch {
	case cl.Target.Tuple:
		c.Note(fmt.Sprintf("the for clause at line %d visits only the cells of %s that its if clause's equalities name, by membership", cl.Pos.Line, lang.SExpr(cl.Iter)))
	case affined:
		c.Note(fmt.Sprintf("the for clause at line %d visits only the ints of %s that its if clause's equalities solve for, by membership, where they are small ints", cl.Pos.Line, lang.SExpr(cl.Iter)))
	} // (else EqFor notes the clause, with a set's way)
	fns := make([][]engine.EvalFn, len(cands))
	for i, cand := range cands {
		for _, e := range cand {
			fns[i] = append(fns[i], c.Vals.Expr(e))
		}
	}
	tuple := cl.Target.Tuple
	var last atomic.Pointer[cellsOf]
	return func(fr *engine.Frame, coll value.Value, inner func(fr *engine.Frame)) bool {
		if coll.K != value.KSet || value.Count(coll) == 0 {
			return false
		}
		if affined {
			x, ok := smallInts(fr, guardFns, coll, lastInts.Load())
			lastInts.Store(x)
			if !ok {
				return false
			}
		}
		var rows []uint64
		if tuple {
			// (A set of cells only: each element binds, and a cell is
			// tested by its bit.)
			x := last.Load()
			if x == nil || x.ref != coll.Ref {
				r, ok := value.CellRows(coll, nil)
				if !ok {
					return false
				}
				x = &cellsOf{coll.Ref, r}
				last.Store(x)
			}
			rows = x.rows
		}
		var vals [5][2]value.Value
		for i, cand := range fns {
			for j, f := range cand {
				v, ok := engine.Try(fr, f)
				if !ok {
					return false
				}
				vals[i][j] = v
			}
		}
		var out [5]value.Value
		n := 0
		for i := range fns {
			w := vals[i][0]
			if tuple {
				a, b := vals[i][0], vals[i][1]
				if a.K != value.KInt || b.K != value.KInt {
					continue // (not a cell: none of the set's elements)
				}
				if bit, in := value.CellBit(a.N, b.N); !in || bit>>6 >= len(rows) || rows[bit>>6]>>(bit&63)&1 == 0 {
					continue
				}
				w = value.Tuple([]value.Value{a, b})
			} else if !operator.In(ipos, w, coll) {
				continue
			}
			// (Ascending, each once: an insertion.)
			k := n
			for k > 0 && value.Compare(out[k-1], w) > 0 {
				k--
			}
			if k > 0 && value.Equal(out[k-1], w) {
				continue
			}
			copy(out[k+1:n+1], out[k:n])
			out[k] = w
			n++
		}
		for _, w := range out[:n] {
			fr.Th.Tick(ipos)
			bind(fr, w)
			if inner(fr); fr.Stop {
				break
			}
		}
		return true
	}
}

// cellsOf is a set of cells (ref, its Value.Ref) as rows (value.CellRows).
type cellsOf struct {
	ref  any
	rows []uint64
}

// candidates is, for the condition cond of the if clause after a for
// clause that binds names, the values that can pass it: each a value of
// each name (in the order of names), from equalities name == value that
// lead cond (its first operands of `and`, in the order they run), or
// that lead each branch of an `or` that leads cond (nil: cond is not of
// that kind). A value isVal. Exactness: an element equal to none meets a
// false equality in each branch, which fails it, and cond, and the
// equalities before it do not fail.
func candidates(cond lang.Expr, names []*resolve.Decl, isVal func(lang.Expr) bool, affine func(*lang.Binary) (lang.Expr, bool)) [][]lang.Expr {
	if vals := branch(cond, names, isVal, affine); vals != nil {
		return [][]lang.Expr{vals}
	}
	var out [][]lang.Expr
	var add func(e lang.Expr) bool
	add = func(e lang.Expr) bool {
		if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpOr {
			return add(b.X) && add(b.Y)
		}
		vals := branch(e, names, isVal, affine)
		if vals == nil {
			return false
		}
		out = append(out, vals)
		return len(out) <= 4
	}
	if !add(conjuncts(cond, nil)[0]) {
		return nil
	}
	return out
}

// conjuncts appends to out the operands of the `and`s of e, in the order
// they run (e itself when it is not an `and`).
func conjuncts(e lang.Expr, out []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return conjuncts(b.Y, conjuncts(b.X, out))
	}
	return append(out, e)
}

// branch is the value of each name that the equalities leading e give
// (one a name, each name once), or nil.
func branch(e lang.Expr, names []*resolve.Decl, isVal func(lang.Expr) bool, affine func(*lang.Binary) (lang.Expr, bool)) []lang.Expr {
	conj := conjuncts(e, nil)
	if len(conj) < len(names) {
		return nil
	}
	vals := make([]lang.Expr, len(names))
	for _, c := range conj[:len(names)] {
		b, ok := c.(*lang.Binary)
		if !ok || b.Op != lang.OpEq {
			return nil
		}
		k, v := nameOf(b.X, names), b.Y
		if k < 0 {
			k, v = nameOf(b.Y, names), b.X
		}
		if k < 0 || vals[k] != nil || !isVal(v) {
			// (Or an affine equality in the one name: affine.go.)
			if x, ok := affine(b); ok && vals[0] == nil {
				vals[0] = x
				continue
			}
			return nil
		}
		vals[k] = v
	}
	return vals
}

// nameOf is the index in names of the name e is, or -1.
func nameOf(e lang.Expr, names []*resolve.Decl) int {
	if id, ok := e.(*lang.Ident); ok {
		return slices.Index(names, resolve.Of(id))
	}
	return -1
}
