package plan

import (
	"math"

	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/within"
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
	if g, ok := closedGameAs(env, false); ok {
		return g, true
	}
	// (Its loops over literals unrolled: an option's arguments may be
	// bounded only once the constants are written in.)
	return closedGameAs(env, true)
}

// closedGameAs is closedGame with the alternatives as asWritten makes
// them (unroll: their loops over literals unrolled).
func closedGameAs(env *Env, unroll bool) ([]ir.Bound, bool) {
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
		for _, q := range asWritten(env, alt, unroll) {
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
				if b.NonZero || b.Positive || b.Str {
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
	colls := map[*resolve.Decl]int64{}
	for i, b := range guard {
		roots[resolve.Of(b.Root)] = true
		ints[resolve.Of(b.Root)] = b.Ints
		lens[resolve.Of(b.Root)] = b.MinLen
		guard[i].T = t
		if b.Coll {
			colls[resolve.Of(b.Root)] = -t
		}
	}
	bx := &within.Box{Roots: roots, T: t, Colls: colls}
	if !closedArgs(env, bx, params, args, ints, lens) {
		if len(colls) == 0 {
			return nil, false
		}
		// (The elements of the globals iterated at least 0: `n - s`
		// for s in S, `if s <= n`, is then within n.)
		for d := range colls {
			colls[d] = 0
		}
		if !closedArgs(env, bx, params, args, ints, lens) {
			return nil, false
		}
		for i, b := range guard {
			guard[i].NonNeg = b.Coll
		}
	}
	return guard, true
}

// closedArgs reports whether each of args (of the parameters params) is
// within box bx: an int root's argument within its T, a list root's list
// of ints within it, as long as its guard asks (ints, lens).
func closedArgs(env *Env, bx *within.Box, params map[*resolve.Decl]int, args []closedArg, ints map[*resolve.Decl]bool, lens map[*resolve.Decl]int64) bool {
	roots, t := bx.Roots, bx.T
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
				return false
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
		if !withinBoth(env, bx, a.q, a.x) {
			return false
		}
	}
	return true
}

// withinBoth reports whether int e of q is within box bx both ways: an
// affine form, or the min or max of two that are.
func withinBoth(env *Env, bx *within.Box, q *ir.Query, e lang.Expr) bool {
	if _, x, y, ok := ir.MinMax(env.R, e); ok {
		return withinBoth(env, bx, q, x) && withinBoth(env, bx, q, y)
	}
	x, ok := ir.AffineOf(e, func(*lang.Ident) bool { return true })
	return ok && bx.Within(q, x, true) && bx.Within(q, x, false)
}

// closedArg is an argument of a position an alternative yields: the
// query it is yielded by and the parameter it is passed for.
type closedArg struct {
	q     *ir.Query
	param int
	x     lang.Expr
}

// asWritten is alternative alt lowered for the SG search, the globals it
// iterates written as the literals they hold (algebra.GlobalLit), and the helpers
// it iterates fused in any order (the options are the same, in another
// order and repeated: what closedGame reads of them is their arguments).
func asWritten(env *Env, alt *lang.Alt, unroll bool) []*ir.Query {
	q := ir.LowerAlt(alt, ir.MoveSG)
	for i, cl := range q.Clauses {
		if el, ok := cl.(*ir.Elems); ok && algebra.GlobalLit(el.Coll) != el.Coll {
			q.Clauses[i] = &ir.Elems{Pat: el.Pat, Coll: algebra.GlobalLit(el.Coll), At: el.At}
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
	// (Exact rewrites of each: the same options, the same errors, the
	// arguments of the options in the forms the bounds read.)
	res := &Result{}
	for _, p := range writtenPasses(unroll) {
		if env.On&p.bit == 0 {
			continue
		}
		var next []*ir.Query
		for _, x := range qs {
			next = append(next, res.apply(env, p, x, 0)...)
		}
		qs = next
	}
	return qs
}

// writtenPasses are the passes asWritten runs: defs inlined, binds
// written where read, package algebra's rules.
func writtenPasses(unroll bool) []pass {
	un := passes.Algebra
	if !unroll {
		un = 0
	}
	return []pass{
		{passes.Inline, one(inline)},
		{un, func(env *Env, q *ir.Query) []*ir.Query { return algebra.UnrollOptions(env.algebra(), q) }},
		{passes.Deforest, one(binds)},
		{passes.Algebra, one(rules)},
		{passes.Deforest, one(binds)},
		{passes.Algebra, one(rules)},
	}
}
