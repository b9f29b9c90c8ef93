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
