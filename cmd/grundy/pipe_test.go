package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
)

// firstLetN is a workload's size, `let N = ...` on a line of its own.
var firstLetN = regexp.MustCompile(`(?m)^let N = .*$`)

// eachScript runs test as a subtest for every example and every
// benchmark workload (../shared/bench/workloads from the repository's
// root, when it is there), with the file's name and text: a workload's
// at a small size (its first `let N = ...` line set to let N = 6).
func eachScript(t *testing.T, test func(t *testing.T, file, src string)) {
	examples, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*.game"))
	if len(examples) == 0 {
		t.Fatal("no examples found in ../../examples")
	}
	workloads, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "bench", "workloads", "*.game"))
	if len(workloads) == 0 {
		t.Log("no benchmark workloads in ../shared/bench/workloads (from the repository's root): only the examples are tested")
	}
	for _, file := range append(examples, workloads...) {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			if loc := firstLetN.FindStringIndex(src); loc != nil && slices.Contains(workloads, file) {
				src = src[:loc[0]] + "let N = 6" + src[loc[1]:]
			}
			test(t, file, src)
		})
	}
}

// A script piped into grundy (the REPL reading a non-terminal) prints
// exactly what grundy run prints: the REPL groups lines into entries as a
// script's parser groups them into statements. Every example, and every
// benchmark workload at a small N.
func TestPipedScriptsAsRun(t *testing.T) {
	eachScript(t, func(t *testing.T, file, src string) {
		if _, err := os.Stat(strings.TrimSuffix(file, ".game") + ".in"); err == nil {
			t.Skip("reads its input with ints(); piped, the script itself is the input")
		}
		p := script(t, filepath.Base(file), src)
		ran := runCLI(t, "", "run", p)
		if ran.code != 0 || ran.stdout == "" {
			t.Fatalf("grundy run: status %d, stdout %q, stderr:\n%s", ran.code, ran.stdout, ran.stderr)
		}
		check(t, "piped", runCLI(t, src), ran)
	})
}

// Lasker's Nim with its second alternative on a line that starts with
// "|", piped (the example: it printed 4, the first alternative
// alone).
func TestPipedAlternativeLine(t *testing.T) {
	src := "game las(n) moves\n    las(k) for k in 0 .. n - 1\n  | las(a) + las(n - a) for a in 1 .. n / 2\nsg(las(4))\n"
	check(t, "piped", runCLI(t, src), result{0, "3\n", ""})
}

// explainBlocks splits --explain text into its blocks (one per game or
// def), sorted: the entry points may compile declarations in another
// order.
func explainBlocks(text string) []string {
	var blocks []string
	for _, line := range strings.SplitAfter(text, "\n") {
		// (What a run found, not what was compiled: a declared game's
		// heaps found to follow a take-and-break rule when a run asks
		// for its period or a large heap; the representation the
		// arguments of the positions made so far got.)
		if line == "" || strings.Contains(line, "its heaps follow the take-and-break rule") || strings.Contains(line, " of its positions: ") {
			continue
		}
		if !strings.HasPrefix(line, "  ") || len(blocks) == 0 {
			blocks = append(blocks, "")
		}
		blocks[len(blocks)-1] += line
	}
	sort.Strings(blocks)
	return blocks
}

// TestEntryPointParity: every example and benchmark workload compiles to
// the same paths through grundy run, the piped REPL and the Go API (the
// same --explain, :explain and Interpreter.Explain), so that they run at
// the same speed; and prints the same through the API.
func TestEntryPointParity(t *testing.T) {
	eachScript(t, func(t *testing.T, file, src string) {
		p := script(t, filepath.Base(file), src)
		ran := runCLI(t, "", "check", "--explain", p)
		if ran.code != 0 {
			t.Fatalf("grundy check --explain: status %d, stderr:\n%s", ran.code, ran.stderr)
		}
		want := explainBlocks(ran.stderr)
		if len(want) == 0 {
			t.Skip("declares no game or def")
		}
		// The API.
		in := grundy.New(grundy.Config{Stdout: io.Discard, Stdin: strings.NewReader("")})
		in.Load(context.Background(), filepath.Base(file), src) // (a script reading ints() fails at run time: its code is compiled)
		if got := explainBlocks(in.Explain()); !slices.Equal(got, want) {
			t.Errorf("the Go API compiles\n%s\ngrundy run compiles\n%s", strings.Join(got, ""), strings.Join(want, ""))
		}
		// The piped REPL (a script reading ints() reads the rest of
		// the script: compare what it compiles before).
		if _, err := os.Stat(strings.TrimSuffix(file, ".game") + ".in"); err == nil {
			return
		}
		piped := runCLI(t, src+"\n:explain\n")
		out := runCLI(t, "", "run", p).stdout
		if !strings.HasPrefix(piped.stdout, out) {
			t.Fatalf("piped, the script prints\n%s\nnot what grundy run prints first:\n%s", piped.stdout, out)
		}
		got := explainBlocks(piped.stdout[len(out):])
		if !slices.Equal(got, want) {
			t.Errorf("the piped REPL compiles\n%s\ngrundy run compiles\n%s", strings.Join(got, ""), strings.Join(want, ""))
		}
	})
}
