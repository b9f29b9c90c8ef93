// Package masks owns the mask tests: all and any over a comprehension of
// index tests (the lines of a board) compiled as word operations on
// masks (the masks pass), for the fast paths' folds.
package masks

import (
	"fmt"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/swar"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Index tests as masks (the masks pass). The lines of a board are
// tested with all and any over lists of indexes:
//
//	all([b[j] == "X" for j in L])                   a line L of X
//	any([all([b[j] == "X" for j in L]) for L in LINES])
//	all([j in S for j in L]), any([j not in S for j in L])
//	any([m & b == m for m in MASKS])                 the same as an int
//
// A test of one index j (V[j] == K or !=, with V a string, list or tuple
// and K a literal; j in S or not in, S a set, list, tuple or map) is, for
// all the indexes at once, the word mask W of the indexes that pass,
// computed once per evaluation of the fold; a list of indexes L is the
// mask M of its elements, kept per list (by identity: values are
// immutable), and so is the list of masks of a list of lists (LINES):
// all is M & ^W == 0 and any M & W != 0, one word operation a word, and
// the outer fold a loop over the masks kept. A test of ints (E & m == m,
// != m, == 0, != 0, either way round) over a list of ints is a loop over
// the ints kept as words.
//
// Only where no element can fail: V, S and E are evaluated once, when
// the fold has an element (where the comprehension would first evaluate
// them), and their values, the collections' and the indexes' are
// checked (every index an int from 0 to len(V) - 1, from 0 to
// maxMaskIndex for a membership; every element of a list of masks an
// int); anything else runs the fold as compiled without the masks,
// which meets the comprehension's errors. The expressions are plain
// (literals, names, operators, indexing and slicing; no call), so
// evaluating one again gives its value again.

// maxMaskIndex bounds the indexes of a list of indexes kept as a mask.
const maxMaskIndex = 1<<12 - 1

// The index tests.
const (
	testEq   = iota // V[j] == K (Neg: !=)
	testIn          // j in S (Neg: not in)
	testBits        // E & m == m (Neg: !=), or with Zero: E & m == 0 (Neg: !=)
)

// MaskPlan is a fold recognized for the masks pass (maskPlan).
type MaskPlan struct {
	Comp *lang.Comp // the fold's comprehension
	All  bool       // all (false: any)
	// Inner: the body is a fold (InnerAll: all) of the test over the
	// elements of the outer clause's variable, a list of indexes.
	Inner, InnerAll bool
	// Arity: the outer clause binds a pattern of Arity names, the
	// indexes, and the body tests each (`b[x] == 1 and b[y] == 1 ...
	// for (x, y, ...) in LINES`: Inner, with `and` InnerAll); each list
	// must then have Arity elements (0: any number, one name).
	Arity     int
	Coll      lang.Expr  // what the outer clause iterates
	Var       *lang.Name // the outer clause's name
	Index     *lang.Name // the name the test indexes with
	Kind      int        // testEq, testIn, testBits
	Neg, Zero bool
	X         lang.Expr // V, S or E
	K         lang.Expr // K of testEq
	// Bare: the tests are V[j] itself, planned as V[j] == true (bare.go):
	// V a list or tuple whose elements tested are all bools.
	Bare bool
	// Count: the inner fold is a count compared, len([j for j in L if
	// T]) CountOp CountK (counts.go): the bits of L's mask that pass.
	Count   bool
	CountOp lang.Op
	CountK  int64
}

// masks recognizes and compiles the mask tests (paths.Fold).
type masks struct{ c *compile.Compiler }

// Of returns the fold of built-in bi (all or any) over comp as word
// operations on masks, slow where they do not apply, or nil when comp is
// not such a fold (Masks).
func Of(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn) engine.EvalFn {
	return masks{c}.Masks(bi, comp, slow)
}

// Masks compiles a fold of comprehension comp by all or any (bi) as a
// mask test (maskPlan), with slow the fold compiled without it. nil when
// it is not one.
func (mk masks) Masks(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn) engine.EvalFn {
	if bi.AllAny == 0 || !mk.c.On(passes.Masks) {
		return nil
	}
	if f := mk.rangeMasks(bi, comp, slow); f != nil {
		return f
	}
	p := mk.maskPlan(comp)
	if p == nil {
		if bc, ok := bareComp(comp, isName); ok {
			if p = mk.maskPlan(bc); p != nil {
				p.Bare = true
			}
		}
	}
	if p == nil {
		return nil
	}
	p.All = bi.AllAny > 0
	return mk.genMasks(p, slow)
}

// BitsFold is a fold compiled by OfBits: its value for the list of n
// ints 0 and 1 whose bits w holds (bit i: element i), or false (nothing
// done but evaluating the collection, which is plain) where the masks do
// not apply to the collection: the caller then runs the fold as
// compiled.
type BitsFold func(fr *engine.Frame, w uint64, n int) (r, ok bool)

// OfBits compiles the fold of built-in bi (all or any) over comp as a
// mask test whose tested value V, a name isV recognizes, is a list of n
// <= 64 ints 0 and 1 held as the bits of a word (package bitlists): the
// indexes that pass V[j] == K are the word itself (K is 1), its
// complement (K is 0) or none. nil when comp is not such a fold.
func OfBits(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, isV func(lang.Expr) bool) BitsFold {
	if bi.AllAny == 0 || !c.On(passes.Masks) {
		return nil
	}
	mk := masks{c}
	p := mk.maskPlan(comp)
	if p == nil {
		return mk.countsOfBits(bi, comp, isV)
	}
	f, k := mk.eqFold(bi, p, isV)
	if f == nil {
		return nil
	}
	one, zero := k.K == value.KInt && k.N == 1, k.K == value.KInt && k.N == 0
	return func(fr *engine.Frame, w uint64, n int) (bool, bool) {
		var pass uint64
		switch {
		case one:
			pass = w
		case zero:
			pass = ^w
		}
		return f(fr, pass, n)
	}
}

// EqFold is a fold compiled by OfBitsEq: its value where the indexes j
// whose element equals K are the bits of pass (bit j), of a value of n
// <= 64 elements, or false as BitsFold's.
type EqFold func(fr *engine.Frame, pass uint64, n int) (r, ok bool)

// OfBitsEq compiles the fold of built-in bi (all or any) over comp as a
// mask test of V[j] == K (or !=), V a name isV recognizes, held as the
// bits of a word whose elements the caller compares with K (a string of
// two characters, a list of bools, package bitlists): the fold and K,
// and bare where the tests are the elements themselves, K true (bare.go:
// for bools only). nil when comp is not such a fold.
func OfBitsEq(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, isV func(lang.Expr) bool) (f EqFold, k value.Value, bare bool) {
	if bi.AllAny == 0 || !c.On(passes.Masks) {
		return nil, value.None, false
	}
	mk := masks{c}
	p := mk.maskPlan(comp)
	if p == nil {
		if bc, ok := bareComp(comp, isV); ok {
			p, bare = mk.maskPlan(bc), true
		}
	}
	if p == nil {
		return nil, value.None, false
	}
	f, k = mk.eqFold(bi, p, isV)
	return f, k, bare
}

// eqFold compiles plan p of the fold of bi when it is a test V[j] == K:
// the fold of the word of the indexes that pass, and K.
func (mk masks) eqFold(bi *engine.Builtin, p *MaskPlan, isV func(lang.Expr) bool) (EqFold, value.Value) {
	c := mk.c
	if p.Kind != testEq || !isV(p.X) {
		return nil, value.None
	}
	p.All = bi.AllAny > 0
	coll, k := c.Vals.Expr(p.Coll), litValue(p.K)
	c.Fired(passes.Masks)
	c.Note(p.note())
	pos, cache := lang.Start(p.Coll), &collMasks{}
	all, inner, innerAll, neg := p.All, p.Inner, p.InnerAll, p.Neg
	count, cop, ck := p.Count, p.CountOp, p.CountK
	return func(fr *engine.Frame, pass uint64, n int) (bool, bool) {
		m := cache.of(coll(fr), inner, testEq, p.Arity)
		switch {
		case !m.ok || m.top >= n || count && m.dup:
			return false, false
		case count && m.n > 0 && m.top < 0:
			return cmpInts(cop, 0, ck), true
		case m.n == 0 || m.top < 0:
			return inner && m.n > 0 && innerAll || !(inner && m.n > 0) && all, true
		}
		fr.Th.Tick(pos)
		if neg {
			pass = ^pass
		}
		if count {
			w := [1]uint64{pass}
			return countLines(w[:], m.masks, 1, all, cop, ck), true
		}
		if !inner {
			return maskTest([]uint64{pass}, m.masks, all), true
		}
		return linesTest(pass, m.masks, all, innerAll), true
	}, k
}

// oneFor is the clause of comp when it is one for clause of one name
// over an iterable that is not a range (nil otherwise).
func oneFor(comp *lang.Comp) *lang.ForClause {
	if len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		return nil
	}
	return cl
}

