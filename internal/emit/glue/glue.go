// Package glue writes, for grundy emit, the C++ text of a game that
// depends only on its names and the shape of its table: its declarations,
// what a query of a position does (the memo, the search and its driver,
// and for a game of one int the sweeps bottom up before it), and the
// runtime's view of the game by the ids of its positions.
package glue

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Game is what the glue of a game is written from.
type Game struct {
	C, Name  string // the game's C++ name, the script's
	ID       int    // its index in the runtime's table of games
	Proto    string // its functions' parameters: "rt::i64 a0, ..."
	Args     string // their names: "a0, ..."
	Key      string // the key of the position (a0, ...)
	KeyType  string // the C++ type of a key
	Unpack   string // the arguments of the position of key k
	Params   int    // how many arguments
	Box      bool   // its positions' arguments are ints: a dense table
	GameArg  bool   // its arguments hold game values
	SelfOnly bool   // of one int, every option a position of it (optn_C)
}

// oneInt reports whether g's table is of one int: it is swept bottom up.
func (g Game) oneInt() bool { return g.Box && g.Params == 1 }

// IDOf is the id of the position of key k.
func (g Game) IDOf(k string) string {
	if g.oneInt() {
		return k + "[0]"
	}
	return g.ids() + ".id(" + k + ")"
}

// keyOf is the key of the position of id id.
func (g Game) keyOf(id string) string {
	if g.oneInt() {
		return "std::array<rt::i64, 1>{" + id + "}"
	}
	return g.ids() + ".keys[(size_t)" + id + "]"
}

// ids is the table of its positions' ids.
func (g Game) ids() string {
	if !g.Box && !g.GameArg {
		return "memo_" + g.C
	}
	return "ids_" + g.C
}

// Decls is the game's tables and the declarations of its functions.
func Decls(g Game) string {
	var b strings.Builder
	c := g.C
	fmt.Fprintf(&b, "// game %s: its positions' states, the positions the search deferred\n", g.Name)
	fmt.Fprintf(&b, "constexpr int G_%s = %d;\n", c, g.ID)
	if g.Box {
		fmt.Fprintf(&b, "static rt::Box<%d> memo_%s;\n", g.Params, c)
		if g.Params > 1 {
			fmt.Fprintf(&b, "static rt::Intern<%d> ids_%s;\n", g.Params, c)
		}
	} else {
		fmt.Fprintf(&b, "static rt::Table<%s> memo_%s;\n", g.KeyType, c)
		if g.GameArg {
			fmt.Fprintf(&b, "static rt::Exact<%s> ids_%s;\n", g.KeyType, c)
		}
	}
	fmt.Fprintf(&b, "static std::vector<%s> pend_%s;\n", g.KeyType, c)
	pp := g.Proto
	for _, f := range []string{"rt::i64 solve_", "rt::i64 drive_", "inline rt::i64 sgv_", "inline rt::i64 top_", "rt::Game pos_", "rt::i64 id_"} {
		fmt.Fprintf(&b, "[[maybe_unused]] static %s%s(%s);\n", f, c, pp)
	}
	sep := ""
	if pp != "" {
		sep = ", "
	}
	fmt.Fprintf(&b, "[[maybe_unused]] static void opts_%s(%s%sstd::vector<rt::Game>& o);\n", c, pp, sep)
	return b.String()
}

