package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// cli runs the command line in-process and returns the exit status and
// what was written to standard output and standard error.
func cli(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// script writes src to a file in a fresh directory and returns its path.
func script(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type result struct {
	code           int
	stdout, stderr string
}

func check(t *testing.T, what string, got, want result) {
	t.Helper()
	if got.code != want.code {
		t.Errorf("%s: exit status %d, want %d (stderr %q)", what, got.code, want.code, got.stderr)
	}
	if got.stdout != want.stdout {
		t.Errorf("%s: stdout\n%q\nwant\n%q", what, got.stdout, want.stdout)
	}
	if got.stderr != want.stderr {
		t.Errorf("%s: stderr\n%s\nwant\n%s", what, got.stderr, want.stderr)
	}
}

func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	code, out, errOut := cli(t, stdin, args...)
	return result{code, out, errOut}
}

func TestRunFile(t *testing.T) {
	p := script(t, "ok.game", "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\nprint sg(sub(8)), outcome(sub(8))\nprint [1, \"a\"]\n")
	want := result{0, "1 N\n[1, \"a\"]\n", ""}
	check(t, "run FILE", runCLI(t, "", "run", p), want)
	check(t, "FILE", runCLI(t, "", p), want)
}

func TestExpr(t *testing.T) {
	check(t, "-e", runCLI(t, "", "-e", "print 1 + 2\nprint \"x\""), result{0, "3\nx\n", ""})
	check(t, "-e empty", runCLI(t, "", "-e", ""), result{0, "", ""})
	check(t, "-e with ints()", runCLI(t, "4 5\n-6\n", "-e", "print ints()"), result{0, "[4, 5, -6]\n", ""})
	check(t, "-e syntax error", runCLI(t, "", "-e", "print 1 + )"),
		result{2, "", "<expr>:1:11: expected an expression after \"+\", found \")\"\n    print 1 + )\n              ^\n"})
	// A runtime error with -e names the file <expr>.
	check(t, "-e runtime error", runCLI(t, "", "-e", "print 1\nprint 2 % 0"),
		result{1, "1\n", "<expr>:2:9: modulo by zero\n    print 2 % 0\n            ^\n"})
	check(t, "-e unknown name", runCLI(t, "", "-e", "print 1\nprint nope"),
		result{1, "", "<expr>:2:7: unknown name \"nope\"\n    print nope\n          ^\n"})
}

// TestScriptErrors: the errors of a script as grundy run (cmd "run"),
// grundy FILE (cmd "") and grundy check print them, FILE in a want
// standing for the script's path, and the exit status: 2 for a syntax
// error (nothing runs: a print before it prints nothing), else 1 (what
// ran before the error printed).
func TestScriptErrors(t *testing.T) {
	for _, c := range []struct {
		name, cmd, src string
		want           result
		prefix         bool // want.stderr is the start of stderr
	}{
		{"syntax error", "run", "print 1\nprint 1 < 2 < 3\n", result{2, "", "FILE:2:13: comparisons cannot be chained: put parentheses around one side of \"<\"\n    print 1 < 2 < 3\n                ^\n"}, false},
		{"syntax error at end of input", "run", "print 1\nprint (", result{2, "", "FILE:2:8: expected an expression or \")\", found end of input\n    print (\n           ^\n"}, false},
		{"unterminated string", "", "print \"é\" + \"abc\n", result{2, "", "FILE:1:13: unterminated string: a string must end with '\"' on the line where it starts\n    print \"é\" + \"abc\n                ^\n"}, false},
		{"invalid UTF-8", "run", "print 1\nprint \xff\n", result{2, "", "FILE:2:7: invalid UTF-8"}, true},
		{"unknown names and arity", "run", "print \"hi\"\nprint foo + bar\ndef f(a) = a\nprint f()\ngame g(n) moves *n\nprint g(1, 2)\n", result{1, "", "FILE:2:7: unknown name \"foo\"\n    print foo + bar\n          ^\nFILE:2:13: unknown name \"bar\"\n    print foo + bar\n                ^\nFILE:4:7: f takes 1 argument, but 0 were given\n    print f()\n          ^\nFILE:6:7: game g takes 1 argument, but 2 were given\n    print g(1, 2)\n          ^\n"}, false},
		{"did you mean", "", "print lenn([1])\n", result{1, "", "FILE:1:7: unknown name \"lenn\" (did you mean \"len\"?)\n    print lenn([1])\n          ^\n"}, false},
		{"index out of range", "run", "print \"a\"\nlet xs = [1, 2]\nprint xs[2]\nprint \"b\"\n", result{1, "a\n", "FILE:3:9: index 2 out of range (the list has 2 elements)\n    print xs[2]\n            ^\n"}, false},
		{"a for statement over a range too long to build as a list runs element by element", "run", "for i in 9223372036854775806 .. 9223372036854775807 {\n    print i\n}\nfor i in 1 .. 100000000000 {\n    assert i < 3, \"stop\"\n}\n", result{1, "9223372036854775806\n9223372036854775807\n", "FILE:5:5: assertion failed: stop\n        assert i < 3, \"stop\"\n        ^\n"}, false},
		{"overflow of a negative base's power, in parentheses as ** binds tighter", "run", "print (-2) ** 63\nprint (-2) ** 64\n", result{1, "-9223372036854775808\n", "FILE:2:12: integer overflow: (-2) ** 64 does not fit in 64 bits\n    print (-2) ** 64\n               ^\n"}, false},
		{"overflow, caret after a tab", "run", "print 1\n\tprint 9223372036854775807 + 1\n", result{1, "1\n", "FILE:2:28: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits\n    \tprint 9223372036854775807 + 1\n    \t                          ^\n"}, false},
		{"error inside a def", "run", "def f(n) = 1 / n\ndef g(n) = f(n - 1)\nprint g(2)\nprint g(1)\n", result{1, "1\n", "FILE:1:14: division by zero\n    def f(n) = 1 / n\n                 ^\n    called from FILE:2:12\n    called from FILE:4:7\n"}, false},
		{"error in a game's moves", "run", "game g(n) moves g(n - 1) for i in [1] if 12 / n > 0\nprint \"x\"\nprint sg(g(3))\n", result{1, "x\n", "FILE:1:45: division by zero\n    game g(n) moves g(n - 1) for i in [1] if 12 / n > 0\n                                                ^\n"}, true},
		{"assert with a message", "run", "print 1\nassert 1 + 1 == 2, \"fine\"\n  assert len([]) == 1, \"list is \" + str([])\nprint 2\n", result{1, "1\n", "FILE:3:3: assertion failed: list is []\n      assert len([]) == 1, \"list is \" + str([])\n      ^\n"}, false},
		{"assert without a message", "run", "assert 2 < 1\n", result{1, "", "FILE:1:1: assertion failed\n    assert 2 < 1\n    ^\n"}, false},
		{"check runs nothing", "check", "print 1\nprint 1 / 0\n", result{0, "", ""}, false},
		{"check unknown name", "check", "print 1\nprint nope\n", result{1, "", "FILE:2:7: unknown name \"nope\"\n    print nope\n          ^\n"}, false},
		{"check wrong arity", "check", "def f() = 1\nprint f(1)\n", result{1, "", "FILE:2:7: f takes 0 arguments, but 1 was given\n    print f(1)\n          ^\n"}, false},
		{"check syntax error", "check", "print 1\nlet = 2\n", result{2, "", "FILE:2:5: expected a name, found \"=\"\n    let = 2\n        ^\n"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := script(t, "x.game", c.src)
			args := []string{p}
			if c.cmd != "" {
				args = []string{c.cmd, p}
			}
			got := runCLI(t, "", args...)
			want := c.want
			want.stderr = strings.ReplaceAll(want.stderr, "FILE", p)
			if c.prefix && strings.HasPrefix(got.stderr, want.stderr) {
				want.stderr = got.stderr
			}
			check(t, c.name, got, want)
		})
	}
}

// TestDeepRecursion: runaway recursion ends in a short, clean error.
func TestDeepRecursion(t *testing.T) {
	p := script(t, "deep.game", "print \"start\"\ndef f(n) = f(n + 1)\nprint f(0)\n")
	code, out, errOut := cli(t, "", "run", p)
	if code != 1 || out != "start\n" {
		t.Errorf("status %d, stdout %q", code, out)
	}
	if !strings.HasPrefix(errOut, p+":2:12: ") {
		t.Errorf("stderr begins %.200q", errOut)
	}
	if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
		t.Errorf("stderr has a Go stack trace: %.300q", errOut)
	}
	if n := strings.Count(errOut, "\n"); n > 100 {
		t.Errorf("stderr has %d lines for one error; want a short message (at most 100 lines)", n)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}} {
		code, out, errOut := cli(t, "", args...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: status %d, stderr %q", args, code, errOut)
		}
		for _, w := range []string{"Usage", "grundy run", "grundy -e", "grundy check", "grundy graph FILE 'EXPR'", "grundy plot FILE 'EXPR for n in A .. B'"} {
			if !strings.Contains(out, w) {
				t.Errorf("%v: usage does not mention %q:\n%s", args, w, out)
			}
		}
	}
	for _, c := range []struct{ cmd, usage string }{
		{"graph", "Usage: grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT] [flags]\n"},
		{"plot", "Usage: grundy plot FILE 'EXPR for n in A .. B' [--format png|svg] [-o OUT]"},
	} {
		code, out, errOut := cli(t, "", c.cmd, "--help")
		if code != 0 || errOut != "" || !strings.HasPrefix(out, c.usage) {
			t.Errorf("%s --help: %d %q %q", c.cmd, code, out, errOut)
		}
	}
	code, out, errOut := cli(t, "", "--version")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "grundy ") || !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("--version: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBadUsage: exit status 2, a message on stderr, nothing on stdout.
func TestBadUsage(t *testing.T) {
	p := script(t, "ok.game", "print 1\n")
	missing := filepath.Join(t.TempDir(), "missing.game")
	for _, c := range []struct {
		args []string
		want string // a piece of the message
	}{
		{[]string{"--bogus"}, "bogus"},
		{[]string{"-x", p}, "-x"},
		{[]string{"--max-states", "lots", p}, "max-states"},
		{[]string{"run"}, "run"},
		{[]string{"run", p, p}, "run"},
		{[]string{"check"}, "check"},
		{[]string{"check", p, p}, "check"},
		{[]string{p, p}, p},
		{[]string{"-e"}, "-e"},
		{[]string{"-e", "print 1", "extra"}, "extra"},
		{[]string{"run", missing}, missing},
		{[]string{missing}, missing},
		{[]string{"check", missing}, missing},
	} {
		code, out, errOut := cli(t, "", c.args...)
		if code != 2 {
			t.Errorf("%q: exit status %d, want 2", c.args, code)
		}
		if out != "" {
			t.Errorf("%q: stdout %q, want nothing", c.args, out)
		}
		if !strings.Contains(errOut, c.want) || !strings.HasSuffix(errOut, "\n") {
			t.Errorf("%q: stderr %q does not mention %q", c.args, errOut, c.want)
		}
		if strings.Contains(errOut, "goroutine") {
			t.Errorf("%q: stack trace on stderr", c.args)
		}
	}
	// A missing file says why.
	_, _, errOut := cli(t, "", "run", missing)
	if errOut != "grundy: cannot read "+missing+": no such file or directory\n" {
		t.Errorf("missing file: stderr %q", errOut)
	}
}

func TestFlags(t *testing.T) {
	p := script(t, "inf.game", "print \"go\"\ngame g(n) moves g(n + 1)\nprint sg(g(0))\n")
	for _, args := range [][]string{
		{"--max-states", "500", "run", p},
		{"run", "--max-states", "500", p},
		{"--max-states=500", p},
	} {
		code, out, errOut := cli(t, "", args...)
		if code != 1 || out != "go\n" || !strings.HasPrefix(errOut, p+":2:6: state limit reached: more than 500 positions") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, errOut := cli(t, "", "--stats", "-e", "game g(n) moves g(n - 1) for i in [0] if n > 0\nprint sg(g(9))")
	if code != 0 || out != "1\n" || !strings.HasPrefix(errOut, "grundy: 10 states visited, ") || !strings.Contains(errOut, " moves, 10 positions known (memo ") {
		t.Errorf("--stats: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestStdin(t *testing.T) {
	p := script(t, "in.game", "let xs = ints()\nprint len(xs), xs\nprint ints() == xs\n")
	check(t, "ints()", runCLI(t, " 3  -4\n\n5\n", "run", p), result{0, "3 [3, -4, 5]\ntrue\n", ""})
	check(t, "ints() empty", runCLI(t, "", "run", p), result{0, "0 []\ntrue\n", ""})
	code, out, errOut := cli(t, "1 x\n", "run", p)
	if code != 1 || out != "" || !strings.HasPrefix(errOut, p+":1:10: ints(): standard input line 1 has \"x\"") {
		t.Errorf("bad input: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestREPLPiped: with no arguments and standard input not a terminal,
// grundy reads statements from it: bare expressions are shown, names stay
// bound, multi-line entries are joined, errors name the real line.
func TestREPLPiped(t *testing.T) {
	in := "let x = 2\nx + 1\nprint x\n[1,\n 2]\ndef f(n) =\n  n * 10\nf(x)\n\"s\"\n"
	check(t, "piped entries", runCLI(t, in), result{0, "3\n2\n[1, 2]\n20\n\"s\"\n", ""})
	in = "print 1\nprint 1 / 0\nprint 2\nprint nope\nprint 3\n"
	code, out, errOut := cli(t, in)
	if out != "1\n2\n3\n" {
		t.Errorf("piped with errors: stdout %q", out)
	}
	if !strings.HasPrefix(errOut, "<stdin>:2:9: division by zero\n") || !strings.Contains(errOut, "<stdin>:4:7: unknown name \"nope\"") {
		t.Errorf("piped with errors: stderr %q", errOut)
	}
	if code != 1 {
		t.Errorf("piped with errors: exit status %d, want 1", code)
	}
	// A game declared in one entry is used in the next.
	in = "game sub(n) moves sub(n - s) for s in [1, 2] if s <= n\nprint sg(sub(4))\n"
	check(t, "piped game", runCLI(t, in), result{0, "1\n", ""})
}

// TestREPLRedeclare: in the REPL a new declaration replaces the old one
// and forgets what was computed for it, also for the games and defs that
// use it.
func TestREPLRedeclare(t *testing.T) {
	in := "game g(n) moves *0\nsg(g(0))\ngame g(n) moves *1\nsg(g(0))\ndef f() = 1\nf()\ndef f() = 2\nf()\n"
	check(t, "redeclared", runCLI(t, in), result{0, "1\n0\n1\n2\n", ""})
	// h uses g; after g is replaced, h's options are the new g's.
	in = "game g(n) moves *1\ngame h(n) moves g(n)\nsg(h(0))\ngame g(n) moves *0\nsg(g(5))\nsg(h(5))\nsg(h(0))\n"
	check(t, "user of a redeclared game", runCLI(t, in), result{0, "1\n1\n0\n0\n", ""})
	in = "def f() = 1\ndef twice() = 2 * f()\ndef f() = 5\ntwice()\n"
	check(t, "user of a redeclared def", runCLI(t, in), result{0, "10\n", ""})
}

// TestNoPanics: odd programs never show a Go panic, and exit 0, 1 or 2.
func TestNoPanics(t *testing.T) {
	for _, src := range []string{
		"print " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300),
		"print " + strings.Repeat("-", 500) + "1",
		"print *9223372036854775807",
		"print 1 .. 9223372036854775807",
		"print 9223372036854775807 * *1",
		"game g(n) moves g(n) + g(n)\nprint sg(g(1)), outcome(g(1)), winning(g(1))",
		"game g(n) moves g(n - 1) + g(n - 1) for i in [0] if n > 0\nprint sg(g(60)), len(moves(g(60)))",
		"print sg(sum of *k for k in 1 .. 100000)",
		"print {[]: 1}[[]], sorted([[], [[]]])",
		"let x = 1\nlet x = [x, x]\nlet x = [x, x]\nprint x",
		"print \"\\\"",
		"\xef\xbb\xbfprint 1",
	} {
		code, out, errOut := cli(t, "", "-e", src)
		if code != 0 && code != 1 && code != 2 {
			t.Errorf("%.50q: exit status %d", src, code)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") || strings.Contains(errOut, "internal error") {
			t.Errorf("%.50q: %.300s", src, errOut)
		}
		if code != 0 && !strings.HasPrefix(errOut, "<expr>:") {
			t.Errorf("%.50q: status %d, stderr does not begin with <expr>: %.200q", src, code, errOut)
		}
		if code == 0 && errOut != "" {
			t.Errorf("%.50q: status 0 but stderr %q", src, errOut)
		}
		_ = out
	}
}

// slowExamples are the examples that take seconds to run (frontier.game
// a second, and TestParity runs it four times). TestExamples runs them
// always; the tests that run every example again another way (parity,
// determinism, formatting, pipes) only in the long suite (package
// internal/testenv).
var slowExamples = []string{"boards.game", "loopysum.game", "frontier.game"}

// exampleFiles is the paths of examples/*.game, less slowExamples in the
// fast suite.
func exampleFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*.game"))
	if len(files) == 0 {
		t.Fatal("no examples found in ../../examples")
	}
	if testenv.IsLong() {
		return files
	}
	return slices.DeleteFunc(files, func(f string) bool { return slices.Contains(slowExamples, filepath.Base(f)) })
}

// TestExamples runs every examples/*.game, with the matching .in as
// standard input when there is one, and compares standard output with the
// matching .out when there is one.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.game"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no examples yet")
	}
	for _, f := range files {
		base := strings.TrimSuffix(f, ".game")
		t.Run(filepath.Base(base), func(t *testing.T) {
			stdin := ""
			if b, err := os.ReadFile(base + ".in"); err == nil {
				stdin = string(b)
			}
			code, out, errOut := cli(t, stdin, "run", f)
			if code != 0 {
				t.Fatalf("exit status %d\n%s", code, errOut)
			}
			if errOut != "" {
				t.Errorf("stderr %q", errOut)
			}
			if want, err := os.ReadFile(base + ".out"); err == nil && out != string(want) {
				t.Errorf("stdout\n%s\nwant (%s.out)\n%s", out, filepath.Base(base), want)
			}
			// check accepts every example too.
			if code, _, errOut := cli(t, "", "check", f); code != 0 {
				t.Errorf("check: exit status %d\n%s", code, errOut)
			}
		})
	}
}

// TestMaxMemoryValues: --max-memory takes a positive, finite size of at
// least 1M; anything else is bad usage with a sentence saying why. run,
// table and graph share the flag.
func TestMaxMemoryValues(t *testing.T) {
	p := script(t, "ok.game", "game g(n) moves g(n - 1) if n > 0\nprint 1\n")
	for _, c := range []struct{ value, why string }{
		{"NaN", "is not a size such as 512M or 2G"},
		{"nan", "is not a size such as 512M or 2G"},
		{"Inf", "is not a size such as 512M or 2G"},
		{"-Inf", "is not a size such as 512M or 2G"},
		{"+Infinity", "is not a size such as 512M or 2G"},
		{"-1M", "is not a size such as 512M or 2G"},
		{"0", "is not a size such as 512M or 2G"},
		{"0x10M", "is not a size such as 512M or 2G"},
		{"lots", "is not a size such as 512M or 2G"},
		{"100K", "is too small: grundy needs at least 1M"},
		{"0.5M", "is too small: grundy needs at least 1M"},
		{"1000", "is too small: grundy needs at least 1M"},
		{"2000000G", "is too large: the most is 1048576G"},
	} {
		msg := "--max-memory: \"" + c.value + "\" " + c.why + "\n"
		check(t, "run "+c.value, runCLI(t, "", "--max-memory", c.value, p), result{2, "", "grundy: " + msg})
		check(t, "table "+c.value, runCLI(t, "", "table", p, "n for n in [1]", "--max-memory="+c.value), result{2, "", "grundy table: " + msg})
		check(t, "graph "+c.value, runCLI(t, "", "graph", p, "g(1)", "--max-memory="+c.value), result{2, "", "grundy graph: " + msg})
	}
	for _, v := range []string{"1M", "1.5GiB", "512m", "2G", "1048576G"} {
		check(t, "run "+v, runCLI(t, "", "--max-memory", v, p), result{0, "1\n", ""})
	}
}
