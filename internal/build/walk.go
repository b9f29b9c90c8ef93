package build

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/mapkey"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/internal/walkkey"

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
// key (value.AppendIntSeqBytes) so is the key: the walk builds the option of
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
// general way. The keys themselves are package walkkey's.

// walks compiles walks (Builders.Walk).
type walks struct{ bd *Builders }

// walkable reports whether the list p builds changes with x (declared by
// xd) as a walk needs: its parts that do not read x plain, and each
// element that reads it x plus or minus one of those.
func (wk walks) walkable(p *BuildPlan, xd *resolve.Decl) bool {
	bd := wk.bd
	still := func(e lang.Expr) bool { return e == nil || (filters{bd.c}).plainCond(e) && !ir.MentionsDecl(e, xd) }
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
		if p.BaseAt != nil || p.Hi != nil || ir.MentionsDecl(p.Base, xd) {
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
	still := func(e lang.Expr) bool { return (filters{bd.c}).plainCond(e) && !ir.MentionsDecl(e, xd) }
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
	return isX(b.X) && still(b.Y) || isX(b.Y) && still(b.X) || b.Op == lang.OpAdd && negOf(b.Y, xd) && still(b.X)
}

// negOf reports whether e is -x, x declared by xd (E + -x changes as E -
// x does).
func negOf(e lang.Expr, xd *resolve.Decl) bool {
	u, ok := e.(*lang.Unary)
	if !ok || u.Op != lang.OpNeg {
		return false
	}
	id, ok := u.X.(*lang.Ident)
	return ok && resolve.Of(id) == xd
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
	if u := spliceUpdate(bd, &inner); u != nil {
		inner = *u
	}
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
	// (A map's updates: keyed by package mapkey where the walk cannot
	// start.)
	return walkFn(build, changes, direct, mapkey.Compile(bd.c, call.Args[0]), r, call.Pos, b), "for positions whose arguments are not all ints, the keys of its options walk with " + r.Var.Name + ": the option's argument (a list of ints) is built for its first value, and for each one after, its key is the one before with the bytes of the elements that change with " + r.Var.Name + " rewritten (a walk: no list built)"
}

// changesFn is the elements of a list of n elements built (for the
// first value of x, the frame as the build left it) that change with x;
// false when it cannot tell. (Returned as a value: a walk makes no
// garbage.)
type changesFn func(fr *engine.Frame, n int) (walkkey.Changes, bool)

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
		return func(fr *engine.Frame, n int) (ch walkkey.Changes, ok bool) {
			for k := range at {
				if !ch.Change(at[k], d[k]) {
					return ch, false
				}
			}
			return ch, n == len(p.Elems)
		}
	case BuildUpdate:
		x, i, d := wk.genChanges(p.X, xd), bd.c.Vals.Expr(p.Elems[0]), walkDir(p.Elems[1], xd)
		var xv engine.EvalFn
		if p.Splice {
			xv = bd.c.Vals.Expr(p.X.Expr)
		}
		return func(fr *engine.Frame, n int) (walkkey.Changes, bool) {
			ch, ok := x(fr, n)
			if !ok {
				return ch, false
			}
			if xv != nil {
				// (A splice is X with one element replaced where X is a
				// list and I one of its indexes.)
				if v := xv(fr); v.K != value.KList || len(v.Elems()) != n {
					return ch, false
				}
			}
			iv := i(fr)
			return ch, iv.K == value.KInt && uint64(iv.N) < uint64(n) && ch.Change(int(iv.N), d)
		}
	case BuildEdit:
		arms := len(p.Elems) / 2
		ats := make([]engine.EvalFn, arms)
		ds := make([]int64, arms)
		for k := range arms {
			ats[k], ds[k] = bd.c.Vals.Expr(p.Elems[2*k]), walkDir(p.Elems[2*k+1], xd)
		}
		return func(fr *engine.Frame, n int) (ch walkkey.Changes, ok bool) {
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
				if !ch.Change(int(at.N), ds[k]) {
					return ch, false
				}
			}
			return ch, true
		}
	}
	// BuildValue: nothing changes.
	return func(*engine.Frame, int) (walkkey.Changes, bool) { return walkkey.Changes{}, true }
}

