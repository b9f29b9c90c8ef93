package wordsets

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

// The alternative: its clauses up to a bind `for v in [X op Y]` (the
// planner's bind, or one written so), if clauses only after it, and the
// position of a declared game as its option. Its bind, if clauses and
// option are compiled twice: as the general way compiles them, which a
// move runs where the scratch does not hold a universe's ids, and on the
// words.

// Sets compiles the alternatives whose bound set is words (WordSet).
type Sets struct {
	c *compile.Compiler
	b *build.Builders
}

// New returns the compiler of such alternatives of compiler c, whose
// builders b build the sets in scratches.
func New(c *compile.Compiler, b *build.Builders) *Sets { return &Sets{c: c, b: b} }

// bound is what the words of one alternative are compiled with: the
// bound name, its slot (where the set is made from the words, when a
// part not recognized reads it), and what
// was recognized (for --explain).
type bound struct {
	c    *compile.Compiler
	decl *resolve.Decl
	slot int
	uses []string // the recognized reads of the words
	// x: the option's set, bound by no clause (implicit): read in the
	// body of a def inlined, it is the bound name.
	x lang.Expr
}

// ensure makes the set of the scratch s in the bound name's slot, once a
// move (the slot is none until then).
func (bt *bound) ensure(fr *engine.Frame, s *value.SetScratch) {
	if fr.Slots[bt.slot].K == value.KNone {
		fr.Slots[bt.slot] = s.Value()
	}
}

// isV reports whether e is the bound name.
func (bt *bound) isV(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == bt.decl
}

// mentions reports whether e reads the bound name, or, when the bound
// name is the option's set read again (x), calls a def (whose body may
// read it: inline).
func (bt *bound) mentions(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || bt.isV(x) || bt.x != nil && isDefCall(x)
		return !found
	})
	return found
}

// reads reports whether e reads the bound name itself.
func (bt *bound) reads(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || bt.isV(x)
		return !found
	})
	return found
}

// isDefCall reports whether e is a call of a def by name.
func isDefCall(e lang.Expr) bool {
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	id, ok := call.Fn.(*lang.Ident)
	return ok && resolve.Of(id) != nil && resolve.Of(id).Kind == resolve.Def
}

// WordSet compiles alt for the SG search when its option's set is
// bound by a set operator, tested and yielded, with a read of the words
// recognized; nil otherwise.
func (ss *Sets) WordSet(alt *lang.Alt) (func(fr *engine.Frame), string) {
	c := ss.c
	call, ok := alt.Body.(*lang.Call)
	if !c.On(passes.WordSets) || !ok || c.GameCallee(call) == nil || !c.InFunc {
		return nil, ""
	}
	k := len(alt.Clauses) - 1
	for k >= 0 {
		if _, ok := alt.Clauses[k].(*lang.IfClause); !ok {
			break
		}
		k--
	}
	if k < 0 {
		return nil, ""
	}
	if cl, ok := alt.Clauses[k].(*lang.ForClause); ok && !cl.Target.Tuple && len(cl.Target.Names) == 1 {
		if lit, ok := cl.Iter.(*lang.ListLit); ok && len(lit.Elems) == 1 {
			if x, ok := lit.Elems[0].(*lang.Binary); ok && setOp(x) {
				return ss.bound(&bind{clauses: alt.Clauses[:k], cl: cl, x: x, ifs: alt.Clauses[k+1:], call: call})
			}
			// (A bind of another value, an element the option's set is
			// made of: the set bound after it.)
		}
	}
	return ss.implicit(alt, k, call)
}

// setOp reports whether x is a set operator's.
func setOp(x *lang.Binary) bool {
	switch x.Op {
	case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
		return true
	}
	return false
}

// bind is an alternative whose set x is bound by cl after the clauses
// and tested by the if clauses ifs, its option call. shared: the bind
// is not written, the option's set x read again by the if clauses (or
// the defs they call) is bound so (implicit): the bind counts no step,
// and alt is the alternative as written.
type bind struct {
	clauses []lang.Clause
	cl      *lang.ForClause
	x       *lang.Binary
	ifs     []lang.Clause
	call    *lang.Call
	shared  bool
	alt     *lang.Alt
}

