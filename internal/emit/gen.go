package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/glue"
	"github.com/grundy-lang/grundy/internal/emit/ranges"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The generator: the program's layout (the runtime, the error sites, the
// globals, the defs, the games, main) and the statements.

// gen writes the program.
type gen struct {
	*emitter
	w       *writer // the function being written
	sites   []string
	siteOf  map[lang.Pos]int
	gnames  map[string]bool          // C++ names at namespace scope
	globals map[*resolve.Decl]string // top-level lets
	locals  map[*resolve.Decl]string // the current function's locals
	lnames  map[string]bool          // C++ names of the current function
	tmpN    int                      // temporaries of the current function
	rule    *ruleCtx                 // the move rule being written (SG mode)
	intVars map[*resolve.Decl]bool   // variables declared rt::i64 whatever their type (range loops)
	globalV []string                 // global variable declarations
	heights map[*defInfo]int         // the defs whose calls nest boundedly: their height (calls.go)
	small   map[*defInfo]bool        // the bounded defs inlined always
	ranges  *ranges.Analyzer         // the int expressions' intervals
	// inBounded: a bounded def's body is being written, whose calls of
	// bounded defs count only if its own call did (calls.go)
	inBounded bool
	// localChk: a function of a game's options is being written, whose
	// calls of bounded defs look at its _chk
	localChk bool
}

// writer is a function body being written, a line at a time.
type writer struct {
	b   strings.Builder
	ind int
}

func (w *writer) line(format string, args ...any) {
	for i := 0; i < w.ind; i++ {
		w.b.WriteString("    ")
	}
	if len(args) == 0 {
		w.b.WriteString(format)
	} else {
		fmt.Fprintf(&w.b, format, args...)
	}
	w.b.WriteByte('\n')
}

func (w *writer) open(format string, args ...any) {
	w.line(format, args...)
	w.ind++
}

func (w *writer) close(s string) {
	w.ind--
	w.line("%s", s)
}

// cppWords are the names a script's name cannot take as they are.
var cppWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`alignas alignof and and_eq asm auto bitand bitor bool break case catch char
		char8_t char16_t char32_t class compl concept const consteval constexpr constinit const_cast continue
		co_await co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
		extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr
		operator or or_eq private protected public register reinterpret_cast requires return short signed
		sizeof static static_assert static_cast struct switch template this thread_local throw true try typedef
		typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq main rt std
		NULL EOF assert errno stdin stdout stderr INT64_MAX INT64_MIN LLONG_MIN LLONG_MAX`) {
		cppWords[w] = true
	}
}

// cname is a script's name as a C++ identifier.
func cname(n string) string {
	if cppWords[n] || strings.HasPrefix(n, "_") || strings.Contains(n, "__") {
		return n + "_"
	}
	return n
}

// global allocates a name at namespace scope.
func (g *gen) global(base string) string {
	n := base
	for i := 2; g.gnames[n]; i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	g.gnames[n] = true
	return n
}

// local gives declaration d a C++ name in the current function.
func (g *gen) local(d *resolve.Decl) string {
	base := cname(d.Name)
	n := base
	for i := 2; g.lnames[n] || g.gnames[n]; i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	g.lnames[n] = true
	g.locals[d] = n
	return n
}

// tmp is a fresh temporary.
func (g *gen) tmp(base string) string {
	g.tmpN++
	return fmt.Sprintf("_%s%d", base, g.tmpN)
}

// begin starts a function body.
func (g *gen) begin() *writer {
	g.w = &writer{ind: 1}
	g.locals = map[*resolve.Decl]string{}
	g.lnames = map[string]bool{}
	g.tmpN = 0
	return g.w
}

// site is the index of an error site in SITES.
func (g *gen) site(pos lang.Pos) int {
	if i, ok := g.siteOf[pos]; ok {
		return i
	}
	i := len(g.sites)
	g.siteOf[pos] = i
	p := pos
	if p.Filename == "" {
		p.Filename = g.file
	}
	snip := lang.Snippet(g.src, pos)
	g.sites = append(g.sites, fmt.Sprintf("{%s, %s}", cstr(lang.FormatPos(p)), cstr(snip)))
	return i
}

