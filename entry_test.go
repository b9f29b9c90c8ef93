package grundy_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/progress"
)

// The calls that the grundy command and the REPL make: Exec, Check,
// EvalIn, Table, Graph, Explanations, Stats, Names, Reset, and the
// Config they use.

const subSrc = "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n"

// TestCheckKeepsNothing: Check reports Load's static errors and runs
// nothing; the names it resolved are not declared afterwards, so that
// the file can be loaded.
func TestCheckKeepsNothing(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	src := subSrc + "let L = [sg(sub(n)) for n in 0 .. 9]\nprint L\n"
	if err := in.Check("t.game", src); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 || len(in.Names()) != 0 {
		t.Fatalf("Check ran or declared something: output %q, names %v", out.String(), in.Names())
	}
	if xs := in.Explanations(); len(xs) != 1 || xs[0].Kind != "game" || xs[0].Name != "sub" || xs[0].Line != 1 || len(xs[0].Passes) == 0 {
		t.Errorf("explanations %+v", xs)
	}
	mustLoad(t, in, src)
	if out.String() != "[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]\n" {
		t.Errorf("output %q", out.String())
	}
	if got := in.Names(); !slices.Equal(got, []string{"L", "sub"}) {
		t.Errorf("names %v", got)
	}
	e := asError(t, in.Check("u.game", "print sg(sub(k))\nprint L + M\n"), grundy.ResolveError)
	checkPos(t, e, "u.game", 1, 14)
	var list grundy.ErrorList
	if !errors.As(in.Check("u.game", "print sg(sub(k))\nprint L + M\n"), &list) || len(list) != 2 {
		t.Errorf("want two resolve errors, got %v", list)
	}
	asError(t, in.Check("v.game", "print (1"), grundy.SyntaxError)
}

// TestExec: entries show bare expressions, may declare names again, and
// a let that fails binds nothing.
func TestExec(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	run := func(src string) error {
		t.Helper()
		out.Reset()
		return in.Exec(bg, "<stdin>", src)
	}
	if err := run(subSrc); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"sub(8)", "sg = 1   outcome = N\n"}, {"sub(7) + *2", "sg = 2   outcome = N\n"}, {`"a"`, `"a"` + "\n"}, {`[1, "b"]`, `[1, "b"]` + "\n"}, {"print \"a\"", "a\n"}} {
		if err := run(c[0]); err != nil || out.String() != c[1] {
			t.Errorf("%s shows %q, want %q (%v)", c[0], out.String(), c[1], err)
		}
	}
	// A script has no bare expressions.
	asError(t, in.Load(bg, "t.game", "sub(8)\n"), grundy.SyntaxError)
	if err := run("let x = 1 / 0"); err == nil {
		t.Fatal("no error")
	} else {
		e := asError(t, err, grundy.RuntimeError)
		checkPos(t, e, "<stdin>", 1, 11)
	}
	if slices.Contains(in.Names(), "x") {
		t.Errorf("a failed let declared x: %v", in.Names())
	}
	// Code entered before follows a new declaration (code loaded before
	// a Load's does not).
	if err := run("def w(n) = sg(sub(n))"); err != nil {
		t.Fatal(err)
	}
	if err := run("game sub(n) moves sub(n - 1) if n > 0\nw(8)\n"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "0\n" {
		t.Errorf("after the redeclaration, w(8) shows %q", out.String())
	}
}

// TestEvalIn: the expression's positions are those of the text it stands
// in, under the file name given.
func TestEvalIn(t *testing.T) {
	in := grundy.New(grundy.Config{})
	_, err := in.EvalIn(bg, "cmd", "\n  (1 +")
	if e := asError(t, err, grundy.SyntaxError); e.File != "cmd" || e.Line != 2 {
		t.Errorf("syntax error at %s:%d", e.File, e.Line)
	}
	_, err = in.EvalIn(bg, "cmd", "\n\n      1 / 0")
	e := asError(t, err, grundy.RuntimeError)
	checkPos(t, e, "cmd", 3, 9)
	if e.Snippet != "          1 / 0\n            ^" {
		t.Errorf("snippet %q", e.Snippet)
	}
	v, err := in.EvalIn(bg, "cmd", "\n 1 + 2")
	if n, ok := v.Int(); err != nil || !ok || n != 3 {
		t.Errorf("%v %v", v, err)
	}
}

