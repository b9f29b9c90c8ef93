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
