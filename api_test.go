package grundy_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

var bg = context.Background()

// mustLoad loads src or fails the test.
func mustLoad(t *testing.T, in *grundy.Interpreter, src string) {
	t.Helper()
	if err := in.Load(bg, "t.game", src); err != nil {
		t.Fatalf("Load: %v", err)
	}
}

// mustEval evaluates expr or fails the test.
func mustEval(t *testing.T, in *grundy.Interpreter, expr string) grundy.Value {
	t.Helper()
	v, err := in.Eval(bg, expr)
	if err != nil {
		t.Fatalf("Eval(%q): %v", expr, err)
	}
	return v
}

// asError returns the *grundy.Error in err, failing the test if there is
// none or it is not of kind want.
func asError(t *testing.T, err error, want grundy.ErrorKind) *grundy.Error {
	t.Helper()
	var e *grundy.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *grundy.Error", err, err)
	}
	if e.Kind != want {
		t.Fatalf("error %q has kind %v, want %v", err, e.Kind, want)
	}
	return e
}

func checkPos(t *testing.T, e *grundy.Error, file string, line, col int) {
	t.Helper()
	if e.File != file || e.Line != line || e.Column != col {
		t.Errorf("error %q at %s:%d:%d, want %s:%d:%d", e, e.File, e.Line, e.Column, file, line, col)
	}
	if line > 0 && !strings.HasPrefix(e.Error(), fmt.Sprintf("%s:%d:%d: ", file, line, col)) {
		t.Errorf("Error() = %q, want it to start with the position", e.Error())
	}
}

// loadError loads src as file name and checks its error: of kind want,
// at name:line:col, with the message msg. It returns the error.
func loadError(t *testing.T, in *grundy.Interpreter, name, src string, want grundy.ErrorKind, line, col int, msg string) *grundy.Error {
	t.Helper()
	e := asError(t, in.Load(bg, name, src), want)
	checkPos(t, e, name, line, col)
	if e.Msg != msg {
		t.Errorf("message %q, want %q", e.Msg, msg)
	}
	return e
}

const infinite = "game up(n) moves up(n + 1)\nprint sg(up(0))\n"

func TestMaxStates(t *testing.T) {
	in := grundy.New(grundy.Config{Limits: grundy.Limits{MaxStates: 1000}})
	err := in.Load(bg, "up.game", infinite)
	e := asError(t, err, grundy.LimitError)
	checkPos(t, e, "up.game", 1, 6)
	if !strings.Contains(e.Msg, "state limit reached: more than 1000 positions") {
		t.Errorf("message %q does not name the state limit", e.Msg)
	}
}

func TestMaxSteps(t *testing.T) {
	in := grundy.New(grundy.Config{Limits: grundy.Limits{MaxSteps: 20000}})
	err := in.Load(bg, "loop.game", "def f(n) = if n == 0 then 0 else f(n - 1)\nprint f(1000000)\n")
	e := asError(t, err, grundy.LimitError)
	if !strings.Contains(e.Msg, "step limit reached") || strings.Contains(e.Msg, "--") {
		t.Errorf("message %q: want the step limit, without a command-line flag", e.Msg)
	}
	// The Interpreter is usable after a limit error.
	if v := mustEval(t, in, "1 + 1"); v.String() != "2" {
		t.Errorf("1 + 1 = %v after a limit error", v)
	}
}

func TestMaxDepth(t *testing.T) {
	in := grundy.New(grundy.Config{Limits: grundy.Limits{MaxDepth: 50}})
	err := in.Load(bg, "deep.game", "def f(n) = if n == 0 then 0 else f(n - 1)\nprint f(40)\nprint f(100)\n")
	e := asError(t, err, grundy.LimitError)
	if e.Line != 1 || !strings.Contains(e.Msg, "too many nested calls") {
		t.Errorf("error %q: want too many nested calls inside f", e)
	}
}