// maskPlan recognizes the shapes of the masks pass (All is the caller's).
func (mk masks) maskPlan(comp *lang.Comp) *MaskPlan {
	if u, ok := comp.Body.(*lang.Unary); ok && u.Op == lang.OpNot {
		// [not P for ...]: P's plan with its test negated and, when P is
		// a fold of the tests of a list, the other fold (not all is any
		// of the negations: the same tests, in the same order).
		inner := *comp
		inner.Body = u.X
		p := mk.maskPlan(&inner)
		if p == nil {
			return nil
		}
		if p.Count {
			p.Comp, p.CountOp = comp, negate(p.CountOp)
			return p
		}
		p.Comp, p.Neg, p.InnerAll = comp, !p.Neg, p.InnerAll != p.Inner
		return p
	}
	if p := mk.tuplePlan(comp); p != nil {
		return p
	}
	cl := oneFor(comp)
	if cl == nil || !Plain(mk.c, cl.Iter) {
		return nil
	}
	p := &MaskPlan{Comp: comp, Coll: cl.Iter, Var: cl.Target.Names[0]}
	if body := mk.inlined(comp.Body); body != nil {
		inner := *comp
		inner.Body = body
		if p := mk.maskPlan(&inner); p != nil {
			p.Comp = comp
			return p
		}
		return nil
	}
	if p.innerCount(mk, comp.Body) {
		return p
	}
	if call, ok := comp.Body.(*lang.Call); ok && len(call.Args) == 1 {
		// all([P for j in L]) over the lists L of the outer clause.
		bi := mk.builtinOf(call)
		inner, ok := call.Args[0].(*lang.Comp)
		if bi == nil || bi.AllAny == 0 || !ok || inner.Kind != lang.ListComp {
			return nil
		}
		icl := oneFor(inner)
		if icl == nil || !mk.isName(icl.Iter, p.Var) || !mk.indexTest(p, inner.Body, icl.Target.Names[0]) || p.Kind == testBits {
			return nil
		}
		p.Inner, p.InnerAll = true, bi.AllAny > 0
		return p
	}
	if !mk.indexTest(p, comp.Body, p.Var) {
		return nil
	}
	return p
}

