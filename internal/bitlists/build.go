package bitlists

import (
	"github.com/grundy-lang/grundy/internal/build"
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/recdef"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// The bits of the bound list. An update chain over a list,
//
//	update(update(b, i, 0), (i + 1) % len(b), 0)
//
// is the bits of b (read once for all the moves of a position) with a
// bit cleared or set an update, where b is a list of up to 64 ints 0 and
// 1, each index an int of the list's and each element put in the int 0
// or 1. The chain is evaluated as the calls evaluate it (the list, then
// each update's index and element, the innermost first), and gives up at
// the first part that is not so, before evaluating the next: the list is
// then built as compiled (a scratch of package build, or the value),
// which evaluates the chain again and fails where the calls fail. Its
// parts are plain (names, literals, operators, indexing, slicing, calls
// of int built-ins such as len): evaluating one again gives its value
// again, and counts no step. Any other list the builders build in a
// scratch is built there and read as bits when it is such a list.

// chain is an update chain: its list and its updates, innermost first.
type chain struct {
	base  lang.Expr
	links []link
	kind  chainKind
}

// chainKind is what a chain's base may be: a list or a string (kindList:
// a splice of a list's or a string's literal, a map, a fold, a mask; a
// tuple gives up), a tuple (kindTuple: a splice of a tuple literal; a
// list or string gives up) or any of them (kindAny: updates only, which
// make what they update).
type chainKind uint8

const (
	kindList chainKind = iota
	kindAny
	kindTuple
)

// link is one update of a chain: update(In, At, To), In the chain so far;
// or (rng) a map of a range of places from At (ranges.go), To the map.
type link struct {
	in, at, to lang.Expr
	rng        *rangeLink
	fold       *recdef.Fold // (folds.go)
	callPos    engine.Pos   // the fold's call
	mask       *maskLink    // (maskedits.go)
}

// chainOf recognizes e as an update chain, or a splice (package build's
// SpliceOf: X[:I] + [E] + X[I + 1:] is update(X, I, E) where I is an
// index of X, which the chain checks); nil otherwise.
func (bs *Binds) chainOf(e lang.Expr) *chain {
	if ch := (ranger{bs.c, bs.plain}).rangeChain(e); ch != nil {
		return ch
	}
	if ch := (masker{bs.c}).chain(e); ch != nil {
		return ch
	}
	call, ok := e.(*lang.Call)
	if !ok {
		return bs.spliceChain(e)
	}
	bi := bs.c.CalledBuiltin(call)
	if bi == nil {
		if body := bs.inlined(call); body != nil {
			return bs.chainOf(body)
		}
		return folder{bs.c, bs.plain, bs.chainOf}.chain(call)
	}
	if !bi.Updates || len(call.Args) != 3 || !bs.plain(call.Args[1]) {
		return nil
	}
	if _, _, ok := selfOf(nil, call.Args[0], call.Args[1], call.Args[2]); !ok && !bs.plain(call.Args[2]) {
		return nil
	}
	ch := bs.chainOf(call.Args[0])
	if ch == nil {
		if !bs.plain(call.Args[0]) {
			return nil
		}
		ch = &chain{base: call.Args[0], kind: kindAny}
	}
	ch.links = append(ch.links, link{in: call.Args[0], at: call.Args[1], to: call.Args[2]})
	return ch
}

// putsList reports whether e, through defs inlined, is an update that
// puts a list (a grid's row: update(g, r, update(g[r], c, 1))): what it
// makes is never a list of 0s and 1s.
func (bs *Binds) putsList(e lang.Expr) bool {
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	if bi := bs.c.CalledBuiltin(call); bi == nil {
		body := bs.inlined(call)
		return body != nil && bs.putsList(body)
	} else if !bi.Updates || len(call.Args) != 3 {
		return false
	}
	switch to := call.Args[2].(type) {
	case *lang.ListLit, *lang.Comp:
		return true
	case *lang.Call:
		bi := bs.c.CalledBuiltin(to)
		return bi != nil && bi.Updates
	}
	return false
}

// spliceChain is splice e, X[:I] + C + X[I + K:], as the chain of its
// updates: at I + t, C's element t (a string literal's character t, as
// a string of one character); nil when e is not a splice.
func (bs *Binds) spliceChain(e lang.Expr) *chain {
	if !spliceShape(e, 2) {
		// (Package build plans only this shape: its plans of
		// comprehensions declare names. A splice of several, or of a
		// chain, splices reads alone.)
		return splices(e, bs.plain, bs.chainOf)
	}
	x, i, lit, elems, ok := build.SpliceOf(bs.b, e)
	kind := kindList
	if !ok {
		if x, i, elems, ok = build.SpliceOfTuple(bs.b, e); !ok {
			return splices(e, bs.plain, bs.chainOf) // (a conditional of characters between)
		}
		kind = kindTuple
	}
	pos := lang.Start(i)
	for t := range len(lit) {
		elems = append(elems, &lang.StrLit{Pos: pos, Val: lit[t : t+1]})
	}
	ch := &chain{base: x, kind: kind}
	for t, to := range elems {
		at := i
		if t > 0 {
			at = &lang.Binary{Pos: pos, Op: lang.OpAdd, X: i, Y: &lang.IntLit{Pos: pos, Val: int64(t)}}
		}
		if !bs.plain(at) || !bs.plain(to) {
			return nil
		}
		ch.links = append(ch.links, link{at: at, to: to})
	}
	return ch
}

// spliceShape reports whether e is a sum of depth at most d of slices of
// names, list and string literals and names.
func spliceShape(e lang.Expr, d int) bool {
	switch e := e.(type) {
	case *lang.Binary:
		return d > 0 && e.Op == lang.OpAdd && spliceShape(e.X, d-1) && spliceShape(e.Y, d-1)
	case *lang.Slice:
		_, ok := e.X.(*lang.Ident)
		return ok
	case *lang.ListLit, *lang.StrLit, *lang.Ident, *lang.TupleLit:
		return true
	case *lang.IfExpr:
		return oneChar(e)
	}
	return false
}

// inlined is the body of a call of a def, inlined, for chainOf to read
// as an update chain (or a splice): its names mean the same at the call (resolve's Same), and its
// body is small and has no names of its own (it counts no step of its
// call: resolve's InlineShape). Its parameters are written as the
// arguments, whatever they are: a chain evaluates an argument that is a
// chain once (the link that reads it as B[A], selfOf, reads its bits);
// anything else a chain takes is plain. nil otherwise.
func (bs *Binds) inlined(call *lang.Call) lang.Expr {
	c := bs.c
	fn := c.Inlinable(call)
	if fn == nil || c.GameCallee(call) != nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 || !resolve.InlineShape(fn.Decl.Body) || resolve.DropsArgs(fn, call) {
		return nil
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call))
}

