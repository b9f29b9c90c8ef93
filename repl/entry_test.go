package repl

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// groups feeds lines to an assembler and renders the entries it returns
// as their first line numbers and lines, "1-2|3|4-6".
func groups(a *assembler, input string) string {
	var out []string
	add := func(es []entry) {
		for _, e := range es {
			s := fmt.Sprint(e.start)
			if len(e.lines) > 1 {
				s += fmt.Sprintf("-%d", e.start+len(e.lines)-1)
			}
			out = append(out, s)
		}
	}
	for i, line := range strings.Split(strings.TrimSuffix(input, "\n"), "\n") {
		add(a.add(line, i+1))
	}
	add(a.end())
	return strings.Join(out, "|")
}

const lasker = `game las(n) moves
    las(k) for k in 0 .. n - 1
  | las(a) + las(n - a) for a in 1 .. n / 2
sg(las(4))
`

func TestAssembler(t *testing.T) {
	tests := []struct {
		name, in      string
		piped, interp string // the entries, as groups renders them
	}{
		{"alternative on the next line", lasker, "1-3|4", "1-3|4"},
		{"alternatives, then a blank line", "game g(n) moves g(n - 1) if n > 0\n  | *3\n\nprint 1\n", "1-2|4", "1-2|4"},
		{"a clause on a line of its own", "game b(n) moves\n    b(n - k)\n        for k in 1 .. n\nprint 1\n", "1-3|4", "1-3|4"},
		{"a def's body continued", "def f(x) = x > 0\n    and x < 5\nf(3)\n", "1-2|3", "1-2|3"},
		{"consecutive declarations are one entry", "def f(n) = g(n)\ndef g(n) = n\nf(1)\n", "1-2|3", "1-2|3"},
		{"a let is held only when piped", "let x = 1\n  + 2\nprint x\n", "1-2|3", "1|2|3"},
		{"a let after a let is the next entry", "let x = 1\nlet y = 2\n", "1|2", "1|2"},
		{"a def joins a let (a forward reference)", "let x = f(1)\ndef f(n) = n\nprint x\n", "1-2|3", "1|2|3"},
		{"a let after a def is the next entry", "def f(n) = n\nlet x = f(1)\n", "1|2", "1|2"},
		{"a for statement after a game", "game g(n) moves g(n - 1) if n > 0\nfor n in 0 .. 2 {\n    print sg(g(n))\n}\n", "1|2-4", "1|2-4"},
		{"an expression after a def, piped: a script's reading", "def f(n) = n\n-1\n", "1-2", "1|2"},
		{"an expression after a let, piped: a script's reading", "let x = 1\n-1\n", "1-2", "1|2"},
		{"a command ends the entry", "game g(n) moves *1\n:moves g(1)\n", "1|2", "1|2"},
		{"a comment line inside", "game g(n) moves\n    *1\n  # the second alternative\n  | *2\nprint 1\n", "1-4|5", "1-4|5"},
		{"a trailing comma continues", "for k in 0 .. 1 {\n    print k,\n        k + 1\n}\n", "1-4", "1-4"},
		{"a broken continuation fails the whole entry", "game g(n) moves *1\n  | *2 *3 )\nprint 1\n", "1-2|3", "1-2|3"},
		{"a broken next entry is its own", "game g(n) moves *1\nprint 1 )\nprint 2\n", "1|2|3", "1|2|3"},
		{"an unfinished entry at the end", "game g(n) moves *1\nprint (1\n", "1|2", "1|2"},
		{"blank lines between entries", "\n\nprint 1\n\n\nprint 2\n", "3|6", "3|6"},
		{"a broken game's next alternative goes with it", "game mg(n) moves\n    mg(n - 1) for k in 1 ..) n\n  | mg(n - 2) if n >= 2\nprint sg(mg(3))\n", "1-2|4", "1-2|4"},
		{"a broken first line's indented lines go with it", "game mg(n moves\n    mg(n - 1) if n > 0\n  # a comment\n  | mg(n - 2) if n >= 2\nprint 1\n", "1|5", "1|5"},
		{"lines that start no statement go with a broken entry", "print (1 ))\n)\nand 2\nprint 1\n", "1|4", "1|4"},
		{"an indented statement after a broken line, typed", "print 1 )\n  print 2\n", "1", "1|2"},
		{"a blank line ends a broken entry", "game g(n moves\n\n  | *1\nprint 1\n", "1|3|4", "1|3|4"},
		{"an alternative after blank lines continues a game, piped (a script's reading)", "game g(n) moves g(n - 1) if n > 0\n\n\n  | *3\nprint 1\n", "1-4|5", "1|4|5"},
		{"a statement after blank lines is the next entry", "def f(n) = n\n\nprint 1\n\ngame g(n) moves *1\n\n", "1|3|5", "1|3|5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := groups(&assembler{hold: holdAnyDecl}, tc.in); got != tc.piped {
				t.Errorf("piped: entries %s, want %s", got, tc.piped)
			}
			if got := groups(&assembler{hold: holdDecl, preferNew: true}, tc.in); got != tc.interp {
				t.Errorf("interactive: entries %s, want %s", got, tc.interp)
			}
		})
	}
}

