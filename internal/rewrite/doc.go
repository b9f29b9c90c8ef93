// Package rewrite owns the rewrites of the syntax tree that bring
// equivalent spellings to the shapes the compiler's fast paths recognize,
// each exact (the same values, errors and positions), each a function over
// the tree in a file of its own: Normalize (normalize.go: alias and
// partner bindings written in place, conjunctions of if clauses split),
// the wrappers of positions seen through (wrappers.go: WrapperCall,
// ComputedWrapper, SubstCall), guards written as helper defs expanded
// (guards.go: ExpandGuard), and a game whose parameter is a tuple of ints
// written as a hidden game of int parameters (tuples.go: TupleParam,
// FlatDecl).
//
// A rewrite reads what names mean from the resolved tree (package
// resolve: a def's body is written in place only at a call where its
// names mean the same), keeps each name's declaration in what it copies
// and gives the names it makes new declarations; it compiles nothing.
// Package compile and its fast paths call them.
package rewrite
