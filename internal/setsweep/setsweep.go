// Package setsweep owns the move rules whose option is a position of
// one set, made from a set the position holds by operators with set
// literals, in a last loop over a range or over that set (a sweep of the
// set's word, Sweeps.SetSweep, for the SG search of positions whose
// arguments are not all ints):
//
//	game tt(S) moves tt(S - {i}) for i in S
//	  | tt(S - {i} ^ {j}) for i in S for j in 0 .. i - 1
//	game put(S) moves put(S | {j}) for j in 0 .. N - 1 if not (j in S)
//
// Where the set is one of at most 64 ids of the game's argument's
// universe (a position's argument decoded from its key), the operators
// whose literals do not read the loop's name are applied to its word
// once a loop (at the loop's first value, as the first move applies
// them), and each value of the loop clears, sets or flips the ids of the
// literals that read it: the loop's element itself (a loop over the
// set: its bit), or j + K for j the loop's int (the universe's id of
// the int). An if clause `j + K in S`, `not (j + K in S)` (or `not in`)
// tests a bit. Each option is looked up by its word (memo's table of small
// sets by their bits first, then the key of its word), with no set made.
//
// Exact: where the set is not such a set, the loop runs as compiled;
// where an id is missing (an element the universe lacks, for | and ^),
// the option would be empty, or its key is not one word, that value of
// the loop runs its body as compiled, which makes the set and fails
// where the operators fail. The literals' elements are plain (names,
// literals, operators, indexing): evaluating one again gives its value
// again and counts no step. The loop counts the steps the compiled loop
// counts, binds its name as it does and stops where it stops.
package setsweep

