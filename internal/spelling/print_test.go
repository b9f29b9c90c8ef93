package spelling

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// TestPrintTricky checks the printer on spellings where parentheses,
// `|` and `sum of` matter: each prints as shown and parses back to the
// same tree.
func TestPrintTricky(t *testing.T) {
	cases := []struct{ src, want string }{
		{"print (1 + 2) * 3, 1 + 2 * 3, 10 - (3 - 2), (10 - 3) - 2", "print (1 + 2) * 3, 1 + 2 * 3, 10 - (3 - 2), 10 - 3 - 2"},
		{"print -2 ** 2, (-2) ** 2, 2 ** 3 ** 2, (2 ** 3) ** 2, 2 ** -1", "print -2 ** 2, (-2) ** 2, 2 ** 3 ** 2, (2 ** 3) ** 2, 2 ** -1"},
		{"print - -1, -(-1), *(*1), 2 * *3, -9223372036854775808", "print -(-1), -(-1), *(*1), 2 * *3, -9223372036854775808"},
		{"print (sum of *1, *2), [sum of *1, *2], f(sum of *1, *2)", "print (sum of *1, *2), [(sum of *1, *2)], f((sum of *1, *2))"},
		{"print sg(sum of g(x) for x in xs), [sum of *1 for k in 1 .. 2], [(sum of *1 for k in 1 .. 2) for j in 1 .. 2]", "print sg(sum of g(x) for x in xs), [sum of *1 for k in 1 .. 2], [(sum of *1 for k in 1 .. 2) for j in 1 .. 2]"},
		{"game g(n) moves (sum of g(k) for k in 0 .. n - 1) for j in [1] if n > 0 | *1", "game g(n) moves\n    (sum of g(k) for k in 0 .. n - 1) for j in [1] if n > 0\n  | *1"},
		{"let x = sum of *1, *2\nlet y = sum of g(k) for k in xs\ndef f(n) = sum of *n for k in 1 .. 2", "let x = sum of *1, *2\nlet y = sum of g(k) for k in xs\ndef f(n) = sum of *n for k in 1 .. 2"},
		{"print (sum of *k for k in 1 .. 3) + *1", "print (sum of *k for k in 1 .. 3) + *1"},
		{"print not a and b, not (a and b), x == (not y), (not a) == b", "print not a and b, not (a and b), x == (not y), (not a) == b"},
		{"print (a < b) == c, (1 .. 2) == x, 1 + (if c then 1 else 2), (if c then 1 else 2) + 1", "print (a < b) == c, 1 .. 2 == x, 1 + (if c then 1 else 2), (if c then 1 else 2) + 1"},
		{"game g(s) moves g(s | {1}) for x in (A | B) | g(s - {2}) if (s | t) == s", "game g(s) moves\n    g(s | {1}) for x in (A | B)\n  | g(s - {2}) if (s | t) == s"},
		{"print (1,), (), (1), {}, {1: 2}, {1}, \"a\\\"b\\n\"", "print (1,), (), 1, {}, {1: 2}, {1}, \"a\\\"b\\n\""},
		{"print f(x)(y), (f + g)(x), xs[1:], xs[:2], xs[:], (a + b)[0]", "print f(x)(y), (f + g)(x), xs[1:], xs[:2], xs[:], (a + b)[0]"},
		{"print x not in s, not x in s, (x in s) == true", "print x not in s, not x in s, (x in s) == true"},
	}
	for _, c := range cases {
		f, err := lang.ParseFile("t.game", c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		text, err := printed(f)
		if err != nil {
			t.Errorf("%s: %v\n%s", c.src, err, text)
		}
		if got := strings.TrimSuffix(text, "\n"); got != c.want {
			t.Errorf("%s prints\n%s\nwant\n%s", c.src, got, c.want)
		}
	}
}

var grundyBlock = regexp.MustCompile("(?s)```grundy[^\n]*\n(.*?)```")

// TestPrintRoundTrip prints every script of the corpus and every grundy
// block of spec.md that parses, and parses the text back: the same tree.
func TestPrintRoundTrip(t *testing.T) {
	var srcs []string
	for _, s := range corpus(t) {
		srcs = append(srcs, s.src)
	}
	spec, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range grundyBlock.FindAllStringSubmatch(string(spec), -1) {
		srcs = append(srcs, m[1])
	}
	files, _ := filepath.Glob("../eval/testdata/*.game")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(src))
	}
	n := 0
	for _, src := range srcs {
		f, err := lang.ParseFile("t.game", src)
		if err != nil {
			continue // a block that shows a syntax error
		}
		n++
		if text, err := printed(f); err != nil {
			t.Errorf("%v\n%s", err, text)
		}
	}
	if n < 100 {
		t.Errorf("only %d scripts parsed", n)
	}
}

// TestPrecedenceLevels: the printer's levels are lang's, each operator
// at its own.
func TestPrecedenceLevels(t *testing.T) {
	for op, want := range map[lang.Op]int{lang.OpOr: pOr, lang.OpAnd: pAnd, lang.OpLt: pCmp, lang.OpNotIn: pCmp, lang.OpRange: pRange,
		lang.OpBitOr: pBitOr, lang.OpXor: pXor, lang.OpBitAnd: pBitAnd, lang.OpShr: pShift, lang.OpSub: pAdd, lang.OpMod: pMul, lang.OpPow: pPow} {
		if got := binPrec(op); got != want {
			t.Errorf("%s: level %d, want %d", op, got, want)
		}
	}
}
