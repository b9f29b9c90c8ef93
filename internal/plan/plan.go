// Package plan owns the planner: an ordered list of passes, one a file,
// each an exact algebraic rewrite of a query (package ir: a move rule's
// alternative or a comprehension as clauses and a yield), each switchable
// (package passes), run in order by Plan, the pass manager. A pass keeps
// the same values, the same errors at the same positions and, wherever
// the consumer sees it, the same order of yields.
//
// The passes that compute where the rule as written evaluates (a solved
// equality, a fused helper, a narrowed range) are exact only while no int
// they compute overflows: they prove it for every node under an
// assumption |n| <= T on each int they read from outside the query (its
// guard, safety.go), and the planned query runs where the guard holds,
// the query as written where it does not (Raise: two alternatives, the
// guard tested first, which cannot fail).
package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/heapsums"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/licm"
	"github.com/grundy-lang/grundy/internal/loophoist"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/numplan"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/recdef"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the passes read: what names mean where the query is
// compiled (the variant: which locals are ints) and the passes on.
type Env struct {
	R  *resolve.Resolver
	On passes.Pass
	// Packed: the variant runs only for positions with packed keys,
	// whose int arguments are at most memo.PackBits bits in size.
	Packed bool
	// Repeatable: the code evaluates to the same result each time (no
	// function written in Go is defined in the session; dedup.go).
	Repeatable bool
	// Game: the game whose rule is planned (nil: a comprehension's
	// query); what unordered.go reads of the SG search.
	Game *lang.GameStmt
	// planned: the comprehensions the inliner planned inside a query
	// (not planned again when the pass runs again on its result).
	planned map[*lang.Comp]bool
	// bodies: the defs whose comprehension bodies the inliner is
	// planning (a def that calls itself is not planned again inside).
	bodies map[*lang.DefStmt]bool
	// outer: the clauses of the queries a comprehension being planned
	// is nested in, before it (what its proofs read).
	outer []ir.Clause
	// asWritten: algebra's Env.AsWritten, kept from pass to pass.
	asWritten map[lang.Pos]bool
	// inDef: the query holds a def's body inlined (its calls nest one
	// deeper than the query: no recdefs).
	inDef bool
}

// pass is one rewrite: it returns what the query is rewritten to (one
// query, or several whose yields, one after the other, are its yields),
// or nil where it does not apply.
type pass struct {
	bit passes.Pass
	run func(env *Env, q *ir.Query) []*ir.Query
}

// one is a pass that rewrites a query to one query.
func one(f func(env *Env, q *ir.Query) *ir.Query) func(env *Env, q *ir.Query) []*ir.Query {
	return func(env *Env, q *ir.Query) []*ir.Query {
		if out := f(env, q); out != nil {
			return []*ir.Query{out}
		}
		return nil
	}
}

// order is the planner's passes, in the order they run (set by init:
// the inliner plans the comprehensions inside a query).
var order []pass

func init() { order = passList() }

func passList() []pass {
	return []pass{
		{passes.RecDefs, one(recdefs)},
		{passes.Inline, one(inline)},
		{passes.Zips, one(zips)},
		{passes.Deforest, one(enumerates)},
		{passes.Deforest, one(rangeCalls)},
		// (A bind first: `for t in {if C then [0] else []} for p in t`.)
		{passes.Deforest, one(binds)},
		{passes.Deforest, one(condGen)},
		{passes.Deforest, deforest},
		{passes.Deforest, one(choices)},
		{passes.Inline, one(inline)}, // (again: calls whose arguments the passes above made safe)
		{passes.Algebra, one(rules)},
		{passes.Algebra, unroll},
		{passes.Algebra, one(indexLoops)},
		{passes.Unordered, unorderedSets},
		{passes.Deforest, one(binds)},
		{passes.Algebra, one(rules)}, // (a sorted pair's bind's)
		{passes.Bounds, one(conds)},
		{passes.Algebra, one(pairs)},
		{passes.Algebra, piecewise},
		{passes.Algebra, invariant},
		{passes.Bounds, one(conjunctions)}, // (a def's filter's: each conjunct a disjunction)
		{passes.Disjunctions, disjunctions},
		{passes.Equalities, one(equalities)},
		{passes.Equalities, one(membership)},
		{passes.Bounds, one(conjunctions)},
		{passes.Bounds, one(negations)},
		{passes.Bounds, one(implied)},
		{passes.Bounds, one(hoist)},
		{passes.Bounds, one(squares)},
		{passes.Bounds, one(divisors)},
		{passes.Bounds, one(modulo)},
		{passes.Bounds, one(binds)}, // (modulo's)
		{passes.Bounds, one(bounds)},
		{passes.Unordered, one(sortLits)},
		{passes.ConstSets, one(constSets)},
		{passes.ConstSets, one(sortedColls)},
		{passes.ConstSets, one(literalRuns)},
		{passes.Shared, one(shared)},
		{passes.Shared, one(copies)},
		{passes.Hoist, one(loopHoist)},
		{passes.HeapSums, one(heapSums)},
		{passes.LICM, one(licmHoist)},
	}
}

