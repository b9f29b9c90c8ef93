package eval_test

// Script tests in the style of starlark-go: each testdata/*.game file is
// split into chunks by lines "---"; each chunk runs in a fresh Session.
//
// Directives (comments of the language, so a chunk is still a script):
//
//	### "REGEXP"   the chunk must fail with an error whose text
//	               (err.Error(), e.g. `t.game:3:9: division by zero`)
//	               matches REGEXP (Go syntax, taken verbatim between the
//	               first and the last double quote); it may end a line of
//	               code or stand on its own line
//	#= TEXT        one line of the exact expected standard output, in
//	               order; a chunk without #= lines must print nothing
//	#< TEXT        one line of standard input (for ints()); without any,
//	               the chunk has no standard input
//	#! long        a slow chunk: it runs only in the long suite
//	               (GRUNDY_LONG_TESTS=1, package internal/testenv), here
//	               and in the differential tests
//
// Each chunk is a script of its own: positions in errors count lines from
// the chunk's first line (the line after "---"), so a chunk can be read,
// moved and edited without renumbering the rest of the file.

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/lang"
)

type scriptChunk struct {
	name    string // file name the session sees
	line    int    // first line of the chunk in the file
	src     string // padded source
	wantErr *regexp.Regexp
	errText string
	out     []string
	hasOut  bool
	stdin   []string
	hasIn   bool
	long    bool // #! long: only in the long suite
}

var scriptErrDirective = regexp.MustCompile(`###\s*"(.*)"\s*$`)

func splitScriptChunks(t *testing.T, name, data string) []scriptChunk {
	lines := strings.Split(data, "\n")
	var chunks []scriptChunk
	start := 0
	flush := func(end int) {
		c := scriptChunk{name: name, line: start + 1}
		var b strings.Builder
		for i := start; i < end; i++ {
			l := lines[i]
			b.WriteString(l)
			if i < end-1 {
				b.WriteByte('\n')
			}
			trimmed := strings.TrimSpace(l)
			if m := scriptErrDirective.FindStringSubmatch(l); m != nil {
				if c.wantErr != nil {
					t.Fatalf("%s:%d: two ### directives in one chunk", name, i+1)
				}
				re, err := regexp.Compile(m[1])
				if err != nil {
					t.Fatalf("%s:%d: bad regexp: %v", name, i+1, err)
				}
				c.wantErr, c.errText = re, m[1]
			}
			switch {
			case trimmed == "#=":
				c.out, c.hasOut = append(c.out, ""), true
			case strings.HasPrefix(trimmed, "#= "):
				c.out, c.hasOut = append(c.out, strings.TrimPrefix(trimmed, "#= ")), true
			case trimmed == "#<":
				c.stdin, c.hasIn = append(c.stdin, ""), true
			case strings.HasPrefix(trimmed, "#< "):
				c.stdin, c.hasIn = append(c.stdin, strings.TrimPrefix(trimmed, "#< ")), true
			case trimmed == "#! long" || strings.HasPrefix(trimmed, "#! long "):
				c.long = true
			}
		}
		c.src = b.String()
		chunks = append(chunks, c)
	}
	for i, l := range lines {
		if strings.TrimRight(l, "\r") == "---" {
			flush(i)
			start = i + 1
		}
	}
	flush(len(lines))
	return chunks
}

func TestScripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "*.game"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.game files")
	}
	total, skipped := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".game"), func(t *testing.T) {
			for _, c := range splitScriptChunks(t, name, string(data)) {
				if strings.TrimSpace(strings.ReplaceAll(c.src, "\n", "")) == "" {
					continue
				}
				if c.long && !testenv.IsLong() {
					skipped++
					continue
				}
				total++
				runScriptChunk(t, c)
			}
		})
	}
	t.Logf("%d chunks in %d files", total, len(files))
	if skipped > 0 {
		t.Logf("%d chunks marked #! long skipped: run them with %s=1", skipped, testenv.Var)
	}
}

