package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// passedCases: games whose rule passes an argument on unchanged (the
// set of S-Nim, a graph, a word, a tuple, a map), keyed by a reference
// to the game's dictionary (engine.Game.SetPassed): the same values,
// outcomes, moves, winning moves, sums, errors and counts of positions
// as with the composite keys off (no dictionary) and every pass off.
// Several values of the argument in one run, equal ones made apart, a
// cycle through positions of one argument, an argument passed on in one
// call and not in another (not passed), a loop variable of its name.
var passedCases = []string{
	`game snim(n, S) moves snim(n - s, S) for s in S if s <= n
let A = [1, 3, 4]
let B = [x for x in [1, 3, 4]]
print [sg(snim(n, A)) for n in 0 .. 30], [sg(snim(n, B)) for n in 0 .. 30], [sg(snim(n, {2, 5, 6})) for n in 0 .. 30]
print sg(snim(20, A) + snim(17, (2, 5)) + snim(9, {1, 3, 4})), outcome(snim(7, A)), moves(snim(5, A)), winning(snim(11, [2, 5]))
`,
	`game w(i, word) moves w(j, word) for j in i + 1 .. len(word) - 1 if word[j] != word[i]
print [sg(w(0, s)) for s in ["banana", "abcabc", "aaaa", "b"]], sg(w(0, "banana") + w(1, "abcabc"))
`,
	`game c(n, T) moves c((n + t) % 7, T) for t in T | *1 if n == 3
print [sg(c(n, (1, 2))) for n in 0 .. 6], [outcome(c(n, (2, 3))) for n in 0 .. 6], [sg(c(n, [5])) for n in 0 .. 6]
`,
	`let G = {0: [1, 2], 1: [0, 3], 2: [0], 3: [1, 4], 4: [3]}
game nk(S, A) moves nk({u for u in S if u != v and not (u in A[v])}, A) for v in S
game walk(v, A, seen) moves walk(u, A, seen | {u}) for u in A[v] if u not in seen
print sg(nk({0, 1, 2, 3, 4}, G)), [sg(walk(v, G, {v})) for v in 0 .. 4], winning(nk({0, 1, 2, 3, 4}, G))
`,
	`game g(n, S) moves g(n - 1, S) if n > 0 | g(n - 2, S + [n]) if n > 1 and len(S) < 3
game h(n, S) moves h(n - s, S) for S in [[1], [2]] for s in S if s <= n
print [sg(g(n, [])) for n in 0 .. 12], [sg(h(n, [7])) for n in 0 .. 12]
`,
	`game e(n, S) moves e(n - 1 / s, S) for s in S if n > 0
print sg(e(3, [1, 1]))
print sg(e(3, [1, 0]))
`,
}

// TestPassedArgumentsExact: passedCases give what they give with the
// composite keys (and with them the dictionary) off, and every pass off.
func TestPassedArgumentsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, passedCases, passes.Composite, passes.All)
}
