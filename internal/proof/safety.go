// Package proof owns the proofs that a planned query's expressions
// cannot fail (safety) and the guard they hold under: ints bounded, lists
// of ints, indexes in range. The planner's passes (package plan) ask it
// before they rewrite.
package proof

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Safety: the proof that a rewrite's expressions cannot fail. An
// expression is safe when it is int arithmetic (+, -, unary -, * by a
// constant, / and % by a constant other than 0 or by a root, which the
// guard then says is not 0) or a comparison, and, not, or of such, over int literals,
// the query's variables (bounded by their clauses: a range's by its ends,
// a bind's by its value, a literal's elements by the largest) and ints
// from outside (roots: a local or global the variant knows to be an
// int). Every int node n of it is bounded as |n| <= c*M + d when every
// root is at most M in size; the node cannot overflow while c*M + d fits
// in 64 bits, which bounds M: the guard |root| <= T (T half the smallest
// bound, so that the float arithmetic of the proof has room to spare).

// lin bounds a node: |n| <= c*M + d.
type lin struct{ c, d float64 }

// maxSafe is below 2^63 - 1 by more than float64's rounding; rootSafe
// is its square root.
const (
	maxSafe  = 9.0e18
	rootSafe = 3.0e9
)

// Prover proves expressions of a query safe and collects their roots.
type Prover struct {
	env   *Ctx
	Q     *ir.Query // whose clauses bind the variables read
	roots map[*resolve.Decl]*lang.Ident
	order []*resolve.Decl
	// nonZero: the roots that divide (the guard says they are not 0).
	nonZero map[*resolve.Decl]bool
	// positive: the roots whose divisors are iterated (the guard says
	// they are at least 1).
	positive map[*resolve.Decl]bool
	// untyped: the int roots the compiler does not know to be ints
	// (ir.Bound.Any).
	untyped map[*resolve.Decl]bool
	// strs: the roots whose characters are compared with strings
	// (strChar): strings, where nothing reads them as lists of ints.
	strs map[*resolve.Decl]bool
	// ints: the roots that are lists (or tuples) of ints, read by index,
	// len or iteration (listroots.go): the guard says so, and bounds
	// their elements as it bounds an int root.
	ints map[*resolve.Decl]bool
	// minLen: the length each list root must have at least (an element
	// read at a constant index).
	minLen map[*resolve.Decl]int64
	// colls: the list roots that are globals only iterated (collRoot).
	colls map[*resolve.Decl]bool
	// iters: the list roots that are locals a clause iterates
	// (iterRoot); seqs: those read as lists too (listRoot). A local
	// only iterated may be a list, a tuple or a set (ir.Bound.Coll).
	iters, seqs map[*resolve.Decl]bool
	// arity: what the elements of a collection root are, by the clauses
	// that iterate it and the memberships that test it (ir.Bound.Arity;
	// none: ints).
	arity map[*resolve.Decl]int
	limit float64 // the largest M every node allows
	// nest: how many comprehensions deep the proof is (compBound), at
	// most MaxBoundDepth: a query that binds one name twice (a value
	// substituted where it is read twice) cannot make it loop.
	nest int
	// bounding: the variables whose clauses are being read (name): a
	// clause whose bound reads its own variable (`range k = 0 .. k - 1`,
	// a recursive def's comprehension substituted in itself) bounds
	// nothing.
	bounding map[*resolve.Decl]bool
	// spanning: the variables whose spans are being found (varSpan).
	spanning map[*resolve.Decl]bool
	// facts: conditions known to hold where the expression being proved
	// is evaluated (the left side of an and, the negated left side of
	// an or, an if's condition in its branches; with Ordered, the
	// filters before it in the clauses proved): what an index's range
	// proof reads (listroots.go).
	facts   []lang.Expr
	Ordered bool
	// Bits: the bit operators are proved too (& | ^ ~ never fail on
	// ints; << and >> by a count known to be in range: bits.go).
	Bits bool
}

// Ctx is what the proofs read: what names mean where the query is
// compiled, and the comprehensions a helper returns.
type Ctx struct {
	R *resolve.Resolver
	// Parts returns the comprehensions the call of def fn returns (its
	// body: list comprehensions concatenated or set comprehensions
	// united), each a query with the parameters written as the
	// arguments, its names new and its helpers inlined where they cannot
	// fail; nil where it is no such body.
	Parts func(fn *engine.Func, call *lang.Call) []*ir.Query
	// AnyInts: a local not known to be an int may be an int root, its
	// guard testing it for an int first (a comprehension's query, in a
	// def of arguments of any kind; not a game's rule, whose variant for
	// int arguments has them typed).
	AnyInts bool
}

