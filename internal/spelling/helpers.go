package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The helper-def families: a piece of a script moved into a new def,
// declared just before the top-level statement that uses it. The def's
// parameters are the local names the piece uses (parameters, clause and
// for names, lets of a for body), spelled as they are, so the body means
// what the piece meant; the names it uses that are not local (top-level
// lets, defs, games, built-ins) are those the new def sees too, because
// it stands just before that statement (spec.md 5.2: a def sees the
// top-level lets before it). A call evaluates its arguments (names) and
// then the body, exactly where the piece was evaluated: same values,
// same errors (the call adds one level toward the depth limit). A range
// that is never built where it stands (a clause's iterable, the right
// side of in) and copies k * G whose SG value only counts stay where
// they are: returned by a def they would be built (site.movable).

// defFor replaces the expression at s by a call of a new def of it.
func defFor(f *lang.File, s *site, base string) {
	e := *s.slot
	var ps []string
	for _, n := range freeNames(e) {
		if s.local(n) {
			ps = append(ps, n)
		}
	}
	h := newNamer(f).fresh(base)
	*s.slot = call(h, idents(ps)...)
	insertStmt(f, s.stmt, &lang.DefStmt{Name: &lang.Name{Name: h}, Params: params(ps), Body: e})
}

// applyDef moves a random site that ok accepts into a new def.
func applyDef(r *rand.Rand, f *lang.File, base string, ok func(*site) bool) bool {
	var cands []*site
	for _, s := range collect(f).sites {
		if !s.callee && s.movable() && ok(s) {
			cands = append(cands, s)
		}
	}
	s, found := pick(r, cands)
	if found {
		defFor(f, s, base)
	}
	return found
}

// defExpr: any expression but a name (E becomes h(x, y) with def h(x, y) = E).
func defExpr(r *rand.Rand, f *lang.File) bool {
	return applyDef(r, f, "expr", func(s *site) bool {
		_, isName := (*s.slot).(*lang.Ident)
		return !isName
	})
}

// defGuard: the condition of an if clause (if C becomes if ok(x, y)).
func defGuard(r *rand.Rand, f *lang.File) bool {
	return applyDef(r, f, "ok", func(s *site) bool {
		if s.item == nil || s.item.table || s.at >= len(*s.item.clauses) {
			return false
		}
		c, isIf := (*s.item.clauses)[s.at].(*lang.IfClause)
		return isIf && &c.Cond == s.slot
	})
}

// defOption: the option of a game's alternative (g(n - s) for s in S
// becomes opt(n, s) for s in S).
func defOption(r *rand.Rand, f *lang.File) bool {
	return applyDef(r, f, "opt", func(s *site) bool {
		return s.item != nil && s.item.game != nil && s.slot == s.item.body
	})
}

// defComp: a comprehension (list, set, map or sum of), returned by a def.
func defComp(r *rand.Rand, f *lang.File) bool {
	return applyDef(r, f, "comp", func(s *site) bool {
		_, isComp := (*s.slot).(*lang.Comp)
		return isComp
	})
}

// defOptions: a whole alternative E CLAUSES of a game becomes
// `m for m in opts(x, y)` with def opts(x, y) = [E CLAUSES]: the list
// holds the alternative's options in their order (a comprehension and
// an alternative apply their clauses alike, spec.md 8.11 and 9.1), and a
// comprehension starting with an if clause (or with none) gets a first
// `for u in [0]`, which runs the rest once. Where nothing shows the
// order of options (no moves, winning or graph in the script), the def
// may return a set instead: the same options, each once, in another
// order (spec.md 9.4: the SG value, outcome and remoteness do not depend
// on it). An option with copies k * G is left alone (the list would
// build them). The list is made before the options are used: an error in an
// option stays an error of the same option (the first one met may be
// another when two options fail).
func defOptions(r *rand.Rand, f *lang.File) bool {
	var alts []*item
	for _, it := range collect(f).items {
		if it.game != nil && !hasCopies(*it.body) {
			alts = append(alts, it)
		}
	}
	it, ok := pick(r, alts)
	if !ok {
		return false
	}
	nm := newNamer(f)
	cs := *it.clauses
	if len(cs) == 0 || !isFor(cs[0]) {
		cs = append([]lang.Clause{forClause(pattern(nm.fresh("once")), &lang.ListLit{Elems: []lang.Expr{intLit(0)}})}, cs...)
	}
	comp := &lang.Comp{Kind: lang.ListComp, Body: *it.body, Clauses: cs}
	if orderFree(f) && r.IntN(2) == 0 {
		comp.Kind = lang.SetComp
	}
	var ps []string
	for _, n := range freeNamesClauses(cs, nil, *it.body) {
		if slices.Contains(it.scope, n) {
			ps = append(ps, n)
		}
	}
	h, m := nm.fresh("opts"), nm.fresh("m")
	it.game.Alts[it.alt] = &lang.Alt{
		Body:    ident(m),
		Clauses: []lang.Clause{forClause(pattern(m), call(h, idents(ps)...))},
	}
	insertStmt(f, it.stmt, &lang.DefStmt{Name: &lang.Name{Name: h}, Params: params(ps), Body: comp})
	return true
}

func isFor(c lang.Clause) bool {
	_, ok := c.(*lang.ForClause)
	return ok
}
