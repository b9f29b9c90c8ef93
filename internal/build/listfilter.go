package build

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/idlist"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// List filters over ids. A position of a game whose argument is a list
// comprehension that keeps the elements of a list that pass its if
// clauses, in the game's own rule,
//
//	game div(L) moves div([e for e in L if e % d != 0]) for d in L
//
// keys that argument's lists over its universe (package idlist: the ids
// of the elements, the bitset of them for a list that ascends), and the
// filter is computed on the ids: the list's ids (once per list: its
// position's), and a mask of the ids that pass kept per value of the
// other names the conditions read, as a set filter's (filter.go: the
// same recognizer, conditions and masks), so a move is a word operation
// (an ascending list: its bitset and the mask) or a pass over its ids
// in order, with no value made. Exact: an element is tested the first
// time a list that holds it is filtered with those values, in the list's
// order (the elements before it were known to pass or fail, or tested
// now), so the first error is the comprehension's; the list to filter
// is a plain expression (its value again when evaluated again); a list
// with an element the universe cannot take, a value that is not a list,
// or too many masks, is filtered by the comprehension itself.

// listOut is what a list filter gives: the key of its list over u (ok),
// or the list, built the general way.
type listOut struct {
	u     *value.Universe
	known *idlist.Known // the list the game decoded last
	key   []byte
	ok    bool
	v     value.Value
}

// listFilterFn computes a list filter into o.
type listFilterFn func(fr *engine.Frame, o *listOut)

// listFilters recognizes and compiles list filters.
type listFilters struct{ bd *Builders }

// plan recognizes [x for x in L if C ...] (filterPlan's shape, of a
// list, L plain), through defs that inline; nil otherwise.
func (lfs listFilters) plan(e lang.Expr) *BuildPlan {
	bd := lfs.bd
	if c, ok := e.(*lang.Call); ok {
		if p := lfs.sortedSet(c); p != nil {
			return p
		}
		return inlinePlan(bd, c, lang.ListComp, false, lfs.plan)
	}
	c, ok := e.(*lang.Comp)
	if !ok || c.Kind != lang.ListComp || len(c.Clauses) < 2 {
		return nil
	}
	cl, ok := c.Clauses[0].(*lang.ForClause)
	if !ok || !(filters{bd.c}).plainCond(cl.Iter) {
		return nil
	}
	sc := *c
	sc.Kind = lang.SetComp // (filterPlan reads a set comprehension)
	p := (filters{bd.c}).filterPlan(&sc)
	if p == nil {
		return nil
	}
	p.Kind, p.Expr = ListFilter, c
	return p
}

// sortedSet recognizes sorted({x for x in L if C ...}) and sorted([x for
// x in L if C ...]), L plain: where L strictly ascends and its elements
// order (all ints, strings, or tuples of ints), the filter of L as a
// list is that sorted set or list, the
// elements tested in the same order (L's), and sorted cannot fail;
// elsewhere it is evaluated as written.
func (lfs listFilters) sortedSet(call *lang.Call) *BuildPlan {
	bi := lfs.bd.c.BuiltinCallee(call)
	if bi == nil || bi.BName != "sorted" || len(call.Args) != 1 {
		return nil
	}
	c, ok := call.Args[0].(*lang.Comp)
	if !ok || c.Kind != lang.SetComp && c.Kind != lang.ListComp || len(c.Clauses) < 2 {
		return nil
	}
	if cl, ok := c.Clauses[0].(*lang.ForClause); !ok || !(filters{lfs.bd.c}).plainCond(cl.Iter) {
		return nil
	}
	sc := *c
	sc.Kind = lang.SetComp // (filterPlan reads a set comprehension)
	p := (filters{lfs.bd.c}).filterPlan(&sc)
	if p == nil || p.Var2 != nil {
		return nil
	}
	p.Kind, p.Expr, p.Sorted = ListFilter, c, call
	return p
}

