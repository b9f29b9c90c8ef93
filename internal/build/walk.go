package build

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Walks. The last for clause of a move rule over a range of x whose one
// option is a position of one argument built in a scratch as a list of
// ints, each element of which is either the same for every x or x plus
// or minus something that is (Silver Dollar's slide, update(c, i, p) for
// p in A .. B; Staircase Nim's coins moved down, an edit with c[j] + m
// and c[j] - m for m in 1 .. c[i]):
//
//	g(update(c, i, p)) for p in A .. B
//
// The list for x is then the list for A with a few elements x - A more
// or less, the same ones for every x, and when each int is a byte of the
// key (value.IntSeqByteForm) so is the key: the walk builds the option of
// A as the general way does (the same value, errors and steps), works
// out which elements change (the indexes of update and of an edit's arms,
// plain expressions evaluated again, and whether x is added to or
// subtracted from each, read from the rule), and for each later x
// rewrites those bytes of the key and looks it up, with no closure
// called and no element built. Exact: what changes with x is x itself,
// added or subtracted (the recognizer checks it), and the rest are plain
// expressions (operators over names and literals, no call) that do not
// read x, which give the same value at every x once they gave one; an
// element in 0 .. 63 is x plus or minus an int without overflow; a step
// counted by the build is counted for each x (the count of the first,
// which a build over the same shapes repeats), and an x whose steps reach
// a check of the limits, or whose key is not a byte an int, is built the
// general way.

// maxWalkChanges bounds the elements that change with x.
const maxWalkChanges = 8

// walks compiles walks (Builders.Walk).
type walks struct{ bd *Builders }

// walkable reports whether the list p builds changes with x (declared by
// xd) as a walk needs: its parts that do not read x plain, and each
// element that reads it x plus or minus one of those.
func (wk walks) walkable(p *BuildPlan, xd *resolve.Decl) bool {
	bd := wk.bd
	still := func(e lang.Expr) bool { return e == nil || (filters{bd.c}).plainCond(e) && !reads(e, xd) }
	if inlined(p) {
		return false
	}
	switch p.Kind {
	case BuildValue:
		return still(p.Expr)
	case BuildList, BuildTuple:
		for _, e := range p.Elems {
			if !wk.walkElem(e, xd) {
				return false
			}
		}
		return true
	case BuildUpdate:
		return wk.walkable(p.X, xd) && still(p.Elems[0]) && wk.walkElem(p.Elems[1], xd)
	case BuildEdit:
		if reads(p.Base, xd) {
			return false
		}
		for k := 0; k < len(p.Elems); k += 2 {
			if !still(p.Elems[k]) || !wk.walkElem(p.Elems[k+1], xd) {
				return false
			}
		}
		return true
	}
	return false
}

// walkElem reports whether element e is plain and does not read x, or is
// x, E + x, x + E, E - x or x - E with E such.
func (wk walks) walkElem(e lang.Expr, xd *resolve.Decl) bool {
	bd := wk.bd
	still := func(e lang.Expr) bool { return (filters{bd.c}).plainCond(e) && !reads(e, xd) }
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && resolve.Of(id) == xd
	}
	if isX(e) || still(e) {
		return true
	}
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return false
	}
	return isX(b.X) && still(b.Y) || isX(b.Y) && still(b.X)
}

