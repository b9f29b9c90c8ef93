package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/repl"
)

const messy = "game g(n) moves g(n-1) if n>0|g(n-2)  if n>1   # two\nprint sg(g(5)),outcome( g(5) )\n"

const tidy = "game g(n) moves\n    g(n - 1) if n > 0\n  | g(n - 2) if n > 1  # two\nprint sg(g(5)), outcome(g(5))\n"

func TestFmtStdout(t *testing.T) {
	p := script(t, "m.game", messy)
	check(t, "fmt FILE", runCLI(t, "", "fmt", p), result{0, tidy, ""})
	if data, _ := os.ReadFile(p); string(data) != messy {
		t.Errorf("fmt without -w changed the file: %q", data)
	}
	check(t, "fmt from standard input", runCLI(t, messy, "fmt"), result{0, tidy, ""})
	q := script(t, "t.game", tidy)
	check(t, "fmt of two files", runCLI(t, "", "fmt", p, q), result{0, tidy + tidy, ""})
}

func TestFmtWrite(t *testing.T) {
	p := script(t, "m.game", messy)
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	check(t, "fmt -w", runCLI(t, "", "fmt", "-w", p), result{0, "", ""})
	data, err := os.ReadFile(p)
	if err != nil || string(data) != tidy {
		t.Fatalf("after fmt -w the file holds %q (%v), want %q", data, err, tidy)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("fmt -w changed the permissions: %v %v", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*")); len(left) > 0 {
		t.Errorf("fmt -w left files behind: %v", left)
	}
	check(t, "fmt -w without a file", runCLI(t, messy, "fmt", "-w"),
		result{2, "", "grundy fmt: -w needs a FILE to rewrite\n" + usageLine("fmt") + "\n"})
}

func TestFmtDiff(t *testing.T) {
	p := script(t, "m.game", messy)
	want := "--- " + p + "\n+++ " + p + " (formatted)\n@@ -1,2 +1,4 @@\n" +
		"-game g(n) moves g(n-1) if n>0|g(n-2)  if n>1   # two\n" +
		"-print sg(g(5)),outcome( g(5) )\n" +
		"+game g(n) moves\n+    g(n - 1) if n > 0\n+  | g(n - 2) if n > 1  # two\n+print sg(g(5)), outcome(g(5))\n"
	check(t, "fmt -d", runCLI(t, "", "fmt", "-d", p), result{0, want, ""})
	if data, _ := os.ReadFile(p); string(data) != messy {
		t.Errorf("fmt -d changed the file: %q", data)
	}
	q := script(t, "t.game", tidy)
	check(t, "fmt -d of a formatted file", runCLI(t, "", "fmt", "-d", q), result{0, "", ""})
}

// The example of spec.md's section on grundy fmt is in the layout.
func TestFmtSpecExample(t *testing.T) {
	spec, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(spec), "### 15.3 `grundy fmt`")
	_, block, ok2 := strings.Cut(sec, "```grundy\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("no grundy block in spec.md's section 15.3")
	}
	if out, err := lang.Format("spec.md", block); err != nil || out != block {
		t.Errorf("the example is not in the layout (%v):\n%s\nformatted:\n%s", err, block, out)
	}
}

// A file that does not parse is reported with its position and left as it
// is; the other files are still formatted; the exit status is 2.
func TestFmtErrors(t *testing.T) {
	bad := script(t, "bad.game", "print 1\nprint 1 < 2 < 3\n")
	good := script(t, "good.game", messy)
	check(t, "a syntax error", runCLI(t, "", "fmt", "-w", bad, good), result{2, "",
		bad + ":2:13: comparisons cannot be chained: put parentheses around one side of \"<\"\n    print 1 < 2 < 3\n                ^\n"})
	if data, _ := os.ReadFile(good); string(data) != tidy {
		t.Errorf("the good file was not formatted: %q", data)
	}
	if data, _ := os.ReadFile(bad); string(data) != "print 1\nprint 1 < 2 < 3\n" {
		t.Errorf("the bad file was changed: %q", data)
	}
	code, _, errOut := cli(t, "", "fmt", filepath.Join(t.TempDir(), "none.game"))
	if code != 2 || !strings.HasPrefix(errOut, "grundy: cannot read ") {
		t.Errorf("a missing file: status %d, stderr %q", code, errOut)
	}
	code, _, errOut = cli(t, "", "fmt", "-x")
	if code != 2 || !strings.Contains(errOut, "see grundy fmt --help") {
		t.Errorf("a bad flag: status %d, stderr %q", code, errOut)
	}
	if _, out, _ := cli(t, "", "--help"); !strings.Contains(out, "grundy fmt [-w] [-d] [FILE...]") {
		t.Errorf("--help does not show grundy fmt:\n%s", out)
	}
}