// orderable reports whether elements e are all ints, all strings or all
// tuples of ints: sorted orders them without an error.
func orderable(e []value.Value) bool {
	for _, x := range e {
		if x.K != e[0].K {
			return false
		}
		switch x.K {
		case value.KInt, value.KStr:
		case value.KTuple:
			for _, y := range x.Elems() {
				if y.K != value.KInt {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// gen compiles plan p (plan).
func (lfs listFilters) gen(p *BuildPlan) listFilterFn {
	bd := lfs.bd
	if len(p.Inl) > 0 {
		return genInlined(bd, p, lfs.gen)
	}
	var slowV engine.EvalFn // (sorted({...}) as written)
	if p.Sorted != nil {
		slowV = bd.c.Vals.Expr(p.Sorted)
	}
	e := p.Expr.(*lang.Comp)
	slow := bd.genBuild(&BuildPlan{Kind: BuildComp, Expr: e, Elems: []lang.Expr{e.Body}})
	iter, test, locals, lets := (filters{bd.c}).parts(p)
	lf := &listFilter{cache: maskcache.New(), locals: locals, lets: lets, pairs: p.Var2 != nil, sortedSet: p.Sorted != nil, test: test}
	return func(fr *engine.Frame, o *listOut) {
		if o.u != nil && lf.run(fr, iter(fr), o) {
			o.ok = true
			return
		}
		if slowV != nil {
			o.v, o.ok = slowV(fr), false
			return
		}
		s := fr.Th.TakeScratch()
		slow(fr, s)
		o.v, o.ok = s.Value(), false
		fr.Th.GiveScratch(s)
	}
}

// listFilter is a list filter's state: its masks, and the ids of the
// list it filtered last (seq), which a position's moves filter again.
type listFilter struct {
	cache        *maskcache.Cache
	locals, lets []int
	test         func(fr *engine.Frame, x value.Value) bool
	seq          *value.Seq
	u            *value.Universe
	ids, out     []int32
	w, res       []uint64 // seq's bitset when its elements ascend (sorted)
	sorted       bool
	// sortedSet: the filter is sorted({...}) (BuildPlan.Sorted): it
	// runs only on a list that ascends and orderable.
	sortedSet bool
	// ordered: with sortedSet, seq's elements are orderable (worked out
	// when seq is loaded).
	ordered bool
	// pairs: its elements unpacked into two names, (r, c) in L and
	// (r, c) kept: only a list of tuples of two is filtered on its ids
	// (the tuples made are its elements again).
	pairs bool
}

// load makes lf's ids those of the list v over u; false when u cannot
// take its elements.
func (lf *listFilter) load(v value.Value, u *value.Universe, known *idlist.Known) bool {
	sq, _ := v.Ref.(*value.Seq)
	if sq == nil {
		return false
	}
	if sq == lf.seq && u == lf.u {
		return true
	}
	lf.seq = nil
	if lf.pairs && !pairsOnly(sq.Elems) {
		return false
	}
	lf.ordered = lf.sortedSet && orderable(sq.Elems)
	if w, ok := known.Bits(v, u); ok {
		lf.seq, lf.u, lf.sorted = sq, u, true
		lf.w = append(lf.w[:0], w...)
		return true
	}
	ids, ok := idlist.IDs(u, sq.Elems, lf.ids[:0])
	lf.ids = ids
	if !ok {
		return false
	}
	lf.seq, lf.u, lf.sorted = sq, u, idlist.Ascending(sq.Elems)
	if lf.sorted {
		lf.w = lf.w[:0]
		for _, id := range ids {
			for len(lf.w) <= int(id>>6) {
				lf.w = append(lf.w, 0)
			}
			lf.w[id>>6] |= 1 << (id & 63)
		}
	}
	return true
}

// pairsOnly reports whether the elements e are all tuples of two.
func pairsOnly(e []value.Value) bool {
	for _, x := range e {
		if x.K != value.KTuple || len(x.Elems()) != 2 {
			return false
		}
	}
	return true
}

// run filters the list v into o's key, when v is a list whose elements
// o's universe takes and a mask is kept for the values of the other
// names; false (nothing tested) otherwise.
func (lf *listFilter) run(fr *engine.Frame, v value.Value, o *listOut) bool {
	if v.K != value.KList || !lf.load(v, o.u, o.known) || lf.sortedSet && (!lf.sorted || !lf.ordered) {
		return false
	}
	u := o.u
	ent := lf.cache.Entry(fr, 2, u, lf.locals, lf.lets)
	if ent == nil {
		return false
	}
	for nw := (u.Len() + 63) / 64; len(ent.Known) < nw; {
		ent.Known, ent.Pass = append(ent.Known, 0), append(ent.Pass, 0)
	}
	if lf.sorted {
		// (In the elements' order, which is the list's.)
		var buf [4]uint64
		need, any := buf[:0], false
		for i, x := range lf.w {
			need = append(need, x&^ent.Known[i])
			any = any || need[i] != 0
		}
		if any {
			eachBit(need, u.Order(), func(b int) { lf.testID(fr, ent, u, b) })
		}
		lf.res = lf.res[:0]
		for i, x := range lf.w {
			lf.res = append(lf.res, x&ent.Pass[i])
		}
		o.key = idlist.AppendSorted(o.key, lf.res)
		return true
	}
	lf.out = lf.out[:0]
	for _, id := range lf.ids {
		if ent.Known[id>>6]&(1<<(id&63)) == 0 {
			lf.testID(fr, ent, u, int(id))
		}
		if ent.Pass[id>>6]&(1<<(id&63)) != 0 {
			lf.out = append(lf.out, id)
		}
	}
	o.key = idlist.AppendIDs(u, o.key, lf.out)
	return true
}

// testID tests the element of id b and notes it in ent.
func (lf *listFilter) testID(fr *engine.Frame, ent *maskcache.Entry, u *value.Universe, b int) {
	if lf.test(fr, u.Elem(b)) {
		ent.Pass[b>>6] |= 1 << (b & 63)
	}
	ent.Known[b>>6] |= 1 << (b & 63)
}

// oneListFilter is oneBuilt of a list filter over the universe of the
// game's one argument: its key made from the ids, looked up.
func oneListFilter(f listFilterFn, pos engine.Pos, b *engine.Binding) compile.SGFn {
	// (o is done with before the lookup, which may run this rule again:
	// one for the rule's runs.)
	var o listOut
	return func(fr *engine.Frame) memo.Sgv {
		g := b.Game
		o.u, o.known, o.key, o.v = g.ListUni(0), g.ListKnown(0), o.key[:0], value.Value{}
		f(fr, &o)
		if g.NArgs != 1 {
			kernel.CheckArity(pos, g, 1)
		}
		if o.ok {
			return fr.Gen.Lookup(g, g.Intern(o.key, false, nil))
		}
		key, bx := g.AppendArgAt(o.key[:0], 0, o.v)
		o.key = key
		h, r := oneRef(g, key, bx, o.v)
		return fr.Gen.Lookup(h, r)
	}
}

// appendListFilter appends the key of argument i of a position of g, a
// list filter (genComposite's), and the list when it is not keyed from
// the ids.
func appendListFilter(fr *engine.Frame, f listFilterFn, g *engine.Game, i int, key []byte) ([]byte, value.Value, bool) {
	o := listOut{u: g.ListUni(i), known: g.ListKnown(i), key: key}
	f(fr, &o)
	if o.ok {
		return o.key, value.Value{}, false
	}
	k, bx := g.AppendArgAt(o.key, i, o.v)
	return k, o.v, bx
}
