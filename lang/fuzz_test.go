package lang_test

// FuzzParse feeds arbitrary text to the parser. Run it with
//
//	go test -fuzz=FuzzParse -fuzztime=3m ./lang/
//
// Without -fuzz, `go test` runs the seeds below and the corpus in
// testdata/fuzz/FuzzParse (inputs that once failed).

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// fuzzSeeds returns the scripts the fuzz targets start from: the examples,
// the chunks of the eval script tests, the grundy blocks of spec.md and a
// few hostile inputs. root is the module's root directory.
func fuzzSeeds(t testing.TB, root string) []string {
	var seeds []string
	for _, pat := range []string{"examples/*.game", "internal/eval/testdata/*.game"} {
		readFiles(t, filepath.Join(root, pat), func(_, text string) {
			seeds = append(seeds, splitChunks(text)...)
		})
	}
	if spec, err := os.ReadFile(filepath.Join(root, "spec.md")); err == nil {
		seeds = append(seeds, grundyBlocks(string(spec))...)
	} else {
		t.Fatal(err)
	}
	return append(seeds, hostileSeeds...)
}

// readFiles calls f with the name and the text of each file that
// matches the glob pattern, and returns how many there were.
func readFiles(t testing.TB, pattern string, f func(name, text string)) int {
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f(name, string(data))
	}
	return len(files)
}

// splitChunks splits a file on lines that are exactly "---".
func splitChunks(data string) []string {
	var out []string
	var cur []string
	for _, l := range strings.Split(data, "\n") {
		if strings.TrimRight(l, "\r") == "---" {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	return append(out, strings.Join(cur, "\n"))
}

// grundyBlocks returns the bodies of the fenced blocks of markdown text
// whose info string starts with "grundy".
func grundyBlocks(text string) []string {
	var out []string
	var body strings.Builder
	in, keep := false, false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case !in && strings.HasPrefix(l, "```"):
			in, keep = true, strings.HasPrefix(strings.TrimLeft(l, "`"), "grundy")
			body.Reset()
		case in && strings.TrimRight(l, " ") == "```":
			in = false
			if keep {
				out = append(out, body.String())
			}
		case in:
			body.WriteString(l)
			body.WriteByte('\n')
		}
	}
	return out
}

var hostileSeeds = []string{
	"",
	"\x00",
	"print 1\x00",
	"print \"a\x00b\"",
	"\xff\xfe\xfd",
	"print \"\xc3\"",
	"# \xff comment\nprint 1",
	"let x = 1\r\nprint x +\r\n",
	"print\t\t1 +",
	"print \"é\" +",
	"let größe = 1 print größe +",
	"print " + strings.Repeat("(", 250) + "1" + strings.Repeat(")", 250),
	"print " + strings.Repeat("[", 199) + strings.Repeat("]", 199),
	"print " + strings.Repeat("-", 900) + "1",
	"print " + strings.Repeat("not ", 900) + "true",
	"print " + strings.Repeat("* ", 900) + "1",
	"print 2 ** 3 ** -1, 1 << 3 >> 1 & 7 | 8 ^ 2, s[1:2], s[:], x not in y, sum(xs)",
	"game g(n) moves g(n & (n - 1)) | g({n} | {1}) for x in (A | B)\nlet (a, b) = (1, 2)",
	"print " + strings.Repeat("1 + ", 2000) + "1",
	"print " + strings.Repeat("if true then ", 500) + "1" + strings.Repeat(" else 2", 500),
	"print " + strings.Repeat("sum of ", 900) + "*1",
	"print 99999999999999999999999999999999999999999999",
	"print -9223372036854775808, 9223372036854775808",
	"print - 9223372036854775808, (-9223372036854775808) ** 0, -9223372036854775808 ** 0, ~~x, -~x & ~mask(3)",
	"print " + strings.Repeat("9", 5000),
	"print \"" + strings.Repeat("x", 5000) + "\"",
	"game g(n) moves | g(n - 1) for k in 1 .. n if k | *k",
	"game g(",
	"for (a, b) in [(1, 2)] { print a",
	"print {1: 2, 3}",
	"print [x for x in]",
	"print 1 < 2 < 3",
	"print 1 .. 2 .. 3",
	"def f(a, a) = a",
	"print \"\\q\"",
	"print 12abc",
	"print 1 & 2 ; 3 ! 4 'x'",
	"print \u2028 1",
}

// posPrefix matches the position that starts every error message.
var posPrefix = regexp.MustCompile(`^f\.game:(\d+):(\d+): `)

// checkSyntaxError checks that err is a positioned *lang.Error (or a list
// of them) inside src.
func checkSyntaxError(t *testing.T, src string, err error) {
	t.Helper()
	var list lang.ErrorList
	var one *lang.Error
	var errs []*lang.Error
	switch {
	case errors.As(err, &list):
		if len(list) == 0 {
			t.Fatalf("empty ErrorList for %q", src)
		}
		errs = list
	case errors.As(err, &one):
		errs = []*lang.Error{one}
	default:
		t.Fatalf("error of type %T, not *lang.Error: %v (input %q)", err, err, src)
	}
	lines := strings.Split(src, "\n")
	for _, e := range errs {
		msg := e.Error()
		m := posPrefix.FindStringSubmatch(msg)
		if m == nil {
			t.Fatalf("error %q does not start with f.game:LINE:COL: (input %q)", msg, src)
		}
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if line != e.Pos.Line || col != e.Pos.Column {
			t.Fatalf("error %q: text and Pos (%d:%d) disagree", msg, e.Pos.Line, e.Pos.Column)
		}
		if line < 1 || line > len(lines)+1 || col < 1 {
			t.Fatalf("error %q: position %d:%d outside the input (%d lines): %q", msg, line, col, len(lines), src)
		}
		if line <= len(lines) {
			if n := utf8.RuneCountInString(lines[line-1]); col > n+1 {
				t.Fatalf("error %q: column %d past the end of line %d (%d characters): %q", msg, col, line, n, src)
			}
		}
		if strings.TrimSpace(e.Msg) == "" {
			t.Fatalf("error %q has no message (input %q)", msg, src)
		}
		if strings.ContainsAny(e.Msg, "\n") {
			t.Fatalf("error message %q spans several lines (input %q)", e.Msg, src)
		}
		for _, bad := range []string{"panic", "goroutine", "internal error", "runtime error"} {
			if strings.Contains(e.Msg, bad) {
				t.Fatalf("error message %q mentions %q (input %q)", e.Msg, bad, src)
			}
		}
		_ = lang.Snippet(src, e.Pos)
	}
	_ = lang.Incomplete(err)
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f, "..") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, parse := range []func(string, string) (*lang.File, error){lang.ParseFile, lang.ParseEntry} {
			file, err := parse("f.game", src)
			if err != nil {
				if file != nil {
					t.Fatalf("both a tree and an error %v for %q", err, src)
				}
				checkSyntaxError(t, src, err)
				continue
			}
			if file == nil {
				t.Fatalf("neither a tree nor an error for %q", src)
			}
			_ = lang.SExpr(file)
		}
	})
}
