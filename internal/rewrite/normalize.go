package rewrite

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Normalizations of a move rule's alternative before a fast loop is
// recognized: equivalent spellings brought to one shape, each exact (the
// same values, errors and positions), so that one recognizer sees them.
//
// Partner bindings: a clause `for b in [E]` binds b to one value, the
// partner of an earlier loop variable (`for a in 1 .. n - 1 for b in
// [n - a] if a < b`). partnerSubst writes E in b's place and drops the
// clause, so that the loop over a is the last for clause, and a fast loop
// sees `if a < n - a`: one shape for both spellings.
//
// It is exact when E is int arithmetic (it evaluates to the same int every
// time, and fails, if at all, at the same operator) and the clause right
// after the binding evaluates b before anything else that could fail (an
// if clause such as `a < b`): E is then first evaluated at the same point
// of the rule as before, and raises the same error there.

// Normalize brings a move rule's alternative to one shape before a fast
// loop is recognized in it: its alias clauses dropped (aliasSubst), its
// if clauses' conjunctions split (splitAnds), its partner bindings written
// in place (partnerSubst).
func Normalize(r *resolve.Resolver, alt *lang.Alt) *lang.Alt {
	return partnerSubst(r, splitAnds(aliasSubst(r, alt)))
}

// partnerSubst writes the partner bindings of alt in place (see above).
func partnerSubst(r *resolve.Resolver, alt *lang.Alt) *lang.Alt {
	for i, cl := range alt.Clauses {
		f, ok := cl.(*lang.ForClause)
		if !ok || f.Target.Tuple || i+1 >= len(alt.Clauses) {
			continue
		}
		list, ok := f.Iter.(*lang.ListLit)
		if !ok || len(list.Elems) != 1 || !intPureIn(r, list.Elems[0], alt.Clauses[:i]) {
			continue
		}
		next, ok := alt.Clauses[i+1].(*lang.IfClause)
		b := f.Target.Names[0].Name
		if !ok || !evaluatesFirst(next.Cond, b) || shadowedLater(r, alt, i, b) {
			continue
		}
		e := list.Elems[0]
		for _, n := range resolve.FreeNames(e) {
			if shadowedLater(r, alt, i, n) {
				e = nil
				break
			}
		}
		if e == nil {
			continue
		}
		out := substAfter(alt, i, f.Target.Names, []lang.Expr{e})
		if out == nil {
			continue
		}
		return partnerSubst(r, out)
	}
	return alt
}

// intPureIn is intPure for an expression after the clauses before,
// whose names those bind by a for clause may be any value: evaluating
// such a name cannot fail, and the expression evaluates alike (or fails
// at the same operator) every time.
func intPureIn(r *resolve.Resolver, e lang.Expr, before []lang.Clause) bool {
	ranged := map[string]bool{}
	for _, cl := range before {
		if f, ok := cl.(*lang.ForClause); ok {
			for _, n := range f.Target.Names {
				ranged[n.Name] = true
			}
		}
	}
	return resolve.IntArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			if v, bound := ranged[id.Name]; bound {
				return v
			}
			b := r.Lookup(id)
			return b != nil && b.IsInt && (b.Kind == resolve.Local || b.Kind == resolve.Global)
		}
		return true
	}, func(x *lang.Call) bool { return false })
}

// evaluatesFirst reports whether evaluating e evaluates the name b before
// anything that could fail: b itself, or an operator whose left operand is
// a name or a literal and whose right one evaluates b first.
func evaluatesFirst(e lang.Expr, b string) bool {
	switch e := e.(type) {
	case *lang.Ident:
		return e.Name == b
	case *lang.Binary:
		if e.Op == lang.OpAnd || e.Op == lang.OpOr {
			return evaluatesFirst(e.X, b)
		}
		if evaluatesFirst(e.X, b) {
			return true
		}
		switch x := e.X.(type) {
		case *lang.Ident:
			return x.Name != b && evaluatesFirst(e.Y, b)
		case *lang.IntLit:
			return evaluatesFirst(e.Y, b)
		}
	}
	return false
}

