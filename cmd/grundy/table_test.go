package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// tableScript declares the games the table tests use; its print goes to
// standard error under grundy table.
const tableScript = `print "declaring"
let S = {1, 3, 4}
game sub(n) moves sub(n - s) for s in S if s <= n
game nim2(a, b) moves nim2(a - i, b) for i in 1 .. a | nim2(a, b - j) for j in 1 .. b
game c(n) moves c(1 - n)
def name(n) = if n % 2 == 0 then "even, \"quoted\"" else "odd"
`

// printed runs a script through grundy run and returns its lines: the
// values the tables must show, computed by print instead.
func printed(t *testing.T, src string) []string {
	t.Helper()
	p := script(t, "p.game", tableScript+src)
	code, out, errOut := cli(t, "", "run", p)
	if code != 0 {
		t.Fatalf("run: status %d, stderr %s", code, errOut)
	}
	return strings.Split(strings.TrimPrefix(strings.TrimSuffix(out, "\n"), "declaring\n"), "\n")
}

func TestTableText(t *testing.T) {
	p := script(t, "g.game", tableScript)
	// Subtraction game {1, 3, 4}: SG values have period 7: 0 1 0 1 2 3 2.
	check(t, "one for", runCLI(t, "", "table", p, "sg(sub(n)) for n in 5 .. 10"),
		result{0, " n  sg(sub(n))\n 5           3\n 6           2\n 7           0\n 8           1\n 9           0\n10           1\n", "declaring\n"})
	check(t, "strings", runCLI(t, "", "table", p, "outcome(sub(n)) for n in [0, 99]", "--format", "text"),
		result{0, " n  outcome(sub(n))\n 0  P\n99  N\n", "declaring\n"})
	// Nim with two heaps: a ^ b.
	check(t, "grid", runCLI(t, "", "table", p, "sg(nim2(a, b)) for a in 0 .. 2 for b in 0 .. 3 if a <= b"),
		result{0, "a\\b  0  1  2  3\n  0  0  1  2  3\n  1     0  3  2\n  2        0  1\n", "declaring\n"})
	// The table sees the script's lets, defs and games; flags anywhere.
	check(t, "scope", runCLI(t, "", "table", "--format=text", p, "name(s) for s in S"),
		result{0, "s  name(s)\n1  odd\n3  odd\n4  even, \"quoted\"\n", "declaring\n"})
	// -- lets the table start with "-".
	check(t, "--", runCLI(t, "", "table", p, "--", "-n for n in 1 .. 2"),
		result{0, "n  -n\n1  -1\n2  -2\n", "declaring\n"})
	// A grid's text is the table statement's.
	st := runCLI(t, "", "-e", tableScript+"table sg(nim2(a, b)) for a in 0 .. 2 for b in 0 .. 3 if a <= b")
	tb := runCLI(t, "", "table", p, "sg(nim2(a, b)) for a in 0 .. 2 for b in 0 .. 3 if a <= b")
	if st.stdout != "declaring\n"+tb.stdout {
		t.Errorf("statement prints\n%s\nbut grundy table prints\n%s", st.stdout, tb.stdout)
	}
}

// TestTableTextIsTheREPLs: grundy table's text format is what the REPL's
// :table prints (a header for one for clause; a grid as the statement),
// for the same table.
func TestTableTextIsTheREPLs(t *testing.T) {
	p := script(t, "g.game", tableScript)
	for _, spec := range []string{
		"sg(sub(n)) for n in 5 .. 10",
		"outcome(sub(n))   for n in [0, 99]",
		"name(s) for s in S if s > 1",
		"(a, b) for (a, b) in [(1, 2)]",
		"n for n in []",
		"sg(nim2(a, b)) for a in 0 .. 2 for b in 0 .. 3 if a <= b",
	} {
		tb := runCLI(t, "", "table", p, spec)
		repl := runCLI(t, tableScript+":table "+spec+"\n")
		if tb.code != 0 || repl.code != 0 || "declaring\n"+tb.stdout != repl.stdout {
			t.Errorf("%s: grundy table prints (status %d)\n%s\nbut :table (status %d)\ndeclaring\n%s", spec, tb.code, tb.stdout, repl.code, strings.TrimPrefix(repl.stdout, "declaring\n"))
		}
	}
}