// cstr is s as a C++ string literal.
func cstr(s string) string { return glue.Str(s) }

// ctype is the C++ type of a type.
func ctype(t *ty) string {
	t = t.find()
	switch t.k {
	case kInt, kVar:
		return "rt::i64"
	case kSGV:
		return "rt::SGV"
	case kBool:
		return "bool"
	case kStr:
		return "std::string"
	case kGame:
		return "rt::Game"
	case kList:
		return "std::vector<" + ctype(t.args[0]) + ">"
	case kSet:
		return "rt::Set<" + ctype(t.args[0]) + ">"
	case kMap:
		return "rt::Map<" + ctype(t.args[0]) + ", " + ctype(t.args[1]) + ">"
	case kTuple:
		var parts []string
		for _, a := range t.args {
			parts = append(parts, ctype(a))
		}
		return "std::tuple<" + strings.Join(parts, ", ") + ">"
	}
	return "?"
}

// isSimple reports whether a C++ value of type t is passed by value.
func isSimple(t *ty) bool {
	k := t.kindOf()
	return k == kInt || k == kBool || k == kVar
}

// paramType is how a parameter of type t is passed.
func paramType(t *ty) string {
	if isSimple(t) {
		return ctype(t)
	}
	return "const " + ctype(t) + "&"
}

// stmtText is a statement's source text, for the comment above its
// translation (a long one shortened, a multi-line one on one line each).
func (g *gen) stmtText(st lang.Stmt, end int) []string {
	start := st.Position().Offset
	if end <= start || end > len(g.src) {
		end = len(g.src)
	}
	text := strings.TrimRight(g.src[start:end], " \t\r\n")
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		// a comment line after the statement is not part of it
		if strings.HasPrefix(strings.TrimSpace(l), "#") && len(out) > 0 {
			break
		}
		out = append(out, l)
	}
	return out
}

// comment writes a statement as comment lines.
func (g *gen) comment(w *writer, st lang.Stmt, end int) {
	for _, l := range g.stmtText(st, end) {
		w.line("// %s", glue.CommentLine(l))
	}
}

