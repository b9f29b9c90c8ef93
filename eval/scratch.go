package eval

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

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

// scratch is a list or tuple under construction: its elements as ints
// while each is one (boxed false), else as values; or, when whole, a value
// that is not made of elements.
type scratch struct {
	ints  []int64
	vals  []Value
	boxed bool
	tuple bool
	whole bool
	v     Value
	// The key of a position being built from its arguments (sgComposite),
	// and the arguments whose keys are boxed.
	key  []byte
	args []Value
	offs []int
}

// takeScratch takes an empty scratch from the thread's free list (one
// that a runtime error leaves taken is not reused: the collector has it).
func (th *Thread) takeScratch() *scratch {
	if n := len(th.scratches); n > 0 {
		s := th.scratches[n-1]
		th.scratches = th.scratches[:n-1]
		s.ints, s.vals, s.boxed, s.tuple, s.whole, s.v = s.ints[:0], s.vals[:0], false, false, false, None
		return s
	}
	return &scratch{}
}

func (th *Thread) giveScratch(s *scratch) {
	if len(s.vals) > 0 {
		clear(s.vals) // (no values kept alive)
	}
	th.scratches = append(th.scratches, s)
}

func (s *scratch) add(v Value) {
	if !s.boxed {
		if v.k == KInt {
			s.ints = append(s.ints, v.n)
			return
		}
		s.box()
	}
	s.vals = append(s.vals, v)
}

func (s *scratch) addInt(x int64) {
	if s.boxed {
		s.vals = append(s.vals, Int(x))
		return
	}
	s.ints = append(s.ints, x)
}

// box moves the elements to values.
func (s *scratch) box() {
	for _, x := range s.ints {
		s.vals = append(s.vals, Int(x))
	}
	s.ints = s.ints[:0]
	s.boxed = true
}

func (s *scratch) len() int {
	if s.boxed {
		return len(s.vals)
	}
	return len(s.ints)
}

// value is the value built (a new one).
func (s *scratch) value() Value {
	if s.whole {
		return s.v
	}
	var e []Value
	if s.boxed {
		e = slices.Clone(s.vals)
	} else {
		e = make([]Value, len(s.ints))
		for i, x := range s.ints {
			e[i] = Value{k: KInt, n: x}
		}
	}
	if s.tuple {
		return Tuple(e)
	}
	return List(e)
}

// set makes the scratch hold v: its elements when it is a list or tuple.
func (s *scratch) set(v Value) {
	s.ints, s.vals, s.boxed, s.whole, s.v = s.ints[:0], s.vals[:0], false, false, None
	if v.k != KList && v.k != KTuple {
		s.whole, s.v = true, v
		return
	}
	s.tuple = v.k == KTuple
	e := v.Elems()
	if !allInts(e) {
		s.vals = append(s.vals, e...)
		s.boxed = true
		return
	}
	for _, x := range e {
		s.ints = append(s.ints, x.n)
	}
}

// appendKey appends the argument key of the value built.
func (s *scratch) appendKey(buf []byte) ([]byte, bool) {
	switch {
	case s.whole:
		return appendArgKey(buf, s.v, maxKeyBytes)
	case s.boxed:
		return appendSeqKey(buf, s.tuple, s.vals, maxKeyBytes, 0)
	}
	return appendIntSeq(buf, s.tuple, s.ints), false
}

// buildFn builds a value in an empty scratch.
type buildFn func(fr *frame, s *scratch)

// builder compiles e when it has one of the shapes built in a scratch: a
// list comprehension, a list or tuple literal, sorted, update, a slice, or
// + with such an operand. nil otherwise.
func (c *compiler) builder(e lang.Expr) buildFn {
	if !c.on(PassComposite) {
		return nil
	}
	switch e := e.(type) {
	case *lang.Comp:
		if e.Kind != lang.ListComp {
			return nil
		}
		c.push()
		defer c.pop()
		if f := c.buildRange(e); f != nil {
			return f
		}
		loops := c.clauses(e.Clauses)
		var run func(fr *frame)
		if f := c.intExpr(e.Body); f != nil {
			run = loops(func(fr *frame) { fr.scr.addInt(f(fr)) })
		} else {
			body := c.expr(e.Body)
			run = loops(func(fr *frame) { fr.scr.add(body(fr)) })
		}
		return func(fr *frame, s *scratch) {
			save, stop := fr.scr, fr.stop
			fr.scr, fr.stop = s, false
			run(fr)
			fr.scr, fr.stop = save, stop
		}
	case *lang.ListLit:
		return c.buildElems(e.Elems, false)
	case *lang.TupleLit:
		return c.buildElems(e.Elems, true)
	case *lang.Slice:
		x, lo, hi := c.buildAny(e.X), c.optExpr(e.Lo), c.optExpr(e.Hi)
		pos := e.Pos
		return func(fr *frame, s *scratch) {
			x(fr, s)
			l, h := lo(fr), hi(fr)
			if s.whole {
				s.set(opSlice(pos, s.v, l, h))
				return
			}
			a, b := sliceBounds(pos, int64(s.len()), l, h)
			if s.boxed {
				s.vals = append(s.vals[:0], s.vals[a:b]...)
			} else {
				s.ints = append(s.ints[:0], s.ints[a:b]...)
			}
		}
	case *lang.Binary:
		if e.Op != lang.OpAdd || c.builder(e.X) == nil && c.builder(e.Y) == nil {
			return nil
		}
		x, y := c.buildAny(e.X), c.buildAny(e.Y)
		pos := e.Pos
		return func(fr *frame, s *scratch) {
			x(fr, s)
			t := fr.th.takeScratch()
			y(fr, t)
			switch {
			case s.whole || t.whole || s.tuple != t.tuple:
				s.set(opAdd(fr.th, pos, s.value(), t.value()))
			case !s.boxed && !t.boxed:
				s.ints = append(s.ints, t.ints...)
			default:
				if !s.boxed {
					s.box()
				}
				if t.boxed {
					s.vals = append(s.vals, t.vals...)
				} else {
					for _, v := range t.ints {
						s.vals = append(s.vals, Int(v))
					}
				}
			}
			fr.th.giveScratch(t)
		}
	case *lang.Call:
		return c.buildCall(e)
	}
	return nil
}

