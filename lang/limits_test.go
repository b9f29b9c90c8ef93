package lang_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

// The parser's limits (issue 19): long runs of operators become one Chain
// (no recursion per operator, anywhere), chains of calls and clauses are
// nesting, and a Check bounds the time and memory of a parse.

// TestChainShape: a run of more than MaxBinaryRun operators is one Chain
// whose steps are the operators in order; up to MaxBinaryRun it is nested
// Binary nodes; both print the same S-expression.
func TestChainShape(t *testing.T) {
	for _, n := range []int{lang.MaxBinaryRun, lang.MaxBinaryRun + 1, 100_000} {
		src := "print 1" + strings.Repeat(" + 2 - 3", n/2) + strings.Repeat(" + 4", n%2)
		f, err := lang.ParseFile("t.game", src)
		if err != nil {
			t.Fatalf("%d operators: %v", n, err)
		}
		x := f.Stmts[0].(*lang.PrintStmt).Args[0]
		c, isChain := x.(*lang.Chain)
		if isChain != (n > lang.MaxBinaryRun) {
			t.Fatalf("%d operators: got %T", n, x)
		}
		if isChain {
			if len(c.Steps) != n || c.Steps[0].Op != lang.OpAdd || c.Steps[1].Op != lang.OpSub || c.Pos.Column != 7 {
				t.Errorf("%d operators: %d steps, first %q %q, at column %d", n, len(c.Steps), c.Steps[0].Op, c.Steps[1].Op, c.Pos.Column)
			}
			if c.Steps[1].Pos.Column != 13 {
				t.Errorf("second operator at column %d, want 13", c.Steps[1].Pos.Column)
			}
			if lang.Start(x) != c.Pos {
				t.Errorf("Start of a chain: %v, want %v", lang.Start(x), c.Pos)
			}
			if lang.Depth(x) != 2 {
				t.Errorf("Depth of a chain of literals: %d, want 2", lang.Depth(x))
			}
		}
	}
	// The same text as a Chain and as nested Binary nodes prints alike.
	mk := func(n int, op string) string {
		return "print a" + strings.Repeat(" "+op+" b", n)
	}
	for _, op := range []string{"+", "and", "^", "*"} {
		long, err := lang.ParseFile("t.game", mk(lang.MaxBinaryRun+1, op))
		if err != nil {
			t.Fatal(err)
		}
		want := "a"
		for range lang.MaxBinaryRun + 1 {
			want = "(" + op + " " + want + " b)"
		}
		if got := lang.SExpr(long); got != "(print "+want+")" {
			t.Errorf("%s chain prints %.80s...", op, got)
		}
	}
	// A run mixes the operators of the levels it spans: 1 + 2 * 3 - 4 or
	// x is ((1 + (2 * 3)) - 4) or x, as nested nodes would say.
	src := "print 1 + 2 * 3 - 4 or x" + strings.Repeat(" or y", lang.MaxBinaryRun)
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	if got := lang.SExpr(f); !strings.Contains(got, "(or (- (+ 1 (* 2 3)) 4) x)") {
		t.Errorf("mixed run: %.120s", got)
	}
}

// TestChainsNeedNoStack: long chains (of each kind that the issue's
// scripts used, a million operators there) parse and are walked by
// Inspect. (Chains of 200,000 operators; 100,000 in the fast suite.)
func TestChainsNeedNoStack(t *testing.T) {
	n := testenv.Scale(100_000, 200_000)
	for _, term := range []string{"1 + ", "1 ^ ", `"a" + `, "true and ", "x or "} {
		src := "print " + strings.Repeat(term, n) + "1"
		f, err := lang.ParseFile("t.game", src)
		if err != nil {
			t.Fatalf("%q chain: %v", term, err)
		}
		x := f.Stmts[0].(*lang.PrintStmt).Args[0]
		seen := 0
		lang.Inspect(x, func(lang.Expr) bool { seen++; return true })
		if seen != n+2 {
			t.Errorf("%q chain: Inspect saw %d nodes, want %d", term, seen, n+2)
		}
	}
}

