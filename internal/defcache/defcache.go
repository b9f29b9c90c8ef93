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
//     reads only its locals, globals (lets) and pure built-ins, and calls
//     no def or game; each argument is written with names, int literals,
//     tuples, elements at literal indexes and + - * of those (evaluated
//     again by the call as compiled, it counts no step and fails where
//     it failed); at run time the arguments' keys (value.AppendArgKey,
//     as the memo keys positions) are short: ints, pairs, short strings,
//     small sets;
//   - a call whose first 512 lookups found fewer than a quarter of their
//     values (a def of the position itself, new at each move) stops
//     keeping values on that thread;
//   - a value is kept only when the call returned one (an error is met
//     again), with the steps it counted; a value found adds those steps,
//     and where a check of the limits would fall among them, or the call
//     would nest past the depth or stack bounds, the call runs instead, so
//     that the limits stop a run where they would (where a check of the
//     limits falls among the steps and the step limit is not reached
//     there, the check is made at the call: time, cancellation and
//     memory are checked at no fixed step);
//   - the values of the globals the body reads are compared with those
//     the table was filled under at each call: a later let of one (the
//     REPL, a script's second let) empties it.
//
// A call with the same arguments as its last call on the thread (equal
// ints, the same objects: a position's long list, which no short key
// holds) finds that call's value, with its steps, however long their
// keys, also where keys do not pay. A def that calls itself keeps its
// values too, with other bounds and steps (recursive.go).
package defcache