// TestTable: one for clause and a grid; cells an if clause filtered out
// are None; errors name the file given.
func TestTable(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, subSrc)
	tab, err := in.Table(bg, "<t>", "sg(sub(n)) for n in 0 .. 9")
	if err != nil {
		t.Fatal(err)
	}
	if tab.Grid() || tab.RowVar != "n" || len(tab.Rows) != 10 || len(tab.Cells) != 10 {
		t.Fatalf("table %+v", tab)
	}
	// Against the values Eval finds, one by one.
	for i, r := range tab.Rows {
		want := mustEval(t, in, "sg(sub("+r.String()+"))")
		if !tab.Cells[i][0].Equal(want) {
			t.Errorf("row %v: %v, want %v", r, tab.Cells[i][0], want)
		}
	}
	if !strings.HasPrefix(tab.Text(), "0 0\n1 1\n2 0\n") {
		t.Errorf("text %q", tab.Text())
	}
	grid, err := in.Table(bg, "<t>", "x * y for x in 1 .. 3 for y in 1 .. 3 if x != y")
	if err != nil {
		t.Fatal(err)
	}
	if !grid.Grid() || grid.ColVar != "y" || len(grid.Cols) != 3 || grid.Cells[1][1].Kind() != grundy.NoneKind {
		t.Errorf("grid %+v", grid)
	}
	if n, _ := grid.Cells[1][2].Int(); n != 6 {
		t.Errorf("cell (2, 3) = %v", grid.Cells[1][2])
	}
	_, err = in.Table(bg, "<t>", "sg(nope(n)) for n in 0 .. 3")
	checkPos(t, asError(t, err, grundy.ResolveError), "<t>", 1, 4)
	_, err = in.Table(bg, "<t>", "sg(sub(n)) for n in")
	asError(t, err, grundy.SyntaxError)
}

// TestTableRows: a table with one for clause hands its rows out as Table
// computes them and keeps none; an error of the callback stops it and is
// returned as it is; a grid is computed whole.
func TestTableRows(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, subSrc)
	const spec = "sg(sub(n)) for n in 0 .. 30 if n % 3 != 1"
	whole, err := in.Table(bg, "<t>", spec)
	if err != nil {
		t.Fatal(err)
	}
	var rows, vals []grundy.Value
	tab, err := in.TableRows(bg, "<t>", spec, func(row, v grundy.Value) error {
		rows, vals = append(rows, row), append(vals, v)
		return nil
	})
	if err != nil || tab.RowVar != "n" || len(tab.Rows) != 0 || len(rows) != len(whole.Rows) {
		t.Fatalf("%v: %+v, %d rows handed out, Table has %d", err, tab, len(rows), len(whole.Rows))
	}
	for i := range rows {
		if !rows[i].Equal(whole.Rows[i]) || !vals[i].Equal(whole.Cells[i][0]) {
			t.Errorf("row %d: %v %v, Table says %v %v", i, rows[i], vals[i], whole.Rows[i], whole.Cells[i][0])
		}
	}
	stop := errors.New("enough")
	seen := 0
	_, err = in.TableRows(bg, "<t>", "n for n in 0 .. 1000000000", func(row, v grundy.Value) error {
		if seen++; seen == 5 {
			return stop
		}
		return nil
	})
	if err != stop || seen != 5 {
		t.Errorf("a callback's error: %v after %d rows", err, seen)
	}
	called := false
	grid, err := in.TableRows(bg, "<t>", "x * y for x in 1 .. 3 for y in 1 .. 2", func(row, v grundy.Value) error {
		called = true
		return nil
	})
	if err != nil || called || !grid.Grid() || len(grid.Rows) != 3 || len(grid.Cols) != 2 {
		t.Errorf("grid: %v, called %v, %+v", err, called, grid)
	}
	// The session goes on after a stopped table.
	if v := mustEval(t, in, "sg(sub(8))"); !v.Equal(whole.Cells[5][0]) { // rows 0, 2, 3, 5, 6, 8
		t.Errorf("after the table: sg(sub(8)) = %v", v)
	}
}