// Result is a query as planned.
type Result struct {
	// Planned is what it is after the passes: one query, or several
	// whose yields, in order, are its yields; each has the guard of all.
	Planned []*ir.Query
	Fired   passes.Pass // the passes that changed it
	// GuardHolds: the guard holds wherever the variant runs (Env.Packed):
	// it is not tested, and the rule as written is not needed.
	GuardHolds bool
}

// String prints the planned queries: the guard, then each query, "then"
// between two.
func (r Result) String() string {
	var b strings.Builder
	for i, q := range r.Planned {
		s := q.String()
		if i > 0 {
			b.WriteString("\nthen\n")
			for strings.HasPrefix(s, "guard ") {
				s = s[strings.IndexByte(s, '\n')+1:]
			}
		}
		b.WriteString(s)
	}
	return b.String()
}

// Plan runs the passes on q in order, each as long as it changes a
// query.
func Plan(env *Env, q *ir.Query) Result {
	res := Result{Planned: []*ir.Query{q}}
	for _, p := range order {
		if env.On&p.bit == 0 {
			continue
		}
		var next []*ir.Query
		for _, x := range res.Planned {
			next = append(next, res.apply(env, p, x, 0)...)
		}
		res.Planned = next
	}
	if env.On&passes.Dedup != 0 {
		if qs, ok := dedup(env, res.Planned); ok {
			res.Planned, res.Fired = qs, res.Fired|passes.Dedup
		}
	}
	if len(res.Planned) > 1 {
		var g []ir.Bound
		for _, x := range res.Planned {
			g = ir.MergeGuards(g, x.Guard)
		}
		for i, x := range res.Planned {
			res.Planned[i] = x.Clone()
			res.Planned[i].Guard = g
		}
	}
	return res
}

// apply runs pass p on q as long as it changes it (depth: how many
// times it did).
func (res *Result) apply(env *Env, p pass, q *ir.Query, depth int) []*ir.Query {
	if depth >= 16 {
		return []*ir.Query{q}
	}
	out := p.run(env, q)
	if out == nil {
		return []*ir.Query{q}
	}
	res.Fired |= p.bit
	var all []*ir.Query
	for _, x := range out {
		all = append(all, res.apply(env, p, x, depth+1)...)
	}
	return all
}

// Alts plans a move rule's alternative for consumer k and raises it: the
// alternative itself when no pass changed it; otherwise the planned ones,
// and when they have a guard, first the planned ones behind the guard and
// then alt behind the guard's negation (the guard holds or not: the
// alternatives yield what alt would, in the order it would).
func Alts(env *Env, alt *lang.Alt, k ir.Consumer) ([]*lang.Alt, Result) {
	res := Plan(env, ir.LowerAlt(alt, k))
	if res.Fired == 0 {
		return []*lang.Alt{alt}, res
	}
	var out []*lang.Alt
	guard := res.Planned[0].Guard
	if env.Packed {
		// (The bounds that hold are not tested: a global's stays.)
		var left []ir.Bound
		for _, b := range guard {
			if !holds(env, []ir.Bound{b}) {
				left = append(left, b)
			}
		}
		guard, res.GuardHolds = left, len(left) == 0
	}
	for _, q := range res.Planned {
		planned := ir.RaiseAlt(q)
		if len(guard) > 0 {
			planned.Clauses = append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: guardExpr(env, guard, alt.Pos)}}, planned.Clauses...)
		}
		out = append(out, planned)
	}
	if len(guard) == 0 {
		return out, res
	}
	g := guardExpr(env, guard, alt.Pos)
	plain := &lang.Alt{Pos: alt.Pos, Body: alt.Body, Clauses: append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: &lang.Unary{Pos: alt.Pos, Op: lang.OpNot, X: g}}}, alt.Clauses...)}
	return append(out, plain), res
}

