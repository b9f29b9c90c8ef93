package emit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/clauses"
	"github.com/grundy-lang/grundy/internal/emit/glue"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The fast loop of a move rule: an alternative whose last for clause is
// a range `for i in LO .. HI` (only if clauses after it) and whose option
// is a position, or a sum of positions, of games of int arguments, each
// argument affine in i (c*i + the rest, the rest not depending on i: the
// planner's affine analysis, package ir). Before the loop it checks once
// that every argument stays inside its game's table for all of LO .. HI;
// then each option is two loads and an xor, the general way (positions
// not known yet, values too large) taken only where a value read is not
// a finite SG value.

type fastLoop struct {
	at    int // the index of the range clause
	rng   *ir.Range
	el    *ir.Elems    // or: a for clause over a list or set of ints
	inv   []*ir.Filter // if clauses that do not read i: tested once
	per   []*ir.Filter // if clauses that read i: tested for each i
	all   []*ir.Filter // all of them, in order
	terms []fastTerm
}

type fastTerm struct {
	gm   *gameInfo
	args []ir.Affine
}

// fastPlan recognizes a fast loop in query q (its option: body).
func (g *gen) fastPlan(q *ir.Query, body lang.Expr) *fastLoop {
	at := -1
	for i := len(q.Clauses) - 1; i >= 0; i-- {
		if _, ok := q.Clauses[i].(*ir.Filter); ok {
			continue
		}
		if _, ok := q.Clauses[i].(*ir.Range); ok {
			at = i
		}
		if el, ok := q.Clauses[i].(*ir.Elems); ok && !el.Pat.Tuple {
			if t := g.types[el.Coll]; t != nil && (t.is(kList) || t.is(kSet)) && t.elemOf().is(kInt) {
				at = i
			}
		}
		break
	}
	if at < 0 {
		return nil
	}
	fl := &fastLoop{at: at}
	var iv *resolve.Decl
	if r, ok := q.Clauses[at].(*ir.Range); ok {
		fl.rng = r
		iv = resolve.NameDecl(r.Var)
	} else {
		fl.el = q.Clauses[at].(*ir.Elems)
		iv = resolve.NameDecl(fl.el.Pat.Names[0])
	}
	for _, cl := range q.Clauses[at+1:] {
		f := cl.(*ir.Filter)
		fl.all = append(fl.all, f)
		if clauses.Mentions(f.Cond, iv) {
			fl.per = append(fl.per, f)
		} else {
			fl.inv = append(fl.inv, f)
		}
	}
	isVar := func(id *lang.Ident) bool {
		d := resolve.Of(id)
		if d == nil || (d.Kind != resolve.Local && d.Kind != resolve.Global) {
			return false
		}
		if g.intVars[d] || d == iv {
			return true
		}
		t, ok := g.decls[d]
		return ok && t.is(kInt)
	}
	var walk func(x lang.Expr) bool
	walk = func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Binary:
			return x.Op == lang.OpAdd && walk(x.X) && walk(x.Y)
		case *lang.Call:
			_, gm, _ := g.callee(x)
			if gm == nil || !gm.isBox() {
				return false
			}
			t := fastTerm{gm: gm}
			for _, a := range x.Args {
				af, ok := ir.AffineOf(a, isVar)
				if !ok {
					return false
				}
				t.args = append(t.args, af)
			}
			fl.terms = append(fl.terms, t)
			return true
		}
		return false
	}
	if !walk(body) || len(fl.terms) == 0 || len(fl.terms) > 4 {
		return nil
	}
	return fl
}

// affineRest is the C++ __int128 expression of an affine form without
// its term in iv, and iv's coefficient.
func (g *gen) affineRest(a ir.Affine, iv *resolve.Decl) (string, int64) {
	var parts []string
	var ds []*resolve.Decl
	for d := range a.Coef {
		if d != iv {
			ds = append(ds, d)
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].Pos.Offset < ds[j].Pos.Offset })
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("(__int128)%s * %s", glue.Int(a.Coef[d]), g.varName(d)))
	}
	parts = append(parts, fmt.Sprintf("(__int128)%s", glue.Int(a.Const)))
	return strings.Join(parts, " + "), a.Coef[iv]
}

// fastArg is an argument c*i + rest of a position in a fast loop: the
// rest as an int64 expression (a name, a literal, or a local computed
// before the loop) and as an __int128 one (for the tests of the bounds).
type fastArg struct {
	c          int64
	rest, r128 string
}

