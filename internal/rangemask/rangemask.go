// Package rangemask owns the masks of a range's if clause: a for clause
// over a range of one name j, a .. b of at most 64 ints, whose if clause
// is a formula of
//
//   - index tests X[J] == L, X[J] != L (and <, <=, >, >= of ints, and a
//     bare X[J] of bools), X a list, tuple or ASCII string the loop does
//     not change, J the name j plus terms that do not read it (j, j + 1,
//     r * w + j), L a value that does not read j;
//   - memberships J in S and J not in S, S a list, tuple, set (by its
//     bitmap where it has one) or map the loop does not change;
//   - bounds J OP E of j plus such terms against an int E;
//   - J may be such a sum modulo a positive int ((j + 1) % len(b));
//   - conditions that do not read j;
//   - and, or, not, if C then A else B of such formulas (where C is
//     known, the branch it takes), and calls of defs whose bodies are
//     such formulas (inlined, as package bitlists inlines them),
//
// is tested for every int of the range at once, as words (bit i: the int
// a + i): Cram written on a string,
//
//	def free(b, w, r, c) = r < 3 and c < w and b[r * w + c] == "."
//	cram(cover(b, c, c + 1), w) for c in 0 .. w - 1 if free(b, w, 0, c) and free(b, w, 0, c + 1)
//
// visits only the columns where both squares are free. Exact: each part
// of the formula is true, false or unknown for each int (an index out of
// the collection, an element or an operand not of the kind the test
// reads, a part the masks do not read, a term that fails), with and, or
// and not as they short-circuit; the loop skips only the ints the
// formula is false for, runs the if clause as compiled on those it is
// unknown for (which fails where it did), and neither tests nor skips
// those it is true for (the formula's parts count no step: plain, and
// inlined calls). The parts that do not read j are plain (no
// step, the same value again) and evaluated once a loop; a skipped int
// counts its loop's step in place, not the steps of the calls its if
// clause would have made (as the loops of package eqindex).
package rangemask

import (
	"fmt"
	"math"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// kind is what a part of the formula is.
type kind uint8

const (
	unknown kind = iota // not read by the masks: neither true nor false
	and
	or
	not
	index  // X[J] OP L
	bare   // X[J] as a condition
	bound  // J OP E
	member // J in S, J not in S (op)
	fixed  // a condition that does not read j
	cond   // if x then y else z
)

// node is a part of the formula.
type node struct {
	k       kind
	x, y, z *node
	op      lang.Op
	coll    engine.EvalFn // X
	off     []term        // J is j plus these
	mod     engine.EvalFn // (not nil) J is that sum modulo this
	rhs     engine.EvalFn // L, E; (fixed) the condition
}

// term is an int added to j (neg: subtracted).
type term struct {
	f   engine.EvalFn
	neg bool
}

// maxInline bounds the nesting of the defs a formula inlines.
const maxInline = 4

// formula reads the if clause of one loop.
type formula struct {
	c      *compile.Compiler
	j      *resolve.Decl
	tests  int            // index and bare parts
	fns    []*engine.Func // the defs inlined (their nesting bounds the depth)
	depth  int            // the deepest nesting of them
	nested int
	// args and sums: the arguments of the calls inlined that can fail,
	// invariants and j plus terms, checked once a loop (Range).
	args []engine.EvalFn
	sums [][]term
}

// Range returns, for a for clause cl over a range of one name (slot)
// followed by the if clause ifc, the function that gives, of the ints a
// + i of a range a .. b of at most 64 ints, those ifc is true for (bit i
// of t: true without an error, and without a step, as compiled: the
// loop need not test it) and those it may be true for (maybe: the loop
// tests them), or false (every int, as written); nil when ifc has no
// index test of j that the masks read.
func Range(c *compile.Compiler, cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool) {
	if !c.On(passes.RangeMasks) || ifc == nil || cl.Target.Tuple || slot < 0 {
		return nil
	}
	fm := &formula{c: c, j: resolve.NameDecl(cl.Target.Names[0])}
	root := fm.parse(ifc.Cond)
	if fm.tests == 0 {
		return nil
	}
	c.Fired(passes.RangeMasks)
	c.Note(fmt.Sprintf("the if clause at line %d is tested for the ints of %s at once, as masks of words (its index tests of %s): only the ints it does not rule out are visited", ifc.Pos.Line, ir.Expr(cl.Iter), cl.Target.Names[0].Name))
	cost := int64(0)
	for _, fn := range fm.fns {
		cost += int64(fn.Cost)
	}
	depth, args, sums := fm.depth, fm.args, fm.sums
	return func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool) {
		if a > b || uint64(b)-uint64(a) >= 64 { // (b - a may pass the ints)
			return 0, 0, false
		}
		if th := fr.Th; depth > 0 && (th.Depth+depth > th.Limits.MaxDepth || th.Stack+cost > th.MaxStack) {
			// (A call of the if clause would reach a limit: as written.)
			return 0, 0, false
		}
		for _, f := range args {
			if _, ok := try(fr, f); !ok {
				return 0, 0, false // (an argument fails where a call is made: as written)
			}
		}
		for _, off := range sums {
			if _, ok := offset(fr, off, a); !ok {
				return 0, 0, false
			}
		}
		n := uint(b - a + 1)
		full := uint64(math.MaxUint64) >> (64 - n)
		t, f := eval(fr, root, a, n)
		return t, full &^ (t | f), true
	}
}