// New starts the proofs of query q's expressions.
func New(env *Ctx, q *ir.Query) *Prover {
	return &Prover{env: env, Q: q, roots: map[*resolve.Decl]*lang.Ident{}, limit: math.Inf(1)}
}

// Guard returns q's guard with the roots of s bounded too, or false when
// no M >= 1 makes every node safe.
func (s *Prover) Guard(q *ir.Query) ([]ir.Bound, bool) {
	out := append([]ir.Bound(nil), q.Guard...)
	if len(s.order) == 0 {
		return out, true
	}
	t := s.limit / 2
	if t > 1<<62 {
		t = 1 << 62
	}
	if t < 1 {
		return nil, false
	}
	var mine []ir.Bound
	for _, d := range s.order {
		if s.strs[d] && s.ints[d] {
			return nil, false // (a string and a list of ints)
		}
		// (A root read only by its length and indexes is a list of ints.)
		ints := s.ints[d] || s.seqs[d] && !s.strs[d]
		mine = append(mine, ir.Bound{Root: s.roots[d], T: int64(t), NonZero: s.nonZero[d], Positive: s.positive[d], Any: s.untyped[d], Ints: ints, Str: s.strs[d], MinLen: s.minLen[d], Coll: s.colls[d] || s.iters[d] && !s.seqs[d], Arity: s.arity[d]})
	}
	return ir.MergeGuards(out, mine), true
}

// constrain records that a node bounded by l must fit.
func (s *Prover) constrain(l lin) bool {
	if l.c == 0 {
		return l.d <= maxSafe
	}
	s.limit = math.Min(s.limit, (maxSafe-l.d)/l.c)
	return l.d <= maxSafe
}

