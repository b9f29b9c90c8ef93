package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// maskBitCases: moves whose option is a mask edit of a list of 0s and
// 1s, a copy with one element put where a condition of the index holds
// (package bitlists' maskedits.go on package maskedit's masks): the same
// values and errors with the passes on and off, where the edit is on the
// bits and where it gives up (a range not over every index, an element
// not 0 or 1, a string, a list of other ints, more than 64 elements), and
// where the condition fails at some index or calls a def.
var maskBitCases = []string{
	// Node Kayles on a 3 x 4 grid: the edit in a def, in place, with the
	// branches swapped, followed by an update.
	`let W = 4
let N = 12
def nbrs(v) = [u for u in [v - W, v + W] if 0 <= u and u < N] + [u for u in [v - 1, v + 1] if 0 <= u and u < N and u / W == v / W]
let NB = {v: nbrs(v) for v in 0 .. N - 1}
def take(b, v) = [if i == v or i in NB[v] then 0 else b[i] for i in 0 .. N - 1]
def keep(b, v) = [if i != v and not (i in NB[v]) then b[i] else 0 for i in 0 .. len(b) - 1]
game a(b) moves a(take(b, v)) for v in 0 .. N - 1 if b[v] == 1
game k(b) moves k(keep(b, v)) for v in 0 .. N - 1 if b[v] == 1
game p(b) moves p([if i == v or i == v + 1 then 0 else b[i] for i in 0 .. len(b) - 1]) for v in 0 .. len(b) - 2 if b[v] == 1 and b[v + 1] == 1
game u(b) moves u(update(take(b, v), (v + 5) % N, 0)) for v in 0 .. N - 1 if b[v] == 1
let G = [1] * N
print sg(a(G)), sg(k(G)), sg(p([1] * 13)), sg(u(G)), [sg(a(update(G, v, 0))) for v in 0 .. N - 1]`,
	// Putting 1; a condition reading a global list and two names.
	`let S = [0, 2, 3, 5]
game f(b) moves f([if i == d or (i + d) % 7 in S then 1 else b[i] for i in 0 .. len(b) - 1]) for d in 0 .. len(b) - 1 if b[d] == 0
print sg(f([0] * 7)), sg(f([0, 1, 0, 0, 1, 0, 0, 0]))`,
	// Gives up: a range not over every index; an element 2; a string; a
	// list of other ints; more than 64 elements.
	`game p(b) moves p([if i == v then 0 else b[i] for i in 0 .. len(b) - 2]) for v in 0 .. len(b) - 1 if b[v] == 1
game q(b) moves q([if i == v then 0 else b[i] for i in 1 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
print [sg(p([1, 0] * n + [1])) for n in 1 .. 5], [sg(q([1] * n + [0, 1])) for n in 1 .. 5], [sg(p([1] * n)) for n in 1 .. 6]`,
	`game p(b) moves p([if i == v then 2 else b[i] for i in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == 1
game s(b) moves s([if i == v then "." else b[i] for i in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] == "x"
game t(b) moves t([if i == v then 0 else b[i] for i in 0 .. len(b) - 1]) for v in 0 .. len(b) - 1 if b[v] > 0
print sg(p([1, 1, 1])), sg(s(["x", ".", "x", "x"])), sg(t([3, 0, 2, 1])), sg(t([1, 1, 0] + [0] * 63))`,
	// The planner's loop renamed (a set comprehension of a def's, its
	// loop's name declared after the chain is read).
	`def opts(b) = {g([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)}
game g(b) moves m for m in opts(b)
print [sg(g([0] * n)) for n in 1 .. 9], sg(g([0, 1, 0, 0, 0]))`,
	// A condition that fails at an index; one calling a def.
	`def far(i, v) = 12 / (i - 3) > v
game p(b) moves p([if i == v or far(i, v) then 0 else b[i] for i in 0 .. len(b) - 1]) for v in 0 .. 2 if b[v] == 1
print sg(p([1, 1, 1]))
print sg(p([1, 1, 1, 1, 1]))`,
	// The comprehension as written (maskedits off; with it on, where the
	// element put is v + 1, no mask edit), its condition's i in T in
	// lanes (package vecint) reading global T, whose slot is past the
	// game's frame: T from the thread's globals.
	`let A1 = 2
let A2 = 1
let A3 = 2
let A4 = 0
let A5 = 1
let A6 = 1
let A7 = 1
let T = {2}
game g(b) moves g([if i == v or i in T then v else b[i] for i in 0 .. len(b)]) for v in 0 .. len(b) - 1 if b[v] == 1
game h(b) moves h([if i == v or i in T then v + 1 else b[i] for i in 0 .. len(b)]) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(h([0, 1]))
print sg(g([0, 1]))`,
	// A string of two characters rebuilt by join of the edit, over
	// range(N) and range(len(b)), in a def and in place; a list of bools.
	`let W = 4
let N = 12
def nbrs(v) = [u for u in [v - W, v + W] if 0 <= u and u < N] + [u for u in [v - 1, v + 1] if 0 <= u and u < N and u / W == v / W]
let NB = [nbrs(v) for v in range(N)]
def take(b, v) = join([if i == v or i in NB[v] then "0" else b[i] for i in range(N)], "")
game a(b) moves a(take(b, v)) for v in range(N) if b[v] == "1"
game k(b) moves k(join([if i != v and not (i in NB[v]) then b[i] else "." for i in range(len(b))], "")) for v in range(len(b)) if b[v] == "#"
game f(b) moves f([if i == v or i in NB[v] then false else b[i] for i in range(N)]) for v in range(N) if b[v]
let G = N * "1"
game z(b) moves z(join([if i == v or i == v + 1 then "1" else b[i] for i in range(len(b))], "")) for v in range(len(b) - 1) if b[v] == "0" and b[v + 1] == "0"
print sg(a(G)), sg(a(update(G, 5, "0"))), sg(k(N * "#")), sg(f([true] * N)), sg(f(update([true] * N, 0, false)))
print [sg(z(n * "0")) for n in 1 .. 12], sg(z("0010000100"))`,
	// Gives up: the put character not one of the string's two; join
	// with a separator; a list's edit of a string (a list of characters);
	// range of a count that is not an int (range's error); the edit of a
	// string not joined.
	`game a(b) moves a(join([if i == v then "x" else b[i] for i in range(len(b))], "")) for v in range(len(b)) if b[v] == "1"
game s(b) moves s(join([if i == v then "0" else b[i] for i in range(len(b))], "-")) for v in range(len(b)) if b[v] == "1"
game l(b) moves l([if i == v then "0" else b[i] for i in range(len(b))]) for v in range(len(b)) if b[v] == "1"
let H = 2.5
game r(b) moves r([if i == v then 0 else b[i] for i in range(H)]) for v in range(len(b)) if b[v] == 1
print sg(a("1101")), sg(s("101")), sg(l("1011"))
print sg(r([1, 1]))`,
	// The put element a name: an int 0 or 1 in one position, 2 in another.
	`game p(b, x) moves p([if i == v then x else b[i] for i in range(len(b))], 1 - x) for v in range(len(b)) if b[v] == 1
game q(b, x) moves q([if i == v then x else b[i] for i in range(len(b))], 0) for v in range(len(b)) if b[v] == 1
print sg(p([1, 1, 1, 0, 1], 0)), sg(q([1, 1, 1], 2))`,
	// Point maps (package pointmap): each element a function of its
	// index and the element there, of a list of bools by enumerate and
	// by index, of ints, of a string joined; the divisor game on flags.
	`let D = [1, 2, 3, 4, 6, 8, 12, 24]
game g(f) moves g([x and D[j] % D[i] != 0 for (j, x) in enumerate(f)]) for i in range(len(f)) if f[i]
game h(f) moves h([f[j] and D[j] % D[i] != 0 for j in 0 .. len(f) - 1]) for i in range(len(f)) if f[i]
game k(f) moves k([if f[j] == 1 and D[j] % D[i] != 0 then 1 else 0 for j in 0 .. len(f) - 1]) for i in range(len(f)) if f[i] == 1
game s(t) moves s(join([if t[j] == "1" and D[j] % D[i] != 0 then "1" else "0" for j in range(len(t))], "")) for i in range(len(t)) if t[i] == "1"
game x(f) moves x([if false then 1 - f[j] else (f[j] + j * i) % 2 for j in range(len(f))]) for i in 1 .. 3 if sum(f) > 2
print sg(g([true] * 8)), sg(h([true] * 8)), sg(k([1] * 8)), sg(s("11111111")), sg(g(update([true] * 8, 3, false)))
print sg(x([1, 1, 0, 1, 1]))`,
	// Point maps that fail at an index only for one of the two values,
	// or make an element that is not one of the two (gives up); a def.
	`let Z = [1, 0, 2, 1, 0, 3]
def keep(f, i) = [x and 6 / Z[(j + i) % 6] > 1 for (j, x) in enumerate(f)]
game g(f) moves g(keep(f, i)) for i in range(len(f)) if f[i]
game b(f) moves b([if f[j] == 1 then 0 else 2 for j in range(len(f))]) for i in range(len(f)) if f[i] == 1
game c(f) moves c([f[j] == 1 for j in range(len(f))]) for i in range(len(f)) if f[i] == 1
print sg(b([1, 0, 1])), sg(c([1, 1]))
print sg(g([false, false, true, false, false, true]))
print sg(g([true, true, true, true, true, true]))`,
}

func TestMaskBitDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.BitLists, passes.MaskEdits, passes.All} {
		diffCases(t, maskBitCases, off) // (each case against each)
	}
}
