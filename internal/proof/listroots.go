package proof

import (
	"maps"
	"math"
	"math/big"
	"slices"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// List roots: a local from outside the query that the query reads as a
// list of ints (a position's list, `hs` of `game heaps(hs)`): by an index
// proved in range (`hs[i]` for i in 0 .. len(hs) - 1), by len, by
// iterating it, sliced, updated. Where the guard says it is a list of
// ints, each at most T in size (ir.Bound.Ints, tested by IntsCall), none of those
// reads can fail and each element is bounded as an int root is. An
// index is in range when its least value is at least 0 and its largest
// at most len(R) - 1, both computed over the variables' clauses (a
// range's ends) and the facts known where it is read: `i == 0 or
// b[i - 1] == 0` reads b[i - 1] where i != 0.

// listRoot reports whether id names a local from outside the query that
// is not known to be an int (a game's or def's parameter in the variant
// for any values), and records it as a list root.
func (s *Prover) listRoot(id *lang.Ident) bool {
	if !s.seqRoot(id) {
		return false
	}
	if s.ints == nil {
		s.ints = map[*resolve.Decl]bool{}
	}
	s.ints[resolve.Of(id)] = true
	return true
}

// seqRoot is listRoot of a root read only by its length and its indexes
// (a list of ints for the guard, unless its characters are compared
// with strings: a string, strRoot).
func (s *Prover) seqRoot(id *lang.Ident) bool {
	d := resolve.Of(id)
	if d == nil || s.Binder(d) != nil {
		return false
	}
	b := s.env.R.LookupHere(id)
	if b == nil || b.Kind != resolve.Local || b.IsInt {
		return false
	}
	if _, ok := s.roots[d]; !ok {
		s.roots[d] = id
		s.order = append(s.order, d)
	}
	if s.seqs == nil {
		s.seqs = map[*resolve.Decl]bool{}
	}
	s.seqs[d] = true
	return true
}

// strChar reports whether e is R[I] of a root R at an index proved in
// range, and records R as a string root (its guard: a string of ASCII
// characters, each a string of one: compared with a string, == and !=
// never fail).
func (s *Prover) strChar(e lang.Expr) bool {
	ix, ok := e.(*lang.Index)
	if !ok {
		return false
	}
	id, ok := ix.X.(*lang.Ident)
	if !ok || !s.seqRoot(id) || !s.inRange(ix.Index, resolve.Of(id)) {
		return false
	}
	if s.strs == nil {
		s.strs = map[*resolve.Decl]bool{}
	}
	s.strs[resolve.Of(id)] = true
	return true
}

// elemsRoot records id as a collection root (iterRoot, collRoot) whose
// elements are read with arity k (ir.Bound.Arity).
func (s *Prover) elemsRoot(id *lang.Ident, k int) bool {
	if !s.iterRoot(id) && !s.collRoot(id) {
		return false
	}
	d := resolve.Of(id)
	if s.arity == nil {
		s.arity = map[*resolve.Decl]int{}
	}
	if a, ok := s.arity[d]; ok {
		k = ir.MergeArity(a, k)
	}
	s.arity[d] = k
	return true
}

// iterRoot is listRoot for a local a clause iterates: where nothing reads
// it as a list (listRoot), the guard asks for a list, a tuple or a set
// of ints (ir.Bound.Coll), iterating any of which cannot fail and gives
// ints within the bound.
func (s *Prover) iterRoot(id *lang.Ident) bool {
	d := resolve.Of(id)
	seq := s.seqs[d]
	if !s.listRoot(id) {
		return false
	}
	s.seqs[d] = seq
	if s.iters == nil {
		s.iters = map[*resolve.Decl]bool{}
	}
	s.iters[d] = true
	return true
}

// collRoot reports whether id names a global of a value not known
// (neither an int nor a literal) that a clause iterates, and records it
// as a list root of any collection (ir.Bound.Coll): where the guard says
// it is a list, a tuple or a set of ints, each within the bound,
// iterating it cannot fail and each element is bounded as an int root
// is (`for s in S` with `let S = {mix(i) % 100 + 1 for i in 1 .. 20}`).
func (s *Prover) collRoot(id *lang.Ident) bool {
	d := resolve.Of(id)
	if d == nil || d.Kind != resolve.Global || d.Lit != nil || s.Binder(d) != nil {
		return false
	}
	b := s.env.R.LookupHere(id)
	if b == nil || b.Kind != resolve.Global || b.IsInt {
		return false
	}
	if s.ints == nil {
		s.ints = map[*resolve.Decl]bool{}
	}
	if s.colls == nil {
		s.colls = map[*resolve.Decl]bool{}
	}
	if _, ok := s.roots[d]; !ok {
		s.roots[d] = id
		s.order = append(s.order, d)
	}
	s.ints[d], s.colls[d] = true, true
	return true
}

// lenOf returns the list root whose length call is (len, the built-in
// not hidden, of a list root), or nil.
func (s *Prover) lenOf(call *lang.Call) *resolve.Decl {
	bi := s.env.R.BuiltinCallee(call)
	if bi == nil || bi.BName != "len" || len(call.Args) != 1 {
		return nil
	}
	id, ok := call.Args[0].(*lang.Ident)
	if !ok || !s.seqRoot(id) {
		return nil
	}
	return resolve.Of(id)
}

// element bounds R[i], an element of a list root at an index proved in
// range: an int within the guard.
func (s *Prover) element(e *lang.Index) (lin, bool) {
	id, ok := e.X.(*lang.Ident)
	if !ok || !s.listRoot(id) {
		return lin{}, false
	}
	if !s.inRange(e.Index, resolve.Of(id)) {
		return lin{}, false
	}
	return lin{1, 0}, true
}

// inRange reports whether index x of list root r is a safe int proved
// between 0 and len(r) - 1.
func (s *Prover) inRange(x lang.Expr, r *resolve.Decl) bool {
	if _, ok := s.Int(x); !ok {
		return false
	}
	lo, hi, ok := s.span(x, r, 0)
	if !ok || lo.k != 0 || lo.c < 0 {
		return false
	}
	if hi.k == 0 && hi.c < maxMinLen {
		// (A constant index: the guard asks for that many elements.)
		if s.minLen == nil {
			s.minLen = map[*resolve.Decl]int64{}
		}
		s.minLen[r] = max(s.minLen[r], hi.c+1)
		return true
	}
	return hi.k == 1 && hi.c <= -1
}

// maxMinLen bounds the length the guard asks of a list root.
const maxMinLen = 64

// rangeCall returns the ends A and B - 1 of range(B) or range(A, B) (the
// built-in, not hidden; A 0 for range(B)), or false.
func rangeCall(env *Ctx, e lang.Expr) (lo, hi lang.Expr, ok bool) {
	call, isCall := e.(*lang.Call)
	if !isCall {
		return nil, nil, false
	}
	bi := env.R.BuiltinCallee(call)
	if bi == nil || !bi.IntRange || len(call.Args) > 2 {
		return nil, nil, false
	}
	lo, b := lang.Expr(&lang.IntLit{Pos: call.Pos, Val: 0}), call.Args[0]
	if len(call.Args) == 2 {
		lo, b = call.Args[0], call.Args[1]
	}
	return lo, &lang.Binary{Pos: call.Pos, Op: lang.OpSub, X: b, Y: &lang.IntLit{Pos: call.Pos, Val: 1}}, true
}

// maxRange is how many elements range lists before it fails.
const maxRange = 10_000_000

// rangeBound bounds the elements of range(B) or range(A, B) of safe
// ints: safe where it lists at most maxRange elements, which bounds M as
// an overflow does (range(len(R)) always is: ir.MaxLen is below it;
// range(hs[i]) is where the guard's T is).
func (s *Prover) rangeBound(e lang.Expr) (lin, bool) {
	lo, hi, ok := rangeCall(s.env, e)
	if !ok {
		return lin{}, false
	}
	a, ok1 := s.Int(lo)
	b, ok2 := s.Int(hi)
	if !ok1 || !ok2 {
		return lin{}, false
	}
	// (At most |A| + |B - 1| + 1 elements.)
	n := lin{a.c + b.c, a.d + b.d + 1}
	if n.d > maxRange {
		return lin{}, false
	}
	if n.c > 0 {
		s.limit = math.Min(s.limit, (maxRange-n.d)/n.c)
	}
	return lin{math.Max(a.c, b.c), math.Max(a.d, b.d)}, true
}

// with runs f with fact known to hold.
func (s *Prover) with(fact lang.Expr, f func() bool) bool {
	saved := s.facts
	s.facts = append(s.facts[:len(s.facts):len(s.facts)], fact)
	ok := f()
	s.facts = saved
	return ok
}

// negate is not e.
func negate(e lang.Expr) lang.Expr {
	return &lang.Unary{Pos: e.Position(), Op: lang.OpNot, X: e}
}

// ListArg reports whether a, an argument of a position, is a list or
// tuple of safe ints that cannot fail to build (listInts).
func (s *Prover) ListArg(a lang.Expr) bool { return s.listArg(a) }

func (s *Prover) listArg(a lang.Expr) bool {
	_, _, ok := s.listInts(a)
	return ok
}

// seqKind is what a list expression makes: a list, a tuple, or either.
type seqKind uint8

const (
	seqAny seqKind = iota
	seqList
	seqTuple
)

// listInts proves that e makes a list (or tuple) of safe ints and cannot
// fail: a list root, a literal of safe ints, a list comprehension
// written in place whose clauses and yield are safe, sorted of such, a
// concatenation of two lists, a safe choice between such. It bounds the
// elements.
func (s *Prover) listInts(e lang.Expr) (lin, seqKind, bool) {
	switch e := e.(type) {
	case *lang.Ident:
		if s.listRoot(e) {
			return lin{1, 0}, seqList, true
		}
	case *lang.Slice:
		// R[A:B] of a list root: A and B safe ints at least 0 (the
		// bounds are clamped to 0 .. len(R); a negative one fails).
		id, ok := e.X.(*lang.Ident)
		if !ok || !s.listRoot(id) {
			break
		}
		for _, b := range []lang.Expr{e.Lo, e.Hi} {
			if b == nil {
				continue
			}
			if _, ok := s.Int(b); !ok {
				return lin{}, seqAny, false
			}
			if lo, _, ok := s.span(b, resolve.Of(id), 0); !ok || lo.k != 0 || lo.c < 0 {
				return lin{}, seqAny, false
			}
		}
		return lin{1, 0}, seqList, true
	case *lang.ListLit, *lang.TupleLit:
		var l lin
		for _, x := range resolve.LiteralElems(e) {
			y, ok := s.Int(x)
			if !ok {
				return lin{}, seqAny, false
			}
			l = lin{math.Max(l.c, y.c), math.Max(l.d, y.d)}
		}
		if _, ok := e.(*lang.TupleLit); ok {
			return l, seqTuple, true
		}
		return l, seqList, true
	case *lang.Comp:
		if e.Kind != lang.ListComp {
			break
		}
		if l, ok := s.compBound(e); ok {
			return l, seqList, true
		}
	case *lang.Call:
		bi := s.env.R.BuiltinCallee(e)
		switch {
		case bi == nil:
		case bi.BName == "sorted" && len(e.Args) == 1:
			if l, _, ok := s.listInts(e.Args[0]); ok {
				return l, seqList, true
			}
		case bi.BName == "update" && len(e.Args) == 3:
			// update(R, I, V) of a list root (or of an update of it:
			// the same length), I proved in range, V a safe int: a
			// list.
			id := s.updated(e.Args[0])
			if id == nil || !s.inRange(e.Args[1], resolve.Of(id)) {
				break
			}
			x, _, ok1 := s.listInts(e.Args[0])
			v, ok2 := s.Int(e.Args[2])
			if ok1 && ok2 {
				return lin{math.Max(x.c, v.c), math.Max(x.d, v.d)}, seqList, true
			}
		}
	case *lang.Binary:
		if e.Op != lang.OpAdd {
			break
		}
		x, kx, ok1 := s.listInts(e.X)
		y, ky, ok2 := s.listInts(e.Y)
		if ok1 && ok2 && kx == seqList && ky == seqList {
			return lin{math.Max(x.c, y.c), math.Max(x.d, y.d)}, seqList, true
		}
	case *lang.IfExpr:
		if !s.Cond(e.Cond) {
			break
		}
		var x, y lin
		var kx, ky seqKind
		ok1 := s.with(e.Cond, func() bool { var ok bool; x, kx, ok = s.listInts(e.Then); return ok })
		ok2 := s.with(negate(e.Cond), func() bool { var ok bool; y, ky, ok = s.listInts(e.Else); return ok })
		if ok1 && ok2 {
			k := kx
			if kx != ky {
				k = seqAny
			}
			return lin{math.Max(x.c, y.c), math.Max(x.d, y.d)}, k, true
		}
	}
	return lin{}, seqAny, false
}

// updated returns the list root R that x is, or an update of (an update
// of ...) R, of its length; nil otherwise.
func (s *Prover) updated(x lang.Expr) *lang.Ident {
	switch x := x.(type) {
	case *lang.Ident:
		if s.listRoot(x) {
			return x
		}
	case *lang.Call:
		if bi := s.env.R.BuiltinCallee(x); bi != nil && bi.BName == "update" && len(x.Args) == 3 {
			return s.updated(x.Args[0])
		}
	}
	return nil
}

// form is k*len(R) + c, for the list root R whose index is proved.
type form struct{ k, c int64 }

// maxSpan bounds the constants of an index's span (no overflow).
const maxSpan = 1 << 40

func (f form) add(g form, sign int64) (form, bool) {
	out := form{f.k + sign*g.k, f.c + sign*g.c}
	return out, out.c < maxSpan && out.c > -maxSpan && out.k < 8 && out.k > -8
}

// span bounds index expression x: its least and largest values as forms
// over len(r), or false.
func (s *Prover) span(x lang.Expr, r *resolve.Decl, depth int) (lo, hi form, ok bool) {
	if depth > MaxBoundDepth {
		return lo, hi, false
	}
	if v, isK := ConstInt(x); isK {
		if v >= maxSpan || v <= -maxSpan {
			return lo, hi, false
		}
		return form{0, v}, form{0, v}, true
	}
	switch x := x.(type) {
	case *lang.Call:
		if s.lenOf(x) == r {
			return form{1, 0}, form{1, 0}, true
		}
	case *lang.Ident:
		return s.varSpan(x, r, depth)
	case *lang.Unary:
		if x.Op != lang.OpNeg {
			break
		}
		l, h, ok := s.span(x.X, r, depth+1)
		return form{-h.k, -h.c}, form{-l.k, -l.c}, ok
	case *lang.Binary:
		if x.Op == lang.OpMul {
			return s.mulSpan(x, r, depth)
		}
		if x.Op != lang.OpAdd && x.Op != lang.OpSub {
			break
		}
		l1, h1, ok1 := s.span(x.X, r, depth+1)
		l2, h2, ok2 := s.span(x.Y, r, depth+1)
		if !ok1 || !ok2 {
			break
		}
		var ok3, ok4 bool
		if x.Op == lang.OpAdd {
			lo, ok3 = l1.add(l2, 1)
			hi, ok4 = h1.add(h2, 1)
		} else {
			lo, ok3 = l1.add(h2, -1)
			hi, ok4 = h1.add(l2, -1)
		}
		return lo, hi, ok3 && ok4
	}
	return lo, hi, false
}

// varSpan bounds a variable of the query by its clause, then narrows it
// by the facts that compare it. A variable of a range whose ends have no
// span (`for j in i - 1 .. i + 1`, i an int from outside) is an int of
// no known bound until the facts give it both (`if 0 <= j and j <
// len(b)`).
func (s *Prover) varSpan(id *lang.Ident, r *resolve.Decl, depth int) (lo, hi form, ok bool) {
	d := resolve.Of(id)
	if d == nil || s.spanning[d] {
		// (A variable whose span is being found, met again through the
		// facts that relate it to others (j == i, i == j): no span, so
		// that the facts are not read again at every level, without end.)
		return lo, hi, false
	}
	if s.spanning == nil {
		s.spanning = map[*resolve.Decl]bool{}
	}
	s.spanning[d] = true
	defer delete(s.spanning, d)
	var loOK, hiOK bool
	isRange := false
	switch cl := s.Binder(d).(type) {
	case *ir.Range:
		lo, _, loOK = s.span(cl.Lo, r, depth+1)
		_, hi, hiOK = s.span(cl.Hi, r, depth+1)
		isRange = true
	case *ir.Bind:
		if cl.Pat.Tuple {
			return lo, hi, false
		}
		lo, hi, ok = s.span(cl.X, r, depth+1)
		loOK, hiOK = ok, ok
	case *ir.Elems:
		if a, b, isCall := rangeCall(s.env, cl.Coll); isCall && !cl.Pat.Tuple {
			lo, _, loOK = s.span(a, r, depth+1)
			_, hi, hiOK = s.span(b, r, depth+1)
			isRange = true
			break
		}
		ints, isLit := LiteralInts(cl.Coll)
		if !isLit || len(ints) == 0 || cl.Pat.Tuple {
			return lo, hi, false
		}
		lo, hi = form{0, ints[0]}, form{0, ints[0]}
		for _, v := range ints {
			if v >= maxSpan || v <= -maxSpan {
				return lo, hi, false
			}
			lo.c, hi.c = min(lo.c, v), max(hi.c, v)
		}
		loOK, hiOK = true, true
	}
	if !isRange && !(loOK && hiOK) {
		return lo, hi, false
	}
	for _, f := range s.facts {
		for _, c := range atoms(f, false) {
			lo, hi, loOK, hiOK = s.narrow(c, d, r, lo, hi, loOK, hiOK, depth)
		}
	}
	return lo, hi, loOK && hiOK
}

// atoms lists the comparisons fact (negated when neg) implies.
func atoms(fact lang.Expr, neg bool) []*lang.Binary {
	switch e := fact.(type) {
	case *lang.Unary:
		if e.Op == lang.OpNot {
			return atoms(e.X, !neg)
		}
	case *lang.Binary:
		switch {
		case e.Op == lang.OpAnd && !neg, e.Op == lang.OpOr && neg:
			return append(atoms(e.X, neg), atoms(e.Y, neg)...)
		case e.Op == lang.OpAnd || e.Op == lang.OpOr:
			return nil
		}
		op, ok := e.Op, true
		if neg {
			op, ok = negatedCmp(e.Op)
		}
		if ok {
			return []*lang.Binary{{Pos: e.Pos, Op: op, X: e.X, Y: e.Y}}
		}
	}
	return nil
}

// negatedCmp is the comparison that holds where op does not.
func negatedCmp(op lang.Op) (lang.Op, bool) {
	switch op {
	case lang.OpEq:
		return lang.OpNe, true
	case lang.OpNe:
		return lang.OpEq, true
	case lang.OpLt:
		return lang.OpGe, true
	case lang.OpLe:
		return lang.OpGt, true
	case lang.OpGt:
		return lang.OpLe, true
	case lang.OpGe:
		return lang.OpLt, true
	}
	return op, false
}

// offset returns c where e is v + c, v - c, c + v or v (c an int
// literal) for the variable declared by d.
func offset(e lang.Expr, d *resolve.Decl) (int64, bool) {
	isV := func(x lang.Expr) bool {
		id, ok := x.(*lang.Ident)
		return ok && resolve.Of(id) == d
	}
	if isV(e) {
		return 0, true
	}
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return 0, false
	}
	if k, isK := ConstInt(b.Y); isK && isV(b.X) && k < maxSpan && k > -maxSpan {
		if b.Op == lang.OpSub {
			k = -k
		}
		return k, true
	}
	if k, isK := ConstInt(b.X); isK && isV(b.Y) && b.Op == lang.OpAdd && k < maxSpan && k > -maxSpan {
		return k, true
	}
	return 0, false
}

