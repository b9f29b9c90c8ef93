package build

import (
	"encoding/binary"
	"github.com/grundy-lang/grundy/internal/mapkey"
	"github.com/grundy-lang/grundy/internal/opndmask"
	"github.com/grundy-lang/grundy/internal/splices"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/idlist"
	"github.com/grundy-lang/grundy/internal/kernel"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/gridkey"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/packedit"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/scratchcalls"
	"github.com/grundy-lang/grundy/internal/strtest"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/internal/vecint"

	"github.com/grundy-lang/grundy/lang"
)

// Composite positions without values. A move to g([E for ...]),
// g(sorted(...)), g(update(X, i, v)), g(X[a:b]) or g(X + Y) builds its
// list in a scratch buffer of ints, sorts or changes it there, and packs
// it straight into the argument key (argkey.go) that the memo looks up:
// no list, no position and no key string is made per move. An element
// that is not an int moves the buffer to values (the key is then the
// value's); a result that is not a list or tuple (update of a map, a
// slice of a string, an error) is computed by the operator or built-in
// itself, so every result and error is the plain one's. Only the search
// (sg) takes this path; moves, winning and printing build the values.
// What is built, and how, is recognized first as a plan (buildplan.go);
// this file and bitset.go compile the plans.

// Builders recognizes (buildplan.go) and compiles the arguments of
// positions built in scratch buffers (lists and tuples) and set scratches
// (sets as bitmaps) for the search.
type Builders struct{ c *compile.Compiler }

// buildFn builds a value in an empty scratch.
type buildFn func(fr *engine.Frame, s *value.Scratch)

