package defloops

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Unrolling. A fused rule's for clause over a literal, `for b in [(a[0],
// a[1] + 1), (a[0] + 1, a[1])]`, makes its elements for each binding of
// the clauses before it. For the SG search, which computes every option
// (the mex needs them all) and sees neither their order nor their
// repeats, the rule is as well the alternatives one per element, each
// binding the clause's pattern to its element, when no error can be met
// at any position reached: the game's one rule, fused, cannot fail where
// the guard holds (every clause and the option proved), and each option
// is a position of the game whose arguments are the position's, or a
// root set less a set literal (a subset, within the guard again). Then
// the first error the search meets, at whatever position, is none (a
// limit of the run, of states or memory, is no error of the rule: it is
// met wherever the computation is large, whatever its order).

// total proves the whole fused query q safe where its roots pass their
// tests, each option a position of game within them again; it returns
// the prover (its roots the guard's) or nil.
func total(r *resolve.Resolver, q *ir.Query, game *lang.GameStmt, bound map[*resolve.Decl]bool) *prover {
	p := &prover{r: r, vars: map[*resolve.Decl]kind{}, roots: map[*resolve.Decl]*root{},
		canRoot: func(d *resolve.Decl) bool { return !bound[d] }}
	if !p.clauses(q.Clauses) || !p.position(q.Yield, game) || len(p.roots) == 0 {
		return nil
	}
	for _, rt := range p.roots {
		if _, ok := rt.test(); !ok {
			return nil
		}
	}
	return p
}

// position proves that e is a position of game, each argument the
// position's own at its place or such a root less a set literal of safe
// values.
func (p *prover) position(e lang.Expr, game *lang.GameStmt) bool {
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	id, ok := call.Fn.(*lang.Ident)
	params := lang.ParamNames(game.Params)
	if !ok || resolve.Of(id) == nil || resolve.Of(id) != resolve.NameDecl(game.Name) || len(call.Args) != len(params) {
		return false
	}
	for i, a := range call.Args {
		own := func(x lang.Expr) bool {
			id, ok := x.(*lang.Ident)
			return ok && resolve.Of(id) != nil && resolve.Of(id) == resolve.NameDecl(params[i])
		}
		switch a := a.(type) {
		case *lang.Ident:
			if !own(a) {
				return false
			}
		case *lang.Binary:
			if _, isLit := a.Y.(*lang.SetLit); !isLit || a.Op != lang.OpSub || !own(a.X) {
				return false
			}
			if _, ok := p.value(a); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unroll returns q with its first for clause over a literal of several
// elements written as one query per element (and so on for the clauses
// after it), at most max queries; q alone where there is none.
func unroll(q *ir.Query, max int) []*ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok {
			continue
		}
		var xs []lang.Expr
		switch l := el.Coll.(type) {
		case *lang.ListLit:
			xs = l.Elems
		case *lang.TupleLit:
			xs = l.Elems
		}
		if len(xs) < 2 || len(xs) > max {
			continue
		}
		var out []*ir.Query
		for _, x := range xs {
			c := q.Clone()
			c.Clauses[i] = &ir.Bind{Pat: el.Pat, X: x, At: el.At, Lit: el.Coll.Position()}
			out = append(out, unroll(c, max/len(xs))...)
		}
		return out
	}
	return []*ir.Query{q}
}
