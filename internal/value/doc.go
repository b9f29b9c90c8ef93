// Package value owns grundy's values. Value is a small struct passed by
// value: ints are int64 (with overflow checks: package operator); strings,
// containers, game positions, sums, infinite SG values and functions live
// behind its Ref. Compare gives a total order used by sets and maps
// (OrderCompare is that of <); Format is what print shows (ValueWriter
// writes without recursion, under the limits of a Run: package engine's
// Thread); AppendKey is a value's canonical byte encoding, and the
// argument keys (argkey.go) the compact one a game's memo interns. Sets of
// small ints and of cells have bitmaps (bitset.go; a set of cells is read
// and made as rows of bits: cells.go), and so does a set of
// any elements over the Universe of its game argument (universe.go:
// dense ids, keys of words); a move's lists and
// sets are built in place in scratches (scratch.go, Pools), and small
// lists and sums made with their elements in one allocation (boxes.go). The runtime
// errors a run raises (RuntimeError, Errorf, Fail; errors.go) are here,
// in the lowest package that raises them.
//
// A position refers to its game through GameRef (package engine's *Game):
// a compact position is the game and its packed key, no arguments.
package value