// buildRange builds [E for x in A .. B], the comprehension of one range
// clause, without the general clauses' closures; nil for other
// comprehensions.
func (c *compiler) buildRange(e *lang.Comp) buildFn {
	if len(e.Clauses) != 1 {
		return nil
	}
	cl, ok := e.Clauses[0].(*lang.ForClause)
	if !ok || cl.Target.Tuple {
		return nil
	}
	r, ok := cl.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange {
		return nil
	}
	lo, hi := c.rangeBounds(r)
	c.pattern(cl.Target)
	b := c.scope.names[cl.Target.Names[0].Name]
	b.isInt = true
	slot, rpos := b.slot, r.Pos
	fi := c.intExpr(e.Body)
	var fv evalFn
	if fi == nil {
		fv = c.expr(e.Body)
	}
	return func(fr *frame, s *scratch) {
		a, z := lo(fr), hi(fr)
		th := fr.th
		stop := fr.stop
		fr.stop = false
		for x := a; x <= z; x++ {
			th.tick(rpos)
			fr.slots[slot] = Value{k: KInt, n: x}
			if fi != nil {
				s.addInt(fi(fr))
			} else {
				s.add(fv(fr))
			}
			if fr.stop || x == z {
				break
			}
		}
		fr.stop = stop
	}
}

// buildAny compiles e to build its value in a scratch: its builder, or
// its value.
func (c *compiler) buildAny(e lang.Expr) buildFn {
	if b := c.builder(e); b != nil {
		return b
	}
	x := c.expr(e)
	return func(fr *frame, s *scratch) { s.set(x(fr)) }
}

// buildElems builds a list or tuple literal.
func (c *compiler) buildElems(es []lang.Expr, tuple bool) buildFn {
	ints := make([]intFn, len(es))
	vals := make([]evalFn, len(es))
	for i, x := range es {
		if ints[i] = c.intExpr(x); ints[i] == nil {
			vals[i] = c.expr(x)
		}
	}
	return func(fr *frame, s *scratch) {
		s.tuple = tuple
		for i, f := range ints {
			if f != nil {
				s.addInt(f(fr))
			} else {
				s.add(vals[i](fr))
			}
		}
	}
}

