// Package licm owns the loop-invariant code motion of int expressions in
// a move rule's query (the pass licm): a part of the yield, or of a
// filter, that reads none of the names the loops after some clause bind,
// and that costs more than a few additions (a bit operator, a shift, a
// product of two names), is computed once
// before those loops, bound to a new name, and read by it:
//
//	range i = 0 .. 18
//	filter b >> i & 1 == 1
//	range j = 0 .. i - 1
//	yield tt(b - (1 << i) ^ 1 << j)
//	  -> range i = 0 .. 18
//	     filter b >> i & 1 == 1
//	     bind b' = b - (1 << i)
//	     range j = 0 .. i - 1
//	     yield tt(b' ^ 1 << j)
//
// Exact: the expression is int arithmetic proved unable to fail under the
// query's guard (package proof, with its bit operators; where the guard
// does not hold the rule as written runs), and it reads only names, so
// computed earlier, or where the loops after it run no body, it has the
// value it would have had and raises no error. Its bind counts no step
// (resolve.Decl's Hoisted: the compiler binds it without a tick), so the
// steps are those of the rule as written.
package licm

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the rewrite reads: the proofs of a query's expressions.
type Env struct {
	Safety func(q *ir.Query) *proof.Prover
}

// Rewrite is q with one int expression that loops after its names do not
// change bound before them, and the guard; nil where there is none.
func Rewrite(env Env, q *ir.Query) *ir.Query {
	if q.Consumer != ir.MoveSG && q.Consumer != ir.MoveValues || q.Key != nil {
		return nil
	}
	var out *ir.Query
	// at is the clause index the expression is evaluated at (len: the
	// yield's).
	var visit func(e lang.Expr, at int) bool
	visit = func(e lang.Expr, at int) bool {
		if costly(e) {
			if out = hoist(env, q, e, at); out != nil {
				return true
			}
		}
		switch x := e.(type) {
		case *lang.Unary:
			return visit(x.X, at)
		case *lang.Binary:
			return visit(x.X, at) || visit(x.Y, at)
		case *lang.IfExpr:
			return visit(x.Cond, at) || visit(x.Then, at) || visit(x.Else, at)
		case *lang.Index:
			return visit(x.X, at) || visit(x.Index, at)
		case *lang.Call:
			for _, a := range x.Args {
				if visit(a, at) {
					return true
				}
			}
		case *lang.TupleLit:
			for _, a := range x.Elems {
				if visit(a, at) {
					return true
				}
			}
		}
		return false
	}
	for i, cl := range q.Clauses {
		if f, ok := cl.(*ir.Filter); ok && visit(f.Cond, i) {
			return out
		}
	}
	visit(q.Yield, len(q.Clauses))
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

// costly reports whether e is int arithmetic of names, literals and
// elements with a bit operator, a shift or a product of two names (the
// fast loops read sums, differences, products by a constant, quotients
// and remainders as they are, fused).
func costly(e lang.Expr) bool {
	plain, dear := true, false
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.IntLit, *lang.Ident, *lang.Index:
		case *lang.Unary:
			dear = dear || x.Op == lang.OpBitNot
			plain = plain && (x.Op == lang.OpNeg || x.Op == lang.OpBitNot)
		case *lang.Binary:
			switch x.Op {
			case lang.OpAdd, lang.OpSub:
			case lang.OpMul:
				_, k1 := proof.ConstInt(x.X)
				_, k2 := proof.ConstInt(x.Y)
				dear = dear || !k1 && !k2
			case lang.OpDiv, lang.OpMod:
			case lang.OpBitAnd, lang.OpBitOr, lang.OpXor, lang.OpShl, lang.OpShr:
				dear = true
			default:
				plain = false
			}
		default:
			plain = false
		}
		return plain
	})
	return plain && dear
}

// hoist is q with e, evaluated at clause at, bound before the first loop
// after the clauses it reads, or nil where no loop is between them (or e
// is not proved).
func hoist(env Env, q *ir.Query, e lang.Expr, at int) *ir.Query {
	k := at
	for k > 0 && !ir.BindsRead(q.Clauses[k-1:k], e) {
		k--
	}
	m := -1
	for i := k; i < at; i++ {
		if loop(q.Clauses[i]) {
			m = i
			break
		}
	}
	if m < 0 {
		return nil
	}
	sf := env.Safety(q)
	sf.Bits = true
	if _, ok := sf.Int(e); !ok {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	pos := lang.Start(e)
	d := resolve.NewLocal(name(e), pos) // (a name no program can write)
	d.Hoisted = true
	n := &lang.Name{Pos: pos, Name: d.Name, Bind: d}
	ref := func() lang.Expr { return &lang.Ident{Pos: pos, Name: d.Name, Bind: d} }
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:m]...)
	out.Clauses = append(out.Clauses, &ir.Bind{Pat: &lang.Pattern{Pos: pos, Names: []*lang.Name{n}}, X: e, At: pos, Lit: pos})
	for i, cl := range q.Clauses[m:] {
		if f, ok := cl.(*ir.Filter); ok && m+i == at {
			cl = &ir.Filter{Cond: replace(f.Cond, e, ref), At: f.At}
		}
		out.Clauses = append(out.Clauses, cl)
	}
	if at == len(q.Clauses) {
		out.Yield = replace(q.Yield, e, ref)
	}
	out.Guard = ir.MergeGuards(q.Guard, g)
	return out
}

// name names the value of e: the first local it reads, primed.
func name(e lang.Expr) string {
	n := "v"
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && n == "v" && resolve.Of(id) != nil && resolve.Of(id).Kind == resolve.Local {
			n = id.Name
		}
		return n == "v"
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
	switch x := x.(type) {
	case *lang.Unary:
		return &lang.Unary{Pos: x.Pos, Op: x.Op, X: sub(x.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: x.Op, X: sub(x.X), Y: sub(x.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: x.Pos, Cond: sub(x.Cond), Then: sub(x.Then), Else: sub(x.Else)}
	case *lang.Index:
		return &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
	case *lang.Call:
		args := make([]lang.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = sub(a)
		}
		return &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: args, Site: x.Site}
	case *lang.TupleLit:
		elems := make([]lang.Expr, len(x.Elems))
		for i, a := range x.Elems {
			elems[i] = sub(a)
		}
		return &lang.TupleLit{Pos: x.Pos, Elems: elems}
	}
	return x
}
