package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

const graphScript = `game g(n) moves g(n - 2) if n >= 2 | g(n + 1) if n >= 3 and n < 6
print "hello from the script"
let S = "not dot"
`

// graphDOT is the text graph(EXPR) gives in a script run with -e: what
// grundy graph must write for a game EXPR.
func graphDOT(t *testing.T, expr string) string {
	t.Helper()
	code, out, errOut := cli(t, "", "-e", strings.SplitN(graphScript, "\n", 2)[0]+"\nprint "+expr)
	if code != 0 {
		t.Fatalf("-e: %d %s", code, errOut)
	}
	return out // graph's text and the newline print adds
}

func needDot(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("Graphviz's dot is not installed")
	}
}

func TestGraphDOT(t *testing.T) {
	p := script(t, "g.game", graphScript)
	want := graphDOT(t, "graph(g(7))")
	if !strings.HasPrefix(want, "digraph grundy {") || !strings.Contains(want, "g(7)") {
		t.Fatalf("graph(g(7)) is %q", want)
	}
	// The script's print output goes to stderr; stdout is only the DOT.
	check(t, "graph dot", runCLI(t, "", "graph", p, "g(7)"), result{0, want, "hello from the script\n"})
	check(t, "--format dot", runCLI(t, "", "graph", "--format", "dot", p, "g(7)"), result{0, want, "hello from the script\n"})
	check(t, "flags after", runCLI(t, "", "graph", p, "g(7)", "--format=dot"), result{0, want, "hello from the script\n"})
	// A string of DOT from graph(...) is used as it is.
	want5 := graphDOT(t, "graph(g(7), 5)")
	if want5 == want || !strings.Contains(want5, "note [") {
		t.Fatalf("graph(g(7), 5) is %q", want5)
	}
	check(t, "graph(G, LIMIT)", runCLI(t, "", "graph", p, "graph(g(7), 5)"), result{0, want5, "hello from the script\n"})
	// -o writes the file, nothing on stdout.
	out := filepath.Join(t.TempDir(), "g.dot")
	check(t, "-o", runCLI(t, "", "graph", p, "g(7)", "-o", out), result{0, "", "hello from the script\n"})
	if b, err := os.ReadFile(out); err != nil || string(b) != want {
		t.Errorf("-o %s: %q %v", out, b, err)
	}
}

func TestGraphRender(t *testing.T) {
	needDot(t)
	p := script(t, "g.game", graphScript)
	code, out, errOut := cli(t, "", "graph", p, "g(7)", "--format", "svg")
	if code != 0 || errOut != "hello from the script\n" || !strings.Contains(out, "<svg") || !strings.Contains(out, "g(7)") {
		t.Errorf("svg: %d %q\n%.300s", code, errOut, out)
	}
	code, out, errOut = cli(t, "", "graph", p, "graph(g(7), 3)", "--format", "png")
	if code != 0 || !strings.HasPrefix(out, "\x89PNG\r\n") {
		t.Errorf("png: %d %q %q", code, errOut, out[:min(len(out), 20)])
	}
	// -o FILE.svg and FILE.png choose the format.
	dir := t.TempDir()
	for _, c := range []struct{ name, magic string }{{"g.svg", "<?xml"}, {"g.png", "\x89PNG"}, {"g.gv", "digraph"}} {
		f := filepath.Join(dir, c.name)
		if code, _, errOut := cli(t, "", "graph", p, "g(7)", "-o", f); code != 0 {
			t.Errorf("-o %s: %d %s", c.name, code, errOut)
		}
		if b, _ := os.ReadFile(f); !bytes.HasPrefix(b, []byte(c.magic)) {
			t.Errorf("-o %s wrote %.20q", c.name, b)
		}
	}
	// --format wins over the extension.
	f := filepath.Join(dir, "x.png")
	cli(t, "", "graph", p, "g(7)", "-o", f, "--format", "svg")
	if b, _ := os.ReadFile(f); !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("--format svg -o x.png wrote %.20q", b)
	}
	// DOT that dot rejects: its error, exit 1.
	q := script(t, "bad.game", `let D = "digraph { n0 -> }"`)
	code, out, errOut = cli(t, "", "graph", q, "D", "--format", "svg")
	if code != 1 || out != "" || !strings.HasPrefix(errOut, "grundy graph: dot could not render the graph: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("bad DOT: %d %q %q", code, out, errOut)
	}
}

func TestGraphNoDot(t *testing.T) {
	p := script(t, "g.game", graphScript)
	t.Setenv("PATH", "")
	for _, f := range []string{"svg", "png"} {
		code, out, errOut := cli(t, "", "graph", p, "g(7)", "--format", f)
		want := "grundy graph: --format " + f + " needs Graphviz's dot program, which is not installed: install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz).\n"
		if code != 1 || out != "" || errOut != want {
			t.Errorf("%s without dot: %d %q %q", f, code, out, errOut)
		}
	}
	// DOT needs no dot.
	if code, out, _ := cli(t, "", "graph", p, "g(7)"); code != 0 || !strings.HasPrefix(out, "digraph") {
		t.Errorf("dot format without dot: %d %q", code, out)
	}
}

