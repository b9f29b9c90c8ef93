package lang_test

// Tests of the formatter: the layout rules on small cases, and on every
// script of the repository (and the benchmark workloads, when present)
// the properties that make it safe: the formatted text parses to the same
// tree, keeps every comment, and is its own formatting. FuzzFormat checks
// the same on arbitrary input:
//
//	go test -fuzz=FuzzFormat -fuzztime=3m ./lang/

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

func TestFormatLayout(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"spaces around binary operators, none after unary ones",
			"print 1+2*-3,*4  ,  not  true,x[ 1 :2 ],2**-1,a not in b,1<<3>>1&7|8^2\n",
			"print 1 + 2 * -3, *4, not true, x[1:2], 2 ** -1, a not in b, 1 << 3 >> 1 & 7 | 8 ^ 2\n"},
		{"brackets, literals and comprehensions",
			"let x=( 1, )\nlet y=[ 1,2, ]\nlet m={ 1:2 ,3:4, }\nlet s={1}\nlet e=[ ]\nlet z=( )\nlet c=[ a for a in y if a>1 ]\n",
			"let x = (1,)\nlet y = [1, 2]\nlet m = {1: 2, 3: 4}\nlet s = {1}\nlet e = []\nlet z = ()\nlet c = [a for a in y if a > 1]\n"},
		{"the user's parentheses stay",
			"print (1+2)*3, ((x)), (a) + (b*c), (f)(1), -(2 ** 2), (-2) ** 2, (a | b)\n",
			"print (1 + 2) * 3, ((x)), (a) + (b * c), (f)(1), -(2 ** 2), (-2) ** 2, (a | b)\n"},
		{"slices",
			"print s[:],s[1:],s[:n-1],s[i+1:j],s[max(i - 2, 0):i + 3],s[a:b]\n",
			"print s[:], s[1:], s[:n - 1], s[i + 1 : j], s[max(i - 2, 0) : i + 3], s[a:b]\n"},
		{"unary operators that would run together",
			"print - -1, * *2, -(-3), - -9223372036854775808, -9223372036854775808\n",
			"print - -1, * *2, -(-3), - -9223372036854775808, -9223372036854775808\n"},
		{"bitwise not",
			"print ~x,~ ~x,~-1,- ~x,~(a&b),x&~mask( 3 ),~x**2\n",
			"print ~x, ~~x, ~-1, -~x, ~(a & b), x & ~mask(3), ~x ** 2\n"},
		{"the smallest integer stays the whole operand of its minus",
			"print - 9223372036854775808, (-9223372036854775808) ** 0, (- 9223372036854775808)[0]\n",
			"print -9223372036854775808, (-9223372036854775808) ** 0, (-9223372036854775808)[0]\n"},
		{"strings and integers",
			"print \"a\\tb\\n\\\"c\\\"\\\\\", 007, \"é\"\n",
			"print \"a\\tb\\n\\\"c\\\"\\\\\", 7, \"é\"\n"},
		{"one alternative stays on the line of moves",
			"game  g( n )  moves  |  g(n-1)  for  s  in  S  if  s<=n\n",
			"game g(n) moves g(n - 1) for s in S if s <= n\n"},
		{"alternatives one a line",
			"game g(n) moves g(n-1) if n>0 | *0 | g(n-2)+g(n-3) for k in 1..2\n",
			"game g(n) moves\n    g(n - 1) if n > 0\n  | *0\n  | g(n - 2) + g(n - 3) for k in 1 .. 2\n"},
		{"a long alternative puts its clauses on lines of their own",
			"game treblecross(row) moves treblecross(update(row, i, \"X\")) for i in 0 .. len(row) - 1 if row[i] == \".\" and \"XXX\" not in row\n",
			"game treblecross(row) moves\n    treblecross(update(row, i, \"X\"))\n        for i in 0 .. len(row) - 1\n        if row[i] == \".\" and \"XXX\" not in row\n"},
		{"blank lines: one at most, none at the ends",
			"\n\n\nlet a = 1\n\n\n\nlet b = 2\nlet c = 3\n\n\n",
			"let a = 1\n\nlet b = 2\nlet c = 3\n"},
		{"for bodies indented by four",
			"for x in [1,2] {\nprint x\n\n\n  for y in [3] { print x+y }\n}\nfor z in [] {}\n",
			"for x in [1, 2] {\n    print x\n\n    for y in [3] {\n        print x + y\n    }\n}\nfor z in [] {}\n"},
		{"comments stay where they belong",
			"# head\n\n# about a\nlet a = 1   # one\n# between\nlet b = [1,  # first\n  2]\ngame g(n) moves   # the moves\n    # take one\n    g(n - 1) if n > 0   # one\n    # take two\n  | g(n - 2) if n > 1\nfor x in [] {  # loop\n    # inside\n}\n# tail\n",
			"# head\n\n# about a\nlet a = 1  # one\n# between\nlet b = [\n    1,  # first\n    2\n]\ngame g(n) moves  # the moves\n    # take one\n    g(n - 1) if n > 0  # one\n    # take two\n  | g(n - 2) if n > 1\nfor x in [] {  # loop\n    # inside\n}\n# tail\n"},
		{"a comment inside an expression breaks its line after the operator",
			"let x = a +  # why\n    b\n",
			"let x = a +  # why\n    b\n"},
		{"trailing comments of consecutive lines in a column",
			"let a = 1 # one\nlet bbb = 333         # three\n\nprint a # alone\nlet xs = [\n    1,   # one\n    22,   # two\n]\n",
			"let a = 1      # one\nlet bbb = 333  # three\n\nprint a  # alone\nlet xs = [\n    1,  # one\n    22  # two\n]\n"},
		{"a comment after the = of a let",
			"let x =  # why\n    a + b\nlet y =\n    # why\n    a + b\n",
			"let x =  # why\n    a + b\nlet y =\n    # why\n    a + b\n"},
		{"a comment before else",
			"def f(n) =\n    if n > 0 then 1\n    # otherwise\n    else 2\n",
			"def f(n) =\n    if n > 0 then 1\n    # otherwise\n    else 2\n"},
		{"a comment where no line may break moves to the end of the line",
			"print 0 % *  # c\n    0\n",
			"print 0 % *0  # c\n"},
		{"a long print breaks after its commas",
			"print \"largest value for n <= 1000:\", top, \"first at n =\", min([n for n in 1 .. 1000 if sg(split(n)) == top])\n",
			"print \"largest value for n <= 1000:\", top, \"first at n =\",\n    min([n for n in 1 .. 1000 if sg(split(n)) == top])\n"},
		{"a long chain breaks after its operators",
			"def below(r) = [0] + [1 << a for a in 0 .. r - 1] + [(1 << a) | (1 << b) for a in 0 .. r - 1 for b in 0 .. a - 1]\n",
			"def below(r) = [0] +\n    [1 << a for a in 0 .. r - 1] +\n    [(1 << a) | (1 << b) for a in 0 .. r - 1 for b in 0 .. a - 1]\n"},
		{"a long if: one branch a line",
			"def handrem(n) = if n % 5 == 0 then str(2 * (n / 5)) else if n % 5 == 1 or n % 5 == 4 then str(2 * (n / 5) + 1) else \"none\"\n",
			"def handrem(n) =\n    if n % 5 == 0 then str(2 * (n / 5))\n    else if n % 5 == 1 or n % 5 == 4 then str(2 * (n / 5) + 1)\n    else \"none\"\n"},
		{"sum of",
			"print sg(sum  of  a,b,c), sg(sum of *x for x in xs if x>0)\n",
			"print sg(sum of a, b, c), sg(sum of *x for x in xs if x > 0)\n"},
		{"a long list fills its lines",
			"let A = [" + strings.Repeat("10, ", 40) + "10]\n",
			"let A = [\n    " + strings.Repeat("10, ", 23) + "10,\n    " + strings.Repeat("10, ", 16) + "10\n]\n"},
		{"let of a tuple, table, assert",
			"let (a,b)=(1,2)\ntable  sg(g(n))  for n in 0..9\nassert a<b,\"msg\"\n",
			"let (a, b) = (1, 2)\ntable sg(g(n)) for n in 0 .. 9\nassert a < b, \"msg\"\n"},
		{"carriage returns", "let x = 1\r\nprint x  # c\r\n", "let x = 1\nprint x  # c\n"},
		{"only comments", "# a\n\n\n# b", "# a\n\n# b\n"},
		{"nothing", "\n\n", ""},
	}
	for _, c := range cases {
		got, err := lang.Format("f.game", c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: formatting\n%s\ngave\n%s\nwant\n%s", c.name, c.in, got, c.want)
		}
		checkFormatted(t, c.name, c.in, got)
	}
}

