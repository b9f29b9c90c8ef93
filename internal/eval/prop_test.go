package eval_test

// Property tests of the Sprague-Grundy engine against brute force.
//
// Each test generates many small random games, writes them as one grundy
// script per batch (many games declared side by side, then their queries:
// one printed line each), runs the script through the Session API and checks every printed
// line against an independent computation in Go that knows nothing of
// Sprague-Grundy theory: a memoized win/lose search over the state of the
// WHOLE sum (a multiset of component states; a move moves one component),
// or, for games with cycles (loopyprop_test.go), a retrograde
// win/lose/draw analysis of the explicit state graph of the whole sum.
//
// sg values are checked through what they are supposed to mean: G has the
// value k exactly when G + *k is a loss for the player to move (for games
// with cycles, G is ∞K when no such k exists, K being the k for which
// G + *k is a win), each G + *k being solved by brute force.
//
// The counts are small enough for the default `go test ./internal/eval/`; the
// larger ones are smaller still in the fast suite (testenv.Scale: the long
// suite, GRUNDY_LONG_TESTS=1, runs them all); multiply them with
// -prop.n=N for long runs, and use -prop.seed=S to draw other cases than
// the fixed default ones. A failure prints the seed, the failing
// query as a standalone script and what that script prints on its own.

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/eval"
)

var (
	propN    = flag.Int("prop.n", 1, "multiply the number of random cases of the property tests by N")
	propSeed = flag.Uint64("prop.seed", 0, "when nonzero, mixed into the fixed seeds of the property tests (other cases)")
)

// propCount scales a default count by -prop.n.
func propCount(base int) int { return base * max(*propN, 1) }

// propRand returns the random source of one test: a fixed seed, unless
// -prop.seed asks for other cases.
func propRand(t *testing.T, seed uint64) (*rand.Rand, uint64) {
	if *propSeed != 0 {
		seed ^= *propSeed * 0x9e3779b97f4a7c15
	}
	t.Logf("seed %d (rerun with -prop.seed to vary, -prop.n to scale; counts are ×%d)", seed, max(*propN, 1))
	return rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), seed
}

// ---------------------------------------------------------------------------
// Scripts: units of declarations and queries, run in batches.

// A query is one printed expression and the check of the line it prints.
type query struct {
	expr  string
	check func(got string) string // "" when right, else what is wrong
}

// An item is one statement of a script and the lines it prints.
type item struct {
	stmt  string
	lines []query
}

// A unit is the declarations of one random game and its queries. Units of
// one batch must use distinct names.
type unit struct {
	decl  string
	items []item
	final func() string // optional: a check across the unit's answers, run after them
}

// ask adds `print EXPR`.
func (u *unit) ask(expr string, check func(string) string) {
	u.items = append(u.items, item{"print " + expr + "\n", []query{{expr, check}}})
}

// askFor adds `for v in 0 .. n-1 { print EXPR ... }` (fewer tokens to
// parse than one print per line): each EXPR has @ where v goes, and
// check(v, j) checks the line of the j-th EXPR for v.
func (u *unit) askFor(n int, exprs []string, check func(v, j int) func(string) string) {
	var body []string
	for _, e := range exprs {
		body = append(body, "print "+strings.ReplaceAll(e, "@", "v"))
	}
	it := item{stmt: fmt.Sprintf("for v in 0 .. %d {\n    %s\n}\n", n-1, strings.Join(body, "\n    "))}
	for v := range n {
		for j, e := range exprs {
			it.lines = append(it.lines, query{strings.ReplaceAll(e, "@", strconv.Itoa(v)), check(v, j)})
		}
	}
	u.items = append(u.items, it)
}

