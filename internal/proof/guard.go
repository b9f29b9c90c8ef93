package proof

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The tests of a local root's bound (ints within, collection within):
// one built-in a bound, of one argument, the root (no list of arguments
// made a call), which remembers the last collection it tested (values
// are immutable: the same list, tuple or set has the same answer), so
// that a rule planned as many queries, each behind the guard, reads a
// position's list once. They cannot fail. Their names are none a program
// can write: only the planner calls them. The same bound gets the same
// built-in (its calls are the same expression, ir.Same).
type rootTest struct {
	name   string
	t, arg int64
	arity  int
}

// rootTests holds the built-in of each bound (rootTest).
var rootTests sync.Map

// lastTest is what a root's test remembers of the last collection.
type lastTest struct {
	k   value.Kind
	ref any
	ok  bool
}

// rootCall is the call of the test of bound key on root: the built-in
// made once, test its answer for a value.
func rootCall(key rootTest, doc string, root *lang.Ident, pos lang.Pos, test func(value.Value) bool) lang.Expr {
	d, ok := rootTests.Load(key)
	if !ok {
		var last atomic.Pointer[lastTest]
		of := func(x value.Value) bool {
			if x.K != value.KList && x.K != value.KTuple && x.K != value.KSet && x.K != value.KStr {
				return test(x)
			}
			if l := last.Load(); l != nil && l.k == x.K && l.ref == x.Ref {
				return l.ok
			}
			r := test(x)
			last.Store(&lastTest{k: x.K, ref: x.Ref, ok: r})
			return r
		}
		bi := &engine.Builtin{BName: key.name, MinArgs: 1, MaxArgs: 1, Pure: true, Doc: doc, Test1: of,
			Fn: func(c *engine.Call, a []value.Value) value.Value { return value.Bool(of(a[0])) }}
		d, _ = rootTests.LoadOrStore(key, &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi})
	}
	decl := d.(*resolve.Decl)
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: decl.Name, Bind: decl}, Args: []lang.Expr{root}}
}

// IntsWithin reports whether x is a list of minLen to ir.MaxLen ints,
// each at most t in size.
func IntsWithin(x value.Value, t, minLen int64) bool {
	if x.Kind() != value.KList {
		return false
	}
	if w, n, bools, _, ok := value.SeqBits(x); ok {
		return !bools && int64(n) >= minLen && (t >= 1 || w == 0 && t >= 0) // (0s and 1s, kept as bits)
	}
	es := x.Elems()
	if len(es) > ir.MaxLen || int64(len(es)) < minLen {
		return false
	}
	for _, e := range es {
		if e.Kind() != value.KInt || e.Int() > t || e.Int() < -t {
			return false
		}
	}
	return true
}

// IntsCall is the test of an Ints bound on root: whether it is a list
// of minLen to ir.MaxLen ints, each at most t in size (IntsWithin).
func IntsCall(root *lang.Ident, t, minLen int64, pos lang.Pos) lang.Expr {
	return rootCall(rootTest{"ints within", t, minLen, 0}, "the planner's guard: whether X is a list of ints each at most T in size", root, pos,
		func(x value.Value) bool { return IntsWithin(x, t, minLen) })
}

// StrCall is the test of a Str bound on root: whether it is a string of
// minLen to ir.MaxLen ASCII characters.
func StrCall(root *lang.Ident, minLen int64, pos lang.Pos) lang.Expr {
	return rootCall(rootTest{"string within", 0, minLen, 0}, "the planner's guard: whether X is a string of ASCII characters", root, pos,
		func(x value.Value) bool {
			return x.K == value.KStr && x.ASCII() && int64(len(x.Str())) >= minLen && len(x.Str()) <= ir.MaxLen
		})
}