// buildCall builds the calls of built-ins that sort (sorted(X)) or update
// (update(X, I, V)) a list.
func (c *compiler) buildCall(e *lang.Call) buildFn {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || c.scope.lookup(id.Name) != nil {
		return nil
	}
	bi := builtins[id.Name]
	pos := e.Pos
	argPos := make([]Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	switch {
	case bi != nil && bi.Sorts && len(e.Args) == 1:
		x := c.buildAny(e.Args[0])
		return func(fr *frame, s *scratch) {
			x(fr, s)
			if !s.whole && !s.boxed {
				slices.Sort(s.ints)
				s.tuple = false
				return
			}
			s.set(callBuiltin(fr, bi, pos, argPos, []Value{s.value()}))
		}
	case bi != nil && bi.Updates && len(e.Args) == 3:
		x, i, v := c.buildAny(e.Args[0]), c.expr(e.Args[1]), c.expr(e.Args[2])
		return func(fr *frame, s *scratch) {
			x(fr, s)
			iv, vv := i(fr), v(fr)
			if !s.whole && iv.k == KInt && iv.n >= 0 && iv.n < int64(s.len()) {
				if !s.boxed && vv.k == KInt {
					s.ints[iv.n] = vv.n
					return
				}
				if !s.boxed {
					s.box()
				}
				s.vals[iv.n] = vv
				return
			}
			s.set(callBuiltin(fr, bi, pos, argPos, []Value{s.value(), iv, vv}))
		}
	}
	return nil
}

// callBuiltin calls a built-in as a call in the source does.
func callBuiltin(fr *frame, bi *Builtin, pos Pos, argPos []Pos, args []Value) Value {
	th := fr.th
	call := th.getCall(bi.BName, pos, argPos)
	th.calls = append(th.calls, pos)
	r := bi.Fn(call, args)
	th.putCall(call)
	th.calls = th.calls[:len(th.calls)-1]
	return r
}

// callBuiltin2 is callBuiltin with n <= 2 arguments a, b, held in the
// Call.
func callBuiltin2(fr *frame, bi *Builtin, pos Pos, argPos []Pos, a, b Value, n int) Value {
	th := fr.th
	call := th.getCall(bi.BName, pos, argPos)
	call.buf = [2]Value{a, b}
	th.calls = append(th.calls, pos)
	r := bi.Fn(call, call.buf[:n])
	th.putCall(call)
	th.calls = th.calls[:len(th.calls)-1]
	return r
}

// sgComposite compiles g(ARGS) for a declared game when an argument is
// built in a scratch: the key is packed from the scratches and looked up,
// without the position. nil when no argument is.
func (c *compiler) sgComposite(e *lang.Call, b *binding) sgFn {
	type arg struct {
		build buildFn
		set   setBuildFn
		i     intFn
		v     evalFn
		// a parameter of the game whose rule this is, passed on:
		// param is its index + 1 (see Game.appendArg)
		param int
	}
	args := make([]arg, len(e.Args))
	any := false
	for i, a := range e.Args {
		if args[i].build = c.builder(a); args[i].build != nil {
			any = true
		} else if args[i].set = c.setBuilder(a); args[i].set != nil {
			any = true
		} else if args[i].i = c.intExpr(a); args[i].i == nil {
			args[i].v = c.expr(a)
			if s := c.localSlot(a); s >= 0 && c.curGame != nil && s < c.curGame.arity {
				args[i].param = s + 1
			}
		}
	}
	if !any {
		return nil
	}
	var built []string
	for i, a := range args {
		switch {
		case a.build != nil:
			built = append(built, fmt.Sprintf("argument %d (a list or tuple) is built", i+1))
		case a.set != nil:
			built = append(built, fmt.Sprintf("argument %d (a set, as a bitmap of small ints or cells) is built", i+1))
		}
	}
	c.built = strings.Join(built, ", ")
	pos, g0 := e.Pos, c.curGame
	return func(fr *frame) sgv {
		th := fr.th
		ks := th.takeScratch()
		key, boxed := ks.key[:0], false
		ks.args, ks.offs = ks.args[:0], ks.offs[:0]
		g := b.game
		for _, a := range args {
			// The argument's value when its key is boxed or it is not
			// built (a scratch's unboxed key decodes: it is not kept).
			var v Value
			var bx bool
			ks.offs = append(ks.offs, len(key))
			switch {
			case a.build != nil:
				s := th.takeScratch()
				a.build(fr, s)
				if key, bx = s.appendKey(key); bx {
					v = s.value()
				}
				th.giveScratch(s)
			case a.set != nil:
				s := th.takeSetScratch()
				a.set(fr, s)
				if key, bx = s.appendKey(key); bx {
					v = s.value()
				}
				th.giveSetScratch(s)
			case a.i != nil:
				x := a.i(fr)
				key = binary.AppendVarint(append(key, tagInt), x)
				v = Int(x)
			case a.param > 0 && g == g0:
				v = a.v(fr)
				key, bx = g0.appendArg(key, a.param-1, v)
			default:
				v = a.v(fr)
				key, bx = appendArgKey(key, v, maxKeyBytes)
			}
			if g.arity >= 2 {
				key = g.shorten(key, ks.offs[len(ks.offs)-1])
			}
			ks.args = append(ks.args, v)
			boxed = boxed || bx
		}
		ks.key = key
		checkArity(pos, g, len(args))
		var r uint64
		if boxed {
			// A position, a sum or a function inside: the memo keeps the
			// arguments (g.ref encodes them again).
			vals := make([]Value, len(args))
			for i, a := range args {
				vals[i] = ks.args[i]
				if (a.build != nil || a.set != nil) && vals[i].k == KNone {
					// (A built value is never none: an unboxed key.)
					vals[i] = g.decodeArg(key[ks.offs[i]:])
				}
			}
			r = g.ref(vals)
		} else {
			if g.tuples != nil {
				// (A tuple of ints for the hidden game: tupleflat.go.)
				if r2, ok := g.tuples.refKey(key); ok {
					th.giveScratch(ks)
					return fr.gen.lookup(g.tuples.to, r2)
				}
			}
			r = g.intern(key, false, nil)
		}
		th.giveScratch(ks)
		return fr.gen.lookup(g, r)
	}
}
