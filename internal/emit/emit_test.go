package emit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/emit"
	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/spelling"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

// TestOutside: a construct outside the subset stops emit with a
// positioned error naming it, and no program.
func TestOutside(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"let f = len\nprint f([1])\n", "x.game:1:9: emit: len used as a value is not in the subset"},
		{"print [1, \"a\"]\n", "x.game:1:11: emit: a list with elements of two types (int and string) is not in the subset"},
		{"def id(x) = x\nprint id(1), id(\"a\")\n", "x.game:2:17: emit: a parameter of id called with values of two types (int and string) is not in the subset"},
		{"print kayles(3)\n", "x.game:1:7: emit: the standard library's kayles is not in the subset"},
		{"game g(n) moves g(n - 1) if n > 0\nprint remoteness(g(3))\n", "x.game:2:7: emit: the built-in remoteness is not in the subset"},
		{"game g(n) moves g(n - 1) if n > 0 and sg(g(n - 1)) == 0\n", "x.game:1:39: emit: sg inside a game's moves is not in the subset"},
		{"def t(n) = outcome(g(n)) == \"P\"\ngame g(n) moves g(n - 1) if n > 0 and t(n - 1)\n", "x.game:1:12: emit: outcome inside the def t (which a game's moves call) is not in the subset"},
		{"game g(n) moves g(n - 1) if n > 0\nprint misere(g(3))\n", "x.game:2:7: emit: the built-in misere is not in the subset"},
		{"table n * n for n in 1 .. 3\n", "x.game:1:1: emit: a table statement is not in the subset"},
		{"print (1, 2)[len([1])]\n", "x.game:1:13: emit: indexing a tuple with an index that is not a literal int is not in the subset"},
		{"for c in \"abc\" {\n    print c\n}\n", "x.game:1:10: emit: iterating over the characters of a string is not in the subset"},
		{"print f(1)\nlet k = 1\ndef f(n) = n + k\n", "x.game:3:16: emit: reading k in f, which runs before the let of k has (f is named on line 1) is not in the subset"},
		{"def eu(a, b) = [eu(a, b - k * a) for k in 1 .. b / a if b > a and a > 0]\nprint eu(0, 5)\n", "x.game:1:16: emit: a def returning values of two types"},
	} {
		_, err := emit.File("x.game", c.src)
		var le *lang.Error
		if err == nil || !errors.As(err, &le) || !emit.IsOutside(err) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("emit of\n%s: %v\nwant an error starting %q", c.src, err, c.want)
		}
	}
	// a resolve error is grundy check's
	if _, err := emit.File("x.game", "print nosuch\n"); err == nil || emit.IsOutside(err) || !strings.Contains(err.Error(), `x.game:1:7: unknown name "nosuch"`) {
		t.Errorf("emit of an unknown name: %v", err)
	}
}

// A program of the differential test: a script, and the inputs it runs on.
type program struct {
	name, path string
	inputs     []string // "" for none
}

// bigStack: the programs run have a stack of at least 256 MiB
// (stack_linux_test.go).
var bigStack bool

// optLevel is g++'s optimization for the program named name: -O2, as a
// judge compiles, in the long suite; in the fast one -O0 (a quick
// compile) but -Og for basics.game, whose run at -O0 takes longer than its
// compile (its cycles of positions with values up to 40,000: 15 s of CPU
// at -O0, 3 s at -Og, for a compile of 9 s against 11 s), and -O1 for
// errors.game without a big stack (its recursion to grundy's depth bound
// would overflow 8 MiB with the larger frames of -O0).
func optLevel(name string) string {
	switch {
	case testenv.IsLong():
		return "-O2"
	case name == "basics.game":
		return "-Og"
	case name == "errors.game" && !bigStack:
		return "-O1"
	}
	return "-O0"
}

