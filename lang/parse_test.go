package lang_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// sexprCase is a text and the S-expression of its parse.
type sexprCase struct{ src, want string }

// checkParses parses the text of each case with parse (its name in
// messages; filename the text's file name) and compares the
// S-expression of the result with the case's.
func checkParses[N any](t *testing.T, name string, parse func(filename, src string) (N, error), filename string, cases []sexprCase) {
	t.Helper()
	for _, c := range cases {
		n, err := parse(filename, c.src)
		if err != nil {
			t.Errorf("%s(%q): unexpected error %v", name, c.src, err)
			continue
		}
		if got := lang.SExpr(n); got != c.want {
			t.Errorf("%s(%q)\n got: %s\nwant: %s", name, c.src, got, c.want)
		}
	}
}

// parseCases maps a script to the S-expression of its parse. Each case
// pins one statement form, expression form or precedence decision.
var parseCases = []sexprCase{
	// Statements.
	{`let x = 1`, `(let x 1)`},
	{`let moves = 1`, `(let moves 1)`}, // moves is not reserved
	{`let x = [` + "\n1,\n2\n" + `]`, `(let x (list 1 2))`},
	{`def f(a, b) = a + b`, `(def f (a b) (+ a b))`},
	{`def z() = 1`, `(def z () 1)`},
	{`game g() moves *0`, `(game g () (alt (nimber 0)))`},
	{`game g(n) moves g(n - 1) for k in 1 .. n if k <= n`,
		`(game g (n) (alt (call g (- n 1)) (for k (.. 1 n)) (if (<= k n))))`},
	{`game g(n) moves g(n) for x in xs for y in ys`,
		`(game g (n) (alt (call g n) (for x xs) (for y ys)))`},
	{`game g(n) moves | g(1) | g(2)`, `(game g (n) (alt (call g 1)) (alt (call g 2)))`},
	{`game g(n) moves | g(1)`, `(game g (n) (alt (call g 1)))`},
	{"game g(n) moves\n  | g(1)\n  | g(2)\nprint 1",
		"(game g (n) (alt (call g 1)) (alt (call g 2)))\n(print 1)"},
	{`game g(n) moves *0 + g(n)`, `(game g (n) (alt (+ (nimber 0) (call g n))))`},
	{`game g(n) moves sum of g(k) for k in xs`,
		`(game g (n) (alt (sum-comp (call g k) (for k xs))))`},
	{`game g(n) moves sum of g(k) for k in xs | *1`,
		`(game g (n) (alt (sum-comp (call g k) (for k xs))) (alt (nimber 1)))`},
	{`game g(n) moves sum of g(1), g(2) for k in xs`,
		`(game g (n) (alt (sum-of (call g 1) (call g 2)) (for k xs)))`},
	{"game cut(w, h) moves\n    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2\n  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2",
		`(game cut (w h) (alt (+ (call cut i h) (call cut (- w i) h)) (for i (.. 2 (- w 2)))) (alt (+ (call cut w j) (call cut w (- h j))) (for j (.. 2 (- h 2)))))`},
	// A `for ... {` after a game's last alternative starts a for statement.
	{"game g(n) moves g(n - 1) for i in 1 .. n\nfor x in xs { print x }",
		"(game g (n) (alt (call g (- n 1)) (for i (.. 1 n))))\n(for x xs (print x))"},
	{"game g(n) moves g(n - 1) for i in 1 .. n if i > 0\nfor (a, b) in xs { print a }",
		"(game g (n) (alt (call g (- n 1)) (for i (.. 1 n)) (if (> i 0))))\n(for (a b) xs (print a))"},
	{"game g(n) moves g(n) for x in xs\n  | g(1) for y in ys\nfor z in zs { print z }",
		"(game g (n) (alt (call g n) (for x xs)) (alt (call g 1) (for y ys)))\n(for z zs (print z))"},
	{"game g(n) moves g(n - 1) for k in xs\nfor x in {1, 2} { print x }",
		"(game g (n) (alt (call g (- n 1)) (for k xs)))\n(for x (set 1 2) (print x))"},
	{"game g(n) moves g(n - 1) for k in xs if k > 0\nfor x in {} { }",
		"(game g (n) (alt (call g (- n 1)) (for k xs) (if (> k 0))))\n(for x (map))"},
	{"print sum of g(k) for k in xs\nfor y in ys { print y }",
		"(print (sum-comp (call g k) (for k xs)))\n(for y ys (print y))"},
	{"let s = sum of a, b\nfor y in ys { }", "(let s (sum-of a b))\n(for y ys)"},
	{"game g(n) moves g(n - 1)\nfor x in xs { print x }",
		"(game g (n) (alt (call g (- n 1))))\n(for x xs (print x))"},
	{"game g(n) moves g(n - 1) for k in 1 .. n if k <= n game h() moves *0",
		"(game g (n) (alt (call g (- n 1)) (for k (.. 1 n)) (if (<= k n))))\n(game h () (alt (nimber 0)))"},
	{`print`, `(print)`},
	{`print 1, 2, "a"`, `(print 1 2 "a")`},
	{`print if a then b else c, d`, `(print (if a b c) d)`},
	{`assert x`, `(assert x)`},
	{`assert x, "msg"`, `(assert x "msg")`},
	{`for x in xs { print x }`, `(for x xs (print x))`},
	{`for (a, b) in xs { let y = a print y }`, `(for (a b) xs (let y a) (print y))`},
	{`for (a) in xs { }`, `(for (a) xs)`},
	{`for x in xs { }`, `(for x xs)`},
	{`for x in 1 .. 3 { for y in xs { print x, y } }`, `(for x (.. 1 3) (for y xs (print x y)))`},
	{`let x = y let z = w`, "(let x y)\n(let z w)"},
	{"# only a comment\n", ``},
	{``, ``},
	{"print 1 # trailing\nprint 2", "(print 1)\n(print 2)"},
	{"print 1\r\nprint 2\r\n", "(print 1)\n(print 2)"},

	// Literals.
	{`print 0, 42, 9223372036854775807`, `(print 0 42 9223372036854775807)`},
	{`print -9223372036854775808`, `(print -9223372036854775808)`},
	{`print - 9223372036854775808, (-9223372036854775808) ** 0, (-9223372036854775808)[0]`, `(print -9223372036854775808 (** -9223372036854775808 0) (index -9223372036854775808 0))`},
	{`print 2 ** -9223372036854775808, - -9223372036854775808, ~-9223372036854775808`, `(print (** 2 -9223372036854775808) (neg -9223372036854775808) (bitnot -9223372036854775808))`},

	// ~ is a prefix operator of the level of unary minus.
	{`print ~x, ~~x, -~x, ~-x, ~x * 3, ~x ** 2, ~x[0], ~f(1), 1 - ~2`, `(print (bitnot x) (bitnot (bitnot x)) (neg (bitnot x)) (bitnot (neg x)) (* (bitnot x) 3) (bitnot (** x 2)) (bitnot (index x 0)) (bitnot (call f 1)) (- 1 (bitnot 2)))`},
	{`print x & ~mask(3) | y`, `(print (| (& x (bitnot (call mask 3))) y))`},
	{`print "a\"b\\c\nd\te"`, `(print "a\"b\\c\nd\te")`},
	{`print ""`, `(print "")`},
	{`print "é∞"`, `(print "é∞")`},
	{`print true, false`, `(print true false)`},
	{`print é`, `(print é)`},
	{`print _x1`, `(print _x1)`},

	// Tuples, lists, sets, maps.
	{`print ()`, `(print (tuple))`},
	{`print (a)`, `(print a)`},
	{`print ((((((((((1))))))))))`, `(print 1)`},
	{`print (a,)`, `(print (tuple a))`},
	{`print (a, b)`, `(print (tuple a b))`},
	{`print (a, b,)`, `(print (tuple a b))`},
	{`print []`, `(print (list))`},
	{`print [a]`, `(print (list a))`},
	{`print [a,]`, `(print (list a))`},
	{`print [a, b]`, `(print (list a b))`},
	{`print {}`, `(print (map))`},
	{`print {a}`, `(print (set a))`},
	{`print {a, b}`, `(print (set a b))`},
	{`print {a: b}`, `(print (map a b))`},
	{`print {a: b, c: d}`, `(print (map a b c d))`},
	{`print {a: b,}`, `(print (map a b))`},
	{`print set()`, `(print (call set))`},
	{`print set([1])`, `(print (call set (list 1)))`},

	// Comprehensions.
	{`print [x for x in xs]`, `(print (list-comp x (for x xs)))`},
	{`print [x for x in xs if x > 1]`, `(print (list-comp x (for x xs) (if (> x 1))))`},
	{`print [(x, y) for x in xs for y in ys if x < y]`,
		`(print (list-comp (tuple x y) (for x xs) (for y ys) (if (< x y))))`},
	{`print [x for x in xs if a if b for y in x]`,
		`(print (list-comp x (for x xs) (if a) (if b) (for y x)))`},
	{`print [x for (a, b) in ps]`, `(print (list-comp x (for (a b) ps)))`},
	{`print {x for x in xs}`, `(print (set-comp x (for x xs)))`},
	{`print {x: y for (x, y) in ps}`, `(print (map-comp x y (for (x y) ps)))`},
	{`print {x: y for x in xs if x for y in ys}`, `(print (map-comp x y (for x xs) (if x) (for y ys)))`},
	{`print [if x then 1 else 2 for x in xs]`, `(print (list-comp (if x 1 2) (for x xs)))`},

	// sum of: greedy, lowest precedence.
	{`print sum of a, b, c`, `(print (sum-of a b c))`},
	{`print sum of a`, `(print (sum-of a))`},
	{`print sum of a, b + c, d`, `(print (sum-of a (+ b c) d))`},
	{`print 1, sum of a, b`, `(print 1 (sum-of a b))`},
	{`let y = sum of a, b`, `(let y (sum-of a b))`},
	{`print sum of g(k) for k in 1 .. 3`, `(print (sum-comp (call g k) (for k (.. 1 3))))`},
	{`print sum of g(k) for k in xs if k > 0 for j in ys`,
		`(print (sum-comp (call g k) (for k xs) (if (> k 0)) (for j ys)))`},
	{`print f(sum of a, b, c)`, `(print (call f (sum-of a b c)))`},
	{`print f(x, sum of a, b)`, `(print (call f x (sum-of a b)))`},
	{`print sg(sum of cut(4, 2), cut(3, 2), sub(10))`,
		`(print (call sg (sum-of (call cut 4 2) (call cut 3 2) (call sub 10))))`},
	{`print sg(sum of a, b), c`, `(print (call sg (sum-of a b)) c)`},
	{`print f(sum of a for x in xs, b)`, `(print (call f (sum-comp a (for x xs)) b))`},
	{`print [sum of a, b]`, `(print (list (sum-of a b)))`},
	{`print [sum of a for x in xs]`, `(print (list (sum-comp a (for x xs))))`},
	{`print x[sum of a, b]`, `(print (index x (sum-of a b)))`},
	{`print sum of if a then b else c`, `(print (sum-of (if a b c)))`},
	{`print sum of sum of a, b`, `(print (sum-of (sum-of a b)))`},

	// if-expressions.
	{`print if a then b else c`, `(print (if a b c))`},
	{`print if a then b else if c then d else e`, `(print (if a b (if c d e)))`},
	{`print if a then b else c + 1`, `(print (if a b (+ c 1)))`},
	{`print if a or b then c and d else not e`, `(print (if (or a b) (and c d) (not e)))`},
	{`print if a then sum of b, c else d`, `(print (if a (sum-of b c) d))`},

	// Boolean operators and not.
	{`print a or b and c`, `(print (or a (and b c)))`},
	{`print a and b or c`, `(print (or (and a b) c))`},
	{`print a or b or c`, `(print (or (or a b) c))`},
	{`print not a and b`, `(print (and (not a) b))`},
	{`print not a or b`, `(print (or (not a) b))`},
	{`print a and not b`, `(print (and a (not b)))`},
	{`print not a == b`, `(print (not (== a b)))`},
	{`print not a in b`, `(print (not (in a b)))`},
	{`print not a < b + 1`, `(print (not (< a (+ b 1))))`},
	{`print not not a`, `(print (not (not a)))`},

	// Comparisons.
	{`print a == b or c != d`, `(print (or (== a b) (!= c d)))`},
	{`print a < b and c <= d and e > f and g >= h and i in j`,
		`(print (and (and (and (and (< a b) (<= c d)) (> e f)) (>= g h)) (in i j)))`},
	{`print (a < b) < c`, `(print (< (< a b) c))`},
	{`print a < (b < c)`, `(print (< a (< b c)))`},
	{`print a + b == c - d`, `(print (== (+ a b) (- c d)))`},
	{`print x in 1 .. 3`, `(print (in x (.. 1 3)))`},
	{`print a .. b in c`, `(print (in (.. a b) c))`},

	// Range, xor, additive, multiplicative.
	{`print 1 .. 2 + 3`, `(print (.. 1 (+ 2 3)))`},
	{`print a ^ b .. c ^ d`, `(print (.. (^ a b) (^ c d)))`},
	{`print 1..2`, `(print (.. 1 2))`},
	{`print -2 .. -1`, `(print (.. (neg 2) (neg 1)))`},
	{`print a ^ b + c`, `(print (^ a (+ b c)))`},
	{`print a + b ^ c`, `(print (^ (+ a b) c))`},
	{`print a ^ b ^ c`, `(print (^ (^ a b) c))`},
	{`print 1 + 2 * 3 - 4 / 5 % 6`, `(print (- (+ 1 (* 2 3)) (% (/ 4 5) 6)))`},
	{`print 1 - 2 - 3`, `(print (- (- 1 2) 3))`},
	{`print a % b * c`, `(print (* (% a b) c))`},
	{`print a / b / c`, `(print (/ (/ a b) c))`},
	{`print (1 + 2) * 3`, `(print (* (+ 1 2) 3))`},

	// Unary minus, nimbers and multiplication.
	{`print -a * b`, `(print (* (neg a) b))`},
	{`print a * -b`, `(print (* a (neg b)))`},
	{`print - - a`, `(print (neg (neg a)))`},
	{`print a - -b`, `(print (- a (neg b)))`},
	{`print -x[0]`, `(print (neg (index x 0)))`},
	{`print -f(x)`, `(print (neg (call f x)))`},
	{`print *3`, `(print (nimber 3))`},
	{`print *0`, `(print (nimber 0))`},
	{`print *3 + *2`, `(print (+ (nimber 3) (nimber 2)))`},
	{`print 2 * *3`, `(print (* 2 (nimber 3)))`},
	{`print 2 * 3`, `(print (* 2 3))`},
	{`print 2 * *3`, `(print (* 2 (nimber 3)))`},
	{`print 2 **3`, `(print (** 2 3))`},
	{`print -2 ** 2`, `(print (neg (** 2 2)))`},
	{`print 2 ** 3 ** 2`, `(print (** 2 (** 3 2)))`},
	{`print 2 ** -1`, `(print (** 2 (neg 1)))`},
	{`print a[1] ** b(2)`, `(print (** (index a 1) (call b 2)))`},
	{`print 1 | 2 ^ 3 & 4 << 5 + 6`, `(print (| 1 (^ 2 (& 3 (<< 4 (+ 5 6))))))`},
	{`print a >> 1 & 1 == 1`, `(print (== (& (>> a 1) 1) 1))`},
	{`print 0 .. n | 1`, `(print (.. 0 (| n 1)))`},
	{`print x not in xs, not x in xs`, `(print (not-in x xs) (not (in x xs)))`},
	{`print x not in xs and y`, `(print (and (not-in x xs) y))`},
	{`print s[1:3], s[:2], s[1:], s[:], s[i][j:]`, `(print (slice s 1 3) (slice s nil 2) (slice s 1 nil) (slice s nil nil) (slice (index s i) j nil))`},
	{`print sum(xs) + 1, sum of *1, *2`, `(print (+ (call sum xs) 1) (sum-of (nimber 1) (nimber 2)))`},
	{`let (a, b) = (1, 2)`, `(let (a b) (tuple 1 2))`},
	{`game g(n) moves g(n - 1) | g(n & (n - 1)) | g(n >> 1) for k in S | T`, `(game g (n) (alt (call g (- n 1))) (alt (call g (& n (- n 1)))) (alt (call g (>> n 1)) (for k S)) (alt T))`},
	{`game g(s) moves g(s - {x}) for x in (A | B) | g(s | {1})`, `(game g (s) (alt (call g (- s (set x))) (for x (| A B))) (alt (call g (| s (set 1)))))`},
	{`game g(s) moves g([s | 1][0]) | g({s | 1})`, `(game g (s) (alt (call g (index (list (| s 1)) 0))) (alt (call g (set (| s 1)))))`},
	{`print *k * 2`, `(print (* (nimber k) 2))`},
	{`print *(k + 1)`, `(print (nimber (+ k 1)))`},
	{`print *k + 1`, `(print (+ (nimber k) 1))`},
	{`print * * 3`, `(print (nimber (nimber 3)))`},
	{`print *-1`, `(print (nimber (neg 1)))`},
	{`print *f(x)[0]`, `(print (nimber (index (call f x) 0)))`},
	{`print 3 * g(1) + *2`, `(print (+ (* 3 (call g 1)) (nimber 2)))`},

	// Calls and indexing.
	{`print f()`, `(print (call f))`},
	{`print f(x,)`, `(print (call f x))`},
	{`print f(x)(y)`, `(print (call (call f x) y))`},
	{`print f(x)[1][2]`, `(print (index (index (call f x) 1) 2))`},
	{`print [1, 2][0]`, `(print (index (list 1 2) 0))`},
	{`print "ab"[0]`, `(print (index "ab" 0))`},
	{`print {1: 2}[1]`, `(print (index (map 1 2) 1))`},
	{`print (1, 2)[0]`, `(print (index (tuple 1 2) 0))`},
	{`print moves(g(1))`, `(print (call moves (call g 1)))`},
	{`print xs[i + 1]`, `(print (index xs (+ i 1)))`},
}

