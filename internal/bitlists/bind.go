package bitlists

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/build"
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// The alternative: its clauses up to a bind `for v in [X]` (the
// planner's bind, or one written so), if clauses only after it, and the
// position of a declared game as its option. Its bind, if clauses and
// option are compiled twice: as the general way compiles them, which a
// move runs where X is not such a list, and on the bits.

// Binds compiles the alternatives whose bound list is bits (BitList).
type Binds struct {
	c *compile.Compiler
	b *build.Builders
}

// New returns the compiler of such alternatives of compiler c, whose
// builders b build the lists in scratches that are not update chains.
func New(c *compile.Compiler, b *build.Builders) *Binds { return &Binds{c: c, b: b} }

// bits is a list of n <= 64 ints 0 and 1, or (ab.str) a string of n
// <= 64 characters of a pair (strs.go): bit i of w is element i (no bit
// at n or above).
type bits struct {
	w  uint64
	n  int16 // (16 bits: a bits is two words, passed in registers)
	ab pair
}

// value is the list or string the bits hold.
func (b bits) value() value.Value {
	if b.ab.str {
		return strValue(b)
	}
	if b.ab.tuple() {
		return value.BitTuple(b.w, int(b.n))
	}
	return value.BitList(b.w, int(b.n), b.ab.bools)
}

// bound is what the bits of one alternative are compiled with: the bound
// name, its slot (where the list is made from the bits, when a part not
// recognized reads it), and what was recognized (for --explain).
type bound struct {
	c    *compile.Compiler
	decl *resolve.Decl
	slot int
	uses []string // the recognized reads of the bits
}

// ensure makes the list of the bits b in the bound name's slot, once a
// move (the slot is none until then).
func (bt *bound) ensure(fr *engine.Frame, b bits) {
	if fr.Slots[bt.slot].K == value.KNone {
		fr.Slots[bt.slot] = b.value()
	}
}

// isV reports whether e is the bound name.
func (bt *bound) isV(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == bt.decl
}

// mentions reports whether e reads the bound name.
func (bt *bound) mentions(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || bt.isV(x)
		return !found
	})
	return found
}

// BitList compiles alt for the SG search when its option's list is
// bound, tested and yielded, with a read of the bits recognized, or when
// its option is a position of an update chain (yielded); nil otherwise.
func (bs *Binds) BitList(alt *lang.Alt) (func(fr *engine.Frame), string) {
	c := bs.c
	call, ok := alt.Body.(*lang.Call)
	if !c.On(passes.BitLists) || !ok || c.GameCallee(call) == nil || !c.InFunc {
		return nil, ""
	}
	k := len(alt.Clauses) - 1
	for k >= 0 {
		if _, ok := alt.Clauses[k].(*lang.IfClause); !ok {
			break
		}
		k--
	}
	if k >= 0 {
		if cl, ok := alt.Clauses[k].(*lang.ForClause); ok && !cl.Target.Tuple && len(cl.Target.Names) == 1 {
			if lit, ok := cl.Iter.(*lang.ListLit); ok && len(lit.Elems) == 1 {
				return bs.bound(alt, k, cl, lit.Elems[0], call)
			}
		}
	}
	return bs.yielded(alt, call)
}

