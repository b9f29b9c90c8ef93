package bitlists

import (
	"math"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A sweep: the last loop of an alternative whose option is a position of
// an update chain (yielded), run as one loop on words. The loop is a for
// clause over a range of j, maybe followed by an if clause that tests a
// bit of the chain's list, b[j + K] == L (or !=); the chain is a first
// part whose links do not read j (evaluated once a loop, at its first
// value of j, as the first move evaluates them), then links that put at
// j + K the int 0 or 1, b[j + K'] or L - b[j + K'] (b the chain's list,
// K, K' and L int literals). Turning Turtles,
//
//	tt(update(update(b, i, 0), j, 1 - b[j])) for ... for j in 0 .. i - 1
//
// is, for each j, the word of b with bit i cleared (once) and bit j put
// to the complement of b's bit j, keyed from the word (memo's table of
// short lists by their bits first): no closure of the chain's parts runs
// per move. A value of j for which an index is not one of the list's, or
// an element is not 0 or 1, runs the loop's body as compiled (which
// fails where the calls fail, or makes the list); so does every value of
// j when the first part gives up, or the list is not bits.

// sweepTo is what a link of the second part puts: the literal x, or (bit)
// the element of b at j + k, (neg) lit minus it, (not) not it, or (x, y
// not nil) x if the element equals a (is not: ne; bare: the element
// itself is the condition, a true), else y.
type sweepTo struct {
	bit, neg, ne, not, bare bool
	cur                     bool // (the element of the chain so far: pw)
	lit, k                  int64
	x, y, a                 lang.Expr
}

// trueLit is the literal a bare b[j + K] is tested against (bools.go).
var trueLit = &lang.BoolLit{Val: true}

// tab is what the link puts over ab (2: not an element of the bits), by
// the bit the element at j + k holds (not read: both the same).
func (t *sweepTo) tab(ab pair) [2]uint64 {
	switch {
	case !t.bit:
		x := litBit(t.x, ab)
		return [2]uint64{x, x}
	case t.neg:
		if ab != (pair{}) {
			return [2]uint64{2, 2}
		}
		return [2]uint64{min(uint64(t.lit), 2), min(uint64(t.lit)-1, 2)}
	case t.not:
		if !ab.bools {
			return [2]uint64{2, 2}
		}
		return [2]uint64{1, 0}
	case t.x != nil:
		// (The element is the bit's int, or character: equal to a
		// literal exactly where the literal is that bit's.)
		a, out := litBit(t.a, ab), [2]uint64{}
		for v := range out {
			out[v] = litBit(t.y, ab)
			if (a == uint64(v)) != t.ne {
				out[v] = litBit(t.x, ab)
			}
		}
		return out
	}
	return [2]uint64{0, 1}
}

// sweepLink is a link of the second part: at j + at, the element to.
type sweepLink struct {
	at int64
	to sweepTo
}

// maxSweepLinks bounds the links of a sweep's second part.
const maxSweepLinks = 4

// sweepTest is the if clause: b[j + k] == lit (eq) or != lit (an int,
// string or bool literal; n an int's value), or (bare) b[j + k] (eq, lit
// true) or not b[j + k] (lit true).
type sweepTest struct {
	k, n     int64
	lit      lang.Expr
	eq, bare bool
}

// sweepParts reads chain ch and test cond (nil: none) as a sweep over j
// (the name jd declares), whose list is the name bd declares: the count
// of links of the first part, those of the second, and the test.
func sweepParts(ch *chain, jd *resolve.Decl, cond lang.Expr) (p int, links []sweepLink, test *sweepTest, ok bool) {
	isDecl := func(e lang.Expr, d *resolve.Decl) bool {
		id, ok := e.(*lang.Ident)
		return ok && d != nil && resolve.Of(id) == d
	}
	base, isID := ch.base.(*lang.Ident)
	if !isID || isDecl(base, jd) {
		return 0, nil, nil, false
	}
	bd := resolve.Of(base)
	readsJ := func(e lang.Expr) bool {
		found := false
		lang.Inspect(e, func(x lang.Expr) bool {
			found = found || isDecl(x, jd)
			return !found
		})
		return found
	}
	// j + K: j, j + K, K + j, j - K.
	offset := func(e lang.Expr) (int64, bool) {
		if isDecl(e, jd) {
			return 0, true
		}
		b, ok := e.(*lang.Binary)
		if !ok {
			return 0, false
		}
		if lit, ok := b.Y.(*lang.IntLit); ok && isDecl(b.X, jd) {
			switch b.Op {
			case lang.OpAdd:
				return lit.Val, true
			case lang.OpSub:
				if lit.Val != math.MinInt64 {
					return -lit.Val, true
				}
			}
		}
		if lit, ok := b.X.(*lang.IntLit); ok && isDecl(b.Y, jd) && b.Op == lang.OpAdd {
			return lit.Val, true
		}
		return 0, false
	}
	// b[j + K].
	elem := func(e lang.Expr) (int64, bool) {
		ix, ok := e.(*lang.Index)
		if !ok || !isDecl(ix.X, bd) {
			return 0, false
		}
		return offset(ix.Index)
	}
	for _, l := range ch.links {
		if l.fold != nil || l.mask != nil {
			return 0, nil, nil, false // (read where it runs: folds.go, maskedits.go)
		}
	}
	for p < len(ch.links) && !readsJ(ch.links[p].at) && !readsJ(ch.links[p].to) {
		p++
	}
	if p == len(ch.links) {
		return 0, nil, nil, false
	}
	if len(ch.links)-p > maxSweepLinks {
		return 0, nil, nil, false
	}
	for i, l := range ch.links[p:] {
		if l.rng != nil {
			return 0, nil, nil, false
		}
		at, ok := offset(l.at)
		if !ok {
			return 0, nil, nil, false
		}
		// (The first link of this part may read the chain so far, the
		// first part's: its bits, pw.)
		inCall := false
		if _, isCall := l.in.(*lang.Call); isCall && i == 0 {
			inCall = true
		}
		cur := false
		elemIn := func(e lang.Expr) (int64, bool) {
			if ix, ok := e.(*lang.Index); ok && inCall && ir.Same(ix.X, l.in) {
				cur = true
				return offset(ix.Index)
			}
			return elem(e)
		}
		to, ok := toOf(l.to, elemIn)
		if !ok {
			return 0, nil, nil, false
		}
		to.cur = cur
		links = append(links, sweepLink{at, to})
	}
	if cond != nil {
		k, lit, eq, bare, ok := elemTest(cond, elem)
		if !ok {
			return 0, nil, nil, false
		}
		test = &sweepTest{k: k, lit: lit, eq: eq, bare: bare}
		if l, ok := lit.(*lang.IntLit); ok {
			test.n = l.Val
		}
	}
	return p, links, test, true
}

// elemTest reads e as b[j + K] == L or != L, either way round (L an
// int, string or bool literal), or a bare b[j + K] or not b[j + K]
// (bare: the test of a list of bools), elem reading b[j + K].
func elemTest(e lang.Expr, elem func(lang.Expr) (int64, bool)) (k int64, lit lang.Expr, eq, bare, ok bool) {
	eq = true
	if u, isNot := e.(*lang.Unary); isNot && u.Op == lang.OpNot {
		e, eq = u.X, false
	}
	if _, isIx := e.(*lang.Index); isIx {
		k, ok = elem(e)
		return k, trueLit, eq, true, ok
	}
	b, isBin := e.(*lang.Binary)
	if !isBin || !eq || b.Op != lang.OpEq && b.Op != lang.OpNe {
		return 0, nil, false, false, false
	}
	x, y := b.X, b.Y
	if isLit(x) {
		x, y = y, x
	}
	k, isElem := elem(x)
	return k, y, b.Op == lang.OpEq, false, isElem && isLit(y)
}

// toOf reads e, the element a link puts, as a sweepTo, elem reading
// b[j + K].
func toOf(e lang.Expr, elem func(lang.Expr) (int64, bool)) (to sweepTo, ok bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		to.x, to.lit = e, e.Val
	case *lang.StrLit, *lang.BoolLit:
		to.x = e
	case *lang.IfExpr:
		k, a, eq, bare, isTest := elemTest(e.Cond, elem)
		if !isTest || !isLit(e.Then) || !isLit(e.Else) {
			return to, false
		}
		to = sweepTo{bit: true, k: k, a: a, ne: !eq, bare: bare, x: e.Then, y: e.Else}
	case *lang.Unary:
		if e.Op != lang.OpNot {
			return to, false
		}
		if to.k, ok = elem(e.X); !ok {
			return to, false
		}
		to.bit, to.not = true, true
	case *lang.Index:
		if to.k, ok = elem(e); !ok {
			return to, false
		}
		to.bit = true
	case *lang.Binary:
		lit, isLit := e.X.(*lang.IntLit)
		if e.Op != lang.OpSub || !isLit {
			return to, false
		}
		if to.k, ok = elem(e.Y); !ok {
			return to, false
		}
		to.bit, to.neg, to.lit = true, true, lit.Val
	default:
		return to, false
	}
	return to, true
}

