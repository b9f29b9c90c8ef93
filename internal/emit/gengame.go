package emit

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/glue"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Games. Each declared game gets a memo table (rt::Box, a dense array
// that grows, when its arguments are ints; rt::Table, a hash map of its
// keys, otherwise) and these functions, C being its name:
//
//	solve_C  computes a position by the rule, recursively: each
//	         alternative a loop nest over the planner's clauses, the
//	         options' SG values (sums xored) into a mex; a signal (a
//	         search too deep, a cycle) unwinds to the driver
//	sgv_C    the value of a position inside a search (the memo, else solve_C)
//	top_C    the value asked for at the top level (the memo, else the driver)
//	pos_C    a position as a game value
//	opts_C   the options of a position as game values (moves, winning, cycles)
//
// and for a game of one int, its rule apart (rule_C, inlined in solve_C
// and in the sweeps), the sweeps bottom up (bottom_C, and bulk_C for a
// game with cycles: one labelling of a run of positions), and what a
// query at the top level does before its search (early_C: a sweep when
// one is due, else the search's budget).

// ruleCtx is the move rule being written.
type ruleCtx struct {
	gm   *gameInfo
	bail string // what a signal does: forget the position, return
	// pos is the C++ name of the position's argument in the rule of a
	// game of one int (rule_C<_D>): with _D, every position below it is
	// known (a sweep bottom up), and an option of the game below it is
	// read straight from the table
	pos string
}

// isBox reports whether a game's positions go into a dense array: all its
// parameters are ints (at most 4).
func (gm *gameInfo) isBox() bool {
	if len(gm.params) == 0 || len(gm.params) > 4 {
		return false
	}
	for _, p := range gm.params {
		if !p.is(kInt) {
			return false
		}
	}
	return true
}

// hasGameArg reports whether a game's arguments hold game values (their
// positions' ids are then by the arguments as written).
func (gm *gameInfo) hasGameArg() bool {
	for _, p := range gm.params {
		if holdsGame(p, 0) {
			return true
		}
	}
	return false
}

func holdsGame(t *ty, depth int) bool {
	t = t.find()
	if t.k == kGame {
		return true
	}
	if depth > 16 {
		return false
	}
	for _, a := range t.args {
		if holdsGame(a, depth+1) {
			return true
		}
	}
	return false
}

// keyType is the C++ type of a game's key.
func (gm *gameInfo) keyType() string {
	if gm.isBox() {
		return fmt.Sprintf("std::array<rt::i64, %d>", len(gm.params))
	}
	var ts []string
	for _, p := range gm.params {
		ts = append(ts, ctype(p))
	}
	return "std::tuple<" + strings.Join(ts, ", ") + ">"
}

// key is the C++ key of a position from its arguments.
func (gm *gameInfo) key(args []string) string {
	return gm.keyType() + "{" + strings.Join(args, ", ") + "}"
}

// unpack is the arguments of a position from its key k.
func (gm *gameInfo) unpack(k string) string {
	var out []string
	for i := range gm.params {
		if gm.isBox() {
			out = append(out, fmt.Sprintf("%s[%d]", k, i))
		} else {
			out = append(out, fmt.Sprintf("std::get<%d>(%s)", i, k))
		}
	}
	return strings.Join(out, ", ")
}

// paramList is a game function's parameters, named as the script's.
func (g *gen) paramList(gm *gameInfo) (string, []string) {
	var ps, names []string
	for i, p := range lang.ParamNames(gm.st.Params) {
		n := g.local(resolve.NameDecl(p))
		names = append(names, n)
		ps = append(ps, paramType(gm.params[i])+" "+n)
	}
	return strings.Join(ps, ", "), names
}

// protoParams is a game function's parameters for its declaration.
func (gm *gameInfo) protoParams() string {
	var ps []string
	for i := range gm.params {
		ps = append(ps, fmt.Sprintf("%s a%d", paramType(gm.params[i]), i))
	}
	return strings.Join(ps, ", ")
}

// gameDecls writes a game's tables and function declarations.
func (g *gen) gameDecls(b *strings.Builder, gm *gameInfo) {
	b.WriteString(glue.Decls(g.glueOf(gm)))
}