// genBuild compiles plan p (buildPlan): a build in an empty scratch.
func (bd *Builders) genBuild(p *BuildPlan) buildFn {
	if len(p.Inl) > 0 {
		if f := boundSplice(bd, p); f != nil {
			return f // (splice.go)
		}
		return genInlined(bd, p, bd.genBuild)
	}
	switch p.Kind {
	case BuildValue:
		x := bd.c.Vals.Expr(p.Expr)
		// (A list of ints is read once for all the moves of a position.)
		var c value.IntsCache
		if bd.c.On(passes.Strings) {
			return func(fr *engine.Frame, s *value.Scratch) {
				if v := x(fr); !s.SetCached(&c, v) {
					s.SetStr(v)
				}
			}
		}
		return func(fr *engine.Frame, s *value.Scratch) {
			if v := x(fr); !s.SetCached(&c, v) {
				s.Set(v)
			}
		}
	case BuildRange:
		return bd.genRange(p)
	case BuildCond:
		// (C tested as the if tests it, then its arm built.)
		cond, x, y := bd.c.Ints.Cond(p.Elems[0], "the condition of if"), bd.genBuild(p.X), bd.genBuild(p.Y)
		return func(fr *engine.Frame, s *value.Scratch) {
			if cond(fr) {
				x(fr, s)
			} else {
				y(fr, s)
			}
		}
	case BuildEdit:
		return (edits{bd}).gen(p)
	case BuildMasked:
		return maskedit.Compile(bd.c, p.Mask, false)
	case BuildComp, ListFilter:
		if p.Sorted != nil {
			x := bd.c.Vals.Expr(p.Sorted) // (as written)
			return func(fr *engine.Frame, s *value.Scratch) { s.Set(x(fr)) }
		}
		e := p.Expr.(*lang.Comp)
		loops := bd.c.Vals.Clauses(e.Clauses)
		var run func(fr *engine.Frame)
		if f := bd.c.Ints.IntExpr(e.Body); f != nil {
			run = loops(func(fr *engine.Frame) { fr.Scr.AddInt(f(fr)) })
		} else {
			body := bd.c.Vals.Expr(e.Body)
			run = loops(func(fr *engine.Frame) { fr.Scr.Add(body(fr)) })
		}
		general := func(fr *engine.Frame, s *value.Scratch) {
			save, stop := fr.Scr, fr.Stop
			fr.Scr, fr.Stop = s, false
			run(fr)
			fr.Scr, fr.Stop = save, stop
		}
		if coll, not, ok := scratchcalls.UnequalParts(e, func(id *lang.Ident) bool { return bd.c.LocalSlot(id) >= 0 }); ok && p.Kind == BuildComp {
			return scratchcalls.Unequal(bd.c.Vals.Expr(coll), bd.c.Vals.Expr(not), general)
		}
		return general
	case BuildList, BuildTuple:
		return bd.genElems(p.Elems, p.Kind == BuildTuple)
	case BuildSlice:
		x, lo, hi := bd.genBuild(p.X), bd.c.Vals.OptExpr(p.Elems[0]), bd.c.Vals.OptExpr(p.Elems[1])
		pos := p.Expr.(*lang.Slice).Pos
		if p.X.Kind == BuildValue {
			// A slice of a value: of a list or tuple (an ASCII
			// string) its elements (bytes) copied once.
			xv, strs := bd.c.Vals.Expr(p.X.Expr), bd.c.On(passes.Strings)
			return func(fr *engine.Frame, s *value.Scratch) {
				v := xv(fr)
				l, h := lo(fr), hi(fr)
				switch {
				case v.K == value.KList || v.K == value.KTuple:
					e := v.Elems()
					a, b := operator.SliceBounds(pos, int64(len(e)), l, h)
					s.SetSeq(e[a:b], v.K == value.KTuple)
				case strs && v.K == value.KStr && v.ASCII():
					str := v.Str()
					a, b := operator.SliceBounds(pos, int64(len(str)), l, h)
					s.SetStrBytes(str[a:b])
				default:
					s.Set(operator.Slice(pos, v, l, h))
				}
			}
		}
		return func(fr *engine.Frame, s *value.Scratch) {
			x(fr, s)
			l, h := lo(fr), hi(fr)
			if s.Whole {
				s.Set(operator.Slice(pos, s.V, l, h))
				return
			}
			a, b := operator.SliceBounds(pos, int64(s.Len()), l, h)
			if s.Str {
				s.Bytes = append(s.Bytes[:0], s.Bytes[a:b]...)
				return
			}
			if s.Boxed {
				s.Vals = append(s.Vals[:0], s.Vals[a:b]...)
			} else {
				s.Ints = append(s.Ints[:0], s.Ints[a:b]...)
			}
		}
	case BuildConcat:
		x, y := bd.genBuild(p.X), bd.genBuild(p.Y)
		pos := p.Expr.(*lang.Binary).Pos
		general := func(fr *engine.Frame, s *value.Scratch) {
			x(fr, s)
			t := fr.Th.TakeScratch()
			y(fr, t)
			switch {
			case s.Str && t.Str:
				if n := len(s.Bytes) + len(t.Bytes); n > 1<<16 {
					// (A long string counts toward the memory limit,
					// as the operator counts it.)
					engine.AllocIf(fr.Th, pos, int64(n))
				}
				s.Bytes = append(s.Bytes, t.Bytes...)
			case s.Whole || t.Whole || s.Str || t.Str || s.Tuple != t.Tuple:
				s.Set(operator.Add(fr.Th, pos, s.Value(), t.Value()))
			case !s.Boxed && !t.Boxed:
				s.Ints = append(s.Ints, t.Ints...)
			default:
				if !s.Boxed {
					s.Box()
				}
				if t.Boxed {
					s.Vals = append(s.Vals, t.Vals...)
				} else {
					for _, v := range t.Ints {
						s.Vals = append(s.Vals, value.Int(v))
					}
				}
			}
			fr.Th.GiveScratch(t)
		}
		if splice := genSplice(bd, p, general); splice != nil {
			return splice // (splice.go)
		}
		if len(p.Inl) == 0 {
			if two := splices.Many(bd.c, p.Expr, general); two != nil {
				return two
			}
		}
		return general
	}
	return bd.genCall(p)
}