// IntCall is the test of the bound of an int root that is a local the
// compiler does not know to be an int (a parameter of a def of other
// arguments too): whether it is an int from -t to t, not 0 (nonZero), at
// least 1 (positive). It cannot fail, whatever the local holds.
func IntCall(root *lang.Ident, t int64, nonZero, positive bool, pos lang.Pos) lang.Expr {
	flags := int64(0)
	if nonZero {
		flags |= 1
	}
	if positive {
		flags |= 2
	}
	return rootCall(rootTest{"int within", t, flags, 0}, "the planner's guard: whether X is an int from -T to T", root, pos,
		func(x value.Value) bool {
			return x.K == value.KInt && x.N >= -t && x.N <= t && (!nonZero || x.N != 0) && (!positive || x.N >= 1)
		})
}

// CollCall is the test of a Coll bound on local root (a collection a
// clause iterates and nothing reads as a list): whether it is a list, a
// tuple or a set of elements of the arity (CollWithin).
func CollCall(root *lang.Ident, t, lo int64, arity int, pos lang.Pos) lang.Expr {
	uc := &uniCheck{}
	return rootCall(rootTest{"collection within", t, lo, arity}, "the planner's guard: whether X is a list, a tuple or a set of ints (or tuples of them) each from L to T", root, pos,
		func(x value.Value) bool {
			if x.K != value.KSet {
				return CollWithin(x, t, lo, arity)
			}
			if u, w, ok := value.Uni(x); ok {
				return uc.within(u, w, func(e value.Value) bool { return elemWithin(e, t, lo, arity) })
			}
			return CollWithin(x, t, lo, arity)
		})
}

// uniCheck is what a collection's test knows of the last universe whose
// sets it tested (a set held as the ids of a universe's elements): which
// of its first n elements are not within the bound (bad, a bit an id).
// A universe only grows, and its elements do not change: each element
// is tested once, and a set by its words.
type uniCheck struct {
	mu  sync.Mutex
	u   *value.Universe
	n   int
	bad []uint64
}

// within reports whether every element of the set of ids w of universe u
// is one ok holds for.
func (uc *uniCheck) within(u *value.Universe, w []uint64, ok func(value.Value) bool) bool {
	uc.mu.Lock()
	defer uc.mu.Unlock()
	if uc.u != u {
		uc.u, uc.n, uc.bad = u, 0, uc.bad[:0]
	}
	for ; uc.n < u.Len(); uc.n++ {
		for len(uc.bad) <= uc.n>>6 {
			uc.bad = append(uc.bad, 0)
		}
		if !ok(u.Elem(uc.n)) {
			uc.bad[uc.n>>6] |= 1 << (uc.n & 63)
		}
	}
	for i, word := range w {
		if word != 0 && (i >= len(uc.bad) || word&uc.bad[i] != 0) {
			return false // (an id past the elements tested: none is)
		}
	}
	return true
}

// elemWithin reports whether e is an int from lo to t (and from -t),
// or a tuple of arity such ints (ir.Bound.Arity).
func elemWithin(e value.Value, t, lo int64, arity int) bool {
	in := func(x value.Value) bool { return x.K == value.KInt && x.N >= lo && x.N >= -t && x.N <= t }
	switch {
	case arity == ir.AnyElems:
		return true
	case arity == 0:
		return in(e)
	case arity < 0 || e.K != value.KTuple || len(e.Elems()) != arity:
		return false
	}
	for _, x := range e.Elems() {
		if !in(x) {
			return false
		}
	}
	return true
}

// CollWithin reports whether x is a list, a tuple or a set of at most
// ir.MaxLen elements, each an int from lo to t (arity 0), a tuple of
// arity such ints, or anything (ir.AnyElems); ir.NoElems: none. A set
// made from its bits is read by its words (its elements are not made).
func CollWithin(x value.Value, t, lo int64, arity int) bool {
	if x.K != value.KList && x.K != value.KTuple && x.K != value.KSet {
		return false
	}
	if x.K == value.KSet {
		if w, pairs, ok := value.SetBits(x); ok {
			first, last := -1, -1
			for i, word := range w {
				if word == 0 {
					continue
				}
				if first < 0 {
					first = i*64 + bits.TrailingZeros64(word)
				}
				last = i*64 + 63 - bits.LeadingZeros64(word)
			}
			switch {
			case first < 0 || arity == ir.AnyElems:
				return true
			case pairs && arity == 2 && lo <= 0 && t >= 63:
				return true // (a cell's row and column are 0 to 63)
			case !pairs && arity == 0:
				return int64(first) >= lo && int64(last) <= t
			}
		}
	}
	e := extentOf(x, arity)
	return e.ints && (e.n == 0 || e.min >= lo && e.min >= -t && e.max <= t)
}