// TestGraph: DOT text of a game, graph(G, LIMIT), and the errors.
func TestGraph(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, subSrc+`let s = "digraph { a -> b }"`+"\n")
	dot, err := in.Graph(bg, "<g>", "sub(5)")
	if err != nil || !strings.HasPrefix(dot, "digraph") || !strings.Contains(dot, "sub(5)") || !strings.Contains(dot, "sub(1)") {
		t.Fatalf("%v\n%s", err, dot)
	}
	small, err := in.Graph(bg, "<g>", "graph(sub(5), 2)")
	if err != nil || strings.Contains(small, "sub(1)") || len(small) >= len(dot) {
		t.Errorf("graph(sub(5), 2): %v\n%s", err, small)
	}
	for _, c := range []struct {
		expr string
		col  int
		msg  string
	}{
		{"s", 1, "EXPR must be a game, found string"},
		{"[1]", 1, "EXPR must be a game (a position such as g(7), a nimber or a sum), found list [1]"},
		{"graph(sub(5), 0)", 15, "graph's node limit must be between 1 and"},
		{`graph(sub(5), "x")`, 15, "graph's node limit must be an int, found string"},
	} {
		_, err := in.Graph(bg, "<g>", c.expr)
		e := asError(t, err, grundy.RuntimeError)
		checkPos(t, e, "<g>", 1, c.col)
		if !strings.HasPrefix(e.Msg, c.msg) {
			t.Errorf("%s: %q", c.expr, e.Msg)
		}
	}
}

// TestGraphShadowed: graph(G, LIMIT) is the built-in graph's form only
// while the name means the built-in: a def of the loaded code named
// graph is called like any other function, and (graph) is graph.
func TestGraphShadowed(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, subSrc)
	small, err := in.Graph(bg, "<g>", "(graph)(sub(5), 2)")
	if err != nil || strings.Contains(small, "sub(1)") {
		t.Errorf("(graph)(sub(5), 2): %v\n%s", err, small)
	}
	mustLoad(t, in, "def graph(g, limit) = g + sub(limit)\n")
	dot, err := in.Graph(bg, "<g>", "graph(sub(5), 2)")
	if err != nil || !strings.Contains(dot, "sub(5) + sub(2)") || !strings.Contains(dot, "sub(1) + sub(1)") {
		t.Errorf("the def graph: %v\n%s", err, dot)
	}
	mustLoad(t, in, "let graph = 3\n")
	_, err = in.Graph(bg, "<g>", "graph(sub(5), 2)")
	if e := asError(t, err, grundy.RuntimeError); !strings.Contains(e.Msg, "int") {
		t.Errorf("the let graph: %q", e.Msg)
	}
}

// TestCommandLine: Config.CommandLine words limit errors and
// cancellations as the grundy command does; the kind and the cause stay.
func TestCommandLine(t *testing.T) {
	for _, cmd := range []bool{false, true} {
		in := grundy.New(grundy.Config{Limits: grundy.Limits{MaxSteps: 1000}, CommandLine: cmd})
		err := in.Load(bg, "t.game", "print len([x for x in 0 .. 100000])")
		e := asError(t, err, grundy.LimitError)
		if strings.Contains(e.Msg, "(--max-steps)") != cmd {
			t.Errorf("CommandLine %v: %q", cmd, e.Msg)
		}
		ctx, cancel := context.WithCancel(bg)
		cancel()
		e = asError(t, in.Load(ctx, "t.game", "print 1"), grundy.Canceled)
		if want := map[bool]string{false: "interrupted: context canceled", true: "interrupted"}[cmd]; e.Msg != want || !errors.Is(e, context.Canceled) {
			t.Errorf("CommandLine %v: %q", cmd, e.Msg)
		}
	}
}

// TestExplainIn: snippets come from the texts given, by file name; a
// position in the standard library shows the library's line; the error
// of a parse of the program's own is explained alike.
func TestExplainIn(t *testing.T) {
	in := grundy.New(grundy.Config{})
	err := in.Load(bg, "t.game", "print 1\nprint 1 / 0\n")
	source := func(file string) (string, bool) { return "first line\nsecond line\n", file == "t.game" }
	want := "t.game:2:9: division by zero\n    second line\n            ^\n"
	if got := grundy.ExplainIn(err, source); got != want {
		t.Errorf("ExplainIn:\n%q\nwant\n%q", got, want)
	}
	if got := grundy.ExplainIn(err, nil); got != "t.game:2:9: division by zero\n" {
		t.Errorf("ExplainIn without sources: %q", got)
	}
	if got := grundy.Explain(err); got != "t.game:2:9: division by zero\n    print 1 / 0\n            ^\n" {
		t.Errorf("Explain: %q", got)
	}
	if got := grundy.Explain(errors.New("other")); got != "other\n" {
		t.Errorf("Explain of another error: %q", got)
	}
}