// TestTimeout: a Go function sleeps past Limits.Timeout; the run stops at
// the next check with a limit error, not a cancellation.
func TestTimeout(t *testing.T) {
	in := grundy.New(grundy.Config{Limits: grundy.Limits{Timeout: time.Millisecond}})
	err := in.DefineFunc(grundy.FuncDef{Name: "nap", Fn: func([]grundy.Value) (grundy.Value, error) {
		time.Sleep(20 * time.Millisecond)
		return grundy.Bool(true), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	err = in.Load(bg, "nap.game", "game up(n) moves up(n + 1)\nprint nap()\nprint sg(up(0))\n")
	e := asError(t, err, grundy.LimitError)
	if !strings.Contains(e.Msg, "time limit reached: the run took more than 1ms") {
		t.Errorf("message %q does not name the time limit", e.Msg)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a Limits.Timeout error should not be a context error")
	}
}

// TestCancel: the context is cancelled while the script runs (by a Go
// function the script calls), and before a call starts.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	in := grundy.New(grundy.Config{})
	err := in.DefineFunc(grundy.FuncDef{Name: "stop", Fn: func([]grundy.Value) (grundy.Value, error) {
		cancel()
		return grundy.Int(0), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	err = in.Load(ctx, "stop.game", "game up(n) moves up(n + 1)\nprint stop()\nprint sg(up(0))\n")
	e := asError(t, err, grundy.Canceled)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %q is not context.Canceled", err)
	}
	if e.Line == 0 {
		t.Errorf("error %q has no position", err)
	}
	// A call with a cancelled context runs nothing.
	_, err = in.Eval(ctx, "stop()")
	asError(t, err, grundy.Canceled)
	// The Interpreter still works with a live context.
	if v := mustEval(t, in, "sg(*3 + *5)"); v.String() != "6" {
		t.Errorf("sg(*3 + *5) = %v", v)
	}
}

// TestDeadline: the caller's deadline passes during a run; the error is a
// cancellation wrapping context.DeadlineExceeded.
func TestDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(bg, time.Millisecond)
	defer cancel()
	in := grundy.New(grundy.Config{})
	err := in.DefineFunc(grundy.FuncDef{Name: "wait", Fn: func([]grundy.Value) (grundy.Value, error) {
		<-ctx.Done()
		return grundy.Int(0), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	err = in.Load(ctx, "wait.game", "game up(n) moves up(n + 1)\nprint wait()\nprint sg(up(0))\n")
	asError(t, err, grundy.Canceled)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %q is not context.DeadlineExceeded", err)
	}
}

func TestIntsDenied(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	loadError(t, in, "in.game", "print 1\nprint ints()\n", grundy.RuntimeError, 2, 7, "ints(): this program has no standard input")
	if out.String() != "1\n" {
		t.Errorf("output before the error = %q, want %q", out.String(), "1\n")
	}
}

func TestIntsProvided(t *testing.T) {
	in := grundy.New(grundy.Config{Stdin: strings.NewReader("4\n-2 7\n")})
	v := mustEval(t, in, "ints()")
	var got []int64
	for _, x := range v.Elems() {
		n, ok := x.Int()
		if !ok {
			t.Fatalf("element %v of ints() is not an int", x)
		}
		got = append(got, n)
	}
	if fmt.Sprint(got) != "[4 -2 7]" {
		t.Errorf("ints() = %v, want [4 -2 7]", got)
	}
	// Read once, remembered for later calls.
	if v2 := mustEval(t, in, "ints()"); !v2.Equal(v) {
		t.Errorf("second ints() = %v, want %v", v2, v)
	}
}

func TestPrintCapture(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	mustLoad(t, in, `print "a", 1, [1, "b"], *2 + *3`)
	if want := "a 1 [1, \"b\"] *2 + *3\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	out.Reset()
	mustLoad(t, in, `for x in [1, 2] { print x }`)
	if out.String() != "1\n2\n" {
		t.Errorf("output %q of the second Load", out.String())
	}
	// Eval shows nothing.
	out.Reset()
	mustEval(t, in, "3")
	if out.Len() != 0 {
		t.Errorf("Eval printed %q", out.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	in := grundy.New(grundy.Config{Stdout: failWriter{}})
	err := in.Load(bg, "w.game", "print 1\n")
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want the writer's error", err)
	}
}

func TestSyntaxError(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	err := in.Load(bg, "bad.game", "print 1\nlet x = (1 +\n")
	e := asError(t, err, grundy.SyntaxError)
	if e.File != "bad.game" || e.Line < 2 || e.Column < 1 {
		t.Errorf("syntax error %q at %s:%d:%d", e, e.File, e.Line, e.Column)
	}
	if out.Len() != 0 {
		t.Errorf("a file with a syntax error printed %q", out.String())
	}
	_, err = in.Eval(bg, "sg(")
	e = asError(t, err, grundy.SyntaxError)
	if e.File != "<eval>" || e.Line != 1 {
		t.Errorf("Eval syntax error %q at %s:%d", e, e.File, e.Line)
	}
	_, err = in.Eval(bg, "let x = 1")
	asError(t, err, grundy.SyntaxError)
}

func TestResolveErrors(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	err := in.Load(bg, "names.game", "game g(n) moves g(n - 1) if n > 0\nprint 1\nprint foo + g(1, 2)\nprint bar\n")
	var list grundy.ErrorList
	if !errors.As(err, &list) || len(list) != 3 {
		t.Fatalf("error %v (%T): want an ErrorList of 3", err, err)
	}
	first := asError(t, err, grundy.ResolveError)
	if first != list[0] {
		t.Errorf("errors.As found %q, want the first of the list", first)
	}
	checkPos(t, list[0], "names.game", 3, 7)
	checkPos(t, list[1], "names.game", 3, 13)
	checkPos(t, list[2], "names.game", 4, 7)
	if !strings.Contains(list[0].Msg, `unknown name "foo"`) || !strings.Contains(list[1].Msg, "takes 1 argument") {
		t.Errorf("messages %q, %q", list[0].Msg, list[1].Msg)
	}
	if got := strings.Count(err.Error(), "\n"); got != 2 {
		t.Errorf("ErrorList.Error() has %d newlines, want one message a line: %q", got, err)
	}
	if out.Len() != 0 {
		t.Errorf("a file with resolve errors printed %q", out.String())
	}
	// Nothing of the failed file is kept: g is unknown.
	_, err = in.Eval(bg, "g(3)")
	e := asError(t, err, grundy.ResolveError)
	if !strings.Contains(e.Msg, `unknown name "g"`) {
		t.Errorf("after a failed Load: %q, want g unknown", e)
	}
	// A single resolve error is an *Error, not a list.
	err = in.Load(bg, "one.game", "print nope\n")
	if errors.As(err, &list) {
		t.Errorf("one error came as a list: %v", err)
	}
	asError(t, err, grundy.ResolveError)
}

func TestRuntimeError(t *testing.T) {
	in := grundy.New(grundy.Config{})
	e := loadError(t, in, "rt.game", "game g(n) moves g(n - 1) if 10 / n > 0\nprint sg(g(3))\n", grundy.RuntimeError, 1, 32, "division by zero")
	if len(e.Trace) == 0 || !strings.Contains(e.Trace[len(e.Trace)-1], "rt.game:2:7") {
		t.Errorf("trace %q does not name the sg call", e.Trace)
	}
	if want := "    game g(n) moves g(n - 1) if 10 / n > 0\n" + strings.Repeat(" ", 4+31) + "^"; e.Snippet != want {
		t.Errorf("snippet\n%s\nwant\n%s", e.Snippet, want)
	}
	x := grundy.Explain(e)
	if !strings.HasPrefix(x, e.Error()+"\n"+e.Snippet+"\n") || !strings.Contains(x, "    called from rt.game:2:7\n") {
		t.Errorf("Explain:\n%s", x)
	}
	// An assert failure is a runtime error too.
	err := in.Load(bg, "as.game", "assert 1 == 2, \"one is not two\"\n")
	e = asError(t, err, grundy.RuntimeError)
	if e.Line != 1 || !strings.Contains(e.Msg, "one is not two") {
		t.Errorf("assert error %q", e)
	}
	if got := grundy.Explain(errors.New("plain")); got != "plain\n" {
		t.Errorf("Explain of a plain error = %q", got)
	}
}

// take returns a Go subtraction game: from n, take any s of set with
// s <= n.
func take(name string, set ...int64) grundy.GameDef {
	return grundy.GameDef{Name: name, Arity: 1, Options: func(p grundy.Position) ([]grundy.Value, error) {
		n, ok := p.Arg(0).Int()
		if !ok {
			return nil, fmt.Errorf("a heap must be an int, not %v", p.Arg(0).Kind())
		}
		var out []grundy.Value
		for _, s := range set {
			if s <= n {
				out = append(out, p.Game().Position(grundy.Int(n-s)))
			}
		}
		return out, nil
	}}
}

func TestGoGame(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	g, err := in.DefineGame(take("take12", 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if g.Name() != "take12" || g.Arity() != 1 {
		t.Errorf("game %s/%d", g.Name(), g.Arity())
	}
	// The same game declared in the language, to compare with.
	mustLoad(t, in, `
game decl(n) moves decl(n - s) for s in [1, 2] if s <= n
print all([sg(take12(n)) == sg(decl(n)) for n in 0 .. 50])
print moves(take12(5)), moves(take12(1) + decl(1))
`)
	if want := "true\n[take12(4), take12(3)] [take12(0) + decl(1), take12(1) + decl(0)]\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	// From Go: the values n mod 3 of take-1-or-2, independently known.
	for n := int64(0); n < 20; n++ {
		v, err := in.SG(bg, g.Position(grundy.Int(n)))
		if err != nil {
			t.Fatal(err)
		}
		if v.Infinite || v.N != n%3 {
			t.Errorf("sg(take12(%d)) = %v, want %d", n, v, n%3)
		}
	}
	p, err := in.Position("take12", grundy.Int(7))
	if err != nil {
		t.Fatal(err)
	}
	pos, ok := p.Position()
	if !ok || pos.Name() != "take12" || len(pos.Args()) != 1 || pos.String() != "take12(7)" || pos.Game().Name() != "take12" || !pos.Value().Equal(p) {
		t.Errorf("position %v: %v %v %v", p, ok, pos.Name(), pos.Args())
	}
	if gg, ok := in.Game("decl"); !ok || gg.Arity() != 1 {
		t.Errorf("Game(decl) = %v, %v", gg, ok)
	}
	if _, ok := in.Game("nothing"); ok {
		t.Errorf("Game(nothing) found a game")
	}
}

func TestGoGameErrors(t *testing.T) {
	in := grundy.New(grundy.Config{})
	_, err := in.DefineGame(grundy.GameDef{Name: "bad", Arity: 1, Options: func(p grundy.Position) ([]grundy.Value, error) {
		n, _ := p.Arg(0).Int()
		switch n {
		case 3:
			return nil, errors.New("three is not allowed")
		case 4:
			return []grundy.Value{grundy.Int(1)}, nil
		}
		return nil, nil
	}, Check: func(args []grundy.Value) error {
		if n, _ := args[0].Int(); n < 0 {
			return errors.New("a heap must not be negative")
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	// An error of Options is a runtime error at the script's call.
	loadError(t, in, "bad.game", "print sg(bad(1))\nprint sg(*1 + bad(3))\n", grundy.RuntimeError, 2, 7, "bad(3): three is not allowed")
	// An option that is not a game.
	loadError(t, in, "bad4.game", "print moves(bad(4))\n", grundy.RuntimeError, 1, 7, "the moves of bad(4) (a game written in Go) include int 1, which is not a game")
	// Check rejects the arguments at the call that makes the position.
	loadError(t, in, "neg.game", "let p = bad(0)\nlet q = bad(-1)\n", grundy.RuntimeError, 2, 9, "bad(-1): a heap must not be negative")
	if _, err := in.Position("bad", grundy.Int(-1)); err == nil || !strings.Contains(err.Error(), "must not be negative") {
		t.Errorf("Position(bad, -1): %v", err)
	}
	// Asked from Go, the error has no position in a script.
	p, err := in.Position("bad", grundy.Int(3))
	if err != nil {
		t.Fatal(err)
	}
	_, err = in.SG(bg, p)
	e := asError(t, err, grundy.RuntimeError)
	if e.Line != 0 || e.Error() != "bad(3): three is not allowed" {
		t.Errorf("error %q at line %d", e, e.Line)
	}
}

func TestGoFunc(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	var seen []string
	err := in.DefineFunc(grundy.FuncDef{Name: "glue", Arity: 1, Variadic: true, Fn: func(args []grundy.Value) (grundy.Value, error) {
		var parts []string
		for _, a := range args {
			seen = append(seen, a.Kind().String())
			parts = append(parts, a.String())
		}
		if len(parts) > 3 {
			return grundy.None, errors.New("too many parts")
		}
		return grundy.String(strings.Join(parts, "-")), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	mustLoad(t, in, `
def f(x) = glue(x, x + 1)
print glue("a"), f(1), len(glue(*1, (1, 2), [true]))
`)
	if want := "a 1-2 16\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	if want := "string int int nimber tuple list"; strings.Join(seen, " ") != want {
		t.Errorf("kinds passed: %q, want %q", strings.Join(seen, " "), want)
	}
	// Its error is a runtime error at the call, naming the function.
	loadError(t, in, "j.game", "print 1\nprint glue(1, 2, 3, 4)\n", grundy.RuntimeError, 2, 7, "glue: too many parts")
	// Calling with too few arguments is found before the file runs.
	loadError(t, in, "k.game", "print 1\nprint glue()\n", grundy.ResolveError, 2, 7, "glue takes at least 1 argument, but 0 were given")
}

func TestDefineValue(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	if err := in.DefineValue("S", grundy.Set(grundy.Int(4), grundy.Int(1), grundy.Int(3), grundy.Int(1))); err != nil {
		t.Fatal(err)
	}
	mustLoad(t, in, `
game sub(n) moves sub(n - s) for s in S if s <= n
def first() = min(S)
print S, first(), [sg(sub(n)) for n in 0 .. 9]
`)
	if want := "{1, 3, 4} 1 [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	if err := in.DefineValue("N", grundy.None); err == nil {
		t.Errorf("DefineValue of none succeeded")
	}
}

func TestDefineNames(t *testing.T) {
	in := grundy.New(grundy.Config{})
	fn := grundy.FuncDef{Fn: func([]grundy.Value) (grundy.Value, error) { return grundy.Int(1), nil }}
	for _, name := range []string{"", "1x", "a-b", "game", "sg", "print"} {
		fn.Name = name
		if err := in.DefineFunc(fn); err == nil {
			t.Errorf("DefineFunc(%q) succeeded", name)
		}
		if _, err := in.DefineGame(take(name, 1)); err == nil {
			t.Errorf("DefineGame(%q) succeeded", name)
		}
	}
	fn.Name = "one"
	if err := in.DefineFunc(fn); err != nil {
		t.Fatal(err)
	}
	if _, err := in.DefineGame(take("one", 1)); err == nil {
		t.Errorf("a name defined twice by Go code")
	}
	mustLoad(t, in, "let mine = 1\n")
	if err := in.DefineValue("mine", grundy.Int(2)); err == nil {
		t.Errorf("DefineValue of a name the loaded code declared succeeded")
	}
	if _, err := in.DefineGame(grundy.GameDef{Name: "noopts", Arity: 1}); err == nil {
		t.Errorf("DefineGame without Options succeeded")
	}
	// A Go definition hides a standard-library game of the same name.
	if v := mustEval(t, in, "sg(nim(5))"); v.String() != "5" {
		t.Fatalf("standard nim(5) = %v", v)
	}
	in2 := grundy.New(grundy.Config{})
	if _, err := in2.DefineGame(take("nim", 1)); err != nil {
		t.Fatal(err)
	}
	if v := mustEval(t, in2, "sg(nim(5))"); v.String() != "1" {
		t.Errorf("Go nim(5) (take 1) = %v, want 1", v)
	}
}

// TestIndependent: two Interpreters share no names, values or memo.
func TestIndependent(t *testing.T) {
	a := grundy.New(grundy.Config{})
	b := grundy.New(grundy.Config{})
	if _, err := a.DefineGame(take("t", 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.DefineGame(take("t", 1, 2)); err != nil {
		t.Fatal(err)
	}
	mustLoad(t, a, "game g(n) moves g(n - 1) if n > 0\n")
	mustLoad(t, b, "game g(n) moves g(n - 2) if n > 1\n")
	if va, vb := mustEval(t, a, "[sg(t(5)), sg(g(2))]"), mustEval(t, b, "[sg(t(5)), sg(g(2))]"); va.String() != "[1, 0]" || vb.String() != "[2, 1]" {
		t.Errorf("a: %v, b: %v; want [1, 0] and [2, 1]", va, vb)
	}
	if err := a.DefineValue("only_a", grundy.Int(1)); err != nil {
		t.Fatal(err)
	}
	_, err := b.Eval(bg, "only_a")
	asError(t, err, grundy.ResolveError)

	// A game value of one Interpreter is refused by the other.
	pa := mustEval(t, a, "g(3)")
	for name, f := range map[string]func() error{
		"SG":          func() error { _, err := b.SG(bg, pa); return err },
		"Moves":       func() error { _, err := b.Moves(bg, grundy.Sum(pa, grundy.Nimber(1))); return err },
		"Position":    func() error { _, err := b.Position("g", grundy.List(pa)); return err },
		"DefineValue": func() error { return b.DefineValue("pa", grundy.List(pa)) },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "another Interpreter") {
			t.Errorf("%s of a's value in b: %v", name, err)
		}
	}
	// ... also when a Go game or function hands it over.
	if _, err := b.DefineGame(grundy.GameDef{Name: "leak", Arity: 0, Options: func(grundy.Position) ([]grundy.Value, error) {
		return []grundy.Value{pa}, nil
	}}); err != nil {
		t.Fatal(err)
	}
	_, err = b.Eval(bg, "sg(leak())")
	if e := asError(t, err, grundy.RuntimeError); !strings.Contains(e.Msg, "another Interpreter") {
		t.Errorf("leak: %v", e)
	}
	// Nimbers and plain values belong to no Interpreter.
	if v, err := b.SG(bg, grundy.Sum(grundy.Nimber(2), grundy.Nimber(3))); err != nil || v.N != 1 {
		t.Errorf("sg(*2 + *3) = %v, %v", v, err)
	}
}

// TestBusy: a Go function that calls back into its Interpreter gets
// ErrBusy.
func TestBusy(t *testing.T) {
	in := grundy.New(grundy.Config{})
	var inner error
	err := in.DefineFunc(grundy.FuncDef{Name: "reenter", Fn: func([]grundy.Value) (grundy.Value, error) {
		_, inner = in.Eval(bg, "1")
		// Lookups are allowed.
		if _, ok := in.Game("nim"); !ok {
			return grundy.None, errors.New("no nim")
		}
		return grundy.Int(0), inner
	}})
	if err != nil {
		t.Fatal(err)
	}
	err = in.Load(bg, "busy.game", "print reenter()\n")
	if !errors.Is(inner, grundy.ErrBusy) {
		t.Errorf("re-entrant Eval: %v, want ErrBusy", inner)
	}
	if e := asError(t, err, grundy.RuntimeError); !strings.Contains(e.Msg, "busy") {
		t.Errorf("error %q", e)
	}
}

func TestQueries(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
game d(n) moves d(1 - n) | *1 if n == 0
`)
	// sub(10): options sub(9), sub(7), sub(6) of values 0, 0, 2.
	p := mustEval(t, in, "sub(10)")
	moves, err := in.Moves(bg, p)
	if err != nil || fmt.Sprint(moves) != "[sub(9) sub(7) sub(6)]" {
		t.Errorf("Moves(sub(10)) = %v, %v", moves, err)
	}
	win, err := in.Winning(bg, p)
	if err != nil || fmt.Sprint(win) != "[sub(9) sub(7)]" {
		t.Errorf("Winning(sub(10)) = %v, %v", win, err)
	}
	o, err := in.Outcome(bg, p)
	if err != nil || o != grundy.NextWins || o.String() != "N" {
		t.Errorf("Outcome(sub(10)) = %v, %v", o, err)
	}
	// sub(2) -> sub(1) -> sub(0): two moves to the end.
	r, ok, err := in.Remoteness(bg, mustEval(t, in, "sub(2)"))
	if err != nil || !ok || r != 2 {
		t.Errorf("Remoteness(sub(2)) = %d, %v, %v", r, ok, err)
	}
	// A draw has no remoteness, no winning move.
	dd := mustEval(t, in, "d(1)")
	if _, ok, err := in.Remoteness(bg, dd); err != nil || ok {
		t.Errorf("Remoteness(d(1)) = %v, %v; want a draw", ok, err)
	}
	if _, ok, err := in.BestMove(bg, dd); err != nil || ok {
		t.Errorf("BestMove(d(1)) = %v, %v; want none", ok, err)
	}
	if o, err := in.Outcome(bg, dd); err != nil || o != grundy.Draw {
		t.Errorf("Outcome(d(1)) = %v, %v", o, err)
	}
	// d(0) + *1: move d(0) to *1, leaving *1 + *1.
	best, ok, err := in.BestMove(bg, mustEval(t, in, "d(0) + *1"))
	if err != nil || !ok || best.String() != "*1 + *1" {
		t.Errorf("BestMove(d(0) + *1) = %v, %v, %v", best, ok, err)
	}
	// Not a game.
	for name, f := range map[string]func() error{
		"SG":         func() error { _, err := in.SG(bg, grundy.Int(3)); return err },
		"Outcome":    func() error { _, err := in.Outcome(bg, grundy.String("x")); return err },
		"Moves":      func() error { _, err := in.Moves(bg, grundy.None); return err },
		"Winning":    func() error { _, err := in.Winning(bg, grundy.List()); return err },
		"BestMove":   func() error { _, _, err := in.BestMove(bg, grundy.Bool(true)); return err },
		"Remoteness": func() error { _, _, err := in.Remoteness(bg, grundy.Int(0)); return err },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "needs a game") {
			t.Errorf("%s of a non-game: %v", name, err)
		}
	}
	// Standard-library games.
	k, err := in.Position("kayles", grundy.Int(4))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := in.SG(bg, k); err != nil || v.N != 1 { // Kayles: 0 1 2 3 1 4 3 ...
		t.Errorf("sg(kayles(4)) = %v, %v", v, err)
	}
	if _, err := in.Position("sub", grundy.Int(1), grundy.Int(2)); err == nil {
		t.Errorf("Position with the wrong arity succeeded")
	}
	if _, err := in.Position("nothing"); err == nil {
		t.Errorf("Position of an unknown game succeeded")
	}
}

// TestReload: a later Load may declare a name again; earlier code keeps
// what it meant.
func TestReload(t *testing.T) {
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	mustLoad(t, in, "game g(n) moves g(n - 1) if n > 0\ndef old(n) = sg(g(n))\n")
	mustLoad(t, in, "game g(n) moves g(n - s) for s in [1, 2] if s <= n\nprint sg(g(2)), old(2)\n")
	if out.String() != "2 0\n" {
		t.Errorf("output %q, want %q", out.String(), "2 0\n")
	}
	// After a runtime error the file's declarations stay.
	err := in.Load(bg, "half.game", "let y = 7\ngame h(n) moves h(n - 1) if n > 0\nprint 1 / 0\n")
	asError(t, err, grundy.RuntimeError)
	if v := mustEval(t, in, "[y, sg(h(3))]"); v.String() != "[7, 1]" {
		t.Errorf("after a runtime error: %v", v)
	}
}

func TestValues(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, "game g(a, b) moves g(a - 1, b) if a > 0\n")
	v := mustEval(t, in, `[1, "s", (2, true), {3, 1, 3}, {"k": 2}, g(1, [4]), *5 + g(0, [])]`)
	if v.Kind() != grundy.ListKind || v.Len() != 7 {
		t.Fatalf("%v: kind %v, len %d", v, v.Kind(), v.Len())
	}
	e := v.Elems()
	kinds := []grundy.Kind{grundy.IntKind, grundy.StringKind, grundy.TupleKind, grundy.SetKind, grundy.MapKind, grundy.PositionKind, grundy.SumKind}
	for i, k := range kinds {
		if e[i].Kind() != k {
			t.Errorf("element %d %v: kind %v, want %v", i, e[i], e[i].Kind(), k)
		}
	}
	if n, ok := e[0].Int(); !ok || n != 1 {
		t.Errorf("Int of %v = %d, %v", e[0], n, ok)
	}
	if _, ok := e[1].Int(); ok {
		t.Errorf("Int of a string reported ok")
	}
	if s, ok := e[1].Str(); !ok || s != "s" || e[1].String() != "s" || e[1].Repr() != `"s"` {
		t.Errorf("string %v: %q %v %q", e[1], s, ok, e[1].Repr())
	}
	if b, ok := e[2].Index(1).Bool(); !ok || !b {
		t.Errorf("tuple element 1 = %v", e[2].Index(1))
	}
	if !e[3].Equal(grundy.Set(grundy.Int(1), grundy.Int(3))) || e[3].String() != "{1, 3}" {
		t.Errorf("set %v", e[3])
	}
	if x, ok := e[4].Lookup(grundy.String("k")); !ok || !x.Equal(grundy.Int(2)) {
		t.Errorf("map lookup = %v, %v", x, ok)
	}
	if _, ok := e[4].Lookup(grundy.String("z")); ok {
		t.Errorf("lookup of a missing key reported ok")
	}
	keys, vals := e[4].MapItems()
	if len(keys) != 1 || keys[0].String() != "k" || vals[0].String() != "2" {
		t.Errorf("MapItems = %v, %v", keys, vals)
	}
	if !e[4].Equal(grundy.Map([]grundy.Value{grundy.String("k")}, []grundy.Value{grundy.Int(2)})) {
		t.Errorf("map %v != Map(k: 2)", e[4])
	}
	p, ok := e[5].Position()
	if !ok || p.Name() != "g" || p.Arg(1).String() != "[4]" || !e[5].IsGame() {
		t.Errorf("position %v", e[5])
	}
	if _, ok := e[0].Position(); ok {
		t.Errorf("Position of an int reported ok")
	}
	parts := e[6].Parts()
	if len(parts) != 2 || parts[0].Kind() != grundy.NimberKind {
		t.Fatalf("parts of %v: %v", e[6], parts)
	}
	if n, ok := parts[0].Nimber(); !ok || n != 5 {
		t.Errorf("nimber %v = %d", parts[0], n)
	}
	if !grundy.Sum(parts[1], parts[0]).Equal(e[6]) {
		t.Errorf("sums with the same parts in another order differ")
	}
	if got := grundy.Sum(grundy.Sum(grundy.Nimber(1), grundy.Nimber(2)), grundy.Nimber(3)).Parts(); len(got) != 3 {
		t.Errorf("nested sum not flattened: %v", got)
	}
	if !grundy.Sum().Equal(grundy.Nimber(0)) || !grundy.Sum(e[5]).Equal(e[5]) {
		t.Errorf("empty or single sums")
	}
	if e[0].Parts() != nil || e[0].Elems() != nil {
		t.Errorf("an int has parts or elements")
	}
	// SG values read from Eval.
	sgv, ok := mustEval(t, in, "sg(*6)").SG()
	if !ok || sgv.Infinite || sgv.N != 6 || sgv.String() != "6" || sgv.Outcome() != grundy.NextWins {
		t.Errorf("sg(*6) = %+v, %v", sgv, ok)
	}
	if _, ok := grundy.String("x").SG(); ok {
		t.Errorf("a string read as an SG value")
	}
	if (grundy.SG{}).Outcome() != grundy.PreviousWins || (grundy.SG{Infinite: true, K: []int64{1, 2}}).Outcome() != grundy.Draw {
		t.Errorf("SG.Outcome")
	}
	if s := (grundy.SG{Infinite: true, K: []int64{0, 2}}).String(); s != "∞{0, 2}" {
		t.Errorf("SG.String = %q", s)
	}
	if grundy.None.Kind() != grundy.NoneKind || grundy.None.String() != "none" {
		t.Errorf("None: %v %v", grundy.None.Kind(), grundy.None)
	}
	fv := mustEval(t, in, "g")
	if fv.Kind() != grundy.FuncKind || fv.IsGame() {
		t.Errorf("a game family as a value: %v %v", fv.Kind(), fv)
	}
	// Values built in Go, evaluated by scripts.
	if err := in.DefineValue("built", grundy.Tuple(grundy.Int(-3), grundy.Bool(false), grundy.List(grundy.String("q\"")))); err != nil {
		t.Fatal(err)
	}
	if v := mustEval(t, in, "str(built)"); v.String() != `(-3, false, ["q\""])` {
		t.Errorf("str(built) = %v", v)
	}
}

func TestConstructorPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Nimber(-1)":   func() { grundy.Nimber(-1) },
		"Sum(1)":       func() { grundy.Sum(grundy.Int(1)) },
		"Map(1 key)":   func() { grundy.Map([]grundy.Value{grundy.Int(1)}, nil) },
		"Index of int": func() { grundy.Int(1).Index(0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

// TestExplainAPI: the API compiles as grundy run does, and says so.
func TestExplainAPI(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, "def piece(a, b) = cut(a, b)\ngame cut(w, h) moves piece(i, h) + piece(w - i, h) for i in 2 .. w - 2\n")
	text := in.Explain()
	for _, want := range []string{"game cut (line 2):", "fast loop: for i over a range", "def piece (line 1):", "inlined where it is called"} {
		if !strings.Contains(text, want) {
			t.Errorf("Explain() = %q, want it to contain %q", text, want)
		}
	}
}

// TestFormat: Interpreter.Format prints a script in grundy fmt's layout;
// a syntax error and a limit's error are positioned in the script, with
// its snippet, though the interpreter keeps nothing of it; the time
// limit and the context stop it.
func TestFormat(t *testing.T) {
	in := grundy.New(grundy.Config{})
	out, err := in.Format(bg, "f.game", "print 1+2\n")
	if err != nil || out != "print 1 + 2\n" {
		t.Fatalf("Format: %q, %v", out, err)
	}
	_, err = in.Format(bg, "f.game", "print 1\nprint (1 +\n")
	e := asError(t, err, grundy.SyntaxError)
	checkPos(t, e, "f.game", 3, 1)
	if len(in.Names()) != 0 {
		t.Errorf("Format declared %v", in.Names())
	}
	big := "let x = [" + strings.Repeat("1, ", 300_000) + "]\n"
	in = grundy.New(grundy.Config{Limits: grundy.Limits{Timeout: time.Millisecond}})
	_, err = in.Format(bg, "big.game", big)
	e = asError(t, err, grundy.LimitError)
	if e.Line != 1 || e.Snippet == "" || !strings.HasSuffix(e.Msg, "while formatting") {
		t.Errorf("the time limit: %q at line %d, snippet %q", e.Msg, e.Line, e.Snippet)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	_, err = grundy.New(grundy.Config{}).Format(ctx, "big.game", big)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}
