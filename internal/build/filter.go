package build

import (
	"math/bits"
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Set filters as masks. A set comprehension that keeps the elements of a
// set that pass its if clauses, {x for x in S if C ...}, is S's bitmap
// (small ints, cells, or ids over a universe) and a mask of the elements
// that pass: S & mask, one word operation a word. The conditions read x
// and other names; the mask of one value of those other names is kept
// (for the locals, by their values: {x for x in S if x != a}, {u for u
// in S if not (u in G[v])}, {e for e in S if e % d != 0}), so an element
// is tested once per value of them, the first time a set that holds it
// is filtered, not once per move. The test is the condition compiled as
// the general comprehension compiles it (same values, same errors): an
// element is tested only when it is in S, as the comprehension would
// test it, and in ascending order, so the first error is the one the
// comprehension meets first. The conditions may hold no call but of a
// pure built-in or a def that inlines (nothing that computes a game),
// and comprehensions of such parts (not any([x == (v[0] + dr, v[1] +
// dc) for (dr, dc) in D]): the names they bind are no names of the
// mask); the lets they read are checked at each use, and a let made
// again forgets the masks.

// filters recognizes and compiles set filters (for the builders' sets,
// and plainCond: masks.Plain).
type filters struct{ c *compile.Compiler }

// filterPlan recognizes {x for x in S if C ...}: one for clause of one
// name, if clauses after it, the body that name, and conditions of plain
// operators over names. nil otherwise.
func (fl filters) filterPlan(e *lang.Comp) *BuildPlan {
	if !fl.c.On(passes.Bitsets) || !fl.c.InFunc || len(e.Clauses) < 2 {
		return nil
	}
	cl, ok := e.Clauses[0].(*lang.ForClause)
	if !ok {
		return nil
	}
	var second *lang.Name
	if cl.Target.Tuple {
		// {(r, c) for (r, c) in S if C}: the cells of S that pass, when
		// S's elements are cells (into, pass): the same tuples.
		t, ok := e.Body.(*lang.TupleLit)
		if len(cl.Target.Names) != 2 || !ok || len(t.Elems) != 2 || !isDeclName(t.Elems[0], resolve.NameDecl(cl.Target.Names[0])) || !isDeclName(t.Elems[1], resolve.NameDecl(cl.Target.Names[1])) {
			return nil
		}
		second = cl.Target.Names[1]
	} else if body, ok := e.Body.(*lang.Ident); !ok || body.Name != cl.Target.Names[0].Name || resolve.Of(body) != resolve.NameDecl(cl.Target.Names[0]) {
		return nil
	}
	conds := make([]lang.Expr, 0, len(e.Clauses)-1)
	var own []*resolve.Decl // (its own names: not bound yet where it is recognized)
	for _, n := range cl.Target.Names {
		own = append(own, resolve.NameDecl(n))
	}
	for _, x := range e.Clauses[1:] {
		ifc, ok := x.(*lang.IfClause)
		if !ok || !purecond.Plain(fl.c, ifc.Cond, own...) {
			return nil
		}
		conds = append(conds, ifc.Cond)
	}
	return &BuildPlan{Kind: SetFilter, Expr: e, Elems: conds, Var: cl.Target.Names[0], Var2: second}
}

// plainCond reports whether e holds only literals, names of locals and
// lets, and operators: what a filter's mask may be computed from.
func (fl filters) plainCond(e lang.Expr) bool { return masks.Plain(fl.c, e) }

// filter is p when it is a set filter, or the filter it is built from.
func (p *BuildPlan) filter() *BuildPlan {
	switch {
	case p == nil:
		return nil
	case p.Kind == SetFilter:
		return p
	case p.Kind == SetOp:
		if f := p.X.filter(); f != nil {
			return f
		}
		return p.Y.filter()
	}
	return nil
}

// freeNote names the other locals a filter's conditions read ("a and
// b"; the lets are checked at each use).
func (p *BuildPlan) freeNote() string {
	var names []string
	seen := map[string]bool{p.Var.Name: true}
	if p.Var2 != nil {
		seen[p.Var2.Name] = true
	}
	bound := map[*resolve.Decl]bool{}
	for _, e := range p.Elems {
		lang.Inspect(e, func(x lang.Expr) bool {
			if c, ok := x.(*lang.Comp); ok {
				purecond.BindComp(c, bound)
			}
			if id, ok := x.(*lang.Ident); ok && !seen[id.Name] && !bound[resolve.Of(id)] && (resolve.Of(id) == nil || resolve.Of(id).Kind == resolve.Local) {
				seen[id.Name] = true
				names = append(names, id.Name)
			}
			return true
		})
	}
	if len(names) == 0 {
		return "nothing (one mask)"
	}
	return strings.Join(names, " and ")
}

// genFilter compiles plan p (filterPlan), with slow, the comprehension
// compiled as a set comprehension, for a set without a bitmap.
func (fl filters) genFilter(p *BuildPlan, slow setBuildFn) setBuildFn {
	ff := fl.genFilterFast(p, slow)
	return func(fr *engine.Frame, s *value.SetScratch) { ff.into(fr, s, ff.iter(fr)) }
}

// filterFast is a filter compiled: the value it filters (iter), what
// filters a value of it into a set scratch (into), and its masks.
type filterFast struct {
	iter         engine.EvalFn
	into         func(fr *engine.Frame, s *value.SetScratch, v value.Value)
	cache        *maskcache.Cache
	locals, lets []int
	// unequal: the values x is compared with when the filter is all
	// x != a (unequal.go); nil otherwise.
	unequal []engine.EvalFn
	pairs   bool // its elements unpacked into two names: cells only
}

// eachBit calls f with each bit set in w, ascending, or in the order of
// the ids order lists when it is not nil.
func eachBit(w []uint64, order []int32, f func(b int)) {
	if order == nil {
		for i, x := range w {
			for ; x != 0; x &= x - 1 {
				f(i*64 + bits.TrailingZeros64(x))
			}
		}
		return
	}
	any := false
	for _, x := range w {
		any = any || x != 0
	}
	if !any {
		return
	}
	for _, id := range order {
		if b := int(id); b>>6 < len(w) && w[b>>6]&(1<<(b&63)) != 0 {
			f(b)
		}
	}
}

// isDeclName reports whether e is a name that d declares.
func isDeclName(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// cellsOnly reports whether the elements of a plain scratch are all
// cells (r, c) (a filter that unpacks them yields the same tuples).
func cellsOnly(s *value.SetScratch) bool {
	switch s.Class() {
	case 1:
		return true
	case 2:
		return s.Universe().CellsOnly(s.Words())
	}
	return len(s.Words()) == 0 || s.Kind == value.SetAny
}

// pass is the bitset of the elements of v that pass the filter, into
// buf, when v is a set of ids of universe u, not empty, and the masks of
// the locals' current values know each of them: the words into would
// keep (no element tested, no step counted); false otherwise.
func (ff *filterFast) pass(fr *engine.Frame, v value.Value, u *value.Universe, buf []uint64) ([]uint64, bool) {
	vu, w, ok := value.UniWords(v)
	if !ok || vu != u || ff.pairs && !u.CellsOnly(w) {
		return nil, false
	}
	if ff.unequal != nil {
		return passUnequal(fr, ff.unequal, u, w, buf), true
	}
	ent := ff.cache.Entry(fr, 2, u, ff.locals, ff.lets)
	if ent == nil || len(ent.Known) < len(w) {
		return nil, false
	}
	if len(w) == 1 && cap(buf) > 0 {
		// (A universe of up to 64 elements: one word.)
		if w[0]&^ent.Known[0] != 0 {
			return nil, false
		}
		buf = buf[:1]
		buf[0] = w[0] & ent.Pass[0]
		return buf, true
	}
	for i, x := range w {
		if x&^ent.Known[i] != 0 {
			return nil, false
		}
		buf = append(buf, x&ent.Pass[i])
	}
	return buf, true
}

// parts compiles what a filter of plan p reads (filterPlan): its
// collection, its test of an element (binding it, a step counted), and
// the locals and lets its conditions read.
func (fl filters) parts(p *BuildPlan) (iter engine.EvalFn, test func(*engine.Frame, value.Value) bool, locals, lets []int) {
	cl := p.Expr.(*lang.Comp).Clauses[0].(*lang.ForClause)
	iter, bind := fl.c.Vals.Expr(cl.Iter), fl.c.Vals.Pattern(cl.Target)
	xslot, yslot := fl.c.Var(p.Var).Slot, -1
	if p.Var2 != nil {
		yslot = fl.c.Var(p.Var2).Slot
	}
	conds := make([]compile.BoolFn, len(p.Elems))
	for i, x := range p.Elems {
		conds[i] = fl.c.Ints.Cond(x, "an if clause's condition")
	}
	locals, lets = purecond.Names(fl.c, p.Elems, xslot, yslot)
	fl.c.Fired(passes.Bitsets)
	ipos := lang.Start(cl.Iter)
	return iter, func(fr *engine.Frame, x value.Value) bool {
		fr.Th.Tick(ipos)
		bind(fr, x)
		for _, f := range conds {
			if !f(fr) {
				return false
			}
		}
		return true
	}, locals, lets
}

// genFilterFast compiles plan p (filterPlan), with slow, the
// comprehension compiled as a set comprehension, for a set without a
// bitmap.
func (fl filters) genFilterFast(p *BuildPlan, slow setBuildFn) *filterFast {
	iter, test, locals, lets := fl.parts(p)
	cache := maskcache.New()
	into := func(fr *engine.Frame, s *value.SetScratch, v value.Value) {
		if v.K != value.KSet {
			slow(fr, s)
			return
		}
		s.Load(v)
		if !s.Plain() || p.Var2 != nil && !cellsOnly(s) {
			s.Reset()
			slow(fr, s)
			return
		}
		w := s.Words()
		var order []int32
		if u := s.Universe(); u != nil && s.Class() == 2 {
			// (Ids that do not ascend with the elements: tested in
			// the elements' order, as the comprehension tests them,
			// so that the first error is its.)
			order = u.Order()
		}
		ent := cache.Entry(fr, s.Class(), s.Universe(), locals, lets)
		if ent == nil {
			// No mask kept: each element of S tested, S's bits kept.
			// (A bit cleared once tested: each is tested once.)
			eachBit(w, order, func(b int) {
				if !test(fr, s.Elem(b)) {
					w[b>>6] &^= 1 << (b & 63)
				}
			})
			s.Keep(w)
			return
		}
		for len(ent.Known) < len(w) {
			ent.Known, ent.Pass = append(ent.Known, 0), append(ent.Pass, 0)
		}
		var buf [4]uint64
		need, any := buf[:0], false
		for i, x := range w {
			need = append(need, x&^ent.Known[i])
			any = any || need[i] != 0
		}
		if !any {
			s.Keep(ent.Pass)
			return
		}
		eachBit(need, order, func(b int) {
			if test(fr, s.Elem(b)) {
				ent.Pass[b>>6] |= 1 << (b & 63)
			}
			ent.Known[b>>6] |= 1 << (b & 63)
		})
		s.Keep(ent.Pass)
	}
	ff := &filterFast{iter: iter, into: into, cache: cache, locals: locals, lets: lets, pairs: p.Var2 != nil}
	for _, id := range unequals(p) {
		ff.unequal = append(ff.unequal, fl.c.Vals.Expr(id))
	}
	return ff
}