// gameFuncs writes a game's functions.
func (g *gen) gameFuncs(gm *gameInfo, st *lang.GameStmt, end int) string {
	var b strings.Builder
	c := gm.cname
	cw := &writer{}
	g.comment(cw, st, end)
	b.WriteString(cw.b.String())
	box := gm.isBox()

	// solve_C
	w := g.begin()
	params, names := g.paramList(gm)
	key := gm.key(names)
	w.line("const %s _k%s;", gm.keyType(), key[len(gm.keyType()):])
	var bail, solveText string
	// a game of one int has its rule apart (rule_C), for the sweep
	sweepable := box && len(gm.params) == 1
	if box {
		w.line("const rt::i64 _st = memo_%s.get(_k);", c)
		w.line("if (_st != rt::UNKNOWN) return _st == rt::GRAY ? rt::CYCLE : _st;")
		if sweepable {
			w.line("if (__builtin_expect(--rt::budget < 0, 0)) return rt::ABORT;  // (the top-level search's budget is spent: a sweep instead)")
		}
		w.line("if (rt::depth >= rt::maxdepth) { if (rt::sweeping) return rt::ABORT; pend_%s.push_back(_k); rt::pend.push_back(G_%s); return rt::ABORT; }", c, c)
		w.line("memo_%s.set(_k, rt::GRAY);", c)
		bail = fmt.Sprintf("memo_%s.set(_k, rt::UNKNOWN);", c)
		if sweepable {
			w.line("// (a position inside the table's box apart: the C++ compiler may use its bound)")
			w.line("if (__builtin_expect((rt::u64)%s < ((rt::u64)1 << 31), 1)) return rule_%s<false>(%s);", names[0], c, names[0])
			w.line("return wide_%s(%s);", c, names[0])
			solveText = fmt.Sprintf("static __attribute__((noinline)) rt::i64 wide_%s(%s) { return rule_%s<false>(%s); }\n", c, params, c, names[0])
			solveText += fmt.Sprintf("static rt::i64 solve_%s(%s) {\n", c, params)
			for _, n := range names {
				solveText += fmt.Sprintf("    (void)%s;\n", n)
			}
			solveText += w.b.String() + "}\n\n"
			w = g.begin()
			params, names = g.paramList(gm)
			w.line("const %s _k%s;", gm.keyType(), key[len(gm.keyType()):])
		}
	} else {
		w.line("const size_t _id = (size_t)memo_%s.id(_k);", c)
		w.line("const rt::i64 _st = memo_%s.st[_id];", c)
		w.line("if (_st != rt::UNKNOWN) return _st == rt::GRAY ? rt::CYCLE : _st;")
		w.line("if (rt::depth >= rt::maxdepth) { if (rt::sweeping) return rt::ABORT; pend_%s.push_back(_k); rt::pend.push_back(G_%s); return rt::ABORT; }", c, c)
		w.line("memo_%s.st[_id] = (int32_t)rt::GRAY;", c)
		bail = fmt.Sprintf("memo_%s.st[_id] = (int32_t)rt::UNKNOWN;", c)
	}
	w.line("rt::Mex _mx;")
	w.line("%s", g.chkDecl())
	g.rule = &ruleCtx{gm: gm, bail: bail}
	if sweepable {
		g.rule.pos = names[0]
		w.line("// (in a sweep, the table does not grow while the rule runs)")
		w.line("[[maybe_unused]] const rt::Cell* const _cells = _D ? memo_%s.cells.data() : nullptr;", c)
	}
	for i, a := range st.Alts {
		alt := a.(*lang.Alt)
		for _, l := range g.altText(st, i, end) {
			w.line("// %s", l)
		}
		q := ir.LowerAlt(alt, ir.MoveSG)
		if fl := g.fastPlan(q, alt.Body); fl != nil {
			g.clauses(q.Clauses[:fl.at], 0, func() { g.fastRange(fl, alt.Body) })
			continue
		}
		g.clauses(q.Clauses, 0, func() { g.addOpt(alt.Body) })
	}
	g.rule = nil
	w.line("const rt::i64 _r = _mx.result();")
	if box {
		w.line("memo_%s.set(_k, _r);", c)
	} else {
		w.line("memo_%s.st[_id] = (int32_t)_r;", c)
	}
	w.line("return _r;")
	if sweepable {
		fmt.Fprintf(&b, "// the rule of %s: the options' values into a mex, the position's value\n", gm.st.Name.Name)
		fmt.Fprintf(&b, "// stored (inlined in solve_%s and in the sweep's loop; _D: in a sweep, where\n", c)
		fmt.Fprintf(&b, "// every position below %s is known, an option below it is read from the table)\n", names[0])
		fmt.Fprintf(&b, "template <bool _D> static inline __attribute__((always_inline)) rt::i64 rule_%s(%s) {\n", c, params)
	} else {
		fmt.Fprintf(&b, "static rt::i64 solve_%s(%s) {\n", c, params)
	}
	for _, n := range names {
		fmt.Fprintf(&b, "    (void)%s;\n", n)
	}
	b.WriteString(w.b.String())
	b.WriteString("}\n\n")
	b.WriteString(solveText)

	pp := gm.protoParams()
	var an []string
	for i := range gm.params {
		an = append(an, fmt.Sprintf("a%d", i))
	}
	args := strings.Join(an, ", ")
	k := gm.key(an)
	gl := g.glueOf(gm)

	b.WriteString(glue.Access(gl))
	fmt.Fprintf(&b, "static rt::i64 id_%s(%s) { return %s; }\n", c, pp, gl.IDOf(k))
	fmt.Fprintf(&b, "static rt::Game pos_%s(%s) { return rt::Game{{rt::Part{G_%s, id_%s(%s)}}}; }\n\n", c, pp, c, c, args)

	// opts_C
	w = g.begin()
	params, names = g.paramList(gm)
	for _, n := range names {
		w.line("(void)%s;", n)
	}
	w.line("%s", g.chkDecl())
	g.localChk = true
	for i, a := range st.Alts {
		alt := a.(*lang.Alt)
		for _, l := range g.altText(st, i, end) {
			w.line("// %s", l)
		}
		q := ir.LowerAlt(alt, ir.MoveValues)
		g.clauses(q.Clauses, 0, func() {
			g.w.line("o.push_back(%s);", g.val(alt.Body))
		})
	}
	sep := ""
	if params != "" {
		sep = ", "
	}
	fmt.Fprintf(&b, "// the options of a position of %s, as game values\n", gm.st.Name.Name)
	fmt.Fprintf(&b, "static void opts_%s(%s%sstd::vector<rt::Game>& o) {\n", c, params, sep)
	b.WriteString(w.b.String())
	b.WriteString("}\n\n")

	// optp_C: the same as parts
	w = g.begin()
	params, names = g.paramList(gm)
	for _, n := range names {
		w.line("(void)%s;", n)
	}
	w.line("%s", g.chkDecl())
	for i, a := range st.Alts {
		alt := a.(*lang.Alt)
		for _, l := range g.altText(st, i, end) {
			w.line("// %s", l)
		}
		q := ir.LowerAlt(alt, ir.MoveValues)
		g.clauses(q.Clauses, 0, func() {
			g.partsOf(alt.Body, "parts")
			g.w.line("ends.push_back((uint32_t)parts.size());")
		})
	}
	fmt.Fprintf(&b, "// the options of a position of %s, as parts (the solver of cycles)\n", gm.st.Name.Name)
	fmt.Fprintf(&b, "static void optp_%s(%s%sstd::vector<rt::Part>& parts, std::vector<uint32_t>& ends) {\n", c, params, sep)
	b.WriteString(w.b.String())
	b.WriteString("}\n\n")
	if g.selfOnly(gm, st) {
		// optn_C: the same as ids of positions of the game itself
		w = g.begin()
		params, names = g.paramList(gm)
		for _, n := range names {
			w.line("(void)%s;", n)
		}
		w.line("%s", g.chkDecl())
		for i, a := range st.Alts {
			alt := a.(*lang.Alt)
			for _, l := range g.altText(st, i, end) {
				w.line("// %s", l)
			}
			q := ir.LowerAlt(alt, ir.MoveValues)
			g.clauses(q.Clauses, 0, func() {
				g.w.line("o.push(%s);", g.argList(alt.Body.(*lang.Call).Args))
			})
		}
		fmt.Fprintf(&b, "// the options of a position of %s, each a position of %s: their ids (the solver of cycles)\n", gm.st.Name.Name, gm.st.Name.Name)
		fmt.Fprintf(&b, "static void optn_%s(%s, rt::Buf<rt::i64>& o) {\n", c, params)
		b.WriteString(w.b.String())
		b.WriteString("}\n\n")
	}
	g.localChk = false

	b.WriteString(glue.ByID(gl))
	return b.String()
}