// Comments at the end of a block, and comments moved to the end of a line
// (where no line may break) before the block ends: they stay inside the
// block, in their order, and the formatting formats to itself (found by
// FuzzFormat and commentedVariants).
func TestFormatCommentsAtTheEndOfBlocks(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"a comment after the last line of a for body",
			"for x in [1] {\n    print x  # a\n    # b\n}\n",
			"for x in [1] {\n    print x  # a\n    # b\n}\n"},
		{"a comment moved to the end of the last line of a for body",
			"let xs = [1]\nfor x in [1] {\n    print xs\n    # own\n    [0]\n}\n",
			"let xs = [1]\nfor x in [1] {\n    print xs[0]\n    # own\n}\n"},
		{"two comments at the end of the last line of a for body",
			"for x in [1] {\n    print 0 % *  # c\n    0  # d\n}\n",
			"for x in [1] {\n    print 0 % *0  # c\n    # d\n}\n"},
		{"an empty for body with a comment after its {, in a for body",
			"for A in 0{for A in (){#\n}#\n}",
			"for A in 0 {\n    for A in () {  #\n    }              #\n}\n"},
		{"a comment after the last line of a def in a for body",
			"for x in [1] {\n    def f(n) = n  # f\n        # after f\n}\n",
			"for x in [1] {\n    def f(n) = n  # f\n    # after f\n}\n"},
		{"a comment after the last alternative",
			"game g(n) moves\n    g(n - 1)\n  | g(n - 2)  # last\n    # after\nprint 1\n",
			"game g(n) moves\n    g(n - 1)\n  | g(n - 2)  # last\n# after\nprint 1\n"},
		{"a comment moved to the end of an alternative's last line",
			"game a() moves b  # a\n     # b\n    () | *0\n",
			"game a() moves\n    b()  # a\n    # b\n  | *0\n"},
		{"a trailing comment after comments moved to the end of its line",
			"let xs = [1, 2]\nprint xs\n# own\n    [5] # c\n# own2\n",
			"let xs = [1, 2]\nprint xs[5]\n# own\n# c\n# own2\n"},
		{"a comment moved to after the = of a def whose body is a long if",
			"def  # t\n    f(w) = if w == 1 and w == 2 then \"LOSE\" else if w == 3 or w == 4 then \"WIN\" else if w == 5 then \"WIN\" else \"LOSE\"\n",
			"def f(w) =  # t\n    if w == 1 and w == 2 then \"LOSE\"\n    else if w == 3 or w == 4 then \"WIN\"\n    else if w == 5 then \"WIN\"\n    else \"LOSE\"\n"},
		{"comments before the if of a def",
			"def answer(w,\n# own\n     h) =\n    if w == 1 then \"L\"\n    else \"W\"\n",
			"def answer(w, h) =\n    # own\n    if w == 1 then \"L\" else \"W\"\n"},
		{"comments before a long if of a def",
			"def f(w) =\n    # own\n    if w == 1 and w == 2 then \"LOSE\" else if w == 3 or w == 4 then \"WIN\" else if w == 5 then \"WIN\" else \"LOSE\"\n",
			"def f(w) =\n    # own\n    if w == 1 and w == 2 then \"LOSE\"\n    else if w == 3 or w == 4 then \"WIN\"\n    else if w == 5 then \"WIN\"\n    else \"LOSE\"\n"},
	}
	for _, c := range cases {
		got, err := lang.Format("f.game", c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: formatting\n%s\ngave\n%s\nwant\n%s", c.name, c.in, got, c.want)
		}
		checkFormatted(t, c.name, c.in, got)
	}
}