// shadowedLater reports whether a for clause after clause i of alt binds
// name again (then b's and E's names would not mean the same there).
func shadowedLater(r *resolve.Resolver, alt *lang.Alt, i int, name string) bool {
	for _, cl := range alt.Clauses[i+1:] {
		if f, ok := cl.(*lang.ForClause); ok {
			for _, n := range f.Target.Names {
				if n.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// splitAnds writes an if clause `if A and B`, where A and B are
// comparisons (or conjunctions of them), as `if A if B`: `and` evaluates B
// only when A is true, as the second clause does, and a comparison is
// always true or false, so no error changes. A clause `if true` is dropped.
func splitAnds(alt *lang.Alt) *lang.Alt {
	var out []lang.Clause
	changed := false
	var split func(e lang.Expr, pos engine.Pos) bool
	split = func(e lang.Expr, pos engine.Pos) bool {
		if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd && isCmpTree(b.X) && isCmpTree(b.Y) {
			split(b.X, pos)
			split(b.Y, pos)
			return true
		}
		if lit, ok := e.(*lang.BoolLit); ok && lit.Val {
			return true
		}
		out = append(out, &lang.IfClause{Pos: pos, Cond: e})
		return false
	}
	for _, cl := range alt.Clauses {
		if f, ok := cl.(*lang.IfClause); ok {
			if split(f.Cond, f.Pos) {
				changed = true
			}
			continue
		}
		out = append(out, cl)
	}
	if !changed {
		return alt
	}
	return &lang.Alt{Pos: alt.Pos, Body: alt.Body, Clauses: out}
}

// isCmpTree reports whether e is a comparison with < <= > >= == !=, the
// literal true, or an and of such: always true or false when it does not
// fail.
func isCmpTree(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return e.Val
	case *lang.Binary:
		switch e.Op {
		case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe, lang.OpEq, lang.OpNe:
			return true
		case lang.OpAnd:
			return isCmpTree(e.X) && isCmpTree(e.Y)
		}
	}
	return false
}

// aliasSubst drops a clause `for (a, b) in [(x, y)]` (or `for a in [x]`)
// whose elements are names or int literals, writing x for a and y for b
// in the clauses after it and the body: evaluating a name or a literal
// cannot fail, nor can binding a tuple of as many elements, so nothing
// changes but the names (a tuple parameter stored as ints, tuples.go,
// is written so: `for (a, b) in [p]`). A clause of one name that is the
// last for clause stays (a fast loop runs it).
func aliasSubst(r *resolve.Resolver, alt *lang.Alt) *lang.Alt {
	for i, cl := range alt.Clauses {
		f, ok := cl.(*lang.ForClause)
		if !ok || !f.Target.Tuple && !hasFor(alt.Clauses[i+1:]) {
			continue
		}
		list, ok := f.Iter.(*lang.ListLit)
		if !ok || len(list.Elems) != 1 {
			continue
		}
		elems := []lang.Expr{list.Elems[0]}
		if f.Target.Tuple {
			t, ok := list.Elems[0].(*lang.TupleLit)
			if !ok || len(t.Elems) != len(f.Target.Names) {
				continue
			}
			elems = t.Elems
		} else if len(f.Target.Names) != 1 {
			continue
		}
		index := map[string]int{}
		simple := true
		for k, n := range f.Target.Names {
			if _, dup := index[n.Name]; dup || shadowedLater(r, alt, i, n.Name) {
				simple = false
			}
			index[n.Name] = k
			switch e := elems[k].(type) {
			case *lang.IntLit:
			case *lang.Ident:
				if shadowedLater(r, alt, i, e.Name) || boundBefore(r, alt, i, e.Name) == nil && r.Lookup(e) == nil {
					simple = false
				}
				if _, own := index[e.Name]; own {
					simple = false // (for (a, b) in [(b, a)])
				}
			default:
				simple = false
			}
		}
		if !simple {
			continue
		}
		out := substAfter(alt, i, f.Target.Names, elems)
		if out == nil {
			continue
		}
		return aliasSubst(r, out)
	}
	return alt
}

// substAfter returns alt without its clause i, args[k] written for each
// use of names[k] (the names clause i binds) in the clauses after it and
// the body; nil when a name of theirs is left that Substitute does not
// reach (inside a comprehension).
func substAfter(alt *lang.Alt, i int, names []*lang.Name, args []lang.Expr) *lang.Alt {
	index, named := map[*resolve.Decl]int{}, map[string]bool{}
	for k, n := range names {
		index[resolve.NameDecl(n)] = k
		named[n.Name] = true
	}
	out := &lang.Alt{Pos: alt.Pos, Body: resolve.Substitute(alt.Body, index, args, nil)}
	out.Clauses = append(out.Clauses, alt.Clauses[:i]...)
	for _, cl := range alt.Clauses[i+1:] {
		switch cl := cl.(type) {
		case *lang.IfClause:
			out.Clauses = append(out.Clauses, &lang.IfClause{Pos: cl.Pos, Cond: resolve.Substitute(cl.Cond, index, args, nil)})
		case *lang.ForClause:
			out.Clauses = append(out.Clauses, &lang.ForClause{Pos: cl.Pos, Target: cl.Target, Iter: resolve.Substitute(cl.Iter, index, args, nil)})
		}
	}
	left := false
	check := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && named[id.Name] {
			left = true
		}
		return true
	}
	lang.Inspect(out.Body, check)
	lang.InspectClauses(out.Clauses, check)
	if left {
		return nil
	}
	return out
}

// boundBefore returns the for clause before clause i of alt that binds
// name, or nil.
func boundBefore(r *resolve.Resolver, alt *lang.Alt, i int, name string) *lang.ForClause {
	for _, cl := range alt.Clauses[:i] {
		if f, ok := cl.(*lang.ForClause); ok {
			for _, n := range f.Target.Names {
				if n.Name == name {
					return f
				}
			}
		}
	}
	return nil
}

func hasFor(cs []lang.Clause) bool {
	for _, cl := range cs {
		if _, ok := cl.(*lang.ForClause); ok {
			return true
		}
	}
	return false
}
