// Package loophoist owns the hoisting of a query's loop-invariant lists
// (the pass hoist): a list the yield builds that reads none of the names
// the last loops bind is built once, before them, and read by a new name:
//
//	elems i in L
//	range j = 0 .. i - 1
//	yield g(f([x for x in L if x != i], j))
//	  -> elems i in L
//	     bind L' = [x for x in L if x != i]
//	     range j = 0 .. i - 1
//	     yield g(f(L', j))
//
// Exact: the list is proved (package proof, ListArg) a list of safe ints
// that cannot fail to build under the query's guard (where the guard
// does not hold the query as written runs), and it is pure: built
// earlier, or where the loops after it yield nothing, it has the value it
// had and raises no error. It is not hoisted where it is itself an
// argument of a position (the builders key a list built in place there
// without making it) or inside a comprehension of the yield (whose names
// are others).
package loophoist

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the rewrite reads: what names mean where the query is
// compiled, and the proofs of its expressions.
type Env struct {
	R      *resolve.Resolver
	Safety func(q *ir.Query) *proof.Prover
}

// Rewrite is q with one list of its yield that the last loops do not
// change bound before them, and the guard; nil where there is none.
func Rewrite(env Env, q *ir.Query) *ir.Query {
	last := -1
	for i, cl := range q.Clauses {
		if loop(cl) {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	var out *ir.Query
	var visit func(e lang.Expr, inPosition bool) bool
	visit = func(e lang.Expr, inPosition bool) bool {
		if !inPosition && costly(e) {
			if out = hoist(env, q, e); out != nil {
				return true
			}
		}
		switch x := e.(type) {
		case *lang.Unary:
			return visit(x.X, false)
		case *lang.Binary:
			return visit(x.X, false) || visit(x.Y, false)
		case *lang.IfExpr:
			return visit(x.Cond, false) || visit(x.Then, false) || visit(x.Else, false)
		case *lang.Index:
			return visit(x.X, false) || visit(x.Index, false)
		case *lang.Slice:
			return visit(x.X, false) || x.Lo != nil && visit(x.Lo, false) || x.Hi != nil && visit(x.Hi, false)
		case *lang.Call:
			// (An argument of anything but a def or a built-in is taken
			// for a position's.)
			pos := true
			if id, ok := x.Fn.(*lang.Ident); ok {
				if d := resolve.Of(id); d != nil && (d.Kind == resolve.Def || d.Kind == resolve.Builtin) {
					pos = false
				}
			}
			for _, a := range x.Args {
				if visit(a, pos) {
					return true
				}
			}
		case *lang.TupleLit:
			for _, a := range x.Elems {
				if visit(a, false) {
					return true
				}
			}
		case *lang.ListLit:
			for _, a := range x.Elems {
				if visit(a, false) {
					return true
				}
			}
		}
		return false
	}
	visit(q.Yield, false)
	return out
}

// loop reports whether cl binds a name to each of many values.
func loop(cl ir.Clause) bool {
	switch cl.(type) {
	case *ir.Range, *ir.Elems:
		return true
	}
	return false
}

// costly reports whether e builds a list worth building once: a list
// comprehension (a slice or a concatenation is left in place, where the
// builders splice it).
func costly(e lang.Expr) bool {
	x, ok := e.(*lang.Comp)
	return ok && x.Kind == lang.ListComp
}

// hoist is q with e bound before the first loop after the clauses it
// reads, or nil where e is read by the last loop's names (or a filter's
// after it: then it is built no more often), or not proved.
func hoist(env Env, q *ir.Query, e lang.Expr) *ir.Query {
	k := len(q.Clauses)
	for k > 0 && !ir.BindsRead(q.Clauses[k-1:], e) {
		k--
	}
	m := -1
	for i := k; i < len(q.Clauses); i++ {
		if loop(q.Clauses[i]) {
			m = i
			break
		}
	}
	if m < 0 {
		return nil
	}
	sf := env.Safety(q)
	if !sf.ListArg(e) {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	pos := lang.Start(e)
	d := resolve.NewLocal(name(e), pos) // (a name no program can write)
	n := &lang.Name{Pos: pos, Name: d.Name, Bind: d}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:m]...)
	out.Clauses = append(out.Clauses, &ir.Bind{Pat: &lang.Pattern{Pos: pos, Names: []*lang.Name{n}}, X: e, At: pos, Lit: pos})
	out.Clauses = append(out.Clauses, q.Clauses[m:]...)
	out.Yield = replace(q.Yield, e, func() lang.Expr { return &lang.Ident{Pos: pos, Name: d.Name, Bind: d} })
	out.Guard = ir.MergeGuards(q.Guard, g)
	return out
}

// name names the list e builds: the first local it reads, primed.
func name(e lang.Expr) string {
	n := "l"
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && n == "l" && resolve.Of(id) != nil && resolve.Of(id).Kind == resolve.Local {
			n = id.Name
		}
		return n == "l"
	})
	return n + "'"
}

// replace copies x with the node e (itself, not an equal one) replaced by
// ref().
func replace(x, e lang.Expr, ref func() lang.Expr) lang.Expr {
	if x == e {
		return ref()
	}
	sub := func(y lang.Expr) lang.Expr {
		if y == nil {
			return nil
		}
		return replace(y, e, ref)
	}
	all := func(ys []lang.Expr) []lang.Expr {
		out := make([]lang.Expr, len(ys))
		for i, y := range ys {
			out[i] = sub(y)
		}
		return out
	}
	switch x := x.(type) {
	case *lang.Unary:
		return &lang.Unary{Pos: x.Pos, Op: x.Op, X: sub(x.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: x.Op, X: sub(x.X), Y: sub(x.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: x.Pos, Cond: sub(x.Cond), Then: sub(x.Then), Else: sub(x.Else)}
	case *lang.Index:
		return &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
	case *lang.Slice:
		return &lang.Slice{Pos: x.Pos, X: sub(x.X), Lo: sub(x.Lo), Hi: sub(x.Hi)}
	case *lang.Call:
		return &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: all(x.Args), Site: x.Site}
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: x.Pos, Elems: all(x.Elems)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: x.Pos, Elems: all(x.Elems)}
	}
	return x
}
