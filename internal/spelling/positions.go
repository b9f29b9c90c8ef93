package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// tuplePos: a game g(a, b) becomes g(p), its position one tuple (or
// list) p = (a, b): every call g(x, y) becomes g((x, y)), and the rule
// reads a and b back, by a first clause `for (a, b) in [p]` in each
// alternative or by p[0] and p[1] in their places. Two positions are
// then equal exactly when they were (spec.md 9.3: a position is its game
// and the structural value of its arguments), with the same options.
// Only what prints a position can tell them apart (g((1, 2)) against
// g(1, 2)), so the game must be opaque: every use of its name is a call
// with all its arguments whose value only counts for its SG value (an
// argument of sg, outcome or remoteness, an option of a game, a part of
// a sum there), and nothing in the script lists options (moves, winning,
// graph).
func tuplePos(r *rand.Rand, f *lang.File) bool {
	if !orderFree(f) {
		return false
	}
	ix := collect(f)
	var games []*lang.GameStmt
	for _, s := range f.Stmts {
		if g, ok := s.(*lang.GameStmt); ok && len(lang.ParamNames(g.Params)) >= 2 && opaque(ix, g) {
			games = append(games, g)
		}
	}
	g, ok := pick(r, games)
	if !ok {
		return false
	}
	asList := r.IntN(2) == 0
	pack := func(xs []lang.Expr) lang.Expr {
		if asList {
			return &lang.ListLit{Elems: xs}
		}
		return &lang.TupleLit{Elems: xs}
	}
	for _, s := range ix.sites {
		if c, ok := (*s.slot).(*lang.Call); ok && isName(c.Fn, g.Name.Name) {
			c.Args = []lang.Expr{pack(c.Args)}
		}
	}
	ps := paramNames(g.Params)
	p := newNamer(f).fresh("pos")
	g.Params = params([]string{p})
	byIndex := r.IntN(2) == 0
	for _, a := range g.Alts {
		a := a.(*lang.Alt)
		if !byIndex {
			a.Clauses = append([]lang.Clause{forClause(pattern(ps...), &lang.ListLit{Elems: []lang.Expr{ident(p)}})}, a.Clauses...)
			continue
		}
		for i, n := range ps {
			var key *lang.Expr = new(lang.Expr)
			substClauses(a.Clauses, key, &a.Body, n, &lang.Index{X: ident(p), Index: intLit(int64(i))})
		}
	}
	return true
}

func isName(e lang.Expr, name string) bool {
	id, ok := e.(*lang.Ident)
	return ok && id.Name == name
}

// opaque reports whether every use of g's name is a call of g with all
// its arguments whose value counts only for its SG value, and nothing
// else binds the name.
func opaque(ix *index, g *lang.GameStmt) bool {
	name := g.Name.Name
	for _, s := range ix.file.Stmts {
		if l, ok := s.(*lang.LetStmt); ok && slices.Contains(patternNames(l.Pattern()), name) {
			return false
		}
	}
	calls := map[*lang.Ident]bool{}
	for _, s := range ix.sites {
		c, ok := (*s.slot).(*lang.Call)
		if ok && isName(c.Fn, name) && !s.local(name) && len(c.Args) == len(lang.ParamNames(g.Params)) && s.stream != notStream {
			calls[c.Fn.(*lang.Ident)] = true
		}
	}
	for _, s := range ix.sites {
		if id, ok := (*s.slot).(*lang.Ident); ok && id.Name == name && !calls[id] {
			return false
		}
	}
	return true
}
