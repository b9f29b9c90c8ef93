package eval_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// fixedCases: games whose rule passes arguments on unchanged, computed in
// a copy of the rule with them constants, one per value (package
// fixargs): the same values, outcomes, moves, winning moves, errors and
// their positions as with the pass off and with every pass off. A set,
// a list, a tuple, a string and a map fixed; two fixed arguments, one an
// int; an int value alone (no copy); cycles (draws) inside a copy; a def
// that asks the game of another value from inside a copy (copies
// nested); more values than copies; the fixed name bound again by a for
// clause; an error inside a copy and one naming the position computed.
var fixedCases = []string{
	`game snim(n, S) moves snim(n - s, S) for s in S if s <= n
let A = {1, 3, 4}
print [sg(snim(n, A)) for n in 0 .. 40], [sg(snim(n, [2, 5, 6])) for n in 0 .. 40], [sg(snim(n, (1, 2))) for n in 0 .. 40]
print sg(sum of snim(n, A) for n in 0 .. 50), len([n for n in 0 .. 200 if sg(snim(n, A)) == 0]), max([sg(snim(n, {5000, 1, 7})) for n in 0 .. 6000])
print outcome(snim(7, A)), moves(snim(5, A)), winning(snim(11, [2, 5])), sg(snim(20, A) + snim(17, (2, 5)) + snim(9, {1, 3, 4}))
`,
	`game sub(n, k, S) moves sub(n - s * k, k, S) for s in S if s * k <= n
print [sg(sub(n, 2, {1, 2})) for n in 0 .. 30], [sg(sub(n, 3, [1, 4])) for n in 0 .. 30], [sg(sub(n, 1, 7)) for n in 0 .. 3]
`,
	`game ring(i, R) moves ring((i + 1) % len(R), R) if R[i] == "a" | ring((i + 2) % len(R), R) if R[i] != "c" | *1 if R[i] == "c"
print [sg(ring(i, "abcab")) for i in 0 .. 4], [outcome(ring(i, "aab")) for i in 0 .. 2], [outcome(ring(i, "aaaa")) for i in 0 .. 3]
`,
	`let G = {0: [1, 2], 1: [0, 3], 2: [0], 3: [1, 4], 4: [3]}
game nk(S, A) moves nk({u for u in S if u != v and not (u in A[v])}, A) for v in S
game walk(v, A, seen) moves walk(u, A, seen | {u}) for u in A[v] if u not in seen
print sg(nk({0, 1, 2, 3, 4}, G)), [sg(walk(v, G, {v})) for v in 0 .. 4], winning(nk({0, 1, 2, 3, 4}, G)), moves(walk(0, G, {0}))
`,
	`def other(n, S) = if n > 3 then g(n - 3, [s + 1 for s in S]) else *0
game g(n, S) moves g(n - s, S) for s in S if s <= n | other(n, S)
print [sg(g(n, [1, 2])) for n in 0 .. 25], sg(g(30, [2]))
`,
	`game h(n, S) moves h(n - s, S) for S in [[1], [2]] for s in S if s <= n | h(n - 1, S) if n > 0 and len(S) > 5
print [sg(h(n, [7, 7, 7, 7, 7, 7])) for n in 0 .. 12], [sg(h(n, [7])) for n in 0 .. 12]
`,
	`game e(n, S) moves e(n - 10 / s, S) for s in S if n > 0
print sg(e(30, [1, 2]))
print sg(e(30, [1, 0]))
`,
	`game d(n, S) moves d(n - 1, S) if n > 0 | d(n, S) if n == S[0]
print [outcome(d(n, [2])) for n in 0 .. 5]
print sg(d(4, [2]))
`,
	"game q(n, S) moves q(n - s, S) for s in S if s <= n\nprint " + manyValues() + "\n",
}

// manyValues asks S-Nim of more sets than a game has copies.
func manyValues() string {
	var b strings.Builder
	b.WriteString("[")
	for i := 1; i <= 300; i++ {
		if i > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "sg(q(%d, {1, %d}))", 40+i%9, i+1)
	}
	b.WriteString("]")
	return b.String()
}

// TestFixedArgumentsExact: fixedCases give what they give with the pass
// fixed off, and every pass off.
func TestFixedArgumentsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, fixedCases, passes.Fixed, passes.All)
	diffCases(t, passedCases, passes.Fixed)
}
