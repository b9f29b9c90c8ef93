package main

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
)

// The three ways in (grundy run, the Go API and the REPL reading a pipe)
// go through one API, the root package, so a script must print the same,
// fail with the same error and compile to the same code (the same passes
// fired: the same speed) through each. TestParity runs every example and
// scripts with errors of each kind through the three and compares.

// parityErrors are scripts that fail: a runtime error inside a def called
// from a game's moves (a call trace), a failed assert, unknown names (a
// resolve error list), a syntax error, a limit. flags are grundy run's;
// limits the API's equivalent.
var parityErrors = []struct {
	name, src string
	flags     []string
	limits    grundy.Limits
}{
	{name: "trace.game", src: `def half(n) = 10 / (n - 3)
game h(n) moves h(n - s) for s in {1, 2} if s <= n
game w(n) moves w(half(n)) if n > 0
print sg(h(5)), half(2)
print sg(w(3))
print "not reached"
`},
	{name: "assert.game", src: `game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
def p(n) = outcome(sub(n)) == "P"
print [n for n in 0 .. 20 if p(n)]
assert p(8), "sub(8) is not a P-position"
print "not reached"
`},
	{name: "resolve.game", src: `game g(n) moves g(n - 1) if n > 0
print "runs nothing"
print sg(g(nope))
print sg(h(3))
`},
	{name: "syntax.game", src: `game g(n) moves g(n - 1) if n > 0
print sg(g(3)
print "runs nothing"
`},
	{name: "limit.game", src: `game g(n) moves g(n - 1) if n > 0
print len([x * x for x in 0 .. 100000])
print sg(g(10))
`, flags: []string{"--max-steps", "5000"}, limits: grundy.Limits{MaxSteps: 5000}},
}

// passesFired reads the passes that fired per declaration ("game g" ->
// "fastloops, stream") from --explain or :explain text.
func passesFired(text string) map[string]string {
	out := map[string]string{}
	decl := ""
	for _, line := range strings.Split(text, "\n") {
		if m := explainHeading.FindStringSubmatch(line); m != nil {
			decl = m[1]
		} else if p, ok := strings.CutPrefix(line, "  passes fired: "); ok && decl != "" {
			out[decl] = p
		}
	}
	return out
}

var explainHeading = regexp.MustCompile(`^((?:game|def) \S+) \(line \d+\):$`)

// apiPasses is passesFired of the Go API's structured explanations.
func apiPasses(in *grundy.Interpreter) map[string]string {
	out := map[string]string{}
	for _, x := range in.Explanations() {
		p := strings.Join(x.Passes, ", ")
		if p == "" {
			p = "none"
		}
		out[x.Kind+" "+x.Name] = p
	}
	return out
}

