package defloops

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The proof that a def's comprehension cannot fail where its guard
// holds: its collections are roots (the rule's parameters, which the
// guard says are sets or lists of tuples of ints at most T in size) or
// literals of such expressions; its expressions ints (literals, globals
// bound to literals, elements of those tuples at constant indexes, +, -,
// unary -, * by a literal, abs, each bounded: none can overflow),
// tuples of them, names of any value compared with == and !=, tests of
// membership in a root or a literal, and and, or, not of such.

// T bounds the ints of a root's elements.
const T = 1 << 31

// maxSafe is below 2^63 - 1 by more than float64's rounding.
const maxSafe = 9.0e18

// kind is what the proof knows of a value: an int of magnitude at most
// b; a tuple of width ints at most b in size; an element of root (a
// tuple of the root's width); a root; or any value.
type kind struct {
	k     uint8
	width int
	b     float64
	root  *resolve.Decl
}

const (
	kAny uint8 = iota
	kInt
	kTuple
	kElem
	kRoot
)

// prover proves a fused comprehension's clauses safe.
type prover struct {
	r     *resolve.Resolver
	vars  map[*resolve.Decl]kind
	roots map[*resolve.Decl]*root
	// canRoot says whether a name from outside may be a root (a
	// parameter of the game: the guard reads it first).
	canRoot func(d *resolve.Decl) bool
}

// root is what the guard must say of a root.
type root struct {
	id    *lang.Ident
	need  int  // an element read at index need - 1
	exact int  // unpacked into a pattern of exact names (0: none)
	set   bool // a set (R - {...} made of it)
}

func (p *prover) rootOf(id *lang.Ident) *root {
	d := resolve.Of(id)
	if d == nil || d.Kind != resolve.Local || !p.canRoot(d) {
		return nil
	}
	if _, isVar := p.vars[d]; isVar {
		return nil
	}
	if r := p.roots[d]; r != nil {
		return r
	}
	r := &root{id: id}
	p.roots[d] = r
	return r
}

// sortedRoots is the roots in the order of their names' positions (the
// guard's tests in one order, whatever the map's).
func (p *prover) sortedRoots() []*root {
	var out []*root
	for _, r := range p.roots {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *root) int {
		return cmp.Or(cmp.Compare(a.id.Pos.Line, b.id.Pos.Line), cmp.Compare(a.id.Pos.Column, b.id.Pos.Column), strings.Compare(a.id.Name, b.id.Name))
	})
	return out
}

// test is the guard the proof needs of r, or false where its reads
// disagree (an index past the names of a pattern).
func (r *root) test() (*cellTest, bool) {
	if r.exact > 0 {
		return &cellTest{width: r.exact, exact: true, t: T, set: r.set}, r.need <= r.exact
	}
	return &cellTest{width: r.need, t: T, set: r.set}, true
}