// walk compiles the last for clause of a move rule, over the range r of
// its one name, whose body is the position call, as a walk (see above);
// nil when it is not one.
func (wk walks) walk(call *lang.Call, r compile.RangeWalk) (func(fr *engine.Frame), string) {
	bd := wk.bd
	if !bd.c.On(passes.Walks) || len(call.Args) != 1 {
		return nil, ""
	}
	b := bd.c.GameCallee(call)
	if b == nil {
		return nil, ""
	}
	xd := resolve.NameDecl(r.Var)
	p, _ := bd.composite(call, b)
	if p == nil || p.Args[0].Build == nil || p.Args[0].Build.Set() {
		return nil, ""
	}
	// (The body of a def inlined: walked as its body, compiled as the
	// def's, the build with the call on the trace: inline.go.)
	bp := p.Args[0].Build
	if bound(bp) {
		return nil, ""
	}
	inner := *bp
	inner.Inl = nil
	if !wk.walkable(&inner, xd) {
		return nil, ""
	}
	build := bd.genBuild(bp)
	var changes changesFn
	var direct directFn
	inInlined(bd, bp.Inl, func() {
		changes = wk.genChanges(&inner, xd)
		direct = wk.genDirect(&inner, xd)
	})
	bd.c.Fired(passes.Composite)
	return walkFn(build, changes, direct, r, call.Pos, b), "for positions whose arguments are not all ints, the keys of its options walk with " + r.Var.Name + ": the option's argument (a list of ints) is built for its first value, and for each one after, its key is the one before with the bytes of the elements that change with " + r.Var.Name + " rewritten (a walk: no list built)"
}

// changesFn is the elements of a list of n elements built (for the
// first value of x, the frame as the build left it) that change with x;
// false when it cannot tell. (Returned as a value: a walk makes no
// garbage.)
type changesFn func(fr *engine.Frame, n int) (walkChanges, bool)

// walkChanges are the elements of a list (of fewer than 128) that change
// with x: element at[k] by d[k] (1 or -1) a value of x. (Small: returned
// as a value.)
type walkChanges struct {
	n  int
	at [maxWalkChanges]uint8
	d  [maxWalkChanges]int8
}

// genChanges compiles what changes with x (declared by xd) in the list p
// builds (walkable).
func (wk walks) genChanges(p *BuildPlan, xd *resolve.Decl) changesFn {
	bd := wk.bd
	switch p.Kind {
	case BuildList, BuildTuple:
		var at []int
		var d []int64
		for i, e := range p.Elems {
			if k := walkDir(e, xd); k != 0 {
				at, d = append(at, i), append(d, k)
			}
		}
		return func(fr *engine.Frame, n int) (ch walkChanges, ok bool) {
			for k := range at {
				if !ch.change(at[k], d[k]) {
					return ch, false
				}
			}
			return ch, n == len(p.Elems)
		}
	case BuildUpdate:
		x, i, d := wk.genChanges(p.X, xd), bd.c.Vals.Expr(p.Elems[0]), walkDir(p.Elems[1], xd)
		return func(fr *engine.Frame, n int) (walkChanges, bool) {
			ch, ok := x(fr, n)
			if !ok {
				return ch, false
			}
			iv := i(fr)
			return ch, iv.K == value.KInt && uint64(iv.N) < uint64(n) && ch.change(int(iv.N), d)
		}
	case BuildEdit:
		arms := len(p.Elems) / 2
		ats := make([]engine.EvalFn, arms)
		ds := make([]int64, arms)
		for k := range arms {
			ats[k], ds[k] = bd.c.Vals.Expr(p.Elems[2*k]), walkDir(p.Elems[2*k+1], xd)
		}
		return func(fr *engine.Frame, n int) (ch walkChanges, ok bool) {
			// (Every arm's index was evaluated by the build when there
			// are as many indexes as arms: evaluated again, each gives
			// its value again.)
			if n < arms {
				return ch, false
			}
			var taken [maxEdits]int64
			for k := range arms {
				at := ats[k](fr)
				taken[k] = -1
				if at.K != value.KInt || uint64(at.N) >= uint64(n) || slices.Contains(taken[:k], at.N) {
					continue // (no index, or an arm before it takes it)
				}
				taken[k] = at.N
				if !ch.change(int(at.N), ds[k]) {
					return ch, false
				}
			}
			return ch, true
		}
	}
	// BuildValue: nothing changes.
	return func(*engine.Frame, int) (walkChanges, bool) { return walkChanges{}, true }
}

