package resolve

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// testUniverse is a registry of two built-ins: len (one argument) and
// max (one or more).
func testUniverse() *Universe {
	reg := engine.NewRegistry()
	reg.Add(&engine.Builtin{BName: "len", MinArgs: 1, MaxArgs: 1})
	reg.Add(&engine.Builtin{BName: "max", MinArgs: 1, MaxArgs: -1})
	return NewUniverse(reg)
}

// resolveSrc resolves src as a file (or an entry) of a session with no
// names of its own.
func resolveSrc(t *testing.T, src string, repl bool) (*lang.File, *Chunk) {
	t.Helper()
	var f *lang.File
	var err error
	if repl {
		f, err = lang.ParseEntry("t.game", src)
	} else {
		f, err = lang.ParseFile("t.game", src)
	}
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return f, File(testUniverse(), NewScope(nil), f, repl, 0)
}

// uses lists, for each name used in f (in source order), where the
// declaration it is bound to is: "line:col" of the declaring name, "b"
// for a built-in, "?" for an unknown name.
func uses(f *lang.File) []string {
	var out []string
	see := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			switch d := Of(id); {
			case d == nil:
				out = append(out, id.Name+"=?")
			case d.Kind == Builtin:
				out = append(out, id.Name+"=b")
			default:
				out = append(out, fmt.Sprintf("%s=%d:%d", id.Name, d.Pos.Line, d.Pos.Column))
			}
		}
		return true
	}
	var stmts func([]lang.Stmt)
	stmts = func(list []lang.Stmt) {
		for _, st := range list {
			switch st := st.(type) {
			case *lang.LetStmt:
				lang.Inspect(st.Value, see)
			case *lang.DefStmt:
				lang.Inspect(st.Body, see)
			case *lang.GameStmt:
				for _, a := range st.Alts {
					alt := a.(*lang.Alt)
					lang.InspectClauses(alt.Clauses, see)
					lang.Inspect(alt.Body, see)
				}
			case *lang.PrintStmt:
				for _, x := range st.Args {
					lang.Inspect(x, see)
				}
			case *lang.ForStmt:
				lang.Inspect(st.Iter, see)
				stmts(st.Body)
			case *lang.TableStmt:
				lang.InspectClauses(st.Clauses, see)
				lang.Inspect(st.Body, see)
			case *lang.ExprStmt:
				lang.Inspect(st.X, see)
			}
		}
	}
	stmts(f.Stmts)
	return out
}