// clauses proves cls, binding their names.
func (p *prover) clauses(cls []ir.Clause) bool {
	for _, cl := range cls {
		switch cl := cl.(type) {
		case *ir.Filter:
			if !p.cond(cl.Cond) {
				return false
			}
		case *ir.Bind:
			k, ok := p.value(cl.X)
			if !ok || !p.bind(cl.Pat, k, cl.X) {
				return false
			}
		case *ir.Elems:
			k, ok := p.elemOf(cl.Coll)
			if !ok || !p.bind(cl.Pat, k, nil) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// elemOf is the kind of the elements of coll: a root's, or a literal's
// (all alike).
func (p *prover) elemOf(coll lang.Expr) (kind, bool) {
	if id, ok := coll.(*lang.Ident); ok {
		if r := p.rootOf(id); r != nil {
			return kind{k: kElem, root: resolve.Of(id)}, true
		}
		return kind{}, false
	}
	var xs []lang.Expr
	switch l := coll.(type) {
	case *lang.ListLit:
		xs = l.Elems
	case *lang.TupleLit:
		xs = l.Elems
	default:
		return kind{}, false
	}
	if len(xs) == 0 {
		return kind{}, false
	}
	var out kind
	for i, x := range xs {
		k, ok := p.value(x)
		if !ok {
			return kind{}, false
		}
		switch {
		case i == 0:
			out = k
		case k.k == kInt && out.k == kInt || k.k == kTuple && out.k == kTuple && k.width == out.width:
			out.b = math.Max(out.b, k.b)
		default:
			out = kind{k: kAny}
		}
	}
	return out, true
}

// bind binds pattern pat to a value of kind k; x, when not nil, is the
// expression bound (a tuple literal unpacked).
func (p *prover) bind(pat *lang.Pattern, k kind, x lang.Expr) bool {
	if !pat.Tuple {
		if len(pat.Names) != 1 {
			return false
		}
		p.vars[resolve.NameDecl(pat.Names[0])] = k
		return true
	}
	n := len(pat.Names)
	var elem kind
	switch k.k {
	case kTuple:
		if k.width != n {
			return false
		}
		elem = kind{k: kInt, b: k.b}
	case kElem:
		r := p.roots[k.root]
		if r.exact != 0 && r.exact != n {
			return false
		}
		r.exact = n
		elem = kind{k: kInt, b: T}
	default:
		return false
	}
	for _, nm := range pat.Names {
		p.vars[resolve.NameDecl(nm)] = elem
	}
	return true
}

// value proves e safe and says what it is.
func (p *prover) value(e lang.Expr) (kind, bool) {
	switch e := e.(type) {
	case *lang.TupleLit:
		out := kind{k: kTuple, width: len(e.Elems)}
		for _, x := range e.Elems {
			k, ok := p.value(x)
			if !ok {
				return kind{}, false
			}
			if k.k != kInt {
				out.k = kAny
			}
			out.b = math.Max(out.b, k.b)
		}
		return out, true
	case *lang.Ident:
		d := resolve.Of(e)
		if k, ok := p.vars[d]; ok {
			return k, true
		}
		if v, ok := proof.ConstInt(e); ok {
			return kind{k: kInt, b: math.Abs(float64(v))}, true
		}
		if r := p.rootOf(e); r != nil {
			return kind{k: kRoot, root: d}, true
		}
		return kind{}, false
	case *lang.Binary:
		// A root less a set literal of safe values: a set (the guard
		// says so).
		id, isID := e.X.(*lang.Ident)
		lit, isLit := e.Y.(*lang.SetLit)
		if e.Op == lang.OpSub && isID && isLit {
			r := p.rootOf(id)
			if r == nil {
				return kind{}, false
			}
			for _, x := range lit.Elems {
				if _, ok := p.value(x); !ok {
					return kind{}, false
				}
			}
			r.set = true
			return kind{k: kAny}, true
		}
	}
	b, ok := p.int(e)
	return kind{k: kInt, b: b}, ok
}

// int bounds int expression e, or false when it is not safe.
func (p *prover) int(e lang.Expr) (float64, bool) {
	var b float64
	switch e := e.(type) {
	case *lang.IntLit:
		b = math.Abs(float64(e.Val))
	case *lang.Ident:
		k, ok := p.value(e)
		if !ok || k.k != kInt {
			return 0, false
		}
		b = k.b
	case *lang.Index:
		i, ok := proof.IntLit(e.Index)
		if !ok || i < 0 {
			return 0, false
		}
		id, ok := e.X.(*lang.Ident)
		if !ok {
			return 0, false
		}
		k, ok := p.vars[resolve.Of(id)]
		switch {
		case !ok:
			return 0, false
		case k.k == kTuple && i < int64(k.width):
			b = k.b
		case k.k == kElem && i < 64:
			r := p.roots[k.root]
			r.need = max(r.need, int(i)+1)
			b = T
		default:
			return 0, false
		}
	case *lang.Unary:
		if e.Op != lang.OpNeg {
			return 0, false
		}
		x, ok := p.int(e.X)
		if !ok {
			return 0, false
		}
		b = x
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			x, ok1 := p.int(e.X)
			y, ok2 := p.int(e.Y)
			if !ok1 || !ok2 {
				return 0, false
			}
			b = x + y
		case lang.OpMul:
			k, isK := proof.IntLit(e.X)
			other := e.Y
			if !isK {
				k, isK = proof.IntLit(e.Y)
				other = e.X
			}
			if !isK {
				return 0, false
			}
			x, ok := p.int(other)
			if !ok {
				return 0, false
			}
			b = x * math.Abs(float64(k))
		default:
			return 0, false
		}
	case *lang.Call:
		bi := p.r.BuiltinCallee(e)
		if bi == nil || bi.BName != "abs" || len(e.Args) != 1 {
			return 0, false
		}
		x, ok := p.int(e.Args[0])
		if !ok {
			return 0, false
		}
		b = x
	default:
		return 0, false
	}
	return b, b <= maxSafe
}

// cond proves condition e safe.
func (p *prover) cond(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot && p.cond(e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd, lang.OpOr:
			return p.cond(e.X) && p.cond(e.Y)
		case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			_, ok1 := p.int(e.X)
			_, ok2 := p.int(e.Y)
			return ok1 && ok2
		case lang.OpEq, lang.OpNe:
			_, ok1 := p.value(e.X)
			_, ok2 := p.value(e.Y)
			return ok1 && ok2
		case lang.OpIn, lang.OpNotIn:
			if _, ok := p.value(e.X); !ok {
				return false
			}
			if id, ok := e.Y.(*lang.Ident); ok {
				return p.rootOf(id) != nil
			}
			_, ok := p.elemOf(e.Y)
			return ok
		}
	}
	return false
}