// holds reports whether guard g holds for every position of a packed
// key: each root is a parameter (a local from outside the query: the
// game's), at most 2^PackBits in size there, and each bound is larger.
func holds(env *Env, g []ir.Bound) bool {
	for _, b := range g {
		if bd := env.R.Lookup(b.Root); bd == nil || bd.Kind != resolve.Local || b.T < 1<<memo.PackBits || b.NonZero || b.Positive || b.Ints || b.Str {
			return false
		}
	}
	return true
}

// guardExpr is the test of guard gs (proof.GuardExpr).
func guardExpr(env *Env, gs []ir.Bound, pos lang.Pos) lang.Expr {
	return proof.GuardExpr(env.R, gs, pos)
}

// Comp plans comprehension e for consumer k (its kind's, or the fold's
// that consumes it): the planned comprehensions and the guard they run
// behind (nil: none; where the guard does not hold, e as written runs),
// or none where no pass changed e. Several are the parts of a list
// comprehension, or of a fold's, planned as a union: their
// concatenation, in order, is its list.
func Comp(env *Env, e *lang.Comp, k ir.Consumer) ([]*lang.Comp, lang.Expr, Result) {
	res := Plan(env, ir.LowerComp(e, k))
	if res.Fired == 0 || len(res.Planned) != 1 && e.Kind != lang.ListComp {
		return nil, nil, res
	}
	ps := make([]*lang.Comp, len(res.Planned))
	for i, q := range res.Planned {
		ps[i] = ir.RaiseComp(q, e.Kind)
	}
	if g := res.Planned[0].Guard; len(g) > 0 {
		return ps, guardExpr(env, g, e.Pos), res
	}
	return ps, nil, res
}

// newSafety starts the proofs of q's expressions (package proof) where
// env compiles.
// (A comprehension nested in a query: under the clauses before it.)
func newSafety(env *Env, q *ir.Query) *proof.Prover {
	if len(env.outer) > 0 {
		q = &ir.Query{Consumer: q.Consumer, Clauses: append(slices.Clip(env.outer), q.Clauses...), Yield: q.Yield, Key: q.Key, At: q.At, Guard: q.Guard}
	}
	return proof.New(env.proofs(), q)
}

// squares, divisors, modulo and conds are package numplan's rewrites.
func squares(env *Env, q *ir.Query) *ir.Query { return numplan.Squares(env.R, env.prover, q) }

func divisors(env *Env, q *ir.Query) *ir.Query { return numplan.Divisors(env.R, env.prover, q) }

func conds(env *Env, q *ir.Query) *ir.Query { return numplan.Conds(env.R, env.prover, q) }

func modulo(env *Env, q *ir.Query) *ir.Query { return numplan.Modulo(env.R, env.prover, q) }

// heapSums is package heapsums' rewrite.
func heapSums(env *Env, q *ir.Query) *ir.Query { return heapsums.Rewrite(env.R, env.Game, q) }

// conjunctions is package algebra's Conjunctions (the bounds pass's).
func conjunctions(_ *Env, q *ir.Query) *ir.Query { return algebra.Conjunctions(q) }

// rules, unroll, pairs, piecewise, indexLoops and invariant are package
// algebra's rewrites.
func rules(env *Env, q *ir.Query) *ir.Query { return algebra.Rules(env.algebra(), q) }

func zips(env *Env, q *ir.Query) *ir.Query { return algebra.Zips(env.algebra(), q) }

func unroll(env *Env, q *ir.Query) []*ir.Query { return algebra.Unroll(env.algebra(), q) }

func choices(env *Env, q *ir.Query) *ir.Query { return algebra.Choices(env.algebra(), q) }

func chains(env *Env, q *ir.Query) []*ir.Query { return algebra.Chains(env.algebra(), q) }

func literalRuns(_ *Env, q *ir.Query) *ir.Query { return algebra.Runs(q) }