// TestBindScopes checks what each name is bound to, scope by scope: a
// let from where it is (its own value sees the one before), defs and
// games everywhere in the file, a def's body in the file's scope (not its
// caller's), for clauses in order (a clause's iterable sees the names
// before it, not its own), a built-in unless a name hides it.
func TestBindScopes(t *testing.T) {
	cases := []struct{ src, want string }{
		{"let x = 1\nlet x = x + 1\nprint x", "x=1:5 x=2:5"},
		{"print f(2)\ndef f(a) = a + k\nlet k = 3", "f=2:5 a=2:7 k=?"},
		{"let k = 1\ndef f(a) = a + k\nlet k = 2\nprint f(k)", "a=2:7 k=1:5 f=2:5 k=3:5"},
		// (uses lists a comprehension's clauses first, then its body)
		{"print [x for x in 0 .. 3 for x in x if x > 0]", "x=1:14 x=1:30 x=1:30"},
		{"let x = 9\ngame g(n) moves g(n - x) for x in 1 .. n | g(x)", "n=2:8 g=2:6 n=2:8 x=2:30 g=2:6 x=1:5"},
		{"for i in 0 .. 2 {\n  let j = i\n  print j, len([j])\n}\nprint j", "i=1:5 j=2:7 len=b j=2:7 j=?"},
		{"def len(x) = 0\nprint len(1), max(1, 2)", "len=1:5 max=b"},
		{"table x * y for x in 0 .. 2 for y in 0 .. x", "x=1:17 x=1:17 y=1:33"},
	}
	for _, c := range cases {
		f, ch := resolveSrc(t, c.src, false)
		_ = ch
		if got := strings.Join(uses(f), " "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestBindErrors checks the errors of names, each reported once (a game's
// rule is compiled in several variants; the pass walks it once), with
// their hints (sorted by position, as a session shows them).
func TestBindErrors(t *testing.T) {
	cases := []struct {
		src  string
		repl bool
		want string
	}{
		{"print lne([1])", false, `1:7: unknown name "lne" (did you mean "len"?)`},
		{"print y\nlet y = 2", false, `1:7: unknown name "y"; it is bound by a let at line 2, after this use`},
		{"prnt", true, `1:1: unknown name "prnt" (did you mean the statement "print"?)`},
		{"print int(3)", false, `1:7: unknown name "int" (there is no int(): ints() reads the integers of standard input)`},
		{"print True", false, `1:7: unknown name "True" (true is written true)`},
		{"let tuple = 1\nprint tuple", false, ""},
		{"def f(a, a) = a\ndef f(b) = b", false, "1:10: parameter \"a\" appears twice\n2:5: \"f\" is already declared at line 1"},
		{"def f(a) = a\ndef f(b) = b\nprint f(1)", true, ""},
		{"game g(n) moves g(n, 1) for i in 0 .. n if len(i, 2) > qq", false,
			"1:17: game g takes 1 argument, but 2 were given\n1:44: len takes 1 argument, but 2 were given\n1:56: unknown name \"qq\""},
		{"def f(a) = a\nprint f(), max()", false, "2:7: f takes 1 argument, but 0 were given\n2:12: max takes at least 1 argument, but 0 were given"},
		{"for i in 0 .. 1 {\n  def d(x) = nope\n  game g(n) moves g(n)\n}", false,
			"2:3: a def must be at the top level, not inside a for statement\n3:3: a game must be declared at the top level, not inside a for statement"},
	}
	for _, c := range cases {
		_, ch := resolveSrc(t, c.src, c.repl)
		var got []string
		slices.SortStableFunc(ch.Errs, func(a, b *lang.Error) int { return a.Pos.Offset - b.Pos.Offset })
		for _, e := range ch.Errs {
			got = append(got, fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg))
		}
		if g := strings.Join(got, "\n"); g != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, g, c.want)
		}
	}
}

// TestBindSite checks what a call of a def records of the names of the
// defs it may inline: a def whose names mean at the call what they mean
// in it (and those it calls), not one whose name a local or a later let
// hides there.
func TestBindSite(t *testing.T) {
	src := `let k = 1
def inc(x) = x + k
def two(x) = inc(inc(x))
game g(n) moves g(two(n)) for i in 0 .. 0 if n > 2
game h(k) moves h(two(k)) for i in 0 .. 0 if k > 2
let k = 2
print two(5)
`
	f, ch := resolveSrc(t, src, false)
	if len(ch.Errs) > 0 {
		t.Fatal(ch.Errs)
	}
	decl := func(i int) *Decl { return NameDecl(f.Stmts[i].(*lang.DefStmt).Name) }
	inc, two := decl(1), decl(2)
	call := func(i int) *lang.Call {
		var c *lang.Call
		var x lang.Expr
		switch st := f.Stmts[i].(type) {
		case *lang.GameStmt:
			x = st.Alts[0].(*lang.Alt).Body
		case *lang.PrintStmt:
			x = st.Args[0]
		}
		lang.Inspect(x, func(x lang.Expr) bool {
			if cl, ok := x.(*lang.Call); ok && c == nil && Of(cl.Fn.(*lang.Ident)) == two {
				c = cl
			}
			return true
		})
		return c
	}
	// Same(two) is about two's own names (inc); inc's k is the first
	// let's: a parameter k hides it in h, the second let after it.
	for _, c := range []struct {
		stmt     int
		two, inc bool
	}{
		{3, true, true},
		{4, true, false},
		{6, true, false},
	} {
		s := SiteOf(call(c.stmt))
		if s.Same(two) != c.two || s.Same(inc) != c.inc {
			t.Errorf("statement %d: Same(two), Same(inc) = %v, %v, want %v, %v", c.stmt+1, s.Same(two), s.Same(inc), c.two, c.inc)
		}
	}
	if ch.End.Same(inc) || !ch.End.Same(two) {
		t.Errorf("at the end of the file (k is the second let): Same(inc), Same(two) = %v, %v, want false, true", ch.End.Same(inc), ch.End.Same(two))
	}
}