import (
	"math"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Sweeps compiles the alternatives whose option's set is swept.
type Sweeps struct{ c *compile.Compiler }

// New returns the set sweeps of compiler c.
func New(c *compile.Compiler) *Sweeps { return &Sweeps{c: c} }

// link is an operator of the chain with its literal's elements: those
// of the first part (exprs), or of the second (by, each the loop's
// element (elem) or j + k).
type link struct {
	op    lang.Op
	exprs []lang.Expr
	by    []jelem
}

// jelem is an element of a literal of the second part: j + k, the
// loop's element (elem), (inv) an expression that does not read the
// loop's names, invs[k] of the sweep (its id found once a loop), or (tab)
// one that reads them, of a loop over the set, tabs[k] of the sweep (its
// id for each element of the universe found once a universe, tables.go).
type jelem struct {
	inv  bool
	elem bool
	tab  bool
	k    int64
}

// term is a conjunct of the if clause after the loop: a test of the
// set's bit of an element (member; neg: not in), or (pred) a condition
// that reads only the loop's names, literals and globals, preds[k] of
// the sweep, found for each element of the universe once a universe.
type term struct {
	je     jelem
	neg    bool
	member bool
	k      int
}

// sweep is what SetSweep recognized.
type sweep struct {
	c     *compile.Compiler
	call  *lang.Call
	base  *lang.Ident
	links []link
	p     int // the links of the first part
	cl    *lang.ForClause
	k     int  // the loop's clause
	set   bool // the loop is over the base set
	terms []term
	invs  []lang.Expr
	tabs  []lang.Expr
	preds []lang.Expr
	ifcs  []lang.Clause          // the if clauses after the loop
	loop  map[*resolve.Decl]bool // the loop's names
	// outer: the for clause before the loop when it is over the set too,
	// its names (outerNames); tab2, pred2: the tabulated elements and
	// conditions that read them (tabulated for each pair of elements).
	outer       *lang.ForClause
	outerNames  map[*resolve.Decl]bool
	tab2, pred2 []bool
}

// SetSweep compiles alt as a sweep (see the package's doc), or returns
// nil; the string says what it is, for --explain.
func (sw *Sweeps) SetSweep(alt *lang.Alt) (func(fr *engine.Frame), string) {
	c := sw.c
	if !c.On(passes.Bitsets) || !c.On(passes.FastLoops) || !c.InFunc {
		return nil, ""
	}
	s, ok := sw.recognize(alt)
	if !ok {
		return nil, ""
	}
	return sw.compile(alt, s), "the option's set is, where it is one of up to 64 ids of its universe, swept as a word by the last loop (over " + s.cl.Target.Names[0].Name + "), each option looked up by its word"
}

// recognize reads alt as a sweep.
func (sw *Sweeps) recognize(alt *lang.Alt) (*sweep, bool) {
	c := sw.c
	call, ok := alt.Body.(*lang.Call)
	if !ok || len(call.Args) != 1 || c.GameCallee(call) == nil {
		return nil, false
	}
	s := &sweep{c: c, call: call, k: len(alt.Clauses) - 1}
	if s.k < 0 {
		return nil, false
	}
	for s.k >= 0 {
		f, isIf := alt.Clauses[s.k].(*lang.IfClause)
		if !isIf {
			break
		}
		s.ifcs, s.k = append([]lang.Clause{f}, s.ifcs...), s.k-1
	}
	if s.k < 0 {
		return nil, false
	}
	s.cl, ok = alt.Clauses[s.k].(*lang.ForClause)
	if !ok || len(s.cl.Target.Names) == 0 {
		return nil, false
	}
	s.loop = map[*resolve.Decl]bool{}
	for _, n := range s.cl.Target.Names {
		s.loop[resolve.NameDecl(n)] = true
	}
	// (A pattern of names: a loop over the set, whose elements bind them.)
	var jd *resolve.Decl
	if !s.cl.Target.Tuple && len(s.cl.Target.Names) == 1 {
		jd = resolve.NameDecl(s.cl.Target.Names[0])
	}
	// The chain: base op {..} op {..} ...
	e := call.Args[0]
	for {
		b, isBin := e.(*lang.Binary)
		if !isBin {
			break
		}
		lit, isLit := b.Y.(*lang.SetLit)
		if !isLit || len(lit.Elems) == 0 || len(lit.Elems) > 8 || b.Op != lang.OpSub && b.Op != lang.OpBitOr && b.Op != lang.OpXor {
			return nil, false
		}
		s.links = append([]link{{op: b.Op, exprs: lit.Elems}}, s.links...)
		e = b.X
	}
	s.base, ok = e.(*lang.Ident)
	if !ok || len(s.links) == 0 || s.reads(s.base) {
		return nil, false
	}
	bd := resolve.Of(s.base)
	if bd == nil || bd.Kind != resolve.Local && bd.Kind != resolve.Global {
		return nil, false
	}
	switch it := s.cl.Iter.(type) {
	case *lang.Ident:
		s.set = resolve.Of(it) == bd
		if !s.set {
			return nil, false
		}
	case *lang.Binary:
		if it.Op != lang.OpRange || jd == nil {
			return nil, false
		}
	default:
		return nil, false
	}
	if s.set {
		for i := s.k - 1; i >= 0; i-- {
			f, isFor := alt.Clauses[i].(*lang.ForClause)
			if !isFor {
				continue
			}
			if it, ok := f.Iter.(*lang.Ident); ok && resolve.Of(it) == bd {
				s.outer, s.outerNames = f, map[*resolve.Decl]bool{}
				for _, n := range f.Target.Names {
					if d := resolve.NameDecl(n); d != nil && !s.loop[d] {
						s.outerNames[d] = true
					}
				}
			}
			break
		}
	}
	// j + K, or (a loop over the set) the element itself.
	jform := func(x lang.Expr) (jelem, bool) {
		if isDecl(x, jd) {
			return jelem{elem: s.set}, true
		}
		b, ok := x.(*lang.Binary)
		if !ok {
			return jelem{}, false
		}
		if lit, ok := b.Y.(*lang.IntLit); ok && isDecl(b.X, jd) {
			switch {
			case b.Op == lang.OpAdd:
				return jelem{k: lit.Val}, true
			case b.Op == lang.OpSub && lit.Val != math.MinInt64:
				return jelem{k: -lit.Val}, true
			}
		}
		if lit, ok := b.X.(*lang.IntLit); ok && isDecl(b.Y, jd) && b.Op == lang.OpAdd {
			return jelem{k: lit.Val}, true
		}
		return jelem{}, false
	}
	// Else, of a loop over the set, an expression of the loop's names,
	// literals and globals: tabulated.
	elem := func(x lang.Expr) (jelem, bool) {
		if j, ok := jform(x); ok {
			return j, true
		}
		if ok, two := s.tabulable(x); s.set && ok {
			s.tabs, s.tab2 = append(s.tabs, x), append(s.tab2, two)
			return jelem{tab: true, k: int64(len(s.tabs) - 1)}, true
		}
		return jelem{}, false
	}
	for s.p < len(s.links) && !s.readsAny(s.links[s.p].exprs) {
		for _, x := range s.links[s.p].exprs {
			if !plain(x) {
				return nil, false
			}
		}
		s.p++
	}
	if s.p == len(s.links) {
		return nil, false
	}
	for i := s.p; i < len(s.links); i++ {
		l := &s.links[i]
		for _, x := range l.exprs {
			var j jelem
			if !s.reads(x) {
				// (A name or an int literal that does not read the loop's
				// names: its value found once a loop; neither fails.)
				switch x := x.(type) {
				case *lang.IntLit:
				case *lang.Ident:
					if d := resolve.Of(x); d == nil || d.Kind != resolve.Local && d.Kind != resolve.Global {
						return nil, false
					}
				default:
					return nil, false
				}
				j = jelem{inv: true, k: int64(len(s.invs))}
				s.invs = append(s.invs, x)
			} else if j, ok = elem(x); !ok {
				return nil, false
			}
			l.by = append(l.by, j)
		}
	}
	var conds []lang.Expr
	for _, f := range s.ifcs {
		conds = conjuncts(f.(*lang.IfClause).Cond, conds)
	}
	// Each conjunct: a test of a bit (X in S, X not in S, not (X in S)
	// for an element X of the loop's names) or, of a loop over the set,
	// a condition tabulated.
	member := func(e lang.Expr) (*lang.Binary, bool) {
		b, ok := e.(*lang.Binary)
		return b, ok && (b.Op == lang.OpIn || b.Op == lang.OpNotIn) && isDecl(b.Y, bd) && s.reads(b.X)
	}
	for _, cond := range conds {
		neg := false
		if u, ok := cond.(*lang.Unary); ok && u.Op == lang.OpNot {
			if _, ok := member(u.X); ok {
				cond, neg = u.X, true
			}
		}
		if b, ok := member(cond); ok {
			j, ok := elem(b.X)
			if !ok {
				return nil, false
			}
			s.terms = append(s.terms, term{je: j, neg: neg != (b.Op == lang.OpNotIn), member: true})
			continue
		}
		ok, two := s.tabulable(cond)
		if !s.set || !ok {
			return nil, false
		}
		s.terms = append(s.terms, term{k: len(s.preds)})
		s.preds, s.pred2 = append(s.preds, cond), append(s.pred2, two)
	}
	return s, true
}

// conjuncts appends to dst the operands of e's and (e itself when it is
// not one), left to right.
func conjuncts(e lang.Expr, dst []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return conjuncts(b.Y, conjuncts(b.X, dst))
	}
	return append(dst, e)
}