import (
	"fmt"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Calls compiles the calls of compiler c whose values are kept; rec is
// the site of each recursive def's calls (recursive.go).
type Calls struct {
	c   *compile.Compiler
	rec map[*engine.Binding]*atomic.Pointer[recDef]
}

// New returns the kept calls of compiler c.
func New(c *compile.Compiler) *Calls { return &Calls{c: c} }

// maxEntries bounds the values one call keeps on a thread, and
// maxBytes (about) those all calls keep on a thread: each stops adding
// when full.
const (
	maxEntries = 1 << 14
	maxBytes   = 32 << 20
)

// maxKey bounds the bytes of a call's key, and tryCalls is how many
// lookups a call makes before it decides whether they pay.
const (
	maxKey   = 48
	tryCalls = 512
)

// DefCall compiles call e of the def of binding b, whose call as compiled
// is plain, to keep its values by its arguments; nil where it does not
// apply (see the package's doc).
func (k *Calls) DefCall(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn {
	c := k.c
	fn := b.Fn
	if !c.On(passes.DefCache) {
		return nil
	}
	globals, ok := resolve.MemoCall(fn, e.Args)
	if !ok {
		return k.recCall(e, b, plain)
	}
	args := make([]engine.EvalFn, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.Vals.Expr(a)
	}
	c.Fired(passes.DefCache)
	c.Note(fmt.Sprintf("the call of %s at line %d: its values kept by its arguments (of short keys; the last call's by the same objects), computed once each where that pays", fn.FName, e.Pos.Line))
	site := &site{b: b, globals: globals, cost: int64(fn.Cost)}
	pos := e.Pos
	return func(fr *engine.Frame) value.Value { return site.call(fr, args, pos, plain) }
}

// call is the call at pos, whose arguments are args and whose call as
// compiled is plain, with its value looked up first: a def's (not a
// recursive one's) called again with the same arguments as its last call
// on the thread (the same ints, the same objects: values are immutable,
// its argument L a position's list while a filter asks `e in f(L, d)`
// for each e) gives that call's value, at any length of key, also where
// keys do not pay (off).
func (site *site) call(fr *engine.Frame, args []engine.EvalFn, pos engine.Pos, plain engine.EvalFn) value.Value {
	th := fr.Th
	if site.rec {
		if th.Depth > recMaxDepth {
			return plain(fr) // (its frames would take more stack than the limits count)
		}
		return site.lookup(fr, site.table(th), args, pos, plain)
	}
	t := site.table(th)
	if t.bare {
		return plain(fr)
	}
	hit := t.lastOK && len(t.last) == len(args)
	for i, a := range args {
		if v := a(fr); hit && !same(v, t.last[i]) {
			hit = false
		}
	}
	if hit && site.fits(th, t.lastV) && th.Skip(pos, t.lastV.steps) {
		t.lastHits++
		return t.lastV.v
	}
	if t.off {
		// (Keys off, and the last call's arguments seldom the same:
		// the call as compiled from now on.)
		if t.lastTries++; t.lastTries == tryCalls && t.lastHits*16 < t.lastTries {
			t.bare = true
		}
	}
	s0 := th.Steps
	t.lastOK = false // (until this call returns)
	v := site.lookup(fr, t, args, pos, plain)
	t.last = t.last[:0]
	for _, a := range args {
		t.last = append(t.last, a(fr))
	}
	t.lastV, t.lastOK = kept{v, th.Steps - s0, nest{}}, true
	return v
}

// lookup is call with its value looked up by its arguments' key.
func (site *site) lookup(fr *engine.Frame, t *table, args []engine.EvalFn, pos engine.Pos, plain engine.EvalFn) value.Value {
	th := fr.Th
	if t.off {
		return plain(fr)
	}
	key, ok := t.key[:0], true
	var packed uint64
	small := len(args) <= 3
	for i, a := range args {
		v := a(fr)
		if i == 0 && len(args) == 1 && v.K == value.KInt && uint64(v.N) < uint64(site.maxDense()) {
			return t.byIndex(fr, site, pos, int(v.N), plain)
		}
		if small {
			if v.K == value.KInt && v.N >= -packedMax && v.N < packedMax {
				packed |= uint64(v.N+packedMax) << (packedBits * i)
				continue
			}
			// (Not all small ints: the arguments before this one by
			// key too.)
			small = false
			for _, b := range args[:i] {
				key, _ = appendKey(key, b(fr))
			}
		}
		if key, ok = appendKey(key, v); !ok {
			return plain(fr)
		}
	}
	if small {
		if len(args) == 2 {
			a, b := int64(packed&(1<<packedBits-1))-packedMax, int64(packed>>packedBits)-packedMax
			if uint64(a) < maxGrid && uint64(b) < maxGrid {
				return t.byGrid(fr, site, pos, int(a), int(b), plain)
			}
		}
		return t.byInts(fr, site, pos, packed, plain)
	}
	t.key = key
	t.count(site)
	if x, hit := t.vals[string(key)]; hit {
		t.hits++
		if site.fits(th, x) && th.Skip(pos, x.steps) {
			return x.v
		}
		return plain(fr)
	}
	k := string(key) // (a recursive call reuses t.key)
	s0 := th.Steps
	v, nest := site.run(fr, plain)
	if n := 64 + 64*int64(value.Count(v)); len(t.vals)+len(t.ints) < site.maxEntries() && t.all.bytes+n <= site.maxBytes(th) {
		t.vals[k] = kept{v, site.steps(th.Steps - s0), nest}
		t.all.bytes += n
	}
	return v
}

// packedBits is the bits of each of at most three int arguments packed
// into one key (byInts), which hold the ints in -packedMax ..
// packedMax-1.
const (
	packedBits = 21
	packedMax  = 1 << (packedBits - 1)
)

// byInts is the call whose one to three arguments are the small ints
// packed into key: its value kept in a map of such keys (what call keeps
// by the arguments' bytes otherwise).
func (t *table) byInts(fr *engine.Frame, s *site, pos engine.Pos, key uint64, plain engine.EvalFn) value.Value {
	th := fr.Th
	t.count(s)
	if t.off {
		return plain(fr)
	}
	if x, hit := t.ints[key]; hit {
		t.hits++
		if s.fits(th, x) && th.Skip(pos, x.steps) {
			return x.v
		}
		return plain(fr)
	}
	s0 := th.Steps
	v, nest := s.run(fr, plain)
	if t.ints == nil {
		t.ints = map[uint64]kept{}
	}
	if n := 64 + 64*int64(value.Count(v)); len(t.vals)+len(t.ints) < s.maxEntries() && t.all.bytes+n <= s.maxBytes(th) {
		t.ints[key] = kept{v, s.steps(th.Steps - s0), nest}
		t.all.bytes += n
	}
	return v
}

// maxGrid bounds the two int arguments whose value a call keeps by
// index (byGrid).
const maxGrid = 1 << 16

// byGrid is the call of the two ints i, j in 0 .. maxGrid-1: its value
// kept at row i, index j (rows grown as byIndex grows its one).
func (t *table) byGrid(fr *engine.Frame, s *site, pos engine.Pos, i, j int, plain engine.EvalFn) value.Value {
	th := fr.Th
	t.count(s)
	if t.off {
		return plain(fr)
	}
	if i < len(t.grid) && j < len(t.grid[i]) && t.grid[i][j].ok {
		t.hits++
		if x := t.grid[i][j]; s.fits(th, x.kept) && th.Skip(pos, x.steps) {
			return x.v
		}
		return plain(fr)
	}
	s0 := th.Steps
	v, nest := s.run(fr, plain)
	if t.off {
		return v
	}
	rows, grow := 0, 0
	if i >= len(t.grid) {
		rows = min(max(i+1, 2*len(t.grid), 16), maxGrid) - len(t.grid)
	}
	if i >= len(t.grid) || j >= len(t.grid[i]) {
		n := 0
		if i < len(t.grid) {
			n = len(t.grid[i])
		}
		grow = min(max(j+1, 2*n, 16), maxGrid) - n
	}
	if n := 64 + 64*int64(value.Count(v)) + 40*int64(grow) + 24*int64(rows); len(t.vals)+len(t.ints) < s.maxEntries() && t.all.bytes+n <= s.maxBytes(th) {
		t.grid = append(t.grid, make([][]denseSlot, rows)...)
		t.grid[i] = append(t.grid[i], make([]denseSlot, grow)...)
		t.grid[i][j] = denseSlot{kept{v, s.steps(th.Steps - s0), nest}, true}
		t.all.bytes += n
	}
	return v
}

// maxDense bounds the one int argument whose value a call keeps by index
// (table.dense), not by key.
const maxDense = 1 << 16

// count counts a lookup, and after tryCalls of them turns a call that
// found fewer than a quarter of its values off; a recursive def's
// (s.rec) only when it found none (a chain of calls): the first calls of
// a branching recursion go down it, each new, and as written it computes
// each value again and again.
func (t *table) count(s *site) {
	if t.calls++; t.calls == tryCalls && (t.hits*4 < t.calls && !s.rec || t.hits == 0) {
		// (Most calls new: the keys cost more than they save.)
		t.off = true
		clear(t.vals)
		clear(t.ints)
		t.dense, t.grid = nil, nil
	}
}

// byIndex is the call with the one int argument i, 0 <= i < maxDense: its
// value kept at index i (a filter's `isprime(p)` for p in 2 .. n, asked
// again at every position).
func (t *table) byIndex(fr *engine.Frame, s *site, pos engine.Pos, i int, plain engine.EvalFn) value.Value {
	th := fr.Th
	t.count(s)
	if i < len(t.dense) && t.dense[i].ok {
		t.hits++
		if x := t.dense[i]; s.fits(th, x.kept) && th.Skip(pos, x.steps) {
			return x.v
		}
		return plain(fr)
	}
	s0 := th.Steps
	v, nest := s.run(fr, plain)
	if t.off {
		return v
	}
	grow := 0
	if i >= len(t.dense) {
		grow = min(max(i+1, 2*len(t.dense), 64), s.maxDense()) - len(t.dense)
	}
	if n := 64 + 64*int64(value.Count(v)) + 40*int64(grow); t.all.bytes+n <= s.maxBytes(th) {
		t.dense = append(t.dense, make([]denseSlot, grow)...)
		t.dense[i] = denseSlot{kept{v, s.steps(th.Steps - s0), nest}, true}
		t.all.bytes += n
	}
	return v
}

// denseSlot is a value kept by index, if ok.
type denseSlot struct {
	kept
	ok bool
}

// site is one call compiled: the globals its def reads (slots), and the
// call's own cost on the stack; or (rec) the calls of a def that may call
// itself, compiled by one compiler (recursive.go).
type site struct {
	b       *engine.Binding
	globals []int
	cost    int64
	rec     bool
}

// kept is a value kept, the steps its call counted, and (a recursive
// def's) how deep its calls nested.
type kept struct {
	v     value.Value
	steps int64
	nest  nest
}

// nest is how much deeper than its caller a call nested, in calls and in
// their cost.
type nest struct {
	depth int
	stack int64
}

// fits reports whether the call of the value x, found, would have
// nested within the bounds: for a def's call of no def, its own level
// (the bounds are checked as it enters); for a recursive def's, the
// depth its calls reached (then noted, for the callers' own).
func (s *site) fits(th *engine.Thread, x kept) bool {
	if !s.rec {
		return th.Depth < th.Limits.MaxDepth && th.Stack+s.cost <= th.MaxStack
	}
	d, st := th.Depth+x.nest.depth, th.Stack+x.nest.stack
	if d > th.Limits.MaxDepth || st > th.MaxStack {
		return false
	}
	th.DepthHW, th.StackHW = max(th.DepthHW, d), max(th.StackHW, st)
	return true
}

// run is the call as compiled, and (a recursive def's) how deep it
// nested.
func (s *site) run(fr *engine.Frame, plain engine.EvalFn) (value.Value, nest) {
	if !s.rec {
		return plain(fr), nest{}
	}
	th := fr.Th
	hwD, hwS := th.DepthHW, th.StackHW
	d0, s0 := th.Depth, th.Stack
	th.DepthHW, th.StackHW = d0, s0
	defer func() {
		// (Also when the call fails, and a caller goes on: engine.Try.)
		th.DepthHW, th.StackHW = max(hwD, th.DepthHW), max(hwS, th.StackHW)
	}()
	v := plain(fr)
	return v, nest{th.DepthHW - d0, th.StackHW - s0}
}

// table is what one call keeps on a thread: its values by key, and the
// def and the values of the globals they were computed under.
type table struct {
	all   *tables
	vals  map[string]kept
	ints  map[uint64]kept // the values of a call of small int arguments (byInts)
	dense []denseSlot     // the values of a call of one int argument, by index
	grid  [][]denseSlot   // the values of a call of two int arguments, by index (byGrid)
	key   []byte
	// calls and hits count the lookups; off: after tryCalls of them, a
	// call that found fewer than a quarter runs as compiled.
	calls, hits int
	off         bool
	fn          *engine.Func
	globals     []value.Value
	// last, lastV: the arguments of the last call that returned, and its
	// value (lastOK; not a recursive def's).
	last   []value.Value
	lastV  kept
	lastOK bool
	// lastTries and lastHits count the calls made once off, and those
	// that were the last call again; bare: too few, so that a call runs
	// as compiled.
	lastTries, lastHits int
	bare                bool
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
		t = &table{all: ts, vals: map[string]kept{}, globals: make([]value.Value, len(s.globals))}
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
		clear(t.ints)
		t.dense, t.grid, t.lastOK = nil, nil, false
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

// appendKey appends to key the key of an argument v (its length, then
// value.AppendArgKey's bytes: equal keys, equal values); false when it
// is boxed or the whole key passes maxKey bytes.
func appendKey(key []byte, v value.Value) ([]byte, bool) {
	at := len(key)
	key, boxed := value.AppendArgKey(append(key, 0), v, maxKey)
	if boxed || len(key) > maxKey {
		return key, false
	}
	key[at] = byte(len(key) - at - 1)
	return key, true
}