// bound compiles alt, whose clause k binds the list x (cl).
func (bs *Binds) bound(alt *lang.Alt, k int, cl *lang.ForClause, x lang.Expr, call *lang.Call) (func(fr *engine.Frame), string) {
	c := bs.c
	ch := bs.chainOf(x)
	if ch == nil && (!bs.b.IsListBuild(x) || hasStr(x) || bs.putsList(x)) {
		return nil, "" // (a string built otherwise, or a grid: no bits)
	}
	name := cl.Target.Names[0]
	// (A string is bits over the pair of the option's game, when the
	// option is a position of the bound string.)
	var gb *engine.Binding
	if len(call.Args) == 1 {
		if id, ok := call.Args[0].(*lang.Ident); ok && resolve.Of(id) == resolve.NameDecl(name) {
			gb = c.GameCallee(call)
		}
	}
	prefix := c.Vals.Clauses(alt.Clauses[:k])
	mk := bs.genMake(x, ch, gb, bs.b.ListBuild(x))
	general := bs.genGeneral(cl, alt.Clauses[k+1:], alt.Body)
	c.Vals.Pattern(cl.Target) // (the name's slot on the bits' way)
	bt := &bound{c: c, decl: resolve.NameDecl(name), slot: c.Var(name).Slot}
	var conds []condFn
	for _, f := range alt.Clauses[k+1:] {
		ifc := f.(*lang.IfClause)
		conds = append(conds, bt.cond(ifc.Cond, "an if clause's condition", lang.Start(ifc.Cond)))
	}
	emit := bt.option(call)
	if len(bt.uses) == 0 {
		return nil, ""
	}
	ipos, slot := lang.Start(cl.Iter), bt.slot
	step := func(fr *engine.Frame) {
		b, ok, v := mk(fr)
		if !ok {
			general(fr, v)
			return
		}
		fr.Th.Tick(ipos)
		fr.Slots[slot] = value.None
		for _, f := range conds {
			if !f(fr, b) {
				return
			}
		}
		emit(fr, b)
	}
	what := fmt.Sprintf("the list %s bound to %s is, where it is one of up to 64 0s and 1s, the bits of a word: %s (no list made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	if hasStr(x) {
		what = fmt.Sprintf("the string %s bound to %s is, where it is one of up to 64 characters of the first two of its game's alphabet, the bits of a word: %s (no string made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	} else if hasBool(x) {
		what = fmt.Sprintf("the list %s bound to %s is, where it is one of up to 64 bools, the bits of a word: %s (no list made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	}
	return bs.perPosition(ch, gb, prefix(step), func() func(fr *engine.Frame) {
		prefix := c.Vals.Clauses(alt.Clauses[:k])
		xv := c.Vals.Expr(x)
		general := bs.genGeneral(cl, alt.Clauses[k+1:], alt.Body)
		return prefix(func(fr *engine.Frame) { general(fr, xv(fr)) })
	}), what
}

// perPosition is run, or, when the list chain ch updates is a parameter
// of the game (the same list for every move of a position), run for a
// position whose list is bits (a string: over the pair of gb's
// positions) and the alternative as the general way compiles it (slow
// makes it) for any other: such a position makes its moves with nothing
// tried on the bits first.
func (bs *Binds) perPosition(ch *chain, gb *engine.Binding, run func(fr *engine.Frame), slow func() func(fr *engine.Frame)) func(fr *engine.Frame) {
	c := bs.c
	s := -1
	if ch != nil {
		s = c.LocalSlot(ch.base)
	}
	if s < 0 || c.CurGame == nil || s >= c.CurGame.NArgs {
		return run
	}
	plain := slow()
	cache := &baseCache{}
	return func(fr *engine.Frame) {
		v := fr.Slots[s]
		var ab pair
		if v.K == value.KStr {
			ab = pairOf(gb)
		}
		if _, ok := cache.of(v, ab, ch.kind); ok {
			run(fr)
		} else {
			plain(fr)
		}
	}
}

// yielded compiles alt, whose option is a position of one argument, an
// update chain: its key made from the bits where they are, else the
// position as compiled (package build's scratch). Not where the general
// way's last for clause is a walk of keys or takes its if clause as a
// bound (package compile's clausesLast). A chain of strings is bits over
// the pair of the option's game (strs.go).
func (bs *Binds) yielded(alt *lang.Alt, call *lang.Call) (func(fr *engine.Frame), string) {
	c, n := bs.c, len(alt.Clauses)
	if len(call.Args) != 1 || n == 0 {
		return nil, ""
	}
	gb := c.GameCallee(call)
	ch := bs.chainOf(call.Args[0])
	if ch == nil || walked(ch, alt.Clauses[n-1]) || n > 1 && walked(ch, alt.Clauses[n-2]) && mayBound(alt.Clauses[n-1]) {
		return nil, ""
	}
	general := func() func(fr *engine.Frame) {
		loops, sg := c.Vals.Clauses(alt.Clauses), c.SG.SGExpr(call)
		return loops(func(fr *engine.Frame) {
			gn := fr.Gen
			gn.Tracing = true
			v := sg(fr)
			gn.Tracing = false
			gn.EmitSG(v)
		})
	}
	// The last loop, a sweep (sweep.go) when it is one.
	k := n - 1
	var ifc *lang.IfClause
	if f, isIf := alt.Clauses[k].(*lang.IfClause); isIf && k >= 1 {
		ifc, k = f, k-1
	}
	var (
		p     int
		links []sweepLink
		test  *sweepTest
		swept bool
	)
	cl, isFor := alt.Clauses[k].(*lang.ForClause)
	if isFor && isRange(cl) && !cl.Target.Tuple && len(cl.Target.Names) == 1 && c.On(passes.FastLoops) && ch.kind != kindTuple {
		var cond lang.Expr
		if ifc != nil {
			cond = ifc.Cond
		}
		p, links, test, swept = sweepParts(ch, resolve.NameDecl(cl.Target.Names[0]), cond)
	}
	var loops func(body func(fr *engine.Frame)) func(fr *engine.Frame)
	if swept {
		loops = c.Vals.Clauses(alt.Clauses[:k])
		c.Vals.Pattern(cl.Target)
		c.Var(cl.Target.Names[0]).IsInt = true
	} else {
		loops = c.Vals.Clauses(alt.Clauses)
	}
	direct := bs.genChain(ch, gb)
	sg := c.SG.SGExpr(call)
	keyed := keyLookup(gb, func(fr *engine.Frame, _ bits) memo.Sgv { return sg(fr) })
	body := func(fr *engine.Frame) {
		gn := fr.Gen
		gn.Tracing = true
		var v memo.Sgv
		if b, ok := direct(fr); ok {
			v = keyed(fr, b)
		} else {
			v = sg(fr)
		}
		gn.Tracing = false
		gn.EmitSG(v)
	}
	note := fmt.Sprintf("the option's list %s is, where it is one of up to 64 0s and 1s, the bits of a word, its position keyed from them (no list made per move)", ir.Expr(call.Args[0]))
	if hasStr(call.Args[0]) {
		note = fmt.Sprintf("the option's string %s is, where it is one of up to 64 characters of the first two of its game's alphabet, the bits of a word, its position keyed from them (no string made per move)", ir.Expr(call.Args[0]))
	} else if hasBool(call.Args[0]) {
		note = fmt.Sprintf("the option's list %s is, where it is one of up to 64 bools, the bits of a word, its position keyed from them (no list made per move)", ir.Expr(call.Args[0]))
	}
	if swept {
		bodyIf := body
		if ifc != nil {
			bodyIf = c.Vals.Clauses([]lang.Clause{ifc})(body)
		}
		run := loops(bs.sweep(cl, ch, p, links, test, bodyIf, gb, keyed))
		return bs.perPosition(ch, gb, run, general), note + "; its last loop, over " + cl.Target.Names[0].Name + ", a sweep of the word"
	}
	return bs.perPosition(ch, gb, loops(body), general), note
}

// isRange reports whether cl is a for clause over a range.
func isRange(cl lang.Clause) bool {
	f, ok := cl.(*lang.ForClause)
	if !ok {
		return false
	}
	r, ok := f.Iter.(*lang.Binary)
	return ok && r.Op == lang.OpRange
}

// walked reports whether cl is a for clause over a range of x that the
// general way may walk (package build's walks): an element of chain ch
// put to x, or to x plus or minus something (update(c, i, p) for p in A
// .. B), where the bits would give up at the first value out of 0 .. 1.
func walked(ch *chain, cl lang.Clause) bool {
	if !isRange(cl) {
		return false
	}
	f := cl.(*lang.ForClause)
	if f.Target.Tuple {
		return false
	}
	x := f.Target.Names[0].Name
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && id.Name == x
	}
	for _, l := range ch.links {
		b, ok := l.to.(*lang.Binary)
		if isX(l.to) || ok && (b.Op == lang.OpAdd || b.Op == lang.OpSub) && (isX(b.X) || isX(b.Y)) {
			return true
		}
	}
	return false
}

// mayBound reports whether the if clause cl may be a bound of the range
// before it (an order comparison, a call of a guard def).
func mayBound(cl lang.Clause) bool {
	f, ok := cl.(*lang.IfClause)
	if !ok {
		return false
	}
	switch e := f.Cond.(type) {
	case *lang.Binary:
		switch e.Op {
		case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			return true
		}
	case *lang.Call:
		return true
	}
	return false
}

// hasStr reports whether e has a string literal.
func hasStr(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		_, isStr := x.(*lang.StrLit)
		found = found || isStr
		return !found
	})
	return found
}