// glueOf is what package glue needs to know of a game.
func (g *gen) glueOf(gm *gameInfo) glue.Game {
	var an []string
	for i := range gm.params {
		an = append(an, fmt.Sprintf("a%d", i))
	}
	return glue.Game{C: gm.cname, Name: gm.st.Name.Name, ID: gm.id, Proto: gm.protoParams(),
		Args: strings.Join(an, ", "), Key: gm.key(an), KeyType: gm.keyType(), Unpack: gm.unpack("k"),
		Params: len(gm.params), Box: gm.isBox(), GameArg: gm.hasGameArg(), SelfOnly: g.selfOnly(gm, gm.st)}
}

// selfOnly reports whether a game of one int's options are each one
// position of the game itself (its solver of cycles reads them as ids).
func (g *gen) selfOnly(gm *gameInfo, st *lang.GameStmt) bool {
	if !gm.isBox() || len(gm.params) != 1 {
		return false
	}
	for _, a := range st.Alts {
		call, ok := a.(*lang.Alt).Body.(*lang.Call)
		if !ok {
			return false
		}
		if _, cg, _ := g.callee(call); cg != gm {
			return false
		}
	}
	return true
}

// altText is the source of alternative i of a game, for its comment.
func (g *gen) altText(st *lang.GameStmt, i, end int) []string {
	alt := st.Alts[i].(*lang.Alt)
	start := lang.Start(alt.Body).Offset
	stop := end
	if i+1 < len(st.Alts) {
		stop = lang.Start(st.Alts[i+1].(*lang.Alt).Body).Offset
	}
	if stop > len(g.src) || stop < start {
		return nil
	}
	text := strings.TrimSpace(g.src[start:stop])
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
	}
	if n := len(out); n > 0 {
		out[n-1] = strings.TrimSpace(strings.TrimSuffix(out[n-1], "|"))
		if out[n-1] == "" {
			out = out[:n-1]
		}
	}
	if len(out) > 0 {
		out[0] = "moves " + out[0]
	}
	for i := range out {
		out[i] = glue.CommentLine(out[i])
	}
	return out
}