// Access is the value of a position inside a search (sgv_C) and at the
// top level (top_C), and the driver of a query at the top level (drive_C:
// the search begins at once; a position it defers, or a cycle, goes to the
// runtime's driver), after the sweeps of a game of one int.
func Access(g Game) string {
	var b strings.Builder
	c, pp, args, k := g.C, g.Proto, g.Args, g.Key
	get := fmt.Sprintf("memo_%s.get(%s)", c, k)
	raw := fmt.Sprintf("memo_%s.raw(%s)", c, k)
	fmt.Fprintf(&b, "// the value of a position of %s inside a search, and at the top level\n", g.Name)
	fmt.Fprintf(&b, "// (a value kept apart from the table, ESC, is read by solve_%s and drive_%s)\n", c, c)
	fmt.Fprintf(&b, "static inline rt::i64 sgv_%s(%s) {\n    const rt::i64 v = %s;\n    if (v >= 0 || v <= rt::INF0) return v;\n    return solve_%s(%s);\n}\n", c, pp, raw, c, args)
	fmt.Fprintf(&b, "static inline rt::i64 top_%s(%s) {\n    const rt::i64 v = %s;\n    if (v >= 0 || v <= rt::INF0) return v;\n    return drive_%s(%s);\n}\n", c, pp, raw, c, args)
	if g.oneInt() {
		b.WriteString(sweeps(g))
	}
	fmt.Fprintf(&b, "// (the search begins at once; a position it defers, or a cycle, goes to the driver)\n")
	fmt.Fprintf(&b, "static rt::i64 drive_%s(%s) {\n", c, pp)
	if g.Box {
		fmt.Fprintf(&b, "    memo_%s.reserve(%s);\n", c, k)
	}
	fmt.Fprintf(&b, "    if (rt::depth == 0 && rt::pend.empty()) {\n")
	fmt.Fprintf(&b, "        const size_t _b = pend_%s.size();\n", c)
	if g.oneInt() {
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
	return b.String()
}

// sweeps is the bottom-up sweeps of a game of one int: every position
// below low_C is known; bottom_C(x, end) computes the positions from low_C
// to end in order, each by its rule, an option below it read straight
// from the table. It stops at an option not known yet (above the position)
// or at an error, which it does not report (the search meets it again
// where it must), and the game is not swept again. bulk_C labels a run of
// positions of a game with cycles in one region; early_C is what a query
// at the top level does before its search.
func sweeps(g Game) string {
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
`, g.C, g.Name)
}

// ByID is the runtime's view of the game: its functions by the ids of its
// positions, and for a game of one int the sweep of a deep chain.
func ByID(g Game) string {
	var b strings.Builder
	c, kk, id := g.C, g.Unpack, g.keyOf("id")
	fmt.Fprintf(&b, "static void show_%s(std::string& o, rt::i64 id) {\n    [[maybe_unused]] const auto k = %s;\n    o += %s;\n", c, id, Str(g.Name+"("))
	for i := 0; i < g.Params; i++ {
		if i > 0 {
			b.WriteString("    o += \", \";\n")
		}
		if g.Box {
			fmt.Fprintf(&b, "    rt::show(o, k[%d]);\n", i)
		} else {
			fmt.Fprintf(&b, "    rt::show(o, std::get<%d>(k));\n", i)
		}
	}
	b.WriteString("    o += ')';\n}\n")
	fmt.Fprintf(&b, "static int cmp_%s(rt::i64 a, rt::i64 b) { const auto x = %s; const auto y = %s; return x < y ? -1 : y < x ? 1 : 0; }\n", c, g.keyOf("a"), g.keyOf("b"))
	fmt.Fprintf(&b, "static rt::i64 value_%s(rt::i64 id) { [[maybe_unused]] const auto k = %s; return top_%s(%s); }\n", c, id, c, kk)
	fmt.Fprintf(&b, "static rt::i64 solveid_%s(rt::i64 id) { [[maybe_unused]] const auto k = %s; return sgv_%s(%s); }\n", c, id, c, kk)
	sep := ""
	if kk != "" {
		sep = ", "
	}
	fmt.Fprintf(&b, "static void optsid_%s(rt::i64 id, std::vector<rt::Game>& o) { [[maybe_unused]] const auto k = %s; opts_%s(%s%so); }\n", c, id, c, kk, sep)
	fmt.Fprintf(&b, "static void optpid_%s(rt::i64 id, std::vector<rt::Part>& parts, std::vector<uint32_t>& ends) { [[maybe_unused]] const auto k = %s; optp_%s(%s%sparts, ends); }\n", c, id, c, kk, sep)
	fmt.Fprintf(&b, "static rt::i64 solvepend_%s() { [[maybe_unused]] const auto k = pend_%s.back(); return solve_%s(%s); }\n", c, c, c, kk)
	fmt.Fprintf(&b, "static void poppend_%s() { pend_%s.pop_back(); }\n", c, c)
	fmt.Fprintf(&b, "static rt::i64 pendid_%s() { [[maybe_unused]] const auto k = pend_%s.back(); return %s; }\n", c, c, g.IDOf("k"))
	if g.oneInt() {
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
	switch {
	case g.Box || g.GameArg:
		fmt.Fprintf(&b, "static rt::i64 state_%s(rt::i64 id) { return memo_%s.get(%s); }\n", c, c, id)
		fmt.Fprintf(&b, "static void setstate_%s(rt::i64 id, rt::i64 v) { [[maybe_unused]] const auto k = %s; memo_%s.set(k, v); }\n\n", c, id, c)
	default:
		fmt.Fprintf(&b, "static rt::i64 state_%s(rt::i64 id) { return memo_%s.st[(size_t)id]; }\n", c, c)
		fmt.Fprintf(&b, "static void setstate_%s(rt::i64 id, rt::i64 v) { memo_%s.st[(size_t)id] = (int32_t)v; }\n\n", c, c)
	}
	return b.String()
}

// Entry is the game's entry in the runtime's table of games (name: its
// name as a C++ string literal; site: where it is declared).
func Entry(g Game, name string, site int) string {
	c := g.C
	sweep, cells := "nullptr", ""
	if g.oneInt() {
		sweep = "sweep_" + c
		optn := "nullptr"
		if g.SelfOnly {
			optn = "optn_" + c
		}
		cells = fmt.Sprintf(", &memo_%s.cells.p, &memo_%s.dim[0], %s", c, c, optn)
	}
	return fmt.Sprintf("        {%s, show_%s, value_%s, solveid_%s, optsid_%s, optpid_%s, solvepend_%s, poppend_%s, pendid_%s, state_%s, setstate_%s, %s, %d, cmp_%s%s},\n",
		name, c, c, c, c, c, c, c, c, c, c, sweep, site, c, cells)
}

// Str is s as a C++ string literal.
func Str(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 32 || c >= 127 || c == '?':
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// CommentLine is a line of the script as a line of a // comment: one
// ending in a backslash gets a // after it (a backslash at the end of a
// line would continue the comment on the next).
func CommentLine(l string) string {
	l = strings.TrimRight(l, " \t\r")
	if strings.HasSuffix(l, "\\") {
		l += " //"
	}
	return l
}

// Comment is s safe inside a // comment.
func Comment(s string) string {
	return strings.NewReplacer("\n", " ", "\\", "/").Replace(s)
}

// Int is v as a C++ literal of type long long (the least int64 as an
// expression: its digits alone do not fit, and g++ would make them an
// __int128).
func Int(v int64) string {
	if v == math.MinInt64 {
		return "(-9223372036854775807LL - 1)"
	}
	return strconv.FormatInt(v, 10) + "LL"
}
