// Package build owns the builders of a position's composite arguments
// for the SG search: the list, tuple and set arguments of a position
// recognized as plain data (CompositePlan: each argument's BuildPlan, a
// literal, a range or general comprehension, a slice, concatenation, sort
// or update of a list, a set literal or comprehension, set operations as
// words; buildplan.go) and compiled to closures that build them in
// scratch buffers and pack them into its key (Composite: scratch.go, sets
// as bitmaps in bitset.go; a string's character or characters replaced,
// b[:i] + "X" + b[i + 1:], written in its copy: splice.go); X in S as a
// bit of a set's bitmap (InSetPlan, InSet); X[I] == "c" and X[A:B] ==
// "lit" on a string's bytes (StrTest, package strtest). Their closures fall back operation by operation (an element
// not an int, a set without its bitmap: the operator or built-in
// itself), so they take no general closure; --explain describes the
// arguments built from the plan.
//
// A set of any elements is a bitset over the universe of its game
// argument (package value's universe.go), and a set filter
// {x for x in S if C} is S's bitset and a mask kept per value of the
// other names C reads (filters, filter.go: the bitsets pass); a list
// filter [x for x in L if C] as an argument of its game's own position
// is the same on the ids of L's elements over that argument's universe,
// which keys its lists (listfilter.go, package idlist). A list
// comprehension that copies a list but for a few elements is a copy with
// those elements computed (edits.go), and the last for clause of a move
// rule whose option's list changes with its variable in a few elements
// looks up each option by rewriting the bytes of the key before (walks,
// walk.go).
//
// Package fastpath embeds the builders in the compiler's fast paths
// (compile.Fast).
package build
