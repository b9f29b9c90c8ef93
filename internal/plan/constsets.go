package plan

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Constant collections: a generator over a list or tuple literal of int
// literals not in ascending order or with repeats (`for s in [4, 1, 3]`,
// a subtraction set written as it came to mind), for a consumer that sees
// neither the order of its yields nor their repeats (the SG search, a set
// comprehension), iterates the literal sorted and without repeats, the
// shape the fast loops run over (a literal in ascending order). Exact:
// the elements are literals (evaluating them cannot fail) and each value
// binds the variable as before, once.
func constSets(env *Env, q *ir.Query) *ir.Query {
	if q.Consumer.SeesOrder() || q.Consumer.SeesDups() {
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
		ints, ok := literalInts(el.Coll)
		if !ok || len(ints) == 0 {
			continue
		}
		sorted := slices.Clone(ints)
		slices.Sort(sorted)
		sorted = slices.Compact(sorted)
		if slices.Equal(sorted, ints) {
			continue
		}
		elems := resolve0(el.Coll)
		lit := &lang.ListLit{Pos: el.Coll.Position()}
		for _, v := range sorted {
			lit.Elems = append(lit.Elems, elems[v])
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
	elems, _ := literalInts(e)
	for i, x := range litElems(e) {
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