// expr is the argument for the loop variable named i.
func (a fastArg) expr(i string) string {
	switch {
	case a.c == 0:
		return a.rest
	case a.c == 1 && a.rest == "0LL":
		return i
	case a.c == 1:
		return "(" + a.rest + " + " + i + ")"
	case a.c == -1:
		return "(" + a.rest + " - " + i + ")"
	}
	return fmt.Sprintf("(%s + %s * %s)", a.rest, glue.Int(a.c), i)
}

// fastArgs computes before the loop the rests of the arguments of the
// terms of fl (the loop variable iv).
func (g *gen) fastArgs(fl *fastLoop, iv *resolve.Decl) [][]fastArg {
	w := g.w
	out := make([][]fastArg, len(fl.terms))
	for ti, t := range fl.terms {
		for _, a := range t.args {
			c := a.Coef[iv]
			var simple string
			switch {
			case len(a.Coef) == 0 || len(a.Coef) == 1 && c != 0:
				simple = glue.Int(a.Const)
			case len(a.Coef) == 1 || len(a.Coef) == 2 && c != 0:
				if a.Const == 0 {
					for d, k := range a.Coef {
						if d != iv && k == 1 {
							simple = g.varName(d)
						}
					}
				}
			}
			if simple != "" {
				out[ti] = append(out[ti], fastArg{c, simple, "(__int128)" + simple})
				continue
			}
			r, _ := g.affineRest(a, iv)
			r128, r64 := g.tmp("r"), g.tmp("s")
			w.line("const __int128 %s = %s;", r128, r)
			w.line("const rt::i64 %s = (rt::i64)%s;", r64, r128)
			out[ti] = append(out[ti], fastArg{c, r64, r128})
		}
	}
	return out
}

// fastGames is the games of the terms of fl, each once.
func fastGames(fl *fastLoop) []*gameInfo {
	var out []*gameInfo
	seen := map[*gameInfo]bool{}
	for _, t := range fl.terms {
		if !seen[t.gm] {
			seen[t.gm] = true
			out = append(out, t.gm)
		}
	}
	return out
}

// fastTables writes (decl) or refreshes the locals that hold the tables
// of the games of a fast loop, and the mex's flags.
type fastTables struct {
	cells  map[*gameInfo]string
	dims   map[*gameInfo][]string
	wd, sn string // the mex's flags, how many values they hold
	bits   string // the values below 64 the tight loop has set
	// flagsMode: the tight loop being written sets flags (the mex has a
	// region), else bits
	flagsMode bool
}

func (g *gen) fastTables(games []*gameInfo, ft *fastTables) {
	w := g.w
	decl := ft.cells == nil
	if decl {
		ft.cells, ft.dims = map[*gameInfo]string{}, map[*gameInfo][]string{}
		ft.wd, ft.sn = g.tmp("fl"), g.tmp("sn")
	}
	for _, gm := range games {
		pre, dpre := "", ""
		if decl {
			pre, dpre = "const rt::Cell* ", "rt::i64 "
			ft.cells[gm] = g.tmp("cells")
			for k := 0; k < len(gm.params); k++ {
				ft.dims[gm] = append(ft.dims[gm], g.tmp("dim"))
			}
		}
		w.line("%s%s = memo_%s.cells.data();", pre, ft.cells[gm], gm.cname)
		for k := 0; k < len(gm.params); k++ {
			w.line("%s%s = memo_%s.dim[%d];", dpre, ft.dims[gm][k], gm.cname, k)
			if decl {
				w.line("(void)%s;", ft.dims[gm][k])
			}
		}
	}
	if decl {
		w.line("uint8_t* %s = _mx.flags();", ft.wd)
		w.line("rt::u64 %s = _mx.n();", ft.sn)
	} else {
		w.line("%s = _mx.flags();", ft.wd)
		w.line("%s = _mx.n();", ft.sn)
	}
}

