// Package eqindex owns the equality index of a for clause: a loop over
// a list followed by an if clause that compares a key of the element
// with a value that does not depend on it,
//
//	dag(b) for (a, b) in E if a == v
//	[b for (a, b) in E if a == v and b != 0]
//
// visits only the elements whose key equals the value. The list's
// elements are grouped by their key (the ascending indexes of the
// elements of each key, an int or a string: counted into one array
// where the int keys are dense, else in a map) when a run gets the same
// list as the run before it, and the runs that get that list then look
// their value up: the loop costs the matches, not the list's length (an
// edge list read with ints() and scanned at every position is
// quadratic). A run that gets another list runs as written.
//
// Exactness. The if clause still runs on each element visited (the
// condition as written: the equality, then the rest of an `and`). An
// element skipped is one whose key differs from the value: as written,
// binding it to the pattern, its key, the value and == raise no error
// there (the index was built by binding each element and computing its
// key without an error, the key reads the pattern's names only, the
// value was computed without one and reads none of them, and == never
// fails), and an `and` stops at the false equality. So the same
// elements reach the rest of the clause, in the same order. Where
// something could differ the loop runs as written: an element that does
// not bind or whose key fails or is not an int or a string (the list
// gets no index), a value that fails (that run), a list that is not the
// one indexed (it is indexed if it comes again). The key and the value
// may hold literals, names and operators only (masks.Plain): evaluating
// them again gives the same result and does nothing else.
package eqindex

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Indexes compiles the equality indexes of one compiler's for clauses.
type Indexes struct{ c *compile.Compiler }

// New returns the indexes of compiler c.
func New(c *compile.Compiler) *Indexes { return &Indexes{c} }

// ConstIter is iter, the iterable of for clause cl, kept while the lets
// it reads stay, where it reads no local (consts.go).
func (ix *Indexes) ConstIter(cl *lang.ForClause, iter engine.EvalFn) engine.EvalFn {
	return constIter(ix.c, cl, iter)
}

// index is a list's elements (their indexes) grouped by key (none: the
// list gets no index).
type index struct {
	src  any           // the list's or set's (Value.Ref)
	lets []value.Value // the values of the lets its keys read through defs (pureKey)
	none bool
	keys []keyed // (one an equality)
}

// EqFor returns, for a for clause cl followed by the if clause ifc, the
// function that gives the indexes of the elements of the collection coll
// (the clause's iterable, evaluated) that can pass ifc, ascending (ok
// false: run over every element, as written, always when the clause is
// not of that kind). bind binds an element to cl's pattern.
func (ix *Indexes) EqFor(cl *lang.ForClause, ifc *lang.IfClause, bind func(fr *engine.Frame, v value.Value)) func(fr *engine.Frame, coll value.Value) ([]int64, bool) {
	c := ix.c
	if !c.On(passes.EqIndex) || ifc == nil {
		return all
	}
	bound := map[*resolve.Decl]bool{}
	var slots []int
	for _, n := range cl.Target.Names {
		bound[resolve.NameDecl(n)] = true
		if b := c.Var(n); b != nil && b.Kind == resolve.Local {
			slots = append(slots, b.Slot)
		}
	}
	var pn *resolve.PureNames
	isKey := func(e lang.Expr) bool {
		return keyOf(c, e, bound) || len(slots) == len(cl.Target.Names) && pureKey(c, e, slots, &pn)
	}
	eqs := equalities(ifc.Cond, isKey, func(e lang.Expr) bool { return masks.Plain(c, e) && !reads(e, bound) })
	if eqs == nil {
		return sortedPrefix(c, cl, ifc) // (a bound instead: prefix.go)
	}
	c.Fired(passes.EqIndex)
	c.Note(note(cl, "elements", eqs) + setNote(cl, eqs))
	keyFns, valFns := compileEqs(c, eqs)
	st := newPureState(pn)
	var cache atomic.Pointer[index]
	var seen atomic.Pointer[source] // (the list or set of the last run not indexed)
	return func(fr *engine.Frame, coll value.Value) ([]int64, bool) {
		if coll.K != value.KList && coll.K != value.KTuple && coll.K != value.KSet {
			return nil, false
		}
		elems := coll.Elems()
		if len(elems) == 0 {
			return nil, false
		}
		var buf [4]value.Value
		lets, ok := st.values(fr, buf[:0])
		if !ok {
			return nil, false
		}
		x := cache.Load()
		if x == nil || x.src != coll.Ref || !sameVals(x.lets, lets) {
			if last := seen.Swap(&source{coll.Ref}); last == nil || last.ref != coll.Ref {
				return nil, false
			}
			x = build(fr, coll.Ref, elems, bind, keyFns)
			x.lets = append([]value.Value(nil), lets...)
			cache.Store(x)
		}
		if x.none {
			return nil, false
		}
		return lookup(fr, x.keys, valFns)
	}
}