// Int bounds int expression e, or false when it is not safe.
func (s *Prover) Int(e lang.Expr) (lin, bool) {
	var l lin
	switch e := e.(type) {
	case *lang.IntLit:
		l = lin{0, math.Abs(float64(e.Val))}
	case *lang.Ident:
		var ok bool
		if l, ok = s.name(e); !ok {
			return l, false
		}
	case *lang.Unary:
		if e.Op == lang.OpBitNot && s.Bits {
			x, ok := s.Int(e.X)
			if !ok {
				return l, false
			}
			l = lin{x.c, x.d + 1}
			break
		}
		if e.Op != lang.OpNeg {
			return l, false
		}
		x, ok := s.Int(e.X)
		if !ok {
			return l, false
		}
		l = x
	case *lang.Binary:
		if s.Bits && bitOps[e.Op] {
			var ok bool
			if l, ok = s.bits(e); !ok {
				return l, false
			}
			break
		}
		x, ok1 := s.Int(e.X)
		y, ok2 := s.Int(e.Y)
		if !ok1 || !ok2 {
			return l, false
		}
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			l = lin{x.c + y.c, x.d + y.d}
		case lang.OpMul:
			k, isK := ConstInt(e.X)
			other := y
			if !isK {
				k, isK = ConstInt(e.Y)
				other = x
			}
			if !isK {
				// Two ints neither constant: safe while each is at
				// most rootSafe in size; the product is then bounded
				// by maxSafe (nothing built on it is proved).
				if !s.constrain(lin{x.c * rootSafe, x.d * rootSafe}) || !s.constrain(lin{y.c * rootSafe, y.d * rootSafe}) {
					return l, false
				}
				l = lin{0, maxSafe}
				break
			}
			a := math.Abs(float64(k))
			l = lin{other.c * a, other.d * a}
		case lang.OpDiv, lang.OpMod:
			// By a root, which the guard says is not 0 (or a fact known
			// where r is 0 is false: facts.go): |x / r| <= |x|
			// (x / -1 cannot overflow: |x| <= M), |x % r| < |r|.
			if id, ok := e.Y.(*lang.Ident); ok && s.isRoot(id) {
				if !s.refutes(resolve.Of(id), 0) {
					s.divides(id)
				}
				l = x
				if e.Op == lang.OpMod {
					l = y
				}
				break
			}
			// By a divisor a clause lists, or a range's variable from
			// a literal of at least 1: the same.
			if id, ok := e.Y.(*lang.Ident); ok {
				cl := s.Binder(resolve.Of(id))
				r, isRange := cl.(*ir.Range)
				if lo, ok := ConstInt(rangeLo(r, isRange)); ok && lo >= 1 {
					l = x
					if e.Op == lang.OpMod {
						l = y
					}
					break
				}
				if cl, isElems := cl.(*ir.Elems); isElems && !cl.Pat.Tuple && s.divisorsOf(cl.Coll) != nil {
					l = x
					if e.Op == lang.OpMod {
						l = y
					}
					break
				}
			}
			// By a literal other than 0 (and -1 for /): |x / k| <= |x|,
			// |x % k| < |k|.
			k, isK := ConstInt(e.Y)
			if !isK || k == 0 || k == -1 && e.Op == lang.OpDiv {
				return l, false
			}
			l = x
			if e.Op == lang.OpMod {
				l = lin{0, math.Abs(float64(k))}
			}
		default:
			return l, false
		}
	case *lang.Index:
		// An element of a list root at an index proved in range.
		var ok bool
		if s.Bits {
			if l, ok = s.litElement(e); ok {
				break
			}
		}
		if l, ok = s.element(e); !ok {
			return l, false
		}
	case *lang.Call:
		if r := s.lenOf(e); r != nil {
			l = lin{0, ir.MaxLen}
			break
		}
		bi := s.env.R.BuiltinCallee(e)
		// isqrt of an int: at most its size, or 1; abs: its size (it
		// fails only for the least int, which no bound allows).
		if bi != nil && (bi.BName == "isqrt" || bi.BName == "abs") && len(e.Args) == 1 {
			x, ok := s.Int(e.Args[0])
			if !ok {
				return l, false
			}
			l = lin{x.c, math.Max(x.d, 1)}
			break
		}
		if bi != nil && (bi.BName == "min" || bi.BName == "max") && len(e.Args) == 1 {
			var ok bool
			if l, ok = s.extremeOf(e.Args[0]); !ok {
				return l, false
			}
			break
		}
		// min and max of two ints or more (the built-ins, not hidden):
		// one of them.
		if bi == nil || bi.BName != "min" && bi.BName != "max" || len(e.Args) < 2 {
			return l, false
		}
		for _, a := range e.Args {
			x, ok := s.Int(a)
			if !ok {
				return l, false
			}
			l = lin{math.Max(l.c, x.c), math.Max(l.d, x.d)}
		}
	case *lang.IfExpr:
		if !s.Cond(e.Cond) {
			return l, false
		}
		var x, y lin
		ok1 := s.with(e.Cond, func() bool { var ok bool; x, ok = s.Int(e.Then); return ok })
		ok2 := s.with(negate(e.Cond), func() bool { var ok bool; y, ok = s.Int(e.Else); return ok })
		if !ok1 || !ok2 {
			return l, false
		}
		l = lin{math.Max(x.c, y.c), math.Max(x.d, y.d)}
	default:
		return l, false
	}
	return l, s.constrain(l)
}

// Cond reports whether condition e is safe.
func (s *Prover) Cond(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Call:
		// any or all of a list literal of safe conditions, or of a list
		// comprehension whose clauses and yield are safe.
		bi := s.env.R.BuiltinCallee(e)
		if bi == nil || bi.BName != "any" && bi.BName != "all" || len(e.Args) != 1 {
			return false
		}
		if c, ok := e.Args[0].(*lang.Comp); ok && c.Kind == lang.ListComp {
			return s.compCond(c)
		}
		l, ok := e.Args[0].(*lang.ListLit)
		if !ok {
			return false
		}
		for _, x := range l.Elems {
			if !s.Cond(x) {
				return false
			}
		}
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot && s.Cond(e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			return s.Cond(e.X) && s.with(e.X, func() bool { return s.Cond(e.Y) })
		case lang.OpOr:
			return s.Cond(e.X) && s.with(negate(e.X), func() bool { return s.Cond(e.Y) })
		case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe, lang.OpEq, lang.OpNe:
			if tx, ok := e.X.(*lang.TupleLit); ok && (e.Op == lang.OpEq || e.Op == lang.OpNe) {
				// (Two tuples of safe ints of one length: compared
				// element by element.)
				ty, ok := e.Y.(*lang.TupleLit)
				return ok && len(tx.Elems) == len(ty.Elems) && SafeAll(s, tx.Elems) && SafeAll(s, ty.Elems)
			}
			if e.Op == lang.OpEq || e.Op == lang.OpNe {
				// (A string root's character and a string.)
				if _, isStr := e.Y.(*lang.StrLit); isStr && s.strChar(e.X) {
					return true
				}
				if _, isStr := e.X.(*lang.StrLit); isStr && s.strChar(e.Y) {
					return true
				}
			}
			_, ok1 := s.Int(e.X)
			_, ok2 := s.Int(e.Y)
			return ok1 && ok2
		case lang.OpIn, lang.OpNotIn:
			// (A safe int in a list or tuple of safe ints that cannot
			// fail: compared with each element; anything that cannot
			// fail in a collection root, which the guard says is a
			// list, a tuple or a set: found by equality, which never
			// fails.)
			if id, ok := e.Y.(*lang.Ident); ok && s.Arg(e.X) && s.Binder(resolve.Of(id)) == nil && s.elemsRoot(id, ir.AnyElems) {
				return true
			}
			_, ok := s.Int(e.X)
			return ok && s.listArg(e.Y)
		}
	}
	return false
}