// directFn reads the list a build makes for the first value x0 of x
// from the list it starts from, without building it, and returns the
// elements that change with x and the steps the build counts; false when
// it cannot (the base is not a list of ints, an index is out of range,
// an element overflows): the build then runs. When the list's key is a
// byte an int of at most 8 bytes (ws.OK), it gives the key as a word and
// puts in s the values at x0 of the elements that change (in their
// order); else it puts the list in s.
type directFn func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkkey.Changes, ws walkkey.WordStart, steps int64, ok bool)

// guarded is direct(fr, x0, s), false when it fails (an index of plain
// operators that fails: the build then runs, and fails as it does).
func guarded(fr *engine.Frame, x0 int64, s *value.Scratch, direct directFn) (ch walkkey.Changes, ws walkkey.WordStart, steps int64, ok bool) {
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

// directElem is the form of element e (walkkey.ElemNone when it has none of the
// forms): base[i] is at, an index of the base list bs.
func directElem(e lang.Expr, xd *resolve.Decl, isAt func(lang.Expr) bool) int {
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && resolve.Of(id) == xd
	}
	switch {
	case isX(e):
		return walkkey.ElemX
	case isAt(e):
		return walkkey.ElemBase
	}
	if b, ok := e.(*lang.Binary); ok {
		switch {
		case b.Op == lang.OpAdd && (isAt(b.X) && isX(b.Y) || isX(b.X) && isAt(b.Y)):
			return walkkey.ElemPlus
		case b.Op == lang.OpSub && isAt(b.X) && isX(b.Y):
			return walkkey.ElemMinus
		case b.Op == lang.OpAdd && isAt(b.X) && negOf(b.Y, xd):
			return walkkey.ElemPlusNeg
		case b.Op == lang.OpSub && isX(b.X) && isAt(b.Y):
			return walkkey.ElemXMinus
		}
	}
	return walkkey.ElemNone
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
		if p.BaseAt != nil || p.Hi != nil {
			return nil
		}
		cd, jd := resolve.Of(p.Base), resolve.NameDecl(p.Var)
		isAt := func(e lang.Expr) bool {
			ix, ok := e.(*lang.Index)
			return ok && isName(ix.X, cd) && isName(ix.Index, jd)
		}
		arms := len(p.Elems) / 2
		ats := make([]engine.EvalFn, arms)
		forms := make([]int, arms)
		for k := range arms {
			if forms[k] = directElem(p.Elems[2*k+1], xd, isAt); forms[k] == walkkey.ElemNone {
				return nil
			}
			ats[k] = bd.c.Vals.Expr(p.Elems[2*k])
		}
		base := bd.c.Vals.Expr(p.Base)
		var info walkkey.Base
		return func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkkey.Changes, ws walkkey.WordStart, steps int64, ok bool) {
			v := base(fr)
			if v.K != value.KList && v.K != value.KTuple {
				return ch, ws, 0, false
			}
			base, ok := info.Of(v.Elems())
			if !ok || len(base) < arms || len(base) >= 128 {
				return ch, ws, 0, false
			}
			// (As genChanges: the arms' indexes, each taken by the
			// first arm of its index.)
			var taken [maxEdits]int64
			var vals, bases [walkkey.MaxChanges]int64
			for k := range arms {
				at := ats[k](fr)
				taken[k] = -1
				if at.K != value.KInt || uint64(at.N) >= uint64(len(base)) || slices.Contains(taken[:k], at.N) {
					continue // (no index, or an arm before it takes it)
				}
				taken[k] = at.N
				val, dir, fits := walkkey.Value(forms[k], base[at.N], x0)
				if dir == 0 {
					continue // (an arm that copies its element)
				}
				if !fits || !ch.Change(int(at.N), dir) {
					return ch, ws, 0, false
				}
				vals[ch.N-1], bases[ch.N-1] = val, base[at.N]
			}
			if ws = info.Start(&ch, &vals, &bases, false); ws.OK {
				s.Ints = append(s.Ints[:0], vals[:ch.N]...)
			} else {
				s.SetInts(base, false)
				for k := range ch.N {
					s.Ints[ch.At[k]] = vals[k]
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
		if form == walkkey.ElemNone || form == walkkey.ElemBase {
			return nil
		}
		base, index := bd.c.Vals.Expr(p.X.Expr), bd.c.Vals.Expr(idx)
		var info walkkey.Base
		splice := p.Splice
		return func(fr *engine.Frame, x0 int64, s *value.Scratch) (ch walkkey.Changes, ws walkkey.WordStart, steps int64, ok bool) {
			v := base(fr)
			if v.K != value.KList && (v.K != value.KTuple || splice) {
				return ch, ws, 0, false
			}
			base, ok := info.Of(v.Elems())
			if !ok || len(base) >= 128 {
				return ch, ws, 0, false
			}
			i := index(fr)
			if i.K != value.KInt || uint64(i.N) >= uint64(len(base)) {
				return ch, ws, 0, false
			}
			val, dir, fits := walkkey.Value(form, base[i.N], x0)
			if !fits || !ch.Change(int(i.N), dir) {
				return ch, ws, 0, false
			}
			vals, bases := [walkkey.MaxChanges]int64{val}, [walkkey.MaxChanges]int64{base[i.N]}
			tuple := v.K == value.KTuple
			if ws = info.Start(&ch, &vals, &bases, tuple); ws.OK {
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
		case isX(b.Y) || b.Op == lang.OpAdd && negOf(b.Y, xd):
			return -1
		}
	}
	return 0
}

// walkFn is the walk of the range r whose option is the position of game b
// with the one argument build makes (pos: the call's; changes: what
// changes with x in it; keyed: its key without building it, or nil).
func walkFn(build buildFn, changes changesFn, direct directFn, keyed func(*engine.Frame, []byte) ([]byte, bool), r compile.RangeWalk, pos engine.Pos, b *engine.Binding) func(fr *engine.Frame) {
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
		var key []byte
		var bx bool
		var v value.Value
		var k []byte
		hit := false
		// (A map keyed without it built: the walk, of lists, does not
		// start from it.)
		k, hit = gridKey(fr, keyed, s.Key[:0])
		if hit && b.Game.NArgs == 1 && b.Game.ListUni(0) == nil {
			s.Key, key = k, k
		} else {
			key, bx, v = builtKey(fr, build, pos, b, s)
		}
		g, rk := oneRef(b.Game, key, bx, v)
		steps = th.Steps - before
		if snap != nil && !hit && g == b.Game && !bx && !s.Whole && !s.Str && !s.Boxed && g.ListUni(0) == nil {
			snap.SetInts(s.Ints, s.Tuple)
			ok = true
		}
		th.GiveScratch(s)
		sg := gn.Lookup(g, rk)
		gn.Tracing = false
		gn.EmitSG(sg)
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
		var w walkkey.Walker
		var t0 int64
		walking := false
		if direct != nil && g.NArgs == 1 && g.Tuples == nil && g.ListUni(0) == nil {
			// The list for a read from its base, not built.
			var ch walkkey.Changes
			var ws walkkey.WordStart
			if ch, ws, t0, walking = guarded(fr, a, s0, direct); walking {
				if ws.OK {
					walking = w.StartWord(ch, ws, s0.Ints, a)
				} else {
					walking = w.Init(s0, a) && w.Start(ch)
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
			walking = ok && w.Init(s0, x)
			if walking {
				var ch walkkey.Changes
				ch, walking = changes(fr, len(s0.Ints))
				walking = walking && w.Start(ch)
			}
			x++
		}
		for ; ; x++ {
			if walking && th.Steps+1+t0 < th.CheckAt {
				switch word, key, fit := w.Key(x); {
				case fit:
					th.Steps += 1 + t0
					var rk uint64
					if key == nil {
						rk = g.InternWord(word, w.KeyLen)
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
				case w.Gone:
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