// directFn reads the list a build makes for the first value x0 of x
// from the list it starts from, without building it, and returns the
// elements that change with x and the steps the build counts; false when
// it cannot (the base is not a list of ints, an index is out of range,
// an element overflows): the build then runs. When the list's key is a
// byte an int of at most 8 bytes (ws.ok), it gives the key as a word and
// puts in s the values at x0 of the elements that change (in their
// order); else it puts the list in s.
type directFn func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkChanges, ws wordStart, steps int64, ok bool)

// wordStart is the key at x0 of a list whose key is a byte an int of at
// most 8 bytes (ok): its word, its length, whether an element that does
// not change is more than 1 (big) and whether it is a tuple.
type wordStart struct {
	word  uint64
	n     int
	big   bool
	tuple bool
	ok    bool
}

// baseInfo is what a walk reads of the list its options start from, once
// for all the runs of a position's moves: its ints, and when its key is
// a byte an int of at most 8 bytes (small), that key as a word and how
// many of its ints are more than 1.
type baseInfo struct {
	ints  value.IntsCache
	first *value.Value
	n     int
	word  uint64
	big   int
	small bool
}

// of returns the ints of the list of elements e (false when they are not
// all ints), working out the rest when e is another list than last time.
func (b *baseInfo) of(e []value.Value) ([]int64, bool) {
	base, ok := b.ints.Of(e)
	if !ok || len(e) == 0 {
		return base, ok
	}
	if b.first != &e[0] || b.n != len(e) {
		b.first, b.n = &e[0], len(e)
		b.small, b.big = len(base) <= 8-value.IntSeqByteAt, 0
		for _, x := range base {
			b.small = b.small && uint64(x) < 64
			if x > 1 {
				b.big++
			}
		}
		if b.small {
			var kb [8]byte
			b.word = memo.KeyWord(value.AppendIntSeqBytes(kb[:0], false, base))
		}
	}
	return base, true
}

// start is the word start of a list of base b (its key tagged for a
// tuple when tuple) with its elements at[k] = vals[k] (bases: their ints
// in b), when b is small.
func (b *baseInfo) start(ch *walkChanges, vals, bases *[maxWalkChanges]int64, tuple bool) wordStart {
	if !b.small {
		return wordStart{}
	}
	ws := wordStart{word: b.word, n: value.IntSeqByteAt + b.n, tuple: tuple, ok: true}
	if tuple {
		// (The tag's byte, the key's first.)
		ws.word = ws.word&^0xff | uint64(value.TagIntTuple)
	}
	big := b.big
	for k := range ch.n {
		sh := 8 * (value.IntSeqByteAt + uint(ch.at[k]))
		// (Two's complement: exact once every byte is in 0 .. 126.)
		ws.word += uint64(2*(vals[k]-bases[k])) << sh
		if bases[k] > 1 {
			big--
		}
	}
	ws.big = big > 0
	return ws
}

// guarded is direct(fr, x0, s), false when it fails (an index of plain
// operators that fails: the build then runs, and fails as it does).
func guarded(fr *engine.Frame, x0 int64, s *value.Scratch, direct directFn) (ch walkChanges, ws wordStart, steps int64, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if recover() != nil {
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	return direct(fr, x0, s)
}

// A direct element: x (elemX), base[i] + x (elemPlus), base[i] - x
// (elemMinus), x - base[i] (elemXMinus) or base[i] (elemBase), with i
// its index.
const (
	elemNone = iota
	elemX
	elemPlus
	elemMinus
	elemXMinus
	elemBase
)

// directElem is the form of element e (elemNone when it has none of the
// forms): base[i] is at, an index of the base list bs.
func directElem(e lang.Expr, xd *resolve.Decl, isAt func(lang.Expr) bool) int {
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && resolve.Of(id) == xd
	}
	switch {
	case isX(e):
		return elemX
	case isAt(e):
		return elemBase
	}
	if b, ok := e.(*lang.Binary); ok {
		switch {
		case b.Op == lang.OpAdd && (isAt(b.X) && isX(b.Y) || isX(b.X) && isAt(b.Y)):
			return elemPlus
		case b.Op == lang.OpSub && isAt(b.X) && isX(b.Y):
			return elemMinus
		case b.Op == lang.OpSub && isX(b.X) && isAt(b.Y):
			return elemXMinus
		}
	}
	return elemNone
}