// tuplePlan recognizes a comprehension of one for clause over a tuple
// pattern whose body tests each of its names the same way, joined by
// `and` (or `or`), in the pattern's order:
//
//	any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
//
// which is all (any) of the test over the elements of each list, as
// all([b[j] == 1 for j in L]) for L in LINES: `and` evaluates the tests
// in that order and stops at the first false one, as all does. nil
// otherwise.
func (mk masks) tuplePlan(comp *lang.Comp) *MaskPlan {
	if len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || !cl.Target.Tuple || len(cl.Target.Names) < 2 || !Plain(mk.c, cl.Iter) {
		return nil
	}
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		return nil
	}
	names := cl.Target.Names
	b, ok := comp.Body.(*lang.Binary)
	if !ok || b.Op != lang.OpAnd && b.Op != lang.OpOr {
		return nil
	}
	parts := joined(comp.Body, b.Op, nil)
	if len(parts) != len(names) {
		return nil
	}
	var p *MaskPlan
	for i, e := range parts {
		q := &MaskPlan{Comp: comp, Coll: cl.Iter, Var: names[0]}
		if !mk.indexTest(q, e, names[i]) || q.Kind == testBits {
			return nil
		}
		for _, n := range names {
			if n != names[i] && mk.mentions(e, n) {
				return nil
			}
		}
		if p == nil {
			p = q
		} else if q.Kind != p.Kind || q.Neg != p.Neg || lang.SExpr(q.X) != lang.SExpr(p.X) || q.K != nil && lang.SExpr(q.K) != lang.SExpr(p.K) {
			return nil
		}
	}
	p.Inner, p.InnerAll, p.Arity = true, b.Op == lang.OpAnd, len(names)
	return p
}