// TestDifferential: each script emitted, compiled with g++ (-O2 in the
// long suite, optLevel's in the fast one; -std=c++17 -Wall -Werror) and run prints what grundy run prints, exits
// with its status, and writes its error message and caret on standard
// error (grundy's lines naming the call sites aside). The fast suite runs
// a script of the main constructs and one of each runtime error (an input
// each): two programs, a compile takes seconds (the Cutting Game's sums of
// games: TestDifferentialSpellings's cut); the long suite the scripts of
// every value and game construct, every example in the subset and every
// benchmark workload at a small size.
func TestDifferential(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed: the emitted programs cannot be compiled")
	}
	var progs []program
	var errInputs []string
	for k := 0; k <= 40; k++ {
		errInputs = append(errInputs, fmt.Sprintf("%d\n", k))
	}
	errInputs = append(errInputs, "1 x2\n", "")
	progs = append(progs,
		program{"basics.game", "testdata/basics.game", []string{""}},
		program{"errors.game", "testdata/errors.game", errInputs},
	)
	var examples, bench []string
	if testenv.IsLong() {
		progs = append(progs,
			program{"values.game", "testdata/values.game", []string{""}},
			program{"games.game", "testdata/games.game", []string{""}},
		)
		examples = nil
		ms, _ := filepath.Glob("../../examples/*.game")
		for _, m := range ms {
			examples = append(examples, strings.TrimSuffix(filepath.Base(m), ".game"))
		}
		bench = benchNames
	}
	for _, ex := range examples {
		p := filepath.Join("..", "..", "examples", ex+".game")
		in := ""
		if data, err := os.ReadFile(strings.TrimSuffix(p, ".game") + ".in"); err == nil {
			in = string(data)
		}
		progs = append(progs, program{ex + ".game", p, []string{in}})
	}
	dir := t.TempDir()
	for _, w := range bench {
		p := filepath.Join(dir, w+".game")
		if err := os.WriteFile(p, []byte(smallWorkload(t, w)), 0o644); err != nil {
			t.Fatal(err)
		}
		progs = append(progs, program{w + ".game", p, []string{""}})
	}
	emitAndCompare(t, dir, progs)
}

// compileSlots bounds the compiles of the differential tests (which run in
// parallel) to as many at once as there are CPUs.
var compileSlots = make(chan struct{}, max(1, runtime.NumCPU()))

// emitAndCompare emits each program (a script outside the subset is
// skipped, saying so, unless it is one of testdata's), compiles them, as
// many at once as there are CPUs, and compares each run with grundy's.
func emitAndCompare(t *testing.T, dir string, progs []program) {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ is not installed: the emitted programs cannot be compiled")
	}
	var wg sync.WaitGroup
	bins := make([]string, len(progs))
	srcs := make([]string, len(progs))
	errs := make([]string, len(progs))
	for i, p := range progs {
		data, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		srcs[i] = string(data)
		cpp, err := emit.File(p.name, srcs[i])
		if err != nil {
			if emit.IsOutside(err) && !strings.HasPrefix(p.path, "testdata") {
				t.Logf("%s is outside the subset: %v", p.name, err)
				continue
			}
			t.Errorf("emit %s: %v", p.name, err)
			continue
		}
		cppPath := filepath.Join(dir, fmt.Sprintf("p%d.cpp", i))
		if err := os.WriteFile(cppPath, []byte(cpp), 0o644); err != nil {
			t.Fatal(err)
		}
		bins[i] = filepath.Join(dir, fmt.Sprintf("p%d", i))
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			compileSlots <- struct{}{}
			defer func() { <-compileSlots }()
			out, err := exec.Command(gxx, optLevel(progs[i].name), "-std=c++17", "-Wall", "-Werror", "-o", bins[i], cppPath).CombinedOutput()
			if err != nil {
				errs[i] = fmt.Sprintf("g++ %s: %v\n%s", progs[i].name, err, firstLines(string(out), 20))
			}
		}(i)
	}
	wg.Wait()
	for i, p := range progs {
		if errs[i] != "" {
			t.Error(errs[i])
			continue
		}
		if bins[i] == "" {
			continue
		}
		for _, in := range p.inputs {
			compare(t, p.name, srcs[i], bins[i], in)
		}
	}
}