// isLit reports whether e is an int, string or bool literal.
func isLit(e lang.Expr) bool {
	switch e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	}
	return false
}

// sweep compiles the loop of cl (a for clause over a range; ifc its if
// clause or nil) as a sweep of chain ch's bits, with p links in its first
// part, links and test its second part and test; body is a move as
// compiled (the loop's body: run where the words give up), keyed the
// lookup of a position by its bits, bodyIf the body behind the if clause
// as compiled.
func (bs *Binds) sweep(cl *lang.ForClause, ch *chain, p int, links []sweepLink, test *sweepTest, bodyIf func(fr *engine.Frame), gb *engine.Binding, keyed func(fr *engine.Frame, b bits) memo.Sgv) func(fr *engine.Frame) {
	c := bs.c
	r := cl.Iter.(*lang.Binary)
	lo, hi := c.Ints.RangeBounds(r)
	rpos := r.Pos
	slot := c.Var(cl.Target.Names[0]).Slot
	first := bs.linkFns(ch, ch.links[:p])
	base := c.Vals.Expr(ch.base)
	bslot := c.LocalSlot(ch.base)
	cache := &baseCache{}
	// list is the bits of the list; prefix puts the first part's links
	// in them. Each gives up with false.
	list := func(fr *engine.Frame, _ bits) (bits, bool) {
		var v value.Value
		if bslot >= 0 {
			v = fr.Slots[bslot]
		} else if x, ok := baseSafe(fr, base); ok {
			v = x
		} else {
			return bits{}, false
		}
		var ab pair
		if v.K == value.KStr {
			ab = pairOf(gb)
		}
		return cache.of(v, ab, kindList) // (a tuple: not swept)
	}
	prefix := func(fr *engine.Frame, b bits) (bits, bool) { return applySafe(fr, first, b) }
	if !strForms(links, test) {
		return sweepList(lo, hi, rpos, slot, p, links, test, bodyIf, gb, keyed, list, prefix)
	}
	// What each link puts, and (at maxSweepLinks) the bit the test's
	// literal is, over the pair of a list (the same for every loop) and of
	// the strings last read (the pair of gb's game: the same once it has
	// one, read before a loop uses it).
	type tabs [maxSweepLinks + 1][2]uint64
	tabsOf := func(t *tabs, ab pair) {
		for i := range links {
			t[i] = links[i].to.tab(ab)
		}
		t[maxSweepLinks][0] = 2
		if test != nil {
			t[maxSweepLinks][0] = litBit(test.lit, ab)
		}
	}
	var listTabs, boolTabs, strTabs tabs
	var strPair pair
	tabsOf(&listTabs, pair{})
	tabsOf(&boolTabs, pair{bools: true})
	// (A bare element as a test, or not of one: a list of bools' only;
	// any other list runs the loop as compiled, which fails there.)
	boolsOnly := test != nil && test.bare
	for _, l := range links {
		boolsOnly = boolsOnly || l.to.not || l.to.bare
	}
	return func(fr *engine.Frame) {
		a, z := lo(fr), hi(fr)
		th := fr.Th
		// The list's bits ow, of n elements (ab: a string's), and the
		// first part put (pw).
		var ow, pw, n uint64
		var ab pair
		tb := &listTabs
		g := gb.Game
		byBits := g.NArgs == 1 && g.Tuples == nil // (keyLookup's test)
		// The list read (1), and the first part put (2); the words give up
		// for this loop (3).
		state := 0
		var seen uint64 // (as in sweepList)
		var edges int64
		for j := a; j <= z; j++ {
			th.Tick(rpos)
			fr.Slots[slot] = value.Value{K: value.KInt, N: j}
			if state == 0 {
				state = 3
				if b, ok := list(fr, bits{}); ok && (b.ab.bools || !boolsOnly) {
					ow, n, ab, state = b.w, uint64(b.n), b.ab, 1
					if b.ab.bools {
						tb = &boolTabs
					}
					if b.ab.str {
						if b.ab != strPair {
							strPair = b.ab
							tabsOf(&strTabs, b.ab)
						}
						tb = &strTabs
					}
				}
			}
			moved := false
			if state < 3 {
				ok := true
				if test != nil {
					if x := uint64(j + test.k); x >= n {
						ok = false
					} else if (ow>>x&1 == tb[maxSweepLinks][0]) != test.eq {
						// (The if clause fails: no move.)
						if fr.Stop || j == z {
							putSeen(fr.Gen, seen, edges)
							return
						}
						continue
					}
				}
				if ok && state == 1 {
					// (Where the first move evaluates the chain.)
					state = 3
					var pre bits
					if pre, ok = prefix(fr, bits{w: ow, n: int16(n), ab: ab}); ok {
						pw = pre.w
						state = 2
					}
				}
				w := pw
				for i := 0; ok && i < len(links); i++ {
					l := &links[i]
					at := uint64(j + l.at)
					to := tb[i][0]
					if l.to.bit {
						x := uint64(j + l.to.k)
						if x >= n {
							ok = false
							break
						}
						src := ow
						if l.to.cur {
							src = pw
						}
						to = tb[i][src>>x&1]
					}
					if at >= n || to > 1 {
						ok = false
						break
					}
					w = w&^(1<<at) | to<<at
				}
				if ok {
					gn := fr.Gen
					var st int32
					found := false
					if byBits {
						switch {
						case ab.str:
							st, found = strFinal(g, w, int(n))
						case ab.bools:
							st, found = boolFinal(g, w, int(n))
						default:
							st, found = g.Keys.DirectListOf(w, int(n))
						}
					}
					if v := memo.ValueOf(st); found && v >= 0 && v < 64 {
						// (What keyed finds.)
						seen |= 1 << v
						edges++
					} else if found {
						gn.EmitSG(v)
					} else {
						putSeen(gn, seen, edges)
						seen, edges = 0, 0
						gn.Tracing = true
						v := keyed(fr, bits{w: w, n: int16(n), ab: ab})
						gn.Tracing = false
						gn.EmitSG(v)
					}
					moved = true
				}
			}
			if !moved {
				putSeen(fr.Gen, seen, edges)
				seen, edges = 0, 0
				bodyIf(fr)
			}
			if fr.Stop || j == z {
				putSeen(fr.Gen, seen, edges)
				return
			}
		}
	}
}

