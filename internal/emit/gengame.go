package emit

import (
	"fmt"
	"strings"

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
	c := gm.cname
	fmt.Fprintf(b, "// game %s: its positions' states, the positions the search deferred\n", gm.st.Name.Name)
	fmt.Fprintf(b, "constexpr int G_%s = %d;\n", c, gm.id)
	if gm.isBox() {
		fmt.Fprintf(b, "static rt::Box<%d> memo_%s;\n", len(gm.params), c)
		if len(gm.params) > 1 {
			fmt.Fprintf(b, "static rt::Intern<%d> ids_%s;\n", len(gm.params), c)
		}
	} else {
		fmt.Fprintf(b, "static rt::Table<%s> memo_%s;\n", gm.keyType(), c)
		if gm.hasGameArg() {
			fmt.Fprintf(b, "static rt::Exact<%s> ids_%s;\n", gm.keyType(), c)
		}
	}
	fmt.Fprintf(b, "static std::vector<%s> pend_%s;\n", gm.keyType(), c)
	pp := gm.protoParams()
	fmt.Fprintf(b, "[[maybe_unused]] static rt::i64 solve_%s(%s);\n", c, pp)
	fmt.Fprintf(b, "[[maybe_unused]] static rt::i64 drive_%s(%s);\n", c, pp)
	fmt.Fprintf(b, "[[maybe_unused]] static inline rt::i64 sgv_%s(%s);\n", c, pp)
	fmt.Fprintf(b, "[[maybe_unused]] static inline rt::i64 top_%s(%s);\n", c, pp)
	fmt.Fprintf(b, "[[maybe_unused]] static rt::Game pos_%s(%s);\n", c, pp)
	fmt.Fprintf(b, "[[maybe_unused]] static rt::i64 id_%s(%s);\n", c, pp)
	sep := ""
	if pp != "" {
		sep = ", "
	}
	fmt.Fprintf(b, "[[maybe_unused]] static void opts_%s(%s%sstd::vector<rt::Game>& o);\n", c, pp, sep)
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
	get := fmt.Sprintf("memo_%s.get(%s)", c, k)
	raw := fmt.Sprintf("memo_%s.raw(%s)", c, k)

	// sgv_C and top_C
	fmt.Fprintf(&b, "// the value of a position of %s inside a search, and at the top level\n", gm.st.Name.Name)
	fmt.Fprintf(&b, "// (a value kept apart from the table, ESC, is read by solve_%s and drive_%s)\n", c, c)
	fmt.Fprintf(&b, "static inline rt::i64 sgv_%s(%s) {\n    const rt::i64 v = %s;\n    if (v >= 0 || v <= rt::INF0) return v;\n    return solve_%s(%s);\n}\n", c, pp, raw, c, args)
	fmt.Fprintf(&b, "static inline rt::i64 top_%s(%s) {\n    const rt::i64 v = %s;\n    if (v >= 0 || v <= rt::INF0) return v;\n    return drive_%s(%s);\n}\n", c, pp, raw, c, args)
	if sweepable {
		b.WriteString(g.denseText(gm))
	}
	fmt.Fprintf(&b, "// (the search begins at once; a position it defers, or a cycle, goes to the driver)\n")
	fmt.Fprintf(&b, "static rt::i64 drive_%s(%s) {\n", c, pp)
	if box {
		fmt.Fprintf(&b, "    memo_%s.reserve(%s);\n", c, k)
	}
	fmt.Fprintf(&b, "    if (rt::depth == 0 && rt::pend.empty()) {\n")
	fmt.Fprintf(&b, "        const size_t _b = pend_%s.size();\n", c)
	if sweepable {
		fmt.Fprintf(&b, "        rt::i64 _room;\n")
		fmt.Fprintf(&b, "        if (early_%s(a0, _room)) return %s;\n", c, get)
		fmt.Fprintf(&b, "        rt::budget = _room;\n")
		fmt.Fprintf(&b, "        const rt::i64 _v = solve_%s(%s);\n", c, args)
		fmt.Fprintf(&b, "        const rt::i64 _left = rt::budget;\n")
		fmt.Fprintf(&b, "        rt::budget = rt::NOBUDGET;\n")
		fmt.Fprintf(&b, "        if (_room != rt::NOBUDGET) searched_%s += _room - std::max<rt::i64>(_left, 0);\n", c)
		fmt.Fprintf(&b, "        if (!rt::is_sig(_v)) return _v;\n")
		fmt.Fprintf(&b, "        if (_left < 0 && bottom_%s(a0, a0)) return %s;\n", c, get)
	} else {
		fmt.Fprintf(&b, "        const rt::i64 _v = solve_%s(%s);\n", c, args)
		fmt.Fprintf(&b, "        if (!rt::is_sig(_v)) return _v;\n")
	}
	fmt.Fprintf(&b, "        if (_v == rt::CYCLE) {\n            rt::solve_loopy(G_%s, id_%s(%s));\n            return %s;\n        }\n", c, c, args, get)
	fmt.Fprintf(&b, "        pend_%s.insert(pend_%s.begin() + (long)_b, %s);\n", c, c, k)
	fmt.Fprintf(&b, "        rt::drive_under(G_%s, 0);\n        return %s;\n    }\n", c, get)
	fmt.Fprintf(&b, "    pend_%s.push_back(%s);\n    rt::drive(G_%s);\n    return %s;\n}\n", c, k, c, get)

	// pos_C: a position's id is its int argument (one int), or its index
	// in a table of keys
	ids := "ids_" + c
	if !box && !gm.hasGameArg() {
		ids = "memo_" + c
	}
	idOf := func(k string) string { return ids + ".id(" + k + ")" }
	keyOf := func(id string) string { return ids + ".keys[(size_t)" + id + "]" }
	if box && len(gm.params) == 1 {
		idOf = func(k string) string { return k + "[0]" }
		keyOf = func(id string) string { return "std::array<rt::i64, 1>{" + id + "}" }
	}
	fmt.Fprintf(&b, "static rt::i64 id_%s(%s) { return %s; }\n", c, pp, idOf(k))
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

	// the runtime's view: by id
	kk := gm.unpack("k")
	fmt.Fprintf(&b, "static void show_%s(std::string& o, rt::i64 id) {\n    [[maybe_unused]] const auto k = %s;\n    o += %s;\n", c, keyOf("id"), cstr(gm.st.Name.Name+"("))
	for i := range gm.params {
		if i > 0 {
			b.WriteString("    o += \", \";\n")
		}
		if box {
			fmt.Fprintf(&b, "    rt::show(o, k[%d]);\n", i)
		} else {
			fmt.Fprintf(&b, "    rt::show(o, std::get<%d>(k));\n", i)
		}
	}
	b.WriteString("    o += ')';\n}\n")
	fmt.Fprintf(&b, "static int cmp_%s(rt::i64 a, rt::i64 b) { const auto x = %s; const auto y = %s; return x < y ? -1 : y < x ? 1 : 0; }\n", c, keyOf("a"), keyOf("b"))
	fmt.Fprintf(&b, "static rt::i64 value_%s(rt::i64 id) { [[maybe_unused]] const auto k = %s; return top_%s(%s); }\n", c, keyOf("id"), c, kk)
	fmt.Fprintf(&b, "static rt::i64 solveid_%s(rt::i64 id) { [[maybe_unused]] const auto k = %s; return sgv_%s(%s); }\n", c, keyOf("id"), c, kk)
	sep = ""
	if kk != "" {
		sep = ", "
	}
	fmt.Fprintf(&b, "static void optsid_%s(rt::i64 id, std::vector<rt::Game>& o) { [[maybe_unused]] const auto k = %s; opts_%s(%s%so); }\n", c, keyOf("id"), c, kk, sep)
	fmt.Fprintf(&b, "static void optpid_%s(rt::i64 id, std::vector<rt::Part>& parts, std::vector<uint32_t>& ends) { [[maybe_unused]] const auto k = %s; optp_%s(%s%sparts, ends); }\n", c, keyOf("id"), c, kk, sep)
	fmt.Fprintf(&b, "static rt::i64 solvepend_%s() { [[maybe_unused]] const auto k = pend_%s.back(); return solve_%s(%s); }\n", c, c, c, kk)
	fmt.Fprintf(&b, "static void poppend_%s() { pend_%s.pop_back(); }\n", c, c)
	fmt.Fprintf(&b, "static rt::i64 pendid_%s() { [[maybe_unused]] const auto k = pend_%s.back(); return %s; }\n", c, c, idOf("k"))
	if box && len(gm.params) == 1 {
		fmt.Fprintf(&b, `// a deep chain of positions (the search deferred p while computing q, at
// most 32 a level above it on average, MAXDEPTH levels: the positions
// below are dense enough that the search would compute most): p and the
// positions below it computed bottom up, each from options already known;
// stopped by an option not known yet or an error, after which the game is
// not swept again
static void sweep_%[1]s() {
    if (nosweep_%[1]s || pend_%[1]s.size() < 2) return;
    const rt::i64 p = pend_%[1]s.back()[0], q = pend_%[1]s[pend_%[1]s.size() - 2][0];
    if (!(0 <= p && p < q && q - p <= 32 * rt::MAXDEPTH)) return;
    bottom_%[1]s(p, p);
}
`, c)
	}
	if box {
		fmt.Fprintf(&b, "static rt::i64 state_%s(rt::i64 id) { return memo_%s.get(%s); }\n", c, c, keyOf("id"))
		fmt.Fprintf(&b, "static void setstate_%s(rt::i64 id, rt::i64 v) { [[maybe_unused]] const auto k = %s; memo_%s.set(k, v); }\n\n", c, keyOf("id"), c)
	} else {
		if gm.hasGameArg() {
			fmt.Fprintf(&b, "static rt::i64 state_%s(rt::i64 id) { return memo_%s.get(%s); }\n", c, c, keyOf("id"))
			fmt.Fprintf(&b, "static void setstate_%s(rt::i64 id, rt::i64 v) { [[maybe_unused]] const auto k = %s; memo_%s.set(k, v); }\n\n", c, keyOf("id"), c)
		} else {
			fmt.Fprintf(&b, "static rt::i64 state_%s(rt::i64 id) { return memo_%s.st[(size_t)id]; }\n", c, c)
			fmt.Fprintf(&b, "static void setstate_%s(rt::i64 id, rt::i64 v) { memo_%s.st[(size_t)id] = (int32_t)v; }\n\n", c, c)
		}
	}
	return b.String()
}

