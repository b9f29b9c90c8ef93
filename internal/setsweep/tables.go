package setsweep

import (
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Tables. Of a loop over the set, an element of a literal or a condition
// of the if clause that reads the loop's names (and only those, literals
// and globals) is a function of the loop's element, an element of the
// set's universe: it is found for each of the universe's first 64
// elements once (the names bound to the element, as the loop binds
// them), the id of its value (noID: not in the universe) or the
// condition's truth, and read from there at each value of the loop. An
// element whose expression fails, or whose condition is not a bool, is
// marked failed: that value of the loop runs its if clause and body as
// compiled, which meet the error where they meet it. The tables are
// made again when the universe grows or a global they read is another
// value (a REPL's let made again), and when an element of the universe
// does not bind the loop's pattern of names, the loop runs as compiled.

// The marks of a table's entries besides ids (and truths 0, 1).
const (
	noID   = -1
	failed = -2
)

// tableSet is a sweep's tables: the expressions tabulated (tabs, the
// elements; preds, the conditions), the globals they read, the slots
// of the loop's names, and the tables of the universe met last.
type tableSet struct {
	tabs, preds, globals []engine.EvalFn
	slots                []int
	tuple                bool
	cur                  atomic.Pointer[tables]
}

// tables are a tableSet's for universe u when it had n elements, the
// globals read having the values globals: for each tabulated element
// and element of the universe its id (ids) and for each condition its
// truth (preds); ok false where an element does not bind the pattern.
type tables struct {
	u       *value.Universe
	n       int
	globals []value.Value
	ok      bool
	ids     [][]int32
	preds   [][]int8
}

// tables returns the tableSet of s (its loop's names in slots), or nil
// where it tabulates nothing and binds one name.
func (s *sweep) tables(c *compile.Compiler, slots []int) *tableSet {
	if len(s.tabs) == 0 && len(s.preds) == 0 && !s.cl.Target.Tuple {
		return nil
	}
	ts := &tableSet{slots: slots, tuple: s.cl.Target.Tuple}
	seen := map[*resolve.Decl]bool{}
	for _, group := range [][]lang.Expr{s.tabs, s.preds} {
		for _, x := range group {
			lang.Inspect(x, func(e lang.Expr) bool {
				if id, ok := e.(*lang.Ident); ok {
					if d := resolve.Of(id); !s.loop[d] && !seen[d] {
						seen[d] = true
						ts.globals = append(ts.globals, c.Vals.Expr(id))
					}
				}
				return true
			})
		}
	}
	for _, x := range s.tabs {
		ts.tabs = append(ts.tabs, c.Vals.Expr(x))
	}
	for _, x := range s.preds {
		ts.preds = append(ts.preds, c.Vals.Expr(x))
	}
	return ts
}

// of is the tables of universe u, made in frame fr where they are not.
func (ts *tableSet) of(fr *engine.Frame, u *value.Universe) *tables {
	if t := ts.cur.Load(); t != nil && t.u == u && t.n == u.Len() && ts.same(fr, t.globals) {
		return t
	}
	t := ts.make(fr, u)
	ts.cur.Store(t)
	return t
}

// same reports whether the globals read have the values vs.
func (ts *tableSet) same(fr *engine.Frame, vs []value.Value) bool {
	for i, g := range ts.globals {
		if v := g(fr); v.K != vs[i].K || v.N != vs[i].N || v.Ref != vs[i].Ref {
			return false
		}
	}
	return true
}

// make makes the tables of universe u in frame fr.
func (ts *tableSet) make(fr *engine.Frame, u *value.Universe) *tables {
	n := min(u.Len(), 64)
	t := &tables{u: u, n: u.Len(), ok: true}
	for _, g := range ts.globals {
		t.globals = append(t.globals, g(fr))
	}
	t.ids = make([][]int32, len(ts.tabs))
	for k := range t.ids {
		t.ids[k] = make([]int32, n)
	}
	t.preds = make([][]int8, len(ts.preds))
	for k := range t.preds {
		t.preds[k] = make([]int8, n)
	}
	for id := range n {
		x := u.Elem(id)
		if ts.tuple {
			if x.K != value.KTuple && x.K != value.KList || len(x.Elems()) != len(ts.slots) {
				t.ok = false
				return t
			}
			for i, e := range x.Elems() {
				fr.Slots[ts.slots[i]] = e
			}
		} else {
			fr.Slots[ts.slots[0]] = x
		}
		for k, f := range ts.tabs {
			v, ok := engine.Try(fr, f)
			switch j, in := u.ID(v); {
			case !ok:
				t.ids[k][id] = failed
			case !in:
				t.ids[k][id] = noID
			default:
				t.ids[k][id] = int32(j)
			}
		}
		for k, f := range ts.preds {
			v, ok := engine.Try(fr, f)
			switch {
			case !ok || v.K != value.KBool:
				t.preds[k][id] = failed
			case v.N != 0:
				t.preds[k][id] = 1
			}
		}
	}
	return t
}