// askEach adds `for (x0, x1, ..) in [(..), ..] { print EXPR ... }`: each
// EXPR has @0, @1, .. where the items of a tuple go, and check(i, j) checks
// the line of the j-th EXPR for the i-th tuple.
func (u *unit) askEach(tuples [][]int, exprs []string, check func(i, j int) func(string) string) {
	if len(tuples) == 0 {
		return
	}
	m := len(tuples[0])
	subst := func(e string, vals func(x int) string) string {
		for x := m - 1; x >= 0; x-- {
			e = strings.ReplaceAll(e, "@"+strconv.Itoa(x), vals(x))
		}
		return e
	}
	var vars, lits, body []string
	for x := range m {
		vars = append(vars, "x"+strconv.Itoa(x))
	}
	for _, tu := range tuples {
		lits = append(lits, strings.Trim(intList(tu), "[]"))
	}
	for _, e := range exprs {
		body = append(body, "print "+subst(e, func(x int) string { return vars[x] }))
	}
	pat, list := vars[0], "["+strings.Join(lits, ", ")+"]"
	if m > 1 {
		pat = "(" + strings.Join(vars, ", ") + ")"
		list = "[(" + strings.Join(lits, "), (") + ")]"
	}
	it := item{stmt: fmt.Sprintf("for %s in %s {\n    %s\n}\n", pat, list, strings.Join(body, "\n    "))}
	for i, tu := range tuples {
		for j, e := range exprs {
			it.lines = append(it.lines, query{subst(e, func(x int) string { return strconv.Itoa(tu[x]) }), check(i, j)})
		}
	}
	u.items = append(u.items, it)
}

func (u *unit) standalone(q *query) string {
	s := u.decl
	if q != nil {
		return s + "print " + q.expr + "\n"
	}
	for _, it := range u.items {
		s += it.stmt
	}
	return s
}

// runScript runs a script in a fresh session and returns what it printed.
func runScript(src string) (string, error) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := s.ExecFile(ctx, "prop.game", src)
	return out.String(), err
}

// prober runs batches of units for one test and reports failures.
type prober struct {
	t     *testing.T
	seed  uint64
	fails int
	runs  int
	lines int
}

const maxReported = 8

func (p *prober) fail(format string, args ...any) {
	p.t.Helper()
	p.fails++
	if p.seed != 0 {
		format, args = "seed %d: "+format, append([]any{p.seed}, args...)
	}
	p.t.Errorf(format, args...)
	if p.fails >= maxReported {
		p.t.Fatalf("stopping after %d failures", p.fails)
	}
}

