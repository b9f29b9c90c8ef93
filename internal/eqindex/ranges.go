package eqindex

import (
	"slices"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Ranges. A loop over a range whose if clause compares a key of the
// loop's variable, read through lets, with a value that does not depend
// on it,
//
//	dag(t[3 + 2 * i]) for i in 0 .. m - 1 if t[2 + 2 * i] == v
//	[i for i in 0 .. n - 1 if P[i] == v]
//	dag(dst(i)) for i in 0 .. m - 1 if src(i) == v    (def src(i) = t[2 + 2 * i])
//
// (a key through pure defs, pureKey: the index is of the lets they read
// and of the defs as declared),
// visits only the ints whose key is the value, from an index of the
// range's ints by key, built when a run has the same range and the lets
// the key reads hold the same values as the run before it (compared by
// identity: a let made again in a for statement's body is another
// index). Exact as the lists' index is (eqindex.go): every int of the
// range had its key computed without an error.

// maxRangeIndex bounds the ints of a range an index is built for.
const maxRangeIndex = 1 << 24

// rangeIndex is a range's ints grouped by key (none: no index).
type rangeIndex struct {
	lo, hi int64
	lets   []value.Value
	none   bool
	keys   []keyed // (one an equality)
}

// keyed is ints grouped by an int or a string key: the ints of key k are
// ids[start[k-lo]:start[k-lo+1]] where the keys are dense, else in a map.
type keyed struct {
	lo    int64
	start []int32
	ids   []int64
	ints  map[int64][]int64
	strs  map[string][]int64
}

// EqRange returns, for a for clause cl over a range of one name followed
// by the if clause ifc, the function that gives the ints of the range
// a .. b that can pass ifc, ascending (ok false: every int, as written,
// always when the clause is not of that kind). slot is the name's.
func (ix *Indexes) EqRange(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) ([]int64, bool) {
	c := ix.c
	if !c.On(passes.EqIndex) || ifc == nil || cl.Target.Tuple || slot < 0 {
		return allInts
	}
	v := resolve.NameDecl(cl.Target.Names[0])
	bound := map[*resolve.Decl]bool{v: true}
	var lets []lang.Expr
	var pn *resolve.PureNames
	isKey := func(e lang.Expr) bool {
		if !masks.Plain(c, e) {
			return pureKey(c, e, []int{slot}, &pn)
		}
		good, reads := true, false
		var mine []lang.Expr
		lang.Inspect(e, func(x lang.Expr) bool {
			if id, isID := x.(*lang.Ident); isID {
				if resolve.Of(id) == v {
					reads = true
				} else if b := c.Lookup(id); b != nil && b.Kind == resolve.Global {
					mine = append(mine, id)
				} else {
					good = false
				}
			}
			return good
		})
		if good && reads {
			lets = append(lets, mine...)
		}
		return good && reads
	}
	eqs := equalities(ifc.Cond, isKey, func(e lang.Expr) bool { return masks.Plain(c, e) && !reads(e, bound) })
	if eqs == nil || len(lets) > 4 {
		if f := memberRange(c, cl, ifc); f != nil {
			return f
		}
		if f := foldRange(c, cl, ifc); f != nil {
			return f
		}
		return allInts
	}
	c.Fired(passes.EqIndex)
	c.Note(note(cl, "ints", eqs))
	keyFns, valFns := compileEqs(c, eqs)
	letFns := make([]engine.EvalFn, len(lets))
	for i, l := range lets {
		letFns[i] = c.Vals.Expr(l)
	}
	st := newPureState(pn)
	var cache, seen atomic.Pointer[rangeIndex]
	return func(fr *engine.Frame, a, b int64) ([]int64, bool) {
		if a > b || uint64(b)-uint64(a) >= maxRangeIndex { // (b - a may pass the ints)
			return nil, false
		}
		var buf [8]value.Value
		vals := buf[:0]
		for _, f := range letFns {
			lv, ok := engine.Try(fr, f)
			if !ok || !identity(lv) {
				return nil, false
			}
			vals = append(vals, lv)
		}
		vals, ok := st.values(fr, vals)
		if !ok {
			return nil, false
		}
		x := cache.Load()
		if x == nil || !x.same(a, b, vals) {
			if s := seen.Load(); s == nil || !s.same(a, b, vals) {
				seen.Store(&rangeIndex{lo: a, hi: b, lets: append([]value.Value(nil), vals...)})
				return nil, false
			}
			x = buildRange(fr, a, b, vals, slot, keyFns)
			cache.Store(x)
		}
		if x.none {
			return nil, false
		}
		return lookup(fr, x.keys, valFns)
	}
}

// allInts runs over every int of the range.
func allInts(*engine.Frame, int64, int64) ([]int64, bool) { return nil, false }

// equalities is the sides (key, value) of the equality that is ifc's
// condition or the first operand of its `and`s, or of each equality of
// an `or` of them there; a side that isKey is the key, the other one
// must be isVal (nil when they are not).
func equalities(cond lang.Expr, isKey, isVal func(lang.Expr) bool) [][2]lang.Expr {
	for {
		and, ok := cond.(*lang.Binary)
		if !ok || and.Op != lang.OpAnd {
			break
		}
		cond = and.X
	}
	var out [][2]lang.Expr
	var add func(e lang.Expr) bool
	add = func(e lang.Expr) bool {
		b, ok := e.(*lang.Binary)
		switch {
		case ok && b.Op == lang.OpOr:
			return add(b.X) && add(b.Y)
		case ok && b.Op == lang.OpAnd:
			return add(b.X) // (an and stops at its false equality)
		case !ok || b.Op != lang.OpEq:
			return false
		case isKey(b.X) && isVal(b.Y):
			out = append(out, [2]lang.Expr{b.X, b.Y})
		case isKey(b.Y) && isVal(b.X):
			out = append(out, [2]lang.Expr{b.Y, b.X})
		default:
			return false
		}
		return len(out) <= 4
	}
	if !add(cond) {
		return nil
	}
	return out
}

// identity reports whether v's identity is its kind, its int and its
// reference (a value of a let compared with ==).
func identity(v value.Value) bool {
	switch v.K {
	case value.KInt, value.KBool, value.KStr, value.KList, value.KTuple, value.KSet, value.KMap:
		return true
	}
	return false
}

// same reports whether x is the index of the range a .. b with the lets
// holding vals.
func (x *rangeIndex) same(a, b int64, vals []value.Value) bool {
	if x.lo != a || x.hi != b || len(x.lets) != len(vals) {
		return false
	}
	for i, v := range vals {
		if w := x.lets[i]; w.K != v.K || w.N != v.N || w.Ref != v.Ref {
			return false
		}
	}
	return true
}

// buildRange groups the ints of a .. b by each of their keys.
func buildRange(fr *engine.Frame, a, b int64, vals []value.Value, slot int, keyFns []engine.EvalFn) *rangeIndex {
	x := &rangeIndex{lo: a, hi: b, lets: append([]value.Value(nil), vals...)}
	for _, f := range keyFns {
		keys := make([]value.Value, 0, b-a+1)
		for i := a; ; i++ {
			fr.Slots[slot] = value.Value{K: value.KInt, N: i}
			k, ok := engine.Try(fr, f)
			if !ok || k.K != value.KInt && k.K != value.KStr || len(keys) > 0 && k.K != keys[0].K {
				x.none = true
				return x
			}
			keys = append(keys, k)
			if i == b {
				break
			}
		}
		x.keys = append(x.keys, group(keys, a))
	}
	return x
}

// group groups a + 0, a + 1, ... by keys (all ints or all strings).
func group(keys []value.Value, a int64) keyed {
	var g keyed
	if keys[0].K == value.KStr {
		g.strs = map[string][]int64{}
		for i, k := range keys {
			g.strs[k.Str()] = append(g.strs[k.Str()], a+int64(i))
		}
		return g
	}
	lo, hi := keys[0].N, keys[0].N
	for _, k := range keys {
		lo, hi = min(lo, k.N), max(hi, k.N)
	}
	if hi-lo < 0 || hi-lo >= 4*int64(len(keys))+1024 {
		g.ints = map[int64][]int64{}
		for i, k := range keys {
			g.ints[k.N] = append(g.ints[k.N], a+int64(i))
		}
		return g
	}
	// Dense keys: a counting sort (the ints of each key ascending).
	g.lo, g.start, g.ids = lo, make([]int32, hi-lo+2), make([]int64, len(keys))
	for _, k := range keys {
		g.start[k.N-lo+1]++
	}
	for i := 1; i < len(g.start); i++ {
		g.start[i] += g.start[i-1]
	}
	next := append([]int32(nil), g.start[:len(g.start)-1]...)
	for i, k := range keys {
		g.ids[next[k.N-lo]] = a + int64(i)
		next[k.N-lo]++
	}
	return g
}

// of is the ints whose key is w (none for a value of another kind).
func (g *keyed) of(w value.Value) []int64 {
	switch {
	case w.K == value.KInt && g.start != nil:
		// (The difference as unsigned: w.N - g.lo may pass the ints.)
		d := uint64(w.N) - uint64(g.lo)
		if w.N < g.lo || d >= uint64(len(g.start)-1) {
			return nil
		}
		return g.ids[g.start[d]:g.start[d+1]]
	case w.K == value.KInt && g.ints != nil:
		return g.ints[w.N]
	case w.K == value.KStr && g.strs != nil:
		return g.strs[w.Str()]
	}
	return nil
}

// pureKey reports whether e, not plain, is a key of the loop's names
// (their slots) all the same: a pure expression (resolve.PureNames:
// what it computes, the defs it calls too, asks no game for a value and
// reads nothing but lets) whose locals are some of those names, such as
// a def's call `src(i)` whose body reads a let. Its lets and defs join
// *pn's (one PureNames for the clause's keys): the index is of their
// values and of the defs as declared when it was built (pureState).
func pureKey(c *compile.Compiler, e lang.Expr, slots []int, pn **resolve.PureNames) bool {
	if *pn == nil {
		*pn = &resolve.PureNames{R: c.Resolver, Seen: map[*engine.Func]bool{}}
	}
	bound := true
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			// (A local the query binds later, such as a shared
			// value's, has no slot yet: not a key.)
			if d := resolve.Of(id); d != nil && d.Kind == resolve.Local && c.LookupHere(id) == nil {
				bound = false
			}
		}
		return bound
	})
	if !bound {
		return false
	}
	p := *pn
	locals := p.Locals
	p.Locals = nil
	ok := p.Expr(e, true, 0) && len(p.Locals) > 0 && len(p.Lets) <= 4
	for _, l := range p.Locals {
		ok = ok && slices.Contains(slots, l)
	}
	p.Locals = locals
	return ok
}

// pureState is what an index whose keys call defs (pureKey) is of: the
// lets they read and the defs they call.
type pureState struct {
	lets []int
	defs []*engine.Binding
	fns  []*engine.Func
}

func newPureState(pn *resolve.PureNames) *pureState {
	if pn == nil {
		return &pureState{}
	}
	st := &pureState{lets: pn.Lets, defs: pn.Defs}
	for _, d := range pn.Defs {
		st.fns = append(st.fns, d.Fn)
	}
	return st
}

// values appends the lets' values to vals (ok false: a let whose value
// is not compared by identity, or a def declared again since the clause
// was compiled: no index, as written).
func (st *pureState) values(fr *engine.Frame, vals []value.Value) ([]value.Value, bool) {
	for i, d := range st.defs {
		if d.Fn != st.fns[i] {
			return vals, false
		}
	}
	for _, s := range st.lets {
		lv := fr.Th.Globals[s]
		if !identity(lv) {
			return vals, false
		}
		vals = append(vals, lv)
	}
	return vals, true
}