// denseText writes the bottom-up sweeps of a game of one int: every
// position below low_C is known; bottom_C(x) computes the positions from
// low_C to x in order, each by its rule, an option below it read straight
// from the table. It stops at an option not known yet (above the position)
// or at an error, which it does not report (the search meets it again
// where it must), and the game is not swept again. span_C(x) is how many
// positions from low_C to x there are (0: x is not inside the table).
func (g *gen) denseText(gm *gameInfo) string {
	return fmt.Sprintf(`// the bottom-up sweeps of %[2]s: every position below low_%[1]s is known;
// bottom_%[1]s(x, end) computes the positions from low_%[1]s to end in order, each
// by its rule, an option below it read from the table, and tells whether x
// is known; it stops at an option not known yet or an error, not reported
// (the search meets it again where it must), after which the game is not
// swept again
static bool nosweep_%[1]s = false;
static rt::i64 low_%[1]s = 0;
static rt::i64 searched_%[1]s = 0;  // positions the searches computed since the last sweep
static rt::i64 ahead_%[1]s = 1;     // how far a query's sweep goes: x .. x + ahead - 1
static bool nobulk_%[1]s = false;
static rt::i64 span_%[1]s(rt::i64 x) {
    const rt::i64 dim = std::min<rt::i64>(memo_%[1]s.dim[0], (rt::i64)1 << 31);
    rt::i64 k = low_%[1]s;
    while (k < dim) {
        if (!rt::known_cell(memo_%[1]s.cells[(size_t)k])) break;
        ++k;
    }
    low_%[1]s = k;
    return k <= x && x < dim ? x - k + 1 : 0;
}
static bool bottom_%[1]s(rt::i64 x, rt::i64 end) {
    if (nosweep_%[1]s || span_%[1]s(x) == 0) return false;
    end = std::min(end, std::min<rt::i64>(memo_%[1]s.dim[0], (rt::i64)1 << 31) - 1);
    rt::sweeping = true;
    rt::maxdepth = 1;
    rt::i64 k = low_%[1]s;
    bool done = false;
    const int calls = rt::calls;
    try {
        for (; k <= end; ++k) {
            if (rt::known_cell(memo_%[1]s.cells[(size_t)k])) continue;
            if (rt::is_sig(rule_%[1]s<true>(rt::assume(k, 0, INT_MAX)))) break;  // (the sweep's depth is 0: no cycle through k)
        }
        done = k > end;
    } catch (const rt::Speculative&) {
        memo_%[1]s.set({k}, rt::UNKNOWN);
        rt::calls = calls;
    }
    rt::sweeping = false;
    rt::maxdepth = rt::MAXDEPTH;
    low_%[1]s = k;
    searched_%[1]s = 0;
    if (!done) nosweep_%[1]s = true;
    return k > x;
}
// bulk_%[1]s(x, end): the positions x .. end not known, and those they reach,
// labelled in one region (a game with cycles); an error stops it, not
// reported, after which the game is not labelled so again
static bool bulk_%[1]s(rt::i64 x, rt::i64 end) {
    if (nobulk_%[1]s) return false;
    end = std::min(end, std::min<rt::i64>(memo_%[1]s.dim[0], (rt::i64)1 << 31) - 1);
    rt::sweeping = true;
    const int calls = rt::calls;
    try {
        rt::solve_loopy(G_%[1]s, x, end - x + 1);
    } catch (const rt::Speculative&) {
        rt::loopy_forget();
        rt::calls = calls;
        nobulk_%[1]s = true;
    }
    rt::sweeping = false;
    return rt::known_cell(memo_%[1]s.cells[(size_t)x]);
}
// early_%[1]s: what a query of x at the top level does before its search: a
// sweep when one is due (true: x is known then), else the search's budget.
// Ascending queries (x the lowest unknown position, again) are computed
// ahead, twice as far each time (at most x further); the searches since
// the last sweep having computed a 32nd as many positions as there are
// from the lowest unknown one to x, those are swept (the sweep computes at
// most 32 times as many positions as the searches it replaces).
static bool early_%[1]s(rt::i64 x, rt::i64& room) {
    room = rt::NOBUDGET;
    const rt::i64 n = span_%[1]s(x);
    if (n == 0) return false;
    ahead_%[1]s = n == 1 ? std::min(2 * ahead_%[1]s, std::max<rt::i64>(64, x)) : 1;
    if (rt::is_loopy(G_%[1]s)) return n == 1 && bulk_%[1]s(x, x + ahead_%[1]s - 1);
    if (nosweep_%[1]s) return false;
    room = n / 32 - searched_%[1]s;
    if (room > 0) return false;
    room = rt::NOBUDGET;
    return bottom_%[1]s(x, x + ahead_%[1]s - 1);
}
`, gm.cname, gm.st.Name.Name)
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
		out[i] = commentLine(out[i])
	}
	return out
}

// registerGames writes the table of the games the runtime calls.
func (g *gen) registerGames() string {
	var b strings.Builder
	b.WriteString("static void register_games() {\n    rt::games = {\n")
	for _, gm := range g.gameOrder {
		c := gm.cname
		sweep := "nullptr"
		if gm.isBox() && len(gm.params) == 1 {
			sweep = "sweep_" + c
		}
		cells := ""
		if gm.isBox() && len(gm.params) == 1 {
			optn := "nullptr"
			if g.selfOnly(gm, gm.st) {
				optn = "optn_" + c
			}
			cells = fmt.Sprintf(", &memo_%s.cells.p, &memo_%s.dim[0], %s", c, c, optn)
		}
		fmt.Fprintf(&b, "        {%s, show_%s, value_%s, solveid_%s, optsid_%s, optpid_%s, solvepend_%s, poppend_%s, pendid_%s, state_%s, setstate_%s, %s, %d, cmp_%s%s},\n",
			cstr(gm.st.Name.Name), c, c, c, c, c, c, c, c, c, c, sweep, g.site(gm.st.Name.Pos), c, cells)
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