// Built compiles X + Y built in a scratch (buildPlan) when an operand is
// a slice or a concatenation of one: b[:i] + "X" + b[i + 1:] makes one
// string, not one per operator (each operator falls back to the operator
// itself where its operands are not lists, tuples or ASCII strings, so
// the values and errors are its); and join(X, SEP) of a list X built
// (join([if k in S then "o" else "." for k in 0 .. W - 1], "")): its
// strings joined as added, no list made (scratchcalls.Join: the built-in itself
// where they are not ASCII strings); and a list comprehension that is an
// edit of a list (edits.go, maskedit), a copy of it with the elements
// computed where they differ. nil otherwise.
func (bd *Builders) Built(e lang.Expr) engine.EvalFn {
	if !bd.c.On(passes.Composite) {
		return nil
	}
	p := bd.buildPlan(e)
	// (A join of general clauses is left to the planner's loops.)
	join := p != nil && p.Kind == BuildJoin && p.X.Kind != BuildComp && p.X.Kind != ListFilter
	// (A list comprehension that is an edit or a mask edit of a list: a
	// copy with a few elements computed, wherever its value is made.)
	edit := p != nil && (p.Kind == BuildEdit || p.Kind == BuildMasked)
	if p == nil || (p.Kind != BuildConcat || !slicesIn(p)) && !join && !edit {
		return nil
	}
	bd.c.Fired(passes.Composite)
	build := bd.genBuild(p)
	return func(fr *engine.Frame) value.Value {
		th := fr.Th
		s := th.TakeScratch()
		build(fr, s)
		v := s.Value()
		th.GiveScratch(s)
		return v
	}
}

// StrTest compiles X == want (eq) or X != want for X an index or a slice
// of a string, its bytes compared in place (package strtest); nil
// otherwise.
func (bd *Builders) StrTest(x lang.Expr, want string, eq bool) compile.BoolFn {
	return strtest.Tests{C: bd.c}.Test(x, want, eq)
}

// IsListBuild reports whether e is a list or tuple built in a scratch
// (buildPlan): what ListBuild compiles.
func (bd *Builders) IsListBuild(e lang.Expr) bool {
	return bd.c.On(passes.Composite) && bd.buildPlan(e) != nil
}

// ListBuild compiles e, a list or tuple built in a scratch, as a build
// into an empty scratch (its values and errors the operators' and
// built-ins'); nil when it is not one (IsListBuild).
func (bd *Builders) ListBuild(e lang.Expr) func(fr *engine.Frame, s *value.Scratch) {
	if !bd.IsListBuild(e) {
		return nil
	}
	return bd.genBuild(bd.buildPlan(e))
}

// slicesIn reports whether concatenation p has a slice among its operands.
func slicesIn(p *BuildPlan) bool {
	switch p.Kind {
	case BuildSlice:
		return true
	case BuildConcat:
		return slicesIn(p.X) || slicesIn(p.Y)
	}
	return false
}

// genRange compiles [E for x in A .. B], the comprehension of one range
// clause, without the general clauses' closures.
func (bd *Builders) genRange(p *BuildPlan) buildFn {
	e, r := p.Expr.(*lang.Comp), p.Range
	lo, hi := bd.c.Ints.RangeBounds(r)
	bd.c.Vals.Pattern(e.Clauses[0].(*lang.ForClause).Target)
	b := bd.c.Var(p.Var)
	b.IsInt = true
	slot, rpos := b.Slot, r.Pos
	fi := bd.c.Ints.IntExpr(e.Body)
	var fv engine.EvalFn
	var vp *vecint.Plan // (runs of elements at once)
	if fi == nil {
		fv = bd.c.Vals.Expr(e.Body)
	} else if vp = vecint.Compile(bd.c, e.Body, b); vp != nil {
		bd.c.Fired(passes.Lanes)
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		a, z := lo(fr), hi(fr)
		th := fr.Th
		stop := fr.Stop
		fr.Stop = false
		for x := a; x <= z; x++ {
			if last, ok := vp.Add(fr, s, x, z); ok {
				if x = last; x == z {
					break
				}
				continue
			}
			th.Tick(rpos)
			fr.Slots[slot] = value.Value{K: value.KInt, N: x}
			if fi != nil {
				s.AddInt(fi(fr))
			} else {
				s.Add(fv(fr))
			}
			if fr.Stop || x == z {
				break
			}
		}
		fr.Stop = stop
	}
}

// genElems builds a list or tuple literal.
func (bd *Builders) genElems(es []lang.Expr, tuple bool) buildFn {
	ints := make([]compile.IntFn, len(es))
	vals := make([]engine.EvalFn, len(es))
	for i, x := range es {
		if ints[i] = bd.c.Ints.IntExpr(x); ints[i] == nil {
			vals[i] = bd.c.Vals.Expr(x)
		}
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		s.Tuple = tuple
		for i, f := range ints {
			if f != nil {
				s.AddInt(f(fr))
			} else {
				s.Add(vals[i](fr))
			}
		}
	}
}