// run builds one script of all the units, runs it and checks every line.
func (p *prober) run(units []*unit) {
	p.t.Helper()
	var sb strings.Builder
	for _, u := range units {
		sb.WriteString(u.decl)
	}
	type at struct {
		u *unit
		q *query
	}
	var order []at
	for _, u := range units {
		for i := range u.items {
			it := &u.items[i]
			sb.WriteString(it.stmt)
			for j := range it.lines {
				order = append(order, at{u, &it.lines[j]})
			}
		}
	}
	src := sb.String()
	p.runs++
	out, err := runScript(src)
	if err != nil {
		// Find the unit that fails on its own, for a small reproduction.
		for _, u := range units {
			s := u.standalone(nil)
			if _, uerr := runScript(s); uerr != nil {
				p.fail("script fails: %v\nstandalone script:\n%s", uerr, s)
				return
			}
		}
		p.fail("batch script fails (no unit fails on its own): %v\nscript:\n%s", err, src)
		return
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(order) {
		p.fail("script printed %d lines, want %d\nscript:\n%s\noutput:\n%s", len(lines), len(order), src, out)
		return
	}
	p.lines += len(lines)
	done := map[*unit]bool{}
	for i, a := range order {
		if done[a.u] {
			continue
		}
		if msg := a.q.check(lines[i]); msg != "" {
			p.report(a.u, a.q, lines[i], msg)
			done[a.u] = true // one report per unit is enough
		}
	}
	for _, u := range units {
		if u.final != nil && !done[u] {
			if msg := u.final(); msg != "" {
				p.fail("%s\nscript of the game and its queries:\n%s", msg, u.standalone(nil))
			}
		}
	}
}

func (p *prober) report(u *unit, q *query, got, msg string) {
	p.t.Helper()
	s := u.standalone(q)
	alone, err := runScript(s)
	if err != nil {
		alone += fmt.Sprintf("(error: %v)", err)
	}
	p.fail("print %s\n  got:  %s\n  %s\nstandalone script:\n%s--- it prints on its own:\n%s", q.expr, got, msg, s, alone)
}

func (p *prober) done() {
	p.t.Logf("%d scripts, %d checked lines", p.runs, p.lines)
}

// ---------------------------------------------------------------------------
// Brute force over sums.

// A part is one component of a sum: a state of a kind of game.
type part struct{ k, s int }

// A universe knows the kinds of component games of one unit (kind 0 is the
// nimber, whose state is its size) and solves sums of them.
type universe struct {
	names []string
	gen   []func(s int) [][]part // options of one part, in the order the rules generate them; each option replaces the part
	cache []map[int][][]part
	memo  map[string]bool // win/lose search (acyclic games)

	// explicit state graph for retrograde analysis (games with cycles)
	ids    map[string]int
	states [][]part
	succ   [][]int
	res    []byte // 'N', 'P', 'D'
}

func newUniverse() *universe {
	u := &universe{memo: map[string]bool{}, ids: map[string]int{}}
	u.kind("*", func(s int) [][]part {
		var o [][]part
		for i := range s {
			o = append(o, []part{{0, i}})
		}
		return o
	})
	return u
}

func (u *universe) kind(name string, gen func(s int) [][]part) int {
	u.names = append(u.names, name)
	u.gen = append(u.gen, gen)
	u.cache = append(u.cache, map[int][][]part{})
	return len(u.names) - 1
}

func (u *universe) opts(p part) [][]part {
	if o, ok := u.cache[p.k][p.s]; ok {
		return o
	}
	o := u.gen[p.k](p.s)
	u.cache[p.k][p.s] = o
	return o
}

func cmpPart(a, b part) int {
	if a.k != b.k {
		return a.k - b.k
	}
	return a.s - b.s
}

// canon is the state of a sum for the search: its parts sorted, without
// the parts that have no move (they never move, so they never matter).
func (u *universe) canon(ps []part) []part {
	c := make([]part, 0, len(ps))
	for _, p := range ps {
		if len(u.opts(p)) > 0 {
			c = append(c, p)
		}
	}
	slices.SortFunc(c, cmpPart)
	return c
}

func key(ps []part) string {
	var buf [64]byte
	b := buf[:0]
	for _, p := range ps {
		b = binary.AppendUvarint(append(b, byte(p.k)), uint64(p.s))
	}
	return string(b)
}

// mkey identifies a printed sum as a multiset of parts (terminal parts
// included), the way options of a sum are told apart.
func mkey(ps []part) string {
	c := slices.Clone(ps)
	slices.SortFunc(c, cmpPart)
	return key(c)
}

func replace(ps []part, i int, o []part) []part {
	r := make([]part, 0, len(ps)+len(o))
	r = append(r, ps[:i]...)
	r = append(r, o...)
	return append(r, ps[i+1:]...)
}

func plusNim(ps []part, k int) []part {
	return append(slices.Clone(ps), part{0, k})
}

// options lists the moves of a sum: part by part, one part replaced (in
// place) by one of its options, the others unchanged.
func (u *universe) options(ps []part) [][]part {
	var out [][]part
	for i, p := range ps {
		for _, o := range u.opts(p) {
			out = append(out, replace(ps, i, o))
		}
	}
	return out
}

// win: the player to move in the sum wins (acyclic games only): some move
// leads to a position the opponent loses.
func (u *universe) win(ps []part) bool { return u.winC(u.canon(ps)) }

func (u *universe) winC(c []part) bool {
	k := key(c)
	if w, ok := u.memo[k]; ok {
		return w
	}
	w := false
	for i, p := range c {
		for _, o := range u.opts(p) {
			if !u.winC(u.next(c, i, o)) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	u.memo[k] = w
	return w
}

// next is canon(replace(c, i, o)) for a canonical c.
func (u *universe) next(c []part, i int, o []part) []part {
	r := make([]part, 0, len(c)+len(o))
	r = append(r, c[:i]...)
	r = append(r, c[i+1:]...)
	for _, p := range o {
		if len(u.opts(p)) > 0 {
			r = append(r, p)
		}
	}
	slices.SortFunc(r, cmpPart)
	return r
}

func (u *universe) text(ps []part) string {
	if len(ps) == 0 {
		return "(the empty sum)"
	}
	var s []string
	for _, p := range ps {
		if p.k == 0 {
			s = append(s, fmt.Sprintf("*%d", p.s))
		} else {
			s = append(s, fmt.Sprintf("%s(%d)", u.names[p.k], p.s))
		}
	}
	return strings.Join(s, " + ")
}

func (u *universe) texts(pss [][]part) string {
	var s []string
	for _, ps := range pss {
		s = append(s, u.text(ps))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ---------------------------------------------------------------------------
// Parsing printed values.

// splitTop splits s at sep where no bracket is open.
func splitTop(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[i:], sep) {
				out = append(out, s[start:i])
				start = i + len(sep)
				i += len(sep) - 1
			}
		}
	}
	return append(out, s[start:])
}

func parseList(s string) ([]string, error) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, fmt.Errorf("not a list: %q", s)
	}
	if s == "[]" {
		return nil, nil
	}
	return splitTop(s[1:len(s)-1], ", "), nil
}

