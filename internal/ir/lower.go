package ir

import "github.com/grundy-lang/grundy/lang"

// LowerAlt lowers a move rule's alternative for consumer k (MoveSG or
// MoveValues).
func LowerAlt(alt *lang.Alt, k Consumer) *Query {
	return &Query{Consumer: k, Clauses: lowerClauses(alt.Clauses), Yield: alt.Body, At: alt.Pos}
}

// LowerComp lowers a comprehension for consumer k (its kind's, or the
// fold of it).
func LowerComp(c *lang.Comp, k Consumer) *Query {
	return &Query{Consumer: k, Clauses: lowerClauses(c.Clauses), Yield: c.Body, Key: c.Key, At: c.Pos}
}

// CompConsumer is the consumer of a comprehension of kind k, not folded.
func CompConsumer(k lang.CompKind) Consumer {
	switch k {
	case lang.SetComp:
		return SetComp
	case lang.MapComp:
		return MapComp
	case lang.SumComp:
		return SumOf
	}
	return ListComp
}

func lowerClauses(cls []lang.Clause) []Clause {
	out := make([]Clause, 0, len(cls))
	for _, cl := range cls {
		out = append(out, lowerClause(cl))
	}
	return out
}

func lowerClause(cl lang.Clause) Clause {
	switch cl := cl.(type) {
	case *lang.IfClause:
		return &Filter{Cond: cl.Cond, At: cl.Pos, Src: cl}
	case *lang.ForClause:
		if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange && !cl.Target.Tuple && len(cl.Target.Names) == 1 {
			return &Range{Var: cl.Target.Names[0], Lo: r.X, Hi: r.Y, At: cl.Pos, OpPos: r.Pos, Src: cl}
		}
		if x := singleton(cl.Iter); x != nil {
			return &Bind{Pat: cl.Target, X: x, At: cl.Pos, Lit: cl.Iter.Position(), Src: cl}
		}
		return &Elems{Pat: cl.Target, Coll: cl.Iter, At: cl.Pos, Src: cl}
	}
	panic("ir: unknown clause")
}

// singleton is the element of a list, tuple or set literal of one
// element (iterating it binds the element: a set of one value holds any
// value), or nil.
func singleton(e lang.Expr) lang.Expr {
	switch l := e.(type) {
	case *lang.ListLit:
		if len(l.Elems) == 1 {
			return l.Elems[0]
		}
	case *lang.TupleLit:
		if len(l.Elems) == 1 {
			return l.Elems[0]
		}
	case *lang.SetLit:
		if len(l.Elems) == 1 {
			return l.Elems[0]
		}
	}
	return nil
}
