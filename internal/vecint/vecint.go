// Package vecint evaluates an int expression for a run of values of a
// loop variable at once: [E for i in A .. B] built element by element
// calls E's closures once an element, and for the short lists of a board
// (the rows of Chomp, the piles of a staircase) that is most of a move's
// time. A plan compiled here calls each node of E once for up to 64
// values of i, on arrays (lanes). It never raises an error: a lane whose
// value the plain closures would fail on or could not be computed here (an
// index out of range, an overflow, a division by zero, a let not run
// yet) is poisoned, and the caller computes the run element by element
// instead, where the plain closures raise the error where they would. So
// a plan gives the elements the plain path gives, or says it cannot.
//
// What is compiled: int literals, the loop variable, int locals and
// globals, - ~ + - * / % & | ^ << >> of such, abs, min and max of two or more, an
// element of a parameter that holds a list or tuple of ints (IntElems),
// len of one, and if with conditions made of comparisons, and, or, not
// and true and false. Anything else: no plan (Compile returns nil).
package vecint

import (
	"math"
	mbits "math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Lanes is the most values of the loop variable a plan computes at once.
const Lanes = 64

// Plan is an int expression compiled for runs of its loop variable.
type Plan struct {
	root  ifn
	temps int // the arrays of Lanes ints its nodes use
}

// ifn computes an int node for the len(out) lanes of a run (the loop
// variable lo, lo + 1, ...) into out; the lanes poisoned are returned as
// bits.
type ifn func(fr *engine.Frame, lo int64, out []int64) uint64

// cfn computes a condition for n lanes: those where it holds, and those
// poisoned.
type cfn func(fr *engine.Frame, lo int64, n int) (holds, poison uint64)

// tmp is the temporary array k of a run of n lanes (in the thread's Vec;
// an if's branches run on fewer lanes, and each array keeps its place).
func tmp(fr *engine.Frame, k, n int) []int64 { return fr.Th.Vec[k*Lanes : k*Lanes+n] }

// all is the bits of n lanes.
func all(n int) uint64 { return ^uint64(0) >> (Lanes - n) }

// Run computes the expression for x = lo .. lo + len(out) - 1 (at most
// Lanes) into out; false when a lane is poisoned (out is then not to be
// used: the caller computes them element by element).
func (p *Plan) Run(fr *engine.Frame, lo int64, out []int64) bool {
	th, n := fr.Th, len(out)
	if need := p.temps * Lanes; len(th.Vec) < need {
		th.Vec = make([]int64, need)
	}
	return p.root(fr, lo, out)&all(n) == 0
}

// Values computes the expression for x = lo .. lo + n - 1 (n at most
// Lanes) into the thread's lanes, after the plan's arrays: the values,
// good until the next run on the thread, or false as Run.
func (p *Plan) Values(fr *engine.Frame, lo int64, n int) ([]int64, bool) {
	th := fr.Th
	if need := (p.temps + 1) * Lanes; len(th.Vec) < need {
		th.Vec = make([]int64, need)
	}
	out := th.Vec[p.temps*Lanes : p.temps*Lanes+n]
	return out, p.root(fr, lo, out)&all(n) == 0
}

// Add appends to s the elements for x from lo on, up to Lanes of them
// and up to hi, as a step each (Thread.Tick): the last x done, and true;
// false (nothing done) for a nil plan, a run of one, a scratch of values,
// a limit check due among those steps, or a lane poisoned.
func (p *Plan) Add(fr *engine.Frame, s *value.Scratch, lo, hi int64) (int64, bool) {
	n := int(min(uint64(hi-lo), Lanes-1) + 1)
	th := fr.Th
	if p == nil || n < 2 || s.Boxed || th.Steps+int64(n) >= th.CheckAt {
		return lo, false
	}
	k := len(s.Ints)
	s.Ints = slices.Grow(s.Ints, n)[:k+n]
	if !p.Run(fr, lo, s.Ints[k:]) {
		s.Ints = s.Ints[:k]
		return lo, false
	}
	th.Steps += int64(n)
	return lo + int64(n) - 1, true
}

// compiler compiles one expression: x is the loop variable's binding.
type compiler struct {
	c     *compile.Compiler
	x     *engine.Binding
	temps int
}

// Compile plans e, the int-typed element of a comprehension whose loop
// variable is bound to x (a range's), or returns nil.
func Compile(c *compile.Compiler, e lang.Expr, x *engine.Binding) *Plan {
	if !c.On(passes.Lanes) {
		return nil
	}
	k := &compiler{c: c, x: x}
	f := k.int(e)
	if f == nil {
		return nil
	}
	return &Plan{root: f, temps: k.temps}
}

func (k *compiler) temp() int { k.temps++; return k.temps - 1 }

func (k *compiler) int(e lang.Expr) ifn {
	switch e := e.(type) {
	case *lang.IntLit:
		v := e.Val
		return func(_ *engine.Frame, _ int64, out []int64) uint64 {
			for j := range out {
				out[j] = v
			}
			return 0
		}
	case *lang.Ident:
		return k.ident(e)
	case *lang.Unary:
		return k.unary(e)
	case *lang.Binary:
		return k.binary(e)
	case *lang.IfExpr:
		return k.ifExpr(e)
	case *lang.Index:
		return k.index(e)
	case *lang.Call:
		return k.call(e)
	}
	return nil
}

func (k *compiler) ident(e *lang.Ident) ifn {
	b := k.c.Lookup(e)
	switch {
	case b == nil:
		return nil
	case b == k.x:
		return func(_ *engine.Frame, lo int64, out []int64) uint64 {
			for j := range out {
				out[j] = lo + int64(j)
			}
			return 0
		}
	case b.Kind == resolve.Local && b.IsInt, b.Kind == resolve.Global && b.IsInt && !k.c.InFunc:
		s := b.Slot
		return func(fr *engine.Frame, _ int64, out []int64) uint64 {
			v := fr.Slots[s].N
			for j := range out {
				out[j] = v
			}
			return 0
		}
	case b.Kind == resolve.Global && b.IsInt:
		s := b.Slot // (its let may not have run: the plain path says so)
		return func(fr *engine.Frame, lo int64, out []int64) uint64 {
			v := fr.Th.Globals[s]
			if v.K != value.KInt {
				return all(len(out))
			}
			for j := range out {
				out[j] = v.N
			}
			return 0
		}
	}
	return nil
}

func (k *compiler) unary(e *lang.Unary) ifn {
	if e.Op != lang.OpNeg && e.Op != lang.OpBitNot {
		return nil
	}
	x := k.int(e.X)
	if x == nil {
		return nil
	}
	neg := e.Op == lang.OpNeg
	return func(fr *engine.Frame, lo int64, out []int64) uint64 {
		p := x(fr, lo, out)
		for j, v := range out {
			if !neg {
				out[j] = ^v
				continue
			}
			if v == math.MinInt64 {
				p |= 1 << j
			}
			out[j] = -v
		}
		return p
	}
}

func (k *compiler) binary(e *lang.Binary) ifn {
	switch e.Op {
	case lang.OpAdd, lang.OpSub, lang.OpMul, lang.OpDiv, lang.OpMod, lang.OpBitAnd, lang.OpBitOr, lang.OpXor:
	case lang.OpShl, lang.OpShr:
		return k.shift(e)
	default:
		return nil
	}
	x, y := k.int(e.X), k.int(e.Y)
	if x == nil || y == nil {
		return nil
	}
	t, op := k.temp(), e.Op
	return func(fr *engine.Frame, lo int64, out []int64) uint64 {
		b := tmp(fr, t, len(out))
		p := x(fr, lo, out) | y(fr, lo, b)
		switch op {
		case lang.OpAdd:
			for j, a := range out {
				s, ok := operator.AddOK(a, b[j])
				if !ok {
					p |= 1 << j
				}
				out[j] = s
			}
		case lang.OpSub:
			for j, a := range out {
				s, ok := operator.SubOK(a, b[j])
				if !ok {
					p |= 1 << j
				}
				out[j] = s
			}
		case lang.OpMul:
			for j, a := range out {
				s, ok := operator.MulOK(a, b[j])
				if !ok {
					p |= 1 << j
				}
				out[j] = s
			}
		case lang.OpDiv, lang.OpMod:
			for j, a := range out {
				d := b[j]
				if d == 0 || d == -1 && a == math.MinInt64 {
					p |= 1 << j
					out[j] = 0
				} else if op == lang.OpDiv {
					out[j] = a / d
				} else {
					out[j] = a % d
				}
			}
		case lang.OpBitAnd:
			for j := range out {
				out[j] &= b[j]
			}
		case lang.OpBitOr:
			for j := range out {
				out[j] |= b[j]
			}
		case lang.OpXor:
			for j := range out {
				out[j] ^= b[j]
			}
		}
		return p
	}
}

// shift compiles X << K and X >> K: a lane whose count leaves 0 .. 63,
// or whose << has a negative X or overflows, is poisoned.
func (k *compiler) shift(e *lang.Binary) ifn {
	x, y := k.int(e.X), k.int(e.Y)
	if x == nil || y == nil {
		return nil
	}
	t, left := k.temp(), e.Op == lang.OpShl
	return func(fr *engine.Frame, lo int64, out []int64) uint64 {
		b := tmp(fr, t, len(out))
		p := x(fr, lo, out) | y(fr, lo, b)
		for j, a := range out {
			c := b[j]
			switch {
			case uint64(c) > 63 || left && (a < 0 || a > math.MaxInt64>>c):
				p |= 1 << j
				out[j] = 0
			case left:
				out[j] = a << c
			default:
				out[j] = a >> c
			}
		}
		return p
	}
}

func (k *compiler) ifExpr(e *lang.IfExpr) ifn {
	cond, a, b := k.cond(e.Cond), k.int(e.Then), k.int(e.Else)
	if cond == nil || a == nil || b == nil {
		return nil
	}
	// Each branch computes the runs of lanes it takes (no lane twice).
	return func(fr *engine.Frame, lo int64, out []int64) uint64 {
		n := len(out)
		holds, p := cond(fr, lo, n)
		for j := 0; j < n; {
			f, bits := a, holds>>j
			if bits&1 == 0 {
				f, bits = b, ^bits
			}
			run := min(mbits.TrailingZeros64(^bits), n-j)
			p |= f(fr, lo+int64(j), out[j:j+run]) << j
			j += run
		}
		return p
	}
}

// seq is the slot of a local holding a list or tuple of ints, or -1.
func (k *compiler) seq(x lang.Expr) int {
	if id, ok := x.(*lang.Ident); ok {
		if b := k.c.Lookup(id); b != nil && b.Kind == resolve.Local && b.IntElems {
			return b.Slot
		}
	}
	return -1
}

func (k *compiler) index(e *lang.Index) ifn {
	s, i := k.seq(e.X), k.int(e.Index)
	if s < 0 || i == nil {
		return nil
	}
	if k.isVar(e.Index) {
		// X[i] for i the loop variable: a run of X's elements.
		return func(fr *engine.Frame, lo int64, out []int64) uint64 {
			el := fr.Slots[s].Elems()
			if lo >= 0 && lo <= int64(len(el)-len(out)) {
				for j, x := range el[lo : lo+int64(len(out))] {
					out[j] = x.N
				}
				return 0
			}
			var p uint64
			for j := range out {
				if x := lo + int64(j); x >= 0 && x < int64(len(el)) {
					out[j] = el[x].N
				} else {
					p |= 1 << j
				}
			}
			return p
		}
	}
	return func(fr *engine.Frame, lo int64, out []int64) uint64 {
		p := i(fr, lo, out)
		el := fr.Slots[s].Elems()
		for j, x := range out {
			if uint64(x) < uint64(len(el)) {
				out[j] = el[x].N
			} else {
				p |= 1 << j
			}
		}
		return p
	}
}

func (k *compiler) call(e *lang.Call) ifn {
	bi := k.c.BuiltinCallee(e)
	if bi == nil {
		return nil
	}
	if bi.IntFold != 0 && len(e.Args) >= 2 {
		fs := make([]ifn, len(e.Args))
		for i, a := range e.Args {
			if fs[i] = k.int(a); fs[i] == nil {
				return nil
			}
		}
		t, smaller := k.temp(), bi.IntFold < 0
		return func(fr *engine.Frame, lo int64, out []int64) uint64 {
			p := fs[0](fr, lo, out)
			b := tmp(fr, t, len(out))
			for _, f := range fs[1:] {
				p |= f(fr, lo, b)
				b = b[:len(out)]
				if smaller {
					for j, x := range out {
						out[j] = min(x, b[j])
					}
				} else {
					for j, x := range out {
						out[j] = max(x, b[j])
					}
				}
			}
			return p
		}
	}
	if bi.BName == "abs" && len(e.Args) == 1 {
		x := k.int(e.Args[0])
		if x == nil {
			return nil
		}
		return func(fr *engine.Frame, lo int64, out []int64) uint64 {
			p := x(fr, lo, out)
			for j, v := range out {
				if v == math.MinInt64 {
					p |= 1 << j
				} else if v < 0 {
					out[j] = -v
				}
			}
			return p
		}
	}
	if bi.IntResult && len(e.Args) == 1 && bi.BName == "len" {
		if s := k.seq(e.Args[0]); s >= 0 {
			return func(fr *engine.Frame, _ int64, out []int64) uint64 {
				n := int64(len(fr.Slots[s].Elems()))
				for j := range out {
					out[j] = n
				}
				return 0
			}
		}
	}
	return nil
}

func (k *compiler) cond(e lang.Expr) cfn {
	switch e := e.(type) {
	case *lang.BoolLit:
		v := e.Val
		return func(_ *engine.Frame, _ int64, n int) (uint64, uint64) {
			if v {
				return all(n), 0
			}
			return 0, 0
		}
	case *lang.Unary:
		if e.Op != lang.OpNot {
			return nil
		}
		x := k.cond(e.X)
		if x == nil {
			return nil
		}
		return func(fr *engine.Frame, lo int64, n int) (uint64, uint64) {
			h, p := x(fr, lo, n)
			return ^h & all(n), p
		}
	case *lang.Binary:
		if e.Op == lang.OpAnd || e.Op == lang.OpOr {
			x, y := k.cond(e.X), k.cond(e.Y)
			if x == nil || y == nil {
				return nil
			}
			and := e.Op == lang.OpAnd
			return func(fr *engine.Frame, lo int64, n int) (uint64, uint64) {
				hx, px := x(fr, lo, n)
				hy, py := y(fr, lo, n)
				if and {
					// (y is looked at where x holds.)
					return hx & hy, px | py&hx
				}
				return hx | hy, px | py&^hx
			}
		}
		if (e.Op == lang.OpIn || e.Op == lang.OpNotIn) && k.isVar(e.X) {
			return k.inList(e.Y, e.Op == lang.OpNotIn)
		}
		return k.compare(e.X, e.Op, e.Y)
	}
	return nil
}

// inList compiles i in L (not: i not in L), i the loop variable and L a
// name or an element L[j] of a name at an int the run does not change,
// whose value is a list or tuple of ints in 0 .. value.BitSetMax-1: the
// lanes whose values are its elements, from the bitmap of L made once a
// run. L's value read (never failing: an index out of range, a let not
// run yet, other elements poison the lanes), or nil for another shape.
func (k *compiler) inList(l lang.Expr, not bool) cfn {
	var j func(fr *engine.Frame) (int64, bool)
	if ix, ok := l.(*lang.Index); ok {
		if j = k.scalar(ix.Index); j == nil {
			return nil
		}
		l = ix.X
	}
	id, ok := l.(*lang.Ident)
	b := (*engine.Binding)(nil)
	if ok {
		b = k.c.Lookup(id)
	}
	if b == nil || b == k.x || b.Kind != resolve.Local && b.Kind != resolve.Global {
		return nil
	}
	s, global, inFunc := b.Slot, b.Kind == resolve.Global, k.c.InFunc
	var m maskcache.ListMask
	return func(fr *engine.Frame, lo int64, n int) (uint64, uint64) {
		// (A global's slot in a function's frame is another name's: its
		// value is in the thread's globals.)
		var v value.Value
		if global && inFunc {
			v = fr.Th.Globals[s]
		} else {
			v = fr.Slots[s]
		}
		if j != nil {
			i, ok := j(fr)
			if !ok || v.K != value.KList && v.K != value.KTuple || uint64(i) >= uint64(len(v.Elems())) {
				return 0, all(n)
			}
			v = v.Elems()[i]
		}
		h, ok := m.Bits(v, lo, n)
		switch {
		case !ok:
			return 0, all(n)
		case not:
			return ^h & all(n), 0
		}
		return h, 0
	}
}

// isVar reports whether e is the loop variable.
func (k *compiler) isVar(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && k.c.Lookup(id) == k.x
}

// scalar compiles an int local or global the run does not change (its
// value, false when a let has not run yet), or returns nil.
func (k *compiler) scalar(e lang.Expr) func(fr *engine.Frame) (int64, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		v := e.Val
		return func(*engine.Frame) (int64, bool) { return v, true }
	case *lang.Ident:
		b := k.c.Lookup(e)
		switch {
		case b == nil || b == k.x:
		case b.Kind == resolve.Local && b.IsInt, b.Kind == resolve.Global && b.IsInt && !k.c.InFunc:
			s := b.Slot
			return func(fr *engine.Frame) (int64, bool) { return fr.Slots[s].N, true }
		case b.Kind == resolve.Global && b.IsInt:
			s := b.Slot
			return func(fr *engine.Frame) (int64, bool) { v := fr.Th.Globals[s]; return v.N, v.K == value.KInt }
		}
	}
	return nil
}

