package plan

import (
	"math"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Unordered consumers. Every consumer sees the order of a query's yields
// through its errors (ir.Consumer.SeesOrder): the first error met is the
// one reported. Where no error can be met, some do not see it, nor the
// repeats of a yield; a pass that reorders the yields or repeats some
// (sorted literals, disjunctions as unions, sets as generators) asks
// unordered, which proves that no error can be met and returns the
// guard under which the proof holds:
//
//   - a set comprehension, min, max, any or all of a comprehension: every
//     clause and the yield cannot fail (safety.go: a safe int, a tuple of
//     them or a position for a set; a safe int for min and max; a safe
//     condition for any and all). The set, the least or largest int, and
//     whether one yield is true (all are) do not depend on the order of
//     the yields, nor on a repeat.
//   - the SG search (a move rule's options for SG values): it computes
//     every option's value (the mex needs them all), the missing ones in
//     the order they are met, so what it could see of the order is the
//     first error an option's computation meets, at whatever position
//     below it. closedGame proves that none meets one: every alternative
//     of the game (Env.Game), as written, cannot fail at a position whose
//     ints are within the guard, and each option it yields is a position
//     of the game itself whose arguments are within the guard again (a
//     bound of each argument from the generators' ends and the filters:
//     `g(n - s) for s in [1, 3, 4] if s <= n` yields 0 <= n - s <= n - 1).
//     From a position within the guard, every position reached is within
//     it, and its rule meets no error there (a limit of the run, memory,
//     states, time, is no error of the rule: it is met wherever the
//     computation is large, whatever its order). The value is the mex of
//     the set of the options' values.
//
// The outcome and a move's value (moves, winning, the loopy solver) read
// the options as values, in order, with their repeats (ir.MoveValues): no
// pass reorders them.
func unordered(env *Env, q *ir.Query) ([]ir.Bound, bool) {
	sf := newSafety(env, q)
	sf.Ordered = true // (the clauses in their order: the filters before one hold)
	if !sf.Conds(q.Clauses) {
		return nil, false
	}
	switch q.Consumer {
	case ir.SetComp:
		if q.Key != nil || !sf.IntOrTuple(q.Yield) && !sf.Position(q.Yield) {
			return nil, false
		}
	case ir.FoldMin, ir.FoldMax:
		if _, ok := sf.Int(q.Yield); !ok {
			return nil, false
		}
	case ir.FoldAny, ir.FoldAll:
		if !sf.Cond(q.Yield) {
			return nil, false
		}
	case ir.MoveSG:
		if !sf.Position(q.Yield) || !ownPositions(env, q.Yield) {
			return nil, false
		}
		g, ok := sf.Guard(q)
		if !ok {
			return nil, false
		}
		closed, ok := closedGame(env)
		if !ok {
			return nil, false
		}
		return ir.MergeGuards(g, closed), true
	default:
		return nil, false
	}
	return sf.Guard(q)
}

// minConst is the smallest bound of guard g (a guard with none: 1).
func minConst(g []ir.Bound) int64 {
	m := int64(1)
	for i, b := range g {
		if i == 0 || b.T < m {
			m = b.T
		}
	}
	return m
}

// ownPositions reports whether x is a position of the game whose rule is
// planned (Env.Game), or a sum of such.
func ownPositions(env *Env, x lang.Expr) bool {
	return len(ownCalls(env, x)) > 0
}

// ownCalls returns the positions of Env.Game that x is the sum of, or nil.
func ownCalls(env *Env, x lang.Expr) []*lang.Call {
	switch x := x.(type) {
	case *lang.Binary:
		if x.Op != lang.OpAdd {
			return nil
		}
		a, b := ownCalls(env, x.X), ownCalls(env, x.Y)
		if a == nil || b == nil {
			return nil
		}
		return append(a, b...)
	case *lang.Call:
		id, ok := x.Fn.(*lang.Ident)
		if !ok || env.Game == nil || resolve.Of(id) == nil || resolve.Of(id) != resolve.NameDecl(env.Game.Name) {
			return nil
		}
		if len(x.Args) != len(lang.ParamNames(env.Game.Params)) {
			return nil
		}
		return []*lang.Call{x}
	}
	return nil
}

// closedGame proves that no position of Env.Game within the guard it
// returns meets an error in its rule, and that every option of one is a
// position of the game within the guard (see unordered).
func closedGame(env *Env) ([]ir.Bound, bool) {
	if env.Game == nil {
		return nil, false
	}
	params := map[*resolve.Decl]int{}
	for i, p := range lang.ParamNames(env.Game.Params) {
		params[resolve.NameDecl(p)] = i
	}
	var (
		guard []ir.Bound
		args  []closedArg
	)
	for _, a := range env.Game.Alts {
		alt, ok := a.(*lang.Alt)
		if !ok {
			return nil, false
		}
		for _, q := range asWritten(env, alt) {
			sf := newSafety(env, q)
			sf.Ordered = true // (the clauses in their order: the filters before one hold)
			calls := ownCalls(env, q.Yield)
			if calls == nil || !sf.Conds(q.Clauses) || !sf.Position(q.Yield) {
				return nil, false
			}
			g, ok := sf.Guard(q)
			if !ok {
				return nil, false
			}
			for _, b := range g {
				if b.NonZero || b.Positive {
					// (That an option's argument is not 0 where the
					// position's is not is not proved: a division by it
					// may fail at a position reached.)
					return nil, false
				}
			}
			guard = ir.MergeGuards(guard, g)
			for _, c := range calls {
				for i, x := range c.Args {
					args = append(args, closedArg{q: q, param: i, x: x})
				}
			}
		}
	}
	// (One bound for every root: an argument passed for another
	// parameter stays within it.)
	t := minConst(guard)
	roots, ints := map[*resolve.Decl]bool{}, map[*resolve.Decl]bool{}
	lens := map[*resolve.Decl]int64{}
	for i, b := range guard {
		roots[resolve.Of(b.Root)] = true
		ints[resolve.Of(b.Root)] = b.Ints
		lens[resolve.Of(b.Root)] = b.MinLen
		guard[i].T = t
	}
	for _, a := range args {
		var p *resolve.Decl
		for d, i := range params {
			if i == a.param {
				p = d
			}
		}
		if !roots[p] {
			continue // (read by no rule as an int: any value)
		}
		if ints[p] {
			// A list root: the option's list within the guard too, as
			// long as it asks.
			if !proof.ElemsWithin(env.proofs(), a.q, a.x, t, roots, ints) || proof.MinLength(env.proofs(), a.x, lens) < lens[p] {
				return nil, false
			}
			continue
		}
		if m, ok := a.x.(*lang.Binary); ok && m.Op == lang.OpMod {
			// (E % c is at most |c| - 1 in size: the Position proof
			// says E cannot fail.)
			if c, ok := proof.IntLit(m.Y); ok && c != 0 && c != math.MinInt64 && max(c, -c)-1 <= t {
				continue
			}
			// (E % r, r a root within the guard: below |r| in size.)
			if id, ok := m.Y.(*lang.Ident); ok && roots[resolve.Of(id)] && !ints[resolve.Of(id)] {
				continue
			}
		}
		x, ok := ir.AffineOf(a.x, func(*lang.Ident) bool { return true })
		if !ok || !within(a.q, x, roots, t, true, 0) || !within(a.q, x, roots, t, false, 0) {
			return nil, false
		}
	}
	return guard, true
}

// closedArg is an argument of a position an alternative yields: the
// query it is yielded by and the parameter it is passed for.
type closedArg struct {
	q     *ir.Query
	param int
	x     lang.Expr
}

// asWritten is alternative alt lowered for the SG search, the globals it
// iterates written as the literals they hold (globalLit), and the helpers
// it iterates fused in any order (the options are the same, in another
// order and repeated: what closedGame reads of them is their arguments).
func asWritten(env *Env, alt *lang.Alt) []*ir.Query {
	q := ir.LowerAlt(alt, ir.MoveSG)
	for i, cl := range q.Clauses {
		if el, ok := cl.(*ir.Elems); ok && globalLit(el.Coll) != el.Coll {
			q.Clauses[i] = &ir.Elems{Pat: el.Pat, Coll: globalLit(el.Coll), At: el.At}
		}
	}
	qs := []*ir.Query{q}
	for depth := 0; depth < 4; depth++ {
		var next []*ir.Query
		changed := false
		for _, x := range qs {
			if out := deforestWith(env, x, setsAnyOrder); out != nil {
				next, changed = append(next, out...), true
			} else {
				next = append(next, x)
			}
		}
		qs = next
		if !changed {
			break
		}
	}
	return qs
}

// within reports whether affine x over q's variables and roots is at most
// T (up) or at least -T (not up) wherever every root is at most T in size
// (t: the guard's least bound) and q's clauses bind its variables: each
// variable, the one bound last first, is replaced by one of its bounds
// (a range's end, a literal's least or largest element, a bind's value, a
// filter comparing it), until x is over roots alone: then c + k*r with
// |k| <= 1 and c <= 0 (>= 0), or a constant at most t in size.
func within(q *ir.Query, x ir.Affine, roots map[*resolve.Decl]bool, t int64, up bool, depth int) bool {
	v, at := lastVar(q, x)
	if v == nil {
		sum := int64(0)
		for d, k := range x.Coef {
			if !roots[d] {
				return false
			}
			sum += max(k, -k)
		}
		switch {
		case sum == 0:
			return x.Const <= t && x.Const >= -t
		case sum == 1 && up:
			return x.Const <= 0
		case sum == 1:
			return x.Const >= 0
		}
		return false
	}
	if depth >= proof.MaxBoundDepth {
		return false
	}
	k := x.Coef[v]
	// x grows with v when k > 0: an upper bound of v bounds x above.
	upper := up == (k > 0)
	rest := ir.Affine{Coef: map[*resolve.Decl]int64{}, Const: x.Const}
	for d, c := range x.Coef {
		if d != v {
			rest.Coef[d] = c
		}
	}
	// x with v at bound b: within, as v is.
	atBound := func(b ir.Affine) bool {
		kb, ok1 := b.Scale(k)
		y, ok2 := rest.Add(kb, 1)
		return ok1 && ok2 && y.Coef[v] == 0 && within(q, y, roots, t, up, depth+1)
	}
	for _, b := range varBounds(q, at, v, upper) {
		if atBound(b) {
			return true
		}
	}
	// v at most E / c (c >= 1): at most max(E, 0), so x within where it
	// is at both (at least min(E, 0): the same).
	for _, e := range divBounds(q, at, upper) {
		if atBound(e) && atBound(ir.Affine{}) {
			return true
		}
	}
	return false
}

// divBounds lists E of the range end E / c (c an int literal at least 1)
// of the range clause at (its upper end, or lower), as an affine form.
func divBounds(q *ir.Query, at int, upper bool) []ir.Affine {
	r, ok := q.Clauses[at].(*ir.Range)
	if !ok {
		return nil
	}
	end := r.Lo
	if upper {
		end = r.Hi
	}
	d, ok := end.(*lang.Binary)
	if !ok || d.Op != lang.OpDiv {
		return nil
	}
	if c, ok := proof.IntLit(d.Y); !ok || c < 1 {
		return nil
	}
	e, ok := ir.AffineOf(d.X, func(*lang.Ident) bool { return true })
	if !ok {
		return nil
	}
	return []ir.Affine{e}
}

// lastVar is the variable of x that q binds last (and its clause's
// index), or nil.
func lastVar(q *ir.Query, x ir.Affine) (*resolve.Decl, int) {
	for i := len(q.Clauses) - 1; i >= 0; i-- {
		for _, n := range q.Clauses[i].Binds() {
			if d := resolve.NameDecl(n); d != nil && x.Coef[d] != 0 {
				return d, i
			}
		}
	}
	return nil, -1
}

// varBounds lists upper (or lower) bounds of variable v, bound by clause
// at of q, as affine forms.
func varBounds(q *ir.Query, at int, v *resolve.Decl, upper bool) []ir.Affine {
	any := func(*lang.Ident) bool { return true }
	var out []ir.Affine
	add := func(e lang.Expr) {
		if a, ok := ir.AffineOf(e, any); ok {
			out = append(out, a)
		}
	}
	switch cl := q.Clauses[at].(type) {
	case *ir.Range:
		end := cl.Lo
		if upper {
			end = cl.Hi
		}
		add(end)
		for _, e := range minMaxArgs(end, upper) {
			add(e) // (min(A, B) is at most A and at most B)
		}
	case *ir.Bind:
		if !cl.Pat.Tuple {
			add(cl.X)
		}
	case *ir.Elems:
		if e := partsEnd(cl.Coll, upper); e != nil {
			add(e)
		}
		if ints, ok := proof.LiteralInts(cl.Coll); ok && len(ints) > 0 && !cl.Pat.Tuple {
			m := ints[0]
			for _, x := range ints {
				if upper && x > m || !upper && x < m {
					m = x
				}
			}
			out = append(out, ir.Affine{Const: m})
		}
	}
	for _, cl := range q.Clauses[at+1:] {
		if f, ok := cl.(*ir.Filter); ok {
			out = append(out, filterBounds(f.Cond, v, upper)...)
		}
	}
	return out
}

// partsEnd is the end (upper, or lower) of the ranges of list
// comprehensions, in place and concatenated, each of which yields its
// range's variable (`[x for x in 0 .. n - 1] + [y for y in 0 .. n - 1]`)
// and whose ends are alike, or nil.
func partsEnd(coll lang.Expr, upper bool) lang.Expr {
	list, set := proof.Comps(coll)
	if len(list) == 0 || set != nil {
		return nil
	}
	var end lang.Expr
	for _, c := range list {
		q := ir.LowerComp(c, ir.ListComp)
		if len(q.Clauses) == 0 {
			return nil
		}
		r, ok := q.Clauses[0].(*ir.Range)
		if !ok || !isVar(q.Yield, resolve.NameDecl(r.Var)) {
			return nil
		}
		for _, f := range q.Clauses[1:] {
			if _, ok := f.(*ir.Filter); !ok {
				return nil
			}
		}
		e := r.Lo
		if upper {
			e = r.Hi
		}
		if end != nil && !ir.Alike(end, e) {
			return nil
		}
		end = e
	}
	return end
}

// minMaxArgs lists the ints e is the least (upper: each is above e) or
// the largest of: the arguments of the built-in min (max), or A and B of
// `if A < B then A else B` (>, as the bounds pass writes them); nil for
// another e.
func minMaxArgs(e lang.Expr, upper bool) []lang.Expr {
	switch e := e.(type) {
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		if !ok {
			return nil
		}
		if bi := resolve.BuiltinOf(id); bi != nil && !bi.Count && (bi.IntFold < 0) == upper && bi.IntFold != 0 && len(e.Args) >= 2 {
			return e.Args
		}
	case *lang.IfExpr:
		c, ok := e.Cond.(*lang.Binary)
		want := lang.OpGt
		if upper {
			want = lang.OpLt
		}
		if ok && c.Op == want && c.X == e.Then && c.Y == e.Else {
			return []lang.Expr{e.Then, e.Else}
		}
	}
	return nil
}

// filterBounds lists the upper (lower) bounds of v that condition c
// (comparisons, and of them) gives, where v's coefficient is 1 or -1.
func filterBounds(c lang.Expr, v *resolve.Decl, upper bool) []ir.Affine {
	b, ok := c.(*lang.Binary)
	if !ok {
		return nil
	}
	if b.Op == lang.OpAnd {
		return append(filterBounds(b.X, v, upper), filterBounds(b.Y, v, upper)...)
	}
	any := func(*lang.Ident) bool { return true }
	l, ok1 := ir.AffineOf(b.X, any)
	r, ok2 := ir.AffineOf(b.Y, any)
	if !ok1 || !ok2 {
		return nil
	}
	d, ok := l.Add(r, -1) // L - R
	if !ok {
		return nil
	}
	// d OP 0 as d <= hi (hasHi) and d >= lo (hasLo).
	var lo, hi int64
	hasLo, hasHi := false, false
	switch b.Op {
	case lang.OpLe:
		hasHi = true
	case lang.OpLt:
		hi, hasHi = -1, true
	case lang.OpGe:
		hasLo = true
	case lang.OpGt:
		lo, hasLo = 1, true
	case lang.OpEq:
		hasLo, hasHi = true, true
	default:
		return nil
	}
	k := d.Coef[v]
	if k != 1 && k != -1 {
		return nil
	}
	// d = k*v + rest: k*v <= hi - rest, k*v >= lo - rest.
	rest := ir.Affine{Coef: map[*resolve.Decl]int64{}, Const: d.Const}
	for x, c := range d.Coef {
		if x != v {
			rest.Coef[x] = c
		}
	}
	bound := func(e int64) (ir.Affine, bool) {
		kv, ok := rest.Scale(-1)
		if !ok {
			return kv, false
		}
		kv.Const += e      // (|e| <= 1 and |rest.Const| fits: AffineOf keeps it small enough)
		return kv.Scale(k) // v = k * (k*v)
	}
	var out []ir.Affine
	// An upper bound of v: from k*v <= hi - rest when k = 1, from
	// k*v >= lo - rest when k = -1.
	switch {
	case upper && k == 1 && hasHi, !upper && k == -1 && hasHi:
		if a, ok := bound(hi); ok {
			out = append(out, a)
		}
	case upper && k == -1 && hasLo, !upper && k == 1 && hasLo:
		if a, ok := bound(lo); ok {
			out = append(out, a)
		}
	}
	return out
}