// try is f's value, or false where it fails: with a runtime error, or
// with the memory limit's (a part the masks evaluate once a loop, ahead
// of the clause, may be one the clause as written never reaches: an
// argument of a call not made, the right side of an and; the clause
// then runs as written, which meets the limit where it does). Any other
// error (the step limit, an interruption) is raised.
func try(fr *engine.Frame, f engine.EvalFn) (v value.Value, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if r := recover(); r != nil {
			e, isErr := r.(*value.RuntimeError)
			if !isErr || e.Kind != value.ErrRuntime && (e.Kind != value.ErrLimit || e.Flag != "--max-memory") {
				panic(r)
			}
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	return f(fr), true
}

// reads reports whether e reads j.
func (fm *formula) reads(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == fm.j {
			found = true
		}
		return !found
	})
	return found
}

// invariant reports whether e does not read j and is plain.
func (fm *formula) invariant(e lang.Expr) bool {
	return !fm.reads(e) && masks.Plain(fm.c, e)
}

// parse reads condition e as a formula.
func (fm *formula) parse(e lang.Expr) *node {
	if fm.invariant(e) {
		return &node{k: fixed, rhs: fm.c.Vals.Expr(e)}
	}
	switch x := e.(type) {
	case *lang.Binary:
		switch x.Op {
		case lang.OpAnd, lang.OpOr:
			k := and
			if x.Op == lang.OpOr {
				k = or
			}
			return &node{k: k, x: fm.parse(x.X), y: fm.parse(x.Y)}
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			return fm.compare(x)
		case lang.OpIn, lang.OpNotIn:
			if fm.invariant(x.Y) {
				if off, mod, ok := fm.place(x.X); ok {
					fm.tests++
					return &node{k: member, op: x.Op, coll: fm.c.Vals.Expr(x.Y), off: off, mod: mod}
				}
			}
		}
	case *lang.Unary:
		if x.Op == lang.OpNot {
			return &node{k: not, x: fm.parse(x.X)}
		}
	case *lang.IfExpr:
		// (A guarded test, if j < 0 or j >= len(b) then false else b[j]
		// == 1: where the condition is known, the branch it takes.)
		return &node{k: cond, x: fm.parse(x.Cond), y: fm.parse(x.Then), z: fm.parse(x.Else)}
	case *lang.Call:
		if body := fm.inlined(x); body != nil {
			fm.nested++
			defer func() { fm.nested-- }()
			fm.depth = max(fm.depth, fm.nested)
			return fm.parse(body)
		}
	case *lang.Index:
		if fm.invariant(x.X) {
			if off, mod, ok := fm.place(x.Index); ok {
				fm.tests++
				return &node{k: bare, coll: fm.c.Vals.Expr(x.X), off: off, mod: mod}
			}
		}
	}
	return &node{k: unknown}
}