// varCompare compiles i op v, i the loop variable and v a scalar, as the
// lanes where it holds, with no loop over them; nil for another shape.
func (k *compiler) varCompare(x lang.Expr, op lang.Op, y lang.Expr) cfn {
	switch op {
	case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return nil
	}
	if !k.isVar(x) {
		if !k.isVar(y) {
			return nil
		}
		// v op i is i op' v.
		x, y, op = y, x, map[lang.Op]lang.Op{lang.OpLt: lang.OpGt, lang.OpLe: lang.OpGe, lang.OpGt: lang.OpLt, lang.OpGe: lang.OpLe, lang.OpEq: lang.OpEq, lang.OpNe: lang.OpNe}[op]
	}
	v := k.scalar(y)
	if v == nil {
		return nil
	}
	return func(fr *engine.Frame, lo int64, n int) (uint64, uint64) {
		w, ok := v(fr)
		if !ok {
			return 0, all(n)
		}
		// below(m): the lanes j < m, that is lo + j < lo + m.
		below := func(m int64) uint64 {
			if m <= 0 {
				return 0
			}
			return all(int(min(m, int64(n))))
		}
		d, ok := operator.SubOK(w, lo) // i op w is j op d
		if !ok {
			d = math.MaxInt64 // (w - lo is beyond every lane: above when w > lo)
			if w < lo {
				d = -1
			}
		}
		var h uint64
		switch op {
		case lang.OpLt:
			h = below(d)
		case lang.OpLe:
			h = below(min(d, math.MaxInt64-1) + 1)
		case lang.OpGt:
			h = ^below(min(d, math.MaxInt64-1)+1) & all(n)
		case lang.OpGe:
			h = ^below(d) & all(n)
		case lang.OpEq, lang.OpNe:
			if d >= 0 && d < int64(n) {
				h = 1 << d
			}
			if op == lang.OpNe {
				h = ^h & all(n)
			}
		}
		return h, 0
	}
}