func runScriptChunk(t *testing.T, c scriptChunk) {
	t.Helper()
	var out bytes.Buffer
	opts := eval.Options{Stdout: &out}
	if c.hasIn {
		opts.Stdin = strings.NewReader(strings.Join(c.stdin, "\n") + "\n")
	}
	s := eval.NewSession(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	err := s.ExecFile(ctx, c.name, c.src)
	where := c.name + ":" + strconv.Itoa(c.line)
	switch {
	case c.wantErr == nil && err != nil:
		t.Errorf("%s: chunk failed: %v", where, err)
	case c.wantErr != nil && err == nil:
		t.Errorf("%s: chunk succeeded, want an error matching %q", where, c.errText)
	case c.wantErr != nil && !c.wantErr.MatchString(err.Error()):
		t.Errorf("%s: error\n%s\ndoes not match %q", where, err, c.errText)
	}
	if err != nil {
		// Errors are positioned, typed, and never carry a Go stack trace.
		var se *lang.Error
		var sl lang.ErrorList
		var re *value.RuntimeError
		if !errors.As(err, &se) && !errors.As(err, &sl) && !errors.As(err, &re) {
			t.Errorf("%s: error %v has type %T", where, err, err)
		}
		if !strings.HasPrefix(err.Error(), c.name+":") {
			t.Errorf("%s: error %q does not start with %q", where, err, c.name+":")
		}
		if strings.Contains(err.Error(), "goroutine ") || strings.Contains(err.Error(), "internal error") {
			t.Errorf("%s: internal error: %v", where, err)
		}
	}
	want := ""
	if c.hasOut {
		want = strings.Join(c.out, "\n") + "\n"
	}
	if got := out.String(); got != want {
		t.Errorf("%s: stdout\n%s\nwant\n%s", where, scriptIndent(got), scriptIndent(want))
	}
}

func scriptIndent(s string) string {
	if s == "" {
		return "    (nothing)"
	}
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ")
}

// TestChunkSplitting checks the runner itself: a broken runner would let
// every script pass.
func TestChunkSplitting(t *testing.T) {
	cs := splitScriptChunks(t, "x.game", "print 1\n#= 1\n---\nprint 1 / 0 ### \"x.game:4:9: division\"\n---\n#< 5\nprint ints()\n#= [5]")
	if len(cs) != 3 {
		t.Fatalf("got %d chunks, want 3", len(cs))
	}
	if !cs[0].hasOut || len(cs[0].out) != 1 || cs[0].out[0] != "1" || cs[0].wantErr != nil {
		t.Errorf("chunk 1: %+v", cs[0])
	}
	if cs[1].wantErr == nil || cs[1].errText != "x.game:4:9: division" || cs[1].hasOut {
		t.Errorf("chunk 2: %+v", cs[1])
	}
	if cs[1].src != "print 1 / 0 ### \"x.game:4:9: division\"" {
		t.Errorf("chunk 2 source %q", cs[1].src)
	}
	if !cs[2].hasIn || cs[2].stdin[0] != "5" {
		t.Errorf("chunk 3: %+v", cs[2])
	}
	for i, c := range cs {
		if c.long {
			t.Errorf("chunk %d is long", i+1)
		}
	}
	if ls := splitScriptChunks(t, "x.game", "#! long (slow)\nprint 1\n---\n#! longer\nprint 1"); len(ls) != 2 || !ls[0].long || ls[1].long {
		t.Errorf("#! long: %+v", ls)
	}
	s := eval.NewSession(eval.Options{})
	err := s.ExecFile(context.Background(), "x.game", cs[1].src)
	if err == nil || err.Error() != "x.game:1:9: division by zero" {
		t.Errorf("chunk 2: error %v, want x.game:1:9: division by zero", err)
	}
}

// TestStatesCountedOnce: a position reached by several paths is one node
// of the state graph (positions are identified by the structural value of
// their arguments).
func TestStatesCountedOnce(t *testing.T) {
	for _, c := range []struct {
		src    string
		states int64
	}{
		// Multisets of 1s and 2s of size at most 3, as sorted lists: 1 + 2 + 3 + 4.
		{"game h(xs) moves h(sorted(xs + [k])) for k in [2, 1] if len(xs) < 3\nprint sg(h([]))", 10},
		// The same with sets of 1..4: all 16 subsets.
		{"game s(xs) moves s(set(sorted(xs) + [k])) for k in 1 .. 4 if not (k in xs)\nprint sg(s(set()))", 16},
		// Cutting game from 6 x 6: widths and heights in {2, 3, 4, 6}.
		{"game cut(w, h) moves\n cut(i, h) + cut(w - i, h) for i in 2 .. w - 2\n | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2\nprint sg(cut(6, 6))", 16},
		// Tuples built two ways.
		{"game t(p) moves t((p[0] - 1, p[1])) for i in [0] if p[0] > 0 | t(tuple2(p[0] - 1, p[1])) for i in [0] if p[0] > 0\ndef tuple2(a, b) = (a, b)\nprint sg(t((5, \"x\")))", 6},
	} {
		// The query is asked twice: the second time computes nothing new.
		lines := strings.Split(c.src, "\n")
		src := c.src + "\n" + lines[len(lines)-1]
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out})
		if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if got := s.Stats().States; got != c.states {
			t.Errorf("%q: %d states visited, want %d", src, got, c.states)
		}
		if o := strings.Split(out.String(), "\n"); len(o) != 3 || o[0] != o[1] {
			t.Errorf("%q: printed %q", src, out.String())
		}
	}
}

