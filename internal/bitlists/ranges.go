package bitlists

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"

	"github.com/grundy-lang/grundy/lang"
)

// Maps of a range of places. A run of a list or string mapped element by
// element, the Ruler game's flip of the coins j to i,
//
//	b[:j] + [1 - x for x in b[j:i + 1]] + b[i + 1:]
//	s[:j] + join([if c == "H" then "T" else "H" for c in chars(s[j:i + 1])], "") + s[i + 1:]
//	[if j <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]
//
// is a link of a chain (link.rng) that maps the bits of the range at
// once: each of them to what the element maps to (a sweepTo of the
// element: L - x, not x, if x == L then E1 else E2, x), the others kept
// (or, for a comprehension over every index, mapped by its else branch).
// The splice X[:A] + M + X[B:] (either slice may be left out, when M
// starts at 0 or runs to the end) is X mapped in A .. B - 1 where 0 <= A
// <= B <= len(X) (else it gives up: the concatenation is not X's length,
// or a bound is negative, which the general way reports); M a list
// comprehension over X[A:B] of one name, or join of one over chars(X[A:
// B]) with the separator "" (a string's), or a call of a def whose body
// is one (inlined). The comprehension over every index, `for k in 0 ..
// len(X) - 1`, tests an interval of k: a conjunction of bounds of k, each
// a name or an int literal (E <= k, E < k, k >= E, k > E, k <= E, k < E,
// k in E1 .. E2), or the negation of one (a disjunction of k < E, k > E:
// the branches swapped). A list's map gives up on a string and a string's
// on a list (the general way makes the other kind of value, or fails);
// an element a map puts that is not one of the bits' gives up. The
// comprehension counts a step an element, as the general way does.

// ranger reads maps of ranges with the compiler c, plain being Binds'.
type ranger struct {
	c     *compile.Compiler
	plain func(lang.Expr) bool
}

// rangeLink is what a link maps: the places at .. hi - 1 (a splice's)
// or, over every index (all), the interval lo .. hi of its condition,
// each bound a name or a literal plus adj (no bound: open).
type rangeLink struct {
	hi           lang.Expr
	all          bool
	loAdj, hiAdj int64
	loOpen       bool
	hiOpen       bool
	in, out      sweepTo // what a place in the range is mapped to; (all) one outside it
	str          bool    // a string's map (join); else a list's
	pos          engine.Pos
	def          *engine.Func // the def called to make the map, or nil
	callPos      engine.Pos
}

// rangeChain reads e as a chain of one link, a map of a range of places
// of its base; nil when it is not one.
func (bs ranger) rangeChain(e lang.Expr) *chain {
	if x, lo, rl, ok := bs.everyIndex(e); ok {
		return &chain{base: x, links: []link{{at: lo, to: e, rng: rl}}}
	}
	parts := sumParts(e, nil)
	if len(parts) > 3 {
		return nil
	}
	var pre, post *lang.Slice
	if s, ok := parts[0].(*lang.Slice); ok && len(parts) > 1 && s.Lo == nil && s.Hi != nil {
		pre, parts = s, parts[1:]
	}
	if s, ok := parts[len(parts)-1].(*lang.Slice); ok && len(parts) > 1 && s.Lo != nil && s.Hi == nil {
		post, parts = s, parts[:len(parts)-1]
	}
	if len(parts) != 1 || pre == nil && post == nil {
		return nil
	}
	x, sl, rl, ok := bs.mapped(parts[0])
	if !ok || pre != nil && (!ir.Same(pre.X, x) || !sameAffine(pre.Hi, sl.Lo)) || post != nil && (!ir.Same(post.X, x) || !sameAffine(post.Lo, sl.Hi)) {
		return nil
	}
	if pre == nil && sl.Lo != nil || post == nil && sl.Hi != nil {
		return nil
	}
	at, hi := sl.Lo, sl.Hi
	if at == nil {
		at = &lang.IntLit{Pos: sl.Pos, Val: 0}
	}
	if !bs.plain(x) || !bs.plain(at) || hi != nil && !bs.plain(hi) {
		return nil
	}
	rl.hi = hi
	return &chain{base: x, links: []link{{at: at, to: e, rng: rl}}}
}

