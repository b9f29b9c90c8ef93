package lang

// Inspect walks the expression tree rooted at e in source order: it calls
// f(x) for each expression x, and descends into x's children (operands,
// elements, arguments, and the iterables and conditions of comprehension
// clauses) when f returns true. Nil children are skipped. Every walker
// that must see the whole tree (free names, uses of a name) goes through
// it, so a new node kind is added here once.
func Inspect(e Expr, f func(Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	each := func(xs []Expr) {
		for _, x := range xs {
			Inspect(x, f)
		}
	}
	switch e := e.(type) {
	case *ListLit:
		each(e.Elems)
	case *SetLit:
		each(e.Elems)
	case *TupleLit:
		each(e.Elems)
	case *MapLit:
		for i := range e.Keys {
			Inspect(e.Keys[i], f)
			Inspect(e.Vals[i], f)
		}
	case *Comp:
		InspectClauses(e.Clauses, f)
		Inspect(e.Key, f)
		Inspect(e.Body, f)
	case *SumOf:
		each(e.Items)
	case *IfExpr:
		Inspect(e.Cond, f)
		Inspect(e.Then, f)
		Inspect(e.Else, f)
	case *Binary:
		Inspect(e.X, f)
		Inspect(e.Y, f)
	case *Chain:
		Inspect(e.X, f)
		for _, st := range e.Steps {
			Inspect(st.Y, f)
		}
	case *Unary:
		Inspect(e.X, f)
	case *Call:
		Inspect(e.Fn, f)
		each(e.Args)
	case *Index:
		Inspect(e.X, f)
		Inspect(e.Index, f)
	case *Slice:
		Inspect(e.X, f)
		Inspect(e.Lo, f)
		Inspect(e.Hi, f)
	}
}

// InspectClauses walks the expressions of comprehension clauses, in order.
func InspectClauses(cs []Clause, f func(Expr) bool) {
	for _, c := range cs {
		switch c := c.(type) {
		case *ForClause:
			Inspect(c.Iter, f)
		case *IfClause:
			Inspect(c.Cond, f)
		}
	}
}

// Depth returns how deeply e nests: 1 for a leaf, and one more than its
// deepest child for any other node; a comprehension's clauses each nest
// one level more, and a Chain is one level whatever its length. (An
// evaluator that recurses on the tree needs that many levels of stack.)
func Depth(e Expr) int {
	if e == nil {
		return 0
	}
	d := 0
	deeper := func(x Expr) {
		d = max(d, Depth(x))
	}
	switch e := e.(type) {
	case *Comp:
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *ForClause:
				deeper(c.Iter)
			case *IfClause:
				deeper(c.Cond)
			}
		}
		deeper(e.Key)
		deeper(e.Body)
		return 1 + len(e.Clauses) + d
	case *Chain:
		deeper(e.X)
		for _, st := range e.Steps {
			deeper(st.Y)
		}
		return 1 + d
	}
	Inspect(e, func(x Expr) bool {
		if x == e {
			return true
		}
		deeper(x)
		return false
	})
	return 1 + d
}

// InspectStmts walks, with Inspect, every expression of the statements
// (for statements' bodies included): values, bodies, conditions, game
// alternatives and their clauses, a table's expression and clauses.
func InspectStmts(sts []Stmt, f func(Expr) bool) {
	for _, st := range sts {
		switch st := st.(type) {
		case *LetStmt:
			Inspect(st.Value, f)
		case *DefStmt:
			Inspect(st.Body, f)
		case *GameStmt:
			for _, a := range st.Alts {
				a := a.(*Alt)
				InspectClauses(a.Clauses, f)
				Inspect(a.Body, f)
			}
		case *PrintStmt:
			for _, x := range st.Args {
				Inspect(x, f)
			}
		case *AssertStmt:
			Inspect(st.Cond, f)
			Inspect(st.Msg, f)
		case *ForStmt:
			Inspect(st.Iter, f)
			InspectStmts(st.Body, f)
		case *TableStmt:
			InspectClauses(st.Clauses, f)
			Inspect(st.Body, f)
		case *ExprStmt:
			Inspect(st.X, f)
		}
	}
}

// RangesBeforeGuards calls f(x, guard, first) for each expression x
// inside the iterable of a for clause that an if clause of the same
// clause list follows (a game's alternative, a comprehension, a table),
// guard being the first such if; first says that the for is the first
// clause of a comprehension or table, which must start with a for (an if
// cannot be put before it). Clauses run left to right, so x is computed
// before guard is tested: a runtime error at x is one guard may have been
// meant to prevent. Lists nested inside others come after them.
func RangesBeforeGuards(sts []Stmt, f func(x Expr, guard *IfClause, first bool)) {
	list := func(cs []Clause, forFirst bool) {
		var guard *IfClause
		for i := len(cs) - 1; i >= 0; i-- {
			switch c := cs[i].(type) {
			case *IfClause:
				guard = c
			case *ForClause:
				if guard != nil {
					first := forFirst && i == 0
					Inspect(c.Iter, func(x Expr) bool { f(x, guard, first); return true })
				}
			}
		}
	}
	stmtClauseLists(sts, list)
	InspectStmts(sts, func(x Expr) bool {
		if c, ok := x.(*Comp); ok {
			list(c.Clauses, true)
		}
		return true
	})
}

// stmtClauseLists calls f with the clause lists that are parts of
// statements: game alternatives' and tables' (forFirst: a table's, which
// starts with a for).
func stmtClauseLists(sts []Stmt, f func(cs []Clause, forFirst bool)) {
	for _, st := range sts {
		switch st := st.(type) {
		case *GameStmt:
			for _, a := range st.Alts {
				f(a.(*Alt).Clauses, false)
			}
		case *TableStmt:
			f(st.Clauses, true)
		case *ForStmt:
			stmtClauseLists(st.Body, f)
		}
	}
}