// Conds reports whether the filters cls (or the values of binds) are all
// safe.
func (s *Prover) Conds(cls []ir.Clause) bool {
	for _, cl := range cls {
		switch cl := cl.(type) {
		case *ir.Filter:
			if !s.Cond(cl.Cond) {
				return false
			}
			if s.Ordered {
				s.facts = append(s.facts[:len(s.facts):len(s.facts)], cl.Cond)
			}
		case *ir.Bind:
			if id, ok := cl.X.(*lang.Ident); ok && !cl.Pat.Tuple && s.Binder(resolve.Of(id)) != nil {
				continue // (reading a variable of the query cannot fail)
			}
			if cl.Pat.Tuple || !s.IntOrTuple(cl.X) && !s.Position(cl.X) && !s.listArg(cl.X) {
				return false
			}
		case *ir.Range:
			if _, ok := s.clauseBound(cl, nil); !ok {
				return false
			}
			if s.Ordered {
				s.facts = append(s.facts[:len(s.facts):len(s.facts)], rangeFact(cl))
			}
		case *ir.Elems:
			if _, ok := s.clauseBound(cl, nil); !ok {
				return false
			}
		}
	}
	return true
}

// Arg reports whether evaluating a cannot fail: safe int arithmetic, a
// local's name (of any value), or a tuple of those.
func (s *Prover) Arg(a lang.Expr) bool {
	if id, ok := a.(*lang.Ident); ok {
		if d := resolve.Of(id); d != nil && d.Kind == resolve.Local {
			return true
		}
	}
	if t, ok := a.(*lang.TupleLit); ok {
		for _, x := range t.Elems {
			if !s.Arg(x) {
				return false
			}
		}
		return true
	}
	_, ok := s.Int(a)
	return ok
}

// Position reports whether e makes a position and cannot fail: a call
// of a game declared in the script whose arguments cannot fail, or a sum
// of such.
func (s *Prover) Position(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.Binary:
		return x.Op == lang.OpAdd && s.Position(x.X) && s.Position(x.Y)
	case *lang.Call:
		id, ok := x.Fn.(*lang.Ident)
		if !ok {
			return false
		}
		// (A game written in Go has a Check that may fail: its cell is
		// filled when it is defined, with no declaration.)
		if d := resolve.Of(id); d == nil || d.Kind != resolve.Game {
			return false
		}
		b := s.env.R.LookupHere(id)
		if b == nil || b.Kind != resolve.Game || b.Game != nil && b.Game.Decl == nil {
			return false
		}
		for _, a := range x.Args {
			if !s.Arg(a) && !s.listArg(a) {
				return false
			}
		}
		return true
	}
	return false
}

// IntOrTuple reports whether e is a safe int, or a tuple or list literal
// of safe ints, or a set literal of safe ints and tuples of them, or a
// safe choice between such (building it cannot fail).
func (s *Prover) IntOrTuple(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.TupleLit:
		return SafeAll(s, e.Elems)
	case *lang.ListLit:
		return SafeAll(s, e.Elems)
	case *lang.SetLit:
		// (Its elements compared to one another: ints and tuples of
		// them always compare.)
		for _, x := range e.Elems {
			if t, ok := x.(*lang.TupleLit); ok && !SafeAll(s, t.Elems) {
				return false
			} else if _, isInt := s.Int(x); !ok && !isInt {
				return false
			}
		}
		return true
	case *lang.IfExpr:
		return s.Cond(e.Cond) && s.with(e.Cond, func() bool { return s.IntOrTuple(e.Then) }) &&
			s.with(negate(e.Cond), func() bool { return s.IntOrTuple(e.Else) })
	}
	_, ok := s.Int(e)
	return ok
}