// add writes the adding of the xor of the values vals (cells as unsigned
// 16 bits, of the parts of an option) to the mex in a tight loop: its bit, or its flag
// once the mex has a region; a value not known (negative) or too large
// leaves the loop.
func (ft *fastTables) add(w *writer, vals []string) {
	x := strings.Join(vals, " ^ ")
	if len(vals) > 1 {
		x = "(" + x + ")"
	}
	if !ft.flagsMode {
		// a value not known is negative: as unsigned, it is 64 or more
		// with any part that is (a part from 64 up with their sum below
		// goes the general way too)
		or := strings.Join(vals, " | ")
		if len(vals) > 1 {
			or = "(" + or + ")"
		}
		w.line("if (%s >= 64u) break;  // not known, or large", or)
		w.line("%s = rt::setbit(%s, %s);", ft.bits, ft.bits, x)
		return
	}
	// (a cell not known is negative: 32768 or more as unsigned 16 bits,
	// which the test's bound is not)
	if len(vals) > 1 {
		// the flags' size a power of two: the parts are below it (and
		// known) if their or is, and so is their xor
		w.line("if ((%s) >= rt::cellcap(%s)) break;  // not known, or large", strings.Join(vals, " | "), ft.sn)
	} else {
		w.line("if (%s >= rt::cellcap(%s)) break;  // not known, or large", x, ft.sn)
	}
	w.line("%s[%s] = 1;", ft.wd, x)
}

// twice writes a tight loop (gen) for each way the mex takes values: as
// bits while it has no region (n() is 64), as flags once it has.
func (ft *fastTables) twice(w *writer, gen func()) {
	w.open("if (%s == 64) {", ft.sn)
	ft.flagsMode = false
	gen()
	w.close("} else {")
	w.ind++
	ft.flagsMode = true
	gen()
	w.close("}")
}

// cellRead is the read of a cell as unsigned 16 bits in a tight loop (for
// a sum's parts, through rt::cellu: the compiler would narrow their or and
// xor to 16 bits and extend them again).
func cellRead(cells, idx string, parts int) string {
	if parts > 1 {
		return fmt.Sprintf("rt::cellu(&%s[%s])", cells, idx)
	}
	return fmt.Sprintf("(uint16_t)%s[%s]", cells, idx)
}

// begin declares the bits a tight loop sets (the values below 64), given
// to the mex by end when the loop is left.
func (ft *fastTables) begin(g *gen) {
	ft.bits = g.tmp("bits")
	g.w.line("rt::u64 %s = 0;", ft.bits)
}

func (ft *fastTables) end(w *writer) {
	w.line("_mx.bits |= %s;", ft.bits)
}

// index is the cell of a position of gm with arguments as in its table.
func (ft *fastTables) index(gm *gameInfo, as []string) string {
	idx := ""
	for ai, a := range as {
		if ai == 0 {
			idx = a
		} else {
			if ai > 1 {
				idx = "(" + idx + ")"
			}
			idx = fmt.Sprintf("%s * %s + %s", idx, ft.dims[gm][ai], a)
		}
	}
	return idx
}

// fastRange writes the fast loop fl of the rule being written: the
// range clause, its if clauses and the option, body.
func (g *gen) fastRange(fl *fastLoop, body lang.Expr) {
	if fl.el != nil {
		g.fastElems(fl, body)
		return
	}
	w := g.w
	iv := resolve.NameDecl(fl.rng.Var)
	lo, hi := g.intOp(fl.rng.Lo, fl.rng.Hi, "..")
	loN, endN := g.tmp("lo"), g.tmp("end")
	w.open("{")
	w.line("const rt::i64 %s = %s, %s = %s;", loN, lo, endN, hi)
	w.open("if (%s <= %s) {", loN, endN)
	if len(fl.inv) > 0 {
		var cs []string
		for _, f := range fl.inv {
			cs = append(cs, g.val(f.Cond))
		}
		w.open("if (%s) {", strings.Join(cs, " && "))
	}
	w.line("// fast loop: the positions stay inside their tables for every %s (checked once);", fl.rng.Var.Name)
	w.line("// a value not known yet, or too large, goes the general way")
	args := g.fastArgs(fl, iv)
	var fits []string
	for ti, t := range fl.terms {
		for ai, a := range args[ti] {
			fits = append(fits, fmt.Sprintf("rt::fit(%s, %s, %s, %s, memo_%s.dim[%d])", glue.Int(a.c), a.r128, loN, endN, t.gm.cname, ai))
		}
	}
	fit := g.tmp("fit")
	w.line("auto %s = [&]() {", fit)
	w.line("    return %s;", strings.Join(fits, " &&\n"+strings.Repeat("    ", w.ind+2)))
	w.line("};")
	f := g.tmp("fast")
	w.line("bool %s = %s();", f, fit)
	games := fastGames(fl)
	var ft fastTables
	g.fastTables(games, &ft)
	name := g.local(iv)
	g.intVars[iv] = true
	w.open("for (rt::i64 %s = %s; ; ++%s) {", name, loN, name)
	w.open("if (%s) {", f)
	done := g.tmp("done")
	w.line("bool %s = false;", done)
	ft.begin(g)
	perConds := func() string {
		var cs []string
		for _, p := range fl.per {
			cs = append(cs, g.val(p.Cond))
		}
		return strings.Join(cs, " && ")
	}
	ft.twice(w, func() {
		w.open("for (;; ++%s) {", name)
		if len(fl.per) > 0 {
			w.open("if (%s) {", perConds())
		}
		var vals []string
		for ti, t := range fl.terms {
			var as []string
			for _, a := range args[ti] {
				as = append(as, a.expr(name))
			}
			v := g.tmp("v")
			w.line("const uint32_t %s = %s;", v, cellRead(ft.cells[t.gm], ft.index(t.gm, as), len(fl.terms)))
			vals = append(vals, v)
		}
		ft.add(w, vals)
		if len(fl.per) > 0 {
			w.close("}")
		}
		w.line("if (%s == %s) { %s = true; break; }", name, endN, done)
		w.close("}")
	})
	ft.end(w)
	w.line("if (%s) break;", done)
	w.close("}")
	w.line("// the general way, for this %s", fl.rng.Var.Name)
	if len(fl.per) > 0 {
		w.open("if (%s) {", perConds())
	}
	g.addOpt(body)
	if len(fl.per) > 0 {
		w.close("}")
	}
	w.line("%s = %s();", f, fit)
	g.fastTables(games, &ft)
	w.line("if (%s == %s) break;", name, endN)
	w.close("}")
	if len(fl.inv) > 0 {
		w.close("}")
	}
	w.close("}")
	w.close("}")
}