// parseGame reads a printed game value made of the universe's kinds.
func (u *universe) parseGame(s string) ([]part, error) {
	var ps []part
	for _, t := range splitTop(s, " + ") {
		if n, ok := strings.CutPrefix(t, "*"); ok {
			v, err := strconv.Atoi(n)
			if err != nil {
				return nil, fmt.Errorf("bad nimber %q in %q", t, s)
			}
			ps = append(ps, part{0, v})
			continue
		}
		name, rest, ok := strings.Cut(t, "(")
		k := slices.Index(u.names, name)
		if !ok || k <= 0 || !strings.HasSuffix(rest, ")") {
			return nil, fmt.Errorf("bad part %q in %q", t, s)
		}
		v, err := strconv.Atoi(strings.TrimSuffix(rest, ")"))
		if err != nil {
			return nil, fmt.Errorf("bad part %q in %q", t, s)
		}
		ps = append(ps, part{k, v})
	}
	return ps, nil
}

func (u *universe) parseGames(s string) ([][]part, error) {
	items, err := parseList(s)
	if err != nil {
		return nil, err
	}
	var out [][]part
	for _, it := range items {
		ps, err := u.parseGame(it)
		if err != nil {
			return nil, err
		}
		out = append(out, ps)
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Game expressions: text for the script, parts for the brute force.

type gexpr struct {
	text  string
	parts []part
	sum   bool // text is a sum (needs parentheses as an operand of *)
}

func (u *universe) pos(k, s int) gexpr {
	return gexpr{fmt.Sprintf("%s(%d)", u.names[k], s), []part{{k, s}}, false}
}

func nim(k int) gexpr { return gexpr{fmt.Sprintf("*%d", k), []part{{0, k}}, false} }

// plus writes a + b + ...
func plus(gs ...gexpr) gexpr {
	var t []string
	var ps []part
	for _, g := range gs {
		t = append(t, g.text)
		ps = append(ps, g.parts...)
	}
	return gexpr{strings.Join(t, " + "), ps, len(gs) > 1}
}

// sumOf writes `sum of a, b, ...`.
func sumOf(gs ...gexpr) gexpr {
	g := plus(gs...)
	var t []string
	for _, x := range gs {
		t = append(t, x.text)
	}
	g.text = "sum of " + strings.Join(t, ", ")
	g.sum = true
	return g
}

// copies writes `k * G`.
func copies(k int, g gexpr) gexpr {
	t := g.text
	if g.sum {
		t = "(" + t + ")"
	}
	var ps []part
	for range k {
		ps = append(ps, g.parts...)
	}
	return gexpr{fmt.Sprintf("%d * %s", k, t), ps, true}
}

// sumFor writes `sum of NAME(x) for x in [..]`.
func (u *universe) sumFor(k int, xs []int) gexpr {
	var ps []part
	for _, x := range xs {
		ps = append(ps, part{k, x})
	}
	return gexpr{fmt.Sprintf("sum of %s(x) for x in %s", u.names[k], intList(xs)), ps, true}
}

func intList(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func intSet(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// ---------------------------------------------------------------------------
// Checks of acyclic games (the win/lose search).

func outcomeWord(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// outcome(G)
func (u *universe) checkOutcome(g gexpr) func(string) string {
	return func(got string) string {
		if want := outcomeWord(u.win(g.parts)); got != want {
			return "want: " + want + " (brute force over the whole sum)"
		}
		return ""
	}
}

// sg(G): zero exactly when G is a loss for the player to move.
func (u *universe) checkSGZero(g gexpr) func(string) string {
	return func(got string) string {
		n, err := strconv.Atoi(got)
		if err != nil {
			return "want: an integer"
		}
		if lose := !u.win(g.parts); (n == 0) != lose {
			return fmt.Sprintf("want: %s (brute force says %s)", map[bool]string{true: "0", false: "a nonzero int"}[lose], outcomeWord(!lose))
		}
		return ""
	}
}

// sg(G): the k for which G + *k is a loss for the player to move.
func (u *universe) checkSG(g gexpr, maxk int) func(string) string {
	return func(got string) string {
		for k := 0; k <= maxk; k++ {
			if !u.win(plusNim(g.parts, k)) {
				if got != strconv.Itoa(k) {
					return fmt.Sprintf("want: %d (brute force: %s + *%d is a loss for the player to move)", k, g.text, k)
				}
				return ""
			}
		}
		return fmt.Sprintf("test bug: no k <= %d makes %s + *k a loss", maxk, g.text)
	}
}

// moves(G): every one-part move, distinct ones once, in order.
func (u *universe) checkMoves(g gexpr) func(string) string {
	return func(got string) string {
		var want [][]part
		seen := map[string]bool{}
		for _, o := range u.options(g.parts) {
			if k := mkey(o); !seen[k] {
				seen[k] = true
				want = append(want, o)
			}
		}
		have, err := u.parseGames(got)
		if err != nil {
			return err.Error()
		}
		ok := len(have) == len(want)
		for i := 0; ok && i < len(have); i++ {
			ok = mkey(have[i]) == mkey(want[i])
		}
		if !ok {
			return "want: " + u.texts(want)
		}
		return ""
	}
}

// winning(G): exactly the options that are losses for the player to move
// there, none when G itself is a loss.
func (u *universe) checkWinning(g gexpr) func(string) string {
	return func(got string) string {
		have, err := u.parseGames(got)
		if err != nil {
			return err.Error()
		}
		var want [][]part
		wantKeys := map[string]bool{}
		legal := map[string]bool{}
		for _, o := range u.options(g.parts) {
			k := mkey(o)
			legal[k] = true
			if !u.win(o) && !wantKeys[k] {
				wantKeys[k] = true
				want = append(want, o)
			}
		}
		if u.win(g.parts) != (len(have) > 0) {
			return fmt.Sprintf("want: %s (brute force: %s is %s)", u.texts(want), g.text, outcomeWord(u.win(g.parts)))
		}
		haveKeys := map[string]bool{}
		for _, h := range have {
			k := mkey(h)
			switch {
			case !legal[k]:
				return fmt.Sprintf("%s is not an option of %s; want: %s", u.text(h), g.text, u.texts(want))
			case u.win(h):
				return fmt.Sprintf("%s is a win for the player to move there; want: %s", u.text(h), u.texts(want))
			case haveKeys[k]:
				return fmt.Sprintf("%s is listed twice", u.text(h))
			}
			haveKeys[k] = true
		}
		if len(haveKeys) != len(wantKeys) {
			return "some winning options are missing; want: " + u.texts(want)
		}
		return ""
	}
}

// askAll asks the usual questions about a sum; maxk < 0 checks only that
// sg is zero exactly for losses, else maxk bounds the values of the parts.
func (u *universe) askAll(un *unit, g gexpr, maxk int) {
	un.ask("outcome("+g.text+")", u.checkOutcome(g))
	if maxk >= 0 {
		for _, p := range g.parts {
			if p.k == 0 {
				maxk = nimBound(max(maxk, p.s))
			}
		}
		un.ask("sg("+g.text+")", u.checkSG(g, maxk))
	} else {
		un.ask("sg("+g.text+")", u.checkSGZero(g))
	}
	un.ask("winning("+g.text+")", u.checkWinning(g))
}

// askNodes asks outcome and sg of the positions NAME(0) .. NAME(n-1).
func (u *universe) askNodes(un *unit, k, n, maxk int) {
	at := u.names[k] + "(@)"
	un.askFor(n, []string{"outcome(" + at + ")", "sg(" + at + ")"}, func(v, j int) func(string) string {
		if j == 0 {
			return u.checkOutcome(u.pos(k, v))
		}
		return u.checkSG(u.pos(k, v), maxk)
	})
}

// ---------------------------------------------------------------------------
// Generators.

// randDAG: node v has edges to distinct lower nodes, in random order.
func randDAG(r *rand.Rand, n, maxDeg int) [][]int {
	E := make([][]int, n)
	for v := range n {
		deg := r.IntN(min(v, maxDeg) + 1)
		E[v] = r.Perm(v)[:deg]
	}
	return E
}

func adjList(E [][]int) string {
	var s []string
	for _, e := range E {
		s = append(s, intList(e))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// graphGame declares `game NAME(v) moves NAME(w) for w in EDGES[v]` and
// its kind.
func graphGame(u *universe, name string, E [][]int) (decl string, k int) {
	k = u.kind(name, nil)
	u.gen[k] = func(s int) [][]part {
		var o [][]part
		for _, w := range E[s] {
			o = append(o, []part{{k, w}})
		}
		return o
	}
	decl = fmt.Sprintf("let E_%s = %s\ngame %s(v) moves %s(w) for w in E_%s[v]\n", name, adjList(E), name, name, name)
	return decl, k
}

func maxDegree(E [][]int) int {
	m := 0
	for _, e := range E {
		m = max(m, len(e))
	}
	return m
}

// nimBound is 2^b - 1 >= m: an xor of values <= m stays <= it.
func nimBound(m int) int {
	b := 1
	for b <= m {
		b <<= 1
	}
	return b - 1
}

func pick(r *rand.Rand, n, k int) []int {
	xs := make([]int, k)
	for i := range xs {
		xs[i] = r.IntN(n)
	}
	return xs
}

// ---------------------------------------------------------------------------
// 1. Random DAGs.

func TestPropDAG(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 1)
	p := &prober{t: t, seed: seed}
	const graphs, perScript = 400, 40
	total := propCount(graphs)
	for b := 0; b < total; b += perScript {
		var units []*unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, dagUnit(r, fmt.Sprintf("d%d", i)))
		}
		p.run(units)
	}
	p.done()
}

func dagUnit(r *rand.Rand, name string) *unit {
	u := newUniverse()
	n := 5 + r.IntN(36)
	E := randDAG(r, n, 1+r.IntN(4))
	decl, k := graphGame(u, name, E)
	un := &unit{decl: decl}
	maxk := nimBound(maxDegree(E))
	d := func(v int) gexpr { return u.pos(k, v) }
	u.askNodes(un, k, n, maxk)
	for range 4 {
		v := r.IntN(n)
		un.ask("moves("+d(v).text+")", u.checkMoves(d(v)))
		un.ask("winning("+d(v).text+")", u.checkWinning(d(v)))
	}
	for range 8 {
		a := pick(r, n, 2)
		g := plus(d(a[0]), d(a[1]))
		u.askAll(un, g, maxk)
		if r.IntN(3) == 0 {
			un.ask("moves("+g.text+")", u.checkMoves(g))
		}
	}
	for range 4 {
		a := pick(r, n, 3)
		g := sumOf(d(a[0]), d(a[1]), d(a[2]))
		u.askAll(un, g, -1)
		if r.IntN(3) == 0 {
			un.ask("moves("+g.text+")", u.checkMoves(g))
		}
	}
	for range 4 {
		a := pick(r, n, 2)
		g := plus(d(a[0]), d(a[1]), nim(r.IntN(6)))
		if r.IntN(2) == 0 {
			g = plus(nim(r.IntN(6)), d(a[0]))
		}
		u.askAll(un, g, -1)
		un.ask("moves("+g.text+")", u.checkMoves(g))
	}
	return un
}

// ---------------------------------------------------------------------------
// 2. Random subtraction games, with nimbers in the sums.

func TestPropSubtraction(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 2)
	p := &prober{t: t, seed: seed}
	const games, perScript = 200, 40
	total := propCount(games)
	for b := 0; b < total; b += perScript {
		var units []*unit
		for i := 0; i < perScript && b+i < total; i++ {
			u, _, _ := subUnit(r, fmt.Sprintf("sub%d", i))
			units = append(units, u)
		}
		p.run(units)
	}
	p.done()
}

// subGame declares a random subtraction game; S is 1-4 values in 1..8.
func subGame(r *rand.Rand, name string) (*universe, string, int, []int) {
	u := newUniverse()
	S := r.Perm(8)[:1+r.IntN(4)]
	for i := range S {
		S[i]++
	}
	slices.Sort(S)
	k := u.kind(name, nil)
	u.gen[k] = func(n int) [][]part {
		var o [][]part
		for _, s := range S { // a set iterates in ascending order
			if s <= n {
				o = append(o, []part{{k, n - s}})
			}
		}
		return o
	}
	decl := fmt.Sprintf("let S_%s = %s\ngame %s(n) moves %s(n - s) for s in S_%s if s <= n\n", name, intSet(S), name, name, name)
	return u, decl, k, S
}

func subUnit(r *rand.Rand, name string) (*unit, *universe, int) {
	u, decl, k, S := subGame(r, name)
	un := &unit{decl: decl}
	maxk := nimBound(len(S))
	h := func(n int) gexpr { return u.pos(k, n) }
	u.askNodes(un, k, 31, maxk)
	{
		big := h(200 + r.IntN(1800)) // a deep search
		un.ask("outcome("+big.text+")", u.checkOutcome(big))
		un.ask("sg("+big.text+")", u.checkSG(big, maxk))
	}
	for range 6 {
		g := plus(h(r.IntN(31)), h(r.IntN(31)))
		if r.IntN(2) == 0 {
			g = plus(g, nim(r.IntN(8)))
		}
		u.askAll(un, g, maxk)
	}
	for range 4 {
		g := plus(h(r.IntN(21)), nim(r.IntN(8)), h(r.IntN(21)))
		if r.IntN(2) == 0 {
			g = sumOf(h(r.IntN(21)), h(r.IntN(21)), h(r.IntN(21)))
		}
		u.askAll(un, g, -1)
		un.ask("moves("+g.text+")", u.checkMoves(g))
	}
	return un, u, k
}

// ---------------------------------------------------------------------------
// 3. Random take-and-break rules; brute force on multisets of heaps.

func TestPropTakeBreak(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 3)
	p := &prober{t: t, seed: seed}
	const games, perScript = 120, 20
	total := propCount(games)
	for b := 0; b < total; b += perScript {
		var units []*unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, takeBreakUnit(r, i))
		}
		p.run(units)
	}
	p.done()
}