// compare reads comparison x: an index test, or a bound.
func (fm *formula) compare(x *lang.Binary) *node {
	l, r, op := x.X, x.Y, x.Op
	if !fm.reads(l) {
		l, r, op = r, l, flip(op)
	}
	if !fm.invariant(r) {
		return &node{k: unknown}
	}
	if ix, ok := l.(*lang.Index); ok && fm.invariant(ix.X) {
		if off, mod, ok := fm.place(ix.Index); ok {
			fm.tests++
			return &node{k: index, op: op, coll: fm.c.Vals.Expr(ix.X), off: off, mod: mod, rhs: fm.c.Vals.Expr(r)}
		}
	}
	if off, mod, ok := fm.place(l); ok {
		return &node{k: bound, op: op, off: off, mod: mod, rhs: fm.c.Vals.Expr(r)}
	}
	return &node{k: unknown}
}

// flip is op with its operands swapped.
func flip(op lang.Op) lang.Op {
	switch op {
	case lang.OpLt:
		return lang.OpGt
	case lang.OpLe:
		return lang.OpGe
	case lang.OpGt:
		return lang.OpLt
	case lang.OpGe:
		return lang.OpLe
	}
	return op
}

// place reads e as j plus terms that do not read j (affine), or such a
// sum modulo an expression that does not read j (mod).
func (fm *formula) place(e lang.Expr) (off []term, mod engine.EvalFn, ok bool) {
	if b, isBin := e.(*lang.Binary); isBin && b.Op == lang.OpMod && fm.invariant(b.Y) {
		off, ok = fm.affine(b.X)
		return off, fm.c.Vals.Expr(b.Y), ok
	}
	off, ok = fm.affine(e)
	return off, nil, ok
}

// affine reads e as j plus terms that do not read j.
func (fm *formula) affine(e lang.Expr) ([]term, bool) {
	switch x := e.(type) {
	case *lang.Ident:
		if resolve.Of(x) == fm.j {
			return nil, true
		}
	case *lang.Binary:
		if x.Op != lang.OpAdd && x.Op != lang.OpSub {
			return nil, false
		}
		if fm.reads(x.X) {
			if !fm.invariant(x.Y) {
				return nil, false
			}
			off, ok := fm.affine(x.X)
			return append(off, term{f: fm.c.Vals.Expr(x.Y), neg: x.Op == lang.OpSub}), ok
		}
		if x.Op == lang.OpAdd && fm.invariant(x.X) {
			off, ok := fm.affine(x.Y)
			return append(off, term{f: fm.c.Vals.Expr(x.X)}), ok
		}
	}
	return nil, false
}

// inlined is the body of the def call calls, its arguments in place of
// its parameters, when it is inlined (package bitlists' way); nil
// otherwise.
func (fm *formula) inlined(call *lang.Call) lang.Expr {
	c := fm.c
	fn := c.Inlinable(call)
	if fm.nested >= maxInline || fn == nil || c.GameCallee(call) != nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 || !resolve.InlineShape(fn.Decl.Body) {
		return nil
	}
	// (The call evaluates its arguments before its body, which may not
	// read them: each must be one that cannot fail, an invariant checked
	// once a loop (args), or j plus invariant terms whose sums cannot
	// pass the ints (sums).)
	var args []engine.EvalFn
	var sums [][]term
	for _, a := range call.Args {
		switch a.(type) {
		case *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			if masks.Plain(c, a) {
				continue
			}
			return nil
		}
		if fm.invariant(a) {
			args = append(args, c.Vals.Expr(a))
			continue
		}
		off, mod, ok := fm.place(a)
		if !ok || mod != nil {
			return nil
		}
		sums = append(sums, off)
	}
	fm.args, fm.sums = append(fm.args, args...), append(fm.sums, sums...)
	fm.fns = append(fm.fns, fn)
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call))
}

