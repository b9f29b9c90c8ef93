// Package splits owns the merging of a range cut in two at a constant
// (MergeSplit): two move rule alternatives, or two comprehensions of a
// concatenation, that are one range written as two planned as one.
package splits

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// MergeSplit merges split ranges: two queries, one after the other, that
// are one range cut in two at a constant K,
//
//	range a = L .. min(X, K); ...          range a = L .. X; ...
//	then                               is
//	range b = max(L, K + 1) .. X; ...
//
// with the same clauses before the range (filters and binds: no loop),
// after it and the same yield, are the one query over the whole range
// (the Bounds pass). Exact: for any ints L, X and K, the first range is
// L .. X up to K and the second the rest of it, in order, so the one
// range binds the same values in the same order, and each binding
// evaluates what it evaluated; L and X are evaluated once where they
// were evaluated twice (repeatable: the same value, or the same
// error first), and min and max of two ints cannot fail: intTyped must
// say L and X are ints wherever they evaluate. Written by hand (`g(a)
// for a in 1 .. 4 if a < n | g(a) for a in 5 .. n - 1` narrowed by the
// bounds pass), or a move rule's alternatives and the parts of a
// concatenation of comprehensions written so.
func MergeSplit(r *resolve.Resolver, repeatable bool, a, b *ir.Query, intTyped func(lang.Expr) bool) *ir.Query {
	if !repeatable || len(a.Clauses) != len(b.Clauses) || a.Consumer != b.Consumer {
		return nil
	}
	for i, cl := range a.Clauses {
		ra, ok := cl.(*ir.Range)
		if !ok {
			if _, loop := cl.(*ir.Elems); loop {
				return nil
			}
			continue
		}
		rb, ok := b.Clauses[i].(*ir.Range)
		if !ok {
			return nil
		}
		// (Typed where the query is: read no name its clauses bind.)
		outside := func(e lang.Expr) bool { return !ir.BindsRead(a.Clauses[:i], e) && intTyped(e) }
		for _, x := range fold2(r, ra.Hi, -1) {
			for _, l := range fold2(r, rb.Lo, 1) {
				if x.k == 1<<63-1 || l.k != x.k+1 || !outside(ra.Lo) || !outside(x.e) {
					continue
				}
				wa, wb := a.Clone(), b.Clone()
				wa.Clauses[i] = &ir.Range{Var: ra.Var, Lo: ra.Lo, Hi: x.e, At: ra.At, OpPos: ra.OpPos}
				wb.Clauses[i] = &ir.Range{Var: rb.Var, Lo: l.e, Hi: rb.Hi, At: rb.At, OpPos: rb.OpPos}
				wa.Guard, wb.Guard = nil, nil
				if ir.Alike(wa, wb) {
					wa.Guard = a.Guard
					return wa
				}
			}
		}
		return nil
	}
	return nil
}

// A cut is one way to read min(E, K) or max(E, K).
type cut struct {
	e lang.Expr
	k int64
}

// fold2 reads x as min(E, K) (sign -1) or max(E, K) (sign 1), the
// built-in, either way round, with K an int literal: each way it can.
func fold2(r *resolve.Resolver, x lang.Expr, sign int) []cut {
	call, ok := x.(*lang.Call)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	if bi := r.BuiltinCallee(call); bi == nil || bi.IntFold != sign || bi.Count {
		return nil
	}
	var out []cut
	if k, ok := call.Args[1].(*lang.IntLit); ok {
		out = append(out, cut{call.Args[0], k.Val})
	}
	if k, ok := call.Args[0].(*lang.IntLit); ok {
		out = append(out, cut{call.Args[1], k.Val})
	}
	return out
}

// MergeComps merges the list comprehensions of a concatenation, each with
// the one after it where they are one range split in two (MergeSplit).
func MergeComps(r *resolve.Resolver, repeatable bool, comps []*lang.Comp, intTyped func(lang.Expr) bool) []*lang.Comp {
	out := []*lang.Comp{comps[0]}
	for _, b := range comps[1:] {
		a := out[len(out)-1]
		if q := MergeSplit(r, repeatable, ir.LowerComp(a, ir.ListComp), ir.LowerComp(b, ir.ListComp), intTyped); q != nil {
			out[len(out)-1] = ir.RaiseComp(q, lang.ListComp)
			continue
		}
		out = append(out, b)
	}
	return out
}