// randSubset: 1..max(1, upto) values of 1..n, ascending.
func randSubset(r *rand.Rand, n, upto int) []int {
	S := r.Perm(n)[:1+r.IntN(upto)]
	for i := range S {
		S[i]++
	}
	slices.Sort(S)
	return S
}

func takeBreakUnit(r *rand.Rand, i int) *unit {
	u := newUniverse()
	var decl string
	var k int
	switch r.IntN(3) {
	case 0:
		// Remove t tokens from a row and split the rest into two rows
		// (possibly empty), Kayles-like.
		name := fmt.Sprintf("tb%d", i)
		T := randSubset(r, 4, 3)
		k = u.kind(name, nil)
		u.gen[k] = func(n int) [][]part {
			var o [][]part
			for _, t := range T {
				for a := 0; a <= n-t; a++ {
					if n >= t {
						o = append(o, []part{{k, a}, {k, n - t - a}})
					}
				}
			}
			return o
		}
		decl = fmt.Sprintf("let T_%s = %s\ngame %s(n) moves %s(a) + %s(n - t - a) for t in T_%s for a in 0 .. n - t if n >= t\n",
			name, intList(T), name, name, name, name)
	case 1:
		// Octal-like: take t to leave nothing (T1), one nonempty heap
		// (T2), or two nonempty heaps (T4).
		name := fmt.Sprintf("oc%d", i)
		var T1, T2, T4 []int
		for t := 1; t <= 4; t++ {
			d := r.IntN(8)
			if t == 1 && d == 0 {
				d = 1 + r.IntN(7)
			}
			if d&1 != 0 {
				T1 = append(T1, t)
			}
			if d&2 != 0 {
				T2 = append(T2, t)
			}
			if d&4 != 0 {
				T4 = append(T4, t)
			}
		}
		k = u.kind(name, nil)
		u.gen[k] = func(n int) [][]part {
			var o [][]part
			for _, t := range T1 {
				if n == t {
					o = append(o, []part{{0, 0}})
				}
			}
			for _, t := range T2 {
				if n > t {
					o = append(o, []part{{k, n - t}})
				}
			}
			for _, t := range T4 {
				for a := 1; a <= n-t-1; a++ {
					o = append(o, []part{{k, a}, {k, n - t - a}})
				}
			}
			return o
		}
		decl = fmt.Sprintf("let T1_%[1]s = %[2]s\nlet T2_%[1]s = %[3]s\nlet T4_%[1]s = %[4]s\n"+
			"game %[1]s(n) moves\n    *0 for t in T1_%[1]s if n == t\n  | %[1]s(n - t) for t in T2_%[1]s if n > t\n"+
			"  | %[1]s(a) + %[1]s(n - t - a) for t in T4_%[1]s for a in 1 .. n - t - 1\n",
			name, intList(T1), intList(T2), intList(T4))
	default:
		// Take t from a row, and optionally split what is left in two
		// nonempty rows (two alternatives, like Dawson-type rules).
		name := fmt.Sprintf("sp%d", i)
		T := randSubset(r, 3, 2)
		k = u.kind(name, nil)
		u.gen[k] = func(n int) [][]part {
			var o [][]part
			for _, t := range T {
				if t <= n {
					o = append(o, []part{{k, n - t}})
				}
			}
			for _, t := range T {
				for a := 1; a <= n-t-1; a++ {
					o = append(o, []part{{k, a}, {k, n - t - a}})
				}
			}
			return o
		}
		decl = fmt.Sprintf("let T_%[1]s = %[2]s\ngame %[1]s(n) moves %[1]s(n - t) for t in T_%[1]s if t <= n\n"+
			"  | %[1]s(a) + %[1]s(n - t - a) for t in T_%[1]s for a in 1 .. n - t - 1\n", name, intSet(T))
	}
	un := &unit{decl: decl}
	h := func(n int) gexpr { return u.pos(k, n) }
	u.askNodes(un, k, 15, 63)
	for range 3 {
		v := r.IntN(12)
		un.ask("moves("+h(v).text+")", u.checkMoves(h(v)))
		un.ask("winning("+h(v).text+")", u.checkWinning(h(v)))
	}
	for range 5 {
		a := r.IntN(13)
		g := plus(h(a), h(r.IntN(21-a)))
		if r.IntN(2) == 0 {
			g = plus(g, nim(r.IntN(8)))
		}
		u.askAll(un, g, -1)
		un.ask("moves("+g.text+")", u.checkMoves(g))
	}
	for range 2 {
		a, b := r.IntN(9), r.IntN(9)
		g := sumOf(h(a), h(b), h(r.IntN(max(1, 21-a-b))))
		u.askAll(un, g, -1)
	}
	return un
}