func TestInterrupt(t *testing.T) {
	a := &assembler{hold: holdDecl, preferNew: true}
	if es := a.add("game g(n) moves *1", 1); len(es) != 0 || !a.pending() {
		t.Fatalf("a game is not held: %v", es)
	}
	a.add("  | g(n", 2)
	es := a.interrupt()
	if len(es) != 1 || len(es[0].lines) != 1 || a.pending() {
		t.Errorf("Ctrl-C after a held game: %+v (pending %v), want the game alone", es, a.pending())
	}
	a.add("[1,", 3)
	if es := a.interrupt(); len(es) != 0 || a.pending() {
		t.Errorf("Ctrl-C in an unfinished entry: %+v, want nothing", es)
	}
}

func TestLaskerPiped(t *testing.T) {
	out, errOut, status := drive(t, lasker)
	if out != "3\n" || errOut != "" || status != 0 {
		t.Errorf("stdout %q, stderr %q, status %d; want 3", out, errOut, status)
	}
}

// A declaration that fails declares nothing and keeps what it would have
// replaced; the session goes on.
func TestAtomicDeclarations(t *testing.T) {
	tests := []struct{ name, in, out, err string }{
		{"a broken alternative", "game las(n) moves\n    las(k) for k in 0 .. n - 1\n  | las(a) + las(n - a) for a in 1 .. n / 2 )\nlas(4)\n",
			"", "<stdin>:4:1: \"las\" was not declared: its declaration at <stdin>:1:6 failed"},
		{"a broken alternative keeps the old game", "game las(n) moves las(k) for k in 0 .. n - 1\nlas(4)\ngame las(n) moves\n    *1\n  | *2 *3 )\nlas(4)\n",
			"sg = 4   outcome = N\nsg = 4   outcome = N\n", "<stdin>:5:11: expected"},
		{"an unknown name in an alternative", "game g(n) moves g(n - 1) if n > 0\n  | h(n)\n\ng(3)\n",
			"", "<stdin>:2:5: unknown name \"h\""},
		{"the wrong arity keeps the old game", "game g(n) moves g(n - 1) if n > 0\ng(3)\ngame g(n) moves\n    g(n, 1) if n > 0\n\ng(3)\n",
			"sg = 1   outcome = N\nsg = 1   outcome = N\n", "game g takes 1 argument, but 2 were given"},
		{"a def that does not resolve keeps the old def", "def f(a) = a\ndef f(a) = f(a, 1)\n\nf(2)\n",
			"2\n", "f takes 1 argument, but 2 were given"},
		{"a let whose value fails keeps the old value", "let x = 5\nlet x = 1 / 0\nprint x\n",
			"5\n", "<stdin>:2:11: division by zero"},
		{"a failed declaration keeps the ones entered with it", "def f(a) = a + b\ndef f(a) = a + 1\nf(2)\n",
			"3\n", "<stdin>:1:16: unknown name \"b\""},
		{"and those that use it fail with it", "def f(n) = g(n)\ndef g(n) = zz\nf(1)\n",
			"", "<stdin>:2:12: unknown name \"zz\"\n    def g(n) = zz\n               ^\n<stdin>:3:1: \"f\" was not declared: its declaration at <stdin>:1:5 failed"},
		{"mutually recursive games survive a failed def", "game a(n) moves b(n - 1) if n > 0\ngame b(n) moves a(n - 1) if n > 0\ndef c(n) = zz\nsg(a(3))\n",
			"1\n", "<stdin>:3:12: unknown name \"zz\""},
		{"a let whose value fails binds nothing", "let y = 1 / 0\nprint y\n",
			"", "<stdin>:2:7: \"y\" was not declared: its declaration at <stdin>:1:5 failed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := drive(t, tc.in)
			if out != tc.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, tc.out)
			}
			if !strings.Contains(errOut, tc.err) {
				t.Errorf("stderr:\n%s\nwant (contained):\n%s", errOut, tc.err)
			}
			if status != 1 {
				t.Errorf("status %d, want 1", status)
			}
		})
	}
}