// TestRuntimeErrorTrace: an error inside a def names the call sites,
// innermost first.
func TestRuntimeErrorTrace(t *testing.T) {
	src := "def f(n) = 1 / n\ndef g(n) = f(n - 1)\nprint g(5)\nprint g(1)"
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	err := s.ExecFile(context.Background(), "t.game", src)
	var re *value.RuntimeError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T), want a *eval.RuntimeError", err, err)
	}
	if got := re.Error(); got != "t.game:1:14: division by zero" {
		t.Errorf("error %q", got)
	}
	if got, want := strings.Join(re.Trace, "|"), "called from t.game:2:12|called from t.game:4:7"; got != want {
		t.Errorf("trace %q, want %q", got, want)
	}
	if out.String() != "0\n" {
		t.Errorf("stdout %q, want %q", out.String(), "0\n")
	}
}

// TestCheck: Check parses and resolves, reports every name error, and
// runs nothing.
func TestCheck(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	err := s.Check("t.game", "print 1\nprint 1 / 0\nprint foo\ndef f(a) = a\nprint f(1, 2)")
	var l lang.ErrorList
	if !errors.As(err, &l) {
		t.Fatalf("Check: error %v (%T), want a lang.ErrorList", err, err)
	}
	if got, want := err.Error(), "t.game:3:7: unknown name \"foo\"\nt.game:5:7: f takes 1 argument, but 2 were given"; got != want {
		t.Errorf("Check: %q, want %q", got, want)
	}
	if out.Len() != 0 {
		t.Errorf("Check printed %q", out.String())
	}
	if err := s.Check("t.game", "print 1 / 0"); err != nil {
		t.Errorf("Check of a script that fails only when run: %v", err)
	}
	if err := s.Check("t.game", "print (1"); err == nil || !strings.HasPrefix(err.Error(), "t.game:1:9: ") {
		t.Errorf("Check of a syntax error: %v", err)
	}
	if out.Len() != 0 {
		t.Errorf("Check printed %q", out.String())
	}
}

// TestStateLimit: a game with an infinite state graph ends in a clean
// error once the limit is reached.
func TestStateLimit(t *testing.T) {
	s := eval.NewSession(eval.Options{Limits: engine.Limits{MaxStates: 1000}})
	err := s.ExecFile(context.Background(), "t.game", "game g(n) moves g(n + 1)\nprint sg(g(0))")
	if err == nil || !strings.HasPrefix(err.Error(), "t.game:1:6: state limit reached: more than 1000 positions") {
		t.Errorf("error %v", err)
	}
}

// TestCancel: cancelling the context stops a long computation with a
// clean error (this is how the CLI handles Ctrl-C).
func TestCancel(t *testing.T) {
	for _, src := range []string{
		"for i in 1 .. 100000 { for j in 1 .. 100000 { let x = i * j } }",
		"def spin(s) = if len(s) == 60 then 0 else spin(s + \"a\") + spin(s + \"b\")\nprint spin(\"\")",
		"game g(n) moves g(n + 1)\nprint sg(g(0))",
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		done := make(chan error, 1)
		go func() {
			s := eval.NewSession(eval.Options{})
			done <- s.ExecFile(ctx, "t.game", src)
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "interrupted") {
				t.Errorf("%q: error %v, want an interruption", src, err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%q: still running 5s after its context was cancelled", src)
		}
		cancel()
	}
}
