// Package algebra owns the planner's small algebraic rewrites (package
// plan runs them with the pass algebra): a loop over a short literal
// unrolled into one query an element where that lets its element fold
// (unroll.go), and rules that rewrite one expression of a query at a
// time, each a few lines, listed in one table (rules.go): constants
// folded, a conditional the query's filters decide, `sum of` over a
// literal as a sum, a sorted pair as its min and max, and a split into
// the min and max of two sizes as the two sizes (pairs.go), an index of
// a concatenation as a choice, tuple compares and a sum with a choice of
// 0 (cases.go); the pass zips (zips.go): a loop over zip of a
// position's list and a sequence of its length as a loop over the
// indexes; and choice loops (choices.go): a loop over a short list put
// together from concatenations and choices of literals as a loop over
// the places of its elements. Each is
// exact: the same values, the same errors at the same positions, in the
// same order wherever the consumer sees it.
package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the rewrites read where a query is planned.
type Env struct {
	R *resolve.Resolver
	// Safety starts the proofs of a query's expressions (package proof).
	Safety func(*ir.Query) *proof.Prover
	// Unordered proves that a query's consumer sees neither the order
	// nor the repeats of its yields, and returns the guard of the proof
	// (package plan's unordered.go).
	Unordered func(*ir.Query) ([]ir.Bound, bool)
	// Repeatable: the code evaluates to the same result each time (no
	// function written in Go is defined in the session).
	Repeatable bool
	// AsWritten: the indexes, by position, a rule kept as written where
	// the value it made does not apply (concatIndex's out of range): not
	// rewritten again, by this pass or the next (nor a copy of one).
	AsWritten map[lang.Pos]bool
}

// substClauses is q with the names of index written as args in the
// clauses from clause `from` on, the yield and the key (resolve.Substitute:
// a literal takes the position of the name it replaces).
func substClauses(q *ir.Query, from int, index map[*resolve.Decl]int, args []lang.Expr) *ir.Query {
	sub := func(e lang.Expr) lang.Expr {
		if e == nil {
			return nil
		}
		return resolve.Substitute(e, index, args, nil)
	}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:from]...)
	for _, c := range q.Clauses[from:] {
		out.Clauses = append(out.Clauses, mapClause(c, sub))
	}
	out.Yield, out.Key = sub(q.Yield), sub(q.Key)
	return out
}

// mapClause is c with f applied to each expression it evaluates.
func mapClause(c ir.Clause, f func(lang.Expr) lang.Expr) ir.Clause {
	switch c := c.(type) {
	case *ir.Range:
		c2 := *c
		c2.Lo, c2.Hi, c2.Src = f(c.Lo), f(c.Hi), nil
		return &c2
	case *ir.Elems:
		return &ir.Elems{Pat: c.Pat, Coll: f(c.Coll), At: c.At}
	case *ir.Bind:
		return &ir.Bind{Pat: c.Pat, X: f(c.X), At: c.At, Lit: c.Lit}
	case *ir.Filter:
		return &ir.Filter{Cond: f(c.Cond), At: c.At}
	}
	return c
}