// bound compiles the alternative of bind b.
func (ss *Sets) bound(b *bind) (func(fr *engine.Frame), string) {
	c, x, cl := ss.c, b.x, b.cl
	// (The clauses before the bind first: they give its names their slots.
	// As written, the if clauses come before the option: the one after
	// the last for clause may pick its elements, EqFor and EqSet.)
	var next *lang.IfClause
	if b.shared {
		next = ir.JoinIfs(b.ifs)
	}
	prefix := c.Vals.ClausesThen(b.clauses, next)
	mk := ss.b.SetBuild(x)
	if mk == nil {
		return nil, ""
	}
	general := genGeneral(c, cl, b.ifs, b.call, !b.shared)
	name := cl.Target.Names[0]
	c.Vals.Pattern(cl.Target) // (the name's slot on the words' way)
	bt := &bound{c: c, decl: resolve.NameDecl(name), slot: c.Var(name).Slot}
	if b.shared {
		bt.x = x
	}
	var conds []condFn
	for _, f := range b.ifs {
		ifc := f.(*lang.IfClause)
		conds = append(conds, bt.cond(ifc.Cond, "an if clause's condition", lang.Start(ifc.Cond)))
	}
	emit := bt.option(b.call)
	if len(bt.uses) == 0 {
		return nil, ""
	}
	ipos, slot, tick := lang.Start(cl.Iter), bt.slot, !b.shared
	step := func(fr *engine.Frame) {
		th := fr.Th
		s := th.TakeSetScratch()
		mk(fr, s)
		if s.Class() != 2 || !s.Plain() {
			v := s.Value()
			th.GiveSetScratch(s)
			general(fr, v)
			return
		}
		if tick {
			th.Tick(ipos)
		}
		fr.Slots[slot] = value.None
		for _, f := range conds {
			if !f(fr, s) {
				th.GiveSetScratch(s)
				return
			}
		}
		emit(fr, s)
		th.GiveSetScratch(s)
	}
	what := fmt.Sprintf("the set %s bound to %s is, where it is a bitset over a universe, its words: %s (no set made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	if b.shared {
		what = fmt.Sprintf("the option's set %s, which the if clauses read again, is, where it is a bitset over a universe, its words: %s (no set made per move)", ir.Expr(x), strings.Join(bt.uses, "; "))
	}
	run := prefix(step)
	// A position whose set is not over a universe: the alternative as
	// the general way compiles it.
	ps := c.LocalSlot(x.X)
	if ps < 0 || c.CurGame == nil || ps >= c.CurGame.NArgs {
		if b.shared {
			return nil, "" // (where x's value is not known to be a set)
		}
		return run, what
	}
	var plain func(fr *engine.Frame)
	if b.shared {
		plain = c.Vals.Clauses(b.alt.Clauses)(emitFn(c.SG.SGExpr(b.alt.Body)))
	} else {
		prefix := c.Vals.Clauses(b.clauses)
		xv := c.Vals.Expr(x)
		general := genGeneral(c, cl, b.ifs, b.call, true)
		plain = prefix(func(fr *engine.Frame) { general(fr, xv(fr)) })
	}
	return func(fr *engine.Frame) {
		if _, _, ok := value.UniWords(fr.Slots[ps]); ok {
			run(fr)
		} else {
			plain(fr)
		}
	}, what
}

// emitFn emits the SG value of the option sg.
func emitFn(sg compile.SGFn) func(fr *engine.Frame) {
	return func(fr *engine.Frame) {
		gn := fr.Gen
		gn.Tracing = true
		v := sg(fr)
		gn.Tracing = false
		gn.EmitSG(v)
	}
}

// genGeneral compiles the bind of cl (a step counted: tick), the if
// clauses ifs and the option body as the general way does, from the
// set's value v on: what a move whose set is not words runs.
func genGeneral(c *compile.Compiler, cl *lang.ForClause, ifs []lang.Clause, body lang.Expr, tick bool) func(fr *engine.Frame, v value.Value) {
	bind := c.Vals.Pattern(cl.Target)
	rest := c.Vals.Clauses(ifs)(emitFn(c.SG.SGExpr(body)))
	ipos := lang.Start(cl.Iter)
	return func(fr *engine.Frame, v value.Value) {
		if tick {
			fr.Th.Tick(ipos)
		}
		bind(fr, v)
		rest(fr)
	}
}

// option compiles the option, call, on the words: a position of one
// argument, the bound name, is keyed from them; any other made as
// compiled, from the set.
func (bt *bound) option(call *lang.Call) func(fr *engine.Frame, s *value.SetScratch) {
	sg := bt.c.SG.SGExpr(call)
	lookup := func(fr *engine.Frame, s *value.SetScratch) memo.Sgv {
		bt.ensure(fr, s)
		return sg(fr)
	}
	if len(call.Args) == 1 && bt.isV(call.Args[0]) {
		bt.uses = append(bt.uses, "its position keyed from the words")
		lookup = keyLookup(bt.c.GameCallee(call), lookup)
	}
	return func(fr *engine.Frame, s *value.SetScratch) {
		gn := fr.Gen
		gn.Tracing = true
		v := lookup(fr, s)
		gn.Tracing = false
		gn.EmitSG(v)
	}
}

// keyLookup looks up the position of gb's game whose one argument is the
// set of the words of scratch s, by its key (what package build's
// oneSet keys), when they are ids of the universe of the game's
// argument; general where they are not, or the game is not one of one
// argument (a game declared again) or stores tuples apart.
func keyLookup(gb *engine.Binding, general func(fr *engine.Frame, s *value.SetScratch) memo.Sgv) func(fr *engine.Frame, s *value.SetScratch) memo.Sgv {
	return func(fr *engine.Frame, s *value.SetScratch) memo.Sgv {
		g := gb.Game
		if g.NArgs != 1 || g.Tuples != nil || s.Universe() != g.Universe(0) {
			return general(fr, s)
		}
		w := s.Words()
		if len(w) <= 1 {
			var x uint64
			if len(w) == 1 {
				x = w[0]
			}
			if st, ok := g.Keys.DirectOf(x); ok {
				return memo.ValueOf(st) // (what Lookup finds)
			}
			if len(w) == 1 {
				if word, n, ok := value.UniKeyWord1(x); ok {
					if _, st, ok := g.Keys.Recent(word, n); ok {
						return memo.ValueOf(st) // (what Lookup finds)
					}
					return fr.Gen.Lookup(g, g.InternWord(word, n))
				}
			}
		}
		return fr.Gen.Lookup(g, build.UniRef(g, w))
	}
}