// TestDifferentialSpellings: scripts the spelling fuzzer wrote (the
// workloads at a small size, the examples), emitted, compiled and run,
// print what grundy run prints. The fast suite takes one; the long suite
// one of each workload and of each example. GRUNDY_EMIT_SEED=S
// shifts the seeds (another set of spellings); GRUNDY_EMIT_KEEP=DIR keeps
// the scripts written (DIR/sI/NAME).
func TestDifferentialSpellings(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed: the emitted programs cannot be compiled")
	}
	shift, _ := strconv.ParseUint(os.Getenv("GRUNDY_EMIT_SEED"), 10, 64)
	type base struct{ name, src, in string }
	var bases []base
	workloads := []string{"cut"}
	if testenv.IsLong() {
		workloads = benchNames
		ms, _ := filepath.Glob("../../examples/*.game")
		for _, m := range ms {
			src, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			in, _ := os.ReadFile(strings.TrimSuffix(m, ".game") + ".in")
			bases = append(bases, base{filepath.Base(m), string(src), string(in)})
		}
	}
	for _, w := range workloads {
		bases = append(bases, base{w + ".game", smallWorkload(t, w), ""})
	}
	dir := t.TempDir()
	if keep := os.Getenv("GRUNDY_EMIT_KEEP"); keep != "" {
		dir = keep
	}
	var progs []program
	for i, b := range bases {
		f, err := lang.ParseFile(b.name, b.src)
		if err != nil {
			t.Fatal(err)
		}
		seed := shift + uint64(i) + 1
		r := rand.New(rand.NewPCG(seed, 7))
		applied := spelling.Rewrite(r, f, 1+r.IntN(6))
		p := filepath.Join(dir, fmt.Sprintf("s%d", i), b.name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(spelling.Print(f)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s, seed %d: %v", b.name, seed, applied)
		progs = append(progs, program{b.name, p, []string{b.in}})
	}
	emitAndCompare(t, dir, progs)
}

// TestDifferentialProp: random scripts of the property tests (package
// propgen's units: DAGs, subtraction games, take-and-break rules, copies
// and sums, graphs with cycles, each with its queries of sg, outcome,
// moves and winning of positions and sums), emitted, compiled and run,
// print what grundy run prints. A script holds many units (a compile takes
// seconds: many units, one program); the long suite runs six scripts of
// three units of each kind. GRUNDY_EMIT_SEED=S shifts the seeds (other
// scripts); GRUNDY_EMIT_KEEP=DIR keeps the scripts written
// (DIR/propI.game).
func TestDifferentialProp(t *testing.T) {
	t.Parallel()
	testenv.Long(t) // (a compile of seconds; basics.game has the fast suite's DAGs, take-and-break and cycles)
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed: the emitted programs cannot be compiled")
	}
	shift, _ := strconv.ParseUint(os.Getenv("GRUNDY_EMIT_SEED"), 10, 64)
	scripts, each, kinds := 6, 3, propKinds
	dir := t.TempDir()
	if keep := os.Getenv("GRUNDY_EMIT_KEEP"); keep != "" {
		dir = keep
	}
	var progs []program
	for i := range scripts {
		seed := shift + uint64(i) + 1
		src := propScript(rand.New(rand.NewPCG(seed, 11)), each, kinds)
		name := fmt.Sprintf("prop%d.game", i)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: seed %d, %d units of each of %v", name, seed, each, kinds)
		progs = append(progs, program{name, p, []string{""}})
	}
	emitAndCompare(t, dir, progs)
}

// propKinds are the kinds of units of propgen's that propScript draws.
var propKinds = []string{"dag", "sub", "takebreak", "copies", "loopy"}

// propScript is one script of n random units of each of the kinds
// (distinct names: each kind names its games apart).
func propScript(r *rand.Rand, n int, kinds []string) string {
	var units []*propgen.Unit
	for i := range n {
		for _, k := range kinds {
			var u *propgen.Unit
			switch k {
			case "dag":
				u = propgen.DAGUnit(r, fmt.Sprintf("d%d", i))
			case "sub":
				u, _, _ = propgen.SubUnit(r, fmt.Sprintf("sub%d", i))
			case "takebreak":
				u = propgen.TakeBreakUnit(r, i)
			case "copies":
				u = propgen.CopiesUnit(r, i)
			case "loopy":
				u = propgen.LoopyUnit(r, fmt.Sprintf("t%d", i))
			}
			units = append(units, u)
		}
	}
	src, _ := propgen.Script(units)
	return src
}

