package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// strBoardCases: boards written as strings (and lists) with a put def,
// an option's argument a conditional whose arms are built in scratch
// buffers (a nested put written in one copy), and a guard C in X[A:B]
// searched in a string's bytes: the same values and errors with the
// passes on and off (a conditional that is not a bool, an arm that is
// not built, an index out of the board or negative, a board that is not
// a string, a character of more than one, the empty board; a needle
// that is not a string, a slice of a list, bounds out of the string or
// negative or not ints, a string that is not ASCII).
var strBoardCases = []string{
	// (Turning Turtles: the second coin optional as j == -1.)
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
def other(ch) = if ch == "1" then "0" else "1"
game tt(b) moves tt(if j < 0 then put(b, i, "0") else put(put(b, i, "0"), j, other(b[j]))) for i in 0 .. len(b) - 1 if b[i] == "1" for j in -1 .. i - 1
print [sg(tt(w)) for w in ["", "1", "0", "11", "101", "1101", "011011", "1111111"]], moves(tt("101"))
`,
	`game tt(b) moves tt(if j < 0 then update(b, i, 0) else update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in -1 .. i - 1
print [sg(tt(w)) for w in [[], [1], [1, 0, 1], [1, 1, 0, 1, 1]]], moves(tt([1, 1]))
`,
	// (Nested conditionals, an arm not built, two arguments.)
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b, n) moves g(if n == 0 then b else if j == 0 then put(b, i, "x") else put(put(b, i, "x"), j - 1, "y"), max(n - 1, 0)) for i in 0 .. len(b) - 1 if b[i] == "." for j in 0 .. 1
print [sg(g(w, n)) for w in ["", "..", "...", ".x.."] for n in 0 .. 2]
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if len(b) then put(b, i, "x") else b) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g("..."))
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if i > 0 then put(b, i - 2, "x") else put(b, i, "x")) for i in 0 .. len(b) - 1 if b[i] == "."
print sg(g(".....")), sg(g(".x"))
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if i > 0 then put(put(b, i, "x"), i + 5, "y") else put(b, i, "xx")) for i in 0 .. len(b) - 1 if b[i] == "."
print [sg(g(w)) for w in ["", ".", "...", "x.x.", "......"]]
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if i > 0 then put(b, i, "x") else put(b, i, "0")) for i in 0 .. len(b) - 1 if b[i] == 0
print sg(g([0, 0, 1]))
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if i > 0 then put(b, i, c) else b[:i]) for i in 0 .. len(b) - 1 if b[i] == "." for c in ["x", "", "é", 3]
print sg(g("...."))
`,
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game g(b) moves g(if i > 0 then put(b, i, c) else b[:i]) for i in 0 .. len(b) - 1 if b[i] == "." for c in ["x", "", "é"]
print [sg(g(w)) for w in ["", "....", "é.é."]]
`,
	`game g(b) moves g(if i == 1 then b[:i] + [1 / (i - 1)] else b[:i] + b[i + 1:]) for i in 0 .. len(b) - 1
print sg(g([0, 0, 0]))
`,
	// (Silver Dollar: a coin slides left over empty places only.)
	`def put(s, i, ch) = s[:i] + ch + s[i + 1:]
game silver(s) moves silver(put(put(s, i, "."), p, "o")) for i in 0 .. len(s) - 1 if s[i] == "o" for p in 0 .. i - 1 if not ("o" in s[p:i])
print [sg(silver(w)) for w in ["", "o", ".o", "..o.o", "o..o..o", ".o.o..oo"]], moves(silver("..o.o"))
`,
	`game g(s) moves g(s[:i] + s[i + 1:]) for i in 0 .. len(s) - 1 if not ("ab" in s[i:]) and "a" in s[:i + 1]
print [sg(g(w)) for w in ["", "a", "ab", "bab", "aabba", "éab"]]
`,
	`print [(s, a, b) for s in ["", "o", ".o.", "..o"] for a in 0 .. 4 for b in 0 .. 4 if "o" in s[a:b]], [1 for s in ["abc"] if "" in s[2:1] and "b" in s[1:] and not ("x" in s[:])]
`,
	`let C = "o"
game g(s, a) moves g(s, a + 1) for k in 0 .. 0 if a < 3 and C in s[a - 1:2]
print sg(g("o.o", 1)), sg(g("o.o", 0))
`,
	`game g(s, b) moves g(s, b - 1) for k in 0 .. 0 if b > -3 and not ("o" in s[0:b])
print sg(g("..o", 2)), sg(g("...", 0))
`,
	`let N = ["a", "é", "ab", "x"]
game g(s, a) moves g(s, a + 1) for k in 0 .. 0 if a < 3 and N[a] in s[0:2]
print [sg(g(s, 0)) for s in ["ab", "éab", "aé", ""]]
`,
	`let N = ["a", 2, "ab", "é"]
game g(s, a) moves g(s, a + 1) for k in 0 .. 0 if a < 3 and N[a] in s[0:2]
print sg(g("ab", 0))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if "a" in s[0:"x"]
print sg(g("ab"))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and 1 in s[0:2]
print sg(g([1, 2])), sg(g((0, 1)))
print sg(g("é1a"))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and 1 in s[0:2]
print sg(g(5))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and "a" in s[0:1 / (len(s) - 3)]
print sg(g("aaa"))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and (1 / (len(s) - 1)) in s[0:1]
print sg(g("aaa"))
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and "a" in s[0:1]
print sg(g("aéaab")), sg(g("")), sg(g(["a", "b"]))
`,
	// (join of a list built, as a value: its strings joined as added.)
	`def strip(cs, w) = join([if k in cs then "o" else "." for k in 0 .. w - 1], "")
print strip([1, 3], 5), strip([], 0), strip({0, 4}, 5), strip([2], -1)
print join(["a", "bc", "é"], "-"), join([str(k) for k in 0 .. 12], ", "), join((), "x"), join(["ab"], "é")
print join(update(["a", "b"], 0, "zz"), ""), join(["a", "b", "c"][1:], "+"), join(sorted(["b", "a"]), "")
`,
	`print join([if k == 2 then 2 else "a" for k in 0 .. 3], "")
`,
	`print join([if k == 2 then 1 / 0 else "a" for k in 0 .. 3], "")
`,
	`print join(["a" for k in 0 .. 3], 5)
`,
	`print join(["a" for k in 0 .. 3], 1 / 0)
`,
	`print join([k for k in 0 .. 3], "")
`,
	`print join(["a", ("b", "c")], "")
`,
	`print join([c for c in "abc"], "-"), join(["é" for k in 0 .. 2], ""), join(["" for k in 0 .. 2], ":"), join(["a" for k in 5 .. 2], ":")
`,
	`game g(s) moves g(s[1:]) for k in 0 .. 0 if len(s) > 0 and join([s[0] for j in 0 .. 1], "") != "bb"
print [sg(g(join([if k % 2 == 0 then "a" else "b" for k in 0 .. n], ""))) for n in 0 .. 5]
`,
	// (C in X[x:I] and X[I:x] as a bound of x: both ways, negated,
	// I left out or a name plus or less a literal, C a name.)
	`let W = ["", "o", "..o.o", "o..o", ".o.o.", "....", "é.o.o"]
print [[p for p in 0 .. len(s) if "o" in s[p:i]] for s in W for i in 0 .. len(s) + 1]
print [[p for p in 0 .. len(s) + 2 if not ("o" in s[p:i])] for s in W for i in 0 .. len(s) + 1]
print [[p for p in 1 .. 9 if "o" not in s[i:p]] for s in W for i in 0 .. len(s) + 1]
print [[p for p in 0 .. 6 if "o" in s[i - 1:p] and p % 2 == 0] for s in W for i in 1 .. len(s) + 1]
print [[p for p in 0 .. 6 if "o" in s[p:] and p != 2] for s in W], [[p for p in 0 .. 6 if not ("o" in s[:p])] for s in W]
`,
	`let C = "o"
def f(s, c, i) = [[p for p in 0 .. 5 if c in s[p:i + 1]], [p for p in 2 .. 5 if not (C in s[p:i])], len([p for p in 0 .. 4999 if not (c in s[p:i])]), len([p for p in 4000 .. 4200 if not (c in s[i:p])])]
print f("o.o.o", "o", 2), f("o.o.o", ".", 3), f("o.o.o", "", 3), f("o.o.o", "o.", 4), f("oo", "é", 1)
print f(["o", ".", "o"], "o", 2)
`,
	`let i = -1
print [p for p in 0 .. 3 if "o" in "o.o"[p:i]]
`,
	`let s = "o.o"
print [p for p in -1 .. 3 if not ("o" in s[p:2])]
`,
	`let s = "o.o"
print [p for p in 0 .. 3 if "o" in s[p:9223372036854775807 + 1]]
`,
	`let s = "o.o"
let i = 9223372036854775807
print [p for p in 0 .. 3 if "o" in s[p:i + 1]]
`,
	`let s = "o.o"
print [p for p in 0 .. 3 if 1 in s[p:2]]
`,
	`let s = 5
print [p for p in 0 .. 3 if "o" in s[p:2]]
`,
	`let s = "o.o"
print [p for p in 2 .. 3 if "o" in s[p:"a"]]
`,
	`let s = "o.o"
print [p for p in 2 .. 1 if "o" in s[p:"a"]], [p for p in 0 .. 3 if "o" in s[p:p + 1]]
`,
	`game g(s, n) moves g(s, n - 1) for p in 0 .. n - 1 if not ("x" in s[p:n])
print [sg(g(s, n)) for s in ["....", "x...", "..x.", "x..x"] for n in 0 .. 4]
`,
	// (A list's put of a put: the inner one built, the outer written.)
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game tt(b) moves tt(if j < 0 then put(b, i, 0) else put(put(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in -1 .. i - 1
print [sg(tt(w)) for w in [[], [1], [1, 0, 1], [1, 1, 0, 1, 1]]], moves(tt([1, 1]))
print put(put([1, 2, 3], 0, 5), 2, "a"), put(put([1, 2, 3], 0, "x"), 1, 7), put(put([1, 2, 3], 0, 5), 3, 9), put(put([1], 5, 5), 0, 9)
print put(put([], 0, 1), 0, 2), put(put((1, 2), 0, 5), 3, 9)
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), -1, 9)) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 1, 1 / (len(b) - 3))) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 1, 7)) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g("abc"))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), "a", 7)) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), len(b), b[1])) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 1, b[1])) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g((1, 2, 3)))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 1, "x")) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 5, 0)) for k in 0 .. 0 if len(b) > 0 and b[0] != 5
print sg(g([1]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, 0, 5), 0, "x")) for k in 0 .. 0 if len(b) > 0 and b[0] != 5 and b[0] != "x"
print sg(g([1, 2])), sg(g([[1], 2]))
`,
	`def put(s, i) = s[:i] + [10 / s[0]] + s[i + 1:]
def put2(s, i) = s[:i] + [10 / i] + s[i + 1:]
game g(b) moves g(put(put(b, 0), 1)) for k in 0 .. 0 if len(b) > 0 and b[0] != 10
game h(b, a) moves h(put2(put2(b, 1), j), a) for j in a .. 2 if len(b) > 0 and b[1] != 10
print sg(h([1, 2, 3], 1)), sg(h([1, 0, 3], 1)), sg(g([1, 2, 3]))
print sg(h([1, 2, 3], 0))
`,
	`def put(s, i) = s[:i] + [10 / s[0]] + s[i + 1:]
game g(b) moves g(put(put(b, 0), 1)) for k in 0 .. 0 if len(b) > 0 and b[0] != 10
print sg(g([0, 2, 3]))
`,
	`def put(s, i, x) = s[:i] + [x] + s[i + 1:]
game g(b) moves g(put(put(b, i, 1), j, 2)) for i in 0 .. len(b) - 1 if b[i] == 0 for j in 0 .. len(b) if j != i
print [sg(g(w)) for w in [[0], [0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 0, 0]]]
`,
}

func TestStrBoards(t *testing.T) {
	t.Parallel()
	diffCases(t, strBoardCases, passes.Composite, passes.Strings, passes.Inline, passes.All)
}