// name bounds a name: a variable of the query by its clause, an int from
// outside as a root.
func (s *Prover) name(id *lang.Ident) (lin, bool) {
	d := resolve.Of(id)
	if d == nil {
		return lin{}, false
	}
	if cl := s.Binder(d); cl != nil {
		if s.bounding[d] {
			return lin{}, false
		}
		if s.bounding == nil {
			s.bounding = map[*resolve.Decl]bool{}
		}
		s.bounding[d] = true
		defer delete(s.bounding, d)
		return s.clauseBound(cl, d)
	}
	if v, ok := ConstInt(id); ok {
		return lin{0, math.Abs(float64(v))}, true // (not a root: the guard need not bound it)
	}
	b := s.env.R.LookupHere(id)
	if b == nil || !b.IsInt && (b.Kind != resolve.Local || !s.env.AnyInts) || b.Kind != resolve.Local && b.Kind != resolve.Global {
		// (A local not known to be an int is one behind the guard's
		// test of it: IntCall.)
		return lin{}, false
	}
	if _, ok := s.roots[d]; !ok {
		s.roots[d] = id
		s.order = append(s.order, d)
	}
	if !b.IsInt {
		if s.untyped == nil {
			s.untyped = map[*resolve.Decl]bool{}
		}
		s.untyped[d] = true
	}
	return lin{1, 0}, true
}

// isRoot reports whether id names a root: an int from outside the query
// (bounded, then, by the guard).
func (s *Prover) isRoot(id *lang.Ident) bool {
	_, ok := s.roots[resolve.Of(id)]
	return ok
}

// divides records that root id divides: the guard says it is not 0.
func (s *Prover) divides(id *lang.Ident) {
	if s.nonZero == nil {
		s.nonZero = map[*resolve.Decl]bool{}
	}
	s.nonZero[resolve.Of(id)] = true
}

// compBound proves list comprehension c, written in the query after its
// clauses, safe (its clauses, and its yield an int), and bounds its
// elements by its yield. Its names are bound by its own clauses; what it
// reads of the query, by the query's.
func (s *Prover) compBound(c *lang.Comp) (l lin, ok bool) {
	ok = s.inComp(c, func(sub *Prover, yield lang.Expr) bool {
		l, ok = sub.Int(yield)
		return ok
	})
	return l, ok
}

// compCond proves list comprehension c, written in the query after its
// clauses, safe with a yield that is a safe condition (as compBound does
// for a yield that is an int).
func (s *Prover) compCond(c *lang.Comp) bool {
	return s.inComp(c, func(sub *Prover, yield lang.Expr) bool { return sub.Cond(yield) })
}

// inComp proves list comprehension c's clauses safe, written in the
// query after its clauses, and then its yield by prove, with a prover of
// the query and c's clauses; the roots, their bounds and their guards
// found inside are the query's.
func (s *Prover) inComp(c *lang.Comp, prove func(sub *Prover, yield lang.Expr) bool) bool {
	if s.nest >= MaxBoundDepth {
		return false
	}
	inner := ir.LowerComp(c, ir.CompConsumer(c.Kind))
	q := *s.Q
	q.Clauses = append(append([]ir.Clause(nil), s.Q.Clauses...), inner.Clauses...)
	sub := *s
	sub.Q = &q
	sub.nest++
	ok := sub.Conds(inner.Clauses) && prove(&sub, inner.Yield)
	s.adopt(&sub)
	return ok
}

// adopt takes what sub, a copy of s proving a nested part, found of the
// roots: the maps it made (a copy made before a map existed makes its
// own) and the bound. Every field that a proof fills lazily is here: a
// root's kind left behind (untyped, strs) would make a guard that tests
// a root as the wrong kind.
func (s *Prover) adopt(sub *Prover) {
	s.order, s.limit, s.nonZero, s.positive, s.untyped, s.strs = sub.order, sub.limit, sub.nonZero, sub.positive, sub.untyped, sub.strs
	s.ints, s.minLen, s.colls, s.iters, s.seqs, s.arity = sub.ints, sub.minLen, sub.colls, sub.iters, sub.seqs, sub.arity
}