// genCall builds the calls of built-ins that sort (sorted(X)) or update
// (update(X, I, V)) a list.
func (bd *Builders) genCall(p *BuildPlan) buildFn {
	e, bi := p.Expr.(*lang.Call), p.By
	pos := e.Pos
	argPos := make([]engine.Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	if p.Kind == BuildJoin {
		if p.X.Kind == BuildEdit && len(p.X.Inl) == 0 {
			// (A string's characters edited, as its bytes: edits.go.)
			return scratchcalls.Join(edits{bd}.genAs(p.X, true), true, bd.c.Vals.Expr(p.Elems[0]), bi, pos, argPos)
		}
		if p.X.Kind == BuildMasked && len(p.X.Inl) == 0 {
			return scratchcalls.Join(maskedit.Compile(bd.c, p.X.Mask, true), true, bd.c.Vals.Expr(p.Elems[0]), bi, pos, argPos)
		}
		return scratchcalls.Join(bd.genBuild(p.X), false, bd.c.Vals.Expr(p.Elems[0]), bi, pos, argPos)
	}
	if p.Kind == BuildOnInts {
		args := make([]engine.EvalFn, len(p.Elems))
		for i, e := range p.Elems {
			if i != bi.ListArg {
				args[i] = bd.c.Vals.Expr(e)
			}
		}
		return scratchcalls.OnInts(bi, pos, argPos, bd.genBuild(p.X), args)
	}
	if p.Kind == BuildSorted {
		x := bd.genBuild(p.X)
		return func(fr *engine.Frame, s *value.Scratch) {
			x(fr, s)
			if !s.Whole && !s.Str && !s.Boxed {
				slices.Sort(s.Ints)
				s.Tuple = false
				return
			}
			s.Set(scratchcalls.Call(fr, bi, pos, argPos, []value.Value{s.Value()}))
		}
	}
	x, i, v := bd.genBuild(p.X), bd.c.Vals.Expr(p.Elems[0]), bd.c.Vals.Expr(p.Elems[1])
	upd := updateIn(bd, p)
	return func(fr *engine.Frame, s *value.Scratch) {
		x(fr, s)
		upd(fr, s, i(fr), v(fr))
	}
}

// Walk compiles the last for clause of a move rule, over the range r of
// its one name, whose body is the position call, as a walk (walk.go);
// nil and "" when it is not one.
func (bd *Builders) Walk(call *lang.Call, r compile.RangeWalk) (func(fr *engine.Frame), string) {
	return walks{bd}.walk(call, r)
}

// Composite compiles g(ARGS) for a declared game when an argument is
// built in a scratch (composite: its plan): the key is packed from the
// scratches and looked up, without the position. nil when no argument
// is.
func (bd *Builders) Composite(e *lang.Call, b *engine.Binding) compile.SGFn {
	p, _ := bd.composite(e, b)
	if p == nil {
		return nil
	}
	return bd.genComposite(p)
}

// genComposite compiles plan p (composite).
func (bd *Builders) genComposite(p *CompositePlan) compile.SGFn {
	bd.c.Fired(passes.Composite)
	type arg struct {
		build buildFn
		set   setBuildFn
		lf    listFilterFn
		i     compile.IntFn
		v     engine.EvalFn
		// a parameter of the game whose rule this is, passed on:
		// param is its index + 1 (see Game.appendArg)
		param int
	}
	e, b := p.Call, p.Game
	args := make([]arg, len(e.Args))
	for i, a := range e.Args {
		switch bp := p.Args[i].Build; {
		case bp != nil && bp.Kind == ListFilter && b.Game.UseListUniverse(i):
			args[i].lf = (listFilters{bd}).gen(bp)
		case bp != nil && bp.Set():
			args[i].set = bd.genSet(bp)
		case bp != nil:
			args[i].build = bd.genBuild(bp)
		default:
			if args[i].i = bd.c.Ints.IntExpr(a); args[i].i == nil {
				args[i].v = bd.c.Vals.Expr(a)
				args[i].param = p.Args[i].Param
			}
		}
	}
	bd.c.Built = p.Describe()
	pos, g0 := e.Pos, bd.c.CurGame
	if len(args) == 1 && args[0].lf != nil {
		return oneListFilter(args[0].lf, pos, b)
	}
	if len(args) == 1 && args[0].build != nil {
		grid := gridkey.Compile(bd.c, e.Args[0])
		var keyed keyedFn
		if grid != nil {
			bd.c.Built = gridkey.Note
		} else if grid = mapkey.Compile(bd.c, e.Args[0]); grid != nil {
			bd.c.Built = mapkey.Note
		} else {
			keyed = genKeyed(bd, p.Args[0].Build) // (--explain: the pass packedits fired)
		}
		return oneBuilt(args[0].build, keyed, grid, pos, b)
	}
	if len(args) == 1 && args[0].set != nil {
		if bp := p.Args[0].Build; bp.Kind == SetFilter && !inlined(bp) && !opndmask.IsMember(bd.c, bp.Expr.(*lang.Comp)) {
			slow := bd.genSet(&BuildPlan{Kind: SetComp, Expr: bp.Expr, Elems: []lang.Expr{bp.Expr.(*lang.Comp).Body}})
			return oneFilter((filters{bd.c}).genFilterFast(bp, slow), pos, b)
		}
		return oneSet(args[0].set, pos, b)
	}
	return func(fr *engine.Frame) memo.Sgv {
		th := fr.Th
		ks := th.TakeScratch()
		key, boxed := ks.Key[:0], false
		ks.Args, ks.Offs = ks.Args[:0], ks.Offs[:0]
		g := b.Game
		for ai, a := range args {
			// The argument's value when its key is boxed or it is not
			// built (a scratch's unboxed key decodes: it is not kept).
			var v value.Value
			var bx bool
			ks.Offs = append(ks.Offs, len(key))
			switch {
			case a.lf != nil:
				key, v, bx = appendListFilter(fr, a.lf, g, ai, key)
			case a.build != nil:
				s := th.TakeScratch()
				a.build(fr, s)
				if listUni(g, ai, s) {
					// (A list its universe's, when its lists have one.)
					v = s.Value()
					key, bx = g.AppendArgAt(key, ai, v)
				} else if s.Whole && (s.V.K == value.KSet || s.V.K == value.KStr) {
					// (A set has its argument's key: its universe's; a
					// string its alphabet's.)
					v = s.V
					key, bx = g.AppendArgAt(key, ai, v)
				} else if s.Str {
					// (A string too: its alphabet's.)
					key = g.AppendStrAt(key, ai, s.String())
				} else if key, bx = s.AppendKey(key); bx {
					v = s.Value()
				}
				th.GiveScratch(s)
			case a.set != nil:
				s := th.TakeSetScratch()
				a.set(fr, s)
				if key, bx = s.AppendKeyFor(key, g.Universe(ai)); bx {
					v = s.Value()
				}
				th.GiveSetScratch(s)
			case a.i != nil:
				x := a.i(fr)
				key = binary.AppendVarint(append(key, value.TagInt), x)
				v = value.Int(x)
			case a.param > 0 && g == g0:
				v = a.v(fr)
				key, bx = g0.AppendArg(key, a.param-1, ai, v)
			default:
				v = a.v(fr)
				key, bx = g.AppendArgAt(key, ai, v)
			}
			if g.NArgs >= 2 {
				key = g.Shorten(key, ks.Offs[len(ks.Offs)-1], ai)
			}
			ks.Args = append(ks.Args, v)
			boxed = boxed || bx
		}
		ks.Key = key
		kernel.CheckArity(pos, g, len(args))
		var r uint64
		if boxed {
			// A position, a sum or a function inside: the memo keeps the
			// arguments (g.ref encodes them again).
			vals := make([]value.Value, len(args))
			for i, a := range args {
				vals[i] = ks.Args[i]
				if (a.build != nil || a.set != nil) && vals[i].K == value.KNone {
					// (A built value is never none: an unboxed key.)
					vals[i] = g.DecodeArg(i, key[ks.Offs[i]:])
				}
			}
			r = g.Ref(vals)
		} else {
			if g.Tuples != nil {
				// (A tuple of ints for the hidden game: package rewrite's tuples.go.)
				if r2, ok := g.Tuples.RefKey(key); ok {
					th.GiveScratch(ks)
					return fr.Gen.Lookup(g.Tuples.To, r2)
				}
			}
			r = g.Intern(key, false, nil)
		}
		th.GiveScratch(ks)
		return fr.Gen.Lookup(g, r)
	}
}

// oneBuilt is genComposite of a call of one argument built in a scratch
// (the common case, without the bookkeeping of several arguments): the
// same key, the same lookup, the same errors in the same order.
func oneBuilt(build buildFn, keyed keyedFn, grid func(*engine.Frame, []byte) ([]byte, bool), pos engine.Pos, b *engine.Binding) compile.SGFn {
	var lists packedit.Lists // (keyed's words)
	return func(fr *engine.Frame) memo.Sgv {
		th := fr.Th
		s := th.TakeScratch()
		var key []byte
		var bx bool
		var v value.Value
		g := b.Game
		if k, ok := gridKey(fr, grid, s.Key[:0]); ok && g.NArgs == 1 && g.ListUni(0) == nil {
			s.Key, key = k, k // (a grid with cells set: package gridkey)
		} else if keyed != nil && g.NArgs == 1 && g.ListUni(0) == nil {
			// (Built as the words of its key: keyed.go.)
			l := lists.Take()
			if keyed(fr, s, l) {
				if g = b.Game; g.NArgs == 1 && g.ListUni(0) == nil {
					s.Key = l.AppendKey(s.Key[:0])
					key = s.Key
				} else {
					l.Unpack(s)
				}
			}
			if key == nil {
				key, bx, v = sKey(pos, b, s)
			}
			lists.Give(l)
			g = b.Game
		} else {
			key, bx, v = builtKey(fr, build, pos, b, s)
		}
		if len(key) <= 8 && !bx && g.Tuples == nil {
			// (A final state kept by the key's bits or among the recent
			// keys: what Lookup finds, without the table's hash.)
			if st, ok := g.Keys.FinalWord(memo.KeyWord(key), len(key)); ok {
				th.GiveScratch(s)
				return memo.ValueOf(st)
			}
		}
		g, r := oneRef(g, key, bx, v)
		th.GiveScratch(s)
		return fr.Gen.Lookup(g, r)
	}
}

// gridKey is grid's key (nil: none).
func gridKey(fr *engine.Frame, grid func(*engine.Frame, []byte) ([]byte, bool), buf []byte) ([]byte, bool) {
	if grid == nil {
		return buf, false
	}
	return grid(fr, buf)
}

// builtKey builds the one argument of a position of b's game in s and
// returns its key in that game's table (s.Key; pos: the call's), whether
// it is boxed and then the argument (its position's ref: oneRef).
func builtKey(fr *engine.Frame, build buildFn, pos engine.Pos, b *engine.Binding, s *value.Scratch) (key []byte, bx bool, v value.Value) {
	build(fr, s)
	return sKey(pos, b, s)
}

// sKey is builtKey of the argument built in s.
func sKey(pos engine.Pos, b *engine.Binding, s *value.Scratch) (key []byte, bx bool, v value.Value) {
	g := b.Game
	switch {
	case listUni(g, 0, s):
		if !s.Whole && !s.Boxed {
			// (Ints the universe holds: keyed without the list.)
			if k, ok := idlist.AppendKeyInts(g.ListUni(0), s.Key[:0], s.Ints); ok {
				key = k
				break
			}
		}
		v = s.Value()
		key, bx = g.AppendArgAt(s.Key[:0], 0, v)
	case s.Whole && (s.V.K == value.KSet || s.V.K == value.KStr):
		v = s.V
		key, bx = g.AppendArgAt(s.Key[:0], 0, v)
	case s.Str:
		key = g.AppendStrAt(s.Key[:0], 0, s.String())
	default:
		if key, bx = s.AppendKey(s.Key[:0]); bx {
			v = s.Value()
		}
	}
	s.Key = key
	if g.NArgs != 1 {
		kernel.CheckArity(pos, g, 1)
	}
	return key, bx, v
}

// listUni reports whether the scratch s holds a list that argument i of
// g's positions keys over its universe (g.AppendArgAt: package idlist),
// not as a list of ints.
func listUni(g *engine.Game, i int, s *value.Scratch) bool {
	return !s.Str && (s.Whole && s.V.K == value.KList || !s.Whole && !s.Tuple) && g.ListUni(i) != nil
}

// oneSet is oneBuilt of a set built in a set scratch.
func oneSet(set setBuildFn, pos engine.Pos, b *engine.Binding) compile.SGFn {
	return func(fr *engine.Frame) memo.Sgv {
		th := fr.Th
		s := th.TakeSetScratch()
		set(fr, s)
		g := b.Game
		if g.NArgs == 1 && s.Class() == 2 && s.Universe() == g.Universe(0) && g.Tuples == nil && s.Plain() {
			w := s.Words()
			if len(w) <= 1 {
				var x uint64
				if len(w) == 1 {
					x = w[0]
				}
				if st, ok := g.Keys.DirectOf(x); ok {
					th.GiveSetScratch(s)
					return memo.ValueOf(st) // (what Lookup finds)
				}
			}
			// (The key AppendKeyFor makes of the words, found by them.)
			r := uniRef(g, w)
			th.GiveSetScratch(s)
			return fr.Gen.Lookup(g, r)
		}
		var v value.Value
		key, bx := s.AppendKeyFor(s.Key[:0], g.Universe(0))
		if bx {
			v = s.Value()
		}
		s.Key = key
		if g.NArgs != 1 {
			kernel.CheckArity(pos, g, 1)
		}
		g, r := oneRef(g, key, bx, v)
		th.GiveSetScratch(s)
		return fr.Gen.Lookup(g, r)
	}
}

// oneFilter is oneSet of a set filter: when the masks know every element
// of the set filtered, a bitset over the universe of the game's
// argument, the key is made from the words that pass, with no scratch
// (what the scratch would hold, and the same key).
func oneFilter(ff *filterFast, pos engine.Pos, b *engine.Binding) compile.SGFn {
	return func(fr *engine.Frame) memo.Sgv {
		v := ff.iter(fr)
		g := b.Game
		if g.NArgs == 1 && g.Tuples == nil {
			if u := g.Universe(0); u != nil {
				var buf [4]uint64
				if w, ok := ff.pass(fr, v, u, buf[:0]); ok {
					if len(w) == 1 {
						if st, ok := g.Keys.DirectOf(w[0]); ok {
							return memo.ValueOf(st) // (what Lookup finds)
						}
						if word, n, ok := value.UniKeyWord1(w[0]); ok {
							if _, st, ok := g.Keys.Recent(word, n); ok {
								return memo.ValueOf(st) // (what Lookup finds)
							}
							return fr.Gen.Lookup(g, g.InternWord(word, n))
						}
					}
					return fr.Gen.Lookup(g, uniRef(g, w))
				}
			}
		}
		g, r := filterBuilt(fr, ff, v, pos, b)
		return fr.Gen.Lookup(g, r)
	}
}

// filterBuilt is the game and memo key of the position of b's game
// whose one argument is the filter ff of the set v, built in a set
// scratch.
func filterBuilt(fr *engine.Frame, ff *filterFast, v value.Value, pos engine.Pos, b *engine.Binding) (*engine.Game, uint64) {
	g := b.Game
	th := fr.Th
	s := th.TakeSetScratch()
	ff.into(fr, s, v)
	var bv value.Value
	key, bx := s.AppendKeyFor(s.Key[:0], g.Universe(0))
	if bx {
		bv = s.Value()
	}
	s.Key = key
	if g.NArgs != 1 {
		kernel.CheckArity(pos, g, 1)
	}
	h, r := oneRef(g, key, bx, bv)
	th.GiveSetScratch(s)
	return h, r
}

// uniRef is the memo key of the position of g whose one argument is the
// set of the ids of bitset w in its universe.
func uniRef(g *engine.Game, w []uint64) uint64 {
	if word, n, ok := value.UniKeyWord(w); ok {
		return g.InternWord(word, n)
	}
	var kb [48]byte
	key := value.AppendUniKey(kb[:0], w)
	if len(key) <= 8 {
		return g.InternWord(memo.KeyWord(key), len(key))
	}
	return g.Intern(key, false, nil)
}

// oneRef is the game and memo key of the position of g whose one
// argument has key key (v, when boxed: the memo keeps it). A tuple of
// ints for g's hidden game is that game's position (package rewrite's
// tuples.go).
func oneRef(g *engine.Game, key []byte, boxed bool, v value.Value) (*engine.Game, uint64) {
	if boxed {
		return g, g.Ref([]value.Value{v})
	}
	if g.Tuples != nil {
		if r2, ok := g.Tuples.RefKey(key); ok {
			return g.Tuples.To, r2
		}
	}
	return g, g.Intern(key, false, nil)
}

// UniRef is the memo key of the position of g whose one argument is the
// set of the ids of bitset w in its universe (what oneSet looks up).
func UniRef(g *engine.Game, w []uint64) uint64 { return uniRef(g, w) }
