package ir

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Expressions the planner's rewrites build and test.

// MinExpr is `if a < b then a else b`; MaxExpr `if a > b then a else b`
// (the smaller or larger literal when both are int literals).
func MinExpr(a, b lang.Expr, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(a); ok {
		if y, ok := IntLit(b); ok {
			return pick(x < y, a, b)
		}
	}
	return &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpLt, X: a, Y: b}, Then: a, Else: b}
}

func MaxExpr(a, b lang.Expr, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(a); ok {
		if y, ok := IntLit(b); ok {
			return pick(x > y, a, b)
		}
	}
	return &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpGt, X: a, Y: b}, Then: a, Else: b}
}

func pick(first bool, a, b lang.Expr) lang.Expr {
	if first {
		return a
	}
	return b
}

// PlusOne is e + d (d is 1 or -1): a literal when e is one (that does
// not overflow).
func PlusOne(e lang.Expr, d int64, pos lang.Pos) lang.Expr {
	if x, ok := IntLit(e); ok && (d > 0) == (x+d > x) {
		return &lang.IntLit{Pos: pos, Val: x + d}
	}
	op := lang.OpAdd
	if d < 0 {
		op = lang.OpSub
	}
	return &lang.Binary{Pos: pos, Op: op, X: e, Y: &lang.IntLit{Pos: pos, Val: 1}}
}

// IsVar reports whether e is the name d declares.
func IsVar(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// MentionsDecl reports whether e names d.
func MentionsDecl(e lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			found = true
		}
		return !found
	})
	return found
}

// IntLit is the value of an int literal or a negated one.
func IntLit(e lang.Expr) (int64, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		return e.Val, true
	case *lang.Unary:
		if x, ok := e.X.(*lang.IntLit); ok && e.Op == lang.OpNeg && x.Val != -1<<63 {
			return -x.Val, true
		}
	}
	return 0, false
}

// MinMax reads e as min(x, y) or max(x, y): a call of the built-in of
// two arguments, or a conditional that picks one of x and y by comparing
// them (`if x < y then x else y`, as MinExpr writes it).
func MinMax(r *resolve.Resolver, e lang.Expr) (isMax bool, x, y lang.Expr, ok bool) {
	switch e := e.(type) {
	case *lang.Call:
		bi := r.BuiltinCallee(e)
		if bi == nil || len(e.Args) != 2 || bi.BName != "min" && bi.BName != "max" {
			return false, nil, nil, false
		}
		return bi.BName == "max", e.Args[0], e.Args[1], true
	case *lang.IfExpr:
		c, ok := e.Cond.(*lang.Binary)
		if !ok || !c.Op.Ordering() {
			return false, nil, nil, false
		}
		less := c.Op == lang.OpLt || c.Op == lang.OpLe // (the condition: x is the smaller)
		switch {
		case Same(e.Then, c.X) && Same(e.Else, c.Y):
			return !less, c.X, c.Y, true
		case Same(e.Then, c.Y) && Same(e.Else, c.X):
			return less, c.X, c.Y, true
		}
	}
	return false, nil, nil, false
}

// Boolish reports whether e evaluates to a bool or fails with an error of
// its own (never a non-bool that `and` or an if clause would reject): a
// comparison, a membership test, a bool literal, not, and, or.
func Boolish(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot
	case *lang.Binary:
		switch e.Op {
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe, lang.OpIn, lang.OpNotIn, lang.OpAnd, lang.OpOr:
			return true
		}
	}
	return false
}

// Inspect calls lang.Inspect with f on the expressions of q's clauses
// from clause `from` on, then on its yield and its key.
func (q *Query) Inspect(from int, f func(lang.Expr) bool) {
	for _, cl := range q.Clauses[from:] {
		switch c := cl.(type) {
		case *Range:
			lang.Inspect(c.Lo, f)
			lang.Inspect(c.Hi, f)
		case *Elems:
			lang.Inspect(c.Coll, f)
		case *Bind:
			lang.Inspect(c.X, f)
		case *Filter:
			lang.Inspect(c.Cond, f)
		}
	}
	lang.Inspect(q.Yield, f)
	if q.Key != nil {
		lang.Inspect(q.Key, f)
	}
}

// Loops reports whether evaluating e runs a comprehension.
func Loops(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if _, ok := x.(*lang.Comp); ok {
			found = true
		}
		return !found
	})
	return found
}

// Covers reports whether e is max (isMax; else min) of a concatenation
// of lists one of which is a literal holding end: e is then at least (at
// most) end.
func Covers(r *resolve.Resolver, e lang.Expr, isMax bool, end lang.Expr) bool {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return false
	}
	bi := r.BuiltinCallee(call)
	if bi == nil || bi.BName != map[bool]string{true: "max", false: "min"}[isMax] {
		return false
	}
	var holds func(x lang.Expr) bool
	holds = func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Binary:
			return x.Op == lang.OpAdd && (holds(x.X) || holds(x.Y))
		case *lang.ListLit:
			for _, el := range x.Elems {
				a, ok1 := IntLit(el)
				b, ok2 := IntLit(end)
				if ok1 && ok2 && a == b || Same(el, end) {
					return true
				}
			}
		}
		return false
	}
	return holds(call.Args[0])
}

// JoinIfs is the if clauses that lead cls as one, their conditions
// joined by `and` (as consecutive if clauses test them), or nil.
func JoinIfs(cls []lang.Clause) *lang.IfClause {
	var out *lang.IfClause
	for _, cl := range cls {
		ifc, ok := cl.(*lang.IfClause)
		if !ok {
			break
		}
		if out == nil {
			out = ifc
			continue
		}
		out = &lang.IfClause{Pos: out.Pos, Cond: &lang.Binary{Pos: ifc.Pos, Op: lang.OpAnd, X: out.Cond, Y: ifc.Cond}}
	}
	return out
}
