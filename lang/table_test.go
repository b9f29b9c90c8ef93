package lang_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// TestParseTableStmt: `table` is a contextual keyword. A statement that
// starts with the name table and an expression that cannot continue the
// name is a table statement; after "(", "[", "-" or "*" (which could
// continue it: table(3), table[0], table - 1) it is one only when a for
// clause follows the expression.
func TestParseTableStmt(t *testing.T) {
	both := []sexprCase{
		{`table n for n in 0 .. 3`, `(table n (for n (.. 0 3)))`},
		{`table sg(g(n)) for n in xs if n > 1`, `(table (call sg (call g n)) (for n xs) (if (> n 1)))`},
		{`table x * y for x in 1 .. 3 for y in 1 .. x if y != 2`,
			`(table (* x y) (for x (.. 1 3)) (for y (.. 1 x)) (if (!= y 2)))`},
		{`table x if c for x in xs`, `(table x (if c) (for x xs))`},
		{`table a + b for (a, b) in ps`, `(table (+ a b) (for (a b) ps))`},
		{`table (x) for x in 1 .. 3`, `(table x (for x (.. 1 3)))`},
		{`table (x, 1) for x in xs`, `(table (tuple x 1) (for x xs))`},
		{`table [x] for x in xs`, `(table (list x) (for x xs))`},
		{`table -x for x in xs`, `(table (neg x) (for x xs))`},
		{`table *x for x in xs`, `(table (nimber x) (for x xs))`},
		{`table(x) for x in xs`, `(table x (for x xs))`},
		{`table table for table in xs`, `(table table (for table xs))`},
		{`table table(x) for x in xs`, `(table (call table x) (for x xs))`},
		{`table if a then b else c for x in xs`, `(table (if a b c) (for x xs))`},
		{`table (sum of *n for n in xs) for m in ys`, `(table (sum-comp (nimber n) (for n xs)) (for m ys))`},
		{"table n\n  for n in xs\n  if n\nprint 1", "(table n (for n xs) (if n))\n(print 1)"},
		{"table n for n in xs\nfor y in ys { print y }", "(table n (for n xs))\n(for y ys (print y))"},
		{"game g(n) moves g(n - 1) if n > 0\ntable n for n in xs", "(game g (n) (alt (call g (- n 1)) (if (> n 0))))\n(table n (for n xs))"},
		// table as an ordinary name.
		{`let table = 3`, `(let table 3)`},
		{`print table, table(1), table[0], table - 1`, `(print table (call table 1) (index table 0) (- table 1))`},
		{`def table(table) = table`, `(def table (table) table)`},
		{`for table in xs { print table }`, `(for table xs (print table))`},
		{`print [table for table in xs]`, `(print (list-comp table (for table xs)))`},
	}
	checkParses(t, "ParseFile", lang.ParseFile, "t.game", both)
	checkParses(t, "ParseEntry", lang.ParseEntry, "t.game", both)
	// In the REPL, the name table followed by "(", "[", "-" or "*" and no
	// for clause is an expression.
	checkParses(t, "ParseEntry", lang.ParseEntry, "<stdin>", []sexprCase{
		{`table(3)`, `(expr (call table 3))`},
		{`table (3)`, `(expr (call table 3))`},
		{`table[0]`, `(expr (index table 0))`},
		{`table - 1`, `(expr (- table 1))`},
		{`table * 2`, `(expr (* table 2))`},
		{`table`, `(expr table)`},
		{"table(1)\nfor x in xs { print x }", "(expr (call table 1))\n(for x xs (print x))"},
	})
	st := mustTable(t, "\n  table  x for x in xs")
	if st.Pos.Line != 2 || st.Pos.Column != 3 || lang.Start(st.Body).Column != 10 {
		t.Errorf("positions: table at %v, expression at %v", st.Pos, lang.Start(st.Body))
	}
	if n := len(st.Fors()); n != 1 {
		t.Errorf("Fors() has %d clauses, want 1", n)
	}
}

func mustTable(t *testing.T, src string) *lang.TableStmt {
	t.Helper()
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	st, ok := f.Stmts[0].(*lang.TableStmt)
	if !ok {
		t.Fatalf("%q: parsed as %T", src, f.Stmts[0])
	}
	return st
}

func TestTableSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		src, want  string
		incomplete bool
	}{
		{"table x", `t.game:1:8: expected "for" after the table's expression (a table is EXPR for NAME in EXPR), found end of input`, true},
		{"table x if x > 1\nprint x", `t.game:2:1: expected "for" after the table's expression (a table is EXPR for NAME in EXPR), found keyword "print"`, false},
		{"table x for x in xs for y in ys for z in zs", `t.game:1:33: a table has at most two for clauses (its rows and its columns); this is a third`, false},
		{"table x for x in", `t.game:1:17: expected an expression after "in", found end of input`, true},
		{"table x for in xs", `t.game:1:13: expected a name, found keyword "in"`, false},
		{"table (x for x in xs", `t.game:1:10: expected "," or ")", found keyword "for"`, false},
		{"table x + for x in xs", `t.game:1:11: expected an expression after "+", found keyword "for"`, false},
		// `sum of` takes the for clauses: none are left for the table.
		{"table sum of *n for n in xs\nprint 1", `t.game:2:1: expected "for" after the table's expression (a table is EXPR for NAME in EXPR), found keyword "print"`, false},
	} {
		for _, parse := range []func(string, string) (*lang.File, error){lang.ParseFile, lang.ParseEntry} {
			_, err := parse("t.game", c.src)
			if err == nil {
				t.Errorf("%q: no error", c.src)
				continue
			}
			if err.Error() != c.want {
				t.Errorf("%q\n got: %v\nwant: %s", c.src, err, c.want)
			}
			if lang.Incomplete(err) != c.incomplete {
				t.Errorf("%q: Incomplete = %v", c.src, !c.incomplete)
			}
		}
	}
	// In a script, table(3) is no statement (a bare expression).
	_, err := lang.ParseFile("t.game", "table(3)")
	if err == nil || !strings.HasPrefix(err.Error(), "t.game:1:1: expected a statement") {
		t.Errorf("table(3) in a script: %v", err)
	}
}

func TestParseTable(t *testing.T) {
	checkParses(t, "ParseTable", lang.ParseTable, "<table>", []sexprCase{
		{`sg(g(n)) for n in 0 .. 20`, `(table (call sg (call g n)) (for n (.. 0 20)))`},
		{` a * b for a in 1 .. 3 for b in 1 .. 3 if a <= b `, `(table (* a b) (for a (.. 1 3)) (for b (.. 1 3)) (if (<= a b)))`},
		{`table for table in xs`, `(table table (for table xs))`},
		{"n\nfor n in xs", `(table n (for n xs))`},
	})
	st, err := lang.ParseTable("<table>", "  n for n in xs")
	if err != nil || st.Pos.Column != 3 || st.Pos.Filename != "<table>" {
		t.Errorf("ParseTable position: %v, %v", st, err)
	}
	for _, c := range []struct{ src, want string }{
		{``, `<table>:1:1: expected an expression (a table is EXPR for NAME in EXPR), found end of input`},
		{`for n in xs`, `<table>:1:1: expected an expression (a table is EXPR for NAME in EXPR), found keyword "for"`},
		{`sg(n)`, `<table>:1:6: expected "for" after the table's expression (a table is EXPR for NAME in EXPR), found end of input`},
		{`n for n in 1 .. 3 4`, `<table>:1:19: expected "for", "if" or the end of the table, found "4"`},
		{`n for n in 1 .. 3 print n`, `<table>:1:19: expected "for", "if" or the end of the table, found keyword "print"`},
		{`n for a in x for b in y for c in z`, `<table>:1:25: a table has at most two for clauses (its rows and its columns); this is a third`},
		{`n for n in (1 ..`, `<table>:1:17: expected an expression after "..", found end of input`},
		{`"abc`, `<table>:1:1: unterminated string: a string must end with '"' on the line where it starts`},
	} {
		_, err := lang.ParseTable("<table>", c.src)
		if err == nil {
			t.Errorf("ParseTable(%q): no error", c.src)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("ParseTable(%q)\n got: %v\nwant: %s", c.src, err, c.want)
		}
	}
}