// helperBound proves the collection call of def fn returns safe: its
// arguments cannot fail and its body is list comprehensions
// concatenated or set comprehensions united, each safe (its clauses, its
// yield an int, a tuple of ints or a position; a set of such cannot fail
// to build). It bounds the elements by the yields where d, a variable
// they bind, needs it (d nil: the collection evaluated).
func (s *Prover) helperBound(fn *engine.Func, call *lang.Call, d *resolve.Decl) (lin, bool) {
	for _, a := range call.Args {
		if !s.Arg(a) {
			return lin{}, false
		}
	}
	parts := s.env.Parts(fn, call)
	var l lin
	for _, part := range parts {
		q := *s.Q
		q.Clauses = append(append([]ir.Clause(nil), s.Q.Clauses...), part.Clauses...)
		sub := *s
		sub.Q = &q
		ok := sub.Conds(part.Clauses)
		var x lin
		if ok {
			var isInt bool
			if x, isInt = sub.Int(part.Yield); !isInt {
				ok = d == nil && (sub.IntOrTuple(part.Yield) || sub.Position(part.Yield))
			}
		}
		s.adopt(&sub)
		if !ok {
			return lin{}, false
		}
		l = lin{math.Max(l.c, x.c), math.Max(l.d, x.d)}
	}
	return l, len(parts) > 0
}

// divisorsOf returns the root whose divisors e lists (a call of the
// built-in divisors, not hidden, of a root), or nil.
func (s *Prover) divisorsOf(e lang.Expr) *lang.Ident {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	bi := s.env.R.BuiltinCallee(call)
	id, ok := call.Args[0].(*lang.Ident)
	if bi == nil || bi.BName != "divisors" || !ok || s.Binder(resolve.Of(id)) != nil {
		return nil
	}
	if _, ok := s.name(id); !ok {
		return nil
	}
	return id
}

// Binder is the clause of s.Q that binds d (the last one that does: a
// comprehension's clauses, appended where it is proved, come last), or
// nil.
func (s *Prover) Binder(d *resolve.Decl) ir.Clause {
	for i := len(s.Q.Clauses) - 1; i >= 0; i-- {
		cl := s.Q.Clauses[i]
		for _, n := range cl.Binds() {
			if resolve.NameDecl(n) == d {
				return cl
			}
		}
	}
	return nil
}

// clauseBound bounds variable d by the clause binding it.
func (s *Prover) clauseBound(cl ir.Clause, d *resolve.Decl) (lin, bool) {
	switch cl := cl.(type) {
	case *ir.Range:
		lo, ok1 := s.Int(cl.Lo)
		hi, ok2 := s.Int(cl.Hi)
		return lin{math.Max(lo.c, hi.c), math.Max(lo.d, hi.d)}, ok1 && ok2
	case *ir.Bind:
		if cl.Pat.Tuple {
			return lin{}, false
		}
		return s.Int(cl.X)
	case *ir.Elems:
		if id, ok := cl.Coll.(*lang.Ident); ok && cl.Pat.Tuple {
			// (A collection root of tuples of the pattern's length:
			// each of their ints within the guard.)
			return lin{1, 0}, s.elemsRoot(id, len(cl.Pat.Names))
		}
		if cl.Pat.Tuple {
			return lin{}, false
		}
		if id, ok := cl.Coll.(*lang.Ident); ok && s.elemsRoot(id, 0) {
			return lin{1, 0}, true // (its elements, ints within the guard)
		}
		if l, ok := s.rangeBound(cl.Coll); ok {
			return l, true
		}
		if call, ok := cl.Coll.(*lang.Call); ok {
			if fn := HelperDef(s.env.R, call); fn != nil {
				return s.helperBound(fn, call, d)
			}
		}
		if list, set := Comps(cl.Coll); list != nil && set == nil {
			// List comprehensions written in place (a concatenation of
			// them): safe when their clauses and yields are, each
			// element bounded by the yields.
			var l lin
			for _, c := range list {
				x, ok := s.compBound(c)
				if !ok {
					return lin{}, false
				}
				l = lin{math.Max(l.c, x.c), math.Max(l.d, x.d)}
			}
			return l, true
		}
		if _, ok := cl.Coll.(*lang.Slice); ok {
			// A slice of a list root (listInts): its elements.
			if l, _, ok := s.listInts(cl.Coll); ok {
				return l, true
			}
		}
		if r := s.divisorsOf(cl.Coll); r != nil {
			// The divisors of a root: each is between 1 and it. Listing
			// them cannot fail where the guard says it is at least 1
			// (d nil: the clause evaluated); a variable they bind was
			// bound by a listing that did not fail.
			if d == nil {
				if s.positive == nil {
					s.positive = map[*resolve.Decl]bool{}
				}
				s.positive[resolve.Of(r)] = true
			}
			return lin{1, 0}, true
		}
		coll := cl.Coll
		if id, ok := coll.(*lang.Ident); ok {
			// A global bound to a literal of ints (resolve's Decl.Lit:
			// its slot holds it wherever code reads it).
			if d := resolve.Of(id); d != nil && d.Kind == resolve.Global && d.Lit != nil {
				coll = d.Lit
			}
		}
		ints, ok := LiteralInts(coll)
		if !ok || len(ints) == 0 {
			return lin{}, false
		}
		m := 0.0
		for _, v := range ints {
			m = math.Max(m, math.Abs(float64(v)))
		}
		return lin{0, m}, true
	}
	return lin{}, false
}

