package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// tupleBitCases: positions that are tuples of 0s and 1s, their options
// made by updates and by splices of tuple literals (package bitlists on
// the bits of a word, the key a tuple's): the same values and errors with
// the passes on and off, where the bits apply and where they give up (a
// list's literal spliced into a tuple, a tuple's into a list, elements
// that are not 0 or 1, more than 64 elements), and where a game takes
// tuples and lists both.
var tupleBitCases = []string{
	// Dawson's Kayles by updates; Kayles by splices of one and two.
	`game dk(b) moves dk(update(update(b, i, 0), i + 1, 0)) for i in 0 .. len(b) - 2 if b[i] == 1 and b[i + 1] == 1
game kay(b) moves
    kay(b[:i] + (0,) + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1
  | kay(b[:i] + (0, 0) + b[i + 2:]) for i in 0 .. len(b) - 2 if b[i] == 1 and b[i + 1] == 1
let R = (1,) * 11
print sg(dk(R)), sg(dk(update(R, 3, 0))), sg(kay(R)), sg(kay(update(R, 5, 0))), [sg(kay((1,) * n)) for n in 1 .. 9]`,
	// Cram on a flat tuple, defs of splices; printing positions.
	`let W = 3
let N = 9
def cover2(b, i) = b[:i] + (1, 1) + b[i + 2:]
def cover1(b, i) = b[:i] + (1,) + b[i + 1:]
game cram(b) moves
    cram(cover2(b, i)) for i in 0 .. N - 2 if i % W != W - 1 and b[i] == 0 and b[i + 1] == 0
  | cram(cover1(cover1(b, i), i + W)) for i in 0 .. N - W - 1 if b[i] == 0 and b[i + W] == 0
let E = (0,) * N
print sg(cram(E)), sg(cram(cover1(E, 4))), winning(cram(cover1(E, 0)))[:2], sg(cram((0, 0, 1, 0, 0, 0, 1, 0, 0)))`,
	// Gives up: a list spliced with a tuple literal (an error), a tuple
	// with a list literal (an error); elements 2; 65 elements.
	`game a(b) moves a(b[:i] + (0,) + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a((1, 1, 1))), sg(a((2, 1, 1))), sg(a((1, 1) + (0,) * 63))
print sg(a([1, 1]))`,
	`game a(b) moves a(b[:i] + [0] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 1, 1]))
print sg(a((1, 1)))`,
	// One game of tuples and lists both, by updates; a tuple and a list
	// equal in their elements are other positions.
	`game g(b) moves g(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == 1 | g(b[:len(b) - 1]) for k in [1] if len(b) > 1 and b[len(b) - 1] == 0
print sg(g((1, 0, 1, 1))), sg(g([1, 0, 1, 1])), sg(g((1, 1))) == sg(g([1, 1]))
print {g((1, 1)), g([1, 1])}, g((1, 0)) == g([1, 0])`,
	// A tuple read whole in the rule: sum, in, comparison, as a set's
	// element; a recursive clear by tuple splices.
	`def z(b, i) = b[:i] + (0,) + b[i + 1:]
def clear(b, vs) = if vs == [] then b else clear(z(b, vs[0]), vs[1:])
game nk(b) moves nk(clear(b, [v, (v + 1) % len(b)])) for v in 0 .. len(b) - 1 if b[v] == 1 and sum(b) > 1 and (1, 1) != b[:2]
print [sg(nk((1,) * n)) for n in 2 .. 8], sg(nk((1, 0, 1, 1, 0, 1)))`,
	// A def's chain whose base fails (a tuple spliced into a list):
	// the error with the def's call on its trace (found by a random
	// search).
	`def h1(b, i) = update(b[:i] + (0, 0) + b[i + 1:], i, 1)
game g1(b) moves g1(b[:i] + (0,) + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1
  | g1(h1(b, i)) for i in 0 .. len(b) - 2 if b[i] == 0
print sg(g1([0, 0]))`,
	// A splice of a splice (a def's, called on its own result): Cram on
	// a flat list and on a flat tuple; a list's splice of a tuple's; two
	// slices of different chains; a place past the end.
	`let W = 3
let N = 9
def c1(b, i) = b[:i] + [1] + b[i + 1:]
def t1(b, i) = b[:i] + (1,) + b[i + 1:]
game cl(b) moves cl(c1(c1(b, i), i + W)) for i in 0 .. N - W - 1 if b[i] == 0 and b[i + W] == 0 | cl(c1(c1(b, i), i + 1)) for i in 0 .. N - 2 if i % W != W - 1 and b[i] == 0 and b[i + 1] == 0
game ct(b) moves ct(t1(t1(b, i), i + W)) for i in 0 .. N - W - 1 if b[i] == 0 and b[i + W] == 0 | ct(t1(t1(b, i), i + 1)) for i in 0 .. N - 2 if i % W != W - 1 and b[i] == 0 and b[i + 1] == 0
game d(b) moves d(c1(b, i)[:i + 1] + [1] + c1(b, i + 1)[i + 2:]) for i in 0 .. len(b) - 3 if b[i] == 0
game p(b) moves p(c1(c1(b, i), i + 5)) for i in 0 .. len(b) - 1 if b[i] == 0
print sg(cl([0] * N)), sg(ct((0,) * N)), sg(cl(c1([0] * N, 4))), sg(ct(t1((0,) * N, 0))), sg(d([0] * 6)), sg(p([0] * 7))
game m(b) moves m(t1(c1(b, i), i + 1)) for i in 0 .. len(b) - 2 if b[i] == 0
print sg(m([0, 0, 1]))`,
	`def c1(b, i) = b[:i] + [1] + b[i + 1:]
def t1(b, i) = b[:i] + (1,) + b[i + 1:]
game m(b) moves m(t1(c1(b, i), i + 1)) for i in 0 .. len(b) - 2 if b[i] == 0
print sg(m((0, 0, 1)))`,
}

func TestTupleBitDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.BitLists, passes.All} {
		diffCases(t, tupleBitCases, off) // (each case against each)
	}
}