func TestParse(t *testing.T) {
	checkParses(t, "ParseFile", lang.ParseFile, "t.game", parseCases)
}

// TestParseNesting: 200 levels of brackets is what the scanner allows
// (MaxNesting), so the expression parser must accept them too.
func TestParseNesting(t *testing.T) {
	for _, depth := range []int{50, 150, lang.MaxNesting} {
		src := "print " + strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth)
		f, err := lang.ParseFile("t.game", src)
		if err != nil {
			t.Errorf("%d nested parentheses: unexpected error %v", depth, err)
			continue
		}
		if got := lang.SExpr(f); got != "(print 1)" {
			t.Errorf("%d nested parentheses: got %s", depth, got)
		}
	}
	src := "print " + strings.Repeat("[", 150) + "1" + strings.Repeat("]", 150)
	if _, err := lang.ParseFile("t.game", src); err != nil {
		t.Errorf("150 nested lists: unexpected error %v", err)
	}
	// Long flat chains are not nesting.
	src = "print 1" + strings.Repeat(" + 1", 5000)
	if _, err := lang.ParseFile("t.game", src); err != nil {
		t.Errorf("5000 additions: unexpected error %v", err)
	}
	src = "print " + strings.Repeat("-", 60) + "1"
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatalf("60 minus signs: %v", err)
	}
	if got := lang.SExpr(f); got != "(print "+strings.Repeat("(neg ", 60)+"1"+strings.Repeat(")", 60)+")" {
		t.Errorf("60 minus signs: got %s", got)
	}
}