// joined appends to ds the operands of the chain of op (`and` or `or`)
// that e is, left to right.
func joined(e lang.Expr, op lang.Op, ds []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == op {
		return joined(b.Y, op, joined(b.X, op, ds))
	}
	return append(ds, e)
}

// builtinOf is the built-in a call's callee names (nil: another).
func (mk masks) builtinOf(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	if b := mk.c.Binding(id); b != nil && b.Kind == resolve.Builtin {
		return b.Bi
	}
	return nil
}

// isName reports whether e is the name n.
func (mk masks) isName(e lang.Expr, n *lang.Name) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == resolve.NameDecl(n)
}

// mentions reports whether e reads the name n.
func (mk masks) mentions(e lang.Expr, n *lang.Name) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if mk.isName(x, n) {
			found = true
		}
		return !found
	})
	return found
}

// indexTest recognizes the test of index j in body e into p.
func (mk masks) indexTest(p *MaskPlan, e lang.Expr, j *lang.Name) bool {
	b, ok := e.(*lang.Binary)
	if !ok {
		return false
	}
	p.Index = j
	switch b.Op {
	case lang.OpIn, lang.OpNotIn:
		if !mk.isName(b.X, j) || !mk.nameArg(b.Y, j) {
			return false
		}
		p.Kind, p.Neg, p.X = testIn, b.Op == lang.OpNotIn, b.Y
		return true
	case lang.OpEq, lang.OpNe:
	default:
		return false
	}
	p.Neg = b.Op == lang.OpNe
	if mk.bitsTest(p, b, j) {
		return true
	}
	ix, lit := b.X, b.Y
	if isLit(ix) {
		ix, lit = lit, ix
	}
	x, ok := ix.(*lang.Index)
	if !ok || !isLit(lit) || !mk.isName(x.Index, j) || !mk.nameArg(x.X, j) {
		return false
	}
	p.Kind, p.X, p.K = testEq, x.X, lit
	return true
}

// bitsTest recognizes E & m == m (m == E & m, m & E, and == 0) for m the
// name j, E plain and without m.
func (mk masks) bitsTest(p *MaskPlan, b *lang.Binary, j *lang.Name) bool {
	and, other := b.X, b.Y
	if a, ok := b.Y.(*lang.Binary); ok && a.Op == lang.OpBitAnd {
		and, other = b.Y, b.X
	}
	a, ok := and.(*lang.Binary)
	if !ok || a.Op != lang.OpBitAnd {
		return false
	}
	e := a.X
	if mk.isName(a.X, j) {
		e = a.Y
	} else if !mk.isName(a.Y, j) {
		return false
	}
	switch {
	case mk.isName(other, j):
	case isZero(other):
		p.Zero = true
	default:
		return false
	}
	if mk.mentions(e, j) || !Plain(mk.c, e) {
		return false
	}
	p.Kind, p.X = testBits, e
	return true
}

// nameArg reports whether e is a name of a local or a let other than j.
func (mk masks) nameArg(e lang.Expr, j *lang.Name) bool {
	id, ok := e.(*lang.Ident)
	if !ok || mk.isName(e, j) {
		return false
	}
	b := mk.c.Lookup(id)
	return b != nil && (b.Kind == resolve.Local || b.Kind == resolve.Global)
}

func isLit(e lang.Expr) bool {
	switch e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	}
	return false
}

func isZero(e lang.Expr) bool {
	l, ok := e.(*lang.IntLit)
	return ok && l.Val == 0
}

// collMasks is what is kept of the last collection a fold iterated:
// for a list of indexes, its mask; for a list of lists of indexes, the
// mask of each; for a list of ints (testBits), the ints. ok is false
// where the collection is not one of those.
type collMasks struct {
	coll  value.Value
	ok    bool
	n     int      // elements
	nw    int      // words a mask
	top   int      // the largest index, -1 for none
	masks []uint64 // n masks of nw words (one mask for a list of indexes)
	dup   bool     // a list of lists has an index twice in a list
	// cells: the indexes are cells (r, c) of 0 <= r, c < 64, each the
	// bit r * 64 + c (value.CellBit: the rows of a set of cells), where
	// the test is a membership (testIn); else they are ints.
	cells bool
	space int8 // the kind of the indexes met so far: 0 none, 1 ints, 2 cells
}

