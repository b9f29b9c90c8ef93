package spelling

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The constant and arithmetic families.

// constName: an int literal becomes a name bound to it by a new let at
// the top of the script, which runs before anything else and is visible
// to every statement, def and game after it (spec.md 5.2).
func constName(r *rand.Rand, f *lang.File) bool {
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		_, ok := (*s.slot).(*lang.IntLit)
		return ok
	}))
	if !ok {
		return false
	}
	k := newNamer(f).fresh("K")
	v := *s.slot
	*s.slot = ident(k)
	insertStmt(f, 0, &lang.LetStmt{Target: pattern(k), Value: v})
	return true
}

// constInline: the uses of a top-level `let N = 6` become 6: those in
// the statements after it up to the next top-level let of N (its value
// included), where N is not a local name. Nothing before the let may run
// code that could reach a use of N before the let has run (spec.md 5.2:
// that is an error), so only defs, games and lets of literals may come
// before it.
func constInline(r *rand.Rand, f *lang.File) bool {
	type cand struct {
		at   int
		name string
		val  lang.Expr
	}
	var cands []cand
	for i, s := range f.Stmts {
		if l, ok := s.(*lang.LetStmt); ok && !l.Pattern().Tuple {
			if _, lit := litInts([]lang.Expr{l.Value}); lit {
				cands = append(cands, cand{i, l.Pattern().Names[0].Name, l.Value})
			}
		}
		if !quiet(s) {
			break
		}
	}
	c, ok := pick(r, cands)
	if !ok {
		return false
	}
	end := len(f.Stmts) - 1
	for i := c.at + 1; i < len(f.Stmts); i++ {
		if l, ok := f.Stmts[i].(*lang.LetStmt); ok && slices.Contains(patternNames(l.Pattern()), c.name) {
			end = i
			break
		}
	}
	n := 0
	for _, s := range collect(f).sites {
		if s.stmt > c.at && s.stmt <= end && isName(*s.slot, c.name) && !s.local(c.name) {
			*s.slot = clone(c.val)
			n++
		}
	}
	return n > 0
}

// quiet reports whether running s runs no code of the script's defs:
// a def, a game, or a let of a literal.
func quiet(s lang.Stmt) bool {
	switch s := s.(type) {
	case *lang.DefStmt, *lang.GameStmt:
		return true
	case *lang.LetStmt:
		_, lit := litInts([]lang.Expr{s.Value})
		return lit
	}
	return false
}

// rangeFn: `A .. B` becomes `range(A, B + 1)`, and `range(A, B)` becomes
// `A .. B - 1` (spec.md 8.4, 12: the ints from A up, the second stopping
// before B), where the two mean the same exactly: B is an int literal
// (B + 1 and B - 1 are computed here, and cannot overflow), and in a
// clause, where a range is never built but range() builds its list
// (with at most 10,000,000 elements), A is a literal too and the range
// short enough. A for statement builds both (spec.md 8.4).
func rangeFn(r *rand.Rand, f *lang.File) bool {
	if !builtinOK(f, "range") {
		return false
	}
	type cand struct {
		slot *lang.Expr
		to   lang.Expr
	}
	var cands []cand
	add := func(slot *lang.Expr, clause bool) {
		var a, b lang.Expr
		var shift int64
		switch e := (*slot).(type) {
		case *lang.Binary:
			if e.Op != lang.OpRange {
				return
			}
			a, b, shift = e.X, e.Y, 1
		case *lang.Call:
			if !isName(e.Fn, "range") || len(e.Args) != 2 {
				return
			}
			a, b, shift = e.Args[0], e.Args[1], -1
		default:
			return
		}
		bv, ok := literal(b)
		if !ok || shift == 1 && bv == math.MaxInt64 || shift == -1 && bv == math.MinInt64 {
			return
		}
		if clause {
			av, ok := literal(a)
			if !ok || av <= bv && uint64(bv)-uint64(av) > 9_000_000 {
				return
			}
		}
		if shift == 1 {
			cands = append(cands, cand{slot, call("range", a, intLit(bv+1))})
		} else {
			cands = append(cands, cand{slot, bin(lang.OpRange, a, intLit(bv-1))})
		}
	}
	for _, i := range collect(f).iters() {
		add(i.slot, i.it != nil)
	}
	c, ok := pick(r, cands)
	if !ok {
		return false
	}
	*c.slot = c.to
	return true
}

// literal returns the value of an int literal (a negative one is the
// negation of a literal).
func literal(e lang.Expr) (int64, bool) {
	vs, ok := litInts([]lang.Expr{e})
	if !ok {
		return 0, false
	}
	return vs[0], true
}