// A syntax error inside a declaration of several lines is one error: its
// later lines go with it, and a use of the name it meant to declare says
// that the declaration failed (not "unknown name", not "did you mean").
func TestBrokenDeclarationIsOneError(t *testing.T) {
	in := "game mg(n) moves\n    mg(n - 1) for k in 1 ..) n\n  | mg(n - 2) if n >= 2\nprint sg(mg(3))\n" +
		"game mg(n) moves mg(n - 1) if n > 0\nprint sg(mg(3)), sg(mgg(1))\n"
	want := `<stdin>:2:28: expected an expression after "..", found ")"
        mg(n - 1) for k in 1 ..) n
                               ^
<stdin>:4:10: "mg" was not declared: its declaration at <stdin>:1:6 failed
    print sg(mg(3))
             ^
<stdin>:6:21: unknown name "mgg" (did you mean "mg"?)
    print sg(mg(3)), sg(mgg(1))
                        ^
`
	out, errOut, status := drive(t, in)
	if out != "" || errOut != want || status != 1 {
		t.Errorf("stdout %q, status %d, stderr:\n%s\nwant:\n%s", out, status, errOut, want)
	}
	// Declared at last, the name is no longer a failed declaration.
	out, errOut, _ = drive(t, "def f(n) = n +\n)\ndef f(n) = n\nprint f(2)\nlet z = 1 / 0\nprint f(z)\n")
	if out != "2\n" || !strings.Contains(errOut, `"z" was not declared: its declaration at <stdin>:5:5 failed`) || strings.Contains(errOut, `"f" was`) {
		t.Errorf("stdout %q, stderr:\n%s", out, errOut)
	}
}

func TestUnknownCommand(t *testing.T) {
	for in, want := range map[string]string{
		":mvoes sub(3)\n": "unknown command :mvoes (did you mean :moves?)\n",
		":tabel\n":        "unknown command :tabel (did you mean :table?)\n",
		":quti\n":         "unknown command :quti (did you mean :quit?)\n",
		":frobnicate\n":   "unknown command :frobnicate (:help lists the commands)\n",
		":x\n":            "unknown command :x (:help lists the commands)\n",
	} {
		if _, errOut, status := drive(t, in); errOut != want || status != 1 {
			t.Errorf("%q: stderr %q, status %d; want %q", in, errOut, status, want)
		}
	}
}