// note is what --explain says of the index of for clause cl, over
// what (its elements, its ints) for equalities eqs.
func note(cl *lang.ForClause, what string, eqs [][2]lang.Expr) string {
	parts := make([]string, len(eqs))
	for i, eq := range eqs {
		parts[i] = lang.SExpr(eq[0]) + " is " + lang.SExpr(eq[1])
	}
	return fmt.Sprintf("the for clause at line %d visits only the %s of %s where %s, from an index by key built when a run gets what the run before it got", cl.Pos.Line, what, lang.SExpr(cl.Iter), strings.Join(parts, " or "))
}

// setNote is what the note of a for clause adds when a set in its place
// is searched by membership (EqSet): its keys are its one name.
func setNote(cl *lang.ForClause, eqs [][2]lang.Expr) string {
	for _, eq := range eqs {
		if id, ok := eq[0].(*lang.Ident); !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 || resolve.Of(id) != resolve.NameDecl(cl.Target.Names[0]) {
			return ""
		}
	}
	return " (a set: those values it holds, by membership)"
}

// compileEqs compiles the keys and the values of eqs.
func compileEqs(c *compile.Compiler, eqs [][2]lang.Expr) (keys, vals []engine.EvalFn) {
	for _, eq := range eqs {
		keys, vals = append(keys, c.Vals.Expr(eq[0])), append(vals, c.Vals.Expr(eq[1]))
	}
	return keys, vals
}

// all runs over every element.
func all(*engine.Frame, value.Value) ([]int64, bool) { return nil, false }

// keyOf reports whether e can be the key of an element: plain, reading
// names of the pattern (bound) and no other.
func keyOf(c *compile.Compiler, e lang.Expr, bound map[*resolve.Decl]bool) bool {
	if !masks.Plain(c, e) {
		return false
	}
	ok, any := true, false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, isID := x.(*lang.Ident); isID {
			if bound[resolve.Of(id)] {
				any = true
			} else {
				ok = false
			}
		}
		return ok
	})
	return ok && any
}

// reads reports whether e reads a name of bound.
func reads(e lang.Expr, bound map[*resolve.Decl]bool) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && bound[resolve.Of(id)] {
			found = true
		}
		return !found
	})
	return found
}

// source is the list or set (Value.Ref) a run got.
type source struct{ ref any }

// build groups the elements of src, elems, by each of their keys (none: an
// element that does not bind or whose key fails or is neither an int nor
// a string, or keys of both kinds).
func build(fr *engine.Frame, src any, elems []value.Value, bind func(fr *engine.Frame, v value.Value), keyFns []engine.EvalFn) *index {
	x := &index{src: src, none: true}
	if len(elems) >= 1<<30 {
		return x
	}
	keys := make([][]value.Value, len(keyFns))
	for j := range keys {
		keys[j] = make([]value.Value, len(elems))
	}
	for i, e := range elems {
		if _, ok := engine.Try(fr, func(fr *engine.Frame) value.Value { bind(fr, e); return value.Value{} }); !ok {
			return x
		}
		for j, f := range keyFns {
			k, ok := engine.Try(fr, f)
			if !ok || k.K != value.KInt && k.K != value.KStr || i > 0 && k.K != keys[j][0].K {
				return x
			}
			keys[j][i] = k
		}
	}
	x.none = false
	for _, ks := range keys {
		x.keys = append(x.keys, group(ks, 0))
	}
	return x
}

// lookup is the ints of the keys whose value is valFns' (each key's
// own), ascending, each once; ok false when a value fails.
func lookup(fr *engine.Frame, keys []keyed, valFns []engine.EvalFn) ([]int64, bool) {
	var out []int64
	for j, f := range valFns {
		w, ok := engine.Try(fr, f)
		if !ok {
			return nil, false
		}
		ids := keys[j].of(w)
		if j == 0 {
			out = ids
			continue
		}
		out = union(out, ids)
	}
	return out, true
}

// union is the ints of two ascending lists, ascending, each once.
func union(a, b []int64) []int64 {
	out := make([]int64, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return out
}

// sameVals reports whether the values of lets a and b are the same (by
// identity).
func sameVals(a, b []value.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i, v := range a {
		if w := b[i]; w.K != v.K || w.N != v.N || w.Ref != v.Ref {
			return false
		}
	}
	return true
}