// mapped reads m as a map of the slice sl of the name x (see above).
func (bs ranger) mapped(m lang.Expr) (x *lang.Ident, sl *lang.Slice, rl *rangeLink, ok bool) {
	str := false
	if call, isCall := m.(*lang.Call); isCall {
		if bi := bs.c.BuiltinCallee(call); bi != nil && bi.BName == "join" && len(call.Args) == 2 {
			if sep, isStr := call.Args[1].(*lang.StrLit); isStr && sep.Val == "" {
				m, str = call.Args[0], true
			}
		} else if body, fn := bs.inlinedComps(call); body != nil {
			x, sl, rl, ok = bs.mapped(body)
			if ok && rl.def == nil {
				rl.def, rl.callPos = fn, call.Pos
			}
			return x, sl, rl, ok
		}
	}
	comp, isComp := m.(*lang.Comp)
	if !isComp || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil, nil, nil, false
	}
	cl, isFor := comp.Clauses[0].(*lang.ForClause)
	if !isFor || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil, nil, nil, false
	}
	iter := cl.Iter
	if str {
		call, isCall := iter.(*lang.Call)
		if !isCall || len(call.Args) != 1 {
			return nil, nil, nil, false
		}
		if bi := bs.c.BuiltinCallee(call); bi == nil || bi.BName != "chars" {
			return nil, nil, nil, false
		}
		iter = call.Args[0]
	}
	sl, isSlice := iter.(*lang.Slice)
	if !isSlice {
		return nil, nil, nil, false
	}
	x, isID := sl.X.(*lang.Ident)
	if !isID {
		return nil, nil, nil, false
	}
	v := resolve.NameDecl(cl.Target.Names[0])
	elem := func(e lang.Expr) (int64, bool) {
		id, isID := e.(*lang.Ident)
		return 0, isID && v != nil && resolve.Of(id) == v
	}
	to, ok := toOf(comp.Body, elem)
	if !ok || !to.bit {
		return nil, nil, nil, false
	}
	return x, sl, &rangeLink{in: to, str: str, pos: lang.Start(cl.Iter)}, true
}

// everyIndex reads e as a comprehension over every index k of the name x,
// `[if C then E1 else E2 for k in 0 .. len(x) - 1]` (or join of one, "")
// with C an interval of k and E1, E2 maps of x[k] (see above); lo is the
// interval's lower bound (nil: open).
func (bs ranger) everyIndex(e lang.Expr) (x *lang.Ident, lo lang.Expr, rl *rangeLink, ok bool) {
	str := false
	if call, isCall := e.(*lang.Call); isCall {
		bi := bs.c.BuiltinCallee(call)
		if bi == nil || bi.BName != "join" || len(call.Args) != 2 {
			return nil, nil, nil, false
		}
		if sep, isStr := call.Args[1].(*lang.StrLit); !isStr || sep.Val != "" {
			return nil, nil, nil, false
		}
		e, str = call.Args[0], true
	}
	comp, isComp := e.(*lang.Comp)
	if !isComp || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil, nil, nil, false
	}
	cl, isFor := comp.Clauses[0].(*lang.ForClause)
	ie, isIf := comp.Body.(*lang.IfExpr)
	if !isFor || !isIf || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil, nil, nil, false
	}
	r, isRange := cl.Iter.(*lang.Binary)
	if !isRange || r.Op != lang.OpRange {
		return nil, nil, nil, false
	}
	if z, isInt := r.X.(*lang.IntLit); !isInt || z.Val != 0 {
		return nil, nil, nil, false
	}
	top, isSub := r.Y.(*lang.Binary)
	if !isSub || top.Op != lang.OpSub {
		return nil, nil, nil, false
	}
	if one, isInt := top.Y.(*lang.IntLit); !isInt || one.Val != 1 {
		return nil, nil, nil, false
	}
	lenCall, isCall := top.X.(*lang.Call)
	if !isCall || len(lenCall.Args) != 1 {
		return nil, nil, nil, false
	}
	if bi := bs.c.BuiltinCallee(lenCall); bi == nil || bi.BName != "len" {
		return nil, nil, nil, false
	}
	x, isID := lenCall.Args[0].(*lang.Ident)
	if !isID || !bs.plain(x) {
		return nil, nil, nil, false
	}
	k := resolve.NameDecl(cl.Target.Names[0])
	isK := func(e lang.Expr) bool {
		id, isID := e.(*lang.Ident)
		return isID && k != nil && resolve.Of(id) == k
	}
	elem := func(e lang.Expr) (int64, bool) {
		ix, isIx := e.(*lang.Index)
		return 0, isIx && ir.Same(ix.X, x) && isK(ix.Index)
	}
	rl = &rangeLink{all: true, str: str, pos: r.Pos, loOpen: true, hiOpen: true}
	then, els := ie.Then, ie.Else
	// (not C swaps the branches; a disjunction says where k is
	// outside the interval, and swaps them too.)
	cond, swap, outside := ie.Cond, false, false
	if u, isNot := cond.(*lang.Unary); isNot && u.Op == lang.OpNot {
		cond, swap = u.X, true
	}
	if b, isOr := cond.(*lang.Binary); isOr && b.Op == lang.OpOr {
		outside, swap = true, !swap
	}
	var terms []lang.Expr
	if b, isBin := cond.(*lang.Binary); isBin && (b.Op == lang.OpAnd && !outside || b.Op == lang.OpOr) {
		terms = []lang.Expr{b.X, b.Y}
	} else {
		terms = []lang.Expr{cond}
	}
	var hi lang.Expr
	for _, t := range terms {
		if b, isBin := t.(*lang.Binary); isBin && (b.Op == lang.OpAnd || b.Op == lang.OpOr) {
			return nil, nil, nil, false
		}
		bl, bh, ladj, hadj, ok := kBound(t, isK, outside)
		if !ok || bl != nil && lo != nil || bh != nil && hi != nil {
			return nil, nil, nil, false
		}
		if bl != nil {
			lo, rl.loAdj, rl.loOpen = bl, ladj, false
		}
		if bh != nil {
			hi, rl.hiAdj, rl.hiOpen = bh, hadj, false
		}
	}
	if swap {
		then, els = els, then
	}
	var okIn, okOut bool
	rl.in, okIn = toOf(then, elem)
	rl.out, okOut = toOf(els, elem)
	if !okIn || !okOut || !rl.in.bit && !rl.out.bit {
		return nil, nil, nil, false
	}
	rl.hi = hi
	return x, lo, rl, true
}