func TestTableCommand(t *testing.T) {
	tests := []struct{ name, in, out, err string }{
		{"three for clauses", ":table a * b * c for a in 1 .. 2 for b in 1 .. 2 for c in 1 .. 2\n", "",
			"<stdin>:1:50: a table has at most two for clauses (its rows and its columns); this is a third\n" +
				"    :table a * b * c for a in 1 .. 2 for b in 1 .. 2 for c in 1 .. 2\n" +
				"                                                     ^\n"},
		{"a runtime error points into the line as typed", "print 1\n  :table   12 / (n - 2) for n in 0 .. 3\n", "1\n",
			"<stdin>:2:15: division by zero\n      :table   12 / (n - 2) for n in 0 .. 3\n                  ^\n"},
		{"a syntax error points into the line as typed", ":table n for n in 0 ..\n", "",
			"<stdin>:1:23: expected an expression after \"..\", found end of input\n"},
		{"an unknown name", ":table sg(zz(n)) for n in 0 .. 3\n", "", "<stdin>:1:11: unknown name \"zz\""},
		{"if clauses filter rows", ":table n * n for n in 1 .. 4 if n != 2\n", "n  n * n\n1      1\n3      9\n4     16\n", ""},
		{"strings are left-aligned", ":table str(n) + \"!\" for n in 9 .. 10\n", " n  str(n) + \"!\"\n 9  9!\n10  10!\n", ""},
		{"a grid prints as the table statement", ":table a ^ b for a in 0 .. 1 for b in 0 .. 2 if a != b\n", "a\\b  0  1  2\n  0     1  2\n  1  1     3\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, _ := drive(t, tc.in)
			if out != tc.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, tc.out)
			}
			if !strings.HasPrefix(errOut, tc.err) || tc.err == "" && errOut != "" {
				t.Errorf("stderr:\n%s\nwant (prefix):\n%s", errOut, tc.err)
			}
		})
	}
	// The grid is the table statement's own text.
	out, _, _ := drive(t, "table a ^ b for a in 0 .. 1 for b in 0 .. 2 if a != b\n")
	if want := "a\\b  0  1  2\n  0     1  2\n  1  1     3\n"; out != want {
		t.Errorf("the table statement prints\n%s\nnot\n%s", out, want)
	}
}

func TestHelpWraps(t *testing.T) {
	for _, width := range []int{64, 80, 132} {
		var out bytes.Buffer
		r := New(Config{Stdout: &out, Stderr: &out})
		r.width = func() int { return width }
		r.Entry(context.Background(), ":help\n", 1)
		r.Entry(context.Background(), ":help kayles\n", 2)
		widest := 0
		for _, line := range strings.Split(out.String(), "\n") {
			widest = max(widest, utf8.RuneCountInString(line))
		}
		if widest > width {
			t.Errorf("width %d: a line of %d characters:\n%s", width, widest, out.String())
		}
		if width > 100 && widest <= 80 {
			t.Errorf("width %d: no line is wider than 80: the text does not use the terminal's width", width)
		}
	}
	// Unknown width: 80.
	out, _, _ := drive(t, ":help\n")
	if !strings.Contains(out, "  :moves G          a table of the options of game G: SG value, outcome, winning\n                    ones marked\n") {
		t.Errorf(":help with no terminal:\n%s", out)
	}
}

// Piped, every script of the examples and the benchmark workloads groups
// into entries at statement boundaries: each entry's statements are the
// script's statements, none cut in two (so each runs as in the script).
func TestEntriesAreScriptStatements(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*.game"))
	if len(files) == 0 {
		t.Fatal("no examples in ../examples")
	}
	workloads, _ := filepath.Glob(filepath.Join("..", "..", "shared", "bench", "workloads", "*.game"))
	if len(workloads) == 0 {
		t.Log("no benchmark workloads in ../shared/bench/workloads (from the repository's root)")
	}
	for _, file := range append(files, workloads...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, got := scriptStarts(t, &assembler{hold: holdAnyDecl}, file, string(data))
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the entries' statements start at lines\n%v\nthe script's at\n%v\n(a negative line: an entry that does not parse)", file, got, want)
		}
	}
}