// eval is the formula nd for the ints a + i, i < n: the bits of those it
// is true for, and of those it is false for.
func eval(fr *engine.Frame, nd *node, a int64, n uint) (t, f uint64) {
	full := uint64(math.MaxUint64) >> (64 - n)
	switch nd.k {
	case and:
		xt, xf := eval(fr, nd.x, a, n)
		if xt == 0 {
			return 0, xf
		}
		yt, yf := eval(fr, nd.y, a, n)
		return xt & yt, xf | xt&yf
	case or:
		xt, xf := eval(fr, nd.x, a, n)
		if xf == 0 {
			return xt, 0
		}
		yt, yf := eval(fr, nd.y, a, n)
		return xt | xf&yt, xf & yf
	case not:
		xt, xf := eval(fr, nd.x, a, n)
		return xf, xt
	case cond:
		ct, cf := eval(fr, nd.x, a, n)
		var t, f uint64
		if ct != 0 {
			yt, yf := eval(fr, nd.y, a, n)
			t, f = ct&yt, ct&yf
		}
		if cf != 0 {
			zt, zf := eval(fr, nd.z, a, n)
			t, f = t|cf&zt, f|cf&zf
		}
		return t, f
	case fixed:
		v, ok := try(fr, nd.rhs)
		if !ok || v.K != value.KBool {
			return 0, 0
		}
		if v.N != 0 {
			return full, 0
		}
		return 0, full
	case index, bare, bound, member:
		base, ok := offset(fr, nd.off, a)
		if !ok {
			return 0, 0
		}
		var m int64 // (the modulus, if any: a positive int)
		if nd.mod != nil {
			v, ok := try(fr, nd.mod)
			if !ok || v.K != value.KInt || v.N <= 0 {
				return 0, 0
			}
			m = v.N
		}
		// The operands: the bound's int, the test's collection and value.
		var x, l value.Value
		if nd.k == bound {
			if l, ok = try(fr, nd.rhs); !ok || l.K != value.KInt {
				return 0, 0
			}
		} else if nd.k == member {
			if x, ok = try(fr, nd.coll); !ok || x.K == value.KStr || !isColl(x) {
				return 0, 0 // (an int in a string fails; other values: as compiled)
			}
		} else {
			if x, ok = try(fr, nd.coll); !ok {
				return 0, 0
			}
			if nd.k == index {
				if l, ok = try(fr, nd.rhs); !ok {
					return 0, 0
				}
			}
		}
		if m > 0 || base < 0 {
			return places(nd, x, l, base, m, n)
		}
		switch nd.k {
		case bound:
			return bounds(nd, l.N, base, n)
		case member:
			return members(nd, x, base, n)
		}
		return tests(nd, x, l, base, n)
	}
	return 0, 0
}

// offset is a plus the terms, or false when one is not an int or a sum
// of j and the terms before one, as written, can overflow for j up to a
// + 63 (then every such sum is within the ints, as compiled).
func offset(fr *engine.Frame, off []term, a int64) (int64, bool) {
	const lo, hi = math.MinInt64 + 64, math.MaxInt64 - 64
	s := a
	if s < lo || s > hi {
		return 0, false
	}
	for _, t := range off {
		v, ok := try(fr, t.f)
		if !ok || v.K != value.KInt {
			return 0, false
		}
		x := v.N
		if t.neg {
			if x == math.MinInt64 {
				return 0, false
			}
			x = -x
		}
		if (x > 0 && s > hi-x) || (x < 0 && s < lo-x) {
			return 0, false
		}
		s += x
	}
	return s, true
}

// places is a part at the places (base + i) % m (m 0: base + i) for i <
// n, one at a time: unknown where base + i is negative (the sign of a
// remainder: as compiled) or, for a test, the place is not one of the
// collection's.
func places(nd *node, x, l value.Value, base, m int64, n uint) (t, f uint64) {
	for i := range n {
		p := base + int64(i)
		if p < 0 {
			continue
		}
		if m > 0 {
			p %= m
		}
		if nd.k == member {
			pt, pf := members(nd, x, p, 1)
			t |= pt << i
			f |= pf << i
			continue
		}
		if nd.k == bound {
			if cmpInts(nd.op, p, l.N) {
				t |= 1 << i
			} else {
				f |= 1 << i
			}
			continue
		}
		if p < math.MaxInt64-64 {
			// (One place: the tests of base p for one int, shifted to i.)
			pt, pf := tests(nd, x, l, p, 1)
			t |= pt << i
			f |= pf << i
		}
	}
	return t, f
}

// isColl reports whether x is a list, tuple, set or map (in which "in"
// cannot fail).
func isColl(x value.Value) bool {
	switch x.K {
	case value.KList, value.KTuple, value.KSet, value.KMap:
		return true
	}
	return false
}