func TestTableCSV(t *testing.T) {
	p := script(t, "g.game", tableScript)
	want := printed(t, `for n in 0 .. 12 { print n, sg(sub(n)) }`)
	r := runCLI(t, "", "table", p, "sg(sub(n)) for n in 0 .. 12", "--format", "csv")
	if r.code != 0 || r.stderr != "declaring\n" {
		t.Fatalf("csv: status %d, stderr %q", r.code, r.stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatalf("csv does not parse: %v\n%s", err, r.stdout)
	}
	if len(recs) != len(want)+1 || strings.Join(recs[0], "|") != "n|value" {
		t.Fatalf("csv: %d records, header %q", len(recs), recs[0])
	}
	for i, w := range want {
		if got := strings.Join(recs[i+1], " "); got != w {
			t.Errorf("csv row %d: %q, print says %q", i, got, w)
		}
	}
	// Commas and quotes survive; a grid has its column labels and blanks.
	r = runCLI(t, "", "table", p, "name(a) for a in 0 .. 1 for b in [\"x\", 1] if b != a", "--format", "csv")
	recs, err = csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || r.code != 0 {
		t.Fatalf("grid csv: status %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}
	got := fmt.Sprintf("%q", recs)
	if want := `[["a\\b" "x" "1"] ["0" "even, \"quoted\"" "even, \"quoted\""] ["1" "odd" ""]]`; got != want {
		t.Errorf("grid csv: %s, want %s", got, want)
	}
	r = runCLI(t, "", "table", p, "name(n) for n in [2]", "--format", "csv")
	if recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll(); err != nil || len(recs) != 2 || recs[1][1] != `even, "quoted"` {
		t.Errorf("quoted csv: %v %q\n%s", err, recs, r.stdout)
	}
	// A row variable named value: the value column gets another name.
	r = runCLI(t, "", "table", p, "value for value in [1]", "--format", "csv")
	if r.stdout != "value,value_\n1,1\n" {
		t.Errorf("variable named value: %q", r.stdout)
	}
}

func TestTableJSON(t *testing.T) {
	p := script(t, "g.game", tableScript)
	want := printed(t, `for n in 0 .. 9 { print n, sg(sub(n)), outcome(sub(n)) }`)
	r := runCLI(t, "", "table", p, "sg(sub(n)) for n in 0 .. 9", "--format", "json")
	var rows []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &rows); err != nil || r.code != 0 {
		t.Fatalf("json: status %d, %v\n%s", r.code, err, r.stdout)
	}
	if len(rows) != len(want) {
		t.Fatalf("json: %d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		f := strings.Fields(w)
		n, v := rows[i]["n"].(float64), rows[i]["value"].(float64)
		if len(rows[i]) != 2 || strconv.Itoa(int(n)) != f[0] || strconv.Itoa(int(v)) != f[1] {
			t.Errorf("json row %d: %v, print says %q", i, rows[i], w)
		}
	}
	if !strings.HasPrefix(r.stdout, "[\n  {\"n\": 0, \"value\": 0},\n") {
		t.Errorf("json layout:\n%s", r.stdout)
	}
	// A table that fails leaves its rows so far (an array not closed).
	r = runCLI(t, "", "table", p, "sg(sub(n)) for n in [1, \"a\"]", "--format", "json")
	if r.code != 1 || r.stdout != "[\n  {\"n\": 1, \"value\": 1}" || !strings.Contains(r.stderr, "called from <table>:1:1") {
		t.Errorf("json of a failing table: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// Everything but ints is a string of its printed form.
	rows = nil
	r = runCLI(t, "", "table", p, "[outcome(c(n)), sg(c(n)), true] for n in [1]", "--format", "json")
	if err := json.Unmarshal([]byte(r.stdout), &rows); err != nil || len(rows) != 1 || rows[0]["value"] != `["D", ∞{}, true]` || rows[0]["n"] != 1.0 {
		t.Errorf("json strings: %v %v\n%s", err, rows, r.stdout)
	}
	r = runCLI(t, "", "table", p, "n for n in []", "--format", "json")
	if r.stdout != "[]\n" {
		t.Errorf("empty json table: %q", r.stdout)
	}
	// A grid: row and column variables and labels, cells with null blanks.
	r = runCLI(t, "", "table", p, "sg(nim2(a, b)) for a in 1 .. 2 for b in [\"x\", 0, 3] if b != \"x\" and a != b + 2", "--format", "json")
	var g struct {
		Row, Column   string
		Rows, Columns []any
		Cells         [][]any
	}
	if err := json.Unmarshal([]byte(r.stdout), &g); err != nil || r.code != 0 {
		t.Fatalf("grid json: status %d %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}
	got := fmt.Sprintf("%s %s %v %v %v", g.Row, g.Column, g.Rows, g.Columns, g.Cells)
	// nim2(a, b) is a ^ b: 1^0 = 1, 1^3 = 2, 2^3 = 1; 2^0 is filtered out.
	if want := "a b [1 2] [x 0 3] [[<nil> 1 2] [<nil> <nil> 1]]"; got != want {
		t.Errorf("grid json: %s, want %s", got, want)
	}
}

func TestTableBFile(t *testing.T) {
	p := script(t, "g.game", tableScript)
	want := printed(t, `for n in 0 .. 20 { print n, sg(sub(n)) }`)
	r := runCLI(t, "", "table", p, "sg(sub(n)) for n in 0 .. 20", "--format", "bfile")
	if r.code != 0 || r.stdout != strings.Join(want, "\n")+"\n" {
		t.Errorf("bfile: status %d\n%s\nprint says\n%s", r.code, r.stdout, strings.Join(want, "\n"))
	}
	check(t, "bfile of strings", runCLI(t, "", "table", p, "outcome(sub(n)) for n in 0 .. 3", "--format", "bfile"),
		result{1, "", "declaring\n<table>:1:1: --format bfile needs an int value in each row, but n = 0 gives string \"P\"\n    outcome(sub(n)) for n in 0 .. 3\n    ^\n"})
	check(t, "bfile of string labels", runCLI(t, "", "table", p, "1 for s in [\"a\"]", "--format", "bfile"),
		result{1, "", "declaring\n<table>:1:12: --format bfile needs int values of s, found string \"a\"\n    1 for s in [\"a\"]\n               ^\n"})
	check(t, "bfile of a grid", runCLI(t, "", "table", p, "1 for a in 1 .. 2 for b in 1 .. 2", "--format", "bfile"),
		result{2, "", "grundy table: --format bfile needs a table with one for clause (it writes \"n a(n)\" lines); this one has 2\n"})
}

func TestTableErrors(t *testing.T) {
	p := script(t, "g.game", tableScript)
	check(t, "syntax", runCLI(t, "", "table", p, "sg(sub(n) for n in 0 .. 3"),
		result{2, "", "<table>:1:11: expected \",\" or \")\", found keyword \"for\"\n    sg(sub(n) for n in 0 .. 3\n              ^\n"})
	check(t, "no for", runCLI(t, "", "table", p, "sg(sub(3))"),
		result{2, "", "<table>:1:11: expected \"for\" after the table's expression (a table is EXPR for NAME in EXPR), found end of input\n    sg(sub(3))\n              ^\n"})
	check(t, "third for", runCLI(t, "", "table", p, "1 for a in 1..2 for b in 1..2 for c in 1..2"),
		result{2, "", "<table>:1:31: a table has at most two for clauses (its rows and its columns); this is a third\n    1 for a in 1..2 for b in 1..2 for c in 1..2\n                                  ^\n"})
	check(t, "runtime", runCLI(t, "", "table", p, "sg(sub(n)) / (n - 2) for n in 0 .. 3"),
		result{1, "", "declaring\n<table>:1:12: division by zero\n    sg(sub(n)) / (n - 2) for n in 0 .. 3\n               ^\n"})
	check(t, "unknown name", runCLI(t, "", "table", p, "sg(sup(n)) for n in 0 .. 3"),
		result{1, "", "declaring\n<table>:1:4: unknown name \"sup\" (did you mean \"sub\"?)\n    sg(sup(n)) for n in 0 .. 3\n       ^\n"})
	// An error inside the script's game shows the script's line and the
	// call site in the table.
	q := script(t, "bad.game", "game g(n) moves g(n / (n - 2)) if n > 0\n")
	check(t, "in the script", runCLI(t, "", "table", q, "sg(g(n)) for n in 0 .. 3"),
		result{1, "", q + ":1:21: division by zero\n    game g(n) moves g(n / (n - 2)) if n > 0\n                        ^\n    called from <table>:1:1\n"})
	// The script's own errors come first and stop everything.
	q = script(t, "syntax.game", "print 1\nlet = 2\n")
	check(t, "script syntax", runCLI(t, "", "table", q, "n for n in 1 .. 2"),
		result{2, "", q + ":2:5: expected a name, found \"=\"\n    let = 2\n        ^\n"})
	q = script(t, "fails.game", "print 1\nprint 1 / 0\n")
	check(t, "script runtime", runCLI(t, "", "table", q, "n for n in 1 .. 2"),
		result{1, "", "1\n" + q + ":2:9: division by zero\n    print 1 / 0\n            ^\n"})
	// Limits as for grundy run.
	q = script(t, "inf.game", "game up(n) moves up(n + 1)\n")
	r := runCLI(t, "", "table", "--max-states", "500", q, "sg(up(n)) for n in 0 .. 1")
	if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, q+":1:6: state limit reached: more than 500 positions") {
		t.Errorf("--max-states: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "table", "--stats", p, "n for n in 1 .. 2")
	if r.code != 0 || r.stdout != "n  n\n1  1\n2  2\n" || !strings.HasPrefix(r.stderr, "declaring\ngrundy: ") || !strings.Contains(r.stderr, " states visited, ") {
		t.Errorf("--stats: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

func TestTableBadUsage(t *testing.T) {
	p := script(t, "g.game", tableScript)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"table"}, "grundy table: expected a FILE and a table, got 0 arguments\nusage: grundy table FILE 'EXPR for n in A .. B' [--format text|csv|json|bfile] [flags]\n"},
		{[]string{"table", p}, "grundy table: expected a FILE and a table, got 1 argument\n"},
		{[]string{"table", p, "n for n in xs", "extra"}, "got 3 arguments"},
		{[]string{"table", p, "n for n in [1]", "--format", "xml"}, "grundy table: unknown format \"xml\": use text, csv, json or bfile\n"},
		{[]string{"table", p, "n for n in [1]", "--format"}, "grundy table: flag needs an argument: -format\n"},
		{[]string{"table", p, "n for n in [1]", "--bogus"}, "grundy table: flag provided but not defined: -bogus\n"},
		{[]string{"table", p, "-n for n in [1]"}, "flag provided but not defined"},
		{[]string{"table", "--max-states", "-1", p, "n for n in [1]"}, "grundy table: --max-states must be a positive number of positions, not -1\n"},
		{[]string{"table", "--max-memory", "lots", p, "n for n in [1]"}, "grundy table: --max-memory: \"lots\" is not a size such as 512M or 2G\n"},
		{[]string{"table", p + ".missing", "n for n in [1]"}, "grundy: cannot read " + p + ".missing: no such file or directory\n"},
	} {
		code, out, errOut := cli(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q (want %q)", c.args, code, out, errOut, c.want)
		}
	}
}

// failAfter is a standard output whose reader goes away after n bytes.
type failAfter struct{ n int }

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("the reader is gone")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestTableStreams: csv, json and bfile of one for clause write each row
// as it is computed and hold none (a million rows under a memory limit
// they would pass as values), leave the rows before an error, and stop
// computing when standard output fails.
func TestTableStreams(t *testing.T) {
	p := script(t, "k.game", "game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t\ndef h(n) = if n == 5 then \"x\" else n\n")
	// Kayles: period 12 from heap 72 on (Guy and Smith).
	period := printed(t, "game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t\nfor n in 72 .. 83 { print n, sg(k(n)) }")
	for _, format := range []string{"bfile", "csv", "json"} {
		// (The fast suite: 200,000 rows of csv and json.)
		rows := 1_000_000
		if format != "bfile" {
			rows = testenv.Scale(200_000, rows)
		}
		r := runCLI(t, "", "table", "--max-memory", "128M", p, fmt.Sprintf("sg(k(n)) for n in 0 .. %d", rows-1), "--format", format)
		if r.code != 0 {
			t.Fatalf("%s of %d rows: status %d, stderr %q", format, rows, r.code, r.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		last := lines[len(lines)-1]
		switch format {
		case "bfile":
			if len(lines) != rows {
				t.Fatalf("bfile: %d lines, want %d", len(lines), rows)
			}
		case "csv":
			if len(lines) != rows+1 || lines[0] != "n,value" {
				t.Fatalf("csv: %d lines starting %q", len(lines), lines[0])
			}
			last = strings.ReplaceAll(last, ",", " ")
		case "json":
			var objs []map[string]int
			if err := json.Unmarshal([]byte(r.stdout), &objs); err != nil || len(objs) != rows {
				t.Fatalf("json: %v, %d objects", err, len(objs))
			}
			last = fmt.Sprintf("%d %d", objs[rows-1]["n"], objs[rows-1]["value"])
		}
		n := rows - 1
		if want := period[72+(n-72)%12-72]; last != fmt.Sprintf("%d %s", n, strings.Fields(want)[1]) {
			t.Errorf("%s: last row %q, want heap %d as %q", format, last, n, want)
		}
	}
	// The rows before an error are written.
	check(t, "bfile up to an error", runCLI(t, "", "table", p, "h(n) for n in 0 .. 8", "--format", "bfile"),
		result{1, "0 0\n1 1\n2 2\n3 3\n4 4\n", "<table>:1:1: --format bfile needs an int value in each row, but n = 5 gives string \"x\"\n    h(n) for n in 0 .. 8\n    ^\n"})
	check(t, "csv up to an error", runCLI(t, "", "table", p, "10 / (3 - n) for n in 0 .. 8", "--format", "csv"),
		result{1, "n,value\n0,3\n1,5\n2,10\n", "<table>:1:4: division by zero\n    10 / (3 - n) for n in 0 .. 8\n       ^\n"})
	check(t, "json without rows", runCLI(t, "", "table", p, "n for n in 1 .. 0", "--format", "json"), result{0, "[]\n", ""})
	check(t, "csv without rows", runCLI(t, "", "table", p, "n for n in 1 .. 0", "--format", "csv"), result{0, "n,value\n", ""})
	// A reader that goes away stops the table (a billion rows: held, they
	// would reach the memory limit first).
	var errOut bytes.Buffer
	code := run([]string{"table", "--max-memory", "128M", p, "n for n in 0 .. 1000000000", "--format", "bfile"}, strings.NewReader(""), &failAfter{n: 20000}, &errOut)
	if code != 1 || errOut.String() != "grundy: writing the table: the reader is gone\n" {
		t.Errorf("a closed output: status %d, stderr %q", code, errOut.String())
	}
}