// flippedCmp is op with its sides swapped (a < b is b > a).
func flippedCmp(op lang.Op) lang.Op {
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

// narrow narrows the span [lo, hi] of variable d by comparison c when c
// compares d with an expression of exact span (its least and largest
// values the same form). An end not known (loOK, hiOK false) takes the
// first bound a comparison gives it.
func (s *Prover) narrow(c *lang.Binary, d *resolve.Decl, r *resolve.Decl, lo, hi form, loOK, hiOK bool, depth int) (form, form, bool, bool) {
	op, other := c.Op, c.Y
	shift, ok := offset(c.X, d)
	if !ok {
		if shift, ok = offset(c.Y, d); !ok {
			return lo, hi, loOK, hiOK
		}
		op, other = flippedCmp(op), c.X
	}
	if resolve.Mentions(other, d.Name) {
		return lo, hi, loOK, hiOK
	}
	fl, fh, ok := s.span(other, r, depth+1)
	if !ok || fl != fh {
		return lo, hi, loOK, hiOK
	}
	// (v + shift op F: v op F - shift.)
	f, ok := fl.add(form{0, shift}, -1)
	if !ok {
		return lo, hi, loOK, hiOK
	}
	switch op {
	case lang.OpNe:
		if loOK && lo == f {
			lo.c++
		}
		if hiOK && hi == f {
			hi.c--
		}
	case lang.OpEq:
		lo, hi, loOK, hiOK = f, f, true, true
	case lang.OpGe:
		if !loOK || f.k == lo.k && f.c > lo.c {
			lo, loOK = f, true
		}
	case lang.OpGt:
		if !loOK || f.k == lo.k && f.c+1 > lo.c {
			lo, loOK = form{f.k, f.c + 1}, true
		}
	case lang.OpLe:
		if !hiOK || f.k == hi.k && f.c < hi.c {
			hi, hiOK = f, true
		}
	case lang.OpLt:
		if !hiOK || f.k == hi.k && f.c-1 < hi.c {
			hi, hiOK = form{f.k, f.c - 1}, true
		}
	}
	return lo, hi, loOK, hiOK
}

// ElemsWithin reports whether e, the argument of an option passed for a
// list root's parameter, is a list (or tuple) of ints each at most t in
// size wherever every root of the guard is within it (roots; ints: the
// list roots) and q's clauses bind the variables: what the guard asks
// of the option's own list (closedGame). The bounds are computed exactly
// (big ints: t is near 2^62).
func ElemsWithin(env *Ctx, q *ir.Query, e lang.Expr, t int64, roots, ints map[*resolve.Decl]bool) bool {
	iv := interval{env: env, q: q, t: big.NewInt(t), roots: roots, ints: ints}
	return iv.list(e)
}

// interval bounds int expressions of a query by their least and largest
// values, every root and every element of a list root within [-t, t].
type interval struct {
	env   *Ctx
	q     *ir.Query
	t     *big.Int
	roots map[*resolve.Decl]bool // the guard's roots
	ints  map[*resolve.Decl]bool // those that are list roots
}

// list reports whether list expression e (listInts' kinds) has every
// element within [-t, t].
func (iv interval) list(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Ident:
		return iv.ints[resolve.Of(e)]
	case *lang.ListLit, *lang.TupleLit:
		for _, x := range resolve.LiteralElems(e) {
			if !iv.within(x) {
				return false
			}
		}
		return true
	case *lang.Comp:
		inner := ir.LowerComp(e, ir.CompConsumer(e.Kind))
		q := *iv.q
		q.Clauses = append(append([]ir.Clause(nil), iv.q.Clauses...), inner.Clauses...)
		sub := iv
		sub.q = &q
		return sub.within(inner.Yield)
	case *lang.Slice:
		return iv.list(e.X)
	case *lang.Call:
		bi := iv.env.R.BuiltinCallee(e)
		switch {
		case bi == nil:
			return false
		case bi.BName == "sorted" && len(e.Args) == 1:
			return iv.list(e.Args[0])
		case bi.BName == "update" && len(e.Args) == 3:
			return iv.list(e.Args[0]) && iv.within(e.Args[2])
		}
		return false
	case *lang.Binary:
		return e.Op == lang.OpAdd && iv.list(e.X) && iv.list(e.Y)
	case *lang.IfExpr:
		return iv.list(e.Then) && iv.list(e.Else)
	}
	return false
}

