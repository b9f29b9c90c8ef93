package setsweep

import (
	"slices"
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
	tab2, pred2          []bool
	slots                []int
	tuple                bool
	// The outer loop's (when some entry reads its names): its slots.
	two        bool
	outer      []int
	outerTuple bool
	cur        atomic.Pointer[tables]
	// off: an evaluation counted steps (a def not inlined): the loop
	// runs as compiled.
	off atomic.Bool
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
	// keep: the elements the loop runs its if clause for, a word for each
	// outer element (one, where nothing reads it): the others meet a
	// condition false before any that fails, and make no move.
	keep []uint64
}

// tables returns the tableSet of s (its loop's names in slots), or nil
// where it tabulates nothing and binds one name.
func (s *sweep) tables(c *compile.Compiler, slots []int) *tableSet {
	if len(s.tabs) == 0 && len(s.preds) == 0 && !s.cl.Target.Tuple {
		return nil
	}
	ts := &tableSet{slots: slots, tuple: s.cl.Target.Tuple, tab2: s.tab2, pred2: s.pred2}
	for _, two := range append(slices.Clone(s.tab2), s.pred2...) {
		ts.two = ts.two || two
	}
	if ts.two {
		for _, n := range s.outer.Target.Names {
			ts.outer = append(ts.outer, c.Var(n).Slot)
		}
		ts.outerTuple = s.outer.Target.Tuple
	}
	seen := map[*resolve.Decl]bool{}
	for _, group := range [][]lang.Expr{s.tabs, s.preds} {
		for _, x := range group {
			lang.Inspect(x, func(e lang.Expr) bool {
				if id, ok := e.(*lang.Ident); ok {
					if d := resolve.Of(id); d.Kind == resolve.Global && !seen[d] {
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
		// (Compiled as the if clause compiles its conditions: the same
		// calls inlined, the same steps counted.)
		f := c.Ints.Cond(x, "an if clause's condition")
		ts.preds = append(ts.preds, func(fr *engine.Frame) value.Value { return value.Bool(f(fr)) })
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
	t := &tables{u: u, n: u.Len(), ok: !ts.off.Load()}
	if !t.ok {
		return t
	}
	for _, g := range ts.globals {
		t.globals = append(t.globals, g(fr))
	}
	size := func(two bool) int {
		if two {
			return 64 * n
		}
		return n
	}
	t.ids = make([][]int32, len(ts.tabs))
	for k := range t.ids {
		t.ids[k] = make([]int32, size(ts.tab2[k]))
	}
	t.preds = make([][]int8, len(ts.preds))
	for k := range t.preds {
		t.preds[k] = make([]int8, size(ts.pred2[k]))
	}
	th := fr.Th
	steps := th.Steps
	// (The outer loop's names are bound: bound again after.)
	var saved [8]value.Value
	outer := saved[:0]
	for _, sl := range ts.outer {
		outer = append(outer, fr.Slots[sl])
	}
	defer func() {
		for i, sl := range ts.outer {
			fr.Slots[sl] = outer[i]
		}
	}()
	for a := range n {
		if a > 0 && !ts.two {
			break
		}
		if ts.two && !bind(fr, u.Elem(a), ts.outer, ts.outerTuple) {
			t.ok = false
			return t
		}
		for b := range n {
			if !bind(fr, u.Elem(b), ts.slots, ts.tuple) {
				t.ok = false
				return t
			}
			for k, f := range ts.tabs {
				if a > 0 && !ts.tab2[k] {
					continue
				}
				at := entry(ts.tab2[k], 64*a, b)
				v, ok := engine.Try(fr, f)
				switch j, in := u.ID(v); {
				case !ok:
					t.ids[k][at] = failed
				case !in:
					t.ids[k][at] = noID
				default:
					t.ids[k][at] = int32(j)
				}
			}
			for k, f := range ts.preds {
				if a > 0 && !ts.pred2[k] {
					continue
				}
				at := entry(ts.pred2[k], 64*a, b)
				v, ok := engine.Try(fr, f)
				switch {
				case !ok || v.K != value.KBool:
					t.preds[k][at] = failed
				case v.N != 0:
					t.preds[k][at] = 1
				}
			}
		}
	}
	t.keep = make([]uint64, 1)
	if ts.two {
		t.keep = make([]uint64, 64)
	}
	for a := range t.keep {
		t.keep[a] = ^uint64(0)
		for b := 0; b < n && a < n; b++ {
			for k := range ts.preds {
				at := entry(ts.pred2[k], 64*a, b)
				if v := t.preds[k][at]; v != 1 {
					if v == 0 {
						t.keep[a] &^= 1 << b
					}
					break
				}
			}
		}
	}
	if th.Steps != steps {
		// (A call the compiler did not inline counted its steps: those
		// are the loop's as written, not the tables'.)
		th.Steps = steps
		ts.off.Store(true)
		t.ok = false
	}
	return t
}

// entry is the place of element b's entry in a table of one element's
// (two false) or of pairs' (a64 64 times the outer element's id).
func entry(two bool, a64, b int) int {
	if two {
		return a64 + b
	}
	return b
}

// bind binds the names of slots to element x (a pattern of names when
// tuple), or reports false where x cannot bind them.
func bind(fr *engine.Frame, x value.Value, slots []int, tuple bool) bool {
	if !tuple {
		fr.Slots[slots[0]] = x
		return true
	}
	if x.K != value.KTuple && x.K != value.KList || len(x.Elems()) != len(slots) {
		return false
	}
	for i, e := range x.Elems() {
		fr.Slots[slots[i]] = e
	}
	return true
}

// outerID is the id in u of the outer loop's element, its names bound in
// fr (false: none, or past the word).
func (ts *tableSet) outerID(fr *engine.Frame, u *value.Universe) (int, bool) {
	var x value.Value
	switch {
	case !ts.outerTuple:
		x = fr.Slots[ts.outer[0]]
	case len(ts.outer) == 2 && fr.Slots[ts.outer[0]].K == value.KInt && fr.Slots[ts.outer[1]].K == value.KInt:
		x = value.Cell(fr.Slots[ts.outer[0]].N, fr.Slots[ts.outer[1]].N)
	default:
		return 0, false // (a tuple of other elements, or a list: not made again)
	}
	id, in := u.ID(x)
	return id, in && id < 64
}