// strForms reports whether a sweep's links or test have a string or bool
// literal, an if expression or not: the elements of a string's or a list
// of bools' bits (sweepList sweeps only lists of 0s and 1s).
func strForms(links []sweepLink, test *sweepTest) bool {
	for _, l := range links {
		if _, isInt := l.to.x.(*lang.IntLit); l.to.x != nil && !isInt || l.to.a != nil || l.to.not {
			return true
		}
	}
	if test != nil {
		_, isInt := test.lit.(*lang.IntLit)
		return !isInt
	}
	return false
}

// sweepList is the loop of a sweep whose links and test are of lists
// (strForms false; sweep's, one comparison and arithmetic a bit): a
// string read gives up.
//
//go:noinline
func sweepList(lo, hi compile.IntFn, rpos engine.Pos, slot, p int, links []sweepLink, test *sweepTest, bodyIf func(fr *engine.Frame), gb *engine.Binding, keyed func(fr *engine.Frame, b bits) memo.Sgv, list, prefix func(*engine.Frame, bits) (bits, bool)) func(fr *engine.Frame) {
	return func(fr *engine.Frame) {
		a, z := lo(fr), hi(fr)
		th := fr.Th
		var ow, pw, n uint64 // (the list's bits, of n elements; the first part put)
		g := gb.Game
		byBits := g.NArgs == 1 && g.Tuples == nil // (keyLookup's test)
		// The list read (1), and the first part put (2); the words give up
		// for this loop (3).
		state := 0
		// The values below 64 found in the direct table, and how many,
		// put into the generator at once (before anything else runs).
		var seen uint64
		var edges int64
		// (The loop's variable is put in its slot before anything of the
		// rule's runs, and at the end: not for each move.)
		put := func(j int64) { fr.Slots[slot] = value.Value{K: value.KInt, N: j} }
		for j := a; j <= z; j++ {
			if th.Steps++; th.Steps >= th.CheckAt {
				th.CheckLimits(rpos) // (Tick)
			}
			if state == 0 {
				put(j)
				state = 3
				if b, ok := list(fr, bits{}); ok && b.ab == (pair{}) {
					ow, n, state = b.w, uint64(b.n), 1
				}
			}
			moved := false
			if state < 3 {
				ok := true
				if test != nil {
					if x := uint64(j + test.k); x >= n {
						ok = false
					} else if (ow>>x&1 == uint64(test.n)) != test.eq {
						// (The if clause fails: no move.)
						if fr.Stop || j == z {
							put(j)
							putSeen(fr.Gen, seen, edges)
							return
						}
						continue
					}
				}
				if ok && state == 1 {
					// (Where the first move evaluates the chain.)
					state = 3
					var pre bits
					put(j)
					if pre, ok = prefix(fr, bits{w: ow, n: int16(n)}); ok {
						pw, state = pre.w, 2
					}
				}
				w := pw
				for i := 0; ok && i < len(links); i++ {
					l := &links[i]
					at := uint64(j + l.at)
					to := uint64(l.to.lit)
					if l.to.bit {
						x := uint64(j + l.to.k)
						if x >= n {
							ok = false
							break
						}
						src := ow
						if l.to.cur {
							src = pw
						}
						if to = src >> x & 1; l.to.neg {
							to = uint64(l.to.lit) - to
						}
					}
					if at >= n || to > 1 {
						ok = false
						break
					}
					w = w&^(1<<at) | to<<at
				}
				if ok {
					gn := fr.Gen
					if st, found := g.Keys.DirectListOf(w, int(n)); found && byBits {
						// (What keyed finds.)
						if v := memo.ValueOf(st); v >= 0 && v < 64 {
							seen |= 1 << v
							edges++
						} else {
							gn.EmitSG(v)
						}
					} else {
						put(j)
						putSeen(gn, seen, edges)
						seen, edges = 0, 0
						gn.Tracing = true
						v := keyed(fr, bits{w: w, n: int16(n)})
						gn.Tracing = false
						gn.EmitSG(v)
					}
					moved = true
				}
			}
			if !moved {
				put(j)
				putSeen(fr.Gen, seen, edges)
				seen, edges = 0, 0
				bodyIf(fr)
			}
			if fr.Stop || j == z {
				put(j)
				putSeen(fr.Gen, seen, edges)
				return
			}
		}
	}
}

// putSeen puts into gn the values below 64 of seen, edges options.
func putSeen(gn *engine.Gen, seen uint64, edges int64) {
	if edges == 0 {
		return
	}
	gn.E.Edges += edges
	if len(gn.Bits) == 0 {
		gn.Bits = append(gn.Bits, 0)
	}
	gn.Bits[0] |= seen
}

// strFinal is the final state of the position of g whose one argument is
// the string of n characters the bits w hold, when its key is kept by its
// bits or is recent (memo's FinalWord).
//
//go:noinline
func strFinal(g *engine.Game, w uint64, n int) (int32, bool) {
	if word, nb, short := strKeyWord(w, n); short {
		return g.Keys.FinalWord(word, nb)
	}
	return 0, false
}