func TestParseEntry(t *testing.T) {
	checkParses(t, "ParseEntry", lang.ParseEntry, "<stdin>", []sexprCase{
		{`1 + 2`, `(expr (+ 1 2))`},
		{`sg(g(3))`, `(expr (call sg (call g 3)))`},
		{`x`, `(expr x)`},
		{`let x = 1`, `(let x 1)`},
		{"let x = 1\nx", "(let x 1)\n(expr x)"},
		{`sum of *1, *2`, `(expr (sum-of (nimber 1) (nimber 2)))`},
		{`*3`, `(expr (nimber 3))`},
		{`-1`, `(expr (neg 1))`},
		{`not true`, `(expr (not true))`},
		{`if a then b else c`, `(expr (if a b c))`},
		{`[1, 2]`, `(expr (list 1 2))`},
		{`(1, 2)`, `(expr (tuple 1 2))`},
		{`{}`, `(expr (map))`},
		{`print 1`, `(print 1)`},
	})
	// A bare expression is not a statement of a script.
	_, err := lang.ParseFile("t.game", "1 + 2")
	if err == nil || err.Error() != `t.game:1:1: expected a statement (let, def, game, print, assert or for), found "1"` {
		t.Errorf("ParseFile(\"1 + 2\"): got error %v", err)
	}
}

