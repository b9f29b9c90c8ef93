package main

import (
	"os"
	"strings"
	"testing"
)

// bom is the UTF-8 byte order mark some editors put at the start of a
// file.
const bom = "\uFEFF"

// TestBOM: a byte order mark at the start of a script is skipped by run,
// check, table, the REPL (piped, and :load) and fmt; the positions after
// it are those of the text without it (column 1 is the character after
// it), and no snippet quotes it.
func TestBOM(t *testing.T) {
	ok := script(t, "ok.game", bom+"game g(n) moves g(n - 1) for i in [0] if n > 0\nprint sg(g(3))\n")
	check(t, "run", runCLI(t, "", "run", ok), result{0, "1\n", ""})
	check(t, "FILE", runCLI(t, "", ok), result{0, "1\n", ""})
	check(t, "check", runCLI(t, "", "check", ok), result{0, "", ""})
	check(t, "table", runCLI(t, "", "table", ok, "sg(g(n)) for n in 0 .. 1", "--format", "csv"), result{0, "n,value\n0,0\n1,1\n", "1\n"})

	bad := script(t, "bad.game", bom+"print nope\n")
	want := bad + ":1:7: unknown name \"nope\"\n    print nope\n          ^\n"
	check(t, "run, an error on the first line", runCLI(t, "", "run", bad), result{1, "", want})
	check(t, "check, an error on the first line", runCLI(t, "", "check", bad), result{1, "", want})
	syn := script(t, "syn.game", bom+"print (")
	check(t, "a syntax error on the first line", runCLI(t, "", "run", syn),
		result{2, "", syn + ":1:8: expected an expression or \")\", found end of input\n    print (\n           ^\n"})

	// The REPL: a script piped in, and :load.
	check(t, "piped", runCLI(t, bom+"print nope\nprint 2\n"), result{1, "2\n", "<stdin>:1:7: unknown name \"nope\"\n    print nope\n          ^\n"})
	check(t, ":load", runCLI(t, ":load "+ok+"\n:load "+bad+"\n"), result{1, "1\n", want})

	// A mark elsewhere is still an error.
	if r := runCLI(t, "", "-e", "print 1 "+bom); r.code != 2 || !strings.Contains(r.stderr, "U+FEFF") {
		t.Errorf("a mark after the start: status %d, stderr %q", r.code, r.stderr)
	}
}

// TestFmtDropsBOM: grundy fmt drops a byte order mark (the canonical
// layout has none): printed, diffed and rewritten alike.
func TestFmtDropsBOM(t *testing.T) {
	p := script(t, "b.game", bom+"print  1\n")
	check(t, "fmt", runCLI(t, "", "fmt", p), result{0, "print 1\n", ""})
	check(t, "fmt stdin", runCLI(t, bom+"print 1\n", "fmt"), result{0, "print 1\n", ""})
	if r := runCLI(t, "", "fmt", "-d", p); r.code != 0 || !strings.Contains(r.stdout, "-"+bom+"print  1\n+print 1\n") {
		t.Errorf("fmt -d: status %d, diff %q", r.code, r.stdout)
	}
	q := script(t, "c.game", bom+"print 1\n")
	check(t, "fmt -w", runCLI(t, "", "fmt", "-w", p, q), result{0, "", ""})
	for _, f := range []string{p, q} {
		if data, _ := os.ReadFile(f); string(data) != "print 1\n" {
			t.Errorf("fmt -w wrote %q", data)
		}
	}
	bad := script(t, "bad.game", bom+"print (")
	check(t, "fmt, a syntax error", runCLI(t, "", "fmt", bad),
		result{2, "", bad + ":1:8: expected an expression or \")\", found end of input\n    print (\n           ^\n"})
}
