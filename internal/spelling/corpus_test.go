package spelling

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/lang"
)

// A script of the corpus: a workload or an example, with its input.
type script struct {
	name     string // "bench/cut", "examples/dag"
	src      string
	stdin    string
	workload bool // its first statement is `let N = <int>`
}

// letN is a workload's size: its first `let N = <int>` line.
var letN = regexp.MustCompile(`(?m)^let N = (\d+)`)

// corpus returns the workloads (../eval/testdata/bench, the copies of
// the benchmark workloads) as they are, and the examples with their
// inputs.
func corpus(t testing.TB) []script {
	var out []script
	add := func(pattern, kind string) {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("no scripts in %s", pattern)
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			s := script{name: kind + "/" + strings.TrimSuffix(filepath.Base(file), ".game"), src: string(src)}
			if in, err := os.ReadFile(strings.TrimSuffix(file, ".game") + ".in"); err == nil {
				s.stdin = string(in)
			}
			s.workload = kind == "bench" && letN.MatchString(s.src)
			out = append(out, s)
		}
	}
	add("../eval/testdata/bench/*.game", "bench")
	add("../../examples/*.game", "examples")
	return out
}

// withN returns a workload's source with its size set to n.
func withN(src string, n int) string {
	loc := letN.FindStringSubmatchIndex(src)
	return src[:loc[2]] + strconv.Itoa(n) + src[loc[3]:]
}

// sizeOf returns a workload's size as written.
func sizeOf(src string) int {
	n, _ := strconv.Atoi(letN.FindStringSubmatch(src)[1])
	return n
}

// A result is what a run printed and how it ended.
type result struct {
	out    string
	err    string // "" when the run ended without an error
	states int64
	took   time.Duration
}

// run runs src (with stdin) in a fresh session, within timeout.
func run(name, src, stdin string, timeout time.Duration) result {
	var out strings.Builder
	opts := eval.Options{Stdout: &out, Limits: engine.Limits{Timeout: timeout}}
	if stdin != "" {
		opts.Stdin = strings.NewReader(stdin)
	}
	s := eval.NewSession(opts)
	start, cpu := time.Now(), cpuTime()
	err := s.ExecFile(context.Background(), name+".game", src)
	took := time.Since(start)
	if c := cpuTime() - cpu; c > 0 {
		took = c // (the CPU time: steadier on a busy machine)
	}
	res := result{out: out.String(), states: s.Stats().States, took: took}
	if err != nil {
		res.err = err.Error()
		if res.err == "" {
			res.err = "error"
		}
	}
	return res
}

// timedOut reports whether a run stopped at its time limit.
func (r result) timedOut() bool {
	return strings.Contains(r.err, "(--timeout)")
}

// limited reports whether a run stopped at a limit of its resources
// (spec.md 16: time, memory, states, steps, nested calls), which a
// spelling may reach where the original does not: that is no
// difference of meaning.
func (r result) limited() bool {
	for _, s := range []string{"(--timeout)", "(--max-memory)", "(--max-states)", "(--max-steps)", "too many nested calls"} {
		if strings.Contains(r.err, s) {
			return true
		}
	}
	return false
}

// smallSize returns the size a workload is fuzzed at: the largest of 6,
// 9, 13, 19, ... (each half as large again; at most its own) whose run
// visits at most budget positions (what the run visits does not depend
// on the machine).
func smallSize(t testing.TB, s script, budget int64) int {
	best := 6
	for n := 6; n <= sizeOf(s.src); n = n * 3 / 2 {
		res := run(s.name, withN(s.src, n), s.stdin, time.Minute)
		if res.timedOut() {
			break // (a slow machine: the sizes below it)
		}
		if res.err != "" {
			t.Fatalf("%s at N = %d: %s", s.name, n, res.err)
		}
		if res.states > budget {
			break
		}
		best = n
	}
	return best
}

// seedOf is the seed of case i of a script: the same on every run.
func seedOf(name string, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", name, i)
	return h.Sum64()
}

// parseOK parses src, failing the test on an error.
func parseOK(t testing.TB, name, src string) *lang.File {
	t.Helper()
	f, err := lang.ParseFile(name+".game", src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// printed prints f and checks that the text parses back to the same
// tree.
func printed(f *lang.File) (string, error) {
	text := Print(f)
	g, err := lang.ParseFile("printed.game", text)
	if err != nil {
		return text, fmt.Errorf("the printed script does not parse: %v", err)
	}
	if a, b := lang.SExpr(f), lang.SExpr(g); a != b {
		return text, errors.New("the printed script parses to another tree:\n" + firstDiff(a, b))
	}
	return text, nil
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, x, y)
		}
	}
	return "(no difference)"
}