// compare compiles x op y, a comparison of ints.
func (k *compiler) compare(x lang.Expr, op lang.Op, y lang.Expr) cfn {
	if f := k.varCompare(x, op, y); f != nil {
		return f
	}
	switch op {
	case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return nil
	}
	fx, fy := k.int(x), k.int(y)
	if fx == nil || fy == nil {
		return nil
	}
	ta, tb := k.temp(), k.temp()
	return func(fr *engine.Frame, lo int64, n int) (uint64, uint64) {
		a, b := tmp(fr, ta, n), tmp(fr, tb, n)
		p := fx(fr, lo, a) | fy(fr, lo, b)
		var h uint64
		switch op {
		case lang.OpEq:
			for j, x := range a {
				h |= b2u(x == b[j]) << j
			}
		case lang.OpNe:
			for j, x := range a {
				h |= b2u(x != b[j]) << j
			}
		case lang.OpLt:
			for j, x := range a {
				h |= b2u(x < b[j]) << j
			}
		case lang.OpLe:
			for j, x := range a {
				h |= b2u(x <= b[j]) << j
			}
		case lang.OpGt:
			for j, x := range a {
				h |= b2u(x > b[j]) << j
			}
		case lang.OpGe:
			for j, x := range a {
				h |= b2u(x >= b[j]) << j
			}
		}
		return h, p
	}
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