// fencedScripts returns the code blocks of a markdown file (```grundy or
// with no info string) that parse as scripts.
func fencedScripts(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	var cur []string
	in, wanted := false, false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case !in && strings.HasPrefix(line, "```"):
			info := strings.TrimPrefix(line, "```")
			in, cur = true, nil
			wanted = info == "" || info == "grundy"
		case in && strings.HasPrefix(line, "```"):
			in = false
			src := strings.Join(cur, "\n") + "\n"
			if _, err := lang.ParseFile("x", src); wanted && err == nil {
				out = append(out, src)
			}
		case in:
			cur = append(cur, line)
		}
	}
	return out
}

// scriptStarts returns the lines where the statements of src (the text
// of file name) start, as a script, and as the entries an assembler
// makes of its lines (minus the line of an entry that does not parse).
func scriptStarts(t *testing.T, a *assembler, name, src string) (want, got []int) {
	f, err := lang.ParseFile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range f.Stmts {
		want = append(want, strings.Count(src[:stmtOffset(st)], "\n")+1)
	}
	collect := func(es []entry) {
		for _, e := range es {
			padded := strings.Repeat("\n", e.start-1) + e.src()
			ef, err := lang.ParseEntry("<stdin>", padded)
			if err != nil {
				got = append(got, -e.start) // an entry that does not parse
				continue
			}
			for _, st := range ef.Stmts {
				got = append(got, strings.Count(padded[:stmtOffset(st)], "\n")+1)
			}
		}
	}
	for i, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		collect(a.add(line, i+1))
	}
	collect(a.end())
	return want, got
}

// The scripts of spec.md and LANGUAGE.md pasted into the interactive REPL
// make entries at their statements' boundaries.
func TestPastedScriptsAreStatements(t *testing.T) {
	docs := fencedScripts(t, filepath.Join("..", "spec.md"))
	language := fencedScripts(t, filepath.Join("..", "..", "shared", "LANGUAGE.md"))
	t.Logf("%d scripts of spec.md, %d of LANGUAGE.md", len(docs), len(language))
	if len(docs) < 50 {
		t.Fatalf("only %d scripts in ../spec.md", len(docs))
	}
	docs = append(docs, language...)
	for _, src := range docs {
		want, got := scriptStarts(t, &assembler{hold: holdDecl, preferNew: true}, "x", src)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("pasted, the statements start at lines %v, not %v:\n%s", got, want, src)
		}
	}
}

// A long entry whose brackets stay open is read without a parse per line:
// it still ends where the script's statement ends, and an error in it is
// reported once the brackets close.
func TestLongEntries(t *testing.T) {
	list := "let L = [\n" + strings.Repeat("  1,\n", 40) + "]\nprint len(L)\n"
	if got := groups(&assembler{hold: holdAnyDecl}, list); got != "1-42|43" {
		t.Errorf("a 40-line list: entries %s", got)
	}
	if out, errOut, _ := drive(t, list); out != "40\n" || errOut != "" {
		t.Errorf("a 40-line list: stdout %q, stderr %q", out, errOut)
	}
	bad := "print [\n" + strings.Repeat("1,\n", 20) + "1 2,\n3]\nprint 5\n"
	out, errOut, status := drive(t, bad)
	if want := "<stdin>:22:3: expected"; out != "5\n" || !strings.HasPrefix(errOut, want) || status != 1 {
		t.Errorf("an error in a long list: stdout %q, stderr %q, status %d; want 5 and %q", out, errOut, status, want)
	}
	block := "game g(n) moves g(n - 1) if n > 0\nfor i in 0 .. 1 {\n" + strings.Repeat("  let x = i\n", 30) + "  print sg(g(i))\n}\nprint 7\n"
	if got := groups(&assembler{hold: holdAnyDecl}, block); got != "1|2-34|35" {
		t.Errorf("a long for after a game: entries %s", got)
	}
	if out, _, _ := drive(t, block); out != "0\n1\n7\n" {
		t.Errorf("a long for after a game: stdout %q", out)
	}
}