// TestParseExprPositions: ParseExpr's errors point at the statement that
// is not one expression, where it stands in the text (after blank lines
// and spaces).
func TestParseExprPositions(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"let x = 5", `e:1:1: expected an expression, not a statement`},
		{"\n\n  let x = 5", `e:3:3: expected an expression, not a statement`},
		{"\n   print 1", `e:2:4: expected an expression, not a statement`},
		{"\nsub(1) sub(2)", `e:2:8: expected one expression, found another after it`},
		{"\n  ", `e:1:1: expected one expression`},
	} {
		_, err := lang.ParseExpr("e", c.src)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseExpr(%q): %v, want %s", c.src, err, c.want)
		}
	}
}

// errorCases maps a script to its exact syntax error.
var errorCases = []struct {
	src, want string
}{
	// End of input.
	{`print 1 +`, `t.game:1:10: expected an expression after "+", found end of input`},
	{"print 1, 2\nprint 3 *\n", `t.game:3:1: expected an expression after "*", found end of input`},
	{`print (1, 2`, `t.game:1:12: expected "," or ")", found end of input`},
	{`print [1, 2`, `t.game:1:12: expected "," or "]", found end of input`},
	{`print {1: 2`, `t.game:1:12: expected "}", found end of input`},
	{`print f(`, `t.game:1:9: expected an argument or ")", found end of input`},
	{`print a[`, `t.game:1:9: expected an index or ":", found end of input`},
	{`print a[1:`, `t.game:1:11: expected the end of a slice or "]", found end of input`},
	{`print a[1 2]`, `t.game:1:11: expected "]" or ":", found "2"`},
	{`print a && b`, `t.game:1:9: unexpected "&&"; use "and" (or "&" alone for a bitwise or set operation)`},
	{`print a || b`, `t.game:1:9: unexpected "||"; use "or" (or "|" alone for a bitwise or set operation)`},
	{`print 2 **`, `t.game:1:11: expected an expression after "**", found end of input`},
	{"game g(n) moves g(n - 1), g(n - 2)", `t.game:1:25: alternatives are separated by "|", not ","; write "|" before the next alternative`},
	{"game g(n) moves g(n - 1) if n > 0 else g(0)", `t.game:1:35: an alternative has no "else": write the other case as another alternative after "|" (each with its own if), or use "if C then A else B" inside one`},
	{`let x =`, `t.game:1:8: expected an expression, found end of input`},
	{`def f(a) =`, `t.game:1:11: expected an expression, found end of input`},
	{`game g(n) moves`, `t.game:1:16: expected a move (a game expression), found end of input`},
	{`game g(n) moves *1 |`, `t.game:1:21: expected a move (a game expression), found end of input`},
	{`game g(n)`, `t.game:1:10: expected "moves", found end of input`},
	{`for x in xs {`, `t.game:1:14: expected "}", found end of input`},
	{`for x in xs { print x`, `t.game:1:22: expected "}", found end of input`},
	{`print if a`, `t.game:1:11: expected "then", found end of input`},
	{`print if a then`, `t.game:1:16: expected an expression after "then", found end of input`},
	{`print if a then b`, `t.game:1:18: expected "else" (an if-expression needs both branches), found end of input`},
	{`print if a then b else`, `t.game:1:23: expected an expression after "else", found end of input`},
	{`print sum of`, `t.game:1:13: expected a game after "sum of", found end of input`},
	{`print sum of a,`, `t.game:1:16: expected a game after ",", found end of input`},
	{`print *`, `t.game:1:8: expected an expression after "*", found end of input`},
	{`print -`, `t.game:1:8: expected an expression after "-", found end of input`},
	{`print not`, `t.game:1:10: expected an expression after "not", found end of input`},
	{`assert`, `t.game:1:7: expected an expression, found end of input`},
	{`assert x,`, `t.game:1:10: expected an expression, found end of input`},
	{`print sum of a, b for x in xs`, `t.game:1:30: expected "{", found end of input`},

	// Strings.
	{`print "abc`, `t.game:1:7: unterminated string: a string must end with '"' on the line where it starts`},
	{"print \"abc\nprint 1", `t.game:1:7: unterminated string: a string must end with '"' on the line where it starts`},
	{`print "abc\`, `t.game:1:7: unterminated string: a string must end with '"' on the line where it starts`},
	{`print "ab\q"`, `t.game:1:10: unknown escape sequence '\q' (known: \n \t \" \\)`},
	{`print "é\x"`, `t.game:1:9: unknown escape sequence '\x' (known: \n \t \" \\)`},

	// Stray characters and bad bytes.
	{`print $`, `t.game:1:7: unexpected character '$'`},
	{`print 1 @ 2`, `t.game:1:9: unexpected character '@'`},
	{`print ∞`, `t.game:1:7: unexpected character '∞'`},
	{`print "ééé" + ∞`, `t.game:1:15: unexpected character '∞'`},
	{`print ! x`, `t.game:1:7: unexpected character '!'; use 'not' for negation and '!=' for inequality`},
	{`print a; print b`, `t.game:1:8: unexpected character ';'; statements need no separator`},
	{`print 'a'`, `t.game:1:7: unexpected character "'"; strings use double quotes`},
	{"print a\x01", `t.game:1:8: unexpected character U+0001`},
	{"print \xff", `t.game:1:7: invalid UTF-8 byte 0xff`},
	{"print é\xff", `t.game:1:8: invalid UTF-8 byte 0xff`},
	{"# \xfe comment", `t.game:1:3: invalid UTF-8 in a comment`},
	{"print \"\xff\"", `t.game:1:8: invalid UTF-8 byte 0xff in a string`},
	{`print 1abc`, `t.game:1:8: a number must not run into a name ("a"); put a space or an operator between them`},

	// Chained comparisons and ranges.
	{`print 1 < 2 < 3`, `t.game:1:13: comparisons cannot be chained: put parentheses around one side of "<"`},
	{`print a <= b > c`, `t.game:1:14: comparisons cannot be chained: put parentheses around one side of ">"`},
	{`print a == b == c`, `t.game:1:14: comparisons cannot be chained: put parentheses around one side of "=="`},
	{`print a in b in c`, `t.game:1:14: comparisons cannot be chained: put parentheses around one side of "in"`},
	{`print a != b in c`, `t.game:1:14: comparisons cannot be chained: put parentheses around one side of "in"`},
	{`print 1 .. 2 .. 3`, `t.game:1:14: ranges cannot be chained: put parentheses around one side of ".."`},

	// Nesting.
	{"print " + strings.Repeat("(", 201) + "1" + strings.Repeat(")", 201),
		`t.game:1:207: brackets nested too deeply (more than 200 levels)`},
	{"print " + strings.Repeat("[", 201) + "1" + strings.Repeat("]", 201),
		`t.game:1:207: brackets nested too deeply (more than 200 levels)`},
	{"print " + strings.Repeat("{", 201) + "1" + strings.Repeat("}", 201),
		`t.game:1:207: brackets nested too deeply (more than 200 levels)`},
	{"print " + strings.Repeat("-", 1000) + "1", `t.game:1:806: expression nested too deeply (more than 800 levels)`},
	{"print " + strings.Repeat("* ", 1000) + "1", `t.game:1:1605: expression nested too deeply (more than 800 levels)`},
	{"print " + strings.Repeat("not ", 1000) + "x", `t.game:1:3207: expression nested too deeply (more than 800 levels)`},

	// Integer literals.
	{`print 99999999999999999999`, `t.game:1:7: integer literal 99999999999999999999 does not fit in 64 bits`},
	{`print 9223372036854775808`, `t.game:1:7: integer literal 9223372036854775808 does not fit in 64 bits`},
	{`print -9223372036854775809`, `t.game:1:8: integer literal 9223372036854775809 does not fit in 64 bits`},
	{`print 1 - 9223372036854775808`, `t.game:1:11: integer literal 9223372036854775808 does not fit in 64 bits`},
	// The literal is valid only as the whole operand of a unary minus:
	// -9223372036854775808 ** 0 is -(9223372036854775808 ** 0).
	{`print -9223372036854775808 ** 0`, `t.game:1:8: integer literal 9223372036854775808 does not fit in 64 bits (here it is the operand of "**", which binds tighter than the unary minus); write (-9223372036854775808) for the smallest integer`},
	{`print - 9223372036854775808 ** 0`, `t.game:1:9: integer literal 9223372036854775808 does not fit in 64 bits (here it is the operand of "**", which binds tighter than the unary minus); write (-9223372036854775808) for the smallest integer`},
	{`print -9223372036854775808[0]`, `t.game:1:8: integer literal 9223372036854775808 does not fit in 64 bits (here it is called or indexed, which binds tighter than the unary minus); write (-9223372036854775808) for the smallest integer`},
	{`print -(9223372036854775808)`, `t.game:1:9: integer literal 9223372036854775808 does not fit in 64 bits`},
	{`print ~`, `t.game:1:8: expected an expression after "~", found end of input`},
	{`print 1 ~ 2`, `t.game:1:9: expected a statement (let, def, game, print, assert or for), found "~"`},

	// Reserved words.
	{`let let = 1`, `t.game:1:5: expected a name, found keyword "let"`},
	{`let sum = 1`, `t.game:1:5: expected a name, found keyword "sum"`},
	{`def if(x) = x`, `t.game:1:5: expected a name, found keyword "if"`},
	{`game of(n) moves *0`, `t.game:1:6: expected a name, found keyword "of"`},
	{`for in in xs { }`, `t.game:1:5: expected a name, found keyword "in"`},
	{`for (a, if) in xs { }`, `t.game:1:9: expected a name, found keyword "if"`},
	{`print [x for in xs]`, `t.game:1:14: expected a name, found keyword "in"`},
	{`def f(x, print) = 1`, `t.game:1:10: expected a name, found keyword "print"`},
	{`game g(true) moves *0`, `t.game:1:8: expected a name, found keyword "true"`},

	// if-expressions.
	{`print if a then b c`, `t.game:1:19: expected "else" (an if-expression needs both branches), found name "c"`},
	{`print if a b else c`, `t.game:1:12: expected "then", found name "b"`},
	{`print if true 2 else 3`, `t.game:1:15: expected "then", found "2"`},
	{`print if then 1 else 2`, `t.game:1:10: expected a condition after "if", found keyword "then"`},

	// Other malformed statements and expressions.
	{`print 1 2`, `t.game:1:9: expected a statement (let, def, game, print, assert or for), found "2"`},
	{`let x = 1 2`, `t.game:1:11: expected a statement (let, def, game, print, assert or for), found "2"`},
	{`print )`, `t.game:1:7: expected a statement (let, def, game, print, assert or for), found ")"`},
	{`x = 1`, `t.game:1:1: expected a statement (let, def, game, print, assert or for), found name "x"`},
	{`print x y`, `t.game:1:9: expected a statement (let, def, game, print, assert or for), found name "y"`},
	{`assert a, b, c`, `t.game:1:12: expected a statement (let, def, game, print, assert or for), found ","`},
	{`print "a" "b"`, `t.game:1:11: expected a statement (let, def, game, print, assert or for), found "b"`},
	{`print {1, 2: 3}`, `t.game:1:12: expected "," or "}", found ":"`},
	{`print {1: 2, 3}`, `t.game:1:15: expected ":", found "}"`},
	{`print [x for x]`, `t.game:1:15: expected "in", found "]"`},
	{`print [x for x in]`, `t.game:1:18: expected an expression after "in", found "]"`},
	{`print [x if y]`, `t.game:1:10: expected "," or "]", found keyword "if" (a conditional expression is written if C then A else B)`},
	{`print a[]`, `t.game:1:9: expected an index or ":", found "]"`},
	{`print sum a`, `t.game:1:11: expected "of" after "sum", found name "a"`},
	{`game g(n) moves | | g(1)`, `t.game:1:19: expected a move (a game expression), found "|"`},
	{`game g moves *0`, `t.game:1:8: expected "(", found name "moves"`},
	{`def f = 1`, `t.game:1:7: expected "(", found "="`},
	{`def f(a b) = 1`, `t.game:1:9: expected ")", found name "b"`},
	{`for x xs { }`, `t.game:1:7: expected "in", found name "xs"`},
	{`for () in xs { }`, `t.game:1:6: expected a name, found ")"`},

	// Positions count characters, tabs as one, and lines after CRLF.
	{`print "ééé" 1`, `t.game:1:13: expected a statement (let, def, game, print, assert or for), found "1"`},
	{"print\t\t1 2", `t.game:1:10: expected a statement (let, def, game, print, assert or for), found "2"`},
	{"print 1\r\nprint 2 3", `t.game:2:9: expected a statement (let, def, game, print, assert or for), found "3"`},
	{"\n\n  let x = (1 +\n\n )", `t.game:5:2: expected an expression after "+", found ")"`},
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range errorCases {
		f, err := lang.ParseFile("t.game", c.src)
		if err == nil {
			t.Errorf("ParseFile(%.60q): no error, parsed as %s", c.src, lang.SExpr(f))
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("ParseFile(%.60q)\n got: %s\nwant: %s", c.src, got, c.want)
		}
		var le *lang.Error
		if e, ok := err.(*lang.Error); !ok {
			t.Errorf("ParseFile(%.60q): error is %T, not *lang.Error", c.src, err)
		} else {
			le = e
			if le.Pos.Filename != "t.game" {
				t.Errorf("ParseFile(%.60q): error position has file %q", c.src, le.Pos.Filename)
			}
		}
	}
}

// TestParseNoPanic: odd inputs give an error or a tree, never a panic.
func TestParseNoPanic(t *testing.T) {
	for _, src := range []string{
		"", "(", ")", "]", "}", "{", "[", "print (", "print {", "print [", "|",
		"game", "game g", "game g(", "game g(n", "game g(n)", "for", "for (", "for (a",
		"for (a,", "def", "def f(", "print sum", "print sum of for", "print [1 for",
		"print {1: for", "let", "let x", "print 1..", "print ..1", "print \"\\",
		"\xff\xfe", "print \"\\\n\"", strings.Repeat("(", 1000), strings.Repeat("[", 1000),
		"print " + strings.Repeat("if a then b else ", 300) + "c",
		"print " + strings.Repeat("sum of ", 300) + "a",
		"print " + strings.Repeat("f(", 150) + strings.Repeat(")", 150),
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("ParseFile(%.40q) panicked: %v", src, r)
				}
			}()
			f, err := lang.ParseFile("t.game", src)
			if err == nil && src != "" {
				t.Logf("ParseFile(%.40q) = %.80s", src, lang.SExpr(f))
			}
			if err != nil && !strings.HasPrefix(err.Error(), "t.game:") {
				t.Errorf("ParseFile(%.40q): error %q has no position", src, err)
			}
		}()
	}
}

