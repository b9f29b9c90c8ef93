package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The clause families: rewrites of the clauses of a game's alternative
// or a comprehension (spec.md 8.11: the clauses apply left to right, each
// later one nested in the earlier ones). A table statement's clauses are
// left alone (its for clauses are its rows and columns).

// clauseSite is clause k of an item.
type clauseSite struct {
	it *item
	k  int
}

func (c clauseSite) clause() lang.Clause { return (*c.it.clauses)[c.k] }

// clauseSites returns the clauses of the file's items (not tables) that
// ok accepts.
func clauseSites(f *lang.File, ok func(clauseSite) bool) []clauseSite {
	var out []clauseSite
	for _, it := range collect(f).items {
		if it.table {
			continue
		}
		for k := range *it.clauses {
			if c := (clauseSite{it, k}); ok(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// forRange returns clause k when it is a for clause over a range A .. B
// of one name, with the range.
func (c clauseSite) forRange() (fc *lang.ForClause, rng *lang.Binary, ok bool) {
	fc, ok = c.clause().(*lang.ForClause)
	if !ok || fc.Target.Tuple {
		return nil, nil, false
	}
	rng, ok = fc.Iter.(*lang.Binary)
	if !ok || rng.Op != lang.OpRange {
		return nil, nil, false
	}
	return fc, rng, true
}

// guardFor: `if C` becomes `for u in (if C then [0] else [])`: one pass
// when C is true, none when it is false, and an error when C is not a
// bool, as the if clause (spec.md 8.8, 8.11).
func guardFor(r *rand.Rand, f *lang.File) bool {
	cs := clauseSites(f, func(c clauseSite) bool {
		_, ok := c.clause().(*lang.IfClause)
		return ok
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	cond := c.clause().(*lang.IfClause).Cond
	u := newNamer(f).fresh("pass")
	(*c.it.clauses)[c.k] = forClause(pattern(u), &lang.IfExpr{
		Cond: cond,
		Then: &lang.ListLit{Elems: []lang.Expr{intLit(0)}},
		Else: &lang.ListLit{},
	})
	return true
}

// guardAnd: `if A and B` becomes `if A if B`, or two adjacent if clauses
// one: `and` evaluates B only when A is true, as the second clause does,
// and either fails when A or B is not a bool (spec.md 8.6).
func guardAnd(r *rand.Rand, f *lang.File) bool {
	cs := clauseSites(f, func(c clauseSite) bool {
		ic, ok := c.clause().(*lang.IfClause)
		if !ok {
			return false
		}
		if b, ok := ic.Cond.(*lang.Binary); ok && b.Op == lang.OpAnd {
			return true
		}
		if c.k+1 < len(*c.it.clauses) {
			_, next := (*c.it.clauses)[c.k+1].(*lang.IfClause)
			return next
		}
		return false
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	ic := c.clause().(*lang.IfClause)
	if b, ok := ic.Cond.(*lang.Binary); ok && b.Op == lang.OpAnd && (c.k+1 >= len(*c.it.clauses) || r.IntN(2) == 0 || !isIf((*c.it.clauses)[c.k+1])) {
		(*c.it.clauses)[c.k] = &lang.IfClause{Cond: b.X}
		insertClause(c.it.clauses, c.k+1, &lang.IfClause{Cond: b.Y})
		return true
	}
	next := (*c.it.clauses)[c.k+1].(*lang.IfClause)
	(*c.it.clauses)[c.k] = &lang.IfClause{Cond: bin(lang.OpAnd, ic.Cond, next.Cond)}
	*c.it.clauses = slices.Delete(*c.it.clauses, c.k+1, c.k+2)
	return true
}

func isIf(c lang.Clause) bool {
	_, ok := c.(*lang.IfClause)
	return ok
}

// guardSwap: two adjacent if clauses swapped, or the operands of an
// `and` or `or`, when both conditions are total (they cannot fail and
// are bools: see total): each tuple then passes both in either order.
func guardSwap(r *rand.Rand, f *lang.File) bool {
	type swap struct {
		c clauseSite
		b *lang.Binary
	}
	var cands []swap
	for _, c := range clauseSites(f, func(c clauseSite) bool {
		return c.k+1 < len(*c.it.clauses) && isIf(c.clause()) && isIf((*c.it.clauses)[c.k+1])
	}) {
		scope, ints := c.it.scopeAt(c.k)
		a := c.clause().(*lang.IfClause).Cond
		b := (*c.it.clauses)[c.k+1].(*lang.IfClause).Cond
		if totalBool(a, scope, ints) && totalBool(b, scope, ints) {
			cands = append(cands, swap{c: c})
		}
	}
	for _, s := range collect(f).sites {
		b, ok := (*s.slot).(*lang.Binary)
		if ok && (b.Op == lang.OpAnd || b.Op == lang.OpOr) && totalBool(b.X, s.scope, s.ints) && totalBool(b.Y, s.scope, s.ints) {
			cands = append(cands, swap{b: b})
		}
	}
	s, ok := pick(r, cands)
	if !ok {
		return false
	}
	if s.b != nil {
		s.b.X, s.b.Y = s.b.Y, s.b.X
		return true
	}
	cs := *s.c.it.clauses
	cs[s.c.k], cs[s.c.k+1] = cs[s.c.k+1], cs[s.c.k]
	return true
}

// total reports whether evaluating e cannot fail, whatever values its
// local names hold (scope: the locals, ints: those that hold ints), and
// whether its value is then a bool. Only what is certain counts: literals,
// local names, == and != of total operands, an ordering of two ints,
// membership in a literal of total elements, and and/or/not of total
// bools (spec.md 7: equality is defined between any two values).
func total(e lang.Expr, scope, ints []string) (ok, isBool bool) {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true, true
	case *lang.IntLit, *lang.StrLit:
		return true, false
	case *lang.Ident:
		return slices.Contains(scope, e.Name), false
	case *lang.TupleLit:
		return allTotal(e.Elems, scope, ints), false
	case *lang.ListLit:
		return allTotal(e.Elems, scope, ints), false
	case *lang.Unary:
		return e.Op == lang.OpNot && totalBool(e.X, scope, ints), true
	case *lang.Binary:
		x, _ := total(e.X, scope, ints)
		y, _ := total(e.Y, scope, ints)
		switch {
		case e.Op == lang.OpEq || e.Op == lang.OpNe:
			return x && y, true
		case e.Op.Ordering():
			return x && y && knownInt(e.X, ints) && knownInt(e.Y, ints), true
		case e.Op == lang.OpAnd || e.Op == lang.OpOr:
			return totalBool(e.X, scope, ints) && totalBool(e.Y, scope, ints), true
		case e.Op == lang.OpIn || e.Op == lang.OpNotIn:
			switch c := e.Y.(type) {
			case *lang.ListLit:
				return x && allTotal(c.Elems, scope, ints), true
			case *lang.TupleLit:
				return x && allTotal(c.Elems, scope, ints), true
			}
		}
	}
	return false, false
}

func totalBool(e lang.Expr, scope, ints []string) bool {
	ok, b := total(e, scope, ints)
	return ok && b
}

func allTotal(xs []lang.Expr, scope, ints []string) bool {
	for _, x := range xs {
		if ok, _ := total(x, scope, ints); !ok {
			return false
		}
	}
	return true
}

func knownInt(e lang.Expr, ints []string) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		return slices.Contains(ints, e.Name)
	}
	return false
}

// filterIn: `for x in XS if C` becomes `for x in [x for x in XS if C]`:
// the inner comprehension evaluates XS where the clause did and C with
// the same names visible, for the same x in the same order; x then takes
// the values that passed.
func filterIn(r *rand.Rand, f *lang.File) bool {
	cs := clauseSites(f, func(c clauseSite) bool {
		fc, ok := c.clause().(*lang.ForClause)
		return ok && !fc.Target.Tuple && c.k+1 < len(*c.it.clauses) && isIf((*c.it.clauses)[c.k+1])
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	fc := c.clause().(*lang.ForClause)
	x := fc.Target.Names[0].Name
	ic := (*c.it.clauses)[c.k+1]
	fc.Iter = &lang.Comp{Kind: lang.ListComp, Body: ident(x), Clauses: []lang.Clause{forClause(pattern(x), fc.Iter), ic}}
	*c.it.clauses = slices.Delete(*c.it.clauses, c.k+1, c.k+2)
	return true
}

// destructure: `for (a, b) in XS` becomes `for t in XS for (a, b) in [t]`:
// each element is unpacked as before (with the same error when it does
// not fit the pattern, spec.md 6.6).
func destructure(r *rand.Rand, f *lang.File) bool {
	cs := clauseSites(f, func(c clauseSite) bool {
		fc, ok := c.clause().(*lang.ForClause)
		return ok && fc.Target.Tuple
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	fc := c.clause().(*lang.ForClause)
	t := newNamer(f).fresh("elem")
	(*c.it.clauses)[c.k] = forClause(pattern(t), fc.Iter)
	insertClause(c.it.clauses, c.k+1, forClause(fc.Target, &lang.ListLit{Elems: []lang.Expr{ident(t)}}))
	return true
}

// rangeGuard: an end of a range as a guard. `for k in A .. B` becomes
// `for k in A .. max(A, B) if k <= B` (or `B >= k`, `not (k > B)`), or
// `for k in min(A, B) .. B if k >= A`: when A <= B the range is the
// same and the guard always true; when B < A the range is the one int
// A (or B), which the guard rejects. A or B not an int fails in max or
// min, or then in the range, as the range failed. The guard must not
// see another B: B may not use k.
func rangeGuard(r *rand.Rand, f *lang.File) bool {
	if !builtinOK(f, "max", "min") {
		return false
	}
	cs := clauseSites(f, func(c clauseSite) bool {
		_, _, ok := c.forRange()
		return ok
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	fc, rng, _ := c.forRange()
	k := fc.Target.Names[0].Name
	upper := r.IntN(2) == 0
	end := rng.Y
	if !upper {
		end = rng.X
	}
	if uses(end, k) {
		return false
	}
	var guard lang.Expr
	if upper {
		fc.Iter = bin(lang.OpRange, rng.X, call("max", clone(rng.X), rng.Y))
		guard = spellCmp(r, lang.OpLe, ident(k), clone(rng.Y))
	} else {
		fc.Iter = bin(lang.OpRange, call("min", rng.X, clone(rng.Y)), rng.Y)
		guard = spellCmp(r, lang.OpGe, ident(k), clone(rng.X))
	}
	insertClause(c.it.clauses, c.k+1, &lang.IfClause{Cond: guard})
	return true
}

// spellCmp writes x op y as itself, with its operands swapped (y >= x
// for x <= y) or negated (not (x > y)), at random.
func spellCmp(r *rand.Rand, op lang.Op, x, y lang.Expr) lang.Expr {
	switch r.IntN(3) {
	case 1:
		return bin(op.Flip(), y, x)
	case 2:
		neg, _ := op.Negate()
		return &lang.Unary{Op: lang.OpNot, X: bin(neg, x, y)}
	}
	return bin(op, x, y)
}

// tieSingleton: an expression D of a clause (or the body) that is
// evaluated whenever that clause is becomes a new name j, bound just
// before by `for j in [D]` (or {D}, (D,)): D is evaluated once at that
// place, with the same names visible, instead of inside the clause.
// When D fails, the clause would have failed too (it evaluates D
// whenever it runs); which error is reported first may change.
func tieSingleton(r *rand.Rand, f *lang.File) bool {
	var cands []*site
	for _, s := range collect(f).sites {
		if s.item == nil || s.item.table || !s.always || s.callee || !s.movable() {
			continue
		}
		switch (*s.slot).(type) {
		case *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			continue
		}
		cands = append(cands, s)
	}
	s, ok := pick(r, cands)
	if !ok {
		return false
	}
	j := newNamer(f).fresh("tie")
	d := *s.slot
	var one lang.Expr
	switch r.IntN(3) {
	case 0:
		one = &lang.ListLit{Elems: []lang.Expr{d}}
	case 1:
		one = &lang.SetLit{Elems: []lang.Expr{d}}
	default:
		one = &lang.TupleLit{Elems: []lang.Expr{d}}
	}
	*s.slot = ident(j)
	insertClause(s.item.clauses, s.at, forClause(pattern(j), one))
	return true
}

// tieRange: D = C - i (or i + C, C + i, i - C), where i is bound by an
// earlier `for i in A .. B` of the same item, becomes a new loop name j
// tied to i by an equation: `for j in C - B .. C - A if C - j == i` (or
// `if j == C - i`) just before the clause that evaluates D, and j in
// D's place. For each i in A .. B the range of j holds C - i, and the
// equation keeps exactly it. The clauses between i's and D's must not
// use i, so that D is evaluated for every i when it is for one: the
// original then computed C - B and C - A itself (at i = B and i = A),
// and the new arithmetic cannot overflow where the old did not (C - j
// is one of A .. B). Nothing between may bind the names of A and B
// again.
func tieRange(r *rand.Rand, f *lang.File) bool {
	type tie struct {
		s      *site
		i      string
		c      lang.Expr
		shape  int // 0: C - i, 1: i + C or C + i, 2: i - C
		lo, hi lang.Expr
	}
	var cands []tie
	for _, s := range collect(f).sites {
		if s.item == nil || s.item.table || !s.always || s.callee {
			continue
		}
		b, ok := (*s.slot).(*lang.Binary)
		if !ok || (b.Op != lang.OpAdd && b.Op != lang.OpSub) {
			continue
		}
		for side := range 2 {
			iv, other := b.X, b.Y
			if side == 1 {
				iv, other = b.Y, b.X
			}
			id, ok := iv.(*lang.Ident)
			if !ok || uses(other, id.Name) {
				continue
			}
			shape := 1
			switch {
			case b.Op == lang.OpSub && side == 1:
				shape = 0
			case b.Op == lang.OpSub:
				shape = 2
			}
			lo, hi, ok := rangeOf(s.item, s.at, id.Name)
			if ok {
				cands = append(cands, tie{s: s, i: id.Name, c: other, shape: shape, lo: lo, hi: hi})
			}
		}
	}
	t, ok := pick(r, cands)
	if !ok {
		return false
	}
	j := newNamer(f).fresh("tie")
	d, c := clone(*t.s.slot), t.c
	var rng, back lang.Expr
	switch t.shape {
	case 0: // j = C - i, i in lo .. hi: j in C - hi .. C - lo, and C - j == i
		rng = bin(lang.OpRange, bin(lang.OpSub, clone(c), clone(t.hi)), bin(lang.OpSub, clone(c), clone(t.lo)))
		back = bin(lang.OpSub, clone(c), ident(j))
	case 1: // j = i + C: j in lo + C .. hi + C, and j - C == i
		rng = bin(lang.OpRange, bin(lang.OpAdd, clone(t.lo), clone(c)), bin(lang.OpAdd, clone(t.hi), clone(c)))
		back = bin(lang.OpSub, ident(j), clone(c))
	default: // j = i - C: j in lo - C .. hi - C, and j + C == i
		rng = bin(lang.OpRange, bin(lang.OpSub, clone(t.lo), clone(c)), bin(lang.OpSub, clone(t.hi), clone(c)))
		back = bin(lang.OpAdd, ident(j), clone(c))
	}
	guard := pickExpr(r, bin(lang.OpEq, back, ident(t.i)), bin(lang.OpEq, ident(t.i), back), bin(lang.OpEq, ident(j), d))
	*t.s.slot = ident(j)
	insertClause(t.s.item.clauses, t.s.at, forClause(pattern(j), rng), &lang.IfClause{Cond: guard})
	return true
}

func pickExpr(r *rand.Rand, xs ...lang.Expr) lang.Expr { return xs[r.IntN(len(xs))] }

// rangeOf finds the clause of it before clause at that binds name last,
// and returns its range's ends when it is `for name in A .. B`, the
// clauses after it up to clause at do not use name, and none of the
// clauses from it up to clause at binds a name of A or B (they mean at
// clause at what they meant in the range).
func rangeOf(it *item, at int, name string) (lo, hi lang.Expr, ok bool) {
	cs := *it.clauses
	for k := at - 1; k >= 0; k-- {
		fc, isFor := cs[k].(*lang.ForClause)
		if !isFor || !slices.Contains(patternNames(fc.Target), name) {
			continue
		}
		_, rng, isRange := clauseSite{it, k}.forRange()
		if !isRange {
			return nil, nil, false
		}
		bound := clauseNames(cs[k:at])
		if usesAny(rng.X, bound) || usesAny(rng.Y, bound) {
			return nil, nil, false
		}
		for _, c := range cs[k+1 : at] {
			if clauseUses(c, name) {
				return nil, nil, false
			}
		}
		return rng.X, rng.Y, true
	}
	return nil, nil, false
}

// clauseUses reports whether the expression of clause c uses name.
func clauseUses(c lang.Clause, name string) bool {
	switch c := c.(type) {
	case *lang.ForClause:
		return uses(c.Iter, name)
	case *lang.IfClause:
		return uses(c.Cond, name)
	}
	return false
}

// splitRange: an alternative whose first clause is `for x in A .. B`
// becomes two, over A .. min(B, K) and max(A, K + 1) .. B (K a small
// literal): the two ranges are the first and the rest of A .. B, so the
// options come in the same order (and a list comprehension so spelled
// becomes the concatenation of two).
func splitRange(r *rand.Rand, f *lang.File) bool {
	if !builtinOK(f, "max", "min") {
		return false
	}
	cs := clauseSites(f, func(c clauseSite) bool {
		_, _, ok := c.forRange()
		return ok && c.k == 0 && (c.it.game != nil || c.it.comp != nil && c.it.comp.Kind == lang.ListComp)
	})
	c, ok := pick(r, cs)
	if !ok {
		return false
	}
	k := int64(r.IntN(8) - 1)
	fc, rng, _ := c.forRange()
	second := cloneClauses(*c.it.clauses)
	fc.Iter = bin(lang.OpRange, rng.X, call("min", rng.Y, intLit(k)))
	second[0].(*lang.ForClause).Iter = bin(lang.OpRange, call("max", clone(rng.X), intLit(k+1)), clone(rng.Y))
	if c.it.game != nil {
		alt := &lang.Alt{Body: clone(*c.it.body), Clauses: second}
		c.it.game.Alts = slices.Insert(c.it.game.Alts, c.it.alt+1, lang.AltNode(alt))
		return true
	}
	comp := c.it.comp
	rest := &lang.Comp{Kind: lang.ListComp, Body: clone(comp.Body), Clauses: second}
	*c.it.slot = bin(lang.OpAdd, comp, rest)
	return true
}

// iterCopy: `for x in XS` becomes `for x in [t for t in XS]`: a list of
// the elements in the order the clause took them (spec.md 8.11). Also in
// for statements (spec.md 6.6: the same order).
func iterCopy(r *rand.Rand, f *lang.File) bool {
	iters := forIters(f, false)
	it, ok := pick(r, iters)
	if !ok {
		return false
	}
	t := newNamer(f).fresh("x")
	*it = copyOf(*it, t)
	return true
}

func copyOf(xs lang.Expr, t string) lang.Expr {
	return &lang.Comp{Kind: lang.ListComp, Body: ident(t), Clauses: []lang.Clause{forClause(pattern(t), xs)}}
}

// forIters returns the iterables of the for clauses of items (not
// tables) and, unless altsOnly, of for statements; with altsOnly, only
// those of games' alternatives.
func forIters(f *lang.File, altsOnly bool) []*lang.Expr {
	var out []*lang.Expr
	for _, i := range collect(f).iters() {
		if !altsOnly || i.inGame() {
			out = append(out, i.slot)
		}
	}
	return out
}

// iterDup: a for clause of a game's alternative iterates its elements
// twice, `[t for t in XS] + [t for t in XS]`: every option comes again
// right after the run it was in, so the distinct options and the place
// of each one's first appearance do not change (spec.md 9.4: moves lists
// each distinct option once, at its first place).
func iterDup(r *rand.Rand, f *lang.File) bool {
	iters := forIters(f, true)
	it, ok := pick(r, iters)
	if !ok {
		return false
	}
	nm := newNamer(f)
	*it = bin(lang.OpAdd, copyOf(*it, nm.fresh("x")), copyOf(clone(*it), nm.fresh("x")))
	return true
}