// FormatCheck calls its Check all along (the parse, the printer, the
// layout and the parse of the result), at positions of the source, and
// stops at its error, whichever call returns it.
func TestFormatCheck(t *testing.T) {
	src := strings.Repeat("let x = [1,  2, # two\n  3] +  [4]\nfor y in x {print y+1}\n", 500)
	want, err := lang.Format("f.game", src)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	got, err := lang.FormatCheck("f.game", src, func(pos lang.Pos, need int64) error {
		calls++
		if pos.Filename != "f.game" || pos.Offset < 0 || pos.Offset > len(src) || need < 0 {
			t.Fatalf("check at %v (offset %d), need %d", pos, pos.Offset, need)
		}
		return nil
	})
	if err != nil || got != want {
		t.Fatalf("FormatCheck with a check that passes: %v", err)
	}
	// (Some in each of the five steps.)
	if calls < 15 {
		t.Fatalf("only %d checks", calls)
	}
	stop := errors.New("stop")
	// (The fast suite stops at every other check, the first and the
	// last among them.)
	var ks []int
	for k := 1; k <= calls; k++ {
		ks = append(ks, k)
	}
	for _, k := range testenv.Sample(ks, (calls+1)/2) {
		n := 0
		out, err := lang.FormatCheck("f.game", src, func(lang.Pos, int64) error {
			if n++; n == k {
				return stop
			}
			return nil
		})
		if err != stop || out != "" {
			t.Fatalf("check %d of %d failed: FormatCheck returned %d bytes and %v", k, calls, len(out), err)
		}
	}
}

func TestFormatSyntaxError(t *testing.T) {
	_, err := lang.Format("f.game", "print 1\nprint (1 +\n")
	if err == nil || !strings.HasPrefix(err.Error(), "f.game:3:1: ") {
		t.Errorf("a syntax error gave %v, want one at f.game:3:1", err)
	}
}

