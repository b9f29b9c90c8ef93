package ir

import "github.com/grundy-lang/grundy/lang"

// RaiseAlt raises q back to a move rule's alternative: a clause no pass
// changed is the clause it was lowered from, and a clause a pass made
// keeps the positions it was given.
func RaiseAlt(q *Query) *lang.Alt {
	return &lang.Alt{Pos: q.At, Body: q.Yield, Clauses: RaiseClauses(q.Clauses)}
}

// RaiseComp raises q back to a comprehension of kind k.
func RaiseComp(q *Query, k lang.CompKind) *lang.Comp {
	return &lang.Comp{Pos: q.At, Kind: k, Key: q.Key, Body: q.Yield, Clauses: RaiseClauses(q.Clauses)}
}

// RaiseClauses raises clauses to comprehension clauses.
func RaiseClauses(cls []Clause) []lang.Clause {
	out := make([]lang.Clause, 0, len(cls))
	for _, cl := range cls {
		out = append(out, raiseClause(cl))
	}
	return out
}

func raiseClause(cl Clause) lang.Clause {
	switch cl := cl.(type) {
	case *Filter:
		if cl.Src != nil && cl.Src.Cond == cl.Cond {
			return cl.Src
		}
		return &lang.IfClause{Pos: cl.At, Cond: cl.Cond}
	case *Range:
		if s := cl.Src; s != nil {
			if r, ok := s.Iter.(*lang.Binary); ok && r.X == cl.Lo && r.Y == cl.Hi && s.Target.Names[0] == cl.Var {
				return s
			}
		}
		iter := &lang.Binary{Pos: cl.OpPos, Op: lang.OpRange, X: cl.Lo, Y: cl.Hi}
		return &lang.ForClause{Pos: cl.At, Target: &lang.Pattern{Pos: cl.Var.Pos, Names: []*lang.Name{cl.Var}}, Iter: iter}
	case *Elems:
		if cl.Src != nil && cl.Src.Iter == cl.Coll && cl.Src.Target == cl.Pat {
			return cl.Src
		}
		return &lang.ForClause{Pos: cl.At, Target: cl.Pat, Iter: cl.Coll}
	case *Bind:
		if s := cl.Src; s != nil && s.Target == cl.Pat {
			if singleton(s.Iter) == cl.X {
				return s
			}
		}
		return &lang.ForClause{Pos: cl.At, Target: cl.Pat, Iter: &lang.ListLit{Pos: cl.Lit, Elems: []lang.Expr{cl.X}}}
	}
	panic("ir: unknown clause")
}