// reads reports whether e reads one of the loop's names.
func (s *sweep) reads(e lang.Expr) bool { return s.readsAny([]lang.Expr{e}) }

// readsAny reports whether one of xs reads one of the loop's names.
func (s *sweep) readsAny(xs []lang.Expr) bool {
	found := false
	for _, x := range xs {
		lang.Inspect(x, func(e lang.Expr) bool {
			if id, ok := e.(*lang.Ident); ok && s.loop[resolve.Of(id)] {
				found = true
			}
			return !found
		})
	}
	return found
}

// tabulable reports whether e reads only the loop's names, the names of
// the for clause before it over the set too (two: it does) and globals,
// with literals, operators, indexing, tuples, calls of pure built-ins
// and calls of defs inlined whose bodies are such expressions: its value
// is a function of the loop's element (and the outer one), for as long
// as the globals it reads stay, and its evaluation counts no step.
func (s *sweep) tabulable(e lang.Expr) (ok, two bool) {
	return s.pure(e, 0, &two), two
}

// pure is tabulable of e, depth defs inlined deep.
func (s *sweep) pure(e lang.Expr, depth int, two *bool) bool {
	c := s.c
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			switch d := resolve.Of(x); {
			case d == nil:
				ok = false
			case s.loop[d]:
			case s.outerNames[d]:
				*two = true
			default:
				ok = ok && d.Kind == resolve.Global
			}
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.Index, *lang.TupleLit:
		case *lang.Call:
			if bi := c.BuiltinCallee(x); bi != nil && bi.Pure && bi.Fold == nil {
				for _, a := range x.Args {
					ok = ok && s.pure(a, depth, two)
				}
				return false
			}
			if body := c.InlinedBody(x); depth < 4 && body != nil {
				ok = ok && s.pure(body, depth+1, two)
				return false
			}
			ok = false
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// isDecl reports whether e is a name that d declares.
func isDecl(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// plain reports whether evaluating e again gives its value again and
// counts no step: literals, names of locals and globals, operators,
// indexing, tuples.
func plain(e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			d := resolve.Of(x)
			ok = ok && d != nil && (d.Kind == resolve.Local || d.Kind == resolve.Global)
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.Index, *lang.TupleLit:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// compile compiles alt as the sweep s.
func (sw *Sweeps) compile(alt *lang.Alt, s *sweep) func(fr *engine.Frame) {
	c := sw.c
	outer := c.Vals.Clauses(alt.Clauses[:s.k])
	// The last loop as compiled (its name's slot the one the sweep binds;
	// the body compiled after it declares the name).
	lastLoop := c.Vals.Clauses(alt.Clauses[s.k:])
	sg := c.SG.SGExpr(s.call)
	body := func(fr *engine.Frame) {
		gn := fr.Gen
		gn.Tracing = true
		v := sg(fr)
		gn.Tracing = false
		gn.EmitSG(v)
	}
	last := lastLoop(body)
	bodyIf := body
	if len(s.ifcs) > 0 {
		bodyIf = c.Vals.Clauses(s.ifcs)(body)
	}
	slots := make([]int, len(s.cl.Target.Names))
	for i, n := range s.cl.Target.Names {
		slots[i] = c.Var(n).Slot
	}
	slot, tuple := slots[0], s.cl.Target.Tuple
	tb := s.tables(c, slots)
	gb := c.GameCallee(s.call)
	base := c.Vals.Expr(s.base)
	first := make([][]engine.EvalFn, s.p)
	for i, l := range s.links[:s.p] {
		for _, x := range l.exprs {
			first[i] = append(first[i], c.Vals.Expr(x))
		}
	}
	invs := make([]engine.EvalFn, len(s.invs))
	for i, x := range s.invs {
		invs[i] = c.Vals.Expr(x)
	}
	var lo, hi compile.IntFn
	var ipos engine.Pos
	if r, ok := s.cl.Iter.(*lang.Binary); ok {
		lo, hi = c.Ints.RangeBounds(r)
		ipos = r.Pos
	} else {
		ipos = lang.Start(s.cl.Iter)
	}
	links := s.links[s.p:]
	terms, tab2, pred2 := s.terms, s.tab2, s.pred2
	return outer(func(fr *engine.Frame) {
		g := gb.Game
		v := base(fr)
		var u *value.Universe
		var x0 uint64
		ok := v.K == value.KSet && g.NArgs == 1 && g.Tuples == nil
		if ok {
			var w []uint64
			u, w, ok = value.UniWords(v)
			ok = ok && len(w) <= 1 && u == g.Universe(0)
			if ok && len(w) == 1 {
				x0 = w[0]
			}
		}
		var tt *tables
		var outerAt int // (64 times the outer element's id)
		if ok && tb != nil {
			tt = tb.of(fr, u)
			ok = tt.ok
			if ok && tb.two {
				var a int
				a, ok = tb.outerID(fr, u)
				outerAt = 64 * a
			}
		}
		if !ok {
			last(fr)
			return
		}
		// The first part, once a loop (at the first move that gets to it).
		var pre uint64
		var invIDs [8]int // (at most 8 elements a literal: a few literals)
		ids := invIDs[:0]
		state := 0 // 1: pre and ids known; 2: the words give up
		// id is the id of an element of a literal of the second part
		// (false: none, or j + k past the ints, which the compiled move
		// fails on).
		id := func(j int64, je jelem, bit int, intJ bool) (t int, in, ok bool) {
			if je.elem {
				return bit, true, true
			}
			if je.inv {
				t = ids[je.k]
				return t, t >= 0, true
			}
			if je.tab {
				switch t := int(tt.ids[je.k][entry(tab2[je.k], outerAt, bit)]); t {
				case noID:
					return 0, false, true
				case failed:
					return 0, false, false
				default:
					return t, true, true
				}
			}
			if !intJ {
				return 0, false, false // (x + K of an element that is not an int)
			}
			if je.k > 0 && j > math.MaxInt64-je.k || je.k < 0 && j < math.MinInt64-je.k {
				return 0, false, false
			}
			t, in = u.ID(value.Int(j + je.k))
			return t, in, true
		}
		move := func(fr *engine.Frame, j int64, bit int, intJ bool) {
			for _, tm := range terms {
				if !tm.member {
					switch tt.preds[tm.k][entry(pred2[tm.k], outerAt, bit)] {
					case 0:
						return // (the if clause fails: no move)
					case failed:
						bodyIf(fr)
						return
					}
					continue
				}
				t, in, ok := id(j, tm.je, bit, intJ)
				if !ok {
					bodyIf(fr)
					return
				}
				if in = in && t < 64 && x0>>t&1 != 0; in == tm.neg {
					return // (the if clause fails: no move)
				}
			}
			if state == 0 {
				state = 2
				if p, ok := applyFirst(fr, u, x0, s.links[:s.p], first); ok {
					pre, state = p, 1
					for _, f := range invs {
						t, in := u.ID(f(fr))
						if !in {
							t = -1
						}
						ids = append(ids, t)
					}
				}
			}
			if state == 1 {
				w, ok := pre, true
				for i := 0; ok && i < len(links); i++ {
					l := &links[i]
					var toggle uint64 // (^: the literal's set, each element once)
					for _, je := range l.by {
						t, in, fine := id(j, je, bit, intJ)
						if !fine {
							ok = false
							break
						}
						if !in {
							if l.op != lang.OpSub {
								ok = false
								break
							}
							continue
						}
						if t >= 64 {
							ok = false
							break
						}
						switch l.op {
						case lang.OpSub:
							w &^= 1 << t
						case lang.OpBitOr:
							w |= 1 << t
						default:
							toggle |= 1 << t
						}
					}
					w ^= toggle
				}
				if ok && w != 0 {
					gn := fr.Gen
					if st, found := g.Keys.DirectOf(w); found {
						gn.EmitSG(memo.ValueOf(st)) // (what Lookup finds)
						return
					}
					if word, n, ok := value.UniKeyWord1(w); ok {
						gn.Tracing = true
						v := gn.Lookup(g, g.InternWord(word, n))
						gn.Tracing = false
						gn.EmitSG(v)
						return
					}
				}
			}
			bodyIf(fr)
		}
		th := fr.Th
		if s.set {
			// (comprun.Uni's order and steps.)
			at := func(id int) bool {
				th.Tick(ipos)
				x := u.Elem(id)
				bind(fr, x, slots, tuple) // (a pattern: the tables found it binds)
				move(fr, x.N, id, x.K == value.KInt)
				return !fr.Stop
			}
			// (The elements the tables rule out count their steps, in
			// their places.)
			keep := ^uint64(0)
			if tt != nil {
				keep = tt.keep[min(outerAt/64, len(tt.keep)-1)]
			}
			if order := u.Order(); order != nil {
				pending := int64(0)
				for _, id := range order {
					if id >= 64 || x0>>id&1 == 0 {
						continue
					}
					if keep>>id&1 == 0 {
						pending++
						continue
					}
					if pending > 0 {
						th.Ticks(ipos, pending)
						pending = 0
					}
					if !at(int(id)) {
						return
					}
				}
				th.Ticks(ipos, pending)
				return
			}
			skipped := x0 &^ keep
			for x := x0 & keep; x != 0; x &= x - 1 {
				b := bits.TrailingZeros64(x)
				if below := skipped & (1<<b - 1); below != 0 {
					th.Ticks(ipos, int64(bits.OnesCount64(below)))
					skipped &^= below
				}
				if !at(b) {
					return
				}
			}
			if skipped != 0 {
				th.Ticks(ipos, int64(bits.OnesCount64(skipped)))
			}
			return
		}
		a, z := lo(fr), hi(fr)
		for j := a; j <= z; j++ {
			th.Tick(ipos)
			fr.Slots[slot] = value.Value{K: value.KInt, N: j}
			move(fr, j, 0, true)
			if fr.Stop || j == z {
				return
			}
		}
	})
}

// applyFirst is the word x with the first part's links applied (their
// elements' values from first); false where an element the universe
// lacks meets | or ^, or an id is past the word.
func applyFirst(fr *engine.Frame, u *value.Universe, x uint64, links []link, first [][]engine.EvalFn) (uint64, bool) {
	for i, l := range links {
		var toggle uint64 // (^: the literal's set, each element once)
		for _, f := range first[i] {
			t, in := u.ID(f(fr))
			switch {
			case !in && l.op == lang.OpSub:
				continue
			case !in || t >= 64:
				return 0, false
			}
			switch l.op {
			case lang.OpSub:
				x &^= 1 << t
			case lang.OpBitOr:
				x |= 1 << t
			default:
				toggle |= 1 << t
			}
		}
		x ^= toggle
	}
	return x, true
}