// plain reports whether evaluating e again gives its value again and
// counts no step: literals, names of locals and globals, operators,
// indexing, slicing, literals of tuples and lists, calls of pure int
// built-ins (len).
func (bs *Binds) plain(e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			// (By its declaration: the clauses that bind it are not
			// compiled yet.)
			d := resolve.Of(x)
			ok = ok && d != nil && (d.Kind == resolve.Local || d.Kind == resolve.Global)
		case *lang.Call:
			bi := bs.c.BuiltinCallee(x)
			ok = ok && bi != nil && bi.Pure && bi.IntResult
			for _, a := range x.Args {
				ok = ok && bs.plain(a)
			}
			return false
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.IfExpr,
			*lang.Index, *lang.Slice, *lang.TupleLit, *lang.ListLit:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// makeFn makes the bits of the bound list for a move, or (false) the
// list's value v, built as compiled.
type makeFn func(fr *engine.Frame) (b bits, ok bool, v value.Value)

// genMake compiles the bits of x: through its chain ch (when not nil; a
// string's over the pair of gb's positions), else, or where the chain
// gives up, built by scr (a scratch of package build; nil: x's value).
func (bs *Binds) genMake(x lang.Expr, ch *chain, gb *engine.Binding, scr func(*engine.Frame, *value.Scratch)) makeFn {
	var direct func(fr *engine.Frame) (bits, bool)
	if ch != nil {
		direct = bs.genChain(ch, gb)
	}
	var xv engine.EvalFn
	if scr == nil {
		xv = bs.c.Vals.Expr(x)
	}
	return func(fr *engine.Frame) (bits, bool, value.Value) {
		if direct != nil {
			if b, ok := direct(fr); ok {
				return b, true, value.None
			}
		}
		if scr == nil {
			v := xv(fr)
			b, ok := valueBits(v)
			return b, ok, v
		}
		th := fr.Th
		s := th.TakeScratch()
		scr(fr, s)
		b, ok := scratchBits(s)
		var v value.Value
		if !ok {
			v = s.Value()
		}
		th.GiveScratch(s)
		return b, ok, v
	}
}

// anyInt is an expression compiled as ints when it is int-typed.
type anyInt struct {
	i compile.IntFn
	v engine.EvalFn
}

func anyIntOf(c *compile.Compiler, e lang.Expr) anyInt {
	if f := c.Ints.IntExpr(e); f != nil {
		return anyInt{i: f}
	}
	return anyInt{v: c.Vals.Expr(e)}
}

// bit is the element the expression puts in bits over ab: 0 or 1, else
// 2 (an int-typed one is not a string's, and is not evaluated for one).
func (a *anyInt) bit(fr *engine.Frame, ab pair) uint64 {
	if ab.str {
		if a.i != nil {
			return 2
		}
		return charBit(a.v(fr), ab)
	}
	if ab.bools {
		if a.i != nil {
			return 2
		}
		if v := a.v(fr); v.K == value.KBool {
			return uint64(v.N & 1)
		}
		return 2
	}
	if a.i != nil {
		return min(uint64(a.i(fr)), 2)
	}
	if v := a.v(fr); v.K == value.KInt {
		return min(uint64(v.N), 2)
	}
	return 2
}

// get is the int, or false.
func (a *anyInt) get(fr *engine.Frame) (int64, bool) {
	if a.i != nil {
		return a.i(fr), true
	}
	v := a.v(fr)
	return v.N, v.K == value.KInt
}

// value is the value.
func (a *anyInt) value(fr *engine.Frame) value.Value {
	if a.i != nil {
		return value.Value{K: value.KInt, N: a.i(fr)}
	}
	return a.v(fr)
}

// genChain compiles chain ch on bits: false where it gives up. A string
// is bits over the pair of the strings of gb's positions (nil: a string
// gives up).
// A part that fails gives up too: the parts of a def's body run here
// without its call on the trace, and not in its arguments' order, so the
// general way raises the error where the calls do.
func (bs *Binds) genChain(ch *chain, gb *engine.Binding) func(fr *engine.Frame) (bits, bool) {
	base := bs.c.Vals.Expr(ch.base)
	links := bs.linkFns(ch, ch.links)
	cache := &baseCache{}
	slot := bs.c.LocalSlot(ch.base) // (a local read in place)
	return func(fr *engine.Frame) (bits, bool) {
		var v value.Value
		if slot >= 0 {
			v = fr.Slots[slot]
		} else if x, ok := baseSafe(fr, base); ok {
			v = x
		} else {
			return bits{}, false
		}
		var ab pair
		if v.K == value.KStr {
			ab = pairOf(gb)
		}
		b, ok := cache.of(v, ab, ch.kind)
		if !ok {
			return bits{}, false
		}
		return applySafe(fr, links, b)
	}
}

// applySafe is applyLinks, false where a part fails with the script's
// own error (the thread's calls, depth and stack as they were: the
// general way then raises it, where the calls do); a limit or an
// interruption is raised as it is.
func applySafe(fr *engine.Frame, links []linkFn, b bits) (_ bits, ok bool) {
	th := fr.Th
	calls, depth, stack := len(th.Calls), th.Depth, th.Stack
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*value.RuntimeError); !isErr || e.Kind != value.ErrRuntime {
				panic(r)
			}
			th.Calls, th.Depth, th.Stack = th.Calls[:calls], depth, stack
			ok = false
		}
	}()
	return applyLinks(fr, links, b)
}