// directValue is the value at x0 of an element of form f whose base
// element is e, and its change a value of x; false when it overflows.
func directValue(f int, e, x0 int64) (v, d int64, ok bool) {
	switch f {
	case elemX:
		return x0, 1, true
	case elemPlus:
		v, ok = operator.AddOK(e, x0)
		return v, 1, ok
	case elemMinus:
		v, ok = operator.SubOK(e, x0)
		return v, -1, ok
	case elemXMinus:
		v, ok = operator.SubOK(x0, e)
		return v, 1, ok
	}
	return e, 0, true
}

// genDirect compiles the reading of the list p builds for x0 from its
// base, when each element that may change with x has a form of
// directElem (an edit of c whose arms are j, c[j] + x, ...; update(c, I,
// V) with V x, c[I] + x, ... and I written alike); nil otherwise.
func (wk walks) genDirect(p *BuildPlan, xd *resolve.Decl) directFn {
	bd := wk.bd
	isName := func(e lang.Expr, d *resolve.Decl) bool {
		id, ok := e.(*lang.Ident)
		return ok && d != nil && resolve.Of(id) == d
	}
	switch p.Kind {
	case BuildEdit:
		cd, jd := resolve.Of(p.Base), resolve.NameDecl(p.Var)
		isAt := func(e lang.Expr) bool {
			ix, ok := e.(*lang.Index)
			return ok && isName(ix.X, cd) && isName(ix.Index, jd)
		}
		arms := len(p.Elems) / 2
		ats := make([]engine.EvalFn, arms)
		forms := make([]int, arms)
		for k := range arms {
			if forms[k] = directElem(p.Elems[2*k+1], xd, isAt); forms[k] == elemNone {
				return nil
			}
			ats[k] = bd.c.Vals.Expr(p.Elems[2*k])
		}
		base := bd.c.Vals.Expr(p.Base)
		var info baseInfo
		return func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkChanges, ws wordStart, steps int64, ok bool) {
			v := base(fr)
			if v.K != value.KList && v.K != value.KTuple {
				return ch, ws, 0, false
			}
			base, ok := info.of(v.Elems())
			if !ok || len(base) < arms || len(base) >= 128 {
				return ch, ws, 0, false
			}
			// (As genChanges: the arms' indexes, each taken by the
			// first arm of its index.)
			var taken [maxEdits]int64
			var vals, bases [maxWalkChanges]int64
			for k := range arms {
				at := ats[k](fr)
				taken[k] = -1
				if at.K != value.KInt || uint64(at.N) >= uint64(len(base)) || slices.Contains(taken[:k], at.N) {
					continue // (no index, or an arm before it takes it)
				}
				taken[k] = at.N
				val, dir, fits := directValue(forms[k], base[at.N], x0)
				if dir == 0 {
					continue // (an arm that copies its element)
				}
				if !fits || !ch.change(int(at.N), dir) {
					return ch, ws, 0, false
				}
				vals[ch.n-1], bases[ch.n-1] = val, base[at.N]
			}
			if ws = info.start(&ch, &vals, &bases, false); ws.ok {
				s.Ints = append(s.Ints[:0], vals[:ch.n]...)
			} else {
				s.SetInts(base, false)
				for k := range ch.n {
					s.Ints[ch.at[k]] = vals[k]
				}
			}
			return ch, ws, int64(len(base)), true // (the edit's steps, one an index)
		}
	case BuildUpdate:
		if p.X.Kind != BuildValue {
			return nil
		}
		cid, ok := p.X.Expr.(*lang.Ident)
		if !ok {
			return nil
		}
		cd, idx := resolve.Of(cid), p.Elems[0]
		isAt := func(e lang.Expr) bool {
			ix, ok := e.(*lang.Index)
			return ok && isName(ix.X, cd) && lang.SExpr(ix.Index) == lang.SExpr(idx) && (filters{bd.c}).plainCond(ix.Index)
		}
		form := directElem(p.Elems[1], xd, isAt)
		if form == elemNone || form == elemBase {
			return nil
		}
		base, index := bd.c.Vals.Expr(p.X.Expr), bd.c.Vals.Expr(idx)
		var info baseInfo
		return func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkChanges, ws wordStart, steps int64, ok bool) {
			v := base(fr)
			if v.K != value.KList && v.K != value.KTuple {
				return ch, ws, 0, false
			}
			base, ok := info.of(v.Elems())
			if !ok || len(base) >= 128 {
				return ch, ws, 0, false
			}
			i := index(fr)
			if i.K != value.KInt || uint64(i.N) >= uint64(len(base)) {
				return ch, ws, 0, false
			}
			val, dir, fits := directValue(form, base[i.N], x0)
			if !fits || !ch.change(int(i.N), dir) {
				return ch, ws, 0, false
			}
			vals, bases := [maxWalkChanges]int64{val}, [maxWalkChanges]int64{base[i.N]}
			tuple := v.K == value.KTuple
			if ws = info.start(&ch, &vals, &bases, tuple); ws.ok {
				s.Ints = append(s.Ints[:0], val)
			} else {
				s.SetInts(base, tuple)
				s.Ints[i.N] = val
			}
			return ch, ws, 0, true
		}
	}
	return nil
}

