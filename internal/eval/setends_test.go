package eval_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestSetEndsExact: min and max of one set read its ends (stdlib's
// setEnd: its bits, the ids of an ordered universe, or its first and last
// elements) where the elements are of one kind that orders; each is
// compared with min and max of the list of the same elements, for the
// sets the search makes of every kind (small ints, cells, ints of a
// universe, tuples, strings, bools, negative ints), as values, as a
// position's argument decoded from its key, and the errors (mixed kinds,
// an empty set, sets of sets).
func TestSetEndsExact(t *testing.T) {
	t.Parallel()
	sets := []string{
		`{3, 1, 2}`, `{0}`, `{4095, 7}`, `{5000, 4, 70000}`, `{-3, 5, -10}`,
		`{(0, 1), (2, 3), (1, 7)}`, `{(0, 1), (-1, 2)}`, `{(1, 2, 3), (0, 5, 1)}`,
		`{"b", "a", "ab"}`, `{true, false}`, `{[2, 1], [1, 5]}`, `{(1, "a"), (0, "b")}`,
		`{1, "a"}`, `{1} - {1}`, `{{1}, {2}}`, `{(1, 2), 3}`, `set(divisors(25920))`,
		// (A universe whose ids are not in their elements' order: 4999,
		// 6000 and 7001 come after 5000 and 7000.)
		`(if sg(g({5000, 7000})) >= 0 then {6000, 4999, 7001, 7000} else {1})`,
		// (A larger universe, the set's largest far from the top of its
		// order.)
		`(if sg(g(set(5000 .. 5099))) + sg(g({4000, 4001})) >= 0 then {5070, 5071, 5072} else {1})`,
		`(if sg(g(set(5000 .. 5099))) + sg(g({4000, 4001})) >= 0 then {5010, 5011, 5012} else {1})`,
	}
	// g's options read min and max of its position's set (decoded from
	// its key, at the second level), as values; the other script's g
	// reads them of the list of its elements.
	const fastRule = "game g(S) moves g(S - {max(S)}) if len(S) > 1 | g(S - {min(S)}) if len(S) > 2\n"
	const slowRule = "game g(S) moves g(S - {max([x for x in S])}) if len(S) > 1 | g(S - {min([x for x in S])}) if len(S) > 2\n"
	for _, s := range sets {
		fast := fastRule + "print min(" + s + "), max(" + s + "), [moves(p) for p in moves(g(" + s + "))], sg(g(" + s + "))\n"
		slow := slowRule + "print min([x for x in " + s + "]), max([x for x in " + s + "]), [moves(p) for p in moves(g(" + s + "))], sg(g(" + s + "))\n"
		a := runOptWith(optCase{name: "t.game", src: fast}, 0)
		b := runOptWith(optCase{name: "t.game", src: slow}, passes.All) // (no pass rewrites the lists back)
		// (The errors name the call: the same message, another column.)
		if a.out != b.out || a.class != b.class || strings.Replace(errLine(a.err), "empty set", "empty list", 1) != errLine(b.err) || a.panic != "" {
			t.Errorf("%s: min and max of the set: %q %q %s; of its list: %q %q", s, a.out, a.err, a.panic, b.out, b.err)
		}
	}
}

// errLine is an error's message without its position and snippet.
func errLine(err string) string {
	first, _, _ := strings.Cut(err, "\n")
	if i := strings.LastIndex(first, ": "); i >= 0 {
		return first[i+2:]
	}
	return first
}