// Every example and benchmark workload (at a small N) runs the same
// formatted: the same output and exit status, from a file and, for those
// that read no input, piped into the REPL.
func TestFmtRunsTheSame(t *testing.T) {
	eachScript(t, func(t *testing.T, file, src string) {
		stdin, reads := "", false
		if in, err := os.ReadFile(strings.TrimSuffix(file, ".game") + ".in"); err == nil {
			stdin, reads = string(in), true
		}
		orig := script(t, filepath.Base(file), src)
		code, formatted, errOut := cli(t, "", "fmt", orig)
		if code != 0 {
			t.Fatalf("grundy fmt: status %d, stderr:\n%s", code, errOut)
		}
		ran := runCLI(t, stdin, "run", orig)
		if ran.code != 0 || ran.stdout == "" {
			t.Fatalf("grundy run: status %d, stdout %q, stderr:\n%s", ran.code, ran.stdout, ran.stderr)
		}
		check(t, "the formatted script", runCLI(t, stdin, "run", script(t, "formatted.game", formatted)), ran)
		if !reads {
			check(t, "the formatted script piped", runCLI(t, formatted), ran)
		}
	})
}

// A script the REPL reads as its statements when piped is read so too
// formatted: the formatter breaks lines only where the REPL reads on.
// Every script of the repository: the examples, the eval script tests,
// the grundy blocks of spec.md and the workloads.
func TestFmtPipesIntoTheREPL(t *testing.T) {
	var srcs []string
	for _, pat := range []string{"examples/*.game", "internal/eval/testdata/*.game", "../shared/bench/workloads/*.game"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", pat))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, strings.Split(string(data), "\n---\n")...)
		}
	}
	spec, err := os.ReadFile(filepath.Join("..", "..", "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(spec), "```grundy\n")[1:] {
		srcs = append(srcs, strings.SplitN(block, "```", 2)[0])
	}
	n := 0
	for _, src := range srcs {
		if _, err := lang.ParseFile("f.game", src); err != nil || !pipes(src) {
			continue
		}
		n++
		out, err := lang.Format("f.game", src)
		if err != nil {
			t.Errorf("%v\n%s", err, src)
			continue
		}
		if !pipes(out) {
			t.Errorf("piped, the REPL reads this script as its statements:\n%s\nbut not its formatting:\n%s", src, out)
		}
	}
	if n < 50 {
		t.Errorf("only %d scripts checked", n)
	}
}

// pipes reports whether the REPL, reading src piped, runs the statements
// of the script src: each entry parses, and together they are the
// script's statements.
func pipes(src string) bool {
	f, err := lang.ParseFile("f.game", src)
	if err != nil {
		return false
	}
	var got []string
	for _, e := range repl.Entries(src) {
		g, err := lang.ParseEntry("f.game", e)
		if err != nil {
			return false
		}
		for _, s := range g.Stmts {
			got = append(got, lang.SExpr(s))
		}
	}
	var want []string
	for _, s := range f.Stmts {
		want = append(want, lang.SExpr(s))
	}
	return strings.Join(got, "\n") == strings.Join(want, "\n")
}

// The diff of -d, applied to the old text, gives the new one: random
// edits of random texts.
func TestUnifiedDiffApplies(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 500; i++ {
		var a []string
		for j := rng.Intn(30); j > 0; j-- {
			a = append(a, strconv.Itoa(rng.Intn(5)))
		}
		var b []string
		for _, l := range a {
			switch rng.Intn(6) {
			case 0:
			case 1:
				b = append(b, l, strconv.Itoa(rng.Intn(5)))
			case 2:
				b = append(b, "x"+l)
			default:
				b = append(b, l)
			}
		}
		x, y := joinLines(a), joinLines(b)
		d := unifiedDiff("f", x, y)
		if (d == "") != (x == y) {
			t.Fatalf("diff of %q and %q: %q", x, y, d)
		}
		if got := applyDiff(t, x, d); got != y {
			t.Fatalf("the diff of %q and %q:\n%s\napplied gives %q", x, y, d, got)
		}
	}
}

func joinLines(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	return strings.Join(ls, "\n") + "\n"
}