// kBound reads t as a bound of k (isK), a name or an int literal plus an
// adjustment: a lower bound (lo) or an upper (hi), each inclusive; neg:
// t is of a disjunction that says k is outside (k < E is then the lower
// bound E, k > E the upper E). k in E1 .. E2 is both.
func kBound(t lang.Expr, isK func(lang.Expr) bool, neg bool) (lo, hi lang.Expr, loAdj, hiAdj int64, ok bool) {
	b, isBin := t.(*lang.Binary)
	if !isBin {
		return nil, nil, 0, 0, false
	}
	simple := func(e lang.Expr) bool {
		switch e := e.(type) {
		case *lang.IntLit:
			return true
		case *lang.Ident:
			d := resolve.Of(e)
			return d != nil && (d.Kind == resolve.Local || d.Kind == resolve.Global) && !isK(e)
		}
		return false
	}
	if b.Op == lang.OpIn && !neg {
		r, isRange := b.Y.(*lang.Binary)
		if !isK(b.X) || !isRange || r.Op != lang.OpRange || !simple(r.X) || !simple(r.Y) {
			return nil, nil, 0, 0, false
		}
		return r.X, r.Y, 0, 0, true
	}
	op, e := b.Op, b.Y
	if !isK(b.X) {
		// (E OP k is k OP' E.)
		if !isK(b.Y) {
			return nil, nil, 0, 0, false
		}
		e = b.X
		switch op {
		case lang.OpLt:
			op = lang.OpGt
		case lang.OpLe:
			op = lang.OpGe
		case lang.OpGt:
			op = lang.OpLt
		case lang.OpGe:
			op = lang.OpLe
		default:
			return nil, nil, 0, 0, false
		}
	}
	if !simple(e) {
		return nil, nil, 0, 0, false
	}
	if neg {
		// (Outside: k < E or k > F is inside E .. F.)
		switch op {
		case lang.OpLt:
			return e, nil, 0, 0, true
		case lang.OpLe:
			return e, nil, 1, 0, true
		case lang.OpGt:
			return nil, e, 0, 0, true
		case lang.OpGe:
			return nil, e, 0, -1, true
		}
		return nil, nil, 0, 0, false
	}
	switch op {
	case lang.OpGe:
		return e, nil, 0, 0, true
	case lang.OpGt:
		return e, nil, 1, 0, true
	case lang.OpLe:
		return nil, e, 0, 0, true
	case lang.OpLt:
		return nil, e, 0, -1, true
	}
	return nil, nil, 0, 0, false
}

// inlinedComps is inlined (build.go) of a def whose body may hold
// comprehensions (resolve's InlineShapeComps), and the def.
func (bs ranger) inlinedComps(call *lang.Call) (lang.Expr, *engine.Func) {
	c := bs.c
	fn := c.Inlinable(call)
	if fn == nil || c.GameCallee(call) != nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 || !resolve.InlineShapeComps(fn.Decl.Body) || resolve.DropsArgs(fn, call) {
		return nil, nil
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call)), fn
}