// within reports whether int expression x is within [-t, t].
func (iv interval) within(x lang.Expr) bool {
	lo, hi, ok := iv.bounds(x, 0)
	return ok && lo.Cmp(new(big.Int).Neg(iv.t)) >= 0 && hi.Cmp(iv.t) <= 0
}

// bounds is the least and largest value of int expression x.
func (iv interval) bounds(x lang.Expr, depth int) (lo, hi *big.Int, ok bool) {
	if depth > MaxBoundDepth {
		return nil, nil, false
	}
	if v, isK := ConstInt(x); isK {
		return big.NewInt(v), big.NewInt(v), true
	}
	neg := func(a *big.Int) *big.Int { return new(big.Int).Neg(a) }
	switch x := x.(type) {
	case *lang.Ident:
		return iv.name(x, depth)
	case *lang.Index:
		if id, isID := x.X.(*lang.Ident); isID && iv.ints[resolve.Of(id)] {
			return neg(iv.t), iv.t, true
		}
	case *lang.Unary:
		if x.Op == lang.OpNeg {
			l, h, ok := iv.bounds(x.X, depth+1)
			if ok {
				return neg(h), neg(l), true
			}
		}
	case *lang.Binary:
		l1, h1, ok1 := iv.bounds(x.X, depth+1)
		l2, h2, ok2 := iv.bounds(x.Y, depth+1)
		if !ok1 || !ok2 {
			return nil, nil, false
		}
		switch x.Op {
		case lang.OpAdd:
			return new(big.Int).Add(l1, l2), new(big.Int).Add(h1, h2), true
		case lang.OpSub:
			return new(big.Int).Sub(l1, h2), new(big.Int).Sub(h1, l2), true
		case lang.OpMul:
			ps := []*big.Int{new(big.Int).Mul(l1, l2), new(big.Int).Mul(l1, h2), new(big.Int).Mul(h1, l2), new(big.Int).Mul(h1, h2)}
			lo, hi = ps[0], ps[0]
			for _, p := range ps[1:] {
				lo, hi = bigMin(lo, p), bigMax(hi, p)
			}
			return lo, hi, true
		case lang.OpMod:
			if k, isK := ConstInt(x.Y); isK && k != 0 && k != math.MinInt64 {
				m := big.NewInt(max(k, -k) - 1)
				return neg(m), m, true
			}
		}
	case *lang.IfExpr:
		l1, h1, ok1 := iv.bounds(x.Then, depth+1)
		l2, h2, ok2 := iv.bounds(x.Else, depth+1)
		if ok1 && ok2 {
			return bigMin(l1, l2), bigMax(h1, h2), true
		}
	case *lang.Call:
		bi := iv.env.R.BuiltinCallee(x)
		if bi == nil {
			break
		}
		switch {
		case bi.BName == "len" && len(x.Args) == 1:
			return big.NewInt(0), big.NewInt(ir.MaxLen), true
		case (bi.BName == "min" || bi.BName == "max") && len(x.Args) >= 2:
			for i, a := range x.Args {
				l, h, ok := iv.bounds(a, depth+1)
				if !ok {
					return nil, nil, false
				}
				if i == 0 {
					lo, hi = l, h
				}
				lo, hi = bigMin(lo, l), bigMax(hi, h)
			}
			return lo, hi, true
		}
	}
	return nil, nil, false
}