func TestIncomplete(t *testing.T) {
	for _, c := range []struct {
		src        string
		incomplete bool
	}{
		{"print 1 +", true},
		{"print 1 +\n", true},
		{"print (1, 2", true},
		{"print [1,\n2,", true},
		{"print {1: 2", true},
		{"print f(", true},
		{"let x =", true},
		{"def f(a) =", true},
		{"def f(a", true},
		{"game g(n) moves", true},
		{"game g(n) moves *1 |", true},
		{"game g(n)", true},
		{"for x in xs {", true},
		{"for x in xs {\n  print x\n", true},
		{"for (a, b) in", true},
		{"print if a then 1", true},
		{"print if a then 1 else", true},
		{"print sum of", true},
		{"print sum of a,", true},
		{"assert", true},
		{"print not", true},
		{"print -", true},
		// Complete, or wrong whatever follows.
		{"print 1", false},
		{"", false},
		{"game g(n) moves *1", false},
		{"game g(n) moves g(n - 1) for k in 1 .. n", false},
		{"print \"abc", false},
		{"print \"abc\n", false},
		{"print 1 2", false},
		{"print )", false},
		{"print 1 < 2 < 3", false},
		{"print $", false},
		{"print 99999999999999999999", false},
		{"let let = 1", false},
		{"print if a then 1 2", false},
		{"for x in xs { print x } }", false},
	} {
		_, err := lang.ParseFile("t.game", c.src)
		if got := lang.Incomplete(err); got != c.incomplete {
			t.Errorf("Incomplete(ParseFile(%q)) = %v, want %v (error: %v)", c.src, got, c.incomplete, err)
		}
		_, err = lang.ParseEntry("<stdin>", c.src)
		if got := lang.Incomplete(err); got != c.incomplete {
			t.Errorf("Incomplete(ParseEntry(%q)) = %v, want %v (error: %v)", c.src, got, c.incomplete, err)
		}
	}
	if lang.Incomplete(nil) {
		t.Errorf("Incomplete(nil) = true")
	}
}