// ---------------------------------------------------------------------------
// 4. k copies (`k * G`), `sum of` comprehensions, the same position twice.

func TestPropCopies(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 4)
	p := &prober{t: t, seed: seed}
	const games, perScript = 200, 40
	total := propCount(games)
	for b := 0; b < total; b += perScript {
		var units []*unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, copiesUnit(r, i))
		}
		p.run(units)
	}
	p.done()
}

func copiesUnit(r *rand.Rand, i int) *unit {
	var u *universe
	var decl string
	var k, n, maxk int
	if r.IntN(2) == 0 {
		u = newUniverse()
		n = 3 + r.IntN(12)
		E := randDAG(r, n, 1+r.IntN(3))
		decl, k = graphGame(u, fmt.Sprintf("c%d", i), E)
		maxk = nimBound(maxDegree(E))
	} else {
		var S []int
		u, decl, k, S = subGame(r, fmt.Sprintf("s%d", i))
		n = 16
		maxk = nimBound(len(S))
	}
	un := &unit{decl: decl}
	g := func(v int) gexpr { return u.pos(k, v) }
	for range 3 {
		a := r.IntN(n)
		twice := plus(g(a), g(a))
		u.askAll(un, twice, maxk)
		un.ask("moves("+twice.text+")", u.checkMoves(twice))
	}
	for range 4 {
		c := copies(r.IntN(5), g(r.IntN(n)))
		u.askAll(un, c, maxk)
		un.ask("moves("+c.text+")", u.checkMoves(c))
	}
	for range 3 {
		c := plus(copies(1+r.IntN(3), g(r.IntN(n))), g(r.IntN(n)))
		u.askAll(un, c, -1)
	}
	for range 2 {
		c := copies(2, plus(g(r.IntN(n)), nim(r.IntN(4))))
		u.askAll(un, c, -1)
		un.ask("moves("+c.text+")", u.checkMoves(c))
	}
	for range 3 {
		a := r.IntN(n)
		xs := []int{a, r.IntN(n), a}
		if r.IntN(2) == 0 {
			xs = append(xs, r.IntN(n))
		}
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		c := u.sumFor(k, xs)
		u.askAll(un, c, -1)
		un.ask("moves("+c.text+")", u.checkMoves(c))
	}
	// The empty sum and 0 copies are *0, a loss for the player to move.
	un.ask("outcome(sum of "+g(0).text+" for x in [])", func(got string) string {
		if got != "P" {
			return "want: P (the empty sum)"
		}
		return ""
	})
	return un
}