// TestNestingOfCallsAndClauses: calls of calls, indexes of indexes and
// clauses nest; past the limit they are a syntax error at the bracket or
// clause that goes too deep.
func TestNestingOfCallsAndClauses(t *testing.T) {
	limit := 4 * lang.MaxNesting
	cases := []struct {
		src  string
		want string // the error, "" for none
	}{
		{"print f" + strings.Repeat("(0)", 300), ""},
		{"print f" + strings.Repeat("(0)", 30_000), "expression nested too deeply"},
		{"print x" + strings.Repeat("[0]", 30_000), "expression nested too deeply"},
		{"print x" + strings.Repeat("[0:1]", 30_000), "expression nested too deeply"},
		{"print [x" + strings.Repeat(" for x in y", 300) + "]", ""},
		{"print [x" + strings.Repeat(" for x in y if x", 30_000) + "]", "expression nested too deeply"},
	}
	for _, c := range cases {
		_, err := lang.ParseFile("t.game", c.src)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%.40s...: %v", c.src, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%.40s...: got %v, want %q", c.src, err, c.want)
		case c.want != "":
			var e *lang.Error
			if !errors.As(err, &e) || e.Pos.Column > 20*limit {
				t.Errorf("%.40s...: error %v not at the nesting that passes the limit", c.src, err)
			}
		}
	}
	// f()()() just past the limit is reported at its first "(" too many.
	src := "print f" + strings.Repeat("()", 1000)
	_, err := lang.ParseFile("t.game", src)
	var e *lang.Error
	if !errors.As(err, &e) || !strings.HasSuffix(e.Msg, fmt.Sprintf("(more than %d levels)", limit)) || src[e.Pos.Offset] != '(' {
		t.Errorf("f()()...: %v", err)
	}
}

// TestCheck: a parse under a Check calls it as it goes (while scanning and
// while parsing) and stops with the error it returns, as it is.
func TestCheck(t *testing.T) {
	src := strings.Repeat("let x = [1, 2, 3, 4, 5, 6, 7, 8]\n", 5000) // 100,000 tokens
	calls, maxNeed := 0, int64(0)
	f, err := lang.ParseFileCheck("t.game", src, func(pos lang.Pos, need int64) error {
		calls++
		maxNeed = max(maxNeed, need)
		return nil
	})
	if err != nil || f == nil || len(f.Stmts) != 5000 {
		t.Fatalf("parse under a Check that passes: %v", err)
	}
	if calls < 100_000/4096+10 || maxNeed < 100_000*64 {
		t.Errorf("the Check was called %d times (need up to %d bytes); want it every 4096 tokens, while scanning and parsing", calls, maxNeed)
	}
	stop := errors.New("stop")
	for _, after := range []int{1, 20, 40} { // while scanning, then parsing
		n := 0
		var at lang.Pos
		f, err := lang.ParseFileCheck("t.game", src, func(pos lang.Pos, need int64) error {
			n++
			if n >= after {
				at = pos
				return stop
			}
			return nil
		})
		if err != stop || f != nil {
			t.Errorf("Check failing at its call %d: got %v", after, err)
		}
		if at.Line < 1 || at.Line > 5000 {
			t.Errorf("Check failing at its call %d: called at %v", after, at)
		}
	}
	// The entry parser takes a Check too.
	if _, err := lang.ParseEntryCheck("t.game", src, func(lang.Pos, int64) error { return stop }); err != stop {
		t.Errorf("ParseEntryCheck: %v", err)
	}
}