// generate writes the whole program.
func (e *emitter) generate(f *lang.File) string {
	g := &gen{emitter: e, siteOf: map[lang.Pos]int{}, gnames: map[string]bool{}, globals: map[*resolve.Decl]string{}, intVars: map[*resolve.Decl]bool{}}
	g.ranges = &ranges.Analyzer{
		IsInt: func(x lang.Expr) bool { t := g.types[x]; return t != nil && t.is(kInt) },
		Def: func(x *lang.Call) (any, lang.Expr, bool) {
			d, _, _ := g.callee(x)
			if d == nil || d.st == nil {
				return nil, nil, false
			}
			return d, d.st.Body, true
		},
	}
	for _, w := range []string{"main", "rt", "std", "SITES"} {
		g.gnames[w] = true
	}
	// names of the defs and games first, then the globals
	for _, d := range e.defOrder {
		d.cname = g.global(cname(d.st.Name.Name))
	}
	for _, gm := range e.gameOrder {
		gm.cname = g.global(cname(gm.st.Name.Name))
		for _, p := range []string{"memo_", "ids_", "solve_", "sgv_", "top_", "pos_", "id_", "opts_", "optp_", "pend_", "drive_", "G_", "show_", "value_", "solveid_", "optsid_", "optpid_", "solvepend_", "poppend_", "pendid_", "state_", "setstate_", "sweep_", "nosweep_", "rule_", "wide_", "low_", "span_", "bottom_", "searched_", "ahead_", "nobulk_", "bulk_", "early_", "optn_"} {
			g.gnames[p+gm.cname] = true
		}
	}
	g.collectGlobals(f.Stmts)
	g.heights, g.small = defHeights(e.defOrder, e.defs)

	var body strings.Builder
	// ends of the top-level statements (for their comments)
	ends := stmtEnds(f.Stmts, len(e.src))

	var defsText, gamesText, protos strings.Builder
	for _, gm := range e.gameOrder {
		g.gameDecls(&protos, gm)
	}
	for i, st := range f.Stmts {
		switch st := st.(type) {
		case *lang.DefStmt:
			info := e.defs[resolve.NameDecl(st.Name)]
			text := g.defFunc(info, st, ends[i])
			fmt.Fprintf(&protos, "[[maybe_unused]] static %s;\n", g.defSignature(info))
			defsText.WriteString(text)
		case *lang.GameStmt:
			gamesText.WriteString(g.gameFuncs(e.games[resolve.NameDecl(st.Name)], st, ends[i]))
		}
	}
	mainW := g.begin()
	if len(e.gameOrder) > 0 {
		mainW.line("register_games();")
	}
	for i, st := range f.Stmts {
		switch st.(type) {
		case *lang.DefStmt, *lang.GameStmt:
			continue
		}
		g.w = mainW
		g.comment(mainW, st, ends[i])
		g.stmt(st, true)
	}
	mainW.line("rt::flush();")
	mainW.line("return 0;")

	body.WriteString("// " + glue.Comment(e.file) + ", translated by grundy emit: a C++17 program that prints\n")
	body.WriteString("// what `grundy run " + glue.Comment(e.file) + "` prints. Build: g++ -O2 -std=c++17 prog.cpp\n")
	body.WriteString(runtimeSrc)
	body.WriteString("\nusing rt::i64;\n\n")
	// The script's names live in a namespace of their own: a let, def or
	// game may then take a name the C library declares (index, time, y1,
	// id_t from a game t's id_ function).
	body.WriteString("namespace prog {\n\n")
	if len(g.globalV) > 0 {
		body.WriteString("// ---- the script's lets ----\n")
		for _, v := range g.globalV {
			body.WriteString(v + "\n")
		}
		body.WriteString("\n")
	}
	if protos.Len() > 0 {
		body.WriteString("// ---- declarations ----\n")
		body.WriteString(protos.String())
		body.WriteString("\n")
	}
	body.WriteString(defsText.String())
	body.WriteString(gamesText.String())
	if len(e.gameOrder) > 0 {
		body.WriteString(g.registerGames())
	}
	body.WriteString("// the script's statements, in order\nstatic int run() {\n")
	body.WriteString(mainW.b.String())
	body.WriteString("}\n\n} // namespace prog\n\nint main() { return prog::run(); }\n\n")
	body.WriteString("// ---- where errors point: FILE:LINE:COL and the line with a caret ----\n")
	body.WriteString("const rt::Site rt::SITES[] = {\n")
	if len(g.sites) == 0 {
		g.sites = append(g.sites, `{"", ""}`)
	}
	for _, s := range g.sites {
		body.WriteString("    " + s + ",\n")
	}
	body.WriteString("};\n")
	return body.String()
}

// stmtEnds is, for each statement, where its text ends (the next one's
// start).
func stmtEnds(sts []lang.Stmt, end int) []int {
	out := make([]int, len(sts))
	for i := range sts {
		if i+1 < len(sts) {
			out[i] = sts[i+1].Position().Offset
		} else {
			out[i] = end
		}
	}
	return out
}

// collectGlobals names the top-level lets.
func (g *gen) collectGlobals(sts []lang.Stmt) {
	for _, st := range sts {
		l, ok := st.(*lang.LetStmt)
		if !ok {
			continue
		}
		for _, n := range l.Pattern().Names {
			d := resolve.NameDecl(n)
			name := g.global(cname(n.Name))
			g.globals[d] = name
			g.globalV = append(g.globalV, fmt.Sprintf("static %s %s;", ctype(g.decls[d]), name))
		}
	}
}

// varName is the C++ name of a variable.
func (g *gen) varName(d *resolve.Decl) string {
	if n, ok := g.locals[d]; ok {
		return n
	}
	if n, ok := g.globals[d]; ok {
		return n
	}
	panic(fmt.Sprintf("emit: no name for %s", d.Name))
}