// GlobalIntsCall is the test of a Coll bound on the global root, whose
// value is in slot slot of the globals: whether it is a list, a tuple or
// (not seq) a set of at most ir.MaxLen ints, each at least lo (-t, or 0 for a
// NonNeg bound) and at most t. It cannot fail: it reads the slot, where
// a let that has not run leaves no value (then false). A global is
// immutable once bound: the test reads the elements of a value once
// (collTest's cache), then only compares its identity.
func GlobalIntsCall(root *lang.Ident, slot int, t, lo int64, seq bool, arity int, pos lang.Pos) lang.Expr {
	ct := &collTest{slot: slot, seq: seq, arity: arity}
	bi := &engine.Builtin{BName: "ints in " + root.Name, Pure: true,
		Doc: fmt.Sprintf("the planner's guard: whether %s is a collection of ints each from %d to %d", root.Name, lo, t),
		Fn: func(c *engine.Call, _ []value.Value) value.Value {
			return value.Bool(ct.within(c.Th.Globals, t, lo))
		},
		Test: func(fr *engine.Frame) bool { return ct.within(fr.Th.Globals, t, lo) }}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: bi.BName, Bind: d}}
}

// collTest tests the global in slot (GlobalIntsCall), the extent of the
// value it tested last kept.
type collTest struct {
	slot  int
	seq   bool // (a list or a tuple: not a set)
	arity int  // (ir.Bound.Arity)
	last  atomic.Pointer[extent]
}

// extent is what collTest keeps of a value: the value (its identity),
// whether it is a collection of at most ir.MaxLen ints, and their least
// and largest (n of them).
type extent struct {
	v        value.Value
	ints     bool
	n        int
	min, max int64
}

// within reports whether the global is a collection of ints from lo to t.
func (ct *collTest) within(globals []value.Value, t, lo int64) bool {
	if ct.slot >= len(globals) {
		return false
	}
	v := globals[ct.slot]
	if v.K != value.KList && v.K != value.KTuple && (v.K != value.KSet || ct.seq) {
		return false // (and its Ref need not be comparable)
	}
	e := ct.last.Load()
	if e == nil || e.v.K != v.K || e.v.Ref != v.Ref {
		e = extentOf(v, ct.arity)
		ct.last.Store(e)
	}
	return e.ints && (e.n == 0 || e.min >= lo && e.min >= -t && e.max <= t)
}

// extentOf measures v, a list, a tuple or a set, whose elements are
// ints (arity 0) or tuples of arity ints (ir.Bound.Arity): the least
// and largest of those ints (ints false where an element is not of the
// arity; any element, ir.AnyElems, has no ints to measure).
func extentOf(v value.Value, arity int) *extent {
	e := &extent{v: v}
	es := v.Elems()
	if len(es) > ir.MaxLen || arity == ir.NoElems && len(es) > 0 {
		return e
	}
	if arity == ir.AnyElems {
		e.ints = true
		return e
	}
	n := 0
	add := func(x value.Value) bool {
		if x.Kind() != value.KInt {
			return false
		}
		if n == 0 || x.Int() < e.min {
			e.min = x.Int()
		}
		if n == 0 || x.Int() > e.max {
			e.max = x.Int()
		}
		n++
		return true
	}
	for _, x := range es {
		if arity == 0 {
			if !add(x) {
				return e
			}
			continue
		}
		if x.Kind() != value.KTuple || len(x.Elems()) != arity {
			return e
		}
		for _, y := range x.Elems() {
			if !add(y) {
				return e
			}
		}
	}
	e.ints, e.n = true, n
	return e
}