// benchNames are the benchmark workloads (internal/eval/testdata/bench).
var benchNames = []string{"cut", "subtract", "snim", "kayles", "grundy", "wythoff", "dag", "equalsplit", "loopy", "heaps", "board", "chomp"}

// smallWorkload is the workload w's script at its small size (smallN).
func smallWorkload(t *testing.T, w string) string {
	src, err := os.ReadFile(filepath.Join("..", "eval", "testdata", "bench", w+".game"))
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`(?m)^let N = \d+`).ReplaceAllString(string(src), "let N = "+smallN[w])
}

// smallN are the workloads' sizes at which the differential test runs
// them (bench/compare.sh --small's).
var smallN = map[string]string{"cut": "40", "subtract": "3000", "snim": "12000", "kayles": "300", "grundy": "400",
	"wythoff": "40", "dag": "5000", "equalsplit": "3000", "loopy": "400", "heaps": "8", "board": "12", "chomp": "5"}

// compare runs the program bin and grundy on the script src (named name)
// with standard input in, and reports a difference.
func compare(t *testing.T, name, src, bin, in string) {
	t.Helper()
	var out bytes.Buffer
	g := grundy.New(grundy.Config{Stdout: &out, Stdin: strings.NewReader(in), CommandLine: true})
	want := result{}
	if err := g.Load(context.Background(), name, src); err != nil {
		want.stderr = grundy.ExplainIn(err, func(string) (string, bool) { return src, true })
		want.code = 1
		var ge *grundy.Error
		if errors.As(err, &ge) && ge.Kind == grundy.SyntaxError {
			want.code = 2
		}
	}
	want.stdout = out.String()
	want.stderr = withoutTrace(want.stderr)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = filepath.Dir(bin)
	cmd.Stdin = strings.NewReader(in)
	var gotOut, gotErr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &gotOut, &gotErr
	got := result{}
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Errorf("%s (input %q): %v", name, in, err)
			return
		}
		got.code = ee.ExitCode()
	}
	got.stdout, got.stderr = gotOut.String(), gotErr.String()
	// A judge gives a program 256 MiB to 1 GiB: the tables of positions
	// scattered over a large range must not be arrays over the range.
	if mib := peakMiB(cmd.ProcessState.SysUsage()); mib > 1024 {
		t.Errorf("%s (input %q): the emitted program held %d MiB at its peak (more than a judge allows)", name, in, mib)
	}
	if got != want {
		t.Errorf("%s (input %q): the emitted program gives status %d, stdout\n%s\nstderr\n%s\ngrundy run gives status %d, stdout\n%s\nstderr\n%s",
			name, in, got.code, firstLines(got.stdout, 30), got.stderr, want.code, firstLines(want.stdout, 30), want.stderr)
	}
}

type result struct {
	code           int
	stdout, stderr string
}

// withoutTrace drops the lines of an error that name its call sites.
func withoutTrace(s string) string {
	var keep []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(l, "    called from ") || strings.HasPrefix(l, "    ... ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "")
}

func firstLines(s string, n int) string {
	ls := strings.SplitAfter(s, "\n")
	if len(ls) > n {
		return strings.Join(ls[:n], "") + "...\n"
	}
	return s
}

// TestSpecProgram: the program spec.md shows in section 15.4 is what emit
// writes for the Cutting Game shown above it (the runtime aside).
func TestSpecProgram(t *testing.T) {
	data, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	spec := string(data)
	i := strings.Index(spec, "### 15.4 `grundy emit`")
	if i < 0 {
		t.Fatal("spec.md has no section 15.4 on grundy emit")
	}
	sec := spec[i:]
	block := func(fence string) string {
		a := strings.Index(sec, fence)
		if a < 0 {
			t.Fatalf("section 15.4 has no %s block", fence)
		}
		a += len(fence)
		b := strings.Index(sec[a:], "```\n")
		return sec[a : a+b]
	}
	script, shown := block("```grundy\n"), block("```cpp\n")
	prog, err := emit.File("cutting.game", script)
	if err != nil {
		t.Fatal(err)
	}
	rest := prog[strings.Index(prog, "using rt::i64;"):]
	if !strings.HasSuffix(shown, rest) {
		t.Errorf("spec.md's program differs from what grundy emit writes now; its part after the runtime is:\n%s", rest)
	}
}