// TestPositions pins the position each node reports: runtime errors point
// at it.
func TestPositions(t *testing.T) {
	src := "let x = a + b\nprint xs[i] * f(y, z)\nassert not ok\n  print -(é + 1), *k"
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	at := func(e lang.Expr) string {
		p := e.Position()
		return lang.FormatPos(p)
	}
	let := f.Stmts[0].(*lang.LetStmt)
	if got := at(let.Value); got != "t.game:1:11" {
		t.Errorf("position of + is %s, want t.game:1:11", got)
	}
	if got := lang.FormatPos(lang.Start(let.Value)); got != "t.game:1:9" {
		t.Errorf("start of a + b is %s, want t.game:1:9", got)
	}
	mul := f.Stmts[1].(*lang.PrintStmt).Args[0].(*lang.Binary)
	if got := at(mul); got != "t.game:2:13" {
		t.Errorf("position of * is %s, want t.game:2:13", got)
	}
	if got := at(mul.X); got != "t.game:2:9" {
		t.Errorf("position of xs[i] is %s, want t.game:2:9 (the '[')", got)
	}
	if got := at(mul.Y); got != "t.game:2:15" {
		t.Errorf("position of f(y, z) is %s, want t.game:2:15 (the call's start)", got)
	}
	if got := lang.FormatPos(mul.Y.(*lang.Call).Lparen); got != "t.game:2:16" {
		t.Errorf("Lparen of f(y, z) is %s, want t.game:2:16", got)
	}
	as := f.Stmts[2].(*lang.AssertStmt)
	if got := lang.FormatPos(as.Pos); got != "t.game:3:1" {
		t.Errorf("position of assert is %s, want t.game:3:1", got)
	}
	if got := at(as.Cond); got != "t.game:3:8" {
		t.Errorf("position of not is %s, want t.game:3:8", got)
	}
	pr := f.Stmts[3].(*lang.PrintStmt)
	neg := pr.Args[0].(*lang.Unary)
	if got := at(neg); got != "t.game:4:9" {
		t.Errorf("position of unary - is %s, want t.game:4:9", got)
	}
	if got := at(neg.X); got != "t.game:4:13" {
		t.Errorf("position of + after é is %s, want t.game:4:13 (columns count characters)", got)
	}
	if got := at(pr.Args[1]); got != "t.game:4:19" {
		t.Errorf("position of *k is %s, want t.game:4:19", got)
	}
	if lang.FormatPos(lang.Pos{Line: 2, Column: 3}) != "<input>:2:3" {
		t.Errorf("FormatPos without a file name: %s", lang.FormatPos(lang.Pos{Line: 2, Column: 3}))
	}
}