// stmt writes a statement (top: of the file itself).
func (g *gen) stmt(st lang.Stmt, top bool) {
	w := g.w
	switch st := st.(type) {
	case *lang.LetStmt:
		p := st.Pattern()
		val := g.val(st.Value)
		if !p.Tuple {
			d := resolve.NameDecl(p.Names[0])
			if top {
				w.line("%s = %s;", g.globals[d], val)
			} else {
				w.line("%s %s = %s;", ctype(g.decls[d]), g.local(d), val)
			}
			return
		}
		t := g.tmp("t")
		w.line("%s %s = %s;", ctype(g.types[st.Value]), t, val)
		for i, n := range p.Names {
			d := resolve.NameDecl(n)
			if top {
				w.line("%s = std::get<%d>(%s);", g.globals[d], i, t)
			} else {
				w.line("%s %s = std::get<%d>(%s);", ctype(g.decls[d]), g.local(d), i, t)
			}
		}
	case *lang.PrintStmt:
		if len(st.Args) == 0 {
			w.line("rt::endline();")
			return
		}
		w.open("{")
		l := g.tmp("line")
		w.line("std::string %s;", l)
		for i, a := range st.Args {
			if i > 0 {
				w.line("%s += ' ';", l)
			}
			w.line("rt::top(%s, %s);", l, g.val(a))
		}
		w.line("rt::out += %s;", l)
		w.line("rt::endline();")
		w.close("}")
	case *lang.AssertStmt:
		s := g.site(st.Pos)
		w.open("if (!(%s)) {", g.val(st.Cond))
		if st.Msg != nil {
			w.line("rt::assert_failed(%d, rt::str(%s));", s, g.val(st.Msg))
		} else {
			w.line("rt::assert_failed(%d, \"\");", s)
		}
		w.close("}")
	case *lang.ForStmt:
		p := st.Target.(*lang.Pattern)
		g.forLoop(p, st.Iter, func() {
			for _, b := range st.Body {
				g.stmt(b, false)
			}
		}, true)
	default:
		g.outside(st.Position(), "this statement", "")
	}
}

// forLoop writes `for PATTERN in ITER { body }` (stmt: a for statement,
// whose range is built as a list, with the length limit).
func (g *gen) forLoop(p *lang.Pattern, iter lang.Expr, body func(), stmt bool) {
	w := g.w
	if r, ok := iter.(*lang.Binary); ok && r.Op == lang.OpRange && !p.Tuple {
		lo, hi := g.intOp(r.X, r.Y, "..")
		if stmt {
			// a for statement builds its range: the same length limit
			s := g.site(r.Pos)
			a, b := g.tmp("lo"), g.tmp("hi")
			w.line("const rt::i64 %s = %s, %s = %s;", a, lo, b, hi)
			w.line("rt::range_check(%s, %s, %d);", a, b, s)
			lo, hi = a, b
		}
		g.rangeLoop(p.Names[0], lo, hi, body)
		return
	}
	if n, site, ok := g.divisorsCall(iter); ok && !p.Tuple {
		// divisors(n) iterated as it is found, no list built
		d := resolve.NameDecl(p.Names[0])
		name := g.local(d)
		g.intVars[d] = true
		w.open("for (rt::i64 %s : rt::Divisors(%s, %d)) {", name, n, site)
		w.line("(void)%s;", name)
		body()
		w.close("}")
		return
	}
	coll := g.val(iter)
	tc := g.types[iter]
	src := coll
	if tc.is(kMap) {
		src = "rt::keys(" + coll + ")"
	}
	if ints, ok := constIntColl(iter); ok && tc.is(kSet) {
		arr := g.tmp("s")
		w.line("static const rt::i64 %s[] = {%s};", arr, strings.Join(ints, ", "))
		src = arr
	}
	if !p.Tuple {
		d := resolve.NameDecl(p.Names[0])
		et := g.decls[d]
		name := g.local(d)
		if isSimple(et) {
			w.open("for (%s %s : %s) {", ctype(et), name, src)
		} else {
			w.open("for (const %s& %s : %s) {", ctype(et), name, src)
		}
		w.line("(void)%s;", name)
		body()
		w.close("}")
		return
	}
	var names []string
	for _, n := range p.Names {
		names = append(names, g.local(resolve.NameDecl(n)))
	}
	w.open("for (const auto& [%s] : %s) {", strings.Join(names, ", "), src)
	for _, n := range names {
		w.line("(void)%s;", n)
	}
	body()
	w.close("}")
}

