package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
}

// fakeDot puts a program named dot first on PATH: it writes its
// arguments, its environment and its input to files in dir, then runs
// script (a shell command).
func fakeDot(t *testing.T, script string) (dir string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir = t.TempDir()
	prog := "#!/bin/sh\necho \"$@\" > " + dir + "/args\nenv > " + dir + "/env\ncat > " + dir + "/stdin\n" + script + "\n"
	if err := os.WriteFile(filepath.Join(dir, "dot"), []byte(prog), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}

// TestGraphDotRun: dot gets only -Tsvg (or -Tpng), the DOT text grundy
// built, and an environment in which Graphviz loads no file a graph names
// (SERVER_NAME set, GV_FILE_PATH unset); its error is reported.
func TestGraphDotRun(t *testing.T) {
	p := script(t, "g.game", graphScript)
	t.Setenv("GV_FILE_PATH", "/")
	t.Setenv("SERVER_NAME", "")
	dir := fakeDot(t, "echo '<svg/>'")
	check(t, "fake dot", runCLI(t, "", "graph", p, "g(7)", "--format", "svg"), result{0, "<svg/>\n", "hello from the script\n"})
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	env, _ := os.ReadFile(filepath.Join(dir, "env"))
	in, _ := os.ReadFile(filepath.Join(dir, "stdin"))
	if string(args) != "-Tsvg\n" {
		t.Errorf("dot's arguments: %q", args)
	}
	if lines := strings.Split(string(env), "\n"); !slices.Contains(lines, "SERVER_NAME=grundy") || slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "GV_FILE_PATH=") }) {
		t.Errorf("dot's environment:\n%s", env)
	}
	if want := strings.TrimSuffix(graphDOT(t, "graph(g(7))"), "\n"); string(in) != want {
		t.Errorf("dot's input:\n%s\nwant\n%s", in, want)
	}
	// dot fails: its first line of error, exit 1, nothing on stdout.
	fakeDot(t, "echo 'Error: <stdin>: syntax error in line 1' >&2; echo more >&2; exit 1")
	check(t, "dot fails", runCLI(t, "", "graph", p, "g(7)", "--format", "png", "-o", filepath.Join(t.TempDir(), "x.png")),
		result{1, "", "hello from the script\ngrundy graph: dot could not render the graph: Error: <stdin>: syntax error in line 1\n"})
}

// TestGraphRefusesScriptText: grundy graph draws a game's graph itself;
// DOT text from the script, which could make dot read local files
// (image=, shapefile=), is refused, whichever way it comes.
func TestGraphRefusesScriptText(t *testing.T) {
	dir := t.TempDir()
	img := filepath.Join(dir, "secret.png")
	if err := os.WriteFile(img, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dot := `"digraph { x [image=\"` + img + `\"] }"`
	p := script(t, "a.game", "game g(n) moves g(n - 1) if n >= 1\ndef h(n) = "+dot+"\nlet D = "+dot+"\n")
	// The built-in graph hidden by a def of the script.
	q := script(t, "b.game", "game g(n) moves g(n - 1) if n >= 1\ndef graph(G, k) = "+dot+"\n")
	hint := ": grundy graph draws the state graph of a game itself and never uses text from the script (write the game, as in g(7), or graph(g(7), 50) to draw up to 50 positions)\n"
	shown := `string "digraph { x [image=\"` + img + `\"] }"`
	for _, c := range []struct {
		name, file, expr, col string
	}{
		{"a def's DOT text", p, "h(7)", "1"},
		{"a let's DOT text", p, "D", "1"},
		{"graph(G, LIMIT) hidden by a def", q, "graph(g(3), 5)", "1"},
		{"DOT text as graph's game", p, "graph(D, 5)", "7"},
	} {
		for _, format := range []string{"dot", "svg", "png"} {
			if _, err := exec.LookPath("dot"); err != nil && format != "dot" {
				continue // without Graphviz, svg and png are refused before EXPR is read
			}
			out := filepath.Join(dir, "x."+format)
			col, _ := strconv.Atoi(c.col)
			want := result{1, "", "<expr>:1:" + c.col + ": EXPR must be a game, found " + shown + hint +
				"    " + c.expr + "\n    " + strings.Repeat(" ", col-1) + "^\n"}
			check(t, c.name+" as "+format, runCLI(t, "", "graph", c.file, c.expr, "-o", out), want)
			check(t, c.name+" to stdout as "+format, runCLI(t, "", "graph", c.file, c.expr, "--format", "dot"), want)
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s: %s was written", c.name, out)
			}
		}
	}
	// A def named graph that returns a game is drawn like any game.
	r := script(t, "c.game", "game g(n) moves g(n - 1) if n >= 1\ndef graph(n) = g(n)\n")
	code, out, errOut := cli(t, "", "graph", r, "graph(3)")
	if code != 0 || !strings.Contains(out, `label="graph(g(3)): 4 positions`) {
		t.Errorf("def graph returning a game: %d %q %q", code, out, errOut)
	}
}