func TestParity(t *testing.T) {
	type script struct {
		name, src, input string
		fails            bool // a script of parityErrors
	}
	var scripts []script
	for _, f := range exampleFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		input, _ := os.ReadFile(strings.TrimSuffix(f, ".game") + ".in")
		scripts = append(scripts, script{name: "examples/" + filepath.Base(f), src: string(data), input: string(input)})
	}
	dir := t.TempDir()
	flags := map[string][]string{}
	limits := map[string]grundy.Limits{}
	for _, e := range parityErrors {
		scripts = append(scripts, script{name: e.name, src: e.src, fails: true})
		flags[e.name], limits[e.name] = e.flags, e.limits
	}
	for _, sc := range scripts {
		t.Run(sc.name, func(t *testing.T) {
			// The same path everywhere: the messages name it.
			p := filepath.Join(dir, filepath.Base(sc.name))
			if err := os.WriteFile(p, []byte(sc.src), 0o644); err != nil {
				t.Fatal(err)
			}

			// grundy run, without and with --explain (which it prints
			// to stderr before the error).
			ran := runCLI(t, sc.input, append(append([]string{"run"}, flags[sc.name]...), p)...)
			explained := runCLI(t, sc.input, append(append([]string{"run", "--explain"}, flags[sc.name]...), p)...)
			if explained.stdout != ran.stdout || explained.code != ran.code || !strings.HasSuffix(explained.stderr, ran.stderr) {
				t.Fatalf("--explain changes the run: %+v, without: %+v", explained, ran)
			}
			explain := strings.TrimSuffix(explained.stderr, ran.stderr)
			errText := ran.stderr
			if (ran.code != 0) != sc.fails {
				t.Fatalf("grundy run: exit status %d, stderr:\n%s", ran.code, ran.stderr)
			}

			// The Go API, as an embedding program uses it.
			var out bytes.Buffer
			cfg := grundy.Config{Stdout: &out, Limits: limits[sc.name]}
			if sc.input != "" {
				cfg.Stdin = strings.NewReader(sc.input)
			}
			in := grundy.New(cfg)
			err := in.Load(context.Background(), p, sc.src)
			if out.String() != ran.stdout {
				t.Errorf("the API prints\n%s\ngrundy run prints\n%s", out.String(), ran.stdout)
			}
			code := 0
			if err != nil {
				code = 1
				var e *grundy.Error
				if errors.As(err, &e) && e.Kind == grundy.SyntaxError {
					code = 2
				}
			}
			if code != ran.code {
				t.Errorf("the API's error %v stands for exit status %d, grundy run's is %d", err, code, ran.code)
			}
			// The API's limit errors name no command-line flag; the
			// messages are otherwise the same.
			want := errText
			for i := 0; i < len(flags[sc.name]); i += 2 {
				want = strings.Replace(want, " ("+flags[sc.name][i]+")", "", 1)
			}
			if err != nil && grundy.Explain(err) != want {
				t.Errorf("the API's error:\n%s\ngrundy run's:\n%s", grundy.Explain(err), errText)
			}
			if in.Explain() != explain {
				t.Errorf("the API compiles\n%s\ngrundy run compiles\n%s", in.Explain(), explain)
			}
			runPasses := passesFired(explain)
			if got := apiPasses(in); !maps.Equal(got, runPasses) {
				t.Errorf("passes fired through the API %v, through grundy run %v", got, runPasses)
			}

			// The REPL reading the script from a pipe (grundy < FILE),
			// then :explain. The script is its input, so ints() has
			// none: a script that reads some gets it as a list literal.
			src := sc.src
			if sc.input != "" {
				if strings.Count(src, "ints()") != 1 {
					t.Fatalf("reads its input with %d calls of ints(), not one", strings.Count(src, "ints()"))
				}
				src = strings.Replace(src, "ints()", "["+strings.Join(strings.Fields(sc.input), ", ")+"]", 1)
			}
			piped := runCLI(t, src+"\n:explain\n", flags[sc.name]...)
			var e *grundy.Error
			static := errors.As(err, &e) && (e.Kind == grundy.SyntaxError || e.Kind == grundy.ResolveError)
			if (piped.code != 0) != (ran.code != 0) {
				t.Errorf("piped: exit status %d, grundy run's %d", piped.code, ran.code)
			}
			{
				// What the script prints comes first. An entry that
				// fails does not stop the REPL (it reads the next), so
				// after a runtime error it prints more; and a file that
				// does not parse or resolve runs nothing, where the
				// REPL runs the entries before the faulty one. The
				// errors name <stdin> instead of the file.
				switch {
				case static:
					first, _, _ := strings.Cut(errText, "\n")
					first = strings.Replace(first, p, "<stdin>", 1)
					if !strings.Contains(piped.stderr, first+"\n") {
						t.Errorf("piped, the errors are\n%s\nnot grundy run's first\n%s", piped.stderr, first)
					}
				case !strings.HasPrefix(piped.stdout, ran.stdout):
					t.Errorf("piped, the script prints\n%s\nnot what grundy run prints first\n%s", piped.stdout, ran.stdout)
				case ran.code != 0 && !strings.HasPrefix(piped.stderr, strings.ReplaceAll(errText, p, "<stdin>")):
					t.Errorf("piped, the errors are\n%s\nnot grundy run's first\n%s", piped.stderr, errText)
				case ran.code == 0 && !slices.Equal(explainBlocks(piped.stdout[len(ran.stdout):]), explainBlocks(explain)):
					// (In the order the entries compiled the
					// declarations, not the file's.)
					t.Errorf("piped, :explain says\n%s\ngrundy run --explain\n%s", piped.stdout[len(ran.stdout):], explain)
				}
			}
			// (A file that does not parse or resolve compiles only
			// some of its declarations, or none; the REPL compiles
			// those of the entries that do.)
			got := passesFired(piped.stdout)
			for _, d := range slices.Sorted(maps.Keys(got)) {
				if run, ok := runPasses[d]; ok && run != got[d] || !ok && !static {
					t.Errorf("%s: passes fired through the piped REPL %q, through grundy run %q", d, got[d], run)
				}
			}
			for _, d := range slices.Sorted(maps.Keys(runPasses)) {
				if _, ok := got[d]; !ok {
					t.Errorf("%s: compiled by grundy run (passes fired %q), not by the piped REPL", d, runPasses[d])
				}
			}
		})
	}
}