// constIntColl is the sorted distinct values of a set literal of int
// literals.
func constIntColl(x lang.Expr) ([]string, bool) {
	s, ok := x.(*lang.SetLit)
	if !ok {
		return nil, false
	}
	var vals []int64
	for _, e := range s.Elems {
		v, ok := constIndex(e)
		if !ok {
			return nil, false
		}
		vals = append(vals, v)
	}
	slices.Sort(vals)
	var out []string
	for i, v := range vals {
		if i > 0 && vals[i-1] == v {
			continue
		}
		out = append(out, glue.Int(v))
	}
	return out, true
}

// divisorsCall recognizes a call of the built-in divisors: its int
// argument's C++ and the call's site.
func (g *gen) divisorsCall(x lang.Expr) (string, int, bool) {
	call, ok := x.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return "", 0, false
	}
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return "", 0, false
	}
	d := resolve.Of(id)
	if d == nil || d.Kind != resolve.Builtin || d.Name != "divisors" {
		return "", 0, false
	}
	return g.intOf(call.Args[0], "divisors", true), g.site(call.Pos), true
}

// rangeLoop writes a loop of name over lo .. hi (ints, evaluated once,
// lo first), safe at the largest int.
func (g *gen) rangeLoop(n *lang.Name, lo, hi string, body func()) {
	w := g.w
	d := resolve.NameDecl(n)
	name := g.local(d)
	g.intVars[d] = true
	end, goOn := g.tmp("end"), g.tmp("go")
	// (lo <= hi tested once: the loop ends at its break, safe at the
	// largest int)
	w.open("for (rt::i64 %s = %s, %s = %s, %s = %s <= %s; %s; ++%s) {", name, lo, end, hi, goOn, name, end, goOn, name)
	body()
	w.line("if (%s == %s) break;", name, end)
	w.close("}")
}

// defSignature is a def's C++ signature.
func (g *gen) defSignature(d *defInfo) string {
	params := []string{"int _site"}
	for i, p := range lang.ParamNames(d.st.Params) {
		_ = p
		params = append(params, paramType(d.params[i])+" "+d.pnames[i])
	}
	if _, ok := g.heights[d]; ok {
		params = append(params, "bool _chk")
	}
	return fmt.Sprintf("%s %s(%s)", ctype(d.ret), d.cname, strings.Join(params, ", "))
}

// defFunc writes a def as a C++ function.
func (g *gen) defFunc(d *defInfo, st *lang.DefStmt, end int) string {
	w := g.begin()
	d.pnames = nil
	for _, p := range lang.ParamNames(st.Params) {
		d.pnames = append(d.pnames, g.local(resolve.NameDecl(p)))
	}
	leave := "--rt::calls;"
	if h, ok := g.heights[d]; ok {
		w.line("const bool _counted = _chk && rt::enter_near(_site, %s, %d);", cstr(st.Name.Name), h)
		leave = "if (_counted) --rt::calls;"
		g.inBounded = true
	} else {
		w.line("rt::enter(_site, %s);", cstr(st.Name.Name))
	}
	body := g.val(st.Body)
	g.inBounded = false
	w.line("%s _r = %s;", ctype(d.ret), body)
	w.line("%s", leave)
	w.line("return _r;")
	var b strings.Builder
	cw := &writer{}
	g.comment(cw, st, end)
	b.WriteString(cw.b.String())
	inline := ""
	if _, ok := g.heights[d]; ok {
		inline = "inline "
		if g.small[d] {
			inline = "inline __attribute__((always_inline)) "
		}
	}
	fmt.Fprintf(&b, "static %s%s {\n", inline, g.defSignature(d))
	for _, n := range d.pnames {
		fmt.Fprintf(&b, "    (void)%s;\n", n)
	}
	b.WriteString(w.b.String())
	b.WriteString("}\n\n")
	return b.String()
}