// of returns the masks of collection v (inner: a list of lists, each of
// arity elements, a list or tuple, when arity > 0) for a test of kind
// (testBits: a list of ints; testIn: indexes that may be cells).
func (m *collMasks) of(v value.Value, inner bool, kind, arity int) *collMasks {
	if m.coll.Ref == v.Ref && m.coll.K == v.K && v.Ref != nil {
		return m
	}
	ints := kind == testBits
	m.coll, m.ok, m.top, m.masks, m.dup, m.space = v, false, -1, m.masks[:0], false, 0
	if kind != testIn {
		m.space = 1
	}
	es, ok := elemsOf(v)
	if !ok {
		return m
	}
	m.n = len(es)
	switch {
	case ints:
		for _, x := range es {
			if x.K != value.KInt {
				return m
			}
			m.masks = append(m.masks, uint64(x.N))
		}
		m.nw = 1
	case !inner:
		if !m.indexes(es) {
			return m
		}
		m.nw = (m.top + 64) / 64
		m.masks = appendMask(m.masks, es, m.nw)
	default:
		lists, ok := listsOf(es, arity, false)
		if !ok {
			return m
		}
		for _, l := range lists {
			if !m.indexes(l) {
				return m
			}
		}
		m.nw = (m.top + 64) / 64
		for _, l := range lists {
			m.masks = appendMask(m.masks, l, m.nw)
			ones := 0
			for _, x := range m.masks[len(m.masks)-m.nw:] {
				ones += bits.OnesCount64(x)
			}
			m.dup = m.dup || ones != len(l)
		}
	}
	m.ok, m.cells = true, m.space == 2
	return m
}

// indexes checks that es are ints from 0 to maxMaskIndex, or (where
// space allows) all cells, as the indexes met before, raising top.
func (m *collMasks) indexes(es []value.Value) bool {
	for _, x := range es {
		b, space := indexBit(x)
		if space == 0 || m.space != 0 && space != m.space {
			return false
		}
		m.space = space
		m.top = max(m.top, b)
	}
	return true
}

// indexBit is the bit of index x and its kind: an int from 0 to
// maxMaskIndex (1), a cell (2: value.CellBit), or neither (0).
func indexBit(x value.Value) (int, int8) {
	switch x.K {
	case value.KInt:
		if uint64(x.N) <= maxMaskIndex {
			return int(x.N), 1
		}
	case value.KTuple:
		if p := x.Elems(); len(p) == 2 && p[0].K == value.KInt && p[1].K == value.KInt {
			if b, ok := value.CellBit(p[0].N, p[1].N); ok {
				return b, 2
			}
		}
	}
	return 0, 0
}

// listsOf is the elements of each of the lists es: lists, tuples, sets
// or maps (sets only, where sets), each of arity elements and a list or
// tuple when arity > 0 (else unpacked by a pattern: its error); false
// otherwise.
func listsOf(es []value.Value, arity int, sets bool) ([][]value.Value, bool) {
	lists := make([][]value.Value, len(es))
	for i, x := range es {
		var ok bool
		if lists[i], ok = elemsOf(x); !ok || sets && x.K != value.KSet {
			return nil, false
		}
		if arity > 0 && (x.K != value.KList && x.K != value.KTuple || len(lists[i]) != arity) {
			return nil, false
		}
	}
	return lists, true
}

// elemsOf are the elements a for clause iterates in v, if v is a list,
// tuple, set or map.
func elemsOf(v value.Value) ([]value.Value, bool) {
	switch v.K {
	case value.KList, value.KTuple, value.KSet, value.KMap:
		return v.Elems(), true
	}
	return nil, false
}

// appendMask appends the mask of nw words of the indexes es.
func appendMask(out []uint64, es []value.Value, nw int) []uint64 {
	start := len(out)
	out = append(out, make([]uint64, nw)...)
	for _, x := range es {
		b, _ := indexBit(x)
		out[start+b/64] |= 1 << (b % 64)
	}
	return out
}

