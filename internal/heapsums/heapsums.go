// Package heapsums owns a rewrite of the planner's (the pass heapsums):
// a game of one list whose every move replaces one element by a list
// computed from that element alone,
//
//	game k(hs) moves k(sorted(hs[:i] + hs[i + 1:] + [a, hs[i] - t - a]))
//	    for i in 0 .. len(hs) - 1 for t in 1 .. 2 if t <= hs[i] for a in 0 .. (hs[i] - t) / 2
//
// is the disjunctive sum of the games of its elements: its position is
// k([h1]) + k([h2]) + ... (Sprague and Grundy). In the search of SG
// values (ir.MoveSG), such an option is the sum `sum of k([x]) for x in
// L` of the list L it makes, so that the positions are the single
// elements' and not every multiset of them. Moves, winning moves and
// printing still see the lists (their variant of the rule is not
// rewritten).
//
// The shape, checked on the query: its first clause runs i over 0 ..
// len(hs) - 1 (every element once); hs is read nowhere but as hs[i]
// and, in the option's list, as hs[:i] and hs[i + 1:]; i nowhere but in
// those; the option is the game itself of a concatenation of those two
// slices and parts that read hs only as hs[i] (in any order, sorted or
// not). Then the options of hs are those of each element's game, the
// others unchanged: the game is the sum. The query runs under the guard
// that hs is a list of ints (else as written). The list L is evaluated
// as written (its errors are the option's); sorted(L), which cannot
// fail, is not.
package heapsums

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Rewrite is q so planned, or nil: q is an alternative of game d (of one
// parameter) for the search of SG values.
func Rewrite(r *resolve.Resolver, d *lang.GameStmt, q *ir.Query) *ir.Query {
	if d == nil || q.Consumer != ir.MoveSG || len(lang.ParamNames(d.Params)) != 1 {
		return nil
	}
	// (Every alternative as written of that shape: the game is the sum.)
	for _, a := range d.Alts {
		if _, _, ok := shape(r, d, ir.LowerAlt(a.(*lang.Alt), ir.MoveSG)); !ok {
			return nil
		}
	}
	call, list, ok := shape(r, d, q)
	if !ok {
		return nil
	}
	params := lang.ParamNames(d.Params)
	p := resolve.NameDecl(params[0])
	// sum of k([x]) for x in list
	x := resolve.NewLocal("x'", call.Pos) // (a name no program can write)
	xn := &lang.Name{Pos: call.Pos, Name: x.Name, Bind: x}
	one := &lang.Call{Pos: call.Pos, Fn: call.Fn, Lparen: call.Lparen, Args: []lang.Expr{&lang.ListLit{Pos: call.Pos, Elems: []lang.Expr{&lang.Ident{Pos: call.Pos, Name: x.Name, Bind: x}}}}, Site: call.Site}
	out := q.Clone()
	out.Yield = &lang.Comp{Pos: call.Pos, Kind: lang.SumComp, Body: one,
		Clauses: []lang.Clause{&lang.ForClause{Pos: call.Pos, Target: &lang.Pattern{Pos: call.Pos, Names: []*lang.Name{xn}}, Iter: list}}}
	root := &lang.Ident{Pos: params[0].Pos, Name: params[0].Name, Bind: p}
	out.Guard = ir.MergeGuards(out.Guard, []ir.Bound{{Root: root, T: 1 << 62, Ints: true}})
	return out
}

// shape reports whether q, an alternative of d, is of the package's
// shape, and returns its option's call and the list it makes.
func shape(r *resolve.Resolver, d *lang.GameStmt, q *ir.Query) (*lang.Call, lang.Expr, bool) {
	if len(q.Clauses) == 0 {
		return nil, nil, false
	}
	p := resolve.NameDecl(lang.ParamNames(d.Params)[0])
	rg, ok := q.Clauses[0].(*ir.Range)
	if !ok || !zero(rg.Lo) || !lenMinusOne(r, rg.Hi, p) {
		return nil, nil, false
	}
	i := resolve.NameDecl(rg.Var)
	// The option: the game of the list.
	call, ok := q.Yield.(*lang.Call)
	if !ok || len(call.Args) != 1 || !isGame(call, d) {
		return nil, nil, false
	}
	list, whole, sorts := call.Args[0], call.Args[0], false
	if s, ok := list.(*lang.Call); ok && len(s.Args) == 1 {
		if bi := r.BuiltinCallee(s); bi != nil && bi.BName == "sorted" {
			list, sorts = s.Args[0], true
		}
	}
	var parts []lang.Expr
	var flat func(e lang.Expr)
	flat = func(e lang.Expr) {
		if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAdd {
			flat(b.X)
			flat(b.Y)
			return
		}
		parts = append(parts, e)
	}
	flat(list)
	before, after := 0, 0
	ranges := map[*resolve.Decl]bool{}
	for _, cl := range q.Clauses {
		if rg, ok := cl.(*ir.Range); ok {
			ranges[resolve.NameDecl(rg.Var)] = true
		}
	}
	ints := true // (every element the parts add an int: sorted cannot fail)
	for _, e := range parts {
		switch {
		case slice(e, p, i, false):
			before++
		case slice(e, p, i, true):
			after++
		case !onlyElem(e, p, i):
			return nil, nil, false
		default:
			l, ok := e.(*lang.ListLit)
			for k := 0; ok && k < len(l.Elems); k++ {
				ok = intExpr(l.Elems[k], p, i, ranges)
			}
			ints = ints && ok
		}
	}
	if sorts && !ints {
		list = whole // (sorted as written, which may fail)
	}
	if before != 1 || after != 1 {
		return nil, nil, false
	}
	for _, cl := range q.Clauses[1:] {
		ok := true
		lang.InspectClauses(clauseOf(cl), func(e lang.Expr) bool {
			ok = ok && onlyElem(e, p, i)
			return false
		})
		if !ok {
			return nil, nil, false
		}
	}
	return call, list, true
}

// clauseOf is a clause's expressions as a lang clause list (for
// InspectClauses).
func clauseOf(cl ir.Clause) []lang.Clause {
	switch c := cl.(type) {
	case *ir.Range:
		return []lang.Clause{&lang.ForClause{Iter: &lang.Binary{Op: lang.OpRange, X: c.Lo, Y: c.Hi}}}
	case *ir.Elems:
		return []lang.Clause{&lang.ForClause{Iter: c.Coll}}
	case *ir.Bind:
		return []lang.Clause{&lang.ForClause{Iter: c.X}}
	case *ir.Filter:
		return []lang.Clause{&lang.IfClause{Cond: c.Cond}}
	}
	return nil
}

func zero(e lang.Expr) bool {
	l, ok := e.(*lang.IntLit)
	return ok && l.Val == 0
}

// lenMinusOne reports whether e is len(p) - 1.
func lenMinusOne(r *resolve.Resolver, e lang.Expr, p *resolve.Decl) bool {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpSub {
		return false
	}
	one, ok := b.Y.(*lang.IntLit)
	call, ok2 := b.X.(*lang.Call)
	if !ok || !ok2 || one.Val != 1 || len(call.Args) != 1 || !ir.IsVar(call.Args[0], p) {
		return false
	}
	bi := r.BuiltinCallee(call)
	return bi != nil && bi.BName == "len"
}

// isGame reports whether call is of the game d itself.
func isGame(call *lang.Call, d *lang.GameStmt) bool {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Name != d.Name.Name {
		return false
	}
	x := resolve.Of(id)
	return x != nil && x.Kind == resolve.Game
}

// slice reports whether e is p[:i] (after false) or p[i + 1:] (after).
func slice(e lang.Expr, p, i *resolve.Decl, after bool) bool {
	s, ok := e.(*lang.Slice)
	if !ok || !ir.IsVar(s.X, p) {
		return false
	}
	if !after {
		return s.Lo == nil && s.Hi != nil && ir.IsVar(s.Hi, i)
	}
	lo, ok := s.Lo.(*lang.Binary)
	return ok && s.Hi == nil && lo.Op == lang.OpAdd && ir.IsVar(lo.X, i) && func() bool { l, ok := lo.Y.(*lang.IntLit); return ok && l.Val == 1 }()
}

// intExpr reports whether e is an int wherever the query runs (hs a list
// of ints, its guard): an int literal, p[i], a name of a range, and
// arithmetic of them.
func intExpr(e lang.Expr, p, i *resolve.Decl, ranges map[*resolve.Decl]bool) bool {
	switch x := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		return ranges[resolve.Of(x)]
	case *lang.Index:
		return ir.IsVar(x.X, p) && ir.IsVar(x.Index, i)
	case *lang.Unary:
		return x.Op == lang.OpNeg && intExpr(x.X, p, i, ranges)
	case *lang.Binary:
		switch x.Op {
		case lang.OpAdd, lang.OpSub, lang.OpMul, lang.OpDiv, lang.OpMod:
			return intExpr(x.X, p, i, ranges) && intExpr(x.Y, p, i, ranges)
		}
	}
	return false
}

// onlyElem reports whether e reads p and i only as p[i].
func onlyElem(e lang.Expr, p, i *resolve.Decl) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		if ix, isIx := x.(*lang.Index); isIx && ir.IsVar(ix.X, p) && ir.IsVar(ix.Index, i) {
			return false // (p[i])
		}
		if id, isID := x.(*lang.Ident); isID {
			if d := resolve.Of(id); d == p || d == i {
				ok = false
			}
		}
		return ok
	})
	return ok
}