// baseSafe is the value of a chain's base, an expression (a def's body
// inlined: `b[:i] + (0, 0) + b[i + 1:]`), false where it fails with the
// script's own error, as applySafe: the general way raises it, with the
// def's call on the trace.
func baseSafe(fr *engine.Frame, base engine.EvalFn) (v value.Value, ok bool) {
	th := fr.Th
	calls, depth, stack := len(th.Calls), th.Depth, th.Stack
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*value.RuntimeError); !isErr || e.Kind != value.ErrRuntime {
				panic(r)
			}
			th.Calls, th.Depth, th.Stack = th.Calls[:calls], depth, stack
			ok = false
		}
	}()
	return base(fr), true
}

// linkFn is a link compiled: its index and element (to: where it is
// plain), or (self) its element read from a bit of the chain's list or
// of the chain so far (selfOf).
type linkFn struct {
	at, to anyInt
	self   bool
	cur    bool
	tab    sweepTo
	rng    *rangeFn
	fold   *foldFn
	mask   *maskFn
}

// linkFns compiles links, links of chain ch.
func (bs *Binds) linkFns(ch *chain, links []link) []linkFn {
	out := make([]linkFn, len(links))
	for i, l := range links {
		if l.rng != nil {
			out[i].rng = newRangeFn(bs.c, l)
			continue
		}
		if l.fold != nil {
			out[i].fold = newFoldFn(bs.c, l)
			continue
		}
		if l.mask != nil {
			out[i].mask = newMaskFn(bs.c, l.mask)
			continue
		}
		out[i].at = anyIntOf(bs.c, l.at)
		if out[i].tab, out[i].cur, out[i].self = selfOf(ch.base, l.in, l.at, l.to); !out[i].self {
			out[i].to = anyIntOf(bs.c, l.to)
		}
	}
	return out
}