// genMasks compiles plan p; slow is the fold without the masks.
func (mk masks) genMasks(p *MaskPlan, slow engine.EvalFn) engine.EvalFn {
	coll, x := mk.c.Vals.Expr(p.Coll), mk.c.Vals.Expr(p.X)
	var k value.Value
	if p.K != nil {
		k = litValue(p.K)
	}
	mk.c.Fired(passes.Masks)
	mk.c.Note(p.note())
	pos := lang.Start(p.Coll)
	cache := &collMasks{}
	var w []uint64
	all, innerAll, neg := p.All, p.InnerAll, p.Neg
	return func(fr *engine.Frame) value.Value {
		cv := coll(fr)
		m := cache.of(cv, p.Inner, p.Kind, p.Arity)
		if !m.ok || p.Count && m.dup {
			return slow(fr)
		}
		if p.Count && m.n > 0 && m.top < 0 {
			// (Lists that are all empty: each count is 0.)
			return value.Bool(cmpInts(p.CountOp, 0, p.CountK))
		}
		if m.n == 0 || m.top < 0 && p.Kind != testBits {
			// No element, or no index to test: nothing is evaluated.
			if p.Inner && m.n > 0 {
				// (Lists that are all empty: each inner fold is all's
				// true or any's false, and so is the outer one.)
				return value.Bool(innerAll)
			}
			return value.Bool(all)
		}
		fr.Th.Tick(pos)
		xv := x(fr)
		if p.Kind == testBits {
			if xv.K != value.KInt {
				return slow(fr)
			}
			return value.Bool(bitsFold(uint64(xv.N), m.masks, all, neg, p.Zero))
		}
		var ok bool
		if p.Bare && !boolsUpTo(xv, m.top) {
			return slow(fr)
		}
		if w, ok = passMask(w[:0], xv, k, p.Kind, m.top, m.nw, m.cells); !ok {
			return slow(fr)
		}
		if neg {
			for i := range w {
				w[i] = ^w[i]
			}
		}
		if p.Count {
			return value.Bool(countLines(w, m.masks, m.nw, all, p.CountOp, p.CountK))
		}
		if !p.Inner {
			return value.Bool(maskTest(w, m.masks, all))
		}
		if m.nw == 1 {
			return value.Bool(linesTest(w[0], m.masks, all, innerAll))
		}
		for i := 0; i < m.n; i++ {
			if maskTest(w, m.masks[i*m.nw:(i+1)*m.nw], innerAll) != all {
				return value.Bool(!all)
			}
		}
		return value.Bool(all)
	}
}

// note is what --explain says of the fold.
func (p *MaskPlan) note() string {
	fold := map[bool]string{true: "all", false: "any"}
	what := "its test of each index as a mask of words"
	switch {
	case p.Kind == testBits:
		what = fmt.Sprintf("a loop over the ints of %s kept as words", ir.Expr(p.Coll))
	case p.Count:
		what = fmt.Sprintf("the count of the indexes of each list of %s that pass its test, a mask of words, against the mask of the list (kept per list), compared with %d", ir.Expr(p.Coll), p.CountK)
	case p.Inner:
		what = fmt.Sprintf("%s of its test of each index, a mask of words, against the mask of each list of %s (kept per list)", fold[p.InnerAll], ir.Expr(p.Coll))
	default:
		what = fmt.Sprintf("its test of each index, a mask of words, against the mask of %s (kept per list)", ir.Expr(p.Coll))
	}
	return fmt.Sprintf("%s of the comprehension at line %d: %s", fold[p.All], p.Comp.Pos.Line, what)
}

// litValue is the value of a literal.
func litValue(e lang.Expr) value.Value {
	switch e := e.(type) {
	case *lang.IntLit:
		return value.Int(e.Val)
	case *lang.StrLit:
		return value.Str(e.Val)
	case *lang.BoolLit:
		return value.Bool(e.Val)
	}
	return value.None
}

// maskTest is all (or any) of the indexes of mask m passing: m & ^w ==
// 0 (m & w != 0).
func maskTest(w, m []uint64, all bool) bool {
	for i, x := range m {
		if all && x&^w[i] != 0 {
			return false
		}
		if !all && x&w[i] != 0 {
			return true
		}
	}
	return all
}

