package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// heapSumCases: games of one list whose moves replace one element by a
// list made from it (package heapsums: in the SG search, the sum of the
// elements' games). The same values, moves, errors and positions with
// the pass off and every pass off: sorted and unsorted lists, elements
// of other kinds, an element's list that fails, rules that read the
// list elsewhere or have another alternative (not sums), cycles.
var heapSumCases = []string{
	`game k(hs) moves k(sorted(hs[:i] + hs[i + 1:] + [a, hs[i] - t - a])) for i in 0 .. len(hs) - 1 for t in 1 .. 2 if t <= hs[i] for a in 0 .. (hs[i] - t) / 2
print [sg(k([n])) for n in 0 .. 16], sg(k([3, 4, 5])), sg(k([7, 7])), moves(k([2, 3])), winning(k([1, 4, 6]))
game gr(hs) moves gr([hs[i] - a, a] + hs[i + 1:] + hs[:i]) for i in 0 .. len(hs) - 1 for a in 1 .. hs[i] - 1 if 2 * a < hs[i]
print [sg(gr([n])) for n in 1 .. 14], sg(gr([4, 5, 6])), outcome(gr([4, 4])), moves(gr([5, 3]))
`,
	`game k(hs) moves k(hs[:i] + hs[i + 1:] + [hs[i] - 1, 12 / (hs[i] - 3)]) for i in 0 .. len(hs) - 1 if hs[i] > 0
print sg(k([1, 2])), sg(k([2, 2]))
print sg(k([5]))
`,
	`game s(hs) moves s(hs[:i] + hs[i + 1:] + [hs[i][1:]]) for i in 0 .. len(hs) - 1 if len(hs[i]) > 0
print sg(s(["ab", "c"])), sg(s([[1, 2], [3]])), moves(s(["xy"]))
game n(hs) moves n(hs[:i] + hs[i + 1:] + [hs[i] - 1]) for i in 0 .. len(hs) - 1 if hs[i] > 0 and len(hs) < 3
print [sg(n([a, b])) for a in 0 .. 3 for b in 0 .. 3], sg(n([1, 1, 1]))
game m(hs) moves m(hs[:i] + hs[i + 1:] + [hs[i] - 1]) for i in 0 .. len(hs) - 1 if hs[i] > 0 | m(hs[1:]) for j in [0] if len(hs) > 1
print [sg(m([a, b])) for a in 0 .. 3 for b in 0 .. 3]
`,
	`game c(hs) moves c(hs[:i] + hs[i + 1:] + [(hs[i] + 1) % 3]) for i in 0 .. len(hs) - 1
print sg(c([0])), outcome(c([1, 2])), outcome(c([0, 0])), sg(c([2]) + c([1]))
game d(hs) moves d(sorted(hs[:i] + hs[i + 1:] + [h for h in [hs[i] - 1, hs[i] - 2] if h > 0])) for i in 0 .. len(hs) - 1
print [sg(d([n])) for n in 0 .. 8], sg(d([2, 3, 4])), outcome(d([3, 3, 1]))
`,
	`game k(hs) moves k(sorted(hs[:i] + hs[i + 1:] + ["x"])) for i in 0 .. len(hs) - 1 if hs[i] == 1
print sg(k([2, 2]))
print sg(k([1, 1]))`,
	`game k(hs) moves k(sorted(hs[:i] + hs[i + 1:] + [hs[i] - 1, true])) for i in 0 .. len(hs) - 1 if hs[i] == 3 | k(hs[:i] + hs[i + 1:] + [hs[i] - 1]) for i in 0 .. len(hs) - 1 if hs[i] == 1 or hs[i] == 2
print sg(k([2, 1])), outcome(k([2]))
print sg(k([3])), outcome(k([3]))`,
	`game k(hs) moves k(sorted(hs[:i] + hs[i + 1:] + [a, hs[i] - t - a])) for i in 0 .. len(hs) - 1 for t in 1 .. 2 if t <= hs[i] for a in 0 .. (hs[i] - t) / 2
print sg(k([7, 4])), [sg(k([n])) for n in 0 .. 12]`,
}

func TestHeapSumsExact(t *testing.T) {
	diffCases(t, heapSumCases, passes.HeapSums, passes.All)
}