// GlobalIntCall is the test of the bound of a global int root, whose
// value is in slot slot of the globals: -t <= root <= t, and root != 0
// (nonZero), root >= 1 (positive). It cannot fail: it reads the slot,
// where a let that has not run leaves no value (then false, and the rule
// as written reports it where it reads the global).
func GlobalIntCall(root *lang.Ident, slot int, t int64, nonZero, positive bool, pos lang.Pos) lang.Expr {
	test := func(globals []value.Value) bool {
		if slot >= len(globals) || globals[slot].K != value.KInt {
			return false
		}
		n := globals[slot].N
		return n >= -t && n <= t && (!nonZero || n != 0) && (!positive || n >= 1)
	}
	bi := &engine.Builtin{BName: "int within " + root.Name, Pure: true,
		Doc: fmt.Sprintf("the planner's guard: whether %s is an int from %d to %d", root.Name, -t, t),
		Fn: func(c *engine.Call, _ []value.Value) value.Value {
			return value.Bool(test(c.Th.Globals))
		},
		Test: func(fr *engine.Frame) bool { return test(fr.Th.Globals) }}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: bi.BName, Bind: d}}
}

// NestCall is the test of nest n of the Ints bound on root (ir.Nest):
// whether len(root) + n.Extra nested calls fit the thread's depth and
// stack limits from where it is tested (NestFits). It cannot fail.
func NestCall(root *lang.Ident, n ir.Nest, pos lang.Pos) lang.Expr {
	bi := &engine.Builtin{BName: "nest of " + n.Name, MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: fmt.Sprintf("the planner's guard: whether len(%s) + %d nested calls of %s fit the depth limit", root.Name, n.Extra, n.Name),
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			if k := a[0].Kind(); k != value.KList && k != value.KTuple {
				return value.False
			}
			return value.Bool(NestFits(c.Th, int64(len(a[0].Elems()))+n.Extra, n.Cost()))
		}}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: bi.BName, Bind: d}, Args: []lang.Expr{root}}
}

// NestFits reports whether k nested calls, each of cost units of stack,
// can be made from where th is without passing its limits (what
// engine's Thread.Enter checks at each call).
func NestFits(th *engine.Thread, k, cost int64) bool {
	if k < 0 || k > int64(th.Limits.MaxDepth) || cost < 0 {
		return false
	}
	return int64(th.Depth)+k <= int64(th.Limits.MaxDepth) && th.Stack+k*max(cost, 1) <= th.MaxStack
}

// CountCall is the test of a recursion that counts n down to 1, nested n
// calls of def name (cost() units of stack each): whether n is an int of
// at least 1 and n nested calls fit the thread's limits from where it is
// tested. It cannot fail.
func CountCall(n lang.Expr, name string, cost func() int64, pos lang.Pos) lang.Expr {
	bi := &engine.Builtin{BName: countPrefix + name, MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: fmt.Sprintf("the planner's test: whether n >= 1 nested calls of %s fit the depth limit", name),
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			return value.Bool(a[0].Kind() == value.KInt && a[0].Int() >= 1 && NestFits(c.Th, a[0].Int(), cost()))
		}}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: bi.BName, Bind: d}, Args: []lang.Expr{n}}
}

// countPrefix starts the name of a CountCall's built-in.
const countPrefix = "count of "

// IsCountCall reports whether e is a test CountCall made.
func IsCountCall(e lang.Expr) bool {
	c, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	id, ok := c.Fn.(*lang.Ident)
	if !ok {
		return false
	}
	d := resolve.Of(id)
	return d != nil && d.Kind == resolve.Builtin && d.Bi != nil && strings.HasPrefix(d.Bi.BName, countPrefix)
}
