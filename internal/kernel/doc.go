// Package kernel owns the tight loops that run a recognized move rule:
// the walks over a game's memo pages for a range or a list of values of
// the loop variable (loops.go), the mex accumulator they fill, the
// splits of a heap into two, the counts and folds of outcomes and SG
// values over a stretch of positions (fold.go), and the int helpers they
// share (arith.go, lookup.go). It uses no node of the syntax tree (only the operator enum lang.Op): the
// compiler (package eval) recognizes a rule's shape and hands a kernel
// the slots, strides and tables it reads; each kernel agrees with the
// general closure for the same rule, which is its fallback (a position
// not known yet, a value out of range).
package kernel
