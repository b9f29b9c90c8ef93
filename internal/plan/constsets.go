package plan

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Constant collections: a generator over a list or tuple literal of int
// literals with repeats (`for s in [4, 1, 3, 1]`), for a consumer that
// does not see repeats (the SG search, a set comprehension), iterates the
// literal without them, each value where it first occurs. Exact: the
// elements are literals (evaluating them cannot fail), and a repeat binds
// the variable to a value it had: what follows evaluates as it did then
// (an error would have been met then), and adds nothing the consumer
// sees. (The order stays: the consumer sees it through its errors.)
func constSets(env *Env, q *ir.Query) *ir.Query {
	if q.Consumer.SeesDups() {
		return nil
	}
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok {
			continue
		}
		if _, isSet := el.Coll.(*lang.SetLit); isSet {
			continue
		}
		ints, ok := proof.LiteralInts(el.Coll)
		if !ok || len(ints) == 0 {
			continue
		}
		firsts := resolve0(el.Coll)
		if len(firsts) == len(ints) {
			continue
		}
		lit := &lang.ListLit{Pos: el.Coll.Position()}
		for _, x := range litElems(el.Coll) {
			if v, _ := proof.IntLit(x); firsts[v] == x {
				lit.Elems = append(lit.Elems, x)
			}
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Elems{Pat: el.Pat, Coll: lit, At: el.At}
		return out
	}
	return nil
}

// resolve0 maps each value of a literal of ints to its first element.
func resolve0(e lang.Expr) map[int64]lang.Expr {
	out := map[int64]lang.Expr{}
	elems, _ := proof.LiteralInts(e)
	for i, x := range resolve.LiteralElems(e) {
		if _, ok := out[elems[i]]; !ok {
			out[elems[i]] = x
		}
	}
	return out
}

func litElems(e lang.Expr) []lang.Expr {
	switch e := e.(type) {
	case *lang.ListLit:
		return e.Elems
	case *lang.TupleLit:
		return e.Elems
	}
	return nil
}

// Sorted literals: a generator over a list, tuple or set literal of int
// literals (or a global bound to one, algebra.GlobalLit), for a consumer that
// sees neither the order nor the repeats of the yields (unordered.go),
//
//	elems s in [4, 1, 3, 1]; filter s <= n      elems s in [1, 3, 4]; ...
//
// iterates the ints in ascending order, each once: the shape the fast
// loops and the sweep run (`for s in [1, 3, 4]`). A set literal of int
// literals is that list for every consumer (it iterates so). Exact: the yields are
// those of the literal's elements, in another order, repeated fewer
// times, and unordered proves that nothing evaluated can fail, so the
// consumer sees neither.
func sortLits(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || el.Pat.Tuple {
			continue
		}
		coll := algebra.GlobalLit(el.Coll)
		ints, ok := proof.LiteralInts(coll)
		if !ok || len(ints) == 0 {
			continue
		}
		sorted := slices.Sorted(slices.Values(ints))
		sorted = slices.Compact(sorted)
		_, isSet := el.Coll.(*lang.SetLit)
		if coll == el.Coll && !isSet && slices.Equal(sorted, ints) {
			continue // (a literal as it is)
		}
		at := coll.Position()
		lit := &lang.ListLit{Pos: at}
		for _, v := range sorted {
			lit.Elems = append(lit.Elems, &lang.IntLit{Pos: at, Val: v})
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Elems{Pat: el.Pat, Coll: lit, At: el.At}
		if isSet {
			// (A set literal of ints iterates its ints so, for every
			// consumer: the same list as the other literals, alike.)
			return out
		}
		g, ok := unordered(env, out)
		if !ok {
			return nil
		}
		out.Guard = g
		return out
	}
	return nil
}
