package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// maxUnroll is the most elements a loop unrolled has.
const maxUnroll = 8

// Unroll writes a move rule's first loop, when it is over a literal of 2 to
// 8 constants (`for d in [0, 1]`, `for (dx, dy) in [(1, 0), (0, 1)]`, `for
// t in 0 .. 2`) and only filters and binds come before it, as one query
// an element, the element written for the variable, where the rules then
// fold something in at least one of them:
//
//	range t = 0 .. 1; range k = 1 .. (if t == 0 then a else b); yield w(if t == 0 then a - k else a, ...)
//	    range k = 1 .. a; yield w(a - k, ...)  then  range k = 1 .. b; yield w(a, ...)
//
// one loop over a direction is one alternative a direction, each an
// affine rule the fast loops read. A later loop is unrolled so for the
// SG search where no order can be seen (env.Unordered). Exact: the
// queries' yields, one after
// the other, are the yields of the loop's elements in order; a constant
// read where its name was evaluates alike and cannot fail, and the
// filters and binds before the loop, evaluated again for each element,
// evaluate alike (the first error they meet is met by the first query).
func Unroll(env Env, q *ir.Query) []*ir.Query { return unroll(env, q, false) }

// UnrollOptions is Unroll of any loop over a literal, whatever the
// order of the yields: the same options, for what is proved of them
// (package plan's closed games).
func UnrollOptions(env Env, q *ir.Query) []*ir.Query { return unroll(env, q, true) }

func unroll(env Env, q *ir.Query, anyOrder bool) []*ir.Query {
	if !moveRule(q) {
		return nil
	}
	loops := 0
	for i, cl := range q.Clauses {
		switch cl.(type) {
		case *ir.Filter, *ir.Bind:
			continue
		}
		loops++
		pat, elems := literalLoop(cl)
		if elems == nil {
			continue
		}
		seen := loops > 1 && !anyOrder
		if seen && q.Consumer != ir.MoveSG {
			continue
		}
		var out []*ir.Query
		folded := false
		for _, el := range elems {
			index, args, ok := elemBinding(pat, el)
			if !ok {
				return nil
			}
			one := q.Clone()
			one.Clauses = append(one.Clauses[:i:i], q.Clauses[i+1:]...)
			one = substClauses(one, i, index, args)
			if r := Rules(env, one); r != nil {
				one, folded = r, true
			}
			out = append(out, one)
		}
		if !folded {
			continue
		}
		if seen {
			// (A later loop's elements one after the other: the order
			// of the options changes, which the SG search may not see.
			// Each copy evaluates what the loop does at its element: no
			// error in any, none in the loop.)
			var guard []ir.Bound
			for _, one := range out {
				g, ok := env.Unordered(one)
				if !ok {
					return nil
				}
				guard = ir.MergeGuards(guard, g)
			}
			for _, one := range out {
				one.Guard = ir.MergeGuards(one.Guard, guard)
			}
		}
		return out
	}
	return nil
}

// elemBinding is what binds pattern pat to element el, for
// resolve.Substitute: each name's index, and el (a name) or its
// elements (a tuple literal of the pattern's length); false otherwise.
func elemBinding(pat *lang.Pattern, el lang.Expr) (map[*resolve.Decl]int, []lang.Expr, bool) {
	args := []lang.Expr{el}
	if pat.Tuple {
		t, ok := el.(*lang.TupleLit)
		if !ok || len(t.Elems) != len(pat.Names) {
			return nil, nil, false
		}
		args = t.Elems
	}
	index := map[*resolve.Decl]int{}
	for i, n := range pat.Names {
		index[resolve.NameDecl(n)] = i
	}
	return index, args, true
}

// moveRule reports whether q is a move rule's alternative: what its
// kernels read (a comprehension made several parts is their
// concatenation, no faster).
func moveRule(q *ir.Query) bool { return q.Consumer == ir.MoveSG || q.Consumer == ir.MoveValues }

// literalLoop is the pattern and the elements of a loop over a literal
// (or a global bound to a literal of ints) of 2 to maxUnroll constants (ints, strings, bools, tuples of them; for
// a pattern of names, tuples of its length), or over a range of int
// literals of as many; nil elements for another clause.
func literalLoop(cl ir.Clause) (*lang.Pattern, []lang.Expr) {
	switch c := cl.(type) {
	case *ir.Range:
		lo, ok1 := ir.IntLit(c.Lo)
		hi, ok2 := ir.IntLit(c.Hi)
		if !ok1 || !ok2 || hi < lo || hi-lo+1 < 2 || hi-lo+1 > maxUnroll {
			return nil, nil
		}
		var elems []lang.Expr
		for i := range hi - lo + 1 {
			v := lo + i
			if v == -1<<63 {
				return nil, nil
			}
			if v < 0 {
				elems = append(elems, &lang.Unary{Pos: c.At, Op: lang.OpNeg, X: &lang.IntLit{Pos: c.At, Val: -v}})
			} else {
				elems = append(elems, &lang.IntLit{Pos: c.At, Val: v})
			}
		}
		return &lang.Pattern{Pos: c.At, Names: []*lang.Name{c.Var}}, elems
	case *ir.Elems:
		var elems []lang.Expr
		coll := c.Coll
		if id, ok := coll.(*lang.Ident); ok {
			// (A global bound to a literal of ints holds it wherever
			// code reads it: resolve's Decl.Lit.)
			if d := resolve.Of(id); d != nil && d.Kind == resolve.Global && d.Lit != nil {
				coll = d.Lit
			}
		}
		switch l := coll.(type) {
		case *lang.ListLit:
			elems = l.Elems
		case *lang.TupleLit:
			elems = l.Elems
		}
		if len(elems) < 2 || len(elems) > maxUnroll {
			return nil, nil
		}
		for _, el := range elems {
			if !Constant(el) {
				return nil, nil
			}
		}
		return c.Pat, elems
	}
	return nil, nil
}

// Constant reports whether e is a literal of an int, a string or a
// bool, or a tuple of them.
func Constant(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Unary:
		_, ok := ir.IntLit(e)
		return ok
	case *lang.TupleLit:
		for _, x := range e.Elems {
			if !Constant(x) {
				return false
			}
		}
		return true
	}
	return false
}