// rangeFn is a rangeLink compiled.
type rangeFn struct {
	rl     *rangeLink
	lo, hi anyInt
	tick   bool // (a def's call counts a step)
	// The maps' tabs over the pair last met.
	ab      pair
	tabbed  bool
	in, out [2]uint64
}

// tabs is the maps' tabs over ab.
func (f *rangeFn) tabs(ab pair) ([2]uint64, [2]uint64) {
	if !f.tabbed || f.ab != ab {
		f.ab, f.tabbed = ab, true
		f.in, f.out = f.rl.in.tab(ab), f.rl.out.tab(ab)
	}
	return f.in, f.out
}

func newRangeFn(c *compile.Compiler, l link) *rangeFn {
	f := &rangeFn{rl: l.rng}
	if l.at != nil {
		f.lo = anyIntOf(c, l.at)
	}
	if l.rng.hi != nil {
		f.hi = anyIntOf(c, l.rng.hi)
	}
	if fn := l.rng.def; fn != nil {
		f.tick = !resolve.InlineShape(fn.Decl.Body)
	}
	return f
}

// lowBits is the word of the bits below k (0 .. 64).
func lowBits(k int64) uint64 {
	if k >= 64 {
		return ^uint64(0)
	}
	return 1<<k - 1
}

// mapWord is w with each bit mapped by t (t's entries 0 or 1).
func mapWord(w uint64, t [2]uint64) uint64 {
	var r uint64
	if t[1] == 1 {
		r |= w
	}
	if t[0] == 1 {
		r |= ^w
	}
	return r
}

// apply maps b's range; false where it gives up.
func (f *rangeFn) apply(fr *engine.Frame, b bits) (bits, bool) {
	rl := f.rl
	if rl.str != b.ab.str {
		return bits{}, false
	}
	n := int64(b.n)
	full := lowBits(n)
	in, out := f.tabs(b.ab)
	if rl.all {
		if n == 0 {
			return b, true
		}
		lo, hi := int64(0), n-1
		if !rl.loOpen {
			x, ok := f.lo.get(fr)
			if !ok {
				return bits{}, false
			}
			lo = max(lo, satAdd(x, rl.loAdj))
		}
		if !rl.hiOpen {
			x, ok := f.hi.get(fr)
			if !ok {
				return bits{}, false
			}
			hi = min(hi, satAdd(x, rl.hiAdj))
		}
		var m uint64
		if lo <= hi {
			m = lowBits(hi+1) &^ lowBits(lo)
		}
		if m != 0 && (in[0] > 1 || in[1] > 1) || m != full && (out[0] > 1 || out[1] > 1) {
			return bits{}, false
		}
		b.w = (mapWord(b.w, in)&m | mapWord(b.w, out)&^m) & full
		f.ticks(fr, n)
		return b, true
	}
	lo, ok := f.lo.get(fr)
	if !ok {
		return bits{}, false
	}
	hi := n
	if rl.hi != nil {
		if hi, ok = f.hi.get(fr); !ok {
			return bits{}, false
		}
	}
	if lo < 0 || lo > hi || hi > n {
		return bits{}, false
	}
	m := lowBits(hi) &^ lowBits(lo)
	if m != 0 && (in[0] > 1 || in[1] > 1) {
		return bits{}, false
	}
	b.w = b.w&^m | mapWord(b.w, in)&m
	f.ticks(fr, hi-lo)
	return b, true
}

// ticks counts the steps of the map: its def's call, and the
// comprehension's n elements.
func (f *rangeFn) ticks(fr *engine.Frame, n int64) {
	th, fn := fr.Th, f.rl.def
	if fn == nil {
		th.Ticks(f.rl.pos, n)
		return
	}
	// (Within the def's call, on the trace, as when it is called.)
	if f.tick {
		th.Tick(f.rl.callPos)
	}
	th.Enter(f.rl.callPos, fn)
	th.Calls = append(th.Calls, f.rl.callPos)
	th.Ticks(f.rl.pos, n)
	th.Calls = th.Calls[:len(th.Calls)-1]
	th.Leave(fn)
}

// satAdd is x + y, at the ends of int64 where it overflows.
func satAdd(x, y int64) int64 {
	s := x + y
	switch {
	case y > 0 && s < x:
		return 1<<63 - 1
	case y < 0 && s > x:
		return -1 << 63
	}
	return s
}