func TestErrorList(t *testing.T) {
	l := lang.ErrorList{
		lang.Errorf(lang.Pos{Filename: "a.game", Line: 1, Column: 2}, "first %d", 1),
		lang.Errorf(lang.Pos{Filename: "a.game", Line: 3, Column: 4}, "second"),
	}
	if got, want := l.Error(), "a.game:1:2: first 1\na.game:3:4: second"; got != want {
		t.Errorf("ErrorList.Error() = %q, want %q", got, want)
	}
}

func TestSnippet(t *testing.T) {
	pos := func(line, col int) lang.Pos { return lang.Pos{Filename: "t.game", Line: line, Column: col} }
	for _, c := range []struct {
		src  string
		pos  lang.Pos
		want string
	}{
		{"print 1 / 0", pos(1, 9), "    print 1 / 0\n            ^"},
		{"print 1 / 0", pos(1, 1), "    print 1 / 0\n    ^"},
		{"let a = 1\nprint a +\n", pos(3, 1), "    \n    ^"},
		{"let a = 1\nprint a + b", pos(2, 11), "    print a + b\n              ^"},
		// Past the end of the line (end of input): spaces.
		{"print 1 +", pos(1, 10), "    print 1 +\n             ^"},
		// Tabs are kept so the caret lines up.
		{"\tprint\t1 / 0", pos(1, 10), "    \tprint\t1 / 0\n    \t     \t  ^"},
		// Multi-byte characters are one column each.
		{`print "ééé" + 1`, pos(1, 13), "    print \"ééé\" + 1\n                ^"},
		{"print \"∞\" / x", pos(1, 11), "    print \"∞\" / x\n              ^"},
		// CR of a CRLF line is not shown.
		{"print 1\r\nprint 2 / 0\r\n", pos(2, 9), "    print 2 / 0\n            ^"},
		// Invalid UTF-8 is replaced, one column per bad byte.
		{"print \xff / 0", pos(1, 9), "    print \uFFFD / 0\n            ^"},
		// A line that is not there.
		{"print 1", pos(2, 1), ""},
		{"print 1", pos(0, 1), ""},
	} {
		if got := lang.Snippet(c.src, c.pos); got != c.want {
			t.Errorf("Snippet(%q, %d:%d)\n got: %q\nwant: %q", c.src, c.pos.Line, c.pos.Column, got, c.want)
		}
	}
}