// registerGames writes the table of the games the runtime calls.
func (g *gen) registerGames() string {
	var b strings.Builder
	b.WriteString("static void register_games() {\n    rt::games = {\n")
	for _, gm := range g.gameOrder {
		b.WriteString(glue.Entry(g.glueOf(gm), cstr(gm.st.Name.Name), g.site(gm.st.Name.Pos)))
	}
	b.WriteString("    };\n")
	for _, gm := range g.gameOrder {
		if !gm.isBox() && gm.hasGameArg() && gm.id < 64 {
			fmt.Fprintf(&b, "    rt::canon_of[G_%s] = [](rt::i64 id) { return memo_%s.id(ids_%s.keys[(size_t)id]); };\n", gm.cname, gm.cname, gm.cname)
		}
	}
	b.WriteString("}\n\n")
	return b.String()
}

// partsOf writes the parts of game expression x pushed onto the vector
// of parts into: a position's, a nimber's, each part of a sum (no game
// value built for each).
func (g *gen) partsOf(x lang.Expr, into string) {
	w := g.w
	switch x := x.(type) {
	case *lang.Call:
		if _, gm, _ := g.callee(x); gm != nil {
			w.line("%s.push_back(rt::Part{G_%s, id_%s(%s)});", into, gm.cname, gm.cname, g.argList(x.Args))
			return
		}
	case *lang.Unary:
		if x.Op == lang.OpNimber {
			w.line("%s.push_back(rt::Part{-1, rt::nimber(%s, %d)});", into, g.intOf(x.X, "*", true), g.site(x.Pos))
			return
		}
	case *lang.Binary:
		if x.Op == lang.OpAdd {
			g.partsOf(x.X, into)
			g.partsOf(x.Y, into)
			return
		}
	}
	w.line("rt::add_game_parts(%s, %s);", into, g.val(x))
}