// walkDir is how an element walkElem accepts changes with x: 1 (x, E +
// x, x + E, x - E), -1 (E - x) or 0.
func walkDir(e lang.Expr, xd *resolve.Decl) int64 {
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && resolve.Of(id) == xd
	}
	if isX(e) {
		return 1
	}
	if b, ok := e.(*lang.Binary); ok && (b.Op == lang.OpAdd || b.Op == lang.OpSub) {
		switch {
		case isX(b.X):
			return 1
		case isX(b.Y) && b.Op == lang.OpAdd:
			return 1
		case isX(b.Y):
			return -1
		}
	}
	return 0
}

// walkFn is the walk of the range r whose option is the position of game b
// with the one argument build makes (pos: the call's; changes: what
// changes with x in it).
func walkFn(build buildFn, changes changesFn, direct directFn, r compile.RangeWalk, pos engine.Pos, b *engine.Binding) func(fr *engine.Frame) {
	slot, rpos := r.Slot, r.RPos
	// step computes the option for x as the general way does, and the
	// steps its build counted; when snap is not nil, it holds the list
	// built and ok says it is a list of ints keyed in g's table.
	step := func(fr *engine.Frame, x int64, snap *value.Scratch) (steps int64, ok bool) {
		th, gn := fr.Th, fr.Gen
		th.Tick(rpos)
		fr.Slots[slot] = value.Value{K: value.KInt, N: x}
		gn.Tracing = true
		s := th.TakeScratch()
		before := th.Steps
		g, rk, plain := builtRef(fr, build, pos, b, s)
		steps = th.Steps - before
		if snap != nil && plain {
			snap.SetInts(s.Ints, s.Tuple)
			ok = true
		}
		th.GiveScratch(s)
		v := gn.Lookup(g, rk)
		gn.Tracing = false
		gn.EmitSG(v)
		return steps, ok
	}
	return func(fr *engine.Frame) {
		a, z := r.Bounds(fr)
		if a > z {
			return
		}
		th := fr.Th
		s0 := th.TakeScratch()
		g := b.Game
		x := a
		var w walker
		var t0 int64
		walking := false
		if direct != nil && g.NArgs == 1 && g.Tuples == nil {
			// The list for a read from its base, not built.
			var ch walkChanges
			var ws wordStart
			if ch, ws, t0, walking = guarded(fr, a, s0, direct); walking {
				if ws.ok {
					walking = w.startWord(ch, ws, s0.Ints, a)
				} else {
					walking = w.init(s0, a) && w.start(ch)
				}
			}
		}
		if !walking {
			var ok bool
			t0, ok = step(fr, x, s0)
			if fr.Stop || x == z {
				th.GiveScratch(s0)
				return
			}
			walking = ok && w.init(s0, x)
			if walking {
				var ch walkChanges
				ch, walking = changes(fr, len(s0.Ints))
				walking = walking && w.start(ch)
			}
			x++
		}
		for ; ; x++ {
			if walking && th.Steps+1+t0 < th.CheckAt {
				switch word, key, fit := w.key(x); {
				case fit:
					th.Steps += 1 + t0
					var rk uint64
					if key == nil {
						rk = g.InternWord(word, w.keyLen)
					} else {
						rk = g.Intern(key, false, nil)
					}
					gn := fr.Gen
					if st := g.State(rk); st >= memo.FinBase && st < memo.FinBase+64 && len(gn.Bits) > 0 {
						// (A value known and small: what Lookup and
						// EmitSG do with it.)
						gn.Bits[0] |= 1 << uint(st-memo.FinBase)
						gn.E.Edges++
					} else {
						gn.Tracing = true
						sv := gn.Lookup(g, rk)
						gn.Tracing = false
						gn.EmitSG(sv)
					}
					if fr.Stop || x == z {
						fr.Slots[slot] = value.Value{K: value.KInt, N: x}
						th.GiveScratch(s0)
						return
					}
					continue
				case w.gone:
					walking = false
				}
			}
			step(fr, x, nil)
			if fr.Stop || x == z {
				th.GiveScratch(s0)
				return
			}
		}
	}
}