// hasBool reports whether e has a bool literal or a not: an element of a
// list of bools (the words of --explain).
func hasBool(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		u, isNot := x.(*lang.Unary)
		_, isBool := x.(*lang.BoolLit)
		found = found || isBool || isNot && u.Op == lang.OpNot
		return !found
	})
	return found
}

// genGeneral compiles the bind of cl, the if clauses ifs and the option
// body as the general way does, from X's value v on: what a move whose
// list is not bits runs.
func (bs *Binds) genGeneral(cl *lang.ForClause, ifs []lang.Clause, body lang.Expr) func(fr *engine.Frame, v value.Value) {
	c := bs.c
	bind := c.Vals.Pattern(cl.Target)
	loops := c.Vals.Clauses(ifs)
	sg := c.SG.SGExpr(body)
	rest := loops(func(fr *engine.Frame) {
		gn := fr.Gen
		gn.Tracing = true
		v := sg(fr)
		gn.Tracing = false
		gn.EmitSG(v)
	})
	ipos := lang.Start(cl.Iter)
	return func(fr *engine.Frame, v value.Value) {
		fr.Th.Tick(ipos)
		bind(fr, v)
		rest(fr)
	}
}

// option compiles the option, call, on the bits: a position of one
// argument, the bound name, is keyed from them; any other made as
// compiled, from the list.
func (bt *bound) option(call *lang.Call) func(fr *engine.Frame, b bits) {
	sg := bt.c.SG.SGExpr(call)
	lookup := func(fr *engine.Frame, b bits) memo.Sgv {
		bt.ensure(fr, b)
		return sg(fr)
	}
	if len(call.Args) == 1 && bt.isV(call.Args[0]) {
		bt.uses = append(bt.uses, "its position keyed from the bits")
		lookup = keyLookup(bt.c.GameCallee(call), lookup)
	}
	return func(fr *engine.Frame, b bits) {
		gn := fr.Gen
		gn.Tracing = true
		v := lookup(fr, b)
		gn.Tracing = false
		gn.EmitSG(v)
	}
}