// argList is the arguments of a call written in a statement context:
// bound to names first, in order, when more than one may fail.
func (g *gen) argList(xs []lang.Expr) string {
	n := 0
	for _, x := range xs {
		if mayFail(x) {
			n++
		}
	}
	if n < 2 {
		return strings.Join(g.args(xs), ", ")
	}
	var names []string
	for _, a := range xs {
		t := g.tmp("a")
		g.w.line("const %s %s = %s;", ctype(g.types[a]), t, g.val(a))
		names = append(names, t)
	}
	return strings.Join(names, ", ")
}

// sigCheck writes the test of a search's signal in v.
func (g *gen) sigCheck(v string) {
	g.w.line("if (%s < 0 && rt::is_sig(%s)) { %s return %s; }", v, v, g.rule.bail, v)
}

// addOpt writes the adding of the value of option x to the rule's mex. A
// position's value is set as its bit at once when it is a finite value
// below 64: one test, a signal, an infinite value and a large one being
// negative or too large, which go the general way.
func (g *gen) addOpt(x lang.Expr) {
	if call, ok := x.(*lang.Call); ok {
		if _, gm, _ := g.callee(call); gm != nil {
			t := g.posOpt(call, gm)
			g.w.line("if (__builtin_expect((rt::u64)%s < 64, 1)) _mx.bits = rt::setbit(_mx.bits, (rt::u64)%s);", t, t)
			g.w.line("else if (rt::is_sig(%s)) { %s return %s; }", t, g.rule.bail, t)
			g.w.line("else _mx.add_any(%s);", t)
			return
		}
	}
	v := g.sgOpt(x)
	g.w.line("_mx.add_any(%s);", v)
}

// posOpt writes the reading of the value of option x, a position of game
// gm, and returns the name that holds it (a signal not tested).
func (g *gen) posOpt(x *lang.Call, gm *gameInfo) string {
	w := g.w
	t := g.tmp("v")
	if g.rule.pos != "" && gm == g.rule.gm {
		// in a sweep (_D), a position below the one computed is known
		a := g.tmp("a")
		w.line("const rt::i64 %s = %s;", a, g.argList(x.Args))
		w.line("const rt::i64 %s = _D && (rt::u64)%s < (rt::u64)%s && _cells[(size_t)%s] != rt::ESC ? (rt::i64)_cells[(size_t)%s] : sgv_%s(%s);", t, a, g.rule.pos, a, a, gm.cname, a)
	} else {
		w.line("const rt::i64 %s = sgv_%s(%s);", t, gm.cname, g.argList(x.Args))
	}
	return t
}

// sgOpt writes the SG value of an option of the rule being written and
// returns the name that holds it (signals passed up).
func (g *gen) sgOpt(x lang.Expr) string {
	w := g.w
	switch x := x.(type) {
	case *lang.Call:
		if _, gm, _ := g.callee(x); gm != nil {
			t := g.posOpt(x, gm)
			g.sigCheck(t)
			return t
		}
	case *lang.Unary:
		if x.Op == lang.OpNimber {
			t := g.tmp("v")
			w.line("const rt::i64 %s = rt::nimber(%s, %d);", t, g.intOf(x.X, "*", true), g.site(x.Pos))
			return t
		}
	case *lang.Binary:
		switch {
		case x.Op == lang.OpAdd:
			a := g.sgOpt(x.X)
			b := g.sgOpt(x.Y)
			t := g.tmp("v")
			w.line("const rt::i64 %s = rt::gx(%s, %s);", t, a, b)
			return t
		case x.Op == lang.OpMul:
			s := g.site(x.Pos)
			t := g.tmp("v")
			if g.types[x.X].is(kGame) {
				v := g.sgOpt(x.X)
				k := g.tmp("k")
				w.line("const rt::i64 %s = %s;", k, g.intOf(x.Y, "*", false))
				w.line("const rt::i64 %s = rt::copies(%s, %s, %d);", t, k, v, s)
			} else {
				k := g.tmp("k")
				w.line("const rt::i64 %s = %s;", k, g.intOf(x.X, "*", true))
				v := g.sgOpt(x.Y)
				w.line("const rt::i64 %s = rt::copies(%s, %s, %d);", t, k, v, s)
			}
			return t
		}
	case *lang.SumOf:
		acc := g.tmp("x")
		w.line("rt::i64 %s = 0;", acc)
		for _, it := range x.Items {
			v := g.sgOpt(it)
			w.line("%s = rt::gx(%s, %s);", acc, acc, v)
		}
		return acc
	case *lang.Comp:
		if x.Kind == lang.SumComp {
			acc := g.tmp("x")
			w.line("rt::i64 %s = 0;", acc)
			q := ir.LowerComp(x, ir.SumOf)
			g.clauses(q.Clauses, 0, func() {
				v := g.sgOpt(x.Body)
				g.w.line("%s = rt::gx(%s, %s);", acc, acc, v)
			})
			return acc
		}
	case *lang.IfExpr:
		t := g.tmp("v")
		w.line("rt::i64 %s;", t)
		w.open("if (%s) {", g.val(x.Cond))
		a := g.sgOpt(x.Then)
		g.w.line("%s = %s;", t, a)
		w.close("} else {")
		w.ind++
		b := g.sgOpt(x.Else)
		g.w.line("%s = %s;", t, b)
		w.close("}")
		return t
	}
	t := g.tmp("v")
	w.line("const rt::i64 %s = rt::sg_in_search(%s);", t, g.val(x))
	g.sigCheck(t)
	return t
}