// repoScripts returns the scripts of the repository and the benchmark
// workloads beside it, by name: the examples, the chunks of the eval
// script tests, the scripts of cmd/grundy's tests that parse, and the
// grundy blocks of spec.md.
func repoScripts(t *testing.T) map[string]string {
	root := ".."
	out := map[string]string{}
	add := func(pat string, chunks bool) int {
		return readFiles(t, filepath.Join(root, pat), func(f, text string) {
			if !chunks {
				out[f] = text
				return
			}
			for i, c := range splitChunks(text) {
				out[f+"#"+string(rune('0'+i%10))+strings.Repeat("'", i/10)] = c
			}
		})
	}
	if add("examples/*.game", false) == 0 {
		t.Fatal("no examples found")
	}
	add("internal/eval/testdata/*.game", true)
	add("cmd/grundy/testdata/*/*.game", false)
	add("cmd/grundy/testdata/*.game", false)
	if add("../shared/bench/workloads/*.game", false) == 0 {
		t.Log("the benchmark workloads (../shared/bench/workloads) are not here: skipped")
	}
	spec, err := os.ReadFile(filepath.Join(root, "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range grundyBlocks(string(spec)) {
		out["spec.md#"+strings.Repeat("'", i)] = b
	}
	return out
}

func TestFormatRepository(t *testing.T) {
	n := 0
	for name, src := range repoScripts(t) {
		if _, err := lang.ParseFile(name, src); err != nil {
			continue
		}
		out, err := lang.Format(name, src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkFormatted(t, name, src, out)
		n++
	}
	if n < 50 {
		t.Errorf("only %d scripts formatted", n)
	}
}

// checkFormatted checks out, the formatting of src: the same tree, the
// same comments, its own formatting, no trailing white space.
func checkFormatted(t *testing.T, name, src, out string) {
	t.Helper()
	f, err := lang.ParseFile(name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g, err := lang.ParseFile(name, out)
	if err != nil {
		t.Errorf("%s: the formatted text does not parse: %v\n%s", name, err, out)
		return
	}
	if lang.SExpr(f) != lang.SExpr(g) {
		t.Errorf("%s: the formatted text is another program:\n%s\n%s", name, lang.SExpr(f), lang.SExpr(g))
	}
	if !reflect.DeepEqual(commentTexts(t, src), commentTexts(t, out)) {
		t.Errorf("%s: comments changed:\n%q\n%q", name, commentTexts(t, src), commentTexts(t, out))
	}
	again, err := lang.Format(name, out)
	if err != nil || again != out {
		t.Errorf("%s: formatting is not idempotent (%v):\n%s\nthen\n%s", name, err, out, again)
	}
	for i, l := range strings.Split(out, "\n") {
		if strings.TrimRight(l, " \t") != l {
			t.Errorf("%s: line %d of the formatted text ends in white space: %q", name, i+1, l)
		}
	}
}

func commentTexts(t *testing.T, src string) []string {
	cs, err := lang.Comments("f.game", src)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

func FuzzFormat(f *testing.F) {
	// (The fast suite adds one of the commented variants of each seed,
	// turning with the seed: each kind of variant over four seeds.)
	for i, s := range fuzzSeeds(f, "..") {
		f.Add(s)
		for _, v := range testenv.Rotate(commentedVariants(s), 1, i) {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := lang.ParseFile("f.game", src); err != nil {
			return
		}
		out, err := lang.Format("f.game", src)
		if err != nil {
			t.Fatalf("Format failed on a script that parses: %v\n%q", err, src)
		}
		checkFormatted(t, "f.game", src, out)
	})
}

// commentedVariants returns src with comments added where blocks end: a
// trailing comment on every line (so after the last line of each game
// alternative, def body, for block and bracket), and a comment on a line
// of its own after every line, indented as that line, as the line after
// it, and at the start of the line. A variant that does not parse is
// skipped by the fuzz target.
func commentedVariants(src string) []string {
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	indentOf := func(l string) string { return l[:len(l)-len(strings.TrimLeft(l, " \t"))] }
	var trailing, own, next, col0 strings.Builder
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			trailing.WriteString(l + "  # t\n")
		} else {
			trailing.WriteString(l + "\n")
		}
		for _, b := range []*strings.Builder{&own, &next, &col0} {
			b.WriteString(l + "\n")
		}
		own.WriteString(indentOf(l) + "# own\n")
		if i+1 < len(lines) {
			next.WriteString(indentOf(lines[i+1]) + "# next\n")
		}
		col0.WriteString("# col0\n")
	}
	return []string{trailing.String(), own.String(), next.String(), col0.String()}
}
