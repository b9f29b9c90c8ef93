package plan

import (
	"maps"
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/algebra"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Deforestation: a generator over a list comprehension, written in place
// or the body of the def it calls (a set comprehension too, for a
// consumer that sees neither order nor repeats),
//
//	def opts(n) = [n - s for s in [1, 3, 4] if s <= n]
//	game g(n) moves g(m) for m in opts(n)
//
// is the comprehension's clauses spliced in its place, the parameters
// written as the arguments and the comprehension's names as new ones,
// then a bind of the generator's name to what it yields:
//
//	elems s' in [1, 3, 4]; filter s' <= n; bind m = n - s'; yield g(m)
//
// A body that is a union of set comprehensions (for a consumer that sees
// neither order nor repeats) or a concatenation of list comprehensions
// (for one that sees the order too when the generator is the query's
// first clause: the yields of the first part, then the second's) is
// several queries, one a part. A tuple pattern over a yielded tuple
// literal of its length (`for (x, y) in opts(a, b)` with `def opts(a, b)
// = {(a - k, b) for k in 1 .. a} | ...`) binds each name to its element.
//
// A global bound to a literal of int literals before any code of its
// file runs (`let S = [1, 3, 4]`, resolve's Decl.Lit) is that literal:
// it holds it wherever code reads it, and reading it cannot fail.
//
// The list is never built. Exact: the yields are the list's elements, in
// its order; every expression of the comprehensions and the arguments is
// safe (safety.go) under the query's guard, so neither the call nor the
// list could fail (an error inside would have named the call on its
// trace, which the fused query has no place for: those defs stay calls).
// A name bound to a yielded tuple of safe ints and read by index, `for p
// in splits(n)` and `g(p[0]) + g(p[1])`, reads the elements.
// The def is read from its declaration: it is fused wherever it stands
// in the file, before or after the game (a safe expression names nothing
// but the def's parameters, which become the arguments, the
// comprehension's own names and ints whose declarations compile alike
// anywhere: what the def's other names mean at the call does not
// matter).
func deforest(env *Env, q *ir.Query) []*ir.Query { return deforestWith(env, q, setsOrdered) }

// How deforestWith takes a set whose order setOrder does not prove.
type setMode uint8

const (
	setsOrdered   setMode = iota // not at all
	setsUnordered                // only those, for a consumer that sees no order (unordered.go)
	setsAnyOrder                 // in any order (what closedGame reads of a rule: its options)
)

// unorderedSets: a set a helper builds (or written in place) whose order
// setOrder does not prove, iterated by a consumer that sees neither the
// order nor the repeats of the yields (unordered.go),
//
//	def opts(n) = {g(n - s) for s in S if s <= n}
//	game g(n) moves p for p in opts(n)
//
// is the comprehension's clauses spliced in its place as deforest
// splices a list's: the set is never built. Exact: the yields are the
// set's elements, in another order, an element the comprehension yields
// twice yielded twice; nothing evaluated can fail (unordered proves it),
// so the consumer sees neither (the SG search computes every option).
func unorderedSets(env *Env, q *ir.Query) []*ir.Query {
	if env.On&passes.Deforest == 0 {
		return nil
	}
	return deforestWith(env, q, setsUnordered)
}

// deforestWith is deforest, with the sets of unproved order as mode says.
func deforestWith(env *Env, q *ir.Query, mode setMode) []*ir.Query {
	for i, cl := range q.Clauses {
		if out := fuseAt(env, q, i, cl, mode); out != nil {
			return out
		}
	}
	return nil
}

// fuseAt fuses the generator at clause i, or returns nil.
func fuseAt(env *Env, q *ir.Query, i int, cl ir.Clause, mode setMode) []*ir.Query {
	el, ok := cl.(*ir.Elems)
	if !ok {
		return nil
	}
	var (
		fn   *engine.Func
		call *lang.Call
		body lang.Expr
	)
	switch coll := el.Coll.(type) {
	case *lang.Call:
		if fn = proof.HelperDef(env.R, coll); fn == nil {
			return nil
		}
		call, body = coll, fn.Decl.Body
	case *lang.Comp, *lang.Binary:
		// The comprehensions written in place: a call of no def.
		call, body = &lang.Call{Pos: coll.Position()}, coll
	default:
		return nil
	}
	list, set := proof.Comps(body)
	// (The parts one after the other: the generator first; or, for a
	// consumer that sees no order, anywhere, unorderedSets.)
	inner := len(list)+len(set) > 1 && i != 0
	if inner && mode != setsUnordered {
		return nil
	}
	var parts []*ir.Query
	for _, c := range append(list, set...) {
		parts = append(parts, renamed(fn, call, c))
	}
	unsorted := false
	if set != nil {
		sorted := setOrder(env, parts)
		unsorted = sorted == nil
		if unsorted && mode == setsOrdered {
			return nil
		}
		if sorted != nil {
			parts = sorted
		}
	}
	if mode == setsUnordered && !unsorted && !inner {
		return nil // (deforest's)
	}
	// A comprehension written in place, of one part: its first
	// generator's collection (or range) is evaluated where the list
	// would be, before anything else of it, fused or not; it need not be
	// safe.
	first := fn == nil && len(parts) == 1
	if fn == nil && len(parts) > 1 && env.Repeatable {
		// The parts' first generators alike: the later ones evaluate
		// what the first evaluated where the list would be, again.
		first = true
		for _, p := range parts[1:] {
			first = first && alikeFirst(parts[0], p)
		}
	}
	out := spliceAll(env, q, i, el, call, parts, first)
	if out == nil {
		// Each part's own generators over comprehensions fused first
		// (a part over a concatenation, several), then spliced whole.
		var fused []*ir.Query
		for _, part := range parts {
			if readsBound(q.Clauses[:i], part) {
				// (Its proofs would read them as names from outside,
				// which q binds.)
				return nil
			}
			sub := deforestWith(env, part, setsOrdered)
			if sub == nil {
				sub = []*ir.Query{part}
			}
			for _, x := range sub {
				// (Its guard may read names q binds: splice proves
				// the clauses again, where q's guard is made.)
				x.Guard = nil
			}
			fused = append(fused, sub...)
		}
		if len(fused) == len(parts) {
			return nil
		}
		if out = spliceAll(env, q, i, el, call, fused, false); out == nil {
			return nil
		}
	}
	if mode == setsUnordered {
		// The set's order unproved: only for a consumer that sees it
		// not (unordered.go), each part behind the guard of all.
		for j, x := range out {
			g, ok := unordered(env, x)
			if !ok {
				return nil
			}
			out[j].Guard = g
		}
	}
	return out
}

// readsBound reports whether query x reads a name one of clauses binds.
func readsBound(clauses []ir.Clause, x *ir.Query) bool {
	exprs := []lang.Expr{x.Yield}
	for _, cl := range x.Clauses {
		switch cl := cl.(type) {
		case *ir.Range:
			exprs = append(exprs, cl.Lo, cl.Hi)
		case *ir.Elems:
			exprs = append(exprs, cl.Coll)
		case *ir.Bind:
			exprs = append(exprs, cl.X)
		case *ir.Filter:
			exprs = append(exprs, cl.Cond)
		}
	}
	for _, e := range exprs {
		if ir.BindsRead(clauses, e) {
			return true
		}
	}
	return false
}

// alikeFirst reports whether queries a and b start with generators alike
// but for the names they bind (the same range, the same collection).
func alikeFirst(a, b *ir.Query) bool {
	if len(a.Clauses) == 0 || len(b.Clauses) == 0 {
		return false
	}
	switch x := a.Clauses[0].(type) {
	case *ir.Range:
		y, ok := b.Clauses[0].(*ir.Range)
		return ok && ir.Alike(x.Lo, y.Lo) && ir.Alike(x.Hi, y.Hi)
	case *ir.Elems:
		y, ok := b.Clauses[0].(*ir.Elems)
		return ok && ir.Alike(x.Coll, y.Coll)
	}
	return false
}

// spliceAll splices each of parts in place of generator el (splice), or
// returns nil.
func spliceAll(env *Env, q *ir.Query, i int, el *ir.Elems, call *lang.Call, parts []*ir.Query, first bool) []*ir.Query {
	var out []*ir.Query
	for _, part := range parts {
		x := splice(env, q, i, el, call, part, first)
		if x == nil {
			return nil
		}
		out = append(out, x)
	}
	return out
}

// renamed is comprehension comp of def fn as a query, its parameters
// written as call's arguments and its own names as new ones (fn nil: a
// comprehension written in place, call a stand-in without arguments).
func renamed(fn *engine.Func, call *lang.Call, comp *lang.Comp) *ir.Query {
	index := map[*resolve.Decl]int{}
	if fn != nil {
		index = resolve.ParamIndex(fn)
	}
	args := append([]lang.Expr(nil), call.Args...)
	inner := ir.LowerComp(comp, ir.ListComp)
	for _, c := range inner.Clauses {
		for _, n := range c.Binds() {
			d := resolve.NewLocal(n.Name+"'", n.Pos) // (a name no program can write)
			index[resolve.NameDecl(n)] = len(args)
			args = append(args, &lang.Ident{Pos: n.Pos, Name: d.Name, Bind: d})
		}
	}
	sub := func(e lang.Expr) lang.Expr { return resolve.Substitute(e, index, args, nil) }
	rename := func(p *lang.Pattern) *lang.Pattern {
		out := &lang.Pattern{Pos: p.Pos, Tuple: p.Tuple}
		for _, n := range p.Names {
			id := args[index[resolve.NameDecl(n)]].(*lang.Ident)
			out.Names = append(out.Names, &lang.Name{Pos: n.Pos, Name: id.Name, Bind: id.Bind})
		}
		return out
	}
	out := &ir.Query{Consumer: ir.ListComp, Yield: sub(inner.Yield), At: inner.At}
	for _, c := range inner.Clauses {
		switch c := c.(type) {
		case *ir.Range:
			out.Clauses = append(out.Clauses, &ir.Range{Var: rename(&lang.Pattern{Names: []*lang.Name{c.Var}}).Names[0], Lo: sub(c.Lo), Hi: sub(c.Hi), At: c.At, OpPos: c.OpPos})
		case *ir.Elems:
			out.Clauses = append(out.Clauses, &ir.Elems{Pat: rename(c.Pat), Coll: algebra.GlobalLit(sub(c.Coll)), At: c.At})
		case *ir.Bind:
			out.Clauses = append(out.Clauses, &ir.Bind{Pat: rename(c.Pat), X: sub(c.X), At: c.At, Lit: c.Lit})
		case *ir.Filter:
			out.Clauses = append(out.Clauses, &ir.Filter{Cond: sub(c.Cond), At: c.At})
		}
	}
	return out
}

// splice is q with the generator el at clause i (over call) as the
// clauses of part, its name bound to what part yields, or nil. First:
// part's first generator is evaluated where the collection was (its
// ends need not be safe).
func splice(env *Env, q *ir.Query, i int, el *ir.Elems, call *lang.Call, part *ir.Query, first bool) *ir.Query {
	out := q.Clone()
	out.Clauses = append(append([]ir.Clause(nil), q.Clauses[:i]...), part.Clauses...)
	at := len(out.Clauses)
	binds := destructure(el, part.Yield, call.Pos)
	if binds == nil {
		return nil
	}
	out.Clauses = append(out.Clauses, binds...)
	out.Clauses = append(out.Clauses, q.Clauses[i+1:]...)
	if env.On&passes.Inline != 0 {
		// The helpers the comprehension calls, inlined where they
		// cannot fail (inline.go): the clauses stay as many.
		if x := inline(env.def(), out); x != nil {
			out = x
		}
	}
	// The arguments (evaluated at the call) and all the comprehension
	// evaluates must be safe.
	sf := newSafety(env, out)
	for _, a := range call.Args {
		if !sf.Arg(a) {
			return nil
		}
	}
	// (The clauses in their order: what the filters and the ranges
	// before a clause say holds there, facts.go.)
	sf.Ordered = true
	from := i
	if first && len(part.Clauses) > 0 {
		switch part.Clauses[0].(type) {
		case *ir.Range, *ir.Elems:
			from = i + 1
		}
	}
	inlineFrom := i // (the binds written where they are read: those proved safe)
	if !sf.Conds(out.Clauses[from : at+len(binds)]) {
		// A comprehension written in place whose own clauses may fail,
		// fused where nothing evaluated after them can fail and the
		// consumer meets no error (a list built, elements counted):
		// what can fail is evaluated in the same order as the list
		// would have been, so the first error met is the same.
		if !first || q.Consumer != ir.ListComp && q.Consumer != ir.FoldLen {
			return nil
		}
		sf = newSafety(env, out)
		if !sf.Conds(out.Clauses[at:]) || !sf.Arg(out.Yield) && !sf.IntOrTuple(out.Yield) {
			return nil
		}
		inlineFrom = at
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = ir.MergeGuards(g, part.Guard)
	for j := at + len(binds) - 1; j >= inlineFrom; j-- {
		if _, ok := out.Clauses[j].(*ir.Bind); ok {
			out = inlineBind(out, j) // (safe: conds)
		}
	}
	return foldQuery(env, out)
}

// destructure binds the generator's pattern to the value x it takes: one
// bind of its name, or of each name of a tuple pattern to its element of
// a tuple or list literal of the pattern's length (which cannot fail);
// nil when the pattern does not fit x so.
func destructure(el *ir.Elems, x lang.Expr, lit lang.Pos) []ir.Clause {
	if !el.Pat.Tuple {
		return []ir.Clause{&ir.Bind{Pat: el.Pat, X: x, At: el.At, Lit: lit}}
	}
	var elems []lang.Expr
	switch x := x.(type) {
	case *lang.TupleLit:
		elems = x.Elems
	case *lang.ListLit:
		elems = x.Elems
	}
	if len(elems) != len(el.Pat.Names) || len(elems) == 0 {
		return nil
	}
	out := make([]ir.Clause, len(elems))
	for j, n := range el.Pat.Names {
		out[j] = &ir.Bind{Pat: &lang.Pattern{Pos: n.Pos, Names: []*lang.Name{n}}, X: elems[j], At: el.At, Lit: lit}
	}
	return out
}

// Set order. A set iterates its elements in ascending order, each once:
// a set comprehension fused in place of the set must yield in that order,
// without repeats (whoever consumes them sees their order: the first
// error an option's evaluation, or its position's computation, meets is
// the one reported). setOrder proves it for comprehensions of at most one
// generator, a range or a literal of ints, whose yield (an int, or a
// tuple of ints) is affine, strictly monotone in the generator's variable
// in its first element that depends on it (the elements before it do
// not): the generator then runs in the direction that makes the yields
// ascend (a range downwards as v = lo + hi - w for w upwards; a literal
// sorted, its repeats dropped, downwards as v = -w for w over the negated
// ints upwards). The parts of a union are put in order
// when each two are separated: the first element where they differ
// compares the same way for all their yields (the difference is affine in
// their variables and names both read, bounded by their generators'
// ends: `{(a - k, b) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}`
// is the first part then the second, each with k downwards).

// setPart is a part of a set in ascending order.
type setPart struct {
	q      *ir.Query
	elems  []ir.Affine // the yield's elements
	tuple  bool
	v      *resolve.Decl // the generator's variable (nil: none)
	lo, hi ir.Affine     // its bounds, when affine (known)
	known  bool
}

// setOrder returns the parts in the order of the union's elements, each
// yielding in ascending order, or nil.
func setOrder(env *Env, parts []*ir.Query) []*ir.Query {
	ps := make([]*setPart, len(parts))
	for i, p := range parts {
		if ps[i] = orderPart(env, p); ps[i] == nil {
			return nil
		}
	}
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0; j-- {
			c, ok := separated(ps[j-1], ps[j])
			if !ok {
				return nil
			}
			if c < 0 {
				break
			}
			ps[j-1], ps[j] = ps[j], ps[j-1]
		}
	}
	out := make([]*ir.Query, len(ps))
	for i, p := range ps {
		out[i] = p.q
	}
	return out
}

// orderPart is part p yielding in ascending order, or nil.
func orderPart(env *Env, p *ir.Query) *setPart {
	p = p.Clone()
	for i := len(p.Clauses) - 1; i >= 0; i-- {
		if b, ok := p.Clauses[i].(*ir.Bind); ok {
			sf := newSafety(env, p)
			if _, safe := sf.Int(b.X); !safe || b.Pat.Tuple {
				return nil
			}
			g, ok := sf.Guard(p)
			if !ok {
				return nil
			}
			p.Guard = g
			if p = inlineBind(p, i); len(p.Clauses) > i && p.Clauses[i] == ir.Clause(b) {
				return nil
			}
		}
	}
	// (What the part evaluates as written must be safe: below it is
	// rewritten.)
	sf := newSafety(env, p)
	if !sf.Conds(p.Clauses) || !proof.SafeAll(sf, tupleElems(p.Yield)) {
		return nil
	}
	g, ok := sf.Guard(p)
	if !ok {
		return nil
	}
	p.Guard = g
	gen := -1
	for i, c := range p.Clauses {
		if _, f := c.(*ir.Filter); !f {
			if gen >= 0 {
				return nil
			}
			gen = i
		}
	}
	sp := &setPart{q: p}
	if gen < 0 {
		return sp.withElems()
	}
	switch g := p.Clauses[gen].(type) {
	case *ir.Range:
		sp.v = resolve.NameDecl(g.Var)
		if sp.withElems() == nil {
			return nil
		}
		dir := sp.direction()
		if dir == 0 {
			return nil
		}
		if dir < 0 && !sp.reverse(gen, g) {
			return nil
		}
		any := func(*lang.Ident) bool { return true }
		lo, ok1 := ir.AffineOf(g.Lo, any)
		hi, ok2 := ir.AffineOf(g.Hi, any)
		sp.lo, sp.hi, sp.known = lo, hi, ok1 && ok2 && lo.Coef[sp.v] == 0 && hi.Coef[sp.v] == 0
		return sp
	case *ir.Elems:
		ints, ok := proof.LiteralInts(g.Coll)
		if !ok || g.Pat.Tuple || len(ints) == 0 {
			return nil
		}
		sp.v = resolve.NameDecl(g.Pat.Names[0])
		if sp.withElems() == nil {
			return nil
		}
		dir := sp.direction()
		if dir == 0 {
			return nil
		}
		firsts := resolve0(g.Coll)
		sorted := slices.Sorted(maps.Keys(firsts))
		if len(sorted) != len(firsts) || len(sorted) == 0 {
			return nil
		}
		sp.lo, sp.hi, sp.known = ir.Affine{Const: sorted[0]}, ir.Affine{Const: sorted[len(sorted)-1]}, true
		lit := &lang.ListLit{Pos: g.Coll.Position()}
		if dir > 0 {
			for _, v := range sorted {
				lit.Elems = append(lit.Elems, firsts[v])
			}
			p.Clauses[gen] = &ir.Elems{Pat: g.Pat, Coll: lit, At: g.At}
			return sp
		}
		// Downwards: v = -w for w over the negated ints, upwards (the
		// shape the fast loops run).
		if sorted[0] == math.MinInt64 {
			return nil
		}
		for k := len(sorted) - 1; k >= 0; k-- {
			lit.Elems = append(lit.Elems, &lang.IntLit{Pos: firsts[sorted[k]].Position(), Val: -sorted[k]})
		}
		n := g.Pat.Names[0]
		d := resolve.NewLocal(n.Name, n.Pos)
		w := &lang.Ident{Pos: n.Pos, Name: d.Name, Bind: d}
		cl := &ir.Elems{Pat: &lang.Pattern{Pos: g.Pat.Pos, Names: []*lang.Name{{Pos: n.Pos, Name: d.Name, Bind: d}}}, Coll: lit, At: g.At}
		if !sp.substitute(gen, cl, d, &lang.Unary{Pos: n.Pos, Op: lang.OpNeg, X: w}) {
			return nil
		}
		sp.lo, sp.hi = ir.Affine{Const: -sorted[len(sorted)-1]}, ir.Affine{Const: -sorted[0]}
		return sp
	}
	return nil
}

// withElems reads the yield's elements as affine forms (sp itself), or
// returns nil.
func (sp *setPart) withElems() *setPart {
	xs := []lang.Expr{sp.q.Yield}
	if t, ok := sp.q.Yield.(*lang.TupleLit); ok {
		xs, sp.tuple = t.Elems, true
	}
	any := func(*lang.Ident) bool { return true }
	sp.elems = nil
	for _, x := range xs {
		a, ok := ir.AffineOf(x, any)
		if !ok {
			return nil
		}
		sp.elems = append(sp.elems, a)
	}
	return sp
}

// direction is the sign of the variable's coefficient in the first
// element that depends on it (0: none does).
func (sp *setPart) direction() int {
	for _, a := range sp.elems {
		if c := a.Coef[sp.v]; c != 0 {
			if c > 0 {
				return 1
			}
			return -1
		}
	}
	return 0
}

// reverse runs range g (clause i) downwards: v = lo + hi - w, w upwards.
func (sp *setPart) reverse(i int, g *ir.Range) bool {
	d := resolve.NewLocal(g.Var.Name, g.Var.Pos)
	w := &lang.Ident{Pos: g.Var.Pos, Name: d.Name, Bind: d}
	at := g.OpPos
	val := &lang.Binary{Pos: at, Op: lang.OpSub, X: &lang.Binary{Pos: at, Op: lang.OpAdd, X: g.Lo, Y: g.Hi}, Y: w}
	cl := &ir.Range{Var: &lang.Name{Pos: g.Var.Pos, Name: d.Name, Bind: d}, Lo: g.Lo, Hi: g.Hi, At: g.At, OpPos: g.OpPos}
	return sp.substitute(i, cl, d, val)
}

// substitute makes cl (of variable d) clause i, and writes val (of d)
// for the variable in the filters and the yield (its elements rebuilt
// from their affine forms); the yields must then ascend in d.
func (sp *setPart) substitute(i int, cl ir.Clause, d *resolve.Decl, val lang.Expr) bool {
	index, args := map[*resolve.Decl]int{sp.v: 0}, []lang.Expr{val}
	sub := func(e lang.Expr) lang.Expr { return resolve.Substitute(e, index, args, nil) }
	q := sp.q
	q.Clauses[i] = cl
	for j, c := range q.Clauses {
		if f, ok := c.(*ir.Filter); ok {
			q.Clauses[j] = &ir.Filter{Cond: sub(f.Cond), At: f.At}
		}
	}
	names := identsOf(q.Yield)
	for k, v := range identsOf(val) {
		names[k] = v
	}
	y := sub(q.Yield)
	xs := tupleElems(y)
	out := make([]lang.Expr, len(xs))
	for k, x := range xs {
		a, ok := ir.AffineOf(x, func(*lang.Ident) bool { return true })
		if !ok {
			return false
		}
		out[k] = build(a, names, x.Position())
	}
	if t, ok := y.(*lang.TupleLit); ok {
		q.Yield = &lang.TupleLit{Pos: t.Pos, Elems: out}
	} else {
		q.Yield = out[0]
	}
	sp.v = d
	return sp.withElems() != nil && sp.direction() > 0
}

// separated compares parts a and b: -1 when every yield of a is below
// every yield of b, 1 when above; false when that is not proved.
func separated(a, b *setPart) (int, bool) {
	if a.tuple != b.tuple || len(a.elems) != len(b.elems) {
		return 0, false
	}
	for k := range a.elems {
		diff, ok := a.elems[k].Add(b.elems[k], -1)
		if !ok {
			return 0, false
		}
		if len(diff.Coef) == 0 && diff.Const == 0 {
			continue // (equal in every yield of both)
		}
		lo, hi, known := diffRange(diff, a, b)
		switch {
		case known&2 != 0 && hi < 0:
			return -1, true
		case known&1 != 0 && lo > 0:
			return 1, true
		}
		return 0, false
	}
	return 0, false // (the same yields)
}

// diffRange bounds diff, affine in the variables of parts a and b and
// in names both read, by the bounds of the variables: each variable at
// the end that makes diff smallest (lo) or largest (hi); ok has bit 1
// when lo is known (the other names cancel there), bit 2 when hi is.
func diffRange(diff ir.Affine, a, b *setPart) (lo, hi int64, ok int) {
	min, max := ir.Affine{Const: diff.Const}, ir.Affine{Const: diff.Const}
	for d, c := range diff.Coef {
		var p *setPart
		switch {
		case d == a.v && a.v != nil:
			p = a
		case d == b.v && b.v != nil:
			p = b
		default:
			min.Coef, max.Coef = addCoef(min.Coef, d, c), addCoef(max.Coef, d, c)
			continue
		}
		if !p.known {
			return 0, 0, 0
		}
		small, large := p.lo, p.hi
		if c < 0 {
			small, large = p.hi, p.lo
		}
		x, ok1 := small.Scale(c)
		y, ok2 := large.Scale(c)
		if !ok1 || !ok2 {
			return 0, 0, 0
		}
		var ok3, ok4 bool
		min, ok3 = min.Add(x, 1)
		max, ok4 = max.Add(y, 1)
		if !ok3 || !ok4 {
			return 0, 0, 0
		}
	}
	if len(min.Coef) == 0 {
		ok |= 1
	}
	if len(max.Coef) == 0 {
		ok |= 2
	}
	return min.Const, max.Const, ok
}

// addCoef adds c*d to the coefficients m (a new map).
func addCoef(m map[*resolve.Decl]int64, d *resolve.Decl, c int64) map[*resolve.Decl]int64 {
	out := maps.Clone(m)
	if out == nil {
		out = map[*resolve.Decl]int64{}
	}
	out[d] += c
	if out[d] == 0 {
		delete(out, d)
	}
	return out
}

// tupleElems is the elements of a tuple literal, or x alone.
func tupleElems(x lang.Expr) []lang.Expr {
	if t, ok := x.(*lang.TupleLit); ok {
		return t.Elems
	}
	return []lang.Expr{x}
}
