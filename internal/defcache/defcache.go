// Package defcache owns the values of def calls kept by their arguments
// (the pass defcache). A helper that builds a collection from small ints,
//
//	def near(v) = [(v[0] + dr, v[1] + dc) for (dr, dc) in STEPS if ...]
//	game geo(v, seen) moves geo(u, seen | {u}) for u in near(v) if u not in seen
//
// is called once a position with the same few arguments; its body is the
// same computation each time. A call of such a def is compiled here to
// look its value up by its arguments first, in a table of the thread's
// for that call, and to run the call as compiled (inlined or not) only
// when the table lacks them.
//
// What is kept, so that nothing but the time changes:
//
//   - the call is one resolve.MemoCall takes: the def's body builds
//     something with a comprehension (else it is cheaper than a lookup),
//     reads only its locals, globals (lets) and pure built-ins, calls no
//     def or game, and uses its parameters as ints or pairs; each
//     argument is written with names, int literals, tuples, elements at
//     literal indexes and + - * of those (evaluated again by the call as
//     compiled, it counts no step and fails where it failed); at run
//     time each is an int or a tuple of two ints, within 2^19;
//   - a value is kept only when the call returned one (an error is met
//     again), with the steps it counted; a value found adds those steps,
//     and where a check of the limits would fall among them, or the call
//     would nest past the depth or stack bounds, the call runs instead, so
//     that the limits stop a run where they would;
//   - the values of the globals the body reads are compared with those
//     the table was filled under at each call: a later let of one (the
//     REPL, a script's second let) empties it.
package defcache

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Calls compiles the calls of compiler c whose values are kept.
type Calls struct{ c *compile.Compiler }

// New returns the kept calls of compiler c.
func New(c *compile.Compiler) *Calls { return &Calls{c} }

// maxEntries bounds the values one call keeps on a thread, and
// maxBytes (about) those all calls keep on a thread: each stops adding
// when full.
const (
	maxEntries = 1 << 14
	maxBytes   = 32 << 20
)

// argBits is the size of an int of a key: an argument's ints are within
// -2^(argBits-1) .. 2^(argBits-1)-1.
const argBits = 20

// DefCall compiles call e of the def of binding b, whose call as compiled
// is plain, to keep its values by its arguments; nil where it does not
// apply (see the package's doc).
func (k *Calls) DefCall(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn {
	c := k.c
	fn := b.Fn
	if !c.On(passes.DefCache) || fn == nil || len(e.Args) != len(fn.Params) {
		return nil
	}
	globals, ok := resolve.MemoCall(fn, e.Args)
	if !ok {
		return nil
	}
	args := make([]engine.EvalFn, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.Vals.Expr(a)
	}
	c.Fired(passes.DefCache)
	c.Note(fmt.Sprintf("the call of %s at line %d: its values kept by its arguments (small ints and pairs of them), computed once each", fn.FName, e.Pos.Line))
	site := &site{b: b, globals: globals, cost: int64(fn.Cost)}
	return func(fr *engine.Frame) value.Value {
		key, used, ok := uint64(0), 0, true
		for i, a := range args {
			if key, used, ok = pack(key, used, i, a(fr)); !ok {
				return plain(fr)
			}
		}
		th := fr.Th
		t := site.table(th)
		if x, hit := t.vals[key]; hit {
			if th.Steps+x.steps < th.CheckAt && th.Depth < th.Limits.MaxDepth && th.Stack+site.cost <= th.MaxStack {
				th.Steps += x.steps
				return x.v
			}
			return plain(fr)
		}
		s0 := th.Steps
		v := plain(fr)
		if n := 64 + 64*int64(value.Count(v)); len(t.vals) < maxEntries && t.all.bytes+n <= maxBytes {
			t.vals[key] = kept{v, th.Steps - s0}
			t.all.bytes += n
		}
		return v
	}
}

// site is one call compiled: the globals its def reads (slots), and the
// call's own cost on the stack.
type site struct {
	b       *engine.Binding
	globals []int
	cost    int64
}

// kept is a value kept and the steps its call counted.
type kept struct {
	v     value.Value
	steps int64
}

// table is what one call keeps on a thread: its values by key, and the
// def and the values of the globals they were computed under.
type table struct {
	all     *tables
	vals    map[uint64]kept
	fn      *engine.Func
	globals []value.Value
}

// tables are a thread's (engine.Thread.Defs), and about the bytes
// they keep.
type tables struct {
	of    map[*site]*table
	bytes int64
}

// table is the site's table on thread th, emptied when a global it
// reads changed, or the def (a REPL's declaration: a call not inlined
// calls the def of the name when it runs).
func (s *site) table(th *engine.Thread) *table {
	ts, _ := th.Defs.(*tables)
	if ts == nil {
		ts = &tables{of: map[*site]*table{}}
		th.Defs = ts
	}
	t := ts.of[s]
	if t == nil {
		t = &table{all: ts, vals: map[uint64]kept{}, globals: make([]value.Value, len(s.globals))}
		ts.of[s] = t
		t.snap(th, s)
		return t
	}
	changed := t.fn != s.b.Fn
	for i, slot := range s.globals {
		changed = changed || !same(global(th, slot), t.globals[i])
	}
	if changed {
		clear(t.vals)
		t.snap(th, s)
	}
	return t
}

// snap records the def and the values of the globals s reads.
func (t *table) snap(th *engine.Thread, s *site) {
	t.fn = s.b.Fn
	for i, slot := range s.globals {
		t.globals[i] = global(th, slot)
	}
}

// global is the value in slot of th's globals (None before its let).
func global(th *engine.Thread, slot int) value.Value {
	if slot < len(th.Globals) {
		return th.Globals[slot]
	}
	return value.None
}

// same reports whether a and b are the same value: equal ints, bools and
// nimbers, or the same object (values are immutable); a kind it cannot
// tell counts as changed.
func same(a, b value.Value) bool {
	if a.K != b.K || a.N != b.N {
		return false
	}
	switch x := a.Ref.(type) {
	case nil:
		return b.Ref == nil
	case *value.Seq:
		y, ok := b.Ref.(*value.Seq)
		return ok && x == y
	case *value.Set:
		y, ok := b.Ref.(*value.Set)
		return ok && x == y
	case *value.Map:
		y, ok := b.Ref.(*value.Map)
		return ok && x == y
	case *string:
		y, ok := b.Ref.(*string)
		return ok && x == y
	}
	return false
}

// pack adds argument i, v, to key, which holds used ints: an int (kind
// bit 0) or a tuple of two ints (kind bit 1), each int within argBits
// bits, three ints at most; false for anything else.
func pack(key uint64, used, i int, v value.Value) (uint64, int, bool) {
	var ns [2]int64
	n := 0
	switch v.K {
	case value.KInt:
		ns[0], n = v.N, 1
	case value.KTuple:
		es := v.Elems()
		if len(es) != 2 || es[0].K != value.KInt || es[1].K != value.KInt {
			return 0, 0, false
		}
		ns[0], ns[1], n = es[0].N, es[1].N, 2
		key |= 1 << (3*argBits + i)
	default:
		return 0, 0, false
	}
	if used+n > 3 {
		return 0, 0, false
	}
	for j := range n {
		x := ns[j] + 1<<(argBits-1)
		if x < 0 || x >= 1<<argBits {
			return 0, 0, false
		}
		key |= uint64(x) << (argBits * (used + j))
	}
	return key, used + n, true
}