func bigMin(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// name bounds a variable by its clause, a root by t.
func (iv interval) name(id *lang.Ident, depth int) (lo, hi *big.Int, ok bool) {
	d := resolve.Of(id)
	if d == nil {
		return nil, nil, false
	}
	for i := len(iv.q.Clauses) - 1; i >= 0; i-- {
		cl := iv.q.Clauses[i]
		for _, n := range cl.Binds() {
			if resolve.NameDecl(n) != d {
				continue
			}
			switch cl := cl.(type) {
			case *ir.Range:
				l, _, ok1 := iv.bounds(cl.Lo, depth+1)
				_, h, ok2 := iv.bounds(cl.Hi, depth+1)
				return l, h, ok1 && ok2
			case *ir.Bind:
				if !cl.Pat.Tuple {
					return iv.bounds(cl.X, depth+1)
				}
			case *ir.Elems:
				if cid, isID := cl.Coll.(*lang.Ident); isID && iv.ints[resolve.Of(cid)] && !cl.Pat.Tuple {
					return new(big.Int).Neg(iv.t), iv.t, true
				}
				if ints, isLit := LiteralInts(cl.Coll); isLit && len(ints) > 0 && !cl.Pat.Tuple {
					lo, hi = big.NewInt(slices.Min(ints)), big.NewInt(slices.Max(ints))
					return lo, hi, true
				}
				if a, b, isRange := rangeCall(iv.env, cl.Coll); isRange && !cl.Pat.Tuple {
					l, _, ok1 := iv.bounds(a, depth+1)
					_, h, ok2 := iv.bounds(b, depth+1)
					return l, h, ok1 && ok2
				}
				if !cl.Pat.Tuple {
					return iv.comps(cl.Coll, i, depth)
				}
			}
			return nil, nil, false
		}
	}
	if iv.roots[d] && !iv.ints[d] {
		return new(big.Int).Neg(iv.t), iv.t, true // (an int root: within the guard)
	}
	return nil, nil, false
}

// comps bounds the elements of list comprehensions written in place
// (concatenated) and iterated at clause i: by their yields, where their
// clauses bind.
func (iv interval) comps(coll lang.Expr, i, depth int) (lo, hi *big.Int, ok bool) {
	list, set := Comps(coll)
	if len(list) == 0 || set != nil {
		return nil, nil, false
	}
	for _, c := range list {
		inner := ir.LowerComp(c, ir.ListComp)
		q := *iv.q
		q.Clauses = append(append([]ir.Clause(nil), iv.q.Clauses[:i]...), inner.Clauses...)
		sub := iv
		sub.q = &q
		l, h, ok := sub.bounds(inner.Yield, depth+1)
		if !ok {
			return nil, nil, false
		}
		if lo == nil || l.Cmp(lo) < 0 {
			lo = l
		}
		if hi == nil || h.Cmp(hi) > 0 {
			hi = h
		}
	}
	return lo, hi, true
}

// MinLength is a least length of list expression e (listInts' kinds):
// a literal's, a list root's by the guard (lens), a concatenation's sum,
// that of the list sorted or updated, a comprehension's whose only
// clause ranges over 0 .. len(R) - 1 (R's), 0 where it knows none.
func MinLength(env *Ctx, e lang.Expr, lens map[*resolve.Decl]int64) int64 {
	switch e := e.(type) {
	case *lang.Ident:
		return lens[resolve.Of(e)]
	case *lang.ListLit, *lang.TupleLit:
		return int64(len(resolve.LiteralElems(e)))
	case *lang.Binary:
		if e.Op == lang.OpAdd {
			return MinLength(env, e.X, lens) + MinLength(env, e.Y, lens)
		}
	case *lang.IfExpr:
		return min(MinLength(env, e.Then, lens), MinLength(env, e.Else, lens))
	case *lang.Call:
		bi := env.R.BuiltinCallee(e)
		if bi != nil && (bi.BName == "sorted" && len(e.Args) == 1 || bi.BName == "update" && len(e.Args) == 3) {
			return MinLength(env, e.Args[0], lens)
		}
	case *lang.Comp:
		inner := ir.LowerComp(e, ir.CompConsumer(e.Kind))
		if len(inner.Clauses) != 1 || e.Kind != lang.ListComp {
			return 0
		}
		r, ok := inner.Clauses[0].(*ir.Range)
		if !ok || !isIntLit(r.Lo, 0) {
			return 0
		}
		// hi = len(R) - 1
		if b, ok := r.Hi.(*lang.Binary); ok && b.Op == lang.OpSub && isIntLit(b.Y, 1) {
			if c, ok := b.X.(*lang.Call); ok {
				if bi := env.R.BuiltinCallee(c); bi != nil && bi.BName == "len" && len(c.Args) == 1 {
					return MinLength(env, c.Args[0], lens)
				}
			}
		}
	}
	return 0
}

// isIntLit reports whether e is the int literal v.
func isIntLit(e lang.Expr, v int64) bool {
	k, ok := IntLit(e)
	return ok && k == v
}

// IndexSpan reports whether x, a safe int, is proved at least 0 and (the
// second) at most len(root), root a list root.
func (s *Prover) IndexSpan(x lang.Expr, root *lang.Ident) (nonNeg, atMostLen bool) {
	if _, ok := s.Int(x); !ok || !s.listRoot(root) {
		return false, false
	}
	lo, hi, ok := s.span(x, resolve.Of(root), 0)
	if !ok {
		return false, false
	}
	return lo.k == 0 && lo.c >= 0, hi.k == 1 && hi.c <= 0 || hi.k == 0 && hi.c <= 0
}

// IndexWithin reports whether x, a safe int, is proved at least 0 and
// (the second) below len(root) + extra, root a list root: an index of a
// concatenation of root and extra more elements.
func (s *Prover) IndexWithin(x lang.Expr, root *lang.Ident, extra int64) (nonNeg, below bool) {
	if _, ok := s.Int(x); !ok || !s.listRoot(root) || extra < 0 || extra > maxMinLen {
		return false, false
	}
	lo, hi, ok := s.span(x, resolve.Of(root), 0)
	if !ok {
		return false, false
	}
	return lo.k == 0 && lo.c >= 0, (hi.k == 1 || hi.k == 0) && hi.c <= extra-1
}

// Decide is the value of comparison a OP b (OP one of <, <=, >, >=) of
// two safe ints where their spans decide it (the clauses' bounds and the
// facts known there, over len(root): root nil when neither reads a
// length), and whether they do.
func (s *Prover) Decide(op lang.Op, a, b lang.Expr, root *lang.Ident) (v, known bool) {
	_, ok1 := s.Int(a)
	_, ok2 := s.Int(b)
	if !ok1 || !ok2 {
		return false, false
	}
	r := &resolve.Decl{} // (no length is of it)
	if root != nil {
		if !s.listRoot(root) {
			return false, false
		}
		r = resolve.Of(root)
	}
	// d = a - b, its least and largest values.
	lo, hi, ok := s.span(&lang.Binary{Op: lang.OpSub, X: a, Y: b}, r, 0)
	if !ok {
		return false, false
	}
	neg := hi.k <= 0 && hi.c < 0     // a < b always
	nonNeg := lo.k >= 0 && lo.c >= 0 // a >= b always
	pos := lo.k >= 0 && lo.c > 0     // a > b always
	nonPos := hi.k <= 0 && hi.c <= 0 // a <= b always
	switch op {
	case lang.OpLt:
		return neg, neg || nonNeg
	case lang.OpGe:
		return nonNeg, neg || nonNeg
	case lang.OpLe:
		return nonPos, nonPos || pos
	case lang.OpGt:
		return pos, nonPos || pos
	}
	return false, false
}

// mulSpan bounds product x of two ints of constant spans (not over
// len(r): `r * W + c` for r in 0 .. H - 1): the least and largest of
// the products of their ends.
func (s *Prover) mulSpan(x *lang.Binary, r *resolve.Decl, depth int) (lo, hi form, ok bool) {
	l1, h1, ok1 := s.span(x.X, r, depth+1)
	l2, h2, ok2 := s.span(x.Y, r, depth+1)
	if !ok1 || !ok2 || l1.k != 0 || h1.k != 0 || l2.k != 0 || h2.k != 0 {
		return lo, hi, false
	}
	// (Each end below 2^40 in size: the products below 2^80, as floats
	// exact enough for the bound they are tested against.)
	ps := []float64{float64(l1.c) * float64(l2.c), float64(l1.c) * float64(h2.c), float64(h1.c) * float64(l2.c), float64(h1.c) * float64(h2.c)}
	a, b := ps[0], ps[0]
	for _, p := range ps[1:] {
		a, b = math.Min(a, p), math.Max(b, p)
	}
	if a <= -maxSpan || b >= maxSpan {
		return lo, hi, false
	}
	return form{0, int64(a)}, form{0, int64(b)}, true
}

// Try runs proof f, and where it fails forgets what it asked of the
// list roots, their lengths and kinds (a failed attempt, such as a
// condition tried as an int first, or a string's splice as a list's,
// must not make the guard ask for more).
func (s *Prover) Try(f func() bool) bool {
	minLen, ints, strs := maps.Clone(s.minLen), maps.Clone(s.ints), maps.Clone(s.strs)
	if f() {
		return true
	}
	s.minLen, s.ints, s.strs = minLen, ints, strs
	return false
}