// keyLookup looks up the position of gb's game whose one argument is the
// list the bits hold, by its key (what the general way's key is: package
// value's BitListWord), or the string (value's AppendStrKeyIn: the bits
// over the pair of the game's alphabet); general where the game is not
// one of one argument (a game declared again) or stores tuples apart.
func keyLookup(gb *engine.Binding, general func(fr *engine.Frame, b bits) memo.Sgv) func(fr *engine.Frame, b bits) memo.Sgv {
	return func(fr *engine.Frame, b bits) memo.Sgv {
		g := gb.Game
		if g.NArgs != 1 || g.Tuples != nil {
			return general(fr, b)
		}
		if b.ab.str {
			if pairOf(gb) != b.ab {
				return general(fr, b) // (not the pair of this game's strings)
			}
			if word, nb, ok := strKeyWord(b.w, int(b.n)); ok {
				if st, ok := g.Keys.FinalWord(word, nb); ok {
					return memo.ValueOf(st) // (what Lookup finds)
				}
				return fr.Gen.Lookup(g, g.InternWord(word, nb))
			}
			var kb [16]byte
			return fr.Gen.Lookup(g, g.Intern(appendStrBits(kb[:0], b.w, int(b.n)), false, nil))
		}
		if b.ab.bools {
			if st, ok := g.Keys.DirectBoolsOf(b.w, int(b.n)); ok {
				return memo.ValueOf(st) // (what Lookup finds)
			}
			if word, nb, ok := boolKeyWord(b.w, int(b.n)); ok {
				if _, st, ok := g.Keys.Recent(word, nb); ok {
					return memo.ValueOf(st) // (what Lookup finds)
				}
				return fr.Gen.Lookup(g, g.InternWord(word, nb))
			}
			var kb [16]byte
			return fr.Gen.Lookup(g, g.Intern(appendBoolBits(kb[:0], b.w, int(b.n)), false, nil))
		}
		if b.ab.tuple() {
			var kb [72]byte
			return fr.Gen.Lookup(g, g.Intern(value.AppendBitTuple(kb[:0], b.w, int(b.n)), false, nil))
		}
		if st, ok := g.Keys.DirectListOf(b.w, int(b.n)); ok {
			return memo.ValueOf(st) // (what Lookup finds)
		}
		if word, nb, ok := value.BitListWord(b.w, int(b.n)); ok {
			if _, st, ok := g.Keys.Recent(word, nb); ok {
				return memo.ValueOf(st) // (what Lookup finds)
			}
			return fr.Gen.Lookup(g, g.InternWord(word, nb))
		}
		var kb [16]byte
		return fr.Gen.Lookup(g, g.Intern(value.AppendBitWord(kb[:0], b.w, int(b.n)), false, nil))
	}
}