// members is a membership, base + i in S (or not in), for i < n: by
// the bits of S's bitmap where it has one.
func members(nd *node, s value.Value, base int64, n uint) (t, f uint64) {
	for i := range n {
		x := value.Value{K: value.KInt, N: base + int64(i)}
		in, ok := false, false
		if s.K == value.KSet {
			in, ok = value.SetHas(s, x)
		}
		if !ok {
			in = operator.In(engine.Pos{}, x, s)
		}
		if in == (nd.op == lang.OpIn) {
			t |= 1 << i
		} else {
			f |= 1 << i
		}
	}
	return t, f
}

// bounds is a bound, base + i OP E, for i < n.
func bounds(nd *node, e, base int64, n uint) (t, f uint64) {
	for i := range n {
		if cmpInts(nd.op, base+int64(i), e) {
			t |= 1 << i
		} else {
			f |= 1 << i
		}
	}
	return t, f
}

// cmpInts is x OP y.
func cmpInts(op lang.Op, x, y int64) bool {
	switch op {
	case lang.OpEq:
		return x == y
	case lang.OpNe:
		return x != y
	case lang.OpLt:
		return x < y
	case lang.OpLe:
		return x <= y
	case lang.OpGt:
		return x > y
	}
	return x >= y
}

// tests is an index test (or a bare element) of the places base + i, i
// < n: unknown where a place is not one of the collection's, or an
// element is not of the kind the test reads.
func tests(nd *node, x, l value.Value, base int64, n uint) (t, f uint64) {
	// The places of the collection among base .. base + n - 1: i0 <= i < i1.
	size := int64(0)
	switch x.K {
	case value.KStr:
		if !x.ASCII() {
			return 0, 0
		}
		size = int64(len(x.Str()))
	case value.KList, value.KTuple:
		size = int64(value.Count(x))
	default:
		return 0, 0
	}
	i0, i1 := max(0, -base), min(int64(n), size-base)
	if i0 >= i1 {
		return 0, 0
	}
	if x.K == value.KStr {
		if nd.k == bare || nd.op != lang.OpEq && nd.op != lang.OpNe {
			return 0, 0 // (a string is no bool; ordering strings: as compiled)
		}
		s := x.Str()
		ch, one := -1, l.K == value.KStr && len(l.Str()) == 1
		if one {
			ch = int(l.Str()[0])
		}
		for i := i0; i < i1; i++ {
			if (int(s[base+i]) == ch) == (nd.op == lang.OpEq) {
				t |= 1 << i
			} else {
				f |= 1 << i
			}
		}
		return t, f
	}
	if w, _, bools, _, ok := value.SeqBits(x); ok {
		// (A list kept as bits: the test of a 0 and of a 1, then words.)
		k := value.KInt
		if bools {
			k = value.KBool
		}
		ones := w >> uint64(base) // (base >= 0: i0 is 0 or more)
		if base < 0 {
			ones = w << uint64(-base)
		}
		in := lowBits(uint64(i1)) &^ lowBits(uint64(i0))
		for bit, m := range [2]uint64{^ones & in, ones & in} {
			if r, ok := testElem(nd, value.Value{K: k, N: int64(bit)}, l); !ok {
				continue
			} else if r {
				t |= m
			} else {
				f |= m
			}
		}
		return t, f
	}
	es := x.Elems()
	for i := i0; i < i1; i++ {
		if r, ok := testElem(nd, es[base+i], l); !ok {
			continue
		} else if r {
			t |= 1 << i
		} else {
			f |= 1 << i
		}
	}
	return t, f
}

// lowBits is the mask of the k lowest bits (all of them from 64 on).
func lowBits(k uint64) uint64 {
	if k >= 64 {
		return ^uint64(0)
	}
	return 1<<k - 1
}

// testElem is the index test (or bare element) nd of the element e,
// compared with l: false when e is not of the kind the test reads.
func testElem(nd *node, e, l value.Value) (r, ok bool) {
	switch {
	case nd.k == bare:
		if e.K != value.KBool {
			return false, false
		}
		return e.N != 0, true
	case nd.op == lang.OpEq || nd.op == lang.OpNe:
		if e.K == value.KInt && l.K == value.KInt {
			r = e.N == l.N
		} else {
			r = value.Equal(e, l)
		}
		return r == (nd.op == lang.OpEq), true
	default:
		if e.K != value.KInt || l.K != value.KInt {
			return false, false
		}
		return cmpInts(nd.op, e.N, l.N), true
	}
}