// rangeCalls: not where the fast loops of ints take range calls as they
// are, nor in a comprehension outside a game's rule (a comprehension
// nested in a rule's query, an option's list, is one of the rule's).
func rangeCalls(env *Env, q *ir.Query) *ir.Query {
	if env.Packed || env.Game == nil && len(env.outer) == 0 {
		return nil
	}
	return algebra.RangeCalls(env.algebra(), q)
}

func pairs(env *Env, q *ir.Query) *ir.Query { return algebra.Pairs(env.algebra(), q) }

func piecewise(env *Env, q *ir.Query) []*ir.Query { return algebra.Piecewise(env.algebra(), q) }

func indexLoops(env *Env, q *ir.Query) *ir.Query { return algebra.IndexLoops(env.algebra(), q) }

func invariant(env *Env, q *ir.Query) []*ir.Query { return algebra.Invariant(env.algebra(), q) }

// def is env for a query that holds a def's body.
func (env *Env) def() *Env { e := *env; e.inDef = true; return &e }

// recdefs is package recdef's rewrite, of calls written in the query.
func recdefs(env *Env, q *ir.Query) *ir.Query {
	if env.inDef {
		return nil
	}
	return recdef.Rewrite(recdef.Env{R: env.R, Safety: env.prover}, q)
}

// loopHoist is package loophoist's rewrite.
func loopHoist(env *Env, q *ir.Query) *ir.Query {
	return loophoist.Rewrite(loophoist.Env{R: env.R, Safety: env.prover}, q)
}

// licmHoist is package licm's rewrite.
func licmHoist(env *Env, q *ir.Query) *ir.Query {
	return licm.Rewrite(licm.Env{Safety: env.prover}, q)
}

// prover is newSafety on env.
func (env *Env) prover(q *ir.Query) *proof.Prover { return newSafety(env, q) }

// algebra is what package algebra reads of env.
func (env *Env) algebra() algebra.Env {
	if env.asWritten == nil {
		env.asWritten = map[lang.Pos]bool{}
	}
	return algebra.Env{
		AsWritten:  env.asWritten,
		R:          env.R,
		Safety:     func(q *ir.Query) *proof.Prover { return newSafety(env, q) },
		Unordered:  func(q *ir.Query) ([]ir.Bound, bool) { return unordered(env, q) },
		Repeatable: env.Repeatable,
	}
}

// proofs is what package proof reads of env: the resolver, and a helper's
// comprehensions as fused parts are (renamed, their helpers inlined where
// the inliner is on).
func (env *Env) proofs() *proof.Ctx {
	return &proof.Ctx{R: env.R, AnyInts: env.Game == nil, Parts: func(fn *engine.Func, call *lang.Call) []*ir.Query {
		list, set := proof.Comps(fn.Decl.Body)
		var out []*ir.Query
		for _, c := range append(list, set...) {
			part := renamed(fn, call, c)
			if env.On&passes.Inline != 0 {
				if x := inline(env.def(), part); x != nil {
					part = x
				}
			}
			out = append(out, part)
		}
		return out
	}}
}

// ListGuard reports whether the plan's guard asks for a list of ints (a
// plan only the variant for other arguments than ints runs).
func (r Result) ListGuard() bool {
	if len(r.Planned) == 0 {
		return false
	}
	for _, b := range r.Planned[0].Guard {
		if d := resolve.Of(b.Root); (b.Ints || b.Str) && (!b.Coll || d != nil && d.Kind != resolve.Global) {
			return true // (a global's test does not depend on the arguments)
		}
	}
	return false
}

// Explain is what --explain prints of the plan of the alternative label
// names: the passes that changed it, the planned queries one clause a
// line, and whether its guard is tested (fallback: the alternative as
// written runs where it does not hold).
func (r Result) Explain(label string, fallback bool) []string {
	out := []string{fmt.Sprintf("%s is planned (%s) as:", label, strings.ReplaceAll(r.Fired.String(), "+", ", "))}
	for _, line := range strings.Split(r.String(), "\n") {
		out = append(out, "    "+line)
	}
	switch {
	case r.GuardHolds:
		out = append(out, "  (the guard holds for every position of int arguments: it is not tested)")
	case fallback:
		out = append(out, "  (where the guard does not hold, as written)")
	}
	return out
}
