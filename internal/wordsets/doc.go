// Package wordsets owns the move rules whose option is a set made by a
// set operator, bound to a name, tested and yielded (Sets.WordSet, for
// the SG search of positions whose arguments are not all ints):
//
//	def dead(X) = any([all([j in X for j in L]) for L in LINES])
//	game nota(X) moves nota(X | {i}) for i in 0 .. W * H - 1 if not (i in X) and not dead(X | {i})
//
// which the planner's shared pass makes a bind of X' = X | {i}, a filter
// not dead(X') and the yield nota(X') (bind.go). The bound set is built
// in a set scratch by package build's builders (X - {a, b}, X ^ {x}, X &
// M: the words of X with bits cleared, set or flipped), and where the
// scratch holds the ids of a universe (package value's Universe) it
// stays words from the bind to the tests to the key: tested on them
// (cond.go: a def called with it inlined; all and any of memberships of
// the ints of lists as masks, package masks' OfSet; E in X' and not in;
// comparisons of len(X') and arithmetic of it) and the position keyed
// from them (what package build's oneSet keys): no set is made per move.
// An option's set that the if clauses read again where no clause binds
// it (a def called with it, or one that makes it: def ok(X, i) = not
// dead(X | {i})) is bound so when it is sure to be made without an error
// or a step (shared.go).
//
// Exact: the words are used only where the scratch holds a universe's
// ids, by the same steps that build the set the move would make (any
// other set, a set of no element, a value that is not a set: the set is
// made from the scratch and the move runs as compiled without the
// words, failing where it did; a position whose set is not over a
// universe makes all its moves so); a part of a test that is not
// recognized runs as compiled, the set made first from the words (once
// a move: the set the move would have made); a def inlined is on the
// trace and counted as a nested call while its body runs, and counts
// the step of its call where the general way calls it; a fold counts the
// steps the general way counts.
package wordsets