// sgEnc is the SG value (as the memo encodes it) of game expression x at
// the top level: sums xored as they are computed, no game value built.
func (g *gen) sgEnc(x lang.Expr) string {
	switch x := x.(type) {
	case *lang.Call:
		if _, gm, _ := g.callee(x); gm != nil {
			return g.seq(x.Args, g.args(x.Args), func(c []string) string {
				return fmt.Sprintf("top_%s(%s)", gm.cname, strings.Join(c, ", "))
			})
		}
	case *lang.Unary:
		if x.Op == lang.OpNimber {
			return fmt.Sprintf("rt::nimber(%s, %d)", g.intOf(x.X, "*", true), g.site(x.Pos))
		}
	case *lang.Binary:
		switch x.Op {
		case lang.OpAdd:
			return g.seq([]lang.Expr{x.X, x.Y}, []string{g.sgEnc(x.X), g.sgEnc(x.Y)}, func(c []string) string {
				return "rt::gx(" + c[0] + ", " + c[1] + ")"
			})
		case lang.OpMul:
			s := g.site(x.Pos)
			if g.types[x.X].is(kGame) {
				return g.seq([]lang.Expr{x.X, x.Y}, []string{g.sgEnc(x.X), g.intOf(x.Y, "*", false)}, func(c []string) string {
					return fmt.Sprintf("rt::copies(%s, %s, %d)", c[1], c[0], s)
				})
			}
			return g.seq([]lang.Expr{x.X, x.Y}, []string{g.intOf(x.X, "*", true), g.sgEnc(x.Y)}, func(c []string) string {
				return fmt.Sprintf("rt::copies(%s, %s, %d)", c[0], c[1], s)
			})
		}
	case *lang.SumOf:
		var codes []string
		for _, it := range x.Items {
			codes = append(codes, g.sgEnc(it))
		}
		return g.seq(x.Items, codes, func(c []string) string {
			out := c[0]
			for _, y := range c[1:] {
				out = "rt::gx(" + out + ", " + y + ")"
			}
			return out
		})
	case *lang.Comp:
		if x.Kind == lang.SumComp {
			q := ir.LowerComp(x, ir.SumOf)
			return g.iife("rt::i64", func(w *writer) {
				acc := g.tmp("x")
				w.line("rt::i64 %s = 0;", acc)
				g.clauses(q.Clauses, 0, func() {
					g.w.line("%s = rt::gx(%s, %s);", acc, acc, g.sgEnc(x.Body))
				})
				w.line("return %s;", acc)
			})
		}
	case *lang.IfExpr:
		return fmt.Sprintf("(%s ? %s : %s)", g.val(x.Cond), g.sgEnc(x.Then), g.sgEnc(x.Else))
	}
	return "rt::sg_enc(" + g.val(x) + ")"
}