// linesTest is all (any) of the inner folds, all (any: innerAll false)
// of the indexes of each mask of ms passing (the masks of one word).
func linesTest(w uint64, ms []uint64, all, innerAll bool) bool {
	switch {
	case innerAll && !all:
		for _, m := range ms {
			if m&^w == 0 {
				return true
			}
		}
		return false
	case innerAll && all:
		for _, m := range ms {
			if m&^w != 0 {
				return false
			}
		}
		return true
	case !all:
		for _, m := range ms {
			if m&w != 0 {
				return true
			}
		}
		return false
	}
	for _, m := range ms {
		if m&w == 0 {
			return false
		}
	}
	return true
}

// bitsFold is all (any) of E & m == m (Neg: !=; Zero: == 0) over the
// ints ms.
func bitsFold(e uint64, ms []uint64, all, neg, zero bool) bool {
	for _, m := range ms {
		var t bool
		if zero {
			t = e&m == 0
		} else {
			t = e&m == m
		}
		if t != neg != all {
			return !all
		}
	}
	return all
}

// passMask puts in w (nw words) the indexes 0 .. top whose test passes:
// V[j] == K for V a string, list or tuple of more than top elements
// (testEq), j in S for S a set, list, tuple or map (testIn; with cells,
// the indexes are cells and S a set). False where a test could fail.
func passMask(w []uint64, v, k value.Value, kind, top, nw int, cells bool) ([]uint64, bool) {
	if cells {
		return appendCells(w, v, top, nw)
	}
	if kind == testEq && v.K == value.KStr {
		s := v.Str()
		if len(s) <= top || !v.ASCII() {
			return w, false
		}
		if k.K != value.KStr || len(k.Str()) != 1 {
			// (A character is no other value.)
			for range nw {
				w = append(w, 0)
			}
			return w, true
		}
		return swar.AppendEqBits(w, s, top+1, k.Str()[0]), true
	}
	if kind == testIn && v.K == value.KSet {
		return value.AppendSetInts(w, v, top, nw), true
	}
	for range nw {
		w = append(w, 0)
	}
	if kind == testIn {
		switch v.K {
		case value.KList, value.KTuple, value.KMap:
		default:
			return w, false
		}
		for j := 0; j <= top; j++ {
			if inColl(v, j) {
				w[j/64] |= 1 << (j % 64)
			}
		}
		return w, true
	}
	switch v.K {
	case value.KList, value.KTuple:
		es := v.Elems()
		if len(es) <= top {
			return w, false
		}
		for j := 0; j <= top; j++ {
			if e := es[j]; e.K == k.K && (e.K == value.KInt && e.N == k.N || value.Equal(e, k)) {
				w[j/64] |= 1 << (j % 64)
			}
		}
	default:
		return w, false
	}
	return w, true
}

// appendCells appends to w the nw words of the cells of set v, its rows
// (bit r * 64 + c), up to bit top; false when v is not a set of cells.
func appendCells(w []uint64, v value.Value, top, nw int) ([]uint64, bool) {
	var buf [8]uint64
	rows, ok := value.CellRows(v, buf[:0])
	if !ok {
		return w, false
	}
	return appendWords(w, rows, top, nw), true
}

// appendWords appends the nw words of bits to w, up to bit top.
func appendWords(w, bits []uint64, top, nw int) []uint64 {
	start := len(w)
	for i := range nw {
		var x uint64
		if i < len(bits) {
			x = bits[i]
		}
		w = append(w, x)
	}
	if r := (top + 1) % 64; r != 0 {
		w[start+nw-1] &= 1<<r - 1
	}
	return w
}

// inColl reports whether the int j is in the collection v (as `in`).
func inColl(v value.Value, j int) bool {
	x := value.Int(int64(j))
	if v.K == value.KSet {
		if has, ok := value.SetHas(v, x); ok {
			return has
		}
	}
	for _, e := range v.Elems() {
		if e.K == value.KInt && e.N == int64(j) {
			return true
		}
	}
	return false
}