// TestGraphDOTNamesNoFile renders games whose values hold DOT syntax
// (quotes, brackets, attributes naming files, backslash escapes, HTML
// label brackets) through dot when it is installed: the labels stay
// labels, and the picture refers to no file.
func TestGraphDOTNamesNoFile(t *testing.T) {
	src := `game s(x) moves s("") if x != ""
let evil = "\"]; x [image=\"/etc/passwd\", shapefile=\"/etc/passwd\"]; y [label=<<img src=\"/etc/passwd\"/>>] \\N \\G \\\" ["
`
	p := script(t, "e.game", src)
	for _, expr := range []string{"s(evil)", "graph(s(evil), 1)", "s(evil + evil + evil) + s(evil)"} {
		code, dotText, errOut := cli(t, "", "graph", p, expr)
		if code != 0 {
			t.Fatalf("%s: %d %s", expr, code, errOut)
		}
		for _, attr := range []string{"image", "imagepath", "shapefile", "fontpath", "stylesheet", "href", "URL"} {
			if regexp.MustCompile(`(?m)^[^"]*(?:"(?:[^"\\]|\\.)*"[^"]*)*\b` + attr + `\s*=`).MatchString(dotText) {
				t.Errorf("%s: the DOT text sets %s outside a quoted string:\n%s", expr, attr, dotText)
			}
		}
		if _, err := exec.LookPath("dot"); err != nil {
			continue
		}
		code, svg, errOut := cli(t, "", "graph", p, expr, "--format", "svg")
		if code != 0 || errOut != "" {
			t.Errorf("%s as svg: %d %q", expr, code, errOut)
		}
		if strings.Contains(svg, "<image") || strings.Contains(svg, "xlink:href") || strings.Contains(svg, "<img") {
			t.Errorf("%s: the picture refers to a file:\n%s", expr, svg)
		}
		if !strings.Contains(svg, `x [image=\&quot;/etc/passwd\&quot;`) {
			t.Errorf("%s: the value is not shown as text:\n%s", expr, svg)
		}
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

// TestPNGToRealTerminal: a pseudo-terminal as standard output is
// recognised, and neither grundy graph nor grundy plot writes PNG to it.
func TestPNGToRealTerminal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	for _, c := range []struct {
		cmd, src string
		args     []string
	}{
		{"graph", graphScript, []string{"g(7)", "--format", "png"}},
		{"plot", plotScript, []string{"n for n in 0 .. 3"}},
	} {
		p := script(t, "g.game", c.src)
		var errOut bytes.Buffer
		code := run(append([]string{c.cmd, p}, c.args...), strings.NewReader(""), tty, &errOut)
		if code != 2 || errOut.String() != "grundy "+c.cmd+": PNG is binary and standard output is a terminal: use -o FILE.png or redirect standard output\n" {
			t.Errorf("%s: png to a pty: %d %q", c.cmd, code, errOut.String())
		}
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
		{"EXPR not a game", []string{p, "3 + 4"}, result{1, "", "hello from the script\n<expr>:1:1: EXPR must be a game (a position such as g(7), a nimber or a sum), found int 7\n    3 + 4\n    ^\n"}},
		{"EXPR a string", []string{p, "S"}, result{1, "", "hello from the script\n<expr>:1:1: EXPR must be a game, found string \"not dot\": grundy graph draws the state graph of a game itself and never uses text from the script (write the game, as in g(7), or graph(g(7), 50) to draw up to 50 positions)\n    S\n    ^\n"}},
		{"bad limit", []string{p, "graph(g(1), 0)"}, result{1, "", "hello from the script\n<expr>:1:13: graph's node limit must be between 1 and 100000, found 0\n    graph(g(1), 0)\n                ^\n"}},
		{"limit not an int", []string{p, "graph(g(1), S)"}, result{1, "", "hello from the script\n<expr>:1:13: graph's node limit must be an int, found string \"not dot\"\n    graph(g(1), S)\n                ^\n"}},
		{"graph with three arguments", []string{p, "graph(g(1), 2, 3)"}, result{1, "", "hello from the script\n<expr>:1:1: graph takes 1 to 2 arguments, but 3 were given\n    graph(g(1), 2, 3)\n    ^\n"}},
		{"EXPR a statement", []string{p, "let x = 1"}, result{2, "", "hello from the script\n<expr>:1:1: expected an expression, not a statement\n    let x = 1\n    ^\n"}},
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

// TestGraphErrorPlaces: an error is shown with the line of the text its
// position is in: FILE's line for an error in FILE's code reached from
// EXPR (with EXPR as the call site), EXPR's for an error in EXPR.
func TestGraphErrorPlaces(t *testing.T) {
	p := script(t, "d.game", "def bad(n) = 100 / n\ngame b(n) moves b(bad(n))\n")
	check(t, "def from EXPR", runCLI(t, "", "graph", p, "bad(0)"),
		result{1, "", p + ":1:18: division by zero\n    def bad(n) = 100 / n\n                     ^\n    called from <expr>:1:1\n"})
	check(t, "game's moves from EXPR", runCLI(t, "", "graph", p, "b(0)"),
		result{1, "", p + ":1:18: division by zero\n    def bad(n) = 100 / n\n                     ^\n    called from " + p + ":2:19\n    called from <expr>:1:1\n"})
	check(t, "in EXPR", runCLI(t, "", "graph", p, "b(1 / 0)"),
		result{1, "", "<expr>:1:5: division by zero\n    b(1 / 0)\n        ^\n"})
	check(t, "unknown name in EXPR", runCLI(t, "", "graph", p, "graph(c(1))"),
		result{1, "", "<expr>:1:7: unknown name \"c\"\n    graph(c(1))\n          ^\n"})
	// The same for grundy table.
	check(t, "table: def from the table", runCLI(t, "", "table", p, "bad(n) for n in 0 .. 1"),
		result{1, "", p + ":1:18: division by zero\n    def bad(n) = 100 / n\n                     ^\n    called from <table>:1:1\n"})
}

// TestGraphLimitFlags: grundy graph takes the limits of grundy run.
func TestGraphLimitFlags(t *testing.T) {
	p := script(t, "inf.game", "game up(n) moves up(n + 1)\ngame sub(n) moves sub(n - 1) if n > 0\n")
	r := runCLI(t, "", "graph", "--max-states", "500", p, "up(0)")
	if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, p+":1:6: state limit reached: more than 500 positions") || !strings.HasSuffix(r.stderr, "    called from <expr>:1:1\n") {
		t.Errorf("--max-states: %d %q %q", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "graph", p, "graph(sub(300000), 1)", "--max-steps", "1000")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "step limit reached: more than 1000 evaluation steps") {
		t.Errorf("--max-steps: %d %q %q", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "graph", "--stats", p, "sub(3)")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "digraph") || !strings.HasPrefix(r.stderr, "grundy: ") || !strings.Contains(r.stderr, " states visited, ") {
		t.Errorf("--stats: %d %q", r.code, r.stderr)
	}
	for _, c := range []struct{ flag, value, want string }{
		{"--max-states", "-1", "grundy graph: --max-states must be a positive number of positions, not -1\n"},
		{"--max-steps", "-5", "grundy graph: --max-steps must be a positive number of steps, not -5\n"},
		{"--timeout", "-1s", "grundy graph: --timeout must be a positive duration such as 30s or 2m, not -1s\n"},
		{"--max-memory", "NaN", "grundy graph: --max-memory: \"NaN\" is not a size such as 512M or 2G\n"},
		{"--max-memory", "100K", "grundy graph: --max-memory: \"100K\" is too small: grundy needs at least 1M\n"},
	} {
		check(t, c.flag+" "+c.value, runCLI(t, "", "graph", p, "sub(3)", c.flag, c.value), result{2, "", c.want})
	}
}