// LiteralInts returns the ints of a list, tuple or set literal of int
// literals (an int literal negated included), in order.
func LiteralInts(e lang.Expr) ([]int64, bool) {
	elems := resolve.LiteralElems(e)
	if elems == nil {
		return nil, false
	}
	out := make([]int64, 0, len(elems))
	for _, x := range elems {
		v, ok := IntLit(x)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// ConstInt is IntLit of e, or of the literal a global e names holds
// wherever it is read (resolve's Decl.Lit: a let of a literal that no code
// runs before).
func ConstInt(e lang.Expr) (int64, bool) {
	if id, ok := e.(*lang.Ident); ok {
		if d := resolve.Of(id); d != nil && d.Kind == resolve.Global && d.Lit != nil {
			return IntLit(d.Lit)
		}
	}
	return IntLit(e)
}

// IntLit is the value of an int literal or a negated one (ir.IntLit).
func IntLit(e lang.Expr) (int64, bool) { return ir.IntLit(e) }

// SafeAll reports whether every expression of xs is a safe int.
func SafeAll(sf *Prover, xs []lang.Expr) bool {
	for _, x := range xs {
		if _, ok := sf.Int(x); !ok {
			return false
		}
	}
	return true
}

// HelperDef is the def call calls, whatever the order of their
// declarations, or nil.
func HelperDef(r *resolve.Resolver, call *lang.Call) *engine.Func {
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	if d := resolve.Of(id); d == nil || d.Kind != resolve.Def {
		return nil // (a local called has no slot yet: it is the query's)
	}
	b := r.Lookup(id)
	if b == nil || b.Kind != resolve.Def || b.Fn == nil || b.Fn.Decl == nil || len(lang.ParamNames(b.Fn.Decl.Params)) != len(call.Args) {
		return nil
	}
	return b.Fn
}

// Comps returns the list comprehensions whose concatenation is body, or
// the set comprehensions whose union it is (one of them is nil).
func Comps(body lang.Expr) (list, set []*lang.Comp) {
	var walk func(e lang.Expr, kind lang.CompKind) []*lang.Comp
	walk = func(e lang.Expr, kind lang.CompKind) []*lang.Comp {
		switch e := e.(type) {
		case *lang.Comp:
			if e.Kind == kind {
				return []*lang.Comp{e}
			}
		case *lang.Binary:
			if kind == lang.SetComp && e.Op == lang.OpBitOr || kind == lang.ListComp && e.Op == lang.OpAdd {
				x, y := walk(e.X, kind), walk(e.Y, kind)
				if x != nil && y != nil {
					return append(x, y...)
				}
			}
		}
		return nil
	}
	if list = walk(body, lang.ListComp); list != nil {
		return list, nil
	}
	return nil, walk(body, lang.SetComp)
}

// MaxBoundDepth is how many variables within replaces by their bounds.
const MaxBoundDepth = 12

// rangeLo is range r's start, or nil.
func rangeLo(r *ir.Range, ok bool) lang.Expr {
	if !ok {
		return nil
	}
	return r.Lo
}

// extremeOf bounds min(x) or max(x) of a list x that is list
// comprehensions and list literals concatenated, with at least one
// element in a literal (the list is never empty): safe when the
// comprehensions and the literals' elements are ints that cannot fail,
// each element bounding the result.
func (s *Prover) extremeOf(x lang.Expr) (lin, bool) {
	var l lin
	some := false
	var walk func(e lang.Expr) bool
	walk = func(e lang.Expr) bool {
		switch e := e.(type) {
		case *lang.Binary:
			return e.Op == lang.OpAdd && walk(e.X) && walk(e.Y)
		case *lang.Comp:
			if e.Kind != lang.ListComp {
				return false
			}
			y, ok := s.compBound(e)
			l = lin{math.Max(l.c, y.c), math.Max(l.d, y.d)}
			return ok
		case *lang.ListLit:
			for _, el := range e.Elems {
				y, ok := s.Int(el)
				if !ok {
					return false
				}
				l = lin{math.Max(l.c, y.c), math.Max(l.d, y.d)}
				some = true
			}
			return true
		}
		return false
	}
	return l, walk(x) && some
}

// Bits: with Prover.Bits, the bit operators of ints are safe too. A & B,
// A | B and A ^ B never fail on ints, and their result is no larger in
// size than twice the larger operand (both lie in -2^p .. 2^p - 1 for
// the least 2^p above that size, and so does the result); ~A is -A - 1.
// A >> K never fails for K from 0 to 63 and is no larger than A; A << K
// is proved only for A an int literal at least 0 and K from 0 to a
// largest count that keeps A << K within the safe bound: an int literal,
// or a range's variable from a literal at least 0 to an end bounded by a
// constant.

// bitOps are the operators bits proves.
var bitOps = map[lang.Op]bool{lang.OpBitAnd: true, lang.OpBitOr: true, lang.OpXor: true, lang.OpShl: true, lang.OpShr: true}

// bits bounds e, a binary bit operator.
func (s *Prover) bits(e *lang.Binary) (lin, bool) {
	switch e.Op {
	case lang.OpShl:
		a, ok := ConstInt(e.X)
		if !ok || a < 0 {
			return lin{}, false
		}
		hi, ok := s.count(e.Y)
		if !ok || hi > 62 || float64(a)*math.Ldexp(1, int(hi)) > maxSafe {
			return lin{}, false
		}
		return lin{0, float64(a) * math.Ldexp(1, int(hi))}, true
	case lang.OpShr:
		x, ok := s.Int(e.X)
		if !ok {
			return lin{}, false
		}
		if _, ok := s.count(e.Y); !ok {
			return lin{}, false
		}
		return x, true
	}
	x, ok1 := s.Int(e.X)
	y, ok2 := s.Int(e.Y)
	if !ok1 || !ok2 {
		return lin{}, false
	}
	return lin{2 * (x.c + y.c), 2*(x.d+y.d) + 1}, true
}

// count is the largest value of shift count k, known to be from 0 to
// it, and at most 63; false where that is not known.
func (s *Prover) count(k lang.Expr) (int64, bool) {
	hi, ok := s.natural(k)
	return hi, ok && hi <= 63
}

// litElement bounds X[I], X a global bound to a literal of ints (Decl's
// Lit) and I known to be from 0 to its length less 1: by its largest
// element.
func (s *Prover) litElement(e *lang.Index) (lin, bool) {
	id, ok := e.X.(*lang.Ident)
	if !ok {
		return lin{}, false
	}
	d := resolve.Of(id)
	if d == nil || d.Kind != resolve.Global || d.Lit == nil || s.Binder(d) != nil {
		return lin{}, false
	}
	ints, ok := LiteralInts(d.Lit)
	if !ok {
		return lin{}, false
	}
	if _, isSet := d.Lit.(*lang.SetLit); isSet {
		return lin{}, false
	}
	hi, ok := s.natural(e.Index)
	if !ok || hi >= int64(len(ints)) {
		return lin{}, false
	}
	m := 0.0
	for _, v := range ints {
		m = math.Max(m, math.Abs(float64(v)))
	}
	return lin{0, m}, true
}

// natural is the largest value of k, known to be from 0 to it (at most
// 2^62): an int literal, or a range's variable from a literal at least 0
// to an end bounded by a constant; false where that is not known.
func (s *Prover) natural(k lang.Expr) (int64, bool) {
	if v, ok := ConstInt(k); ok {
		return v, v >= 0
	}
	id, ok := k.(*lang.Ident)
	if !ok {
		return 0, false
	}
	r, ok := s.Binder(resolve.Of(id)).(*ir.Range)
	if !ok {
		return 0, false
	}
	lo, ok := ConstInt(r.Lo)
	if !ok || lo < 0 {
		return 0, false
	}
	if _, ok := s.Int(r.Lo); !ok {
		return 0, false
	}
	hi, ok := s.Int(r.Hi)
	if !ok || hi.c != 0 || hi.d > 1<<62 {
		return 0, false
	}
	return int64(hi.d), true
}