// TestReset: names, Go definitions and memoized values are gone; values
// made before belong to no Interpreter.
func TestReset(t *testing.T) {
	in := grundy.New(grundy.Config{})
	if err := in.DefineValue("k", grundy.Int(3)); err != nil {
		t.Fatal(err)
	}
	mustLoad(t, in, subSrc+"print sg(sub(100 + k))\n")
	old := mustEval(t, in, "sub(5)")
	if st := in.Stats(); st.States < 100 || st.Memoized < 100 || st.Games < 1 {
		t.Errorf("stats %+v", st)
	}
	if err := in.Reset(); err != nil {
		t.Fatal(err)
	}
	if len(in.Names()) != 0 || len(in.Explanations()) != 0 || in.Stats().States != 0 {
		t.Errorf("after Reset: names %v, explanations %v, stats %+v", in.Names(), in.Explanations(), in.Stats())
	}
	asError(t, in.Load(bg, "t.game", "print k"), grundy.ResolveError)
	if _, err := in.SG(bg, old); err == nil || !strings.Contains(err.Error(), "another Interpreter") {
		t.Errorf("a value from before Reset: %v", err)
	}
	if err := in.DefineValue("k", grundy.Int(4)); err != nil {
		t.Errorf("defining k again: %v", err)
	}
	if v := mustEval(t, in, "sg(nim(k))"); v.String() != "4" {
		t.Errorf("sg(nim(k)) = %v", v)
	}
}

// TestProgressAndCheckpoint: Config.Progress hears about a run, and its
// end; Config.Checkpoint is the file take-and-break values go to.
func TestProgressAndCheckpoint(t *testing.T) {
	defer func(a, e time.Duration) { progress.After, progress.Every = a, e }(progress.After, progress.Every)
	progress.After, progress.Every = 0, 0
	file := filepath.Join(t.TempDir(), "cp")
	var reports []grundy.Progress
	in := grundy.New(grundy.Config{Checkpoint: file, Progress: func(p grundy.Progress) { reports = append(reports, p) }})
	mustLoad(t, in, `print sg(octal("0.56")(3000)), len([x for x in 0 .. 3000000])`)
	if len(reports) == 0 || !reports[len(reports)-1].Done {
		t.Errorf("progress reports %+v", reports)
	}
	if st, err := os.Stat(file); err != nil || st.Size() == 0 {
		t.Errorf("checkpoint: %v", err)
	}
	if err := os.WriteFile(file, []byte("not one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in = grundy.New(grundy.Config{Checkpoint: file})
	if err := in.Load(bg, "t.game", `print sg(kayles(5))`); err == nil || !strings.Contains(err.Error(), "not a checkpoint") {
		t.Errorf("a file that is not a checkpoint: %v", err)
	}
}

// TestDocs: the standard library's names with their documentation.
func TestDocs(t *testing.T) {
	has := func(docs []grundy.Doc, name string) bool {
		return slices.ContainsFunc(docs, func(d grundy.Doc) bool { return d.Name == name && d.Text != "" })
	}
	if b := grundy.BuiltinDocs(); !has(b, "sg") || !has(b, "period") || has(b, "kayles") {
		t.Errorf("built-ins %v", b)
	}
	if g := grundy.GameDocs(); !has(g, "kayles") || !has(g, "wythoff") || has(g, "sg") {
		t.Errorf("games %v", g)
	}
	if d := grundy.DefaultLimits(); d.MaxStates <= 0 || d.MaxSteps <= 0 || d.MaxDepth <= 0 || d.MaxMemory < 1<<20 || d.Timeout != 0 {
		t.Errorf("default limits %+v", d)
	}
	for _, c := range []struct{ expr, want string }{{"1", "int"}, {"*2", "game"}, {"sg", "built-in"}, {`"s"`, "string"}} {
		if got := mustEval(t, grundy.New(grundy.Config{}), c.expr).TypeName(); got != c.want {
			t.Errorf("TypeName of %s = %q, want %q", c.expr, got, c.want)
		}
	}
}