// TestDepth: how deeply an expression nests (what a def call costs in
// stack).
func TestDepth(t *testing.T) {
	cases := []struct {
		src  string
		want int
	}{
		{"1", 1},
		{"f(x)", 2},
		{"if a then b else c(d)", 3},
		{"[[[1]]]", 4},
		{"[x for x in y for z in w if x]", 5},
		{"1 + 2 + 3", 3},
		{"f(n - 1)" + strings.Repeat(" + 0", 19), 22},
		{"a" + strings.Repeat(" + f(x)", lang.MaxBinaryRun+1), 3},
	}
	for _, c := range cases {
		f, err := lang.ParseFile("t.game", "print "+c.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := lang.Depth(f.Stmts[0].(*lang.PrintStmt).Args[0]); got != c.want {
			t.Errorf("Depth(%.40s) = %d, want %d", c.src, got, c.want)
		}
	}
}

// TestSnippetOfALongLine: the snippet of a position in a line of a
// megabyte shows a window of the line around it, the caret under it.
func TestSnippetOfALongLine(t *testing.T) {
	line := strings.Repeat("1, ", 300_000) + "x"
	src := "let a = 1\nlet x = [" + line + "]\n"
	for _, col := range []int{1, 10, 450_000, 900_010, 900_011} {
		s := lang.Snippet(src, lang.Pos{Line: 2, Column: col})
		parts := strings.Split(s, "\n")
		if len(parts) != 2 || len(parts[0]) > 4+3+200+3 {
			t.Fatalf("column %d: snippet of %d bytes: %.100q", col, len(s), s)
		}
		caret := strings.Index(parts[1], "^")
		full := "let x = [" + line + "]"
		if col <= len(full) && parts[0][caret] != full[col-1] {
			t.Errorf("column %d: caret under %q, want %q", col, parts[0][caret], full[col-1])
		}
	}
	if s := lang.Snippet(src, lang.Pos{Line: 1, Column: 5}); s != "    let a = 1\n        ^" {
		t.Errorf("a short line: %q", s)
	}
	// The window is cut in place: the snippet of a line of 30 MB takes
	// a few hundred bytes, not the line as runes (once 120 MB).
	big := strings.Repeat("é, ", 10_000_000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := lang.Snippet(big, lang.Pos{Line: 1, Column: 15_000_001})
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 4096 {
		t.Errorf("the snippet of a line of %d bytes allocated %d bytes", len(big), d)
	}
	parts := strings.Split(s, "\n")
	if caret := strings.Index(parts[1], "^"); len(parts) != 2 || !strings.HasPrefix(string([]rune(parts[0])[caret:]), "é, é") {
		t.Errorf("snippet %q", s)
	}
}

// TestSnippetLineOfMany: the snippet of any line of a script of many
// lines (found by counting the lines of big blocks at once) is that line,
// across the blocks' edges, with or without a last newline; a line past
// the end has none.
func TestSnippetLineOfMany(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40_000; i++ {
		fmt.Fprintf(&b, "let a%d = %s\n", i, strings.Repeat("x", i%37))
	}
	for _, src := range []string{b.String(), strings.TrimSuffix(b.String(), "\n")} {
		lines := strings.Split(src, "\n")
		for n := 1; n <= len(lines)+2; n += 1 + n/50 {
			want := ""
			if n <= len(lines) {
				want = "    " + lines[n-1] + "\n    ^"
			}
			if got := lang.Snippet(src, lang.Pos{Line: n, Column: 1}); got != want {
				t.Fatalf("line %d of %d: %q, want %q", n, len(lines), got, want)
			}
		}
	}
}

// TestMoreThanAMillionStatements: a script of more than a million
// statements parses (participle's own bound on a repetition, a million,
// with its message "too many iterations of Stmt*", is lifted: the parse's
// Check bounds its time and memory).
func TestMoreThanAMillionStatements(t *testing.T) {
	testenv.Long(t) // (8 to 16 s of parsing)
	const n = 1_000_001
	f, err := lang.ParseFile("t.game", strings.Repeat("print 1\n", n))
	if err != nil {
		t.Fatalf("%d statements: %v", n, err)
	}
	if len(f.Stmts) != n {
		t.Errorf("%d statements parsed, want %d", len(f.Stmts), n)
	}
}