// Plain reports whether e is plain: literals, names of locals and
// globals, operators, indexing and slicing, no call (evaluating it again
// gives its value again).
func Plain(c *compile.Compiler, e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			// (By its declaration: a name may have no slot yet.)
			if d := resolve.Of(x); d == nil || d.Kind != resolve.Local && d.Kind != resolve.Global {
				ok = false
			}
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.TupleLit, *lang.ListLit, *lang.SetLit,
			*lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// Counts of a line's bits. Over a list of 0s and 1s held as bits, the
// sum of the elements at the names of a tuple pattern compared with an
// int literal,
//
//	any([b[x] + b[y] + b[z] == 3 for (x, y, z) in LINES])
//
// is the number of the bits of the line's mask that are set, compared:
// a word operation a line. Exact: each name read once, the lists of
// LINES of the pattern's length, of distinct indexes of the list (else
// the fold as compiled); the sum of ints 0 and 1 cannot fail. A step is
// counted for each line, as the comprehension counts it (it makes them all).

// countPlan is such a fold: the comparison and its int.
type countPlan struct {
	coll  lang.Expr
	arity int
	op    lang.Op // the count on the left
	k     int64
}

// countsOfBits compiles the fold of bi over comp when it is one
// (countPlan); nil otherwise.
func (mk masks) countsOfBits(bi *engine.Builtin, comp *lang.Comp, isV func(lang.Expr) bool) BitsFold {
	p := mk.countPlan(comp, isV)
	if p == nil {
		return nil
	}
	coll, pos, cache := mk.c.Vals.Expr(p.coll), lang.Start(p.coll), &collMasks{}
	all, op, k, arity := bi.AllAny > 0, p.op, p.k, p.arity
	mk.c.Fired(passes.Masks)
	mk.c.Note(fmt.Sprintf("%s of the comprehension at line %d: a count of the bits of each list of %s (kept per list)", map[bool]string{true: "all", false: "any"}[all], comp.Pos.Line, ir.Expr(p.coll)))
	return func(fr *engine.Frame, w uint64, n int) (bool, bool) {
		m := cache.of(coll(fr), true, testEq, arity)
		if !m.ok || m.dup || m.top >= n {
			return false, false
		}
		// (The comprehension makes every element, the fold reads them.)
		fr.Th.Ticks(pos, int64(len(m.masks)))
		for _, line := range m.masks {
			if cmpInts(op, int64(bits.OnesCount64(w&line)), k) != all {
				return !all, true
			}
		}
		return all, true
	}
}

// countPlan recognizes [S OP K for (x, y, ...) in C] (or K OP S), S the
// sum of V[x], V[y], ... with each name of the pattern once, V a name
// isV recognizes, K an int literal, C plain; nil otherwise.
func (mk masks) countPlan(comp *lang.Comp, isV func(lang.Expr) bool) *countPlan {
	if len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || !cl.Target.Tuple || len(cl.Target.Names) < 2 || !Plain(mk.c, cl.Iter) {
		return nil
	}
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		return nil
	}
	cmp, ok := comp.Body.(*lang.Binary)
	if !ok {
		return nil
	}
	switch cmp.Op {
	case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return nil
	}
	sum, lit, op := cmp.X, cmp.Y, cmp.Op
	if _, ok := sum.(*lang.IntLit); ok {
		sum, lit, op = cmp.Y, cmp.X, op.Flip()
	}
	k, ok := lit.(*lang.IntLit)
	if !ok {
		return nil
	}
	seen := map[*lang.Name]bool{}
	for _, t := range joined(sum, lang.OpAdd, nil) {
		x, ok := t.(*lang.Index)
		if !ok || !isV(x.X) {
			return nil
		}
		found := false
		for _, n := range cl.Target.Names {
			if mk.isName(x.Index, n) && !seen[n] {
				seen[n], found = true, true
			}
		}
		if !found {
			return nil
		}
	}
	if len(seen) != len(cl.Target.Names) {
		return nil
	}
	return &countPlan{coll: cl.Iter, arity: len(cl.Target.Names), op: op, k: k.Val}
}

// cmpInts is a OP b.
func cmpInts(op lang.Op, a, b int64) bool {
	switch op {
	case lang.OpEq:
		return a == b
	case lang.OpNe:
		return a != b
	case lang.OpLt:
		return a < b
	case lang.OpLe:
		return a <= b
	case lang.OpGt:
		return a > b
	}
	return a >= b
}