// applyLinks puts links in b, the bits of the chain's list: false where
// an index is not one of the list's or an element is not one the bits
// hold.
func applyLinks(fr *engine.Frame, links []linkFn, b bits) (bits, bool) {
	orig := b.w
	for i := range links {
		l := &links[i]
		if l.rng != nil || l.fold != nil || l.mask != nil {
			var ok bool
			switch {
			case l.rng != nil:
				b, ok = l.rng.apply(fr, b)
			case l.fold != nil:
				b, ok = l.fold.apply(fr, b)
			default:
				b, ok = l.mask.apply(fr, b)
			}
			if !ok {
				return bits{}, false
			}
			continue
		}
		at, ok1 := l.at.get(fr)
		if !ok1 || uint64(at) >= uint64(b.n) {
			return bits{}, false
		}
		var to uint64
		if l.self {
			w := orig
			if l.cur {
				w = b.w
			}
			to = l.tab.tab(b.ab)[w>>at&1]
		} else {
			to = l.to.bit(fr, b.ab)
		}
		if to > 1 {
			return bits{}, false
		}
		b.w = b.w&^(1<<at) | to<<at
	}
	return b, true
}

// selfOf reads to, the element a link of the chain so far in writes at
// at, as a sweep's link reads its element (sweepTo: if X[A] == L then E1
// else E2, L - X[A], not X[A], X[A]), A at (the same affine form), and X
// the chain's base (cur false), or in itself when it is an update chain
// (cur true; base nil: only so): flip(b[j]) and flip(flip(s, i), j)
// inlined.
func selfOf(base, in, at, to lang.Expr) (t sweepTo, cur, ok bool) {
	_, inCall := in.(*lang.Call)
	bid, _ := base.(*lang.Ident)
	elem := func(e lang.Expr) (int64, bool) {
		ix, isIx := e.(*lang.Index)
		if !isIx || !sameAffine(ix.Index, at) {
			return 0, false
		}
		xid, isID := ix.X.(*lang.Ident)
		switch {
		case inCall && ir.Same(ix.X, in):
			cur = true
		case bid != nil && isID && resolve.Of(bid) != nil && resolve.Of(xid) == resolve.Of(bid):
		default:
			return 0, false
		}
		return 0, true
	}
	t, ok = toOf(to, elem)
	return t, cur, ok && t.bit
}