// TestSnippetOfErrors: the caret of a real syntax error sits under the
// offending character.
func TestSnippetOfErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"print 1 < 2 < 3", "    print 1 < 2 < 3\n                ^"},
		{"let x = \"é\" + $", "    let x = \"é\" + $\n                  ^"},
		{"print 1\n\tprint \"abc", "    \tprint \"abc\n    \t      ^"},
	} {
		_, err := lang.ParseFile("t.game", c.src)
		le, ok := err.(*lang.Error)
		if !ok {
			t.Errorf("ParseFile(%q): error %v is not a *lang.Error", c.src, err)
			continue
		}
		if got := lang.Snippet(c.src, le.Pos); got != c.want {
			t.Errorf("Snippet for %q\n got: %q\nwant: %q", c.src, got, c.want)
		}
	}
}

func TestKeywords(t *testing.T) {
	want := "let def game for in if then else and or not sum of print assert true false"
	got := strings.Join(lang.Keywords, " ")
	for _, w := range strings.Fields(want) {
		if !lang.IsKeyword(w) {
			t.Errorf("IsKeyword(%q) = false", w)
		}
	}
	if len(lang.Keywords) != len(strings.Fields(want)) {
		t.Errorf("Keywords = %s, want exactly %s", got, want)
	}
	for _, w := range []string{"moves", "sg", "set", "x", "Let", "print_"} {
		if lang.IsKeyword(w) {
			t.Errorf("IsKeyword(%q) = true", w)
		}
	}
}
