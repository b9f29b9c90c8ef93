package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// totalCallCases: a def whose body cannot fail, called with one argument
// that may (flip(b[j])), inlined by the planner (proof.TotalCall), and a
// conditional of characters between the slices of a splice, as bits
// (package bitlists): the same values and errors as the calls and the
// strings made, with the argument failing, a body that may fail or reads
// its parameter after something else (not inlined), places that do not
// ascend (the string grows: the chain gives up), characters of a third
// kind.
// selfFlipCases: a splice whose middle is a choice on the base's own
// element at its place, b[:j] + (if b[j] == "H" then "T" else "H") +
// b[j + 1:], with != and the literal first, over a string, a list of
// ints and of bools (package bitlists' selfChoice), against the splice
// as written: a literal of no character of the pair, an index past the
// end.
var selfFlipCases = []string{
	`game tt(b) moves tt(b[:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(b[:j] + (if b[j] == "H" then "T" else "H") + b[j + 1:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
game t2(b) moves t2(b[:j] + (if "T" != b[j] then "T" else "H") + b[j + 1:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
game t3(b) moves t3(b[:j] + (if b[j] == "X" then "T" else "H") + b[j + 1:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 6], ""))) for m in 0 .. 127], [sg(t2(s)) for s in ["HTHH", "THHT", "HHHH"]], sg(t3("THHT"))
print sg(t2("HTXH"))`,
	`game tt(b) moves tt(b[:i] + [0] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1
  | tt(b[:j] + [if b[j] == 1 then 0 else 1] + b[j + 1:i] + [0] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1
game tb(b) moves tb(b[:j] + [if b[j] != true then true else false] + b[j + 1:i] + [false] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1
print [sg(tt([(m >> k) & 1 for k in 0 .. 6])) for m in 0 .. 127], sg(tb([true, false, true, true]))
print sg(tt([1, 0, 2, 1]))`,
}

func TestSelfFlipExact(t *testing.T) {
	t.Parallel()
	diffCases(t, selfFlipCases, passes.BitLists, passes.Strings, passes.All)
}

var totalCallCases = []string{
	`def flip(c) = if c == "H" then "T" else "H"
game tt(b) moves tt(update(b, i, "T")) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(update(update(b, i, "T"), j, flip(b[j]))) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 6], ""))) for m in 0 .. 127], sg(tt("HXTH"))
print sg(tt(["H", "T", "H"]))`,
	`def flip(c) = if c == "H" then "T" else "H"
game tt(b) moves tt(update(b, i, flip(b[i + 1]))) for i in 0 .. len(b) - 1 if b[i] == "H"
print sg(tt("THTT")), sg(tt("TTT"))
print sg(tt("TTH"))`,
	`def flip(c) = if c == "H" then c + "T" else "H"
def flop(c) = if "H" == c then "T" else "H"
game tt(b) moves tt(update(b, i, flip(b[i]))) for i in 0 .. len(b) - 1 if b[i] == "T"
  | tt(update(b, i, flop(b[i]))) for i in 0 .. len(b) - 1 if b[i] == "H"
print sg(tt("TTHT"))`,
	`def flip(c) = if c == "H" then "T" else "H"
game tt(b) moves tt(b[:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(b[:j] + flip(b[j]) + b[j + 1:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 6], ""))) for m in 0 .. 127], sg(tt("HXHTH"))`,
	`def flip(c) = if c == "H" then "T" else if c == "T" then "H" else "X"
game g(b) moves g(b[:j] + flip(b[j]) + b[j + 1:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. len(b) - 1 if len(b) < 7
  | g(b[:j] + (if b[j] == "T" then "H" else "T") + b[j + 1:]) for j in 0 .. len(b) - 1 if b[j] == "X"
print sg(g("HTH")), sg(g("TXH")), sg(g("HH"))`,
}

func TestTotalCallExact(t *testing.T) {
	t.Parallel()
	diffCases(t, totalCallCases, passes.Inline, passes.BitLists, passes.Strings, passes.All)
}

// compDefCases: a def whose body is a list comprehension that plans on
// its own to one that cannot fail (over enumerate, deforested), called
// in a position's argument, inlined as planned (package plan's
// inliner.call), against the call as written: a board of ints, of other
// values (the guard fails: as written), an error inside the body.
var compDefCases = []string{
	`def bite(rows, r, c) = [if i >= r and x > c then c else x for (i, x) in enumerate(rows)]
game chomp(rows) moves chomp(bite(rows, r, c)) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if (r, c) != (0, 0)
print [sg(chomp([a, b, 2])) for a in 1 .. 5 for b in 0 .. a], moves(chomp([3, 1]))
print sg(chomp((4, 3, 3))), sg(chomp([2, "a"]))`,
	`def cut(hs, i, k) = [if j == i then k else h for (j, h) in enumerate(hs)]
game heaps(hs) moves heaps(cut(hs, i, k)) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
print [sg(heaps([a, b, 3])) for a in 0 .. 4 for b in 0 .. 4]
print sg(heaps([2, 10 / 0]))`,
	`def cut(hs, i, k) = [if j == i then k / (h - 2) else h for (j, h) in enumerate(hs)]
game heaps(hs) moves heaps(cut(hs, i, k)) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
print sg(heaps([1, 3]))
print sg(heaps([2, 3]))`,
	`def eu(a, b) = [eu(a, t) for k in [k for k in [x for x in 1 .. b / a] if b > a and a > 0] for t in (b - k * a,)]
game g(L) moves g(eu(len(L), i)) for i in 0 .. 6 if len(L) > 1 and i > len(L)
print sg(g([1, 2])), sg(g([1, 2, 3]))
print eu(0, 5)`,
}

func TestCompDefExact(t *testing.T) {
	t.Parallel()
	diffCases(t, compDefCases, passes.Inline, passes.Deforest, passes.All)
}

// anyAllLitCases: all and any over a literal of names and int
// arithmetic, with if clauses after the loop (package algebra's
// anyAllLit: an and or or of each element's filters and test), through
// a def, against the folds as written: neighbours off the board left
// out by the filters, a test that fails where no filter guards it, any.
var anyAllLitCases = []string{
	`def free(b, i) = all([b[j] == 0 for j in [i - 1, i, i + 1] if 0 <= j and j < len(b)])
def near(b, i) = any([b[j] == 1 for j in [i - 2, i + 2] if j >= 0 if j < len(b)])
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if free(b, i)
game far(b) moves far(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not near(b, i)
print [sg(board(n * [0])) for n in 0 .. 12], [sg(far(n * [0])) for n in 0 .. 12], sg(board([0, 1, 0, 0, 0])), moves(far([0, 0, 1, 0, 0]))`,
	`def free(b, i) = all([b[j] == 0 for j in [i - 1, i + 1] if j >= 0])
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if free(b, i)
print sg(board([1, 0, 0]))
print sg(board([0, 0, 0]))`,
	`game g(n) moves g(n - k) for k in 1 .. n if (k >= 1 or 1 / 0 == 0) and (k <= n or k > 100) and (k < 3 or k + 1 > n)
game h(n, m) moves h(n - k, m) for k in 0 .. n - 1 if not (k > n - 1) and (k - 1 >= 0 or m > 2) and k * 2 >= 0
print [sg(g(n)) for n in 0 .. 12], [sg(h(n, m)) for n in 0 .. 6 for m in 1 .. 3]`,
}

func TestAnyAllLitExact(t *testing.T) {
	t.Parallel()
	diffCases(t, anyAllLitCases, passes.Algebra, passes.Inline, passes.All)
}