// baseCache is the bits of the list or string last read (by its
// identity: a list or string never changes, and the cache keeps it
// alive; a string's over the pair it was read with).
type baseCache struct {
	ref any
	ab  pair
	b   bits
	ok  bool
}

// of is the bits of v, if it is such a list, or such a string over ab,
// or such a tuple, as a chain of kind k takes it.
func (c *baseCache) of(v value.Value, ab pair, k chainKind) (bits, bool) {
	if (v.K == value.KTuple) != (k == kindTuple) && k != kindAny {
		return bits{}, false
	}
	switch v.K {
	case value.KTuple:
		if v.Ref != c.ref {
			c.ref = v.Ref
			c.b, c.ok = tupleBits(v)
		}
	case value.KList:
		if v.Ref != c.ref {
			c.ref = v.Ref
			c.b, c.ok = valueBits(v)
		}
	case value.KStr:
		if v.Ref != c.ref || ab != c.ab {
			c.ref, c.ab = v.Ref, ab
			c.b, c.ok = strBits(v.Str(), ab)
		}
	default:
		return bits{}, false
	}
	return c.b, c.ok
}

// tupleBits is the bits of the tuple v, if it is one of 1 to 64 ints 0
// and 1.
func tupleBits(v value.Value) (bits, bool) {
	if w, n, _, _, ok := value.SeqBits(v); ok {
		return bits{w: w, n: int16(n), ab: pair{c0: tupleMark}}, true
	}
	es := v.Elems()
	if len(es) == 0 || es[0].K != value.KInt {
		return bits{}, false
	}
	b, ok := listBits(es)
	b.ab.c0 = tupleMark
	return b, ok
}

// valueBits is the bits of v, if it is a list of up to 64 ints 0 and 1.
func valueBits(v value.Value) (bits, bool) {
	if v.K != value.KList {
		return bits{}, false
	}
	if w, n, bools, _, ok := value.SeqBits(v); ok {
		return bits{w: w, n: int16(n), ab: pair{bools: bools}}, true
	}
	return listBits(v.Elems())
}

// listBits is the bits of the elements es, if they are up to 64 ints 0
// and 1, or 1 to 64 bools (bools.go).
func listBits(es []value.Value) (bits, bool) {
	if len(es) > 64 {
		return bits{}, false
	}
	if len(es) > 0 && es[0].K == value.KBool {
		return boolBits(es)
	}
	var w uint64
	for i, x := range es {
		if x.K != value.KInt || uint64(x.N) > 1 {
			return bits{}, false
		}
		w |= uint64(x.N) << i
	}
	return bits{w: w, n: int16(len(es))}, true
}

// scratchBits is the bits of the list built in s, if it is one of up to
// 64 ints 0 and 1 (or of bools: its elements values).
func scratchBits(s *value.Scratch) (bits, bool) {
	if s.Boxed && !s.Whole && !s.Str && !s.Tuple {
		return listBits(s.Vals)
	}
	if s.Whole || s.Str || s.Boxed || s.Tuple || len(s.Ints) > 64 {
		return bits{}, false
	}
	var w uint64
	for i, x := range s.Ints {
		if uint64(x) > 1 {
			return bits{}, false
		}
		w |= uint64(x) << i
	}
	return bits{w: w, n: int16(len(s.Ints))}, true
}