// fastElems writes the fast loop of a for clause over a list or set of
// ints: each position's arguments are checked inside its table for each
// element; the first element that needs the general way (a position not
// known yet, outside its table, a value too large) leaves the tight loop
// for one element.
func (g *gen) fastElems(fl *fastLoop, body lang.Expr) {
	w := g.w
	iv := resolve.NameDecl(fl.el.Pat.Names[0])
	w.open("{")
	coll := g.tmp("coll")
	if ints, ok := constIntColl(fl.el.Coll); ok {
		w.line("static const std::vector<rt::i64> %s{%s};", coll, strings.Join(ints, ", "))
	} else {
		cv := g.tmp("cv")
		w.line("const auto& %s = %s;", cv, g.val(fl.el.Coll))
		w.line("const auto& %s = rt::elems(%s);", coll, cv)
	}
	w.line("// fast loop: a position inside its table and known is read directly;")
	w.line("// the others, and values too large, go the general way")
	args := g.fastArgs(fl, iv)
	f := g.tmp("fast")
	var fits []string
	for ti := range fl.terms {
		for _, a := range args[ti] {
			if a.r128 != "(__int128)"+a.rest {
				fits = append(fits, fmt.Sprintf("%s == (__int128)%s", a.r128, a.rest))
			}
		}
	}
	if len(fits) == 0 {
		fits = append(fits, "true")
	}
	w.line("const bool %s = %s;  // the rests fit in 64 bits", f, strings.Join(fits, " && "))
	games := fastGames(fl)
	var ft fastTables
	g.fastTables(games, &ft)
	it, end := g.tmp("it"), g.tmp("e")
	w.line("const rt::i64* %s = %s.data();", it, coll)
	w.line("const rt::i64* const %s = %s + %s.size();", end, it, coll)
	name := g.local(iv)
	g.intVars[iv] = true
	conds := func() string {
		var cs []string
		for _, cl := range fl.all {
			cs = append(cs, g.val(cl.Cond))
		}
		return strings.Join(cs, " && ")
	}
	w.open("while (%s != %s) {", it, end)
	w.open("if (%s) {", f)
	ft.begin(g)
	ft.twice(w, func() {
		g.insideElems(fl, args, &ft, it, end, name)
		g.elemsLoop(fl, args, &ft, it, end, name, conds)
	})
	ft.end(w)
	w.line("if (%s == %s) break;", it, end)
	w.close("}")
	w.line("// the general way, for this %s", fl.el.Pat.Names[0].Name)
	w.line("const rt::i64 %s = *%s++;", name, it)
	w.line("(void)%s;", name)
	if len(fl.all) > 0 {
		w.open("if (%s) {", conds())
	}
	g.addOpt(body)
	g.fastTables(games, &ft)
	if len(fl.all) > 0 {
		w.close("}")
	}
	w.close("}")
	w.close("}")
}