// walker holds a walk's key: the list built for x0 (ints, tuple), the
// elements that change with x (at, by d a value of x, from v0 at x0),
// and the key (of keyLen bytes): a word, word0, and its change a value of
// x, step, when it has at most 8 bytes; else written a byte an int in
// buf.
type walker struct {
	ints  []int64
	tuple bool
	x0    int64
	walkChanges
	v0 [maxWalkChanges]int64
	// The values of x - x0 for which each element changing is in 0 ..
	// 63 (one interval: they move one way each).
	lo, hi int64
	// big: an element that does not change is more than 1 (the key is
	// then never a list of 0s and 1s).
	big         bool
	keyLen      int
	buf         []byte
	word0, step uint64
	gone        bool // x - x0 is past hi: the elements do not come back
}

// init starts the walk from the list built for x0 (in s, whose key
// buffer it takes); false for too long a list.
func (w *walker) init(s *value.Scratch, x0 int64) bool {
	if len(s.Ints) >= 128 {
		return false
	}
	w.ints, w.tuple, w.x0 = s.Ints, s.Tuple, x0
	w.buf = value.AppendIntSeqBytes(s.Key[:0], w.tuple, s.Ints)
	w.keyLen = len(w.buf)
	s.Key = w.buf
	return true
}

// start sets the elements that change (some must) and works out what
// key reads: false when an element that does not change is out of 0 ..
// 63 (the key never a byte an int).
func (w *walker) start(ch walkChanges) bool {
	w.walkChanges = ch
	if w.n == 0 {
		return false
	}
	var changed [2]uint64 // (fewer than 128 elements)
	for k := range w.n {
		changed[w.at[k]>>6] |= 1 << (w.at[k] & 63)
		w.v0[k] = w.ints[w.at[k]]
	}
	for i, e := range w.ints {
		if changed[i>>6]>>(i&63)&1 == 0 {
			if uint64(e) >= 64 {
				return false
			}
			w.big = w.big || e > 1
		}
	}
	if len(w.buf) <= 8 {
		// (The bytes that change as 2 * v0 added, two's complement: an
		// element out of 0 .. 63 at x0 borrows from the bytes above, and
		// the word is exact at each x where they are all in it.)
		w.word0 = memo.KeyWord(w.buf)
		for k := range w.n {
			sh := 8 * (value.IntSeqByteAt + uint(w.at[k]))
			w.word0 = w.word0&^(0xff<<sh) + uint64(2*w.v0[k])<<sh
		}
	}
	w.bounds()
	return true
}

