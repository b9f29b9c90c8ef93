package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// updateGolden rewrites testdata/table.golden with what grundy table
// writes now: go test -run TestTableGolden ./cmd/grundy -update-golden.
var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/table.golden")

// goldenScript declares what the golden tables compute: a subtraction
// game, a grid's game, strings that csv and json quote or escape, and
// Kayles, whose rows reach a state limit.
const goldenScript = `print "declaring"
let S = {1, 3, 4}
game sub(n) moves sub(n - s) for s in S if s <= n
game nim2(a, b) moves nim2(a - i, b) for i in 1 .. a | nim2(a, b - j) for j in 1 .. b
game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t
def name(n) = if n % 3 == 0 then "three, \"q\"" else if n % 3 == 1 then " odd" else "ü\nx"
`

// goldenSpecs are the tables of the golden file: one for clause (ints,
// rows filtered out, strings to quote, tuples, no rows, row variables
// named value and error, a pattern, big and negative ints, rows that
// fail or that bfile cannot write) and grids (blank cells, strings, no
// rows, a failing cell).
var goldenSpecs = []string{
	"sg(sub(n)) for n in 0 .. 12",
	"sg(sub(n)) for n in 0 .. 12 if n % 3 != 1",
	"name(n) for n in 0 .. 5",
	"(n, name(n)) for n in [5, 1, 5, 2]",
	"n for n in []",
	"outcome(sub(n)) for n in 0 .. 3",
	`1 for s in ["a"]`,
	`s for s in ["a\nb", "<&>", "\t x", "\\.", "", "x,y", "é"]`,
	"sg(sub(n)) / (n - 4) for n in 0 .. 8",
	"value for value in 0 .. 2",
	"error for error in 0 .. 2",
	"x * y for (x, y) in [(1, 2), (3, 4)]",
	"(0 - n) * 1000000000000 for n in 0 .. 2",
	"sg(nim2(a, b)) for a in 0 .. 2 for b in 0 .. 3 if a <= b",
	"name(a + b) for a in 0 .. 2 for b in [1, 0]",
	"1 for a in [] for b in 0 .. 1",
	"1 / (a - 1) for a in 0 .. 2 for b in 0 .. 1",
	"sg(k(n)) for n in 0 .. 40",
}

// TestTableGolden: grundy table writes, in every format, with one job
// and two, to standard output and with -o (stopped by a limit, then
// resumed), and to an output that fails, what testdata/table.golden
// records, byte for byte.
func TestTableGolden(t *testing.T) {
	p := script(t, "g.game", goldenScript)
	dir := filepath.Dir(p)
	var b strings.Builder
	record := func(what string, r result, files ...string) {
		fmt.Fprintf(&b, "=== %s\nstatus %d\n", what, r.code)
		section(&b, "stdout", r.stdout)
		section(&b, "stderr", strings.ReplaceAll(r.stderr, dir, "DIR"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				data = []byte(strings.ReplaceAll(err.Error(), dir, "DIR"))
			}
			section(&b, strings.TrimPrefix(f, dir), string(data))
		}
	}
	for _, spec := range goldenSpecs {
		for _, format := range []string{"text", "csv", "json", "bfile"} {
			for _, jobs := range []string{"1", "2"} {
				args := []string{"table", "--jobs", jobs, "--format", format, p, spec}
				record(strings.Join(args[:5], " ")+" "+spec, runCLI(t, "", args...))
			}
		}
	}
	// A table stopped by a limit, written to OUT, then resumed.
	const limited = "sg(k(n)) for n in 0 .. 60 if n % 5 != 2"
	for _, format := range []string{"text", "csv", "json", "bfile"} {
		for _, jobs := range []string{"1", "2"} {
			out := filepath.Join(dir, format+jobs)
			args := []string{"table", "--jobs", jobs, "--format", format, "--max-states", "30", "-o", out, p, limited}
			record(strings.Join(args[:7], " ")+" OUT "+limited, runCLI(t, "", args...), out, out+progressSuffix)
			args = []string{"table", "--jobs", jobs, "--format", format, "-o", out, "--resume", p, limited}
			record(strings.Join(args[:5], " ")+" -o OUT --resume "+limited, runCLI(t, "", args...), out, out+progressSuffix)
		}
	}
	// An output whose reader goes away.
	for _, format := range []string{"text", "csv", "json", "bfile"} {
		for _, n := range []int{0, 40} {
			var errOut bytes.Buffer
			w := &keepAfter{failAfter: failAfter{n: n}}
			code := run([]string{"table", "--format", format, p, "sg(sub(n)) for n in 0 .. 30"}, strings.NewReader(""), w, &errOut)
			record(fmt.Sprintf("table --format %s (the reader gone after %d bytes)", format, n), result{code, w.b.String(), errOut.String()})
		}
	}
	golden := filepath.Join("testdata", "table.golden")
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		got := filepath.Join(t.TempDir(), "table.golden")
		os.WriteFile(got, []byte(b.String()), 0o644)
		t.Errorf("grundy table writes other than %s: diff %s %s (run with -update-golden to accept)", golden, golden, got)
	}
}

// section writes one output of the golden file under its name.
func section(b *strings.Builder, name, text string) {
	fmt.Fprintf(b, "--- %s\n%s", name, text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		b.WriteString("\n(no newline at the end)\n")
	}
}

// keepAfter is a failAfter that keeps what it accepted.
type keepAfter struct {
	failAfter
	b bytes.Buffer
}

func (w *keepAfter) Write(p []byte) (int, error) {
	n, err := w.failAfter.Write(p)
	w.b.Write(p[:n])
	return n, err
}