// applyDiff applies a unified diff to a, checking its hunks' headers and
// context lines.
func applyDiff(t *testing.T, a, d string) string {
	if d == "" {
		return a
	}
	old := splitLines(a)
	lines := splitLines(d)[2:]
	var out []string
	at := 0 // lines of old taken
	for len(lines) > 0 {
		var oa, on, nb, nn int
		h := strings.NewReplacer("@@ -", "", " @@", "", ",", " ", "+", "").Replace(lines[0])
		if _, err := fmt.Sscan(h, &oa, &on, &nb, &nn); err != nil {
			t.Fatalf("bad hunk header %q", lines[0])
		}
		start := oa - 1
		if on == 0 {
			start = oa
		}
		out = append(out, old[at:start]...)
		at = start
		lines = lines[1:]
		seenOld, seenNew := 0, 0
		for len(lines) > 0 && !strings.HasPrefix(lines[0], "@@") {
			l := lines[0]
			lines = lines[1:]
			switch l[0] {
			case ' ':
				if old[at] != l[1:] {
					t.Fatalf("context %q, the text has %q", l[1:], old[at])
				}
				out = append(out, l[1:])
				at++
				seenOld++
				seenNew++
			case '-':
				if old[at] != l[1:] {
					t.Fatalf("removed %q, the text has %q", l[1:], old[at])
				}
				at++
				seenOld++
			case '+':
				out = append(out, l[1:])
				seenNew++
			}
		}
		if seenOld != on || seenNew != nn {
			t.Fatalf("hunk %q has %d old and %d new lines", h, seenOld, seenNew)
		}
	}
	return joinLines(append(out, old[at:]...))
}

// dirNames returns the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func readText(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// endless is a stream that never ends (as /dev/zero).
type endless struct{}

func (endless) Read(p []byte) (int, error) { return len(p), nil }

// grundy fmt has the limits of grundy run: a script larger than the
// memory limit is not read (an endless one neither), and formatting
// stops at the memory limit and the time limit, with run's messages;
// the file is left as it was.
func TestFmtLimits(t *testing.T) {
	var out, errOut strings.Builder
	code := run([]string{"fmt", "--max-memory", "16M"}, endless{}, &out, &errOut)
	check(t, "fmt of an endless standard input", result{code, out.String(), errOut.String()},
		result{1, "", "grundy: standard input is more than the memory limit of 16 MiB (--max-memory)\n"})
	check(t, "fmt /dev/zero", runCLI(t, "", "fmt", "--max-memory", "16M", "/dev/zero"),
		result{1, "", "grundy: /dev/zero is more than the memory limit of 16 MiB (--max-memory)\n"})
	big := "let x = [" + strings.Repeat("1, ", 1_000_000) + "]\n"
	p := script(t, "big.game", big)
	for _, w := range [][]string{nil, {"-w"}} {
		check(t, "fmt of a file larger than the memory limit", runCLI(t, "", append(append([]string{"fmt", "--max-memory", "2M"}, w...), p)...),
			result{1, "", "grundy: " + p + " is 2.9 MiB, more than the memory limit of 2 MiB (--max-memory)\n"})
	}
	huge := script(t, "huge.game", "let x = ["+strings.Repeat("1, ", 1_500_000)+"]\n")
	code, stdout, stderr := cli(t, "", "fmt", "-w", "--max-memory", "128M", huge)
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, huge+":1:") ||
		!strings.Contains(stderr, ": memory limit reached: more than 128 MiB in use (--max-memory) while formatting\n") {
		t.Errorf("fmt -w past the memory limit: exit status %d, stdout %q, stderr %.300q", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, "", "fmt", "-w", "--timeout", "1ms", p)
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, p+":1:") ||
		!strings.Contains(stderr, ": time limit reached: the run took more than 1ms (--timeout) while formatting\n") {
		t.Errorf("fmt -w past the time limit: exit status %d, stdout %q, stderr %.300q", code, stdout, stderr)
	}
	if readText(t, p) != big || len(dirNames(t, filepath.Dir(p))) != 1 {
		t.Error("the file was changed")
	}
	check(t, "a bad --max-memory", runCLI(t, "", "fmt", "--max-memory", "100K", p),
		result{2, "", "grundy fmt: --max-memory: \"100K\" is too small: grundy needs at least 1M\n"})
	check(t, "a flag of run only", runCLI(t, "", "fmt", "--max-states", "10", p),
		result{2, "", "grundy fmt: flag provided but not defined: -max-states\n(see grundy fmt --help)\n"})
}