// startWord starts the walk at x0 from a key of at most 8 bytes (ws) and
// the values at x0 of the elements that change (vals, in their order).
func (w *walker) startWord(ch walkChanges, ws wordStart, vals []int64, x0 int64) bool {
	w.walkChanges = ch
	if w.n == 0 {
		return false
	}
	copy(w.v0[:w.n], vals)
	w.x0, w.tuple, w.big, w.keyLen, w.word0 = x0, ws.tuple, ws.big, ws.n, ws.word
	w.bounds()
	return true
}

// bounds works out lo and hi, and a short key's step.
func (w *walker) bounds() {
	w.lo, w.hi = 0, 63
	for k := range w.n {
		e := w.v0[k]
		lo, hi := -e, 63-e // (x - x0 for e + (x - x0) in 0 .. 63)
		if w.d[k] < 0 {
			lo, hi = e-63, e
		}
		w.lo, w.hi = max(w.lo, lo), min(w.hi, hi)
		w.step += uint64(int64(w.d[k])) << (8*(value.IntSeqByteAt+int(w.at[k])) + 1) // (a byte is 2e)
	}
}

// key is the key of the list for x > x0, when each of its ints is a byte
// (fit): as a word (key nil) when it has at most 8 bytes; gone when x is
// past the values for which the elements that change are in 0 .. 63.
func (w *walker) key(x int64) (word uint64, key []byte, fit bool) {
	dx := x - w.x0
	if dx > w.hi {
		w.gone = true
		return 0, nil, false
	}
	if dx < w.lo {
		return 0, nil, false
	}
	if !w.big && !w.tuple {
		// (A list of 0s and 1s has another key.)
		big := false
		for k := range w.n {
			big = big || w.v0[k]+dx*int64(w.d[k]) > 1
		}
		if !big {
			return 0, nil, false
		}
	}
	if w.keyLen <= 8 {
		// (Each byte stays in 0 .. 126: no carry between them.)
		return w.word0 + uint64(dx)*w.step, nil, true
	}
	for k := range w.n {
		w.buf[value.IntSeqByteAt+int(w.at[k])] = value.IntSeqByte(w.v0[k] + dx*int64(w.d[k]))
	}
	return 0, w.buf, true
}

// change notes that element i changes by d a value of x (d 0: it does
// not; an element changed again keeps the last change); false when too
// many do.
func (w *walkChanges) change(i int, d int64) bool {
	if i >= 128 {
		return false
	}
	for k := range w.n {
		if int(w.at[k]) == i {
			// (Set again by an update: its own change replaces it.)
			w.n--
			copy(w.at[k:w.n], w.at[k+1:w.n+1])
			copy(w.d[k:w.n], w.d[k+1:w.n+1])
			break
		}
	}
	if d == 0 {
		return true
	}
	if w.n == maxWalkChanges {
		return false
	}
	w.at[w.n], w.d[w.n] = uint8(i), int8(d)
	w.n++
	return true
}

// changes reports whether element i changes with x.
func (w *walkChanges) changes(i int) bool {
	for k := range w.n {
		if int(w.at[k]) == i {
			return true
		}
	}
	return false
}
