// Package bitlists owns the move rules whose option is a list of 0s and
// 1s bound to a name, tested and yielded (Binds.BitList, for the SG
// search of positions whose arguments are not all ints):
//
//	def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
//	game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
//
// which the planner's shared pass makes a bind of b' = update(b, i, 1),
// a filter not dead(b') and the yield nota(b') (bind.go). Where the bound
// list is one of up to 64 ints that are each 0 or 1, it is the bits of a
// word (bit i: element i): built from the bits of the list updated (kept
// per list) with a bit set or cleared an update (build.go; any other
// list the builders of package build build in a scratch, then read as
// bits), tested on them (cond.go: a def called with it inlined, all and
// any of index tests or of counts of a line's bits as masks, package
// masks' OfBits; comparisons of c[E], len(c), sum(c) and arithmetic of
// them), and the position keyed from them: no list is made per move. A
// rule whose option is a position of an update chain, ring(update(
// update(b, i, 0), (i + 1) % len(b), 0)), is keyed from the bits too.
//
// A string of up to 64 characters, each one of the two first characters
// of the alphabet of the strings of the option's game (bit i: 1 where
// character i is the second), is bits the same way (strs.go): updated by
// update(s, i, "X") and by s[:i] + "X" + s[i + 1:] (a string's, i one of
// its indexes; a splice of several places, splices.go, as its chain), swept (if s[j] == "H" then "T" else "H"), tested
// (s[i] == "X", masks of lines) and keyed from the bits, byte for byte
// the key value's AppendStrKeyIn makes: Turning Turtles and Notakto
// written with strings run as they do with lists.
//
// A list of 1 to 64 bools (bit i: 1 where element i is true) is bits the
// same way (bools.go): updated by update(b, i, false) and splices of
// [true, false], swept (not b[j], if b[j] then false else true, tests b[j]
// and not b[j]), tested (b[i] as a condition, b[i] == true, masks of
// lines of bare tests: any([b[x] and b[y] and b[z] for (x, y, z) in
// LINES])) and keyed from the bits, byte for byte the key value's
// AppendArgKey makes (TagBoolList): Dawson's Kayles, Turning Turtles and
// Notakto written with bools run as they do with 0s and 1s.
//
// Exact: the bits are made only where the list the move would make is
// such a list, by the same steps (an index, an element that is not what
// the bits hold, a list that is not all 0s and 1s: the move is made as
// compiled without them, and fails where it did; a position whose list
// is not such a list makes all its moves so); a part of a test that is
// not recognized runs as compiled, the list made first from the bits
// (once a move: the list the move would have made); a def inlined is on
// the trace and counted as a nested call while its body runs, and counts
// the step of its call where the general way calls it; a fold counts the
// steps the general way counts.
package bitlists