// copies: `2 * X` (or `X * 2`, 3) becomes `X + X` (+ X), and `X + X`
// becomes `2 * X`, where X is a position, a nimber or an int: for a
// game, k copies are the sum of k copies (spec.md 9.2), a few parts; for
// an int, the same int (and an overflow exactly when the other
// overflows). (Not for strings and lists: a repetition has a limit a
// concatenation has not.) And where only its SG value counts (an
// option, the argument of sg), `t * G` with G a position or nimber and t
// an int known to be at least 1 (a range from a literal >= 1, or an
// earlier `if t >= 2`) becomes `sum of G for u in 1 .. t` (1 * G is G,
// as a sum of one part is); neither is built there (spec.md 10.1).
func copies(r *rand.Rand, f *lang.File) bool {
	games := map[string]bool{}
	for _, s := range f.Stmts {
		if g, ok := s.(*lang.GameStmt); ok {
			games[g.Name.Name] = true
		}
	}
	ix := collect(f)
	var cands []*site
	for _, s := range ix.sites {
		if copiesForm(ix, s, games, newNamer(f)) != nil {
			cands = append(cands, s)
		}
	}
	s, ok := pick(r, cands)
	if !ok {
		return false
	}
	*s.slot = copiesForm(ix, s, games, newNamer(f))
	return true
}

// copiesForm returns the other spelling of the expression at s, or nil.
func copiesForm(ix *index, s *site, games map[string]bool, nm *namer) lang.Expr {
	b, ok := (*s.slot).(*lang.Binary)
	if !ok {
		return nil
	}
	switch b.Op {
	case lang.OpAdd:
		if lang.SExpr(b.X) == lang.SExpr(b.Y) && (isGame(ix, s, b.X, games) || knownInt(b.X, s.ints)) {
			return bin(lang.OpMul, intLit(2), b.X)
		}
	case lang.OpMul:
		for side := range 2 {
			k, x := b.X, b.Y
			if side == 1 {
				k, x = b.Y, b.X
			}
			if l, ok := k.(*lang.IntLit); ok && (l.Val == 2 || l.Val == 3) && (isGame(ix, s, x, games) || knownInt(x, s.ints)) {
				sum := lang.Expr(bin(lang.OpAdd, x, clone(x)))
				if l.Val == 3 {
					sum = bin(lang.OpAdd, sum, clone(x))
				}
				return sum
			}
			if id, ok := k.(*lang.Ident); ok && s.stream != notStream && isGame(ix, s, x, games) && atLeastOne(s, id.Name) {
				u := nm.fresh("copy")
				return &lang.Comp{Kind: lang.SumComp, Body: x, Clauses: []lang.Clause{
					forClause(pattern(u), bin(lang.OpRange, intLit(1), ident(id.Name))),
				}}
			}
		}
	}
	return nil
}

// isGame reports whether e is surely a game value: a call of a declared
// game (not hidden where it stands) or a nimber *E.
func isGame(ix *index, s *site, e lang.Expr, games map[string]bool) bool {
	switch e := e.(type) {
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		if !ok || !games[id.Name] || s.local(id.Name) {
			return false
		}
		for _, st := range ix.file.Stmts {
			if l, ok := st.(*lang.LetStmt); ok && slices.Contains(patternNames(l.Pattern()), id.Name) {
				return false
			}
		}
		return true
	}
	return false
}

// atLeastOne reports whether the local t is an int >= 1 wherever s is
// evaluated: bound by a for clause of s's item over a range from a
// literal >= 1, or tested by an if clause t >= c (c >= 1), t > c (c >=
// 0) or the same flipped after its binding and before s.
func atLeastOne(s *site, t string) bool {
	if s.item == nil || !s.local(t) {
		return false
	}
	cs := *s.item.clauses
	for k := s.at - 1; k >= 0; k-- {
		switch c := cs[k].(type) {
		case *lang.ForClause:
			if !slices.Contains(patternNames(c.Target), t) {
				continue
			}
			rng, ok := c.Iter.(*lang.Binary)
			if !ok || rng.Op != lang.OpRange || c.Target.Tuple {
				return false
			}
			lo, ok := rng.X.(*lang.IntLit)
			return ok && lo.Val >= 1
		case *lang.IfClause:
			if boundsBelow(c.Cond, t) {
				return true
			}
		}
	}
	return false
}

// boundsBelow reports whether cond is t >= c (c >= 1) or t > c (c >= 0),
// either way round.
func boundsBelow(cond lang.Expr, t string) bool {
	b, ok := cond.(*lang.Binary)
	if !ok {
		return false
	}
	op, x, y := b.Op, b.X, b.Y
	if isName(y, t) {
		op, x, y = op.Flip(), y, x
	}
	l, ok := y.(*lang.IntLit)
	if !ok || !isName(x, t) {
		return false
	}
	return op == lang.OpGe && l.Val >= 1 || op == lang.OpGt && l.Val >= 0
}