func TestGraphPNGToTerminal(t *testing.T) {
	p := script(t, "g.game", graphScript)
	old := isTerminal
	isTerminal = func(io.Writer) bool { return true }
	defer func() { isTerminal = old }()
	check(t, "png to a terminal", runCLI(t, "", "graph", p, "g(7)", "--format", "png"), result{2, "",
		"grundy graph: PNG is binary and standard output is a terminal: use -o FILE.png or redirect standard output\n"})
	// SVG and DOT are text: fine on a terminal.
	if code, _, errOut := cli(t, "", "graph", p, "g(7)"); code != 0 {
		t.Errorf("dot to a terminal: %d %s", code, errOut)
	}
	// With -o, stdout does not matter.
	if _, err := exec.LookPath("dot"); err == nil {
		f := filepath.Join(t.TempDir(), "g.png")
		if code, _, errOut := cli(t, "", "graph", p, "g(7)", "--format", "png", "-o", f); code != 0 {
			t.Errorf("png -o with a terminal: %d %s", code, errOut)
		}
	}
}

// TestGraphPNGToRealTerminal: a pseudo-terminal as standard output is
// recognised.
func TestGraphPNGToRealTerminal(t *testing.T) {
	p := script(t, "g.game", graphScript)
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	var errOut bytes.Buffer
	code := run([]string{"graph", p, "g(7)", "--format", "png"}, strings.NewReader(""), tty, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "standard output is a terminal") {
		t.Errorf("png to a pty: %d %q", code, errOut.String())
	}
}

func TestGraphErrors(t *testing.T) {
	p := script(t, "g.game", graphScript)
	for _, c := range []struct {
		name string
		args []string
		want result
	}{
		{"syntax error in EXPR", []string{p, "g("}, result{2, "", "hello from the script\n<expr>:1:3: expected an argument or \")\", found end of input\n    g(\n      ^\n"}},
		{"unknown name in EXPR", []string{p, "h(3)"}, result{1, "", "hello from the script\n<expr>:1:1: unknown name \"h\"\n    h(3)\n    ^\n"}},
		{"runtime error in EXPR", []string{p, "g(1 % 0)"}, result{1, "", "hello from the script\n<expr>:1:5: modulo by zero\n    g(1 % 0)\n        ^\n"}},
		{"EXPR not a game", []string{p, "3 + 4"}, result{1, "", "hello from the script\n<expr>:1:1: EXPR must be a game or the DOT text of graph(...), found int 7\n    3 + 4\n    ^\n"}},
		{"EXPR a string but not DOT", []string{p, "S"}, result{1, "", "hello from the script\n<expr>:1:1: EXPR must be a game or the DOT text of graph(...), found a string that is not DOT text: \"not dot\"\n    S\n    ^\n"}},
		{"bad limit", []string{p, "graph(g(1), 0)"}, result{1, "", "hello from the script\n<expr>:1:1: graph's node limit must be between 1 and 100000, found 0\n    graph(g(1), 0)\n    ^\n"}},
		{"bad format", []string{p, "g(1)", "--format", "pdf"}, result{2, "", "grundy graph: --format must be dot, svg or png, not \"pdf\"\n"}},
		{"no EXPR", []string{p}, result{2, "", "grundy graph: needs a FILE and an EXPR, as in grundy graph game.game 'g(10)' (see grundy graph --help)\n"}},
		{"too many", []string{p, "g(1)", "g(2)"}, result{2, "", "grundy graph: needs a FILE and an EXPR, as in grundy graph game.game 'g(10)' (see grundy graph --help)\n"}},
		{"unknown flag", []string{p, "g(1)", "--bogus"}, result{2, "", "grundy graph: flag provided but not defined: -bogus\n(see grundy graph --help)\n"}},
		{"empty -o", []string{p, "g(1)", "-o", ""}, result{2, "", "grundy graph: -o needs a file name\n"}},
		{"missing FILE", []string{"/nonexistent/x.game", "g(1)"}, result{2, "", "grundy: cannot read /nonexistent/x.game: no such file or directory\n"}},
		{"unwritable -o", []string{p, "g(1)", "-o", "/nonexistent/x.dot"}, result{1, "", "hello from the script\ngrundy graph: cannot write /nonexistent/x.dot: no such file or directory\n"}},
	} {
		check(t, c.name, runCLI(t, "", append([]string{"graph"}, c.args...)...), c.want)
	}
	// Errors in FILE are shown like grundy run shows them; nothing on
	// stdout.
	q := script(t, "bad.game", "print 1\nprint 1 / 0\n")
	check(t, "runtime error in FILE", runCLI(t, "", "graph", q, "*1"), result{1, "", "1\n" + q + ":2:9: division by zero\n    print 1 / 0\n            ^\n"})
	q = script(t, "syn.game", "print (\n")
	code, out, errOut := cli(t, "", "graph", q, "*1")
	if code != 2 || out != "" || !strings.HasPrefix(errOut, q+":2:1: expected an expression") {
		t.Errorf("syntax error in FILE: %d %q %q", code, out, errOut)
	}
}

func TestGraphHelp(t *testing.T) {
	code, out, errOut := cli(t, "", "graph", "--help")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "Usage: grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT]\n") {
		t.Errorf("graph --help: %d %q %q", code, out, errOut)
	}
	_, out, _ = cli(t, "", "--help")
	if !strings.Contains(out, "grundy graph FILE 'EXPR'") {
		t.Errorf("grundy --help does not mention grundy graph")
	}
}