// elemsLoop writes the checked tight loop of fastElems.
func (g *gen) elemsLoop(fl *fastLoop, args [][]fastArg, ft *fastTables, it, end, name string, conds func() string) {
	w := g.w
	w.open("for (; %s != %s; ++%s) {", it, end, it)
	w.line("const rt::i64 %s = *%s;", name, it)
	w.line("(void)%s;", name)
	if len(fl.all) > 0 {
		w.line("if (!(%s)) continue;", conds())
	}
	var vals []string
	for ti, t := range fl.terms {
		var as []string
		for ai, rc := range args[ti] {
			a := g.tmp("a")
			w.line("rt::i64 %s;", a)
			switch rc.c {
			case 0:
				w.line("%s = %s;", a, rc.rest)
			case 1:
				w.line("if (__builtin_add_overflow(%s, %s, &%s)) break;", rc.rest, name, a)
			case -1:
				w.line("if (__builtin_sub_overflow(%s, %s, &%s)) break;", rc.rest, name, a)
			default:
				w.line("if (__builtin_mul_overflow(%s, %s, &%s) || __builtin_add_overflow(%s, %s, &%s)) break;", glue.Int(rc.c), name, a, a, rc.rest, a)
			}
			w.line("if ((rt::u64)%s >= (rt::u64)%s) break;  // outside the table", a, ft.dims[t.gm][ai])
			as = append(as, a)
		}
		v := g.tmp("v")
		w.line("const uint32_t %s = %s;", v, cellRead(ft.cells[t.gm], ft.index(t.gm, as), len(fl.terms)))
		vals = append(vals, v)
	}
	ft.add(w, vals)
	w.close("}")
}

// insideElems writes, before the checked loop of fastElems, a loop
// without its checks, for when the elements ascend (a set's) and the
// option is one position of a game of one int whose argument is rest + i
// or rest - i: when the arguments of the first and the last element are
// inside the table, all are (the argument is monotone in i), none
// overflows, and an if clause i <= Y or i < Y (Y a name or a literal)
// that holds for the last element holds for all: the loop reads each
// option without those tests, and stops at an option not known or large,
// where the checked loop goes on.
func (g *gen) insideElems(fl *fastLoop, args [][]fastArg, ft *fastTables, it, end, name string) {
	if len(fl.terms) != 1 || len(args[0]) != 1 || !g.types[fl.el.Coll].is(kSet) {
		return
	}
	a, t := args[0][0], fl.terms[0]
	if a.c != 1 && a.c != -1 {
		return
	}
	iv := resolve.NameDecl(fl.el.Pat.Names[0])
	w := g.w
	dim, cells := ft.dims[t.gm][0], ft.cells[t.gm]
	// The arguments ascend with the elements (c = 1) or descend (c = -1):
	// the least and the greatest are those of the ends.
	lastEl, firstEl := "*("+end+" - 1)", "*"+it
	lowEl, highEl, op := firstEl, lastEl, "add"
	if a.c == -1 {
		lowEl, highEl, op = lastEl, firstEl, "sub"
	}
	low, high := g.tmp("low"), g.tmp("high")
	w.line("rt::i64 %s, %s;", low, high)
	tests := []string{
		it + " != " + end,
		fmt.Sprintf("!__builtin_%s_overflow(%s, %s, &%s) && %s >= 0", op, a.rest, lowEl, low, low),
		fmt.Sprintf("!__builtin_%s_overflow(%s, %s, &%s) && %s < %s", op, a.rest, highEl, high, high, dim),
	}
	var keep []string
	for _, f := range fl.all {
		if y, op, ok := clauses.UpperBound(f.Cond, iv); ok {
			tests = append(tests, fmt.Sprintf("%s %s %s", lastEl, op, g.val(y)))
			continue
		}
		keep = append(keep, g.val(f.Cond))
	}
	w.open("if (%s) {", strings.Join(tests, " && "))
	w.line("// every element's option is inside the table and passes the bounds")
	w.open("for (; %s != %s; ++%s) {", it, end, it)
	w.line("const rt::i64 %s = *%s;", name, it)
	w.line("(void)%s;", name)
	if len(keep) > 0 {
		w.line("if (!(%s)) continue;", strings.Join(keep, " && "))
	}
	v := g.tmp("v")
	w.line("const uint32_t %s = %s;", v, cellRead(cells, a.expr(name), 1))
	ft.add(w, []string{v})
	w.close("}")
	w.close("}")
}
